// SPDX-License-Identifier: GPL-2.0
/*
 * dma_vs_linux.c - suite kds_dma_vs_linux: the kds model filled with the running kernel's facts
 * against the kernel's own dma_set_mask()/dma_set_coherent_mask() on a
 * real platform device, for every mask width 0..64. Kernel only; the mask
 * table runs in both worlds from dma/tests/cases_masks.c.
 */
#include "kds_port.h"
#include "kds/components.h"
#include "kds_ktap.h"
#include "kernel_side.h"

#ifdef KDS_HAVE_DMA
#include "kds/dma.h"

static const char *kds_dma_rc_name(int rc)
{
	return rc == 0 ? "0" : rc == -EIO ? "-EIO" : "other";
}

/*
 * The model, filled from the running kernel's facts with the 5.6+ rule
 * (the one Linux 6.1 has), must give exactly the kernel's answers for
 * every width, streaming and coherent, and leave the same masks behind.
 */
static void dma_model_vs_linux(struct kds_expect *e)
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

static const struct kds_case kds_dma_vs_linux_cases[] = {
	KDS_CASE(dma_model_vs_linux),
};

static const char *kds_dma_skip(void)
{
	return NULL;
}

#else /* the dma component is not part of this build */

static void dma_absent(struct kds_expect *e)
{
}

static const struct kds_case kds_dma_vs_linux_cases[] = { KDS_CASE(dma_absent) };

static const char *kds_dma_skip(void)
{
	return "dma is not part of this build";
}

#endif

KDS_SUITE(kds_suite_dma_vs_linux, "kds_dma_vs_linux", kds_dma_vs_linux_cases, kds_dma_skip);
