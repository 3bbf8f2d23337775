// SPDX-License-Identifier: GPL-2.0
/*
 * dma_mask.c - DMA capability masks over a described platform.
 *
 * Every decision goes through kds_dma_judge(), which answers one question:
 * may this device use this mask, and why (or why not). The setters, the
 * negotiation report and the probe helper are thin layers over it, so the
 * answer and its explanation can never disagree.
 */
#include "kds_port.h"
#include "kds/dma.h"

#define KDS_DMA_MASK_32		KDS_DMA_BIT_MASK(32)

int kds_dma_platform_check(const struct kds_dma_platform *p)
{
	unsigned int i;

	if (!p)
		return -EINVAL;
	if (p->rule != KDS_DMA_RULE_5_1 && p->rule != KDS_DMA_RULE_5_6)
		return -EINVAL;
	if (p->zone_dma_bits > 64 || p->nr_bounce > KDS_DMA_MAX_BOUNCE)
		return -EINVAL;
	for (i = 0; i < p->nr_bounce; i++) {
		const struct kds_dma_bounce *b = &p->bounce[i];
		u64 last;

		if (!b->size || check_add_overflow(b->base, b->size - 1, &last))
			return -EINVAL;
		if (b->max_mapping > b->size)
			return -EINVAL;
	}
	return 0;
}

/* A device is usable when it and its platform are. */
static bool kds_dma_dev_ok(const struct kds_dma_dev *dev)
{
	return dev && kds_dma_platform_check(dev->platform) == 0;
}

void kds_dma_dev_init(struct kds_dma_dev *dev, const char *name,
		      const struct kds_dma_platform *platform, u64 *mask_storage)
{
	if (!dev)
		return;
	dev->name = name;
	dev->dma_mask = mask_storage;
	if (mask_storage)
		*mask_storage = KDS_DMA_MASK_32;
	dev->coherent_dma_mask = KDS_DMA_MASK_32;
	dev->bus_dma_limit = 0;
	dev->platform = platform;
	dev->ops = NULL;
}

u64 kds_dma_floor(const struct kds_dma_platform *p, enum kds_dma_why *why)
{
	enum kds_dma_why from;
	u64 lowest;

	if (!p) {
		if (why)
			*why = KDS_DMA_WHY_INVALID;
		return U64_MAX;
	}
	/*
	 * The zone limit the rule starts from: the ZONE_DMA width when there
	 * is one. Without one, 5.1 falls back to 32 bits, while 5.6+ has no
	 * zone limit at all and only RAM's top counts.
	 */
	if (p->zone_dma_bits) {
		lowest = KDS_DMA_BIT_MASK(p->zone_dma_bits);
		from = KDS_DMA_WHY_ZONE_LIMIT;
	} else if (p->rule == KDS_DMA_RULE_5_1) {
		lowest = KDS_DMA_MASK_32;
		from = KDS_DMA_WHY_DEFAULT_32;
	} else {
		lowest = U64_MAX;
		from = KDS_DMA_WHY_RAM_TOP;
	}
	if (p->ram_top < lowest) {
		lowest = p->ram_top;
		from = KDS_DMA_WHY_RAM_TOP;
	}
	if (why)
		*why = from;
	return kds_dma_phys_to_bus(p, lowest);
}

/*
 * kds_dma_judge - may @dev use @mask? @coherent says which of its masks it
 * would be; only the streaming one needs the mask pointer. The device must
 * have been checked with kds_dma_dev_ok().
 */
static bool kds_dma_judge(const struct kds_dma_dev *dev, u64 mask, bool coherent,
			  enum kds_dma_why *why)
{
	const struct kds_dma_platform *p = dev->platform;
	enum kds_dma_why from;
	u64 floor;

	if (!coherent && !dev->dma_mask) {
		*why = KDS_DMA_WHY_NO_MASK_PTR;
		return false;
	}
	if (dev->ops) {
		*why = KDS_DMA_WHY_BUS_OPS;
		return !dev->ops->supported || dev->ops->supported(dev, mask, coherent);
	}
	if (p->iommu) {
		*why = KDS_DMA_WHY_IOMMU;
		return true;
	}
	if (p->rule == KDS_DMA_RULE_5_6 && mask >= KDS_DMA_MASK_32) {
		*why = KDS_DMA_WHY_32BIT_RULE;
		return true;
	}
	floor = kds_dma_floor(p, &from);
	*why = from;
	return mask >= floor;
}

