// SPDX-License-Identifier: GPL-2.0
/*
 * Userspace only: the kernel's DMA names (DMA_BIT_MASK, dma_set_mask() ...)
 * as compat/<linux/dma-mapping.h> maps them onto the model, which exist
 * only over the userspace port (in the kernel they are the kernel's own,
 * taking a struct device), and the port's WARN counter, which the kernel
 * has not. Every other mask and probe case is in tests/cases_masks.c and runs
 * in kds_test.ko too.
 */
#include "kds_testing.h"
#include "kds/dma.h"
#include "dma/tests/mask_cases.h"
#include <linux/dma-mapping.h>

KDS_TEST_SUITE(dma_mask);

/* x86-64, 16 GiB, ZONE_DMA (24 bits), the 5.6 rule. */
static const struct kds_dma_platform x86 =
	KDS_DMA_CASE_X86_16G("x86-64", 24, KDS_DMA_RULE_5_6);

/* The kernel's name is a constant expression, as the kernel's macro is. */
_Static_assert(DMA_BIT_MASK(64) == 0xffffffffffffffffULL, "DMA_BIT_MASK(64)");
_Static_assert(DMA_BIT_MASK(32) == 0xffffffffULL, "DMA_BIT_MASK(32)");

/*
 * DMA_BIT_MASK(n) against values that do not come from the macro: literals
 * at the widths drivers use, and for every width 0..64 a mask built one bit
 * at a time (bit i is set for each i < n).
 */
Test(dma_mask, kernel_bit_mask_name)
{
	static const struct { int n; u64 mask; } lit[] = {
		{ 0, 0 },
		{ 1, 0x1ULL },
		{ 24, 0xffffffULL },
		{ 32, 0xffffffffULL },
		{ 36, 0xfffffffffULL },
		{ 40, 0xffffffffffULL },
		{ 63, 0x7fffffffffffffffULL },
		{ 64, 0xffffffffffffffffULL },
	};
	size_t i;
	int n;

	for (i = 0; i < sizeof(lit) / sizeof(lit[0]); i++)
		cr_assert_eq(DMA_BIT_MASK(lit[i].n), lit[i].mask,
			     "DMA_BIT_MASK(%d) is %#llx, want %#llx", lit[i].n,
			     (unsigned long long)DMA_BIT_MASK(lit[i].n),
			     (unsigned long long)lit[i].mask);
	for (n = 0; n <= 64; n++) {
		u64 bits = 0;
		int b;

		for (b = 0; b < n; b++)
			bits |= 1ULL << b;
		cr_assert_eq(DMA_BIT_MASK(n), bits, "DMA_BIT_MASK(%d) is %#llx, want %#llx",
			     n, (unsigned long long)DMA_BIT_MASK(n),
			     (unsigned long long)bits);
	}
}

Test(dma_mask, kernel_coerce_name)
{
	struct kds_dma_dev dev;

	kds_dma_dev_init(&dev, "coerce", &x86, NULL);
	cr_assert_eq(dma_coerce_mask_and_coherent(&dev, KDS_DMA_BIT_MASK(64)), 0);
	cr_assert_eq(dma_get_mask(&dev), KDS_DMA_BIT_MASK(64));
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

/* A successful probe is silent: no WARN (the port counts them). */
Test(dma_mask, probe_success_warns_nothing)
{
	char warn[KDS_DMA_WARN_LEN];
	struct kds_dma_dev dev;
	u64 mask;

	kds_dma_dev_init(&dev, "mydev", &x86, &mask);
	cr_assert_eq(kds_dma_probe(&dev, KDS_DMA_PROBE_64, warn, sizeof(warn)), 0);
	cr_assert_eq(kds_warn_count(), 0);
}
