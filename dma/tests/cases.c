// SPDX-License-Identifier: GPL-2.0
/*
 * cases.c - the DMA mask table (mask_cases.h: platforms x kernel
 * generations) against every mask width 0..64, run in both worlds:
 * kds_test.ko in the kernel (where kernel/tests/dma_masks.c also compares
 * the model with the kernel's own dma_set_mask()), //dma:cases_test in
 * userspace. The expectation for a width comes only from the row's
 * hand-written minimum width.
 *
 * Includes only the port, the dma header and the table.
 */
#include "kds_port.h"
#include "kds_expect.h"
#include "kds/dma.h"
#include "dma/tests/mask_cases.h"

/* Row @i's platform and a device on it; false (and a failure) if refused. */
static bool dma_row(struct kds_expect *e, size_t i, struct kds_dma_platform *p,
		    struct kds_dma_dev *dev, u64 *mask)
{
	const struct kds_dma_mask_case *c = &kds_dma_mask_cases[i];

	kds_expect_ctx(e, "%s", c->name);
	kds_dma_mask_case_platform(c, p);
	if (!KDS_EXPECT_EQ(e, kds_dma_platform_check(p), 0))
		return false;
	kds_dma_dev_init(dev, c->name, p, mask);
	return true;
}

static void dma_table_covers_every_kind_of_platform(struct kds_expect *e)
{
	size_t i;

	/* 8 platforms x 2 generations, both generations for each platform. */
	KDS_ASSERT(e, ARRAY_SIZE(kds_dma_mask_cases) == 16);
	for (i = 0; i < ARRAY_SIZE(kds_dma_mask_cases); i += 2) {
		kds_expect_ctx(e, "row %zu", i);
		KDS_EXPECT_PTR_EQ(e, kds_dma_mask_cases[i].platform,
				  kds_dma_mask_cases[i + 1].platform);
		KDS_EXPECT_EQ(e, kds_dma_mask_cases[i].rule, KDS_DMA_RULE_5_1);
		KDS_EXPECT_EQ(e, kds_dma_mask_cases[i + 1].rule, KDS_DMA_RULE_5_6);
	}
}

static void dma_supported_for_every_width(struct kds_expect *e)
{
	struct kds_dma_platform p;
	struct kds_dma_dev dev;
	size_t i;
	u64 mask;
	int w;

	for (i = 0; i < ARRAY_SIZE(kds_dma_mask_cases); i++) {
		if (!dma_row(e, i, &p, &dev, &mask))
			continue;
		for (w = 0; w <= 64; w++) {
			kds_expect_ctx(e, "%s: width %d", kds_dma_mask_cases[i].name, w);
			KDS_EXPECT_EQ(e, kds_dma_supported(&dev, KDS_DMA_BIT_MASK(w)),
				      kds_dma_mask_case_expect(&kds_dma_mask_cases[i], w));
		}
	}
}

/* set_mask, set_coherent_mask, set_mask_and_coherent; unchanged on refusal. */
static void dma_set_mask_for_every_width(struct kds_expect *e)
{
	struct kds_dma_platform p;
	struct kds_dma_dev dev;
	size_t i;
	u64 mask;
	int w;

	for (i = 0; i < ARRAY_SIZE(kds_dma_mask_cases); i++) {
		const struct kds_dma_mask_case *c = &kds_dma_mask_cases[i];

		for (w = 0; w <= 64; w++) {
			bool ok = kds_dma_mask_case_expect(c, w);
			u64 want = KDS_DMA_BIT_MASK(w);

			if (!dma_row(e, i, &p, &dev, &mask))
				break;
			kds_expect_ctx(e, "%s: width %d", c->name, w);
			/* Start from a recognisable value so "unchanged" is visible. */
			mask = 0x1234;
			dev.coherent_dma_mask = 0x5678;
			KDS_EXPECT_EQ(e, kds_dma_set_mask(&dev, want), ok ? 0 : -EIO);
			KDS_EXPECT_U64_EQ(e, mask, ok ? want : 0x1234);
			KDS_EXPECT_EQ(e, kds_dma_set_coherent_mask(&dev, want), ok ? 0 : -EIO);
			KDS_EXPECT_U64_EQ(e, dev.coherent_dma_mask, ok ? want : 0x5678);

			kds_dma_dev_init(&dev, c->name, &p, &mask);
			mask = 0x1234;
			dev.coherent_dma_mask = 0x5678;
			KDS_EXPECT_EQ(e, kds_dma_set_mask_and_coherent(&dev, want), ok ? 0 : -EIO);
			KDS_EXPECT_U64_EQ(e, mask, ok ? want : 0x1234);
			KDS_EXPECT_U64_EQ(e, dev.coherent_dma_mask, ok ? want : 0x5678);
		}
	}
}