bool kds_dma_supported(const struct kds_dma_dev *dev, u64 mask)
{
	enum kds_dma_why why;

	if (!kds_dma_dev_ok(dev))
		return false;
	/*
	 * Usable for coherent memory and, leaving the mask pointer aside, for
	 * streaming mappings: the two only differ for bus ops.
	 */
	if (!kds_dma_judge(dev, mask, true, &why))
		return false;
	return !dev->ops || !dev->ops->supported ||
	       dev->ops->supported(dev, mask, false);
}

/* Set the streaming or the coherent mask where the platform allows it. */
static int kds_dma_set(struct kds_dma_dev *dev, u64 mask, bool coherent)
{
	enum kds_dma_why why;

	if (!kds_dma_dev_ok(dev))
		return -EINVAL;
	if (!kds_dma_judge(dev, mask, coherent, &why))
		return -EIO;
	if (coherent)
		dev->coherent_dma_mask = mask;
	else
		*dev->dma_mask = mask;
	return 0;
}

int kds_dma_set_mask(struct kds_dma_dev *dev, u64 mask)
{
	return kds_dma_set(dev, mask, false);
}

int kds_dma_set_coherent_mask(struct kds_dma_dev *dev, u64 mask)
{
	return kds_dma_set(dev, mask, true);
}

int kds_dma_set_mask_and_coherent(struct kds_dma_dev *dev, u64 mask)
{
	enum kds_dma_why why;

	if (!kds_dma_dev_ok(dev))
		return -EINVAL;
	/* Decide both before storing either: all or nothing. */
	if (!kds_dma_judge(dev, mask, false, &why) ||
	    !kds_dma_judge(dev, mask, true, &why))
		return -EIO;
	*dev->dma_mask = mask;
	dev->coherent_dma_mask = mask;
	return 0;
}

int kds_dma_coerce_mask_and_coherent(struct kds_dma_dev *dev, u64 mask)
{
	if (!dev)
		return -EINVAL;
	dev->dma_mask = &dev->coherent_dma_mask;
	return kds_dma_set_mask_and_coherent(dev, mask);
}

u64 kds_dma_get_mask(const struct kds_dma_dev *dev)
{
	if (dev && dev->dma_mask && *dev->dma_mask)
		return *dev->dma_mask;
	return KDS_DMA_MASK_32;
}

u64 kds_dma_get_required_mask(const struct kds_dma_dev *dev)
{
	const struct kds_dma_platform *p;

	if (!kds_dma_dev_ok(dev))
		return 0;
	p = dev->platform;
	/* Remapped DMA: the kernel's default for anything but the direct map. */
	if (dev->ops || p->iommu)
		return KDS_DMA_MASK_32;
	return KDS_DMA_BIT_MASK(fls64(kds_dma_phys_to_bus(p, p->ram_top)));
}

/* The highest bus address streaming DMA of @dev reaches directly. */
static u64 kds_dma_reach(const struct kds_dma_dev *dev, u64 mask)
{
	return min_not_zero(mask, dev->bus_dma_limit);
}

bool kds_dma_addressing_limited(const struct kds_dma_dev *dev)
{
	if (!kds_dma_dev_ok(dev))
		return false;
	return kds_dma_reach(dev, kds_dma_get_mask(dev)) <
		kds_dma_get_required_mask(dev);
}

/*
 * Does the bus range [start, start + size) lie at or below @limit? A range
 * that would pass 2^64 never does. @size is not 0.
 */
static bool kds_dma_in_reach(dma_addr_t start, u64 size, u64 limit, bool *wraps)
{
	u64 last;

	*wraps = check_add_overflow(start, size - 1, &last);
	return !*wraps && last <= limit;
}

/*
 * Behind an IOMMU the buffer's pages are mapped into IOVA space
 * [PAGE_SIZE, limit]: the span of whole pages must fit there.
 */
static bool kds_dma_iommu_fits(phys_addr_t addr, u64 size, u64 limit)
{
	u64 span, pages;

	if (check_add_overflow(size, (u64)(addr & ~PAGE_MASK), &span))
		return false;
	pages = span / PAGE_SIZE + (span % PAGE_SIZE != 0);
	if (limit < PAGE_SIZE)
		return false;
	/* Pages available: limit / PAGE_SIZE (page 0 is reserved). */
	return pages <= limit / PAGE_SIZE;
}

