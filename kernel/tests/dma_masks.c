// SPDX-License-Identifier: GPL-2.0
/*
 * dma_masks.c - the DMA mask table (dma/tests/mask_cases.h) in the kernel,
 * and the kds model filled with the running kernel's facts against the
 * kernel's own dma_set_mask()/dma_set_coherent_mask() on a real platform
 * device, for every mask width 0..64.
 */
#include "kds_port.h"
#include "kds_ktap.h"
#include "kernel_side.h"

#if __has_include("kds/dma.h") && __has_include("dma/tests/mask_cases.h")
#include "kds/dma.h"
#include "dma/tests/mask_cases.h"

/* Every row: floor, required mask, addressing limit, and widths 0..64. */
static void dma_mask_table(struct kds_expect *e)
{
	size_t i;
	int w;

	for (i = 0; i < ARRAY_SIZE(kds_dma_mask_cases); i++) {
		const struct kds_dma_mask_case *c = &kds_dma_mask_cases[i];
		struct kds_dma_platform p;
		struct kds_dma_dev dev;
		enum kds_dma_why why;
		u64 mask, floor;

		kds_dma_mask_case_platform(c, &p);
		if (kds_dma_platform_check(&p)) {
			kds_expect_fail(e, __FILE__, __LINE__, "%s: platform refused", c->name);
			continue;
		}
		floor = kds_dma_floor(&p, &why);
		if (floor != c->floor || why != c->floor_why)
			kds_expect_fail(e, __FILE__, __LINE__,
					"%s: floor 0x%llx (why %d), want 0x%llx (why %d)",
					c->name, floor, why, c->floor, c->floor_why);
		kds_dma_dev_init(&dev, c->name, &p, &mask);
		if (kds_dma_get_required_mask(&dev) != c->required_mask)
			kds_expect_fail(e, __FILE__, __LINE__,
					"%s: required mask 0x%llx, want 0x%llx", c->name,
					kds_dma_get_required_mask(&dev), c->required_mask);
		if (kds_dma_addressing_limited(&dev) != c->limited_at_32)
			kds_expect_fail(e, __FILE__, __LINE__,
					"%s: addressing_limited at 32 bits is %d", c->name,
					!c->limited_at_32);
		for (w = 0; w <= 64; w++) {
			bool want = kds_dma_mask_case_expect(c, w);
			int rc, crc;

			kds_dma_dev_init(&dev, c->name, &p, &mask);
			rc = kds_dma_set_mask(&dev, KDS_DMA_BIT_MASK(w));
			crc = kds_dma_set_coherent_mask(&dev, KDS_DMA_BIT_MASK(w));
			if (rc != (want ? 0 : -EIO) || crc != (want ? 0 : -EIO))
				kds_expect_fail(e, __FILE__, __LINE__,
						"%s: width %d: set_mask %d, coherent %d, want %d",
						c->name, w, rc, crc, want ? 0 : -EIO);
			if (!rc && mask != KDS_DMA_BIT_MASK(w))
				kds_expect_fail(e, __FILE__, __LINE__,
						"%s: width %d: mask not stored", c->name, w);
		}
	}
}

static const char *kds_dma_rc_name(int rc)
{
	return rc == 0 ? "0" : rc == -EIO ? "-EIO" : "other";
}

/*
 * The model, filled from the running kernel's facts with the 5.6+ rule
 * (the one Linux 6.1 has), must give exactly the kernel's answers for
 * every width, streaming and coherent, and leave the same masks behind.
 */
static void dma_model_vs_kernel(struct kds_expect *e)
{
	struct kds_test_dma_facts f;
	struct kds_dma_platform p = { .name = "running kernel" };
	struct kds_dma_dev dev;
	u64 mask;
	int w, rc, accepted = 0;

	rc = kds_test_dma_dev_create();
	KDS_ASSERT(e, rc == 0);
	rc = kds_test_dma_facts(&f);
	if (!KDS_EXPECT_EQ(e, rc, 0))
		goto out;
	kds_expect_note(e, "facts: zone_dma_bits %u, ram_top 0x%llx, dma_offset 0x%llx, iommu %d, swiotlb %d",
			f.zone_dma_bits, f.ram_top, f.dma_offset, f.iommu, f.swiotlb);
	p.rule = KDS_DMA_RULE_5_6;
	p.zone_dma_bits = f.zone_dma_bits;
	p.ram_top = f.ram_top;
	p.dma_offset = f.dma_offset;
	p.iommu = f.iommu;
	/*
	 * The bounce buffer's place is not exported to modules; it changes
	 * where transfers may go, never which masks are accepted.
	 */
	p.nr_bounce = 0;
	if (!KDS_EXPECT_EQ(e, kds_dma_platform_check(&p), 0))
		goto out;

	kds_dma_dev_init(&dev, "kds_test_dma", &p, &mask);
	KDS_EXPECT_U64_EQ(e, kds_dma_get_mask(&dev), kds_test_dma_get(false));
	KDS_EXPECT_U64_EQ(e, dev.coherent_dma_mask, kds_test_dma_get(true));
	KDS_EXPECT_U64_EQ(e, kds_dma_get_required_mask(&dev), kds_test_dma_required());

	for (w = 0; w <= 64; w++) {
		u64 m = KDS_DMA_BIT_MASK(w);
		int km = kds_dma_set_mask(&dev, m);
		int rm = kds_test_dma_set(m, false);
		int kc = kds_dma_set_coherent_mask(&dev, m);
		int rcoh = kds_test_dma_set(m, true);

		if (km != rm || kc != rcoh)
			kds_expect_fail(e, __FILE__, __LINE__,
					"width %d: set_mask kds %s linux %s, coherent kds %s linux %s",
					w, kds_dma_rc_name(km), kds_dma_rc_name(rm),
					kds_dma_rc_name(kc), kds_dma_rc_name(rcoh));
		if (kds_dma_get_mask(&dev) != kds_test_dma_get(false) ||
		    dev.coherent_dma_mask != kds_test_dma_get(true))
			kds_expect_fail(e, __FILE__, __LINE__,
					"width %d: masks left kds 0x%llx/0x%llx linux 0x%llx/0x%llx",
					w, kds_dma_get_mask(&dev), dev.coherent_dma_mask,
					kds_test_dma_get(false), kds_test_dma_get(true));
		accepted += rm == 0;
	}
	kds_expect_note(e, "linux accepted %d of 65 widths", accepted);
	/* Some widths must be refused and some accepted, or nothing was compared. */
	KDS_EXPECT(e, accepted > 0 && accepted < 65);
out:
	kds_test_dma_dev_destroy();
}

static const struct kds_case kds_dma_table_cases[] = {
	KDS_CASE(dma_mask_table),
};

static const struct kds_case kds_dma_vs_kernel_cases[] = {
	KDS_CASE(dma_model_vs_kernel),
};

static const char *kds_dma_skip(void)
{
	return NULL;
}

#else /* the dma component is not part of this build */

static void dma_absent(struct kds_expect *e)
{
}

static const struct kds_case kds_dma_table_cases[] = { KDS_CASE(dma_absent) };
static const struct kds_case kds_dma_vs_kernel_cases[] = { KDS_CASE(dma_absent) };

static const char *kds_dma_skip(void)
{
	return "dma is not part of this build";
}

#endif

KDS_SUITE(kds_suite_dma_masks, "kds_dma_masks", kds_dma_table_cases, kds_dma_skip);
KDS_SUITE(kds_suite_dma_vs_kernel, "kds_dma_vs_linux", kds_dma_vs_kernel_cases, kds_dma_skip);
