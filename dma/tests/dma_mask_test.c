// SPDX-License-Identifier: GPL-2.0
/*
 * Edge cases of the DMA mask model: DMA_BIT_MASK at its ends, devices
 * without a mask pointer, all-or-nothing mask setting, bus limits,
 * transfers at and past the limit, bounce buffers, IOMMU windows, address
 * arithmetic at the top of the 64-bit space, invalid platforms, and the
 * negotiation report.
 */
#include "kds_testing.h"
#include "kds/dma.h"
#include <linux/dma-mapping.h>

KDS_TEST_SUITE(dma_mask);

/* x86-64, 16 GiB, ZONE_DMA, one 64 MiB swiotlb at 0xbc000000 (256 KiB per mapping). */
static const struct kds_dma_platform x86 = {
	.name = "x86-64",
	.rule = KDS_DMA_RULE_5_6,
	.zone_dma_bits = 24,
	.ram_top = 0x3fffff000ULL,
	.nr_bounce = 1,
	.bounce = { { .name = "swiotlb", .base = 0xbc000000ULL,
		      .size = 0x4000000ULL, .max_mapping = 0x40000ULL } },
};

/* ------------------------------------------------------ DMA_BIT_MASK */

_Static_assert(KDS_DMA_BIT_MASK(0) == 0, "constant expression at 0");
_Static_assert(KDS_DMA_BIT_MASK(64) == ~0ULL, "constant expression at 64");

Test(dma_mask, bit_mask_ends)
{
	cr_assert_eq(KDS_DMA_BIT_MASK(0), 0);
	cr_assert_eq(KDS_DMA_BIT_MASK(1), 1);
	cr_assert_eq(KDS_DMA_BIT_MASK(24), 0xffffffULL);
	cr_assert_eq(KDS_DMA_BIT_MASK(32), 0xffffffffULL);
	cr_assert_eq(KDS_DMA_BIT_MASK(63), 0x7fffffffffffffffULL);
	cr_assert_eq(KDS_DMA_BIT_MASK(64), 0xffffffffffffffffULL);
	/* Out of range widths are clamped, never a shift by 64 or more. */
	cr_assert_eq(KDS_DMA_BIT_MASK(-1), 0);
	cr_assert_eq(KDS_DMA_BIT_MASK(65), 0xffffffffffffffffULL);
	cr_assert_eq(KDS_DMA_BIT_MASK(200), 0xffffffffffffffffULL);
	/* A runtime width (UBSan watches the shift in the asan config). */
	for (volatile unsigned int n = 0; n <= 64; n++) {
		u64 m = KDS_DMA_BIT_MASK(n);

		cr_assert_eq(fls64(m), (int)n, "width %u", n);
		cr_assert_eq(m & (m + 1), 0, "width %u is all ones", n);
		cr_assert_eq(kds_dma_mask_width(m), (int)n);
	}
}

Test(dma_mask, bit_mask_parenthesised_and_kernel_name)
{
	/* An argument with a lower-precedence operator must stay whole. */
	int a = 1;

	cr_assert_eq(KDS_DMA_BIT_MASK(a ? 8 : 16), 0xffULL);
	cr_assert_eq(KDS_DMA_BIT_MASK(32 | 8), KDS_DMA_BIT_MASK(40));
	cr_assert_eq(~KDS_DMA_BIT_MASK(32), 0xffffffff00000000ULL);
	/* The userspace port keeps the kernel's name. */
	cr_assert_eq(DMA_BIT_MASK(64), KDS_DMA_BIT_MASK(64));
	cr_assert_eq(DMA_BIT_MASK(0), 0);
	cr_assert_eq(kds_dma_mask_width(0x1234), -1);
}

/* ------------------------------------------------- NULL mask pointer */

