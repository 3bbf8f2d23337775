// SPDX-License-Identifier: GPL-2.0
/*
 * cases_masks.c - suite kds_dma_masks: the DMA mask model's cases, run in
 * both worlds: kds_test.ko in the kernel (where
 * dma/tests/kernel/dma_vs_linux.c also compares the model with the
 * kernel's own dma_set_mask()), //dma:masks_cases_test in userspace.
 *
 * First the mask table (mask_cases.h: platforms x kernel generations)
 * against every mask width 0..64; the expectation for a width comes only
 * from the row's hand-written minimum width. Then the edge cases:
 * KDS_DMA_BIT_MASK at its ends, devices without a mask pointer,
 * all-or-nothing mask setting, bus limits, transfers at and past the
 * limit, bounce buffers, IOMMU windows, address arithmetic at the top of
 * the 64-bit space, invalid platforms, the negotiation report, and the
 * probe helper (the DMA-API-HOWTO's two patterns, each succeeding and
 * failing, with the exact warning text and the device left as it was on
 * failure).
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

/*
 * @check on every row of the table the platform check accepts: its case,
 * a device on its platform and the device's streaming mask.
 */
static void dma_each_row(struct kds_expect *e,
			 void (*check)(struct kds_expect *e,
				       const struct kds_dma_mask_case *c,
				       struct kds_dma_dev *dev, u64 *mask))
{
	size_t i;

	for (i = 0; i < ARRAY_SIZE(kds_dma_mask_cases); i++) {
		struct kds_dma_platform p;
		struct kds_dma_dev dev;
		u64 mask;

		if (dma_row(e, i, &p, &dev, &mask))
			check(e, &kds_dma_mask_cases[i], &dev, &mask);
	}
}

static void dma_supported_row(struct kds_expect *e, const struct kds_dma_mask_case *c,
			      struct kds_dma_dev *dev, u64 *mask)
{
	int w;

	for (w = 0; w <= 64; w++) {
		kds_expect_ctx(e, "%s: width %d", c->name, w);
		KDS_EXPECT_EQ(e, kds_dma_supported(dev, KDS_DMA_BIT_MASK(w)),
			      kds_dma_mask_case_expect(c, w));
	}
}

