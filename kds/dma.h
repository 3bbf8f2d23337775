/* SPDX-License-Identifier: GPL-2.0 */
/**
 * DOC: kds DMA capability masks
 *
 * A model of DMA capability masks: what a device says it can address,
 * what a platform lets it use, and how a transfer reaches memory.
 *
 * A driver sets a mask describing only its device's addressing capability.
 * The platform applies its own limits: the DMA zone, the top of RAM, the
 * offset between physical and bus addresses, an IOMMU, bounce buffers, and
 * the bus's own limit. kds models two generations of the kernel's rule for
 * accepting a mask (Linux 5.1 and Linux 5.6 and later) over a platform
 * description that is plain data, so it can be filled from a running
 * kernel's facts and checked against the kernel's own answer.
 *
 * Negotiating as the DMA-API-HOWTO's probe does, on a platform with
 * 4 GiB of RAM and a 24-bit DMA zone::
 *
 *	#include <kds/dma.h>
 *
 *	struct kds_dma_platform plat = {
 *		.name = "pc", .rule = KDS_DMA_RULE_5_6,
 *		.zone_dma_bits = 24, .ram_top = 0xffffffffULL,
 *	};
 *	struct kds_dma_dev dev;
 *	kds_u64 mask;
 *
 *	kds_dma_dev_init(&dev, "nic0", &plat, &mask);
 *	if (kds_dma_set_mask_and_coherent(&dev, KDS_DMA_BIT_MASK(64)) &&
 *	    kds_dma_set_mask_and_coherent(&dev, KDS_DMA_BIT_MASK(32)))
 *		return -EIO;	// no usable DMA on this platform
 *
 * Every name carries the kds_ prefix, in the kernel and in userspace. In
 * userspace, the kernel's names (DMA_BIT_MASK, dma_set_mask, ...) come
 * with the opt-in compat folder: #include <linux/dma-mapping.h> with
 * -I<kds>/compat (README.md, "Kernel names").
 */
#ifndef KDS_DMA_H
#define KDS_DMA_H

#include "kds/types.h"

__KDS_BEGIN_DECLS

/**
 * KDS_DMA_BIT_MASK() - the all-ones mask of the low @n bits.
 * @n: number of address bits; an integer expression without side effects
 *     (it is evaluated up to three times).
 *
 * Never shifts by 64 or more: KDS_DMA_BIT_MASK(64) is all ones and
 * KDS_DMA_BIT_MASK(0) is 0 (no address bit at all: only bus address 0 is
 * covered). Widths below 0 give 0, widths above 64 give all ones. A constant
 * @n gives a constant expression.
 *
 * Context: any.
 * Return: the mask, as kds_u64.
 */
#define KDS_DMA_BIT_MASK(n)						\
	((kds_u64)((n) <= 0 ? 0ULL :					\
	       (n) >= 64 ? ~0ULL : (~0ULL >> (64 - (n)))))

/**
 * kds_dma_mask_width() - the width of an all-ones mask.
 * @mask: a mask.
 *
 * Context: any.
 * Return: n such that KDS_DMA_BIT_MASK(n) == @mask, or -1 when @mask is not
 * of that form (it has a zero bit below its highest set bit).
 */
static inline int kds_dma_mask_width(kds_u64 mask)
{
	int n = __kds_fls64(mask);

	return KDS_DMA_BIT_MASK(n) == mask ? n : -1;
}

/**
 * enum kds_dma_rule - which kernel generation's rule accepts masks.
 * @KDS_DMA_RULE_5_1: Linux 5.1: a mask must reach the lower of the DMA-zone
 *	limit (24 bits on x86 with ZONE_DMA, the platform's zone width
 *	elsewhere, 32 bits without ZONE_DMA) and the top of RAM, translated to
 *	a bus address.
 * @KDS_DMA_RULE_5_6: Linux 5.6 and later: a mask of 32 bits or more is
 *	always accepted; a smaller one must reach the lower of the DMA-zone
 *	limit (when there is a ZONE_DMA) and the top of RAM, translated to a
 *	bus address.
 *
 * With an IOMMU both generations accept every mask.
 */
enum kds_dma_rule {
	KDS_DMA_RULE_5_1,
	KDS_DMA_RULE_5_6,
};