static void dma_floor_required_mask_and_limited(struct kds_expect *e)
{
	struct kds_dma_platform p;
	struct kds_dma_dev dev;
	enum kds_dma_why why;
	size_t i;
	u64 mask;

	for (i = 0; i < ARRAY_SIZE(kds_dma_mask_cases); i++) {
		const struct kds_dma_mask_case *c = &kds_dma_mask_cases[i];

		if (!dma_row(e, i, &p, &dev, &mask))
			continue;
		KDS_EXPECT_U64_EQ(e, kds_dma_floor(&p, &why), c->floor);
		KDS_EXPECT_EQ(e, why, c->floor_why);
		KDS_EXPECT_U64_EQ(e, kds_dma_get_required_mask(&dev), c->required_mask);
		KDS_EXPECT_EQ(e, kds_dma_addressing_limited(&dev), c->limited_at_32);
		/* The required mask itself is never limited. */
		mask = c->required_mask;
		KDS_EXPECT(e, !kds_dma_addressing_limited(&dev));
	}
}

/* The rule-specific reasons: 5.6+ accepts 32 bits and more on principle. */
static void dma_negotiation_reasons_per_generation(struct kds_expect *e)
{
	struct kds_dma_negotiation n;
	struct kds_dma_platform p;
	struct kds_dma_dev dev;
	size_t i;
	u64 mask;

	for (i = 0; i < ARRAY_SIZE(kds_dma_mask_cases); i++) {
		const struct kds_dma_mask_case *c = &kds_dma_mask_cases[i];

		if (!dma_row(e, i, &p, &dev, &mask))
			continue;
		KDS_ASSERT(e, kds_dma_negotiate(&dev, KDS_DMA_BIT_MASK(64),
						KDS_DMA_BIT_MASK(c->min_width), &n) == 0);
		KDS_EXPECT_EQ(e, n.streaming_err, 0);
		KDS_EXPECT_EQ(e, n.coherent_err, 0);
		KDS_EXPECT_EQ(e, n.streaming_why,
			      p.iommu ? KDS_DMA_WHY_IOMMU :
			      c->rule == KDS_DMA_RULE_5_6 ? KDS_DMA_WHY_32BIT_RULE : c->floor_why);
		if (c->min_width == 0)
			continue;
		KDS_ASSERT(e, kds_dma_negotiate(&dev, KDS_DMA_BIT_MASK(c->min_width - 1),
						KDS_DMA_BIT_MASK(c->min_width - 1), &n) == 0);
		KDS_EXPECT_EQ(e, n.streaming_err, -EIO);
		KDS_EXPECT_EQ(e, n.coherent_err, -EIO);
		KDS_EXPECT_EQ(e, n.streaming_why, c->floor_why);
		/* kept */
		KDS_EXPECT_U64_EQ(e, n.streaming_mask, KDS_DMA_BIT_MASK(32));
	}
}

static const struct kds_case kds_dma_mask_cases_run[] = {
	KDS_CASE(dma_table_covers_every_kind_of_platform),
	KDS_CASE(dma_supported_for_every_width),
	KDS_CASE(dma_set_mask_for_every_width),
	KDS_CASE(dma_floor_required_mask_and_limited),
	KDS_CASE(dma_negotiation_reasons_per_generation),
};

KDS_SUITE(kds_suite_dma_masks, "kds_dma_masks", kds_dma_mask_cases_run, NULL);