static void dma_supported_for_every_width(struct kds_expect *e)
{
	dma_each_row(e, dma_supported_row);
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

static void dma_floor_row(struct kds_expect *e, const struct kds_dma_mask_case *c,
			  struct kds_dma_dev *dev, u64 *mask)
{
	enum kds_dma_why why;

	KDS_EXPECT_U64_EQ(e, kds_dma_floor(dev->platform, &why), c->floor);
	KDS_EXPECT_EQ(e, why, c->floor_why);
	KDS_EXPECT_U64_EQ(e, kds_dma_get_required_mask(dev), c->required_mask);
	KDS_EXPECT_EQ(e, kds_dma_addressing_limited(dev), c->limited_at_32);
	/* The required mask itself is never limited. */
	*mask = c->required_mask;
	KDS_EXPECT(e, !kds_dma_addressing_limited(dev));
}

static void dma_floor_required_mask_and_limited(struct kds_expect *e)
{
	dma_each_row(e, dma_floor_row);
}

/* The rule-specific reasons: 5.6+ accepts 32 bits and more on principle. */
static void dma_negotiation_row(struct kds_expect *e, const struct kds_dma_mask_case *c,
				struct kds_dma_dev *dev, u64 *mask)
{
	struct kds_dma_negotiation n;

	KDS_ASSERT(e, kds_dma_negotiate(dev, KDS_DMA_BIT_MASK(64),
					KDS_DMA_BIT_MASK(c->min_width), &n) == 0);
	KDS_EXPECT_EQ(e, n.streaming_err, 0);
	KDS_EXPECT_EQ(e, n.coherent_err, 0);
	KDS_EXPECT_EQ(e, n.streaming_why,
		      dev->platform->iommu ? KDS_DMA_WHY_IOMMU :
		      c->rule == KDS_DMA_RULE_5_6 ? KDS_DMA_WHY_32BIT_RULE : c->floor_why);
	if (c->min_width == 0)
		return;
	KDS_ASSERT(e, kds_dma_negotiate(dev, KDS_DMA_BIT_MASK(c->min_width - 1),
					KDS_DMA_BIT_MASK(c->min_width - 1), &n) == 0);
	KDS_EXPECT_EQ(e, n.streaming_err, -EIO);
	KDS_EXPECT_EQ(e, n.coherent_err, -EIO);
	KDS_EXPECT_EQ(e, n.streaming_why, c->floor_why);
	/* kept */
	KDS_EXPECT_U64_EQ(e, n.streaming_mask, KDS_DMA_BIT_MASK(32));
}

static void dma_negotiation_reasons_per_generation(struct kds_expect *e)
{
	dma_each_row(e, dma_negotiation_row);
}

/* x86-64, 16 GiB, ZONE_DMA (24 bits), the 5.6 rule. */
static const struct kds_dma_platform dma_x86 =
	KDS_DMA_CASE_X86_16G("x86-64", 24, KDS_DMA_RULE_5_6);

/* ------------------------------------------------------ DMA_BIT_MASK */

_Static_assert(KDS_DMA_BIT_MASK(0) == 0, "constant expression at 0");
_Static_assert(KDS_DMA_BIT_MASK(64) == ~0ULL, "constant expression at 64");

static void dma_bit_mask_ends(struct kds_expect *e)
{
	KDS_EXPECT_EQ(e, KDS_DMA_BIT_MASK(0), 0);
	KDS_EXPECT_EQ(e, KDS_DMA_BIT_MASK(1), 1);
	KDS_EXPECT_U64_EQ(e, KDS_DMA_BIT_MASK(24), 0xffffffULL);
	KDS_EXPECT_U64_EQ(e, KDS_DMA_BIT_MASK(32), 0xffffffffULL);
	KDS_EXPECT_U64_EQ(e, KDS_DMA_BIT_MASK(63), 0x7fffffffffffffffULL);
	KDS_EXPECT_U64_EQ(e, KDS_DMA_BIT_MASK(64), 0xffffffffffffffffULL);
	/* Out of range widths are clamped, never a shift by 64 or more. */
	KDS_EXPECT_EQ(e, KDS_DMA_BIT_MASK(-1), 0);
	KDS_EXPECT_U64_EQ(e, KDS_DMA_BIT_MASK(65), 0xffffffffffffffffULL);
	KDS_EXPECT_U64_EQ(e, KDS_DMA_BIT_MASK(200), 0xffffffffffffffffULL);
	/* A runtime width (UBSan watches the shift in the asan config). */
	for (volatile unsigned int n = 0; n <= 64; n++) {
		u64 m = KDS_DMA_BIT_MASK(n);

		kds_expect_ctx(e, "width %u", n);
		KDS_EXPECT_EQ(e, fls64(m), (int)n);
		KDS_EXPECT_EQ(e, m & (m + 1), 0);	/* all ones */
		KDS_EXPECT_EQ(e, kds_dma_mask_width(m), (int)n);
	}
}

static void dma_bit_mask_parenthesised(struct kds_expect *e)
{
	/* An argument with a lower-precedence operator must stay whole. */
	int a = 1;

	KDS_EXPECT_U64_EQ(e, KDS_DMA_BIT_MASK(a ? 8 : 16), 0xffULL);
	KDS_EXPECT_U64_EQ(e, KDS_DMA_BIT_MASK(32 | 8), KDS_DMA_BIT_MASK(40));
	KDS_EXPECT_U64_EQ(e, ~KDS_DMA_BIT_MASK(32), 0xffffffff00000000ULL);
	KDS_EXPECT_EQ(e, kds_dma_mask_width(0x1234), -1);
}

/* ------------------------------------------------- NULL mask pointer */

static void dma_null_mask_pointer(struct kds_expect *e)
{
	struct kds_dma_route r;
	struct kds_dma_dev dev;

	kds_dma_dev_init(&dev, "nomask", &dma_x86, NULL);
	KDS_EXPECT(e, !dev.dma_mask);
	KDS_EXPECT_U64_EQ(e, dev.coherent_dma_mask, KDS_DMA_BIT_MASK(32));
	KDS_EXPECT_EQ(e, kds_dma_set_mask(&dev, KDS_DMA_BIT_MASK(64)), -EIO);
	KDS_EXPECT_EQ(e, kds_dma_set_mask_and_coherent(&dev, KDS_DMA_BIT_MASK(64)), -EIO);
	KDS_EXPECT_U64_EQ(e, dev.coherent_dma_mask, KDS_DMA_BIT_MASK(32));	/* nothing changed */
	/* Coherent DMA does not need the pointer. */
	KDS_EXPECT_EQ(e, kds_dma_set_coherent_mask(&dev, KDS_DMA_BIT_MASK(40)), 0);
	KDS_EXPECT_U64_EQ(e, dev.coherent_dma_mask, KDS_DMA_BIT_MASK(40));
	KDS_EXPECT_U64_EQ(e, kds_dma_get_mask(&dev), KDS_DMA_BIT_MASK(32));
	KDS_EXPECT_EQ(e, kds_dma_check_transfer(&dev, 0x1000, 64, &r), KDS_DMA_IMPOSSIBLE);
	KDS_EXPECT_EQ(e, r.why, KDS_DMA_ROUTE_NO_MASK_PTR);
	KDS_EXPECT_EQ(e, r.bounce, -1);
}

static void dma_coerce_points_mask_at_coherent(struct kds_expect *e)
{
	struct kds_dma_dev dev;

	kds_dma_dev_init(&dev, "coerce", &dma_x86, NULL);
	KDS_EXPECT_EQ(e, kds_dma_coerce_mask_and_coherent(&dev, KDS_DMA_BIT_MASK(48)), 0);
	if (!KDS_EXPECT_PTR_EQ(e, dev.dma_mask, &dev.coherent_dma_mask))
		return;
	KDS_EXPECT_U64_EQ(e, *dev.dma_mask, KDS_DMA_BIT_MASK(48));
	KDS_EXPECT_U64_EQ(e, dev.coherent_dma_mask, KDS_DMA_BIT_MASK(48));
	/* A refused mask leaves the value; the pointer stays redirected. */
	KDS_EXPECT_EQ(e, kds_dma_coerce_mask_and_coherent(&dev, KDS_DMA_BIT_MASK(16)), -EIO);
	KDS_EXPECT_PTR_EQ(e, dev.dma_mask, &dev.coherent_dma_mask);
	KDS_EXPECT_U64_EQ(e, dev.coherent_dma_mask, KDS_DMA_BIT_MASK(48));
	KDS_EXPECT_EQ(e, kds_dma_coerce_mask_and_coherent(NULL, 0), -EINVAL);
}

/* ------------------------------------------- all or nothing, bus ops */

/* A bus whose coherent memory is limited to 32 bits; streaming is free. */
static bool coherent_32_only(const struct kds_dma_dev *dev, u64 mask, bool coherent)
{
	return !coherent || mask <= KDS_DMA_BIT_MASK(32);
}

static const struct kds_dma_ops coherent_32_ops = { .supported = coherent_32_only };

static void dma_mask_and_coherent_only_coherent_fails(struct kds_expect *e)
{
	struct kds_dma_dev dev;
	u64 mask;

	kds_dma_dev_init(&dev, "c32", &dma_x86, &mask);
	dev.ops = &coherent_32_ops;
	/* The streaming part alone would succeed ... */
	/* Supported means usable for both kinds. */
	KDS_EXPECT(e, !kds_dma_supported(&dev, KDS_DMA_BIT_MASK(64)));
	KDS_EXPECT(e, kds_dma_supported(&dev, KDS_DMA_BIT_MASK(32)));
	/* ... but the coherent part fails, so neither changes. */
	KDS_EXPECT_EQ(e, kds_dma_set_mask_and_coherent(&dev, KDS_DMA_BIT_MASK(64)), -EIO);
	KDS_EXPECT_U64_EQ(e, mask, KDS_DMA_BIT_MASK(32));
	KDS_EXPECT_U64_EQ(e, dev.coherent_dma_mask, KDS_DMA_BIT_MASK(32));
	/* Proof that the streaming part on its own is accepted. */
	KDS_EXPECT_EQ(e, kds_dma_set_mask(&dev, KDS_DMA_BIT_MASK(64)), 0);
	KDS_EXPECT_U64_EQ(e, mask, KDS_DMA_BIT_MASK(64));
	KDS_EXPECT_EQ(e, kds_dma_set_coherent_mask(&dev, KDS_DMA_BIT_MASK(64)), -EIO);
	KDS_EXPECT_U64_EQ(e, dev.coherent_dma_mask, KDS_DMA_BIT_MASK(32));
}

static void dma_ops_without_method_accept_everything(struct kds_expect *e)
{
	static const struct kds_dma_ops none = { .supported = NULL };
	struct kds_dma_dev dev;
	u64 mask;

	kds_dma_dev_init(&dev, "ops", &dma_x86, &mask);
	dev.ops = &none;
	KDS_EXPECT_EQ(e, kds_dma_set_mask_and_coherent(&dev, 0), 0);
	KDS_EXPECT_EQ(e, mask, 0);
	/* Non-direct mappings report the 32-bit default as required. */
	KDS_EXPECT_U64_EQ(e, kds_dma_get_required_mask(&dev), KDS_DMA_BIT_MASK(32));
}

static void dma_generation_rules_differ_below_32_bits(struct kds_expect *e)
{
	/* No ZONE_DMA, RAM up to 1 GiB: 5.1 and 5.6 both compare with RAM. */
	struct kds_dma_platform p = {
		.rule = KDS_DMA_RULE_5_1, .ram_top = 0x3ffff000ULL,
	};
	struct kds_dma_dev dev;
	u64 mask;

	kds_dma_dev_init(&dev, "gen", &p, &mask);
	KDS_EXPECT(e, kds_dma_supported(&dev, KDS_DMA_BIT_MASK(30)));
	KDS_EXPECT(e, !kds_dma_supported(&dev, KDS_DMA_BIT_MASK(29)));
	/* A non-all-ones mask is compared by value. */
	KDS_EXPECT(e, kds_dma_supported(&dev, 0x3ffff000ULL));
	KDS_EXPECT(e, !kds_dma_supported(&dev, 0x3fffefffULL));
	p.rule = KDS_DMA_RULE_5_6;
	KDS_EXPECT(e, kds_dma_supported(&dev, 0x3ffff000ULL));
	KDS_EXPECT(e, !kds_dma_supported(&dev, 0x3fffefffULL));
	/* With 16 GiB: 5.1 wants 32 bits (its default limit), 5.6 too. */
	p.ram_top = 0x3fffff000ULL;
	KDS_EXPECT(e, kds_dma_supported(&dev, KDS_DMA_BIT_MASK(32)));
	KDS_EXPECT(e, !kds_dma_supported(&dev, KDS_DMA_BIT_MASK(31)));
	p.rule = KDS_DMA_RULE_5_1;
	KDS_EXPECT(e, kds_dma_supported(&dev, KDS_DMA_BIT_MASK(32)));
	KDS_EXPECT(e, !kds_dma_supported(&dev, KDS_DMA_BIT_MASK(31)));
}

/* ------------------------------------------------------ bus dma limit */

static void dma_bus_limit_never_fails_set_mask_but_clamps(struct kds_expect *e)
{
	struct kds_dma_route r;
	struct kds_dma_dev dev;
	u64 mask;

	kds_dma_dev_init(&dev, "limited", &dma_x86, &mask);
	dev.bus_dma_limit = KDS_DMA_BIT_MASK(32);	/* below the mask */
	KDS_EXPECT_EQ(e, kds_dma_set_mask_and_coherent(&dev, KDS_DMA_BIT_MASK(64)), 0);
	KDS_EXPECT_U64_EQ(e, mask, KDS_DMA_BIT_MASK(64));
	KDS_EXPECT(e, kds_dma_addressing_limited(&dev));

	/* Last byte exactly at the bus limit: direct. */
	KDS_EXPECT_EQ(e, kds_dma_check_transfer(&dev, 0xfffff000ULL, 0x1000, &r), KDS_DMA_DIRECT);
	KDS_EXPECT_EQ(e, r.why, KDS_DMA_ROUTE_IN_REACH);
	KDS_EXPECT_U64_EQ(e, r.limit, KDS_DMA_BIT_MASK(32));
	KDS_EXPECT_U64_EQ(e, r.bus_start, 0xfffff000ULL);
	/* One byte past: bounced through the swiotlb. */
	KDS_EXPECT_EQ(e, kds_dma_check_transfer(&dev, 0xfffff000ULL, 0x1001, &r), KDS_DMA_BOUNCE);
	KDS_EXPECT_EQ(e, r.why, KDS_DMA_ROUTE_OUT_OF_REACH);
	KDS_EXPECT_EQ(e, r.bounce, 0);
	/* High RAM the 64-bit mask reaches but the bus does not. */
	KDS_EXPECT_EQ(e, kds_dma_check_transfer(&dev, 0x200000000ULL, 4096, &r), KDS_DMA_BOUNCE);

	/* Without the bus limit the same transfers are direct. */
	dev.bus_dma_limit = 0;
	KDS_EXPECT(e, !kds_dma_addressing_limited(&dev));
	KDS_EXPECT_EQ(e, kds_dma_check_transfer(&dev, 0x200000000ULL, 4096, &r), KDS_DMA_DIRECT);
	KDS_EXPECT_U64_EQ(e, r.limit, KDS_DMA_BIT_MASK(64));
}

static void dma_mask_limit_exactly_and_one_past(struct kds_expect *e)
{
	struct kds_dma_route r;
	struct kds_dma_dev dev;
	u64 mask;

	kds_dma_dev_init(&dev, "m32", &dma_x86, &mask);	/* 32-bit default */
	KDS_EXPECT_EQ(e, kds_dma_check_transfer(&dev, 0xffffffffULL, 1, &r), KDS_DMA_DIRECT);
	KDS_EXPECT_EQ(e, kds_dma_check_transfer(&dev, 0x100000000ULL, 1, &r), KDS_DMA_BOUNCE);
	KDS_EXPECT_EQ(e, kds_dma_check_transfer(&dev, 0xffffffffULL, 2, &r), KDS_DMA_BOUNCE);
	/* The bus limit above the mask changes nothing: min_not_zero. */
	dev.bus_dma_limit = KDS_DMA_BIT_MASK(40);
	KDS_EXPECT_EQ(e, kds_dma_check_transfer(&dev, 0xffffffffULL, 2, &r), KDS_DMA_BOUNCE);
	KDS_EXPECT_U64_EQ(e, r.limit, KDS_DMA_BIT_MASK(32));
	/* A zero mask leaves the bus limit in charge. */
	mask = 0;
	KDS_EXPECT_EQ(e, kds_dma_check_transfer(&dev, 0xffffffffULL, 2, &r), KDS_DMA_DIRECT);
	KDS_EXPECT_U64_EQ(e, r.limit, KDS_DMA_BIT_MASK(40));
}

static void dma_zero_length_transfer_is_invalid(struct kds_expect *e)
{
	struct kds_dma_route r = { .path = KDS_DMA_BOUNCE, .bounce = 7 };
	struct kds_dma_dev dev;
	u64 mask;

	kds_dma_dev_init(&dev, "z", &dma_x86, &mask);
	KDS_EXPECT_EQ(e, kds_dma_check_transfer(&dev, 0x1000, 0, &r), -EINVAL);
	KDS_EXPECT_EQ(e, r.path, KDS_DMA_BOUNCE);	/* route untouched */
	KDS_EXPECT_EQ(e, r.bounce, 7);
	KDS_EXPECT_EQ(e, kds_dma_check_transfer(&dev, 0, 0, NULL), -EINVAL);
	/* A NULL route is fine for a valid transfer. */
	KDS_EXPECT_EQ(e, kds_dma_check_transfer(&dev, 0, 1, NULL), KDS_DMA_DIRECT);
}

/* ---------------------------------------------------- bounce buffers */

static void dma_bounce_absent_too_small_or_out_of_reach(struct kds_expect *e)
{
	struct kds_dma_platform p = dma_x86;
	struct kds_dma_route r;
	struct kds_dma_dev dev;
	u64 mask;

	kds_dma_dev_init(&dev, "b", &p, &mask);
	/* Larger than the swiotlb's largest mapping. */
	KDS_EXPECT_EQ(e, kds_dma_check_transfer(&dev, 0x200000000ULL, 0x40001, &r), KDS_DMA_IMPOSSIBLE);
	KDS_EXPECT_EQ(e, r.why, KDS_DMA_ROUTE_BOUNCE_TOO_SMALL);
	KDS_EXPECT_EQ(e, kds_dma_check_transfer(&dev, 0x200000000ULL, 0x40000, &r), KDS_DMA_BOUNCE);

	/* A 24-bit device cannot reach the swiotlb at 0xbc000000. */
	KDS_EXPECT_EQ(e, kds_dma_set_mask(&dev, KDS_DMA_BIT_MASK(24)), 0);
	KDS_EXPECT_EQ(e, kds_dma_check_transfer(&dev, 0x200000000ULL, 512, &r), KDS_DMA_IMPOSSIBLE);
	KDS_EXPECT_EQ(e, r.why, KDS_DMA_ROUTE_BOUNCE_OUT_OF_REACH);

	/* A second, low pool serves it: the answer names that buffer. */
	p.nr_bounce = 2;
	p.bounce[1] = (struct kds_dma_bounce){ .name = "low", .base = 0x800000ULL,
					       .size = 0x100000ULL };
	KDS_EXPECT_EQ(e, kds_dma_check_transfer(&dev, 0x200000000ULL, 512, &r), KDS_DMA_BOUNCE);
	KDS_EXPECT_EQ(e, r.bounce, 1);
	/* max_mapping 0 means the whole pool. */
	KDS_EXPECT_EQ(e, kds_dma_check_transfer(&dev, 0x200000000ULL, 0x100000, &r), KDS_DMA_BOUNCE);
	KDS_EXPECT_EQ(e, kds_dma_check_transfer(&dev, 0x200000000ULL, 0x100001, &r), KDS_DMA_IMPOSSIBLE);

	/* No bounce buffer at all. */
	p.nr_bounce = 0;
	KDS_EXPECT_EQ(e, kds_dma_check_transfer(&dev, 0x200000000ULL, 512, &r), KDS_DMA_IMPOSSIBLE);
	KDS_EXPECT_EQ(e, r.why, KDS_DMA_ROUTE_NO_BOUNCE);
	KDS_EXPECT_EQ(e, r.bounce, -1);
	KDS_EXPECT_EQ(e, kds_dma_check_transfer(&dev, 0x1000, 512, &r), KDS_DMA_DIRECT);
}

/* -------------------------------------- the top of the address space */

static void dma_overflow_at_the_top(struct kds_expect *e)
{
	struct kds_dma_route r;
	struct kds_dma_dev dev;
	u64 mask;

	kds_dma_dev_init(&dev, "top", &dma_x86, &mask);
	KDS_EXPECT_EQ(e, kds_dma_set_mask(&dev, KDS_DMA_BIT_MASK(64)), 0);
	/* The very last byte and the last page are addressable. */
	KDS_EXPECT_EQ(e, kds_dma_check_transfer(&dev, U64_MAX, 1, &r), KDS_DMA_DIRECT);
	KDS_EXPECT_EQ(e, kds_dma_check_transfer(&dev, U64_MAX - 4095, 4096, &r), KDS_DMA_DIRECT);
	/* A buffer wrapping past 2^64 does not exist. */
	KDS_EXPECT_EQ(e, kds_dma_check_transfer(&dev, U64_MAX, 2, &r), -EINVAL);
	KDS_EXPECT_EQ(e, kds_dma_check_transfer(&dev, U64_MAX - 4095, 4097, &r), -EINVAL);
	KDS_EXPECT_EQ(e, kds_dma_check_transfer(&dev, 2, U64_MAX, &r), -EINVAL);
	/* Ends at 2^64 - 1. */
	KDS_EXPECT_EQ(e, kds_dma_check_transfer(&dev, 1, U64_MAX, &r), KDS_DMA_DIRECT);
	KDS_EXPECT_EQ(e, kds_dma_check_transfer(&dev, 0, U64_MAX, &r), KDS_DMA_DIRECT);
	/* 63 bits: the top half is out of reach, the size is too big to bounce. */
	KDS_EXPECT_EQ(e, kds_dma_set_mask(&dev, KDS_DMA_BIT_MASK(63)), 0);
	KDS_EXPECT_EQ(e, kds_dma_check_transfer(&dev, 0x7fffffffffffffffULL, 1, &r), KDS_DMA_DIRECT);
	KDS_EXPECT_EQ(e, kds_dma_check_transfer(&dev, 0x7fffffffffffffffULL, 2, &r), KDS_DMA_BOUNCE);
	KDS_EXPECT_EQ(e, kds_dma_check_transfer(&dev, 0, U64_MAX, &r), KDS_DMA_IMPOSSIBLE);
	KDS_EXPECT_EQ(e, r.why, KDS_DMA_ROUTE_BOUNCE_TOO_SMALL);
}

static void dma_bus_range_wrapping_through_the_offset(struct kds_expect *e)
{
	/* bus = phys + 4 GiB: the last 4 GiB of physical space wrap to bus 0. */
	struct kds_dma_platform p = {
		.rule = KDS_DMA_RULE_5_6, .ram_top = 0x7ffff000ULL,
		.dma_offset = (u64)0 - 0x100000000ULL,
		.nr_bounce = 1,
		.bounce = { { .base = 0x1000000ULL, .size = 0x100000ULL } },
	};
	struct kds_dma_route r;
	struct kds_dma_dev dev;
	u64 mask;

	kds_dma_dev_init(&dev, "wrap", &p, &mask);
	KDS_EXPECT_EQ(e, kds_dma_set_mask(&dev, KDS_DMA_BIT_MASK(64)), 0);
	KDS_EXPECT_U64_EQ(e, kds_dma_phys_to_bus(&p, 0x1000), 0x100001000ULL);
	/* Its bus range would run past 2^64: not direct even with 64 bits. */
	KDS_EXPECT_EQ(e, kds_dma_check_transfer(&dev, 0xfffffffefffff800ULL, 0x1000, &r), KDS_DMA_BOUNCE);
	KDS_EXPECT_EQ(e, r.why, KDS_DMA_ROUTE_BUS_WRAP);
	KDS_EXPECT_U64_EQ(e, r.bus_start, 0xfffffffffffff800ULL);
	/* Ending exactly at the top of bus space is fine. */
	KDS_EXPECT_EQ(e, kds_dma_check_transfer(&dev, 0xfffffffefffff800ULL, 0x800, &r), KDS_DMA_DIRECT);
	p.nr_bounce = 0;
	KDS_EXPECT_EQ(e, kds_dma_check_transfer(&dev, 0xfffffffefffff800ULL, 0x1000, &r),
		      KDS_DMA_IMPOSSIBLE);
	/* 5.1 needs 33 bits here; 5.6+ takes 32. */
	KDS_EXPECT_EQ(e, kds_dma_set_mask(&dev, KDS_DMA_BIT_MASK(32)), 0);
	p.rule = KDS_DMA_RULE_5_1;
	KDS_EXPECT_EQ(e, kds_dma_set_mask(&dev, KDS_DMA_BIT_MASK(32)), -EIO);
	KDS_EXPECT_EQ(e, kds_dma_set_mask(&dev, KDS_DMA_BIT_MASK(33)), 0);
}

/* ------------------------------------------------------------- IOMMU */

static void dma_iommu_window(struct kds_expect *e)
{
	struct kds_dma_platform p = dma_x86;
	struct kds_dma_route r;
	struct kds_dma_dev dev;
	u64 mask;

	p.iommu = true;
	p.nr_bounce = 0;
	kds_dma_dev_init(&dev, "iommu", &p, &mask);
	KDS_EXPECT_EQ(e, kds_dma_set_mask_and_coherent(&dev, 0), 0);	/* every mask, even 0 */
	KDS_EXPECT_EQ(e, kds_dma_set_mask(&dev, KDS_DMA_BIT_MASK(13)), 0);
	/* One page of window (page 0 is reserved): 4 KiB aligned fits. */
	KDS_EXPECT_EQ(e, kds_dma_check_transfer(&dev, 0x300000000ULL, 4096, &r), KDS_DMA_DIRECT);
	KDS_EXPECT_EQ(e, r.why, KDS_DMA_ROUTE_IOMMU);
	KDS_EXPECT_EQ(e, kds_dma_check_transfer(&dev, 0x300000000ULL, 4097, &r), KDS_DMA_IMPOSSIBLE);
	KDS_EXPECT_EQ(e, r.why, KDS_DMA_ROUTE_IOMMU_WINDOW);
	/* Misaligned: 4 KiB straddling two pages does not fit one page. */
	KDS_EXPECT_EQ(e, kds_dma_check_transfer(&dev, 0x300000800ULL, 4096, &r), KDS_DMA_IMPOSSIBLE);
	/* A window smaller than a page holds nothing. */
	KDS_EXPECT_EQ(e, kds_dma_set_mask(&dev, KDS_DMA_BIT_MASK(12)), 0);
	KDS_EXPECT_EQ(e, kds_dma_check_transfer(&dev, 0x1000, 1, &r), KDS_DMA_IMPOSSIBLE);
	/* 64 bits: even a transfer at the top of physical space. */
	KDS_EXPECT_EQ(e, kds_dma_set_mask(&dev, KDS_DMA_BIT_MASK(64)), 0);
	KDS_EXPECT_EQ(e, kds_dma_check_transfer(&dev, U64_MAX, 1, &r), KDS_DMA_DIRECT);
	KDS_EXPECT_EQ(e, kds_dma_check_transfer(&dev, 0, U64_MAX, &r), KDS_DMA_IMPOSSIBLE);
	KDS_EXPECT_U64_EQ(e, kds_dma_get_required_mask(&dev), KDS_DMA_BIT_MASK(32));
}

/* ---------------------------------------------------- invalid input */

static void dma_invalid_platforms_refused_and_nothing_changes(struct kds_expect *e)
{
	struct kds_dma_platform p = dma_x86;
	struct kds_dma_dev dev;
	u64 mask;

	KDS_EXPECT_EQ(e, kds_dma_platform_check(NULL), -EINVAL);
	KDS_EXPECT_EQ(e, kds_dma_platform_check(&p), 0);
	{
		enum kds_dma_why why = KDS_DMA_WHY_RAM_TOP;

		/* NULL: a floor no real mask reaches, and why says invalid */
		KDS_EXPECT_U64_EQ(e, kds_dma_floor(NULL, &why), U64_MAX);
		KDS_EXPECT_EQ(e, why, KDS_DMA_WHY_INVALID);
		KDS_EXPECT_U64_EQ(e, kds_dma_floor(NULL, NULL), U64_MAX);
		/* no platform, no offset */
		KDS_EXPECT_U64_EQ(e, kds_dma_phys_to_bus(NULL, 0x12345000), 0x12345000);
	}
	p.rule = (enum kds_dma_rule)7;
	KDS_EXPECT_EQ(e, kds_dma_platform_check(&p), -EINVAL);
	p = dma_x86;
	p.zone_dma_bits = 65;
	KDS_EXPECT_EQ(e, kds_dma_platform_check(&p), -EINVAL);
	p.zone_dma_bits = 64;
	KDS_EXPECT_EQ(e, kds_dma_platform_check(&p), 0);
	p = dma_x86;
	p.nr_bounce = KDS_DMA_MAX_BOUNCE + 1;
	KDS_EXPECT_EQ(e, kds_dma_platform_check(&p), -EINVAL);
	p = dma_x86;
	p.bounce[0].size = 0;
	KDS_EXPECT_EQ(e, kds_dma_platform_check(&p), -EINVAL);
	p = dma_x86;
	p.bounce[0].base = U64_MAX;
	KDS_EXPECT_EQ(e, kds_dma_platform_check(&p), -EINVAL);	/* wraps past 2^64 */
	p.bounce[0].size = 1;
	p.bounce[0].max_mapping = 0;
	KDS_EXPECT_EQ(e, kds_dma_platform_check(&p), 0);	/* the very last byte */
	p = dma_x86;
	p.bounce[0].max_mapping = p.bounce[0].size + 1;
	KDS_EXPECT_EQ(e, kds_dma_platform_check(&p), -EINVAL);

	kds_dma_dev_init(&dev, "bad", &p, &mask);
	KDS_EXPECT_EQ(e, kds_dma_set_mask(&dev, KDS_DMA_BIT_MASK(64)), -EINVAL);
	KDS_EXPECT_EQ(e, kds_dma_set_coherent_mask(&dev, KDS_DMA_BIT_MASK(64)), -EINVAL);
	KDS_EXPECT_EQ(e, kds_dma_set_mask_and_coherent(&dev, KDS_DMA_BIT_MASK(64)), -EINVAL);
	KDS_EXPECT_U64_EQ(e, mask, KDS_DMA_BIT_MASK(32));
	KDS_EXPECT_U64_EQ(e, dev.coherent_dma_mask, KDS_DMA_BIT_MASK(32));
	KDS_EXPECT(e, !kds_dma_supported(&dev, KDS_DMA_BIT_MASK(64)));
	KDS_EXPECT_EQ(e, kds_dma_get_required_mask(&dev), 0);
	KDS_EXPECT(e, !kds_dma_addressing_limited(&dev));
	KDS_EXPECT_EQ(e, kds_dma_check_transfer(&dev, 0, 1, NULL), -EINVAL);

	dev.platform = NULL;
	KDS_EXPECT_EQ(e, kds_dma_set_mask(&dev, KDS_DMA_BIT_MASK(64)), -EINVAL);
	KDS_EXPECT_EQ(e, kds_dma_set_mask(NULL, KDS_DMA_BIT_MASK(64)), -EINVAL);
	KDS_EXPECT_EQ(e, kds_dma_set_coherent_mask(NULL, 0), -EINVAL);
	KDS_EXPECT_EQ(e, kds_dma_set_mask_and_coherent(NULL, 0), -EINVAL);
	KDS_EXPECT(e, !kds_dma_supported(NULL, KDS_DMA_BIT_MASK(64)));
	KDS_EXPECT_U64_EQ(e, kds_dma_get_mask(NULL), KDS_DMA_BIT_MASK(32));
	KDS_EXPECT_EQ(e, kds_dma_check_transfer(NULL, 0, 1, NULL), -EINVAL);
	kds_dma_dev_init(NULL, "x", &dma_x86, NULL);	/* must not crash */
}

static void dma_required_mask_edges(struct kds_expect *e)
{
	struct kds_dma_platform p = { .rule = KDS_DMA_RULE_5_6, .ram_top = 0 };
	struct kds_dma_dev dev;
	u64 mask;

	kds_dma_dev_init(&dev, "r", &p, &mask);
	KDS_EXPECT_EQ(e, kds_dma_get_required_mask(&dev), 0);	/* RAM's top at bus 0 */
	p.ram_top = 0x1000;
	KDS_EXPECT_U64_EQ(e, kds_dma_get_required_mask(&dev), 0x1fff);
	p.ram_top = U64_MAX;
	KDS_EXPECT_U64_EQ(e, kds_dma_get_required_mask(&dev), U64_MAX);
	p.ram_top = 0x8000000000000000ULL;
	KDS_EXPECT_U64_EQ(e, kds_dma_get_required_mask(&dev), U64_MAX);
	KDS_EXPECT(e, kds_dma_addressing_limited(&dev));
	/* The offset applies: RAM's top 0xfffff000 seen at bus 0x7ffff000. */
	p.ram_top = 0xfffff000ULL;
	p.dma_offset = 0x80000000ULL;
	KDS_EXPECT_U64_EQ(e, kds_dma_get_required_mask(&dev), 0x7fffffffULL);
}

/* ------------------------------------------------ negotiation report */

static void dma_negotiation_does_not_change_the_device(struct kds_expect *e)
{
	struct kds_dma_negotiation n;
	struct kds_dma_dev dev;
	u64 mask;

	kds_dma_dev_init(&dev, "nic", &dma_x86, &mask);
	KDS_EXPECT_EQ(e, kds_dma_negotiate(&dev, KDS_DMA_BIT_MASK(64), KDS_DMA_BIT_MASK(20), &n), 0);
	KDS_EXPECT_U64_EQ(e, mask, KDS_DMA_BIT_MASK(32));
	KDS_EXPECT_U64_EQ(e, dev.coherent_dma_mask, KDS_DMA_BIT_MASK(32));
	KDS_EXPECT_EQ(e, n.streaming_err, 0);
	KDS_EXPECT_EQ(e, n.coherent_err, -EIO);
	KDS_EXPECT_U64_EQ(e, n.streaming_mask, KDS_DMA_BIT_MASK(64));
	KDS_EXPECT_U64_EQ(e, n.coherent_mask, KDS_DMA_BIT_MASK(32));	/* old coherent mask kept */
	KDS_EXPECT_EQ(e, n.streaming_why, KDS_DMA_WHY_32BIT_RULE);
	KDS_EXPECT_EQ(e, n.coherent_why, KDS_DMA_WHY_ZONE_LIMIT);
	KDS_EXPECT_U64_EQ(e, n.floor, 0xffffffULL);
	KDS_EXPECT_U64_EQ(e, n.reach, KDS_DMA_BIT_MASK(64));
	KDS_EXPECT_U64_EQ(e, n.required_mask, 0x3ffffffffULL);
	KDS_EXPECT(e, !(n.limited));
	KDS_EXPECT_EQ(e, kds_dma_negotiate(&dev, 0, 0, NULL), -EINVAL);
	KDS_EXPECT_EQ(e, kds_dma_negotiate(NULL, 0, 0, &n), -EINVAL);
}

static void dma_explanation_line(struct kds_expect *e)
{
	struct kds_dma_platform p = dma_x86;
	struct kds_dma_negotiation n;
	struct kds_dma_dev dev;
	char buf[256] = "";
	u64 mask;

	kds_dma_dev_init(&dev, "nic", &p, &mask);
	KDS_EXPECT_EQ(e, kds_dma_negotiate(&dev, KDS_DMA_BIT_MASK(64), KDS_DMA_BIT_MASK(20), &n), 0);
	KDS_EXPECT(e, (kds_dma_explain(&dev, &n, buf, sizeof(buf))) > (0));
	KDS_EXPECT_STREQ(e, buf,
		"nic on x86-64 (Linux 5.6+): streaming 64-bit ok (32 bits or more always work); "
		"coherent 20-bit refused (below 0xffffff, the DMA zone limit); "
		"reaches 0xffffffffffffffff, RAM needs 0x3ffffffff");

	p.rule = KDS_DMA_RULE_5_1;
	dev.bus_dma_limit = KDS_DMA_BIT_MASK(32);
	KDS_EXPECT_EQ(e, kds_dma_negotiate(&dev, KDS_DMA_BIT_MASK(28), 0x1ffffff0ULL, &n), 0);
	kds_dma_explain(&dev, &n, buf, sizeof(buf));
	KDS_EXPECT_STREQ(e, buf,
		"nic on x86-64 (Linux 5.1): streaming 28-bit ok (reaches 0xffffff, the DMA zone limit); "
		"coherent mask 0x1ffffff0 ok (reaches 0xffffff, the DMA zone limit); "
		"reaches 0xfffffff, RAM needs 0x3ffffffff: higher RAM bounces");

	p.iommu = true;
	dev.name = NULL;
	dev.dma_mask = NULL;
	KDS_EXPECT_EQ(e, kds_dma_negotiate(&dev, KDS_DMA_BIT_MASK(64), KDS_DMA_BIT_MASK(8), &n), 0);
	kds_dma_explain(&dev, &n, buf, sizeof(buf));
	KDS_EXPECT_STREQ(e, buf,
		"device on x86-64 (Linux 5.1): streaming 64-bit refused (the device has no streaming mask); "
		"coherent 8-bit ok (an IOMMU remaps every mask); no streaming DMA");

	/* Truncation keeps the NUL and reports what fits. */
	KDS_EXPECT_EQ(e, kds_dma_explain(&dev, &n, buf, 10), 9);
	KDS_EXPECT_STREQ(e, buf, "device on");
	KDS_EXPECT_EQ(e, kds_dma_explain(&dev, &n, buf, 0), 0);
	KDS_EXPECT_EQ(e, kds_dma_explain(&dev, NULL, buf, sizeof(buf)), -EINVAL);
	KDS_EXPECT_EQ(e, kds_dma_explain(NULL, &n, buf, sizeof(buf)), -EINVAL);
	KDS_EXPECT_EQ(e, kds_dma_explain(&dev, &n, NULL, 1), -EINVAL);
	KDS_EXPECT_STREQ(e, kds_dma_rule_name((enum kds_dma_rule)9), "unknown rule");
	KDS_EXPECT_STREQ(e, kds_dma_why_text((enum kds_dma_why)99), "unknown reason");
	KDS_EXPECT_STREQ(e, kds_dma_why_text(KDS_DMA_WHY_DEFAULT_32), "the 32-bit limit without ZONE_DMA");
}

/* ------------------------------------------------------ probe helper */

/* The same machine without a swiotlb, for the probe helper. */
static const struct kds_dma_platform dma_probe_x86 = {
	.name = "x86-64",
	.rule = KDS_DMA_RULE_5_6,
	.zone_dma_bits = 24,
	.ram_top = 0x3fffff000ULL,
};

/* A bus that offers no coherent memory below 36 bits. */
static bool coherent_36_up(const struct kds_dma_dev *dev, u64 mask, bool coherent)
{
	return !coherent || mask >= KDS_DMA_BIT_MASK(36);
}

static const struct kds_dma_ops c36_ops = { .supported = coherent_36_up };

#define WARN_MYDEV "mydev: no suitable DMA addressing available, not using DMA"

/*
 * One row a probe pattern and outcome: the device as the bus sets it up
 * (with or without a streaming mask, the bus's ops, masks already set),
 * the pattern the driver runs, and what it must find afterwards. A
 * failure leaves the HOWTO's warning; a success clears a stale one.
 */
struct dma_pattern_row {
	const char *name;
	enum kds_dma_probe_pattern pattern;
	const struct kds_dma_ops *ops;
	bool streaming;		/* the device has a streaming mask */
	u64 mask_before;	/* 0: the default from kds_dma_dev_init() */
	u64 coherent_before;	/* likewise */
	int rc;
	u64 mask_after;		/* only with a streaming mask */
	u64 coherent_after;
};

static const struct dma_pattern_row dma_pattern_rows[] = {
	{ "64: success", KDS_DMA_PROBE_64, NULL, true, 0, 0,
	  0, KDS_DMA_BIT_MASK(64), KDS_DMA_BIT_MASK(64) },
	/* no streaming mask: the combined call fails, coherent unchanged */
	{ "64: no mask pointer", KDS_DMA_PROBE_64, NULL, false, 0, 0,
	  -EIO, 0, KDS_DMA_BIT_MASK(32) },
	/* both or neither */
	{ "64: coherent refused", KDS_DMA_PROBE_64, &coherent_32_ops, true, 0, 0,
	  -EIO, KDS_DMA_BIT_MASK(32), KDS_DMA_BIT_MASK(32) },
	/* the bus that made the combined pattern fail suits this one */
	{ "split: success", KDS_DMA_PROBE_64_STREAM_32_COHERENT,
	  &coherent_32_ops, true, 0, 0,
	  0, KDS_DMA_BIT_MASK(64), KDS_DMA_BIT_MASK(32) },
	/* coherent never attempted */
	{ "split: streaming fails", KDS_DMA_PROBE_64_STREAM_32_COHERENT,
	  NULL, false, 0, 0x1234,
	  -EIO, 0, 0x1234 },
	/* the streaming mask is put back */
	{ "split: coherent fails", KDS_DMA_PROBE_64_STREAM_32_COHERENT,
	  &c36_ops, true, KDS_DMA_BIT_MASK(40), 0,
	  -EIO, KDS_DMA_BIT_MASK(40), KDS_DMA_BIT_MASK(32) },
};

static void dma_probe_patterns(struct kds_expect *e)
{
	const struct dma_pattern_row *r;
	struct kds_dma_dev dev;
	u64 mask;

	for (r = dma_pattern_rows; r < dma_pattern_rows + ARRAY_SIZE(dma_pattern_rows); r++) {
		char warn[KDS_DMA_WARN_LEN] = "stale";

		kds_expect_ctx(e, "%s", r->name);
		kds_dma_dev_init(&dev, "mydev", &dma_probe_x86,
				 r->streaming ? &mask : NULL);
		dev.ops = r->ops;
		if (r->mask_before)
			mask = r->mask_before;
		if (r->coherent_before)
			dev.coherent_dma_mask = r->coherent_before;
		KDS_EXPECT_EQ(e, kds_dma_probe(&dev, r->pattern, warn, sizeof(warn)), r->rc);
		KDS_EXPECT_STREQ(e, warn, r->rc ? WARN_MYDEV : "");
		if (r->streaming)
			KDS_EXPECT_U64_EQ(e, mask, r->mask_after);
		KDS_EXPECT_U64_EQ(e, dev.coherent_dma_mask, r->coherent_after);
	}
}

static void dma_bad_input_and_warning_buffers(struct kds_expect *e)
{
	char warn[KDS_DMA_WARN_LEN] = "";
	char small[8] = "";
	struct kds_dma_platform bad = dma_probe_x86;
	struct kds_dma_dev dev;
	u64 mask;

	kds_dma_dev_init(&dev, NULL, &dma_probe_x86, NULL);
	KDS_EXPECT_EQ(e, kds_dma_probe(&dev, KDS_DMA_PROBE_64, warn, sizeof(warn)), -EIO);
	KDS_EXPECT_STREQ(e, warn, "device: no suitable DMA addressing available, not using DMA");
	/* Truncated, still terminated; a NULL buffer is allowed. */
	KDS_EXPECT_EQ(e, kds_dma_probe(&dev, KDS_DMA_PROBE_64, small, sizeof(small)), -EIO);
	KDS_EXPECT_STREQ(e, small, "device:");
	KDS_EXPECT_EQ(e, kds_dma_probe(&dev, KDS_DMA_PROBE_64, NULL, 0), -EIO);

	kds_dma_dev_init(&dev, "mydev", &dma_probe_x86, &mask);
	KDS_EXPECT_EQ(e, kds_dma_probe(&dev, (enum kds_dma_probe_pattern)5, warn, sizeof(warn)), -EINVAL);
	KDS_EXPECT_STREQ(e, warn, WARN_MYDEV);
	KDS_EXPECT_U64_EQ(e, mask, KDS_DMA_BIT_MASK(32));

	bad.zone_dma_bits = 99;
	dev.platform = &bad;
	KDS_EXPECT_EQ(e, kds_dma_probe(&dev, KDS_DMA_PROBE_64, warn, sizeof(warn)), -EINVAL);
	KDS_EXPECT_EQ(e, kds_dma_probe(&dev, KDS_DMA_PROBE_64_STREAM_32_COHERENT,
				   warn, sizeof(warn)), -EINVAL);
	KDS_EXPECT_U64_EQ(e, mask, KDS_DMA_BIT_MASK(32));
	KDS_EXPECT_EQ(e, kds_dma_probe(NULL, KDS_DMA_PROBE_64, warn, sizeof(warn)), -EINVAL);
	KDS_EXPECT_STREQ(e, warn, "device: no suitable DMA addressing available, not using DMA");
}

static const struct kds_case kds_dma_mask_cases_run[] = {
	KDS_CASE(dma_table_covers_every_kind_of_platform),
	KDS_CASE(dma_supported_for_every_width),
	KDS_CASE(dma_set_mask_for_every_width),
	KDS_CASE(dma_floor_required_mask_and_limited),
	KDS_CASE(dma_negotiation_reasons_per_generation),
	KDS_CASE(dma_bit_mask_ends),
	KDS_CASE(dma_bit_mask_parenthesised),
	KDS_CASE(dma_null_mask_pointer),
	KDS_CASE(dma_coerce_points_mask_at_coherent),
	KDS_CASE(dma_mask_and_coherent_only_coherent_fails),
	KDS_CASE(dma_ops_without_method_accept_everything),
	KDS_CASE(dma_generation_rules_differ_below_32_bits),
	KDS_CASE(dma_bus_limit_never_fails_set_mask_but_clamps),
	KDS_CASE(dma_mask_limit_exactly_and_one_past),
	KDS_CASE(dma_zero_length_transfer_is_invalid),
	KDS_CASE(dma_bounce_absent_too_small_or_out_of_reach),
	KDS_CASE(dma_overflow_at_the_top),
	KDS_CASE(dma_bus_range_wrapping_through_the_offset),
	KDS_CASE(dma_iommu_window),
	KDS_CASE(dma_invalid_platforms_refused_and_nothing_changes),
	KDS_CASE(dma_required_mask_edges),
	KDS_CASE(dma_negotiation_does_not_change_the_device),
	KDS_CASE(dma_explanation_line),
	KDS_CASE(dma_probe_patterns),
	KDS_CASE(dma_bad_input_and_warning_buffers),
};

KDS_SUITE(kds_suite_dma_masks, "kds_dma_masks", kds_dma_mask_cases_run, NULL);
