/* SPDX-License-Identifier: GPL-2.0 */
/*
 * mask_cases.h - the DMA mask table: platforms x kernel generations, each
 * with its expected answers written out by hand.
 *
 * For every row, min_width is the smallest n for which KDS_DMA_BIT_MASK(n)
 * is accepted; every width 0..64 is expected to be accepted exactly when
 * n >= min_width. The other columns are the floor the direct rule compares
 * masks with (a bus address) and where it comes from, the mask needed to
 * reach all of RAM, and whether a device left at the 32-bit default mask
 * is addressing-limited. The numbers were worked out from the platform
 * facts in the comments, not by running kds.
 *
 * Shared by the userspace suite and the in-kernel test runner: this header
 * includes only the port and the component header and uses kds_ names.
 */
#ifndef KDS_DMA_MASK_CASES_H
#define KDS_DMA_MASK_CASES_H

#include "kds_port.h"
#include "kds/dma.h"

/*
 * KDS_DMA_CASE_X86_16G() - an x86-64 machine with 16 GiB of RAM and one
 * 64 MiB swiotlb at 0xbc000000 (256 KiB per mapping), as an initializer.
 * @name_: the platform's name.
 * @zone_bits_: its ZONE_DMA width in bits, 0 when built without ZONE_DMA.
 * @rule_: the kernel generation whose direct-mapping rule applies.
 *
 * The one description of this machine: the table's rows below and the
 * single cases (tests/cases_masks.c, tests/dma_mask_test.c) all start from it.
 */
#define KDS_DMA_CASE_X86_16G(name_, zone_bits_, rule_) {			\
	.name = (name_),							\
	.rule = (rule_),							\
	.zone_dma_bits = (zone_bits_),						\
	.ram_top = 0x3fffff000ULL,		/* last page of 16 GiB */	\
	.nr_bounce = 1,								\
	.bounce = { { .name = "swiotlb", .base = 0xbc000000ULL,		\
		      .size = 0x4000000ULL, .max_mapping = 0x40000ULL } },	\
}

/* x86-64 with ZONE_DMA (24 bits); each row sets its own rule. */
static const struct kds_dma_platform kds_dma_case_x86_zone =
	KDS_DMA_CASE_X86_16G("x86-64 ZONE_DMA 16G", 24, KDS_DMA_RULE_5_6);

/* x86-64 built without ZONE_DMA; each row sets its own rule. */
static const struct kds_dma_platform kds_dma_case_x86_nozone =
	KDS_DMA_CASE_X86_16G("x86-64 no ZONE_DMA 16G", 0, KDS_DMA_RULE_5_6);

/* arm64 board like the Raspberry Pi 4: 30-bit ZONE_DMA, 8 GiB of RAM. */
static const struct kds_dma_platform kds_dma_case_arm64_zone30 = {
	.name = "arm64 30-bit zone 8G",
	.zone_dma_bits = 30,
	.ram_top = 0x1fffff000ULL,		/* last page of 8 GiB */
	.nr_bounce = 1,
	.bounce = { { .name = "swiotlb", .base = 0x37400000ULL,
		      .size = 0x4000000ULL, .max_mapping = 0x40000ULL } },
};

/*
 * RAM at physical 2..4 GiB seen by devices at bus 0..2 GiB (offset
 * 0x80000000). 5.1: min(32-bit limit, 0xfffff000) - offset = 0x7ffff000,
 * reached by 31 bits. 5.6+: the same floor below 32 bits.
 */
static const struct kds_dma_platform kds_dma_case_offset_low = {
	.name = "arm 2G RAM at 2G, bus at 0",
	.zone_dma_bits = 0,
	.ram_top = 0xfffff000ULL,
	.dma_offset = 0x80000000ULL,
};

/*
 * 2 GiB of RAM at physical 0 seen by devices 4 GiB higher (bus = phys +
 * 4 GiB). 5.1: min(0xffffffff, 0x7ffff000) + 4 GiB = 0x17ffff000: needs
 * 33 bits. 5.6+: 32 bits always work, less never reaches the floor.
 */
static const struct kds_dma_platform kds_dma_case_offset_high = {
	.name = "2G RAM, bus window at 4G",
	.zone_dma_bits = 0,
	.ram_top = 0x7ffff000ULL,
	.dma_offset = (u64)0 - 0x100000000ULL,
};

/* x86-64 with ZONE_DMA and an IOMMU: every mask is accepted. */
static const struct kds_dma_platform kds_dma_case_iommu = {
	.name = "x86-64 IOMMU 16G",
	.zone_dma_bits = 24,
	.ram_top = 0x3fffff000ULL,
	.iommu = true,
};

/* x86-64 without ZONE_DMA and only 1 GiB of RAM (all below 4 GiB). */
static const struct kds_dma_platform kds_dma_case_ram_1g = {
	.name = "x86-64 no ZONE_DMA 1G",
	.zone_dma_bits = 0,
	.ram_top = 0x3ffff000ULL,		/* last page of 1 GiB */
};

/* A tiny x86 with ZONE_DMA and 8 MiB of RAM: RAM's top is below the zone. */
static const struct kds_dma_platform kds_dma_case_ram_8m = {
	.name = "x86 ZONE_DMA 8M",
	.zone_dma_bits = 24,
	.ram_top = 0x7ff000ULL,		/* last page of 8 MiB */
};