Test(dma_mask, null_mask_pointer)
{
	struct kds_dma_route r;
	struct kds_dma_dev dev;

	kds_dma_dev_init(&dev, "nomask", &x86, NULL);
	cr_assert_null(dev.dma_mask);
	cr_assert_eq(dev.coherent_dma_mask, KDS_DMA_BIT_MASK(32));
	cr_assert_eq(kds_dma_set_mask(&dev, KDS_DMA_BIT_MASK(64)), -EIO);
	cr_assert_eq(kds_dma_set_mask_and_coherent(&dev, KDS_DMA_BIT_MASK(64)), -EIO);
	cr_assert_eq(dev.coherent_dma_mask, KDS_DMA_BIT_MASK(32), "nothing changed");
	/* Coherent DMA does not need the pointer. */
	cr_assert_eq(kds_dma_set_coherent_mask(&dev, KDS_DMA_BIT_MASK(40)), 0);
	cr_assert_eq(dev.coherent_dma_mask, KDS_DMA_BIT_MASK(40));
	cr_assert_eq(kds_dma_get_mask(&dev), KDS_DMA_BIT_MASK(32));
	cr_assert_eq(kds_dma_check_transfer(&dev, 0x1000, 64, &r), KDS_DMA_IMPOSSIBLE);
	cr_assert_eq(r.why, KDS_DMA_ROUTE_NO_MASK_PTR);
	cr_assert_eq(r.bounce, -1);
}

Test(dma_mask, coerce_points_mask_at_coherent)
{
	struct kds_dma_dev dev;

	kds_dma_dev_init(&dev, "coerce", &x86, NULL);
	cr_assert_eq(kds_dma_coerce_mask_and_coherent(&dev, KDS_DMA_BIT_MASK(48)), 0);
	cr_assert_eq(dev.dma_mask, &dev.coherent_dma_mask);
	cr_assert_eq(*dev.dma_mask, KDS_DMA_BIT_MASK(48));
	cr_assert_eq(dev.coherent_dma_mask, KDS_DMA_BIT_MASK(48));
	/* A refused mask leaves the value; the pointer stays redirected. */
	cr_assert_eq(kds_dma_coerce_mask_and_coherent(&dev, KDS_DMA_BIT_MASK(16)), -EIO);
	cr_assert_eq(dev.dma_mask, &dev.coherent_dma_mask);
	cr_assert_eq(dev.coherent_dma_mask, KDS_DMA_BIT_MASK(48));
	cr_assert_eq(kds_dma_coerce_mask_and_coherent(NULL, 0), -EINVAL);
	/* The kernel's name, userspace only. */
	cr_assert_eq(dma_coerce_mask_and_coherent(&dev, KDS_DMA_BIT_MASK(64)), 0);
	cr_assert_eq(dma_get_mask(&dev), KDS_DMA_BIT_MASK(64));
}

/* ------------------------------------------- all or nothing, bus ops */

/* A bus whose coherent memory is limited to 32 bits; streaming is free. */
static bool coherent_32_only(const struct kds_dma_dev *dev, u64 mask, bool coherent)
{
	return !coherent || mask <= KDS_DMA_BIT_MASK(32);
}

static const struct kds_dma_ops coherent_32_ops = { .supported = coherent_32_only };

Test(dma_mask, mask_and_coherent_only_coherent_fails)
{
	struct kds_dma_dev dev;
	u64 mask;

	kds_dma_dev_init(&dev, "c32", &x86, &mask);
	dev.ops = &coherent_32_ops;
	/* The streaming part alone would succeed ... */
	cr_assert_not(kds_dma_supported(&dev, KDS_DMA_BIT_MASK(64)),
		      "supported means usable for both kinds");
	cr_assert(kds_dma_supported(&dev, KDS_DMA_BIT_MASK(32)));
	/* ... but the coherent part fails, so neither changes. */
	cr_assert_eq(kds_dma_set_mask_and_coherent(&dev, KDS_DMA_BIT_MASK(64)), -EIO);
	cr_assert_eq(mask, KDS_DMA_BIT_MASK(32));
	cr_assert_eq(dev.coherent_dma_mask, KDS_DMA_BIT_MASK(32));
	/* Proof that the streaming part on its own is accepted. */
	cr_assert_eq(kds_dma_set_mask(&dev, KDS_DMA_BIT_MASK(64)), 0);
	cr_assert_eq(mask, KDS_DMA_BIT_MASK(64));
	cr_assert_eq(kds_dma_set_coherent_mask(&dev, KDS_DMA_BIT_MASK(64)), -EIO);
	cr_assert_eq(dev.coherent_dma_mask, KDS_DMA_BIT_MASK(32));
}