/** KDS_DMA_MAX_BOUNCE - the most bounce buffers a platform describes. */
#define KDS_DMA_MAX_BOUNCE 4

/**
 * struct kds_dma_bounce - one bounce buffer (a swiotlb pool).
 * @name: label used in reports (may be NULL).
 * @base: physical address of its first byte.
 * @size: its size in bytes; not 0, and @base + @size - 1 must not wrap.
 * @max_mapping: the largest single transfer it takes (the kernel's
 *	swiotlb_max_mapping_size()); 0 means @size.
 *
 * A transfer bounces through the buffer only when all of the buffer lies
 * below the device's limit (a conservative reading: the kernel picks a
 * slot and fails the mapping if that slot is out of reach).
 */
struct kds_dma_bounce {
	const char *name;
	kds_phys_addr_t base;
	kds_u64 size;
	kds_u64 max_mapping;
};

/**
 * struct kds_dma_platform - what a platform lets devices address.
 * @name: label used in reports (may be NULL).
 * @rule: the kernel generation whose acceptance rule applies.
 * @zone_dma_bits: width of ZONE_DMA (24 on x86, 30 on the Raspberry Pi 4
 *	and similar arm64 boards), or 0 when the platform has no ZONE_DMA.
 *	At most 64.
 * @ram_top: the highest physical address a mask must reach to cover RAM.
 *	The kernel uses the start of the last page frame,
 *	PFN_PHYS(max_pfn - 1); fill it the same way.
 * @dma_offset: physical address minus bus address, as the kernel's
 *	bus_dma_region.offset: bus = phys - @dma_offset, computed modulo 2^64
 *	exactly as the kernel does (a bus window above the CPU's view has a
 *	"negative" offset, e.g. (kds_u64)-0xc0000000).
 * @iommu: devices sit behind an IOMMU: every mask is accepted and
 *	transfers are remapped into the device's window.
 * @nr_bounce: number of valid entries in @bounce (0: no bounce buffer).
 * @bounce: the bounce buffers, tried in order.
 *
 * Plain data: no pointers the model follows except the optional names.
 * Validate with kds_dma_platform_check().
 */
struct kds_dma_platform {
	const char *name;
	enum kds_dma_rule rule;
	unsigned int zone_dma_bits;
	kds_phys_addr_t ram_top;
	kds_u64 dma_offset;
	bool iommu;
	unsigned int nr_bounce;
	struct kds_dma_bounce bounce[KDS_DMA_MAX_BOUNCE];
};

struct kds_dma_dev;

/**
 * struct kds_dma_ops - a bus's own mask check (the kernel's dma_map_ops).
 * @supported: decides whether @mask is usable on @dev; @coherent tells
 *	whether the mask is the coherent one (a kds extension: the kernel's
 *	callback is not told, kds lets a bus model coherent memory that is
 *	more restricted than streaming mappings). NULL accepts every mask,
 *	as the kernel does for ops without a dma_supported method.
 *
 * When a device has ops they replace the platform's rule and the IOMMU.
 */
struct kds_dma_ops {
	bool (*supported)(const struct kds_dma_dev *dev, kds_u64 mask, bool coherent);
};

/**
 * struct kds_dma_dev - the DMA view of one device.
 * @name: label used in messages (may be NULL: "device").
 * @dma_mask: points at the streaming mask; NULL when the device cannot do
 *	streaming DMA (dma_set_mask() then fails with -EIO).
 * @coherent_dma_mask: the mask for coherent allocations.
 * @bus_dma_limit: a limit the bus imposes on top of the mask (0: none). It
 *	never makes setting a mask fail; it only clamps what a transfer can
 *	reach directly.
 * @platform: the platform the device sits on.
 * @ops: the bus's own mask check, or NULL for the platform's rule.
 */
struct kds_dma_dev {
	const char *name;
	kds_u64 *dma_mask;
	kds_u64 coherent_dma_mask;
	kds_u64 bus_dma_limit;
	const struct kds_dma_platform *platform;
	const struct kds_dma_ops *ops;
};