/* Pick the first bounce buffer able to take the transfer. */
static int kds_dma_pick_bounce(const struct kds_dma_platform *p, u64 size,
			       u64 limit, enum kds_dma_route_why *why)
{
	bool big_enough = false;
	unsigned int i;

	if (!p->nr_bounce) {
		*why = KDS_DMA_ROUTE_NO_BOUNCE;
		return -1;
	}
	for (i = 0; i < p->nr_bounce; i++) {
		const struct kds_dma_bounce *b = &p->bounce[i];
		u64 most = b->max_mapping ? b->max_mapping : b->size;
		bool wraps;

		if (size > most)
			continue;
		big_enough = true;
		if (kds_dma_in_reach(kds_dma_phys_to_bus(p, b->base), b->size,
				     limit, &wraps))
			return (int)i;
	}
	*why = big_enough ? KDS_DMA_ROUTE_BOUNCE_OUT_OF_REACH :
			    KDS_DMA_ROUTE_BOUNCE_TOO_SMALL;
	return -1;
}

int kds_dma_check_transfer(const struct kds_dma_dev *dev, phys_addr_t addr,
			   u64 size, struct kds_dma_route *route)
{
	const struct kds_dma_platform *p;
	struct kds_dma_route r = { .bounce = -1 };
	phys_addr_t last;
	bool wraps;

	if (!kds_dma_dev_ok(dev) || !size ||
	    check_add_overflow(addr, size - 1, &last))
		return -EINVAL;
	p = dev->platform;
	r.bus_start = kds_dma_phys_to_bus(p, addr);

	if (!dev->dma_mask) {
		r.path = KDS_DMA_IMPOSSIBLE;
		r.why = KDS_DMA_ROUTE_NO_MASK_PTR;
		goto out;
	}
	r.limit = kds_dma_reach(dev, *dev->dma_mask);

	if (p->iommu) {
		bool fits = kds_dma_iommu_fits(addr, size, r.limit);

		r.path = fits ? KDS_DMA_DIRECT : KDS_DMA_IMPOSSIBLE;
		r.why = fits ? KDS_DMA_ROUTE_IOMMU : KDS_DMA_ROUTE_IOMMU_WINDOW;
		goto out;
	}
	if (kds_dma_in_reach(r.bus_start, size, r.limit, &wraps)) {
		r.path = KDS_DMA_DIRECT;
		r.why = KDS_DMA_ROUTE_IN_REACH;
		goto out;
	}
	r.why = wraps ? KDS_DMA_ROUTE_BUS_WRAP : KDS_DMA_ROUTE_OUT_OF_REACH;
	r.bounce = kds_dma_pick_bounce(p, size, r.limit, &r.why);
	r.path = r.bounce >= 0 ? KDS_DMA_BOUNCE : KDS_DMA_IMPOSSIBLE;
out:
	if (route)
		*route = r;
	return r.path;
}

int kds_dma_negotiate(const struct kds_dma_dev *dev, u64 streaming, u64 coherent,
		      struct kds_dma_negotiation *out)
{
	struct kds_dma_negotiation n = {
		.streaming_asked = streaming,
		.coherent_asked = coherent,
	};

	if (!kds_dma_dev_ok(dev) || !out)
		return -EINVAL;

	n.floor = kds_dma_floor(dev->platform, &n.floor_why);
	n.streaming_err = kds_dma_judge(dev, streaming, false, &n.streaming_why) ?
			  0 : -EIO;
	n.coherent_err = kds_dma_judge(dev, coherent, true, &n.coherent_why) ?
			 0 : -EIO;

	if (dev->dma_mask)
		n.streaming_mask = n.streaming_err ? *dev->dma_mask : streaming;
	n.coherent_mask = n.coherent_err ? dev->coherent_dma_mask : coherent;

	n.reach = dev->dma_mask ? kds_dma_reach(dev, n.streaming_mask) : 0;
	n.required_mask = kds_dma_get_required_mask(dev);
	n.limited = dev->dma_mask && n.reach < n.required_mask;
	*out = n;
	return 0;
}

const char *kds_dma_rule_name(enum kds_dma_rule rule)
{
	switch (rule) {
	case KDS_DMA_RULE_5_1:
		return "Linux 5.1";
	case KDS_DMA_RULE_5_6:
		return "Linux 5.6+";
	}
	return "unknown rule";
}

const char *kds_dma_why_text(enum kds_dma_why why)
{
	switch (why) {
	case KDS_DMA_WHY_INVALID:
		return "invalid device or platform";
	case KDS_DMA_WHY_NO_MASK_PTR:
		return "the device has no streaming mask";
	case KDS_DMA_WHY_BUS_OPS:
		return "the bus decides";
	case KDS_DMA_WHY_IOMMU:
		return "an IOMMU remaps every mask";
	case KDS_DMA_WHY_32BIT_RULE:
		return "32 bits or more always work";
	case KDS_DMA_WHY_ZONE_LIMIT:
		return "the DMA zone limit";
	case KDS_DMA_WHY_DEFAULT_32:
		return "the 32-bit limit without ZONE_DMA";
	case KDS_DMA_WHY_RAM_TOP:
		return "the top of RAM";
	}
	return "unknown reason";
}