Test(dma_mask, ops_without_method_accept_everything)
{
	static const struct kds_dma_ops none = { .supported = NULL };
	struct kds_dma_dev dev;
	u64 mask;

	kds_dma_dev_init(&dev, "ops", &x86, &mask);
	dev.ops = &none;
	cr_assert_eq(kds_dma_set_mask_and_coherent(&dev, 0), 0);
	cr_assert_eq(mask, 0);
	/* Non-direct mappings report the 32-bit default as required. */
	cr_assert_eq(kds_dma_get_required_mask(&dev), KDS_DMA_BIT_MASK(32));
}

Test(dma_mask, generation_rules_differ_below_32_bits)
{
	/* No ZONE_DMA, RAM up to 1 GiB: 5.1 and 5.6 both compare with RAM. */
	struct kds_dma_platform p = {
		.rule = KDS_DMA_RULE_5_1, .ram_top = 0x3ffff000ULL,
	};
	struct kds_dma_dev dev;
	u64 mask;

	kds_dma_dev_init(&dev, "gen", &p, &mask);
	cr_assert(kds_dma_supported(&dev, KDS_DMA_BIT_MASK(30)));
	cr_assert_not(kds_dma_supported(&dev, KDS_DMA_BIT_MASK(29)));
	/* A non-all-ones mask is compared by value. */
	cr_assert(kds_dma_supported(&dev, 0x3ffff000ULL));
	cr_assert_not(kds_dma_supported(&dev, 0x3fffefffULL));
	p.rule = KDS_DMA_RULE_5_6;
	cr_assert(kds_dma_supported(&dev, 0x3ffff000ULL));
	cr_assert_not(kds_dma_supported(&dev, 0x3fffefffULL));
	/* With 16 GiB: 5.1 wants 32 bits (its default limit), 5.6 too. */
	p.ram_top = 0x3fffff000ULL;
	cr_assert(kds_dma_supported(&dev, KDS_DMA_BIT_MASK(32)));
	cr_assert_not(kds_dma_supported(&dev, KDS_DMA_BIT_MASK(31)));
	p.rule = KDS_DMA_RULE_5_1;
	cr_assert(kds_dma_supported(&dev, KDS_DMA_BIT_MASK(32)));
	cr_assert_not(kds_dma_supported(&dev, KDS_DMA_BIT_MASK(31)));
}

/* ------------------------------------------------------ bus dma limit */

Test(dma_mask, bus_limit_never_fails_set_mask_but_clamps)
{
	struct kds_dma_route r;
	struct kds_dma_dev dev;
	u64 mask;

	kds_dma_dev_init(&dev, "limited", &x86, &mask);
	dev.bus_dma_limit = KDS_DMA_BIT_MASK(32);	/* below the mask */
	cr_assert_eq(kds_dma_set_mask_and_coherent(&dev, KDS_DMA_BIT_MASK(64)), 0);
	cr_assert_eq(mask, KDS_DMA_BIT_MASK(64));
	cr_assert(kds_dma_addressing_limited(&dev));

	/* Last byte exactly at the bus limit: direct. */
	cr_assert_eq(kds_dma_check_transfer(&dev, 0xfffff000ULL, 0x1000, &r), KDS_DMA_DIRECT);
	cr_assert_eq(r.why, KDS_DMA_ROUTE_IN_REACH);
	cr_assert_eq(r.limit, KDS_DMA_BIT_MASK(32));
	cr_assert_eq(r.bus_start, 0xfffff000ULL);
	/* One byte past: bounced through the swiotlb. */
	cr_assert_eq(kds_dma_check_transfer(&dev, 0xfffff000ULL, 0x1001, &r), KDS_DMA_BOUNCE);
	cr_assert_eq(r.why, KDS_DMA_ROUTE_OUT_OF_REACH);
	cr_assert_eq(r.bounce, 0);
	/* High RAM the 64-bit mask reaches but the bus does not. */
	cr_assert_eq(kds_dma_check_transfer(&dev, 0x200000000ULL, 4096, &r), KDS_DMA_BOUNCE);

	/* Without the bus limit the same transfers are direct. */
	dev.bus_dma_limit = 0;
	cr_assert_not(kds_dma_addressing_limited(&dev));
	cr_assert_eq(kds_dma_check_transfer(&dev, 0x200000000ULL, 4096, &r), KDS_DMA_DIRECT);
	cr_assert_eq(r.limit, KDS_DMA_BIT_MASK(64));
}