/**
 * enum kds_dma_why - why a mask was accepted or refused.
 * @KDS_DMA_WHY_INVALID: the device or its platform description is invalid.
 * @KDS_DMA_WHY_NO_MASK_PTR: the device has no streaming mask pointer.
 * @KDS_DMA_WHY_BUS_OPS: the bus's own check decided.
 * @KDS_DMA_WHY_IOMMU: an IOMMU remaps, so every mask works.
 * @KDS_DMA_WHY_32BIT_RULE: Linux 5.6+ accepts every mask of 32 bits or more.
 * @KDS_DMA_WHY_ZONE_LIMIT: compared with the DMA-zone limit.
 * @KDS_DMA_WHY_DEFAULT_32: compared with the 32-bit limit Linux 5.1 uses
 *	when there is no ZONE_DMA.
 * @KDS_DMA_WHY_RAM_TOP: compared with the top of RAM (lower than any zone
 *	limit).
 */
enum kds_dma_why {
	KDS_DMA_WHY_INVALID,
	KDS_DMA_WHY_NO_MASK_PTR,
	KDS_DMA_WHY_BUS_OPS,
	KDS_DMA_WHY_IOMMU,
	KDS_DMA_WHY_32BIT_RULE,
	KDS_DMA_WHY_ZONE_LIMIT,
	KDS_DMA_WHY_DEFAULT_32,
	KDS_DMA_WHY_RAM_TOP,
};

/**
 * kds_dma_platform_check() - validate a platform description.
 * @p: the platform.
 *
 * Context: any.
 * Return: 0, or -EINVAL when @p is NULL, names an unknown rule, has a zone
 * wider than 64 bits, more than KDS_DMA_MAX_BOUNCE bounce buffers, or a
 * bounce buffer that is empty, wraps past the top of the physical address
 * space, or has @max_mapping larger than itself.
 */
int kds_dma_platform_check(const struct kds_dma_platform *p);

/**
 * kds_dma_dev_init() - set a device up the way a bus does before probe.
 * @dev: the device.
 * @name: its name (kept by reference; may be NULL).
 * @platform: its platform.
 * @mask_storage: where its streaming mask lives, or NULL for a device
 *	without streaming DMA.
 *
 * Both masks start at the kernel's default, 32 bits; no bus limit, no ops.
 *
 * Context: any.
 */
void kds_dma_dev_init(struct kds_dma_dev *dev, const char *name,
		      const struct kds_dma_platform *platform, kds_u64 *mask_storage);

/**
 * kds_dma_phys_to_bus() - the bus address a device uses for a physical one.
 * @p: the platform, or NULL for one without an offset.
 * @phys: a physical address.
 *
 * Context: any.
 * Return: @phys - @p->dma_offset, modulo 2^64 (as the kernel computes it);
 * @phys itself when @p is NULL (as Linux's phys_to_dma() for a device
 * with no DMA range map).
 */
static inline kds_dma_addr_t kds_dma_phys_to_bus(const struct kds_dma_platform *p,
					     kds_phys_addr_t phys)
{
	return (kds_dma_addr_t)(phys - (p ? p->dma_offset : 0));
}

/**
 * kds_dma_floor() - the lowest mask the platform's direct rule accepts.
 * @p: the platform (valid: see kds_dma_platform_check()).
 * @why: if not NULL, receives what the floor comes from
 *	(KDS_DMA_WHY_ZONE_LIMIT, KDS_DMA_WHY_DEFAULT_32 or KDS_DMA_WHY_RAM_TOP).
 *
 * This is the bus address a mask is compared with, before the Linux 5.6+
 * exception for masks of 32 bits or more and without an IOMMU or bus ops.
 *
 * Context: any.
 * Return: the bus address; for a NULL @p, %U64_MAX (a floor no mask but
 * all ones reaches) with @why set to KDS_DMA_WHY_INVALID.
 */
kds_u64 kds_dma_floor(const struct kds_dma_platform *p, enum kds_dma_why *why);

/**
 * kds_dma_supported() - whether a device may use a mask.
 * @dev: the device.
 * @mask: the mask.
 *
 * Applies the bus ops when the device has them, else the IOMMU, else the
 * platform's generation rule. Does not look at the mask pointer. A mask is
 * supported when it is usable both for streaming mappings and for coherent
 * memory (the two answers only differ for bus ops).
 *
 * Context: any.
 * Return: true when @mask is usable; false when not, or when @dev or its
 * platform is invalid.
 */
