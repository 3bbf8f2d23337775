// SPDX-License-Identifier: GPL-2.0
/*
 * dax_iomem.c - suite kds_dax_iomem: kds_kmem's reservation leaves the
 * iomem tree the way Linux's kmem's does (kernel/dax_bus/iomem.c, built
 * into kds_test.ko too). Kernel only: it needs the real iomem tree.
 */
#include <linux/ioport.h>
#include <linux/sizes.h>

#include "kds_port.h"
#include "kds/components.h"
#include "kds_ktap.h"
#include "kernel/dax_bus/kds_dax_iomem.h"

/*
 * A range far above the test guests' memory and devices (they have at
 * most a few GiB of RAM and no device window there).
 */
#define KDS_IOMEM_TEST_BASE	0x3f00000000ULL

/*
 * A reservation shaped as kds_kmem makes it (requested, then not busy),
 * another driver's region requested inside it, then the reservation
 * removed: the inner region must stay in the tree under the reservation's
 * parent, and release cleanly; the whole range must be free afterwards.
 */
static void dax_iomem_remove_keeps_nested_child(struct kds_expect *e)
{
	struct resource *outer, *inner, *again;
	struct resource *above;

	outer = request_mem_region(KDS_IOMEM_TEST_BASE, SZ_2M, "kds_test reservation");
	KDS_ASSERT(e, outer != NULL);
	outer->flags = IORESOURCE_SYSTEM_RAM;
	above = outer->parent;
	inner = request_mem_region(KDS_IOMEM_TEST_BASE + SZ_1M, SZ_512K, "kds_test nested");
	if (!KDS_EXPECT(e, inner != NULL)) {
		kds_dax_iomem_remove(outer);
		return;
	}
	KDS_EXPECT_PTR_EQ(e, inner->parent, outer);

	kds_dax_iomem_remove(outer);
	KDS_EXPECT_PTR_EQ(e, inner->parent, above);
	KDS_EXPECT_U64_EQ(e, inner->start, KDS_IOMEM_TEST_BASE + SZ_1M);
	/* still in the tree: a request over it is refused */
	again = request_mem_region(KDS_IOMEM_TEST_BASE + SZ_1M, SZ_4K, "kds_test overlap");
	KDS_EXPECT(e, again == NULL);
	if (again)
		release_mem_region(KDS_IOMEM_TEST_BASE + SZ_1M, SZ_4K);
	release_mem_region(KDS_IOMEM_TEST_BASE + SZ_1M, SZ_512K);

	/* nothing of either left */
	again = request_mem_region(KDS_IOMEM_TEST_BASE, SZ_2M, "kds_test after");
	KDS_EXPECT(e, again != NULL);
	if (again)
		release_mem_region(KDS_IOMEM_TEST_BASE, SZ_2M);
}

static const struct kds_case kds_dax_iomem_cases[] = {
	KDS_CASE(dax_iomem_remove_keeps_nested_child),
};

KDS_SUITE(kds_suite_dax_iomem, "kds_dax_iomem", kds_dax_iomem_cases, NULL);