Test(dma_mask, mask_limit_exactly_and_one_past)
{
	struct kds_dma_route r;
	struct kds_dma_dev dev;
	u64 mask;

	kds_dma_dev_init(&dev, "m32", &x86, &mask);	/* 32-bit default */
	cr_assert_eq(kds_dma_check_transfer(&dev, 0xffffffffULL, 1, &r), KDS_DMA_DIRECT);
	cr_assert_eq(kds_dma_check_transfer(&dev, 0x100000000ULL, 1, &r), KDS_DMA_BOUNCE);
	cr_assert_eq(kds_dma_check_transfer(&dev, 0xffffffffULL, 2, &r), KDS_DMA_BOUNCE);
	/* The bus limit above the mask changes nothing: min_not_zero. */
	dev.bus_dma_limit = KDS_DMA_BIT_MASK(40);
	cr_assert_eq(kds_dma_check_transfer(&dev, 0xffffffffULL, 2, &r), KDS_DMA_BOUNCE);
	cr_assert_eq(r.limit, KDS_DMA_BIT_MASK(32));
	/* A zero mask leaves the bus limit in charge. */
	mask = 0;
	cr_assert_eq(kds_dma_check_transfer(&dev, 0xffffffffULL, 2, &r), KDS_DMA_DIRECT);
	cr_assert_eq(r.limit, KDS_DMA_BIT_MASK(40));
}

Test(dma_mask, zero_length_transfer_is_invalid)
{
	struct kds_dma_route r = { .path = KDS_DMA_BOUNCE, .bounce = 7 };
	struct kds_dma_dev dev;
	u64 mask;

	kds_dma_dev_init(&dev, "z", &x86, &mask);
	cr_assert_eq(kds_dma_check_transfer(&dev, 0x1000, 0, &r), -EINVAL);
	cr_assert_eq(r.path, KDS_DMA_BOUNCE, "route untouched");
	cr_assert_eq(r.bounce, 7);
	cr_assert_eq(kds_dma_check_transfer(&dev, 0, 0, NULL), -EINVAL);
	/* A NULL route is fine for a valid transfer. */
	cr_assert_eq(kds_dma_check_transfer(&dev, 0, 1, NULL), KDS_DMA_DIRECT);
}

/* ---------------------------------------------------- bounce buffers */

Test(dma_mask, bounce_absent_too_small_or_out_of_reach)
{
	struct kds_dma_platform p = x86;
	struct kds_dma_route r;
	struct kds_dma_dev dev;
	u64 mask;

	kds_dma_dev_init(&dev, "b", &p, &mask);
	/* Larger than the swiotlb's largest mapping. */
	cr_assert_eq(kds_dma_check_transfer(&dev, 0x200000000ULL, 0x40001, &r),
		     KDS_DMA_IMPOSSIBLE);
	cr_assert_eq(r.why, KDS_DMA_ROUTE_BOUNCE_TOO_SMALL);
	cr_assert_eq(kds_dma_check_transfer(&dev, 0x200000000ULL, 0x40000, &r), KDS_DMA_BOUNCE);

	/* A 24-bit device cannot reach the swiotlb at 0xbc000000. */
	cr_assert_eq(kds_dma_set_mask(&dev, KDS_DMA_BIT_MASK(24)), 0);
	cr_assert_eq(kds_dma_check_transfer(&dev, 0x200000000ULL, 512, &r), KDS_DMA_IMPOSSIBLE);
	cr_assert_eq(r.why, KDS_DMA_ROUTE_BOUNCE_OUT_OF_REACH);

	/* A second, low pool serves it: the answer names that buffer. */
	p.nr_bounce = 2;
	p.bounce[1] = (struct kds_dma_bounce){ .name = "low", .base = 0x800000ULL,
					       .size = 0x100000ULL };
	cr_assert_eq(kds_dma_check_transfer(&dev, 0x200000000ULL, 512, &r), KDS_DMA_BOUNCE);
	cr_assert_eq(r.bounce, 1);
	/* max_mapping 0 means the whole pool. */
	cr_assert_eq(kds_dma_check_transfer(&dev, 0x200000000ULL, 0x100000, &r), KDS_DMA_BOUNCE);
	cr_assert_eq(kds_dma_check_transfer(&dev, 0x200000000ULL, 0x100001, &r),
		     KDS_DMA_IMPOSSIBLE);

	/* No bounce buffer at all. */
	p.nr_bounce = 0;
	cr_assert_eq(kds_dma_check_transfer(&dev, 0x200000000ULL, 512, &r), KDS_DMA_IMPOSSIBLE);
	cr_assert_eq(r.why, KDS_DMA_ROUTE_NO_BOUNCE);
	cr_assert_eq(r.bounce, -1);
	cr_assert_eq(kds_dma_check_transfer(&dev, 0x1000, 512, &r), KDS_DMA_DIRECT);
}