bool kds_dma_supported(const struct kds_dma_dev *dev, kds_u64 mask);

/**
 * kds_dma_set_mask() - set the streaming DMA mask.
 * @dev: the device.
 * @mask: what the device can address.
 *
 * Context: process context, like probe.
 * Return: 0 when stored; -EIO when @dev has no mask pointer or @mask is not
 * supported; -EINVAL when @dev or its platform is invalid. Nothing changes
 * on failure.
 */
int kds_dma_set_mask(struct kds_dma_dev *dev, kds_u64 mask);

/**
 * kds_dma_set_coherent_mask() - set the mask for coherent allocations.
 * @dev: the device.
 * @mask: what the device can address for coherent memory.
 *
 * Context: process context, like probe.
 * Return: 0 when stored; -EIO when @mask is not supported; -EINVAL when
 * @dev or its platform is invalid. Nothing changes on failure.
 */
int kds_dma_set_coherent_mask(struct kds_dma_dev *dev, kds_u64 mask);

/**
 * kds_dma_set_mask_and_coherent() - set both masks, or neither.
 * @dev: the device.
 * @mask: the mask for both streaming and coherent DMA.
 *
 * Both checks run before either mask is stored: if either would fail,
 * neither mask changes.
 *
 * Context: process context, like probe.
 * Return: 0, -EIO (no mask pointer, or either mask unsupported) or -EINVAL
 * (invalid device or platform).
 */
int kds_dma_set_mask_and_coherent(struct kds_dma_dev *dev, kds_u64 mask);

/**
 * kds_dma_coerce_mask_and_coherent() - point the mask at the coherent one,
 * then set both.
 * @dev: the device.
 * @mask: the mask.
 *
 * For buses that never gave the device a mask pointer. As in the kernel,
 * the pointer is redirected to @dev->coherent_dma_mask before the masks are
 * set, and stays redirected even if setting fails (the mask value itself
 * is then unchanged).
 *
 * Context: process context, like probe.
 * Return: as kds_dma_set_mask_and_coherent(); -EINVAL for a NULL @dev.
 */
int kds_dma_coerce_mask_and_coherent(struct kds_dma_dev *dev, kds_u64 mask);

/**
 * kds_dma_get_mask() - the streaming mask in effect.
 * @dev: the device.
 *
 * Context: any.
 * Return: the streaming mask, or the 32-bit default when @dev is NULL, has
 * no mask pointer, or a zero mask (as the kernel's dma_get_mask()).
 */
kds_u64 kds_dma_get_mask(const struct kds_dma_dev *dev);

/**
 * kds_dma_get_required_mask() - the mask needed to reach all of RAM.
 * @dev: the device.
 *
 * Context: any.
 * Return: the smallest all-ones mask covering the bus address of the top
 * of RAM (0 when that bus address is 0); the 32-bit mask behind an IOMMU
 * or with bus ops (the kernel's default for non-direct mappings); 0 when
 * @dev or its platform is invalid.
 */
kds_u64 kds_dma_get_required_mask(const struct kds_dma_dev *dev);

/**
 * kds_dma_addressing_limited() - whether the device cannot reach all RAM.
 * @dev: the device.
 *
 * Context: any.
 * Return: true when min_not_zero(mask, bus_dma_limit) is below the required
 * mask, so some transfers need bouncing; false otherwise or when @dev is
 * invalid.
 */
bool kds_dma_addressing_limited(const struct kds_dma_dev *dev);

/**
 * enum kds_dma_path - how a transfer reaches memory.
 * @KDS_DMA_DIRECT: the device addresses the buffer itself (through the
 *	IOMMU when there is one).
 * @KDS_DMA_BOUNCE: the data is copied through a bounce buffer.
 * @KDS_DMA_IMPOSSIBLE: the device cannot do this transfer.
 */
enum kds_dma_path {
	KDS_DMA_DIRECT,
	KDS_DMA_BOUNCE,
	KDS_DMA_IMPOSSIBLE,
};

