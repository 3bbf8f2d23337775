// SPDX-License-Identifier: GPL-2.0
/*
 * Table-driven checks of the mask rules: every row of mask_cases.h (a
 * platform under one kernel generation) against every mask width 0..64.
 * The expectation for a width comes only from the row's hand-written
 * minimum width.
 */
#include "kds_testing.h"
#include "kds/dma.h"
#include "dma/tests/mask_cases.h"

KDS_TEST_SUITE(dma_table);

static void setup_dev(const struct kds_dma_mask_case *c, struct kds_dma_platform *p,
		      struct kds_dma_dev *dev, u64 *mask)
{
	kds_dma_mask_case_platform(c, p);
	cr_assert_eq(kds_dma_platform_check(p), 0, "%s: platform invalid", c->name);
	kds_dma_dev_init(dev, c->name, p, mask);
}

Test(dma_table, table_covers_every_kind_of_platform)
{
	/* 8 platforms x 2 generations, both generations for each platform. */
	cr_assert_eq(ARRAY_SIZE(kds_dma_mask_cases), 16);
	for (size_t i = 0; i < ARRAY_SIZE(kds_dma_mask_cases); i += 2) {
		cr_assert_eq(kds_dma_mask_cases[i].platform, kds_dma_mask_cases[i + 1].platform);
		cr_assert_eq(kds_dma_mask_cases[i].rule, KDS_DMA_RULE_5_1);
		cr_assert_eq(kds_dma_mask_cases[i + 1].rule, KDS_DMA_RULE_5_6);
	}
}

Test(dma_table, supported_for_every_width)
{
	for (size_t i = 0; i < ARRAY_SIZE(kds_dma_mask_cases); i++) {
		const struct kds_dma_mask_case *c = &kds_dma_mask_cases[i];
		struct kds_dma_platform p;
		struct kds_dma_dev dev;
		u64 mask;

		setup_dev(c, &p, &dev, &mask);
		for (int w = 0; w <= 64; w++)
			cr_expect_eq(kds_dma_supported(&dev, KDS_DMA_BIT_MASK(w)),
				     kds_dma_mask_case_expect(c, w),
				     "%s: width %d", c->name, w);
	}
}

Test(dma_table, set_mask_for_every_width)
{
	for (size_t i = 0; i < ARRAY_SIZE(kds_dma_mask_cases); i++) {
		const struct kds_dma_mask_case *c = &kds_dma_mask_cases[i];
		struct kds_dma_platform p;
		struct kds_dma_dev dev;
		u64 mask;

		for (int w = 0; w <= 64; w++) {
			bool ok = kds_dma_mask_case_expect(c, w);
			u64 want = KDS_DMA_BIT_MASK(w);

			setup_dev(c, &p, &dev, &mask);
			/* Start from a recognisable value so "unchanged" is visible. */
			mask = 0x1234;
			dev.coherent_dma_mask = 0x5678;
			cr_expect_eq(kds_dma_set_mask(&dev, want), ok ? 0 : -EIO,
				     "%s: set_mask width %d", c->name, w);
			cr_expect_eq(mask, ok ? want : 0x1234, "%s: width %d", c->name, w);
			cr_expect_eq(kds_dma_set_coherent_mask(&dev, want), ok ? 0 : -EIO,
				     "%s: set_coherent width %d", c->name, w);
			cr_expect_eq(dev.coherent_dma_mask, ok ? want : 0x5678,
				     "%s: width %d", c->name, w);

			setup_dev(c, &p, &dev, &mask);
			mask = 0x1234;
			dev.coherent_dma_mask = 0x5678;
			cr_expect_eq(kds_dma_set_mask_and_coherent(&dev, want), ok ? 0 : -EIO,
				     "%s: and_coherent width %d", c->name, w);
			cr_expect_eq(mask, ok ? want : 0x1234);
			cr_expect_eq(dev.coherent_dma_mask, ok ? want : 0x5678);
		}
	}
}

Test(dma_table, floor_required_mask_and_limited)
{
	for (size_t i = 0; i < ARRAY_SIZE(kds_dma_mask_cases); i++) {
		const struct kds_dma_mask_case *c = &kds_dma_mask_cases[i];
		struct kds_dma_platform p;
		struct kds_dma_dev dev;
		enum kds_dma_why why;
		u64 mask;

		setup_dev(c, &p, &dev, &mask);
		cr_expect_eq(kds_dma_floor(&p, &why), c->floor, "%s: floor %#llx",
			     c->name, (unsigned long long)kds_dma_floor(&p, NULL));
		cr_expect_eq(why, c->floor_why, "%s: floor reason %d", c->name, why);
		cr_expect_eq(kds_dma_get_required_mask(&dev), c->required_mask,
			     "%s: required %#llx", c->name,
			     (unsigned long long)kds_dma_get_required_mask(&dev));
		cr_expect_eq(kds_dma_addressing_limited(&dev), c->limited_at_32,
			     "%s: limited", c->name);
		/* The required mask itself is never limited. */
		mask = c->required_mask;
		cr_expect_not(kds_dma_addressing_limited(&dev), "%s", c->name);
	}
}

/* The rule-specific reasons: 5.6+ accepts 32 bits and more on principle. */
Test(dma_table, negotiation_reasons_per_generation)
{
	for (size_t i = 0; i < ARRAY_SIZE(kds_dma_mask_cases); i++) {
		const struct kds_dma_mask_case *c = &kds_dma_mask_cases[i];
		struct kds_dma_negotiation n;
		struct kds_dma_platform p;
		struct kds_dma_dev dev;
		u64 mask;

		setup_dev(c, &p, &dev, &mask);
		cr_assert_eq(kds_dma_negotiate(&dev, KDS_DMA_BIT_MASK(64),
					       KDS_DMA_BIT_MASK(c->min_width), &n), 0);
		cr_expect_eq(n.streaming_err, 0, "%s", c->name);
		cr_expect_eq(n.coherent_err, 0, "%s", c->name);
		if (p.iommu)
			cr_expect_eq(n.streaming_why, KDS_DMA_WHY_IOMMU, "%s", c->name);
		else if (c->rule == KDS_DMA_RULE_5_6)
			cr_expect_eq(n.streaming_why, KDS_DMA_WHY_32BIT_RULE, "%s", c->name);
		else
			cr_expect_eq(n.streaming_why, c->floor_why, "%s", c->name);
		if (c->min_width > 0) {
			cr_assert_eq(kds_dma_negotiate(&dev, KDS_DMA_BIT_MASK(c->min_width - 1),
						       KDS_DMA_BIT_MASK(c->min_width - 1), &n), 0);
			cr_expect_eq(n.streaming_err, -EIO, "%s", c->name);
			cr_expect_eq(n.coherent_err, -EIO, "%s", c->name);
			cr_expect_eq(n.streaming_why, c->floor_why, "%s", c->name);
			cr_expect_eq(n.streaming_mask, KDS_DMA_BIT_MASK(32), "%s: kept", c->name);
		}
	}
}