/* -------------------------------------- the top of the address space */

Test(dma_mask, overflow_at_the_top)
{
	struct kds_dma_route r;
	struct kds_dma_dev dev;
	u64 mask;

	kds_dma_dev_init(&dev, "top", &x86, &mask);
	cr_assert_eq(kds_dma_set_mask(&dev, KDS_DMA_BIT_MASK(64)), 0);
	/* The very last byte and the last page are addressable. */
	cr_assert_eq(kds_dma_check_transfer(&dev, U64_MAX, 1, &r), KDS_DMA_DIRECT);
	cr_assert_eq(kds_dma_check_transfer(&dev, U64_MAX - 4095, 4096, &r), KDS_DMA_DIRECT);
	/* A buffer wrapping past 2^64 does not exist. */
	cr_assert_eq(kds_dma_check_transfer(&dev, U64_MAX, 2, &r), -EINVAL);
	cr_assert_eq(kds_dma_check_transfer(&dev, U64_MAX - 4095, 4097, &r), -EINVAL);
	cr_assert_eq(kds_dma_check_transfer(&dev, 2, U64_MAX, &r), -EINVAL);
	cr_assert_eq(kds_dma_check_transfer(&dev, 1, U64_MAX, &r), KDS_DMA_DIRECT, "ends at 2^64 - 1");
	cr_assert_eq(kds_dma_check_transfer(&dev, 0, U64_MAX, &r), KDS_DMA_DIRECT);
	/* 63 bits: the top half is out of reach, the size is too big to bounce. */
	cr_assert_eq(kds_dma_set_mask(&dev, KDS_DMA_BIT_MASK(63)), 0);
	cr_assert_eq(kds_dma_check_transfer(&dev, 0x7fffffffffffffffULL, 1, &r), KDS_DMA_DIRECT);
	cr_assert_eq(kds_dma_check_transfer(&dev, 0x7fffffffffffffffULL, 2, &r), KDS_DMA_BOUNCE);
	cr_assert_eq(kds_dma_check_transfer(&dev, 0, U64_MAX, &r), KDS_DMA_IMPOSSIBLE);
	cr_assert_eq(r.why, KDS_DMA_ROUTE_BOUNCE_TOO_SMALL);
}

Test(dma_mask, bus_range_wrapping_through_the_offset)
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
	cr_assert_eq(kds_dma_set_mask(&dev, KDS_DMA_BIT_MASK(64)), 0);
	cr_assert_eq(kds_dma_phys_to_bus(&p, 0x1000), 0x100001000ULL);
	/* Its bus range would run past 2^64: not direct even with 64 bits. */
	cr_assert_eq(kds_dma_check_transfer(&dev, 0xfffffffefffff800ULL, 0x1000, &r),
		     KDS_DMA_BOUNCE);
	cr_assert_eq(r.why, KDS_DMA_ROUTE_BUS_WRAP);
	cr_assert_eq(r.bus_start, 0xfffffffffffff800ULL);
	/* Ending exactly at the top of bus space is fine. */
	cr_assert_eq(kds_dma_check_transfer(&dev, 0xfffffffefffff800ULL, 0x800, &r),
		     KDS_DMA_DIRECT);
	p.nr_bounce = 0;
	cr_assert_eq(kds_dma_check_transfer(&dev, 0xfffffffefffff800ULL, 0x1000, &r),
		     KDS_DMA_IMPOSSIBLE);
	/* 5.1 needs 33 bits here; 5.6+ takes 32. */
	cr_assert_eq(kds_dma_set_mask(&dev, KDS_DMA_BIT_MASK(32)), 0);
	p.rule = KDS_DMA_RULE_5_1;
	cr_assert_eq(kds_dma_set_mask(&dev, KDS_DMA_BIT_MASK(32)), -EIO);
	cr_assert_eq(kds_dma_set_mask(&dev, KDS_DMA_BIT_MASK(33)), 0);
}

