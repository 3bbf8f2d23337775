/* SPDX-License-Identifier: GPL-2.0 */
/*
 * howto_rules.h - an independent reading of the DMA mask rules, for the
 * fuzz target: the oracle kds_dma_set_mask() and friends are checked
 * against. It shares no code with dma/dma_mask.c and calls no kds_dma_*
 * function; it restates, in the plainest way, the rules of the
 * DMA-API-HOWTO change of Linux 5.1 and the acceptance rule of Linux 5.1
 * and 5.6+ as dma/README.md describes them:
 *
 *   - a streaming mask needs the device's mask pointer (-EIO without it);
 *   - a device with bus ops lets the ops decide (no method: accepted);
 *   - behind an IOMMU every mask is accepted;
 *   - 5.6+ accepts every mask of 32 bits or more (numerically at least
 *     0xffffffff);
 *   - otherwise the mask, read as a number, must reach the bus address of
 *     the lowest memory the kernel may hand the device: the lowest of the
 *     candidate limits below, each translated from physical to bus;
 *   - the combined setter stores both masks or neither;
 *   - the required mask is the smallest all-ones mask covering RAM's top
 *     (bus address), or 32 bits when the mapping is not direct.
 *
 * Everything is computed by enumeration rather than arithmetic shortcuts:
 * masks are built bit by bit, the floor is the minimum over a list of
 * candidate limits, the required mask the first width that covers.
 * Userspace only (the fuzz target); a test includes it once.
 */
#ifndef KDS_DMA_HOWTO_RULES_H
#define KDS_DMA_HOWTO_RULES_H

#include "kds_port.h"
#include "kds/dma.h"

/* The all-ones mask of the low @n bits (0..64), one bit at a time. */
static inline u64 howto_bits(unsigned int n)
{
	u64 m = 0;
	unsigned int b;

	for (b = 0; b < n && b < 64; b++)
		m |= (u64)1 << b;
	return m;
}

/* A physical address as the device sees it: phys - offset, modulo 2^64. */
static inline u64 howto_bus(const struct kds_dma_platform *p, u64 phys)
{
	return phys - p->dma_offset;
}

/*
 * Whether the platform description is one kds accepts: a known rule, a
 * zone of at most 64 bits, at most KDS_DMA_MAX_BOUNCE non-empty bounce
 * pools that do not wrap past 2^64 and whose largest mapping fits.
 */
static inline bool howto_platform_valid(const struct kds_dma_platform *p)
{
	unsigned int i;

	if (p->rule != KDS_DMA_RULE_5_1 && p->rule != KDS_DMA_RULE_5_6)
		return false;
	if (p->zone_dma_bits > 64 || p->nr_bounce > KDS_DMA_MAX_BOUNCE)
		return false;
	for (i = 0; i < p->nr_bounce; i++) {
		const struct kds_dma_bounce *b = &p->bounce[i];

		if (b->size == 0 || b->max_mapping > b->size)
			return false;
		/* The last byte, base + size - 1, must not pass 2^64 - 1. */
		if (b->size - 1 > U64_MAX - b->base)
			return false;
	}
	return true;
}

/*
 * The lowest memory the kernel may give the device for a mask below the
 * generation's shortcut, as a bus address: the minimum, over every limit
 * that applies, of its physical value, then translated. The limits: the
 * DMA zone when the platform has one; without one, 32 bits under 5.1 and
 * nothing under 5.6+; and always the top of RAM.
 */
static inline u64 howto_floor(const struct kds_dma_platform *p)
{
	u64 cand[3];
	unsigned int n = 0, i;
	u64 low;

	if (p->zone_dma_bits)
		cand[n++] = howto_bits(p->zone_dma_bits);
	else if (p->rule == KDS_DMA_RULE_5_1)
		cand[n++] = howto_bits(32);
	cand[n++] = p->ram_top;
	low = cand[0];
	for (i = 1; i < n; i++)
		if (cand[i] < low)
			low = cand[i];
	return howto_bus(p, low);
}

/* May @dev take @mask as its streaming (@coherent false) or coherent mask? */
static inline bool howto_accepts(const struct kds_dma_dev *dev, u64 mask, bool coherent)
{
	const struct kds_dma_platform *p = dev->platform;

	if (!coherent && !dev->dma_mask)
		return false;
	if (dev->ops)
		return !dev->ops->supported || dev->ops->supported(dev, mask, coherent);
	if (p->iommu)
		return true;
	if (p->rule == KDS_DMA_RULE_5_6 && mask >= howto_bits(32))
		return true;
	return mask >= howto_floor(p);
}

/* dma_supported(): usable for coherent memory and, pointer aside, streaming. */
static inline bool howto_supported(const struct kds_dma_dev *dev, u64 mask)
{
	if (dev->ops)
		return !dev->ops->supported ||
		       (dev->ops->supported(dev, mask, true) &&
			dev->ops->supported(dev, mask, false));
	return howto_accepts(dev, mask, true);
}

/* What each setter must return. */
static inline int howto_set_mask(const struct kds_dma_dev *dev, u64 mask)
{
	return howto_accepts(dev, mask, false) ? 0 : -EIO;
}

static inline int howto_set_coherent_mask(const struct kds_dma_dev *dev, u64 mask)
{
	return howto_accepts(dev, mask, true) ? 0 : -EIO;
}

static inline int howto_set_mask_and_coherent(const struct kds_dma_dev *dev, u64 mask)
{
	return howto_accepts(dev, mask, false) && howto_accepts(dev, mask, true) ? 0 : -EIO;
}

/*
 * dma_get_required_mask(): 32 bits when the mapping is not direct (bus ops
 * or an IOMMU); else the first width whose all-ones mask covers the bus
 * address of RAM's top.
 */
static inline u64 howto_required_mask(const struct kds_dma_dev *dev)
{
	const struct kds_dma_platform *p = dev->platform;
	u64 top = howto_bus(p, p->ram_top);
	unsigned int n;

	if (dev->ops || p->iommu)
		return howto_bits(32);
	for (n = 0; n < 64; n++)
		if (howto_bits(n) >= top)
			return howto_bits(n);
	return howto_bits(64);
}

#endif /* KDS_DMA_HOWTO_RULES_H */
