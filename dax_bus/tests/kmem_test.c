// SPDX-License-Identifier: GPL-2.0
/*
 * kmem_test.c - userspace only: the kmem claim list, whose case injects
 * an allocation failure (kds_alloc_fail_*), which only the userspace port
 * offers. The kmem range rule and probe decisions are in
 * tests/cases_kmem.c, run in kds_test.ko too.
 */
#include "kds_testing.h"
#include "kds/dax_bus.h"

KDS_TEST_SUITE(dax_kmem);

#define SZ_128M	(128ULL << 20)

/* The claim list both glues reserve through: the overlap rule and its errors. */
Test(dax_kmem, claims_refuse_overlap_and_bad_ranges)
{
	struct kds_dax_claims c;
	long base = kds_alloc_live();

	kds_dax_claims_init(&c);
	cr_assert_eq(kds_dax_claim(&c, SZ_128M, SZ_128M), 0);
	cr_assert(kds_dax_is_claimed(&c, SZ_128M, SZ_128M));
	/* Overlap by one byte at either end, containment, and the same range. */
	cr_assert_eq(kds_dax_claim(&c, SZ_128M, SZ_128M), -EBUSY);
	cr_assert_eq(kds_dax_claim(&c, 0, SZ_128M + 1), -EBUSY);
	cr_assert_eq(kds_dax_claim(&c, 2 * SZ_128M - 1, SZ_128M), -EBUSY);
	cr_assert_eq(kds_dax_claim(&c, SZ_128M + 4096, 4096), -EBUSY);
	cr_assert_eq(kds_dax_claim(&c, 0, 4 * SZ_128M), -EBUSY);
	/* Ranges that only touch are both granted. */
	cr_assert_eq(kds_dax_claim(&c, 0, SZ_128M), 0);
	cr_assert_eq(kds_dax_claim(&c, 2 * SZ_128M, SZ_128M), 0);
	/* Empty and wrapping ranges. */
	cr_assert_eq(kds_dax_claim(&c, 8 * SZ_128M, 0), -EINVAL);
	cr_assert_eq(kds_dax_claim(&c, U64_MAX, 2), -EINVAL);
	/* The last byte of the address space can be claimed, once. */
	cr_assert_eq(kds_dax_claim(&c, U64_MAX, 1), 0);
	cr_assert_eq(kds_dax_claim(&c, U64_MAX - 1, 2), -EBUSY);
	/* Allocation failure leaves the list unchanged. */
	kds_alloc_fail_nth(1);
	cr_assert_eq(kds_dax_claim(&c, 16 * SZ_128M, SZ_128M), -ENOMEM);
	kds_alloc_fail_off();
	cr_assert_not(kds_dax_is_claimed(&c, 16 * SZ_128M, SZ_128M));
	/* Only an exact claim is given back. */
	cr_assert_eq(kds_dax_unclaim(&c, SZ_128M, 4096), -ENOENT);
	cr_assert_eq(kds_dax_unclaim(&c, 32 * SZ_128M, SZ_128M), -ENOENT);
	cr_assert(kds_dax_is_claimed(&c, SZ_128M, SZ_128M));
	cr_assert_eq(kds_dax_unclaim(&c, SZ_128M, SZ_128M), 0);
	cr_assert_not(kds_dax_is_claimed(&c, SZ_128M, SZ_128M));
	cr_assert_eq(kds_dax_unclaim(&c, SZ_128M, SZ_128M), -ENOENT, "double unclaim");
	cr_assert_eq(kds_dax_claim(&c, SZ_128M, SZ_128M), 0, "a given-back range is free");
	kds_dax_claims_destroy(&c);
	cr_assert_eq(kds_alloc_live(), base, "claims leaked");
}