/* ------------------------------------------------------------- IOMMU */

Test(dma_mask, iommu_window)
{
	struct kds_dma_platform p = x86;
	struct kds_dma_route r;
	struct kds_dma_dev dev;
	u64 mask;

	p.iommu = true;
	p.nr_bounce = 0;
	kds_dma_dev_init(&dev, "iommu", &p, &mask);
	cr_assert_eq(kds_dma_set_mask_and_coherent(&dev, 0), 0, "every mask, even 0");
	cr_assert_eq(kds_dma_set_mask(&dev, KDS_DMA_BIT_MASK(13)), 0);
	/* One page of window (page 0 is reserved): 4 KiB aligned fits. */
	cr_assert_eq(kds_dma_check_transfer(&dev, 0x300000000ULL, 4096, &r), KDS_DMA_DIRECT);
	cr_assert_eq(r.why, KDS_DMA_ROUTE_IOMMU);
	cr_assert_eq(kds_dma_check_transfer(&dev, 0x300000000ULL, 4097, &r), KDS_DMA_IMPOSSIBLE);
	cr_assert_eq(r.why, KDS_DMA_ROUTE_IOMMU_WINDOW);
	/* Misaligned: 4 KiB straddling two pages does not fit one page. */
	cr_assert_eq(kds_dma_check_transfer(&dev, 0x300000800ULL, 4096, &r), KDS_DMA_IMPOSSIBLE);
	/* A window smaller than a page holds nothing. */
	cr_assert_eq(kds_dma_set_mask(&dev, KDS_DMA_BIT_MASK(12)), 0);
	cr_assert_eq(kds_dma_check_transfer(&dev, 0x1000, 1, &r), KDS_DMA_IMPOSSIBLE);
	/* 64 bits: even a transfer at the top of physical space. */
	cr_assert_eq(kds_dma_set_mask(&dev, KDS_DMA_BIT_MASK(64)), 0);
	cr_assert_eq(kds_dma_check_transfer(&dev, U64_MAX, 1, &r), KDS_DMA_DIRECT);
	cr_assert_eq(kds_dma_check_transfer(&dev, 0, U64_MAX, &r), KDS_DMA_IMPOSSIBLE);
	cr_assert_eq(kds_dma_get_required_mask(&dev), KDS_DMA_BIT_MASK(32));
}

/* ---------------------------------------------------- invalid input */

Test(dma_mask, invalid_platforms_refused_and_nothing_changes)
{
	struct kds_dma_platform p = x86;
	struct kds_dma_dev dev;
	u64 mask;

	cr_assert_eq(kds_dma_platform_check(NULL), -EINVAL);
	cr_assert_eq(kds_dma_platform_check(&p), 0);
	p.rule = (enum kds_dma_rule)7;
	cr_assert_eq(kds_dma_platform_check(&p), -EINVAL);
	p = x86;
	p.zone_dma_bits = 65;
	cr_assert_eq(kds_dma_platform_check(&p), -EINVAL);
	p.zone_dma_bits = 64;
	cr_assert_eq(kds_dma_platform_check(&p), 0);
	p = x86;
	p.nr_bounce = KDS_DMA_MAX_BOUNCE + 1;
	cr_assert_eq(kds_dma_platform_check(&p), -EINVAL);
	p = x86;
	p.bounce[0].size = 0;
	cr_assert_eq(kds_dma_platform_check(&p), -EINVAL);
	p = x86;
	p.bounce[0].base = U64_MAX;
	cr_assert_eq(kds_dma_platform_check(&p), -EINVAL, "wraps past 2^64");
	p.bounce[0].size = 1;
	p.bounce[0].max_mapping = 0;
	cr_assert_eq(kds_dma_platform_check(&p), 0, "the very last byte");
	p = x86;
	p.bounce[0].max_mapping = p.bounce[0].size + 1;
	cr_assert_eq(kds_dma_platform_check(&p), -EINVAL);

	kds_dma_dev_init(&dev, "bad", &p, &mask);
	cr_assert_eq(kds_dma_set_mask(&dev, KDS_DMA_BIT_MASK(64)), -EINVAL);
	cr_assert_eq(kds_dma_set_coherent_mask(&dev, KDS_DMA_BIT_MASK(64)), -EINVAL);
	cr_assert_eq(kds_dma_set_mask_and_coherent(&dev, KDS_DMA_BIT_MASK(64)), -EINVAL);
	cr_assert_eq(mask, KDS_DMA_BIT_MASK(32));
	cr_assert_eq(dev.coherent_dma_mask, KDS_DMA_BIT_MASK(32));
	cr_assert_not(kds_dma_supported(&dev, KDS_DMA_BIT_MASK(64)));
	cr_assert_eq(kds_dma_get_required_mask(&dev), 0);
	cr_assert_not(kds_dma_addressing_limited(&dev));
	cr_assert_eq(kds_dma_check_transfer(&dev, 0, 1, NULL), -EINVAL);

	dev.platform = NULL;
	cr_assert_eq(kds_dma_set_mask(&dev, KDS_DMA_BIT_MASK(64)), -EINVAL);
	cr_assert_eq(kds_dma_set_mask(NULL, KDS_DMA_BIT_MASK(64)), -EINVAL);
	cr_assert_eq(kds_dma_set_coherent_mask(NULL, 0), -EINVAL);
	cr_assert_eq(kds_dma_set_mask_and_coherent(NULL, 0), -EINVAL);
	cr_assert_not(kds_dma_supported(NULL, KDS_DMA_BIT_MASK(64)));
	cr_assert_eq(kds_dma_get_mask(NULL), KDS_DMA_BIT_MASK(32));
	cr_assert_eq(kds_dma_check_transfer(NULL, 0, 1, NULL), -EINVAL);
	kds_dma_dev_init(NULL, "x", &x86, NULL);	/* must not crash */
}