/**
 * enum kds_dma_route_why - why a transfer takes its path.
 * @KDS_DMA_ROUTE_IN_REACH: its bus range lies below the device's limit.
 * @KDS_DMA_ROUTE_IOMMU: the IOMMU maps it into the device's window.
 * @KDS_DMA_ROUTE_OUT_OF_REACH: beyond the limit, bounced.
 * @KDS_DMA_ROUTE_BUS_WRAP: its bus range wraps past the top of the bus
 *	address space (bounced if possible).
 * @KDS_DMA_ROUTE_NO_MASK_PTR: the device has no streaming mask.
 * @KDS_DMA_ROUTE_NO_BOUNCE: out of reach and there is no bounce buffer.
 * @KDS_DMA_ROUTE_BOUNCE_TOO_SMALL: no bounce buffer takes a transfer this
 *	large.
 * @KDS_DMA_ROUTE_BOUNCE_OUT_OF_REACH: every bounce buffer big enough is
 *	itself beyond the device's limit.
 * @KDS_DMA_ROUTE_IOMMU_WINDOW: the transfer is larger than the IOMMU window
 *	below the device's limit.
 */
enum kds_dma_route_why {
	KDS_DMA_ROUTE_IN_REACH,
	KDS_DMA_ROUTE_IOMMU,
	KDS_DMA_ROUTE_OUT_OF_REACH,
	KDS_DMA_ROUTE_BUS_WRAP,
	KDS_DMA_ROUTE_NO_MASK_PTR,
	KDS_DMA_ROUTE_NO_BOUNCE,
	KDS_DMA_ROUTE_BOUNCE_TOO_SMALL,
	KDS_DMA_ROUTE_BOUNCE_OUT_OF_REACH,
	KDS_DMA_ROUTE_IOMMU_WINDOW,
};

/**
 * struct kds_dma_route - the answer for one transfer.
 * @path: direct, bounce or impossible.
 * @why: the reason for @path.
 * @bounce: index into the platform's bounce buffers when @path is
 *	KDS_DMA_BOUNCE, else -1.
 * @limit: the highest bus address the device reaches,
 *	min_not_zero(streaming mask, bus_dma_limit).
 * @bus_start: bus address of the first byte when the buffer is reached
 *	without an IOMMU (direct or not), for reports.
 */
struct kds_dma_route {
	enum kds_dma_path path;
	enum kds_dma_route_why why;
	int bounce;
	kds_u64 limit;
	kds_dma_addr_t bus_start;
};

/**
 * kds_dma_check_transfer() - can a device transfer a buffer, and how.
 * @dev: the device.
 * @addr: physical address of the buffer.
 * @size: its length in bytes.
 * @route: receives the answer (may be NULL).
 *
 * Direct when the buffer's last bus byte is at or below
 * min_not_zero(*dev->dma_mask, dev->bus_dma_limit); otherwise through the
 * first bounce buffer that lies entirely in reach and takes @size bytes;
 * otherwise impossible. Behind an IOMMU the buffer is mapped into page
 * granules of the window [PAGE_SIZE, limit] (page 0 is never handed out).
 * No address computation wraps: a bus range passing 2^64 is not direct.
 *
 * Context: any.
 * Return: the path (KDS_DMA_DIRECT, KDS_DMA_BOUNCE or KDS_DMA_IMPOSSIBLE),
 * or -EINVAL for an invalid device or platform, a zero-length transfer, or
 * a buffer that wraps past the top of the physical address space (@route
 * is then left untouched).
 */
int kds_dma_check_transfer(const struct kds_dma_dev *dev, kds_phys_addr_t addr,
			   kds_u64 size, struct kds_dma_route *route);

/**
 * struct kds_dma_negotiation - what a device asking for masks gets.
 * @streaming_asked: the streaming mask asked for.
 * @coherent_asked: the coherent mask asked for.
 * @streaming_err: 0 or what kds_dma_set_mask() would return.
 * @coherent_err: 0 or what kds_dma_set_coherent_mask() would return.
 * @streaming_why: why the streaming mask was accepted or refused.
 * @coherent_why: why the coherent mask was accepted or refused.
 * @floor: the lowest mask the platform's direct rule accepts (bus address).
 * @floor_why: what @floor comes from.
 * @streaming_mask: the streaming mask the device ends up with (its old one
 *	if refused; 0 without a mask pointer).
 * @coherent_mask: the coherent mask the device ends up with.
 * @reach: min_not_zero(@streaming_mask, bus_dma_limit): the highest bus
 *	address streaming transfers reach directly.
 * @required_mask: kds_dma_get_required_mask() of the device.
 * @limited: @reach is below @required_mask: some RAM needs bouncing.
 *
 * The two masks are judged separately, as two calls of the HOWTO's second
 * pattern; asking the same value for both models the combined call.
 */