/* "64-bit" for an all-ones mask, else the mask in hex. */
static int kds_dma_fmt_mask(char *buf, size_t size, u64 mask)
{
	int w = kds_dma_mask_width(mask);

	if (w >= 0)
		return scnprintf(buf, size, "%d-bit", w);
	return scnprintf(buf, size, "mask %#llx", (unsigned long long)mask);
}

/* One verdict: "streaming 64-bit ok (32 bits or more always work)". */
static int kds_dma_fmt_verdict(char *buf, size_t size, const char *what,
			       u64 asked, int err, enum kds_dma_why why,
			       u64 floor)
{
	char m[40];
	bool compared = why == KDS_DMA_WHY_ZONE_LIMIT ||
			why == KDS_DMA_WHY_DEFAULT_32 || why == KDS_DMA_WHY_RAM_TOP;

	kds_dma_fmt_mask(m, sizeof(m), asked);
	if (!compared)
		return scnprintf(buf, size, "%s %s %s (%s)", what, m,
				 err ? "refused" : "ok", kds_dma_why_text(why));
	return scnprintf(buf, size, "%s %s %s (%s %#llx, %s)", what, m,
			 err ? "refused" : "ok", err ? "below" : "reaches",
			 (unsigned long long)floor, kds_dma_why_text(why));
}

int kds_dma_explain(const struct kds_dma_dev *dev,
		    const struct kds_dma_negotiation *n, char *buf, size_t size)
{
	const struct kds_dma_platform *p;
	int len;

	if (!dev || !dev->platform || !n || !buf)
		return -EINVAL;
	if (!size)
		return 0;
	p = dev->platform;
	len = scnprintf(buf, size, "%s on %s (%s): ",
			dev->name ? dev->name : "device",
			p->name ? p->name : "platform", kds_dma_rule_name(p->rule));
	len += kds_dma_fmt_verdict(buf + len, size - len, "streaming",
				   n->streaming_asked, n->streaming_err,
				   n->streaming_why, n->floor);
	len += scnprintf(buf + len, size - len, "; ");
	len += kds_dma_fmt_verdict(buf + len, size - len, "coherent",
				   n->coherent_asked, n->coherent_err,
				   n->coherent_why, n->floor);
	if (n->streaming_why == KDS_DMA_WHY_NO_MASK_PTR)
		len += scnprintf(buf + len, size - len, "; no streaming DMA");
	else
		len += scnprintf(buf + len, size - len,
				 "; reaches %#llx, RAM needs %#llx%s",
				 (unsigned long long)n->reach,
				 (unsigned long long)n->required_mask,
				 n->limited ? ": higher RAM bounces" : "");
	return len;
}

/* Write the probe failure warning into @warn and the log. */
static void kds_dma_probe_warn(const struct kds_dma_dev *dev, char *warn,
			       size_t warn_size)
{
	const char *name = dev && dev->name ? dev->name : "device";

	if (warn && warn_size)
		scnprintf(warn, warn_size,
			  "%s: no suitable DMA addressing available, not using DMA",
			  name);
	pr_warn("%s: no suitable DMA addressing available, not using DMA\n", name);
}

int kds_dma_probe(struct kds_dma_dev *dev, enum kds_dma_probe_pattern pattern,
		  char *warn, size_t warn_size)
{
	u64 old;
	int err;

	if (warn && warn_size)
		warn[0] = '\0';

	switch (pattern) {
	case KDS_DMA_PROBE_64:
		err = kds_dma_set_mask_and_coherent(dev, KDS_DMA_BIT_MASK(64));
		break;
	case KDS_DMA_PROBE_64_STREAM_32_COHERENT:
		if (!kds_dma_dev_ok(dev)) {
			err = -EINVAL;
			break;
		}
		old = dev->dma_mask ? *dev->dma_mask : 0;
		err = kds_dma_set_mask(dev, KDS_DMA_BIT_MASK(64));
		if (err)
			break;
		/* Put the streaming mask back if the coherent one is refused. */
		err = kds_dma_set_coherent_mask(dev, KDS_DMA_BIT_MASK(32));
		if (err)
			*dev->dma_mask = old;
		break;
	default:
		err = -EINVAL;
		break;
	}
	if (err)
		kds_dma_probe_warn(dev, warn, warn_size);
	return err;
}