Test(dma_mask, required_mask_edges)
{
	struct kds_dma_platform p = { .rule = KDS_DMA_RULE_5_6, .ram_top = 0 };
	struct kds_dma_dev dev;
	u64 mask;

	kds_dma_dev_init(&dev, "r", &p, &mask);
	cr_assert_eq(kds_dma_get_required_mask(&dev), 0, "RAM's top at bus 0");
	p.ram_top = 0x1000;
	cr_assert_eq(kds_dma_get_required_mask(&dev), 0x1fff);
	p.ram_top = U64_MAX;
	cr_assert_eq(kds_dma_get_required_mask(&dev), U64_MAX);
	p.ram_top = 0x8000000000000000ULL;
	cr_assert_eq(kds_dma_get_required_mask(&dev), U64_MAX);
	cr_assert(kds_dma_addressing_limited(&dev));
	/* The offset applies: RAM's top 0xfffff000 seen at bus 0x7ffff000. */
	p.ram_top = 0xfffff000ULL;
	p.dma_offset = 0x80000000ULL;
	cr_assert_eq(kds_dma_get_required_mask(&dev), 0x7fffffffULL);
}

/* ------------------------------------------------ negotiation report */

Test(dma_mask, negotiation_does_not_change_the_device)
{
	struct kds_dma_negotiation n;
	struct kds_dma_dev dev;
	u64 mask;

	kds_dma_dev_init(&dev, "nic", &x86, &mask);
	cr_assert_eq(kds_dma_negotiate(&dev, KDS_DMA_BIT_MASK(64), KDS_DMA_BIT_MASK(20), &n), 0);
	cr_assert_eq(mask, KDS_DMA_BIT_MASK(32));
	cr_assert_eq(dev.coherent_dma_mask, KDS_DMA_BIT_MASK(32));
	cr_assert_eq(n.streaming_err, 0);
	cr_assert_eq(n.coherent_err, -EIO);
	cr_assert_eq(n.streaming_mask, KDS_DMA_BIT_MASK(64));
	cr_assert_eq(n.coherent_mask, KDS_DMA_BIT_MASK(32), "old coherent mask kept");
	cr_assert_eq(n.streaming_why, KDS_DMA_WHY_32BIT_RULE);
	cr_assert_eq(n.coherent_why, KDS_DMA_WHY_ZONE_LIMIT);
	cr_assert_eq(n.floor, 0xffffffULL);
	cr_assert_eq(n.reach, KDS_DMA_BIT_MASK(64));
	cr_assert_eq(n.required_mask, 0x3ffffffffULL);
	cr_assert_not(n.limited);
	cr_assert_eq(kds_dma_negotiate(&dev, 0, 0, NULL), -EINVAL);
	cr_assert_eq(kds_dma_negotiate(NULL, 0, 0, &n), -EINVAL);
}