/**
 * struct kds_dma_mask_case - one row of the table.
 * @name: row label.
 * @platform: the platform; its @rule is replaced by the row's.
 * @rule: the generation.
 * @min_width: smallest accepted KDS_DMA_BIT_MASK() width (0: all).
 * @floor: the bus address the direct rule compares masks with.
 * @floor_why: what @floor comes from.
 * @required_mask: expected kds_dma_get_required_mask().
 * @limited_at_32: expected kds_dma_addressing_limited() with the 32-bit
 *	default mask and no bus limit.
 */
struct kds_dma_mask_case {
	const char *name;
	const struct kds_dma_platform *platform;
	enum kds_dma_rule rule;
	int min_width;
	u64 floor;
	enum kds_dma_why floor_why;
	u64 required_mask;
	bool limited_at_32;
};

static const struct kds_dma_mask_case kds_dma_mask_cases[] = {
	{ "x86 zone 5.1", &kds_dma_case_x86_zone, KDS_DMA_RULE_5_1,
	  24, 0xffffffULL, KDS_DMA_WHY_ZONE_LIMIT, 0x3ffffffffULL, true },
	{ "x86 zone 5.6", &kds_dma_case_x86_zone, KDS_DMA_RULE_5_6,
	  24, 0xffffffULL, KDS_DMA_WHY_ZONE_LIMIT, 0x3ffffffffULL, true },
	{ "x86 nozone 5.1", &kds_dma_case_x86_nozone, KDS_DMA_RULE_5_1,
	  32, 0xffffffffULL, KDS_DMA_WHY_DEFAULT_32, 0x3ffffffffULL, true },
	{ "x86 nozone 5.6", &kds_dma_case_x86_nozone, KDS_DMA_RULE_5_6,
	  32, 0x3fffff000ULL, KDS_DMA_WHY_RAM_TOP, 0x3ffffffffULL, true },
	{ "arm64 zone30 5.1", &kds_dma_case_arm64_zone30, KDS_DMA_RULE_5_1,
	  30, 0x3fffffffULL, KDS_DMA_WHY_ZONE_LIMIT, 0x1ffffffffULL, true },
	{ "arm64 zone30 5.6", &kds_dma_case_arm64_zone30, KDS_DMA_RULE_5_6,
	  30, 0x3fffffffULL, KDS_DMA_WHY_ZONE_LIMIT, 0x1ffffffffULL, true },
	{ "offset low 5.1", &kds_dma_case_offset_low, KDS_DMA_RULE_5_1,
	  31, 0x7ffff000ULL, KDS_DMA_WHY_RAM_TOP, 0x7fffffffULL, false },
	{ "offset low 5.6", &kds_dma_case_offset_low, KDS_DMA_RULE_5_6,
	  31, 0x7ffff000ULL, KDS_DMA_WHY_RAM_TOP, 0x7fffffffULL, false },
	{ "offset high 5.1", &kds_dma_case_offset_high, KDS_DMA_RULE_5_1,
	  33, 0x17ffff000ULL, KDS_DMA_WHY_RAM_TOP, 0x1ffffffffULL, true },
	{ "offset high 5.6", &kds_dma_case_offset_high, KDS_DMA_RULE_5_6,
	  32, 0x17ffff000ULL, KDS_DMA_WHY_RAM_TOP, 0x1ffffffffULL, true },
	{ "iommu 5.1", &kds_dma_case_iommu, KDS_DMA_RULE_5_1,
	  0, 0xffffffULL, KDS_DMA_WHY_ZONE_LIMIT, 0xffffffffULL, false },
	{ "iommu 5.6", &kds_dma_case_iommu, KDS_DMA_RULE_5_6,
	  0, 0xffffffULL, KDS_DMA_WHY_ZONE_LIMIT, 0xffffffffULL, false },
	{ "ram 1G 5.1", &kds_dma_case_ram_1g, KDS_DMA_RULE_5_1,
	  30, 0x3ffff000ULL, KDS_DMA_WHY_RAM_TOP, 0x3fffffffULL, false },
	{ "ram 1G 5.6", &kds_dma_case_ram_1g, KDS_DMA_RULE_5_6,
	  30, 0x3ffff000ULL, KDS_DMA_WHY_RAM_TOP, 0x3fffffffULL, false },
	{ "ram 8M 5.1", &kds_dma_case_ram_8m, KDS_DMA_RULE_5_1,
	  23, 0x7ff000ULL, KDS_DMA_WHY_RAM_TOP, 0x7fffffULL, false },
	{ "ram 8M 5.6", &kds_dma_case_ram_8m, KDS_DMA_RULE_5_6,
	  23, 0x7ff000ULL, KDS_DMA_WHY_RAM_TOP, 0x7fffffULL, false },
};

/**
 * kds_dma_mask_case_platform() - the row's platform with the row's rule.
 * @c: the row.
 * @out: receives a copy of the platform.
 *
 * Context: any.
 */
static inline void kds_dma_mask_case_platform(const struct kds_dma_mask_case *c,
					      struct kds_dma_platform *out)
{
	*out = *c->platform;
	out->rule = c->rule;
}

/**
 * kds_dma_mask_case_expect() - expected acceptance of a width in a row.
 * @c: the row.
 * @width: a mask width, 0..64.
 *
 * Context: any.
 * Return: true when KDS_DMA_BIT_MASK(@width) must be accepted.
 */
static inline bool kds_dma_mask_case_expect(const struct kds_dma_mask_case *c,
					    int width)
{
	return width >= c->min_width;
}

#endif /* KDS_DMA_MASK_CASES_H */