struct kds_dma_negotiation {
	kds_u64 streaming_asked;
	kds_u64 coherent_asked;
	int streaming_err;
	int coherent_err;
	enum kds_dma_why streaming_why;
	enum kds_dma_why coherent_why;
	kds_u64 floor;
	enum kds_dma_why floor_why;
	kds_u64 streaming_mask;
	kds_u64 coherent_mask;
	kds_u64 reach;
	kds_u64 required_mask;
	bool limited;
};

/**
 * kds_dma_negotiate() - work out what a device would get, without changing it.
 * @dev: the device.
 * @streaming: the streaming mask it asks for.
 * @coherent: the coherent mask it asks for.
 * @out: receives the report.
 *
 * Context: any.
 * Return: 0, or -EINVAL when @dev, its platform or @out is invalid (@out
 * is then untouched).
 */
int kds_dma_negotiate(const struct kds_dma_dev *dev, kds_u64 streaming, kds_u64 coherent,
		      struct kds_dma_negotiation *out);

/**
 * kds_dma_explain() - one line of text explaining a negotiation.
 * @dev: the device the report is about (for its name and platform).
 * @n: the report from kds_dma_negotiate().
 * @buf: where to write (always NUL-terminated when @size > 0).
 * @size: size of @buf.
 *
 * Context: any.
 * Return: the number of characters written, not counting the NUL (the line
 * is truncated to fit), or -EINVAL for a NULL argument.
 */
int kds_dma_explain(const struct kds_dma_dev *dev,
		    const struct kds_dma_negotiation *n, char *buf, size_t size);

/**
 * kds_dma_rule_name() - the name of a generation rule.
 * @rule: the rule.
 *
 * Context: any.
 * Return: "Linux 5.1", "Linux 5.6+" or "unknown rule".
 */
const char *kds_dma_rule_name(enum kds_dma_rule rule);

/**
 * kds_dma_why_text() - a short explanation of a reason.
 * @why: the reason.
 *
 * Context: any.
 * Return: a static string.
 */
const char *kds_dma_why_text(enum kds_dma_why why);

/**
 * enum kds_dma_probe_pattern - the DMA-API-HOWTO's probe patterns.
 * @KDS_DMA_PROBE_64: a 64-bit capable device: one combined call with a
 *	64-bit mask.
 * @KDS_DMA_PROBE_64_STREAM_32_COHERENT: 64-bit streaming mappings but
 *	only 32-bit descriptors in coherent memory: two separate calls.
 */
enum kds_dma_probe_pattern {
	KDS_DMA_PROBE_64,
	KDS_DMA_PROBE_64_STREAM_32_COHERENT,
};

/** KDS_DMA_WARN_LEN - room kds_dma_probe() needs for any warning. */
#define KDS_DMA_WARN_LEN 128

/**
 * kds_dma_probe() - set a device's masks the way the HOWTO recommends.
 * @dev: the device.
 * @pattern: which pattern.
 * @warn: receives the warning text on failure, "" on success (may be NULL).
 * @warn_size: size of @warn (KDS_DMA_WARN_LEN is always enough).
 *
 * Masks are never probed downwards: the device states what it can address
 * and the platform applies its own limits. On failure the warning
 * "<name>: no suitable DMA addressing available, not using DMA" is written
 * to @warn and logged at warning level, and the device's masks are as
 * before the call (a streaming mask already set is put back when the
 * coherent one fails).
 *
 * Context: process context, like probe.
 * Return: 0, or the error of the failing call (-EIO, or -EINVAL for an
 * invalid device, platform or pattern).
 */
int kds_dma_probe(struct kds_dma_dev *dev, enum kds_dma_probe_pattern pattern,
		  char *warn, size_t warn_size);

__KDS_END_DECLS

#endif /* KDS_DMA_H */