Test(dma_mask, explanation_line)
{
	struct kds_dma_platform p = x86;
	struct kds_dma_negotiation n;
	struct kds_dma_dev dev;
	char buf[256];
	u64 mask;

	kds_dma_dev_init(&dev, "nic", &p, &mask);
	cr_assert_eq(kds_dma_negotiate(&dev, KDS_DMA_BIT_MASK(64), KDS_DMA_BIT_MASK(20), &n), 0);
	cr_assert_gt(kds_dma_explain(&dev, &n, buf, sizeof(buf)), 0);
	cr_assert_str_eq(buf,
		"nic on x86-64 (Linux 5.6+): streaming 64-bit ok (32 bits or more always work); "
		"coherent 20-bit refused (below 0xffffff, the DMA zone limit); "
		"reaches 0xffffffffffffffff, RAM needs 0x3ffffffff");

	p.rule = KDS_DMA_RULE_5_1;
	dev.bus_dma_limit = KDS_DMA_BIT_MASK(32);
	cr_assert_eq(kds_dma_negotiate(&dev, KDS_DMA_BIT_MASK(28), 0x1ffffff0ULL, &n), 0);
	kds_dma_explain(&dev, &n, buf, sizeof(buf));
	cr_assert_str_eq(buf,
		"nic on x86-64 (Linux 5.1): streaming 28-bit ok (reaches 0xffffff, the DMA zone limit); "
		"coherent mask 0x1ffffff0 ok (reaches 0xffffff, the DMA zone limit); "
		"reaches 0xfffffff, RAM needs 0x3ffffffff: higher RAM bounces");

	p.iommu = true;
	dev.name = NULL;
	dev.dma_mask = NULL;
	cr_assert_eq(kds_dma_negotiate(&dev, KDS_DMA_BIT_MASK(64), KDS_DMA_BIT_MASK(8), &n), 0);
	kds_dma_explain(&dev, &n, buf, sizeof(buf));
	cr_assert_str_eq(buf,
		"device on x86-64 (Linux 5.1): streaming 64-bit refused (the device has no streaming mask); "
		"coherent 8-bit ok (an IOMMU remaps every mask); no streaming DMA");

	/* Truncation keeps the NUL and reports what fits. */
	cr_assert_eq(kds_dma_explain(&dev, &n, buf, 10), 9);
	cr_assert_str_eq(buf, "device on");
	cr_assert_eq(kds_dma_explain(&dev, &n, buf, 0), 0);
	cr_assert_eq(kds_dma_explain(&dev, NULL, buf, sizeof(buf)), -EINVAL);
	cr_assert_eq(kds_dma_explain(NULL, &n, buf, sizeof(buf)), -EINVAL);
	cr_assert_eq(kds_dma_explain(&dev, &n, NULL, 1), -EINVAL);
	cr_assert_str_eq(kds_dma_rule_name((enum kds_dma_rule)9), "unknown rule");
	cr_assert_str_eq(kds_dma_why_text((enum kds_dma_why)99), "unknown reason");
	cr_assert_str_eq(kds_dma_why_text(KDS_DMA_WHY_DEFAULT_32),
			 "the 32-bit limit without ZONE_DMA");
}

Test(dma_mask, kernel_names_in_userspace)
{
	struct kds_dma_dev dev;
	u64 mask;

	kds_dma_dev_init(&dev, "k", &x86, &mask);
	cr_assert_eq(dma_set_mask(&dev, DMA_BIT_MASK(40)), 0);
	cr_assert_eq(dma_set_coherent_mask(&dev, DMA_BIT_MASK(36)), 0);
	cr_assert_eq(dma_set_mask_and_coherent(&dev, DMA_BIT_MASK(16)), -EIO);
	cr_assert(dma_supported(&dev, DMA_BIT_MASK(24)));
	cr_assert_eq(dma_get_mask(&dev), DMA_BIT_MASK(40));
	cr_assert_eq(dma_get_required_mask(&dev), 0x3ffffffffULL);
	cr_assert_not(dma_addressing_limited(&dev), "40 bits reach 16 GiB");
	cr_assert_eq(dma_set_mask(&dev, DMA_BIT_MASK(32)), 0);
	cr_assert(dma_addressing_limited(&dev));
}
