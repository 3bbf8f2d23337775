// SPDX-License-Identifier: GPL-2.0
/* kmem_test.c - the kmem range rule and probe decisions of the core. */
#include "kds_testing.h"
#include "kds/dax_bus.h"

KDS_TEST_SUITE(dax_kmem);

#define SZ_2M	(2ULL << 20)
#define SZ_128M	(128ULL << 20)

struct fake_platform {
	u64 block;
	int reserve_rc, add_rc;
	int reserves, unreserves, adds;
	u64 start, size;
	int nid;
	bool reserved;
};

static u64 fake_block(void *ctx)
{
	return ((struct fake_platform *)ctx)->block;
}

static int fake_reserve(void *ctx, u64 start, u64 size, const char *name)
{
	struct fake_platform *p = ctx;

	p->reserves++;
	if (p->reserve_rc)
		return p->reserve_rc;
	if (p->reserved)
		return -EBUSY;
	p->reserved = true;
	p->start = start;
	p->size = size;
	return 0;
}

static void fake_unreserve(void *ctx, u64 start, u64 size)
{
	struct fake_platform *p = ctx;

	p->unreserves++;
	p->reserved = false;
}

static int fake_add(void *ctx, int nid, u64 start, u64 size)
{
	struct fake_platform *p = ctx;

	p->adds++;
	p->nid = nid;
	return p->add_rc;
}

static const struct kds_dax_kmem_ops fake_ops = {
	.memory_block_size = fake_block,
	.reserve = fake_reserve,
	.unreserve = fake_unreserve,
	.add_memory = fake_add,
};

Test(dax_kmem, range_rounds_start_up_and_size_down)
{
	u64 s = 1, z = 1;

	cr_assert_eq(kds_dax_kmem_range(0, 4 * SZ_128M, SZ_128M, &s, &z), 0);
	cr_assert_eq(s, 0);
	cr_assert_eq(z, 4 * SZ_128M);
	/* start 2M into a block: first block boundary at 128M, 3 whole blocks left */
	cr_assert_eq(kds_dax_kmem_range(SZ_2M, 4 * SZ_128M, SZ_128M, &s, &z), 0);
	cr_assert_eq(s, SZ_128M);
	cr_assert_eq(z, 3 * SZ_128M);
	/* aligned start, ragged end */
	cr_assert_eq(kds_dax_kmem_range(SZ_128M, 2 * SZ_128M + SZ_2M, SZ_128M, &s, &z), 0);
	cr_assert_eq(s, SZ_128M);
	cr_assert_eq(z, 2 * SZ_128M);
	/* exactly one block after rounding */
	cr_assert_eq(kds_dax_kmem_range(SZ_128M - SZ_2M, SZ_128M + SZ_2M, SZ_128M, &s, &z), 0);
	cr_assert_eq(s, SZ_128M);
	cr_assert_eq(z, SZ_128M);
}

Test(dax_kmem, range_without_a_whole_block_is_refused)
{
	u64 s = 11, z = 22;

	cr_assert_eq(kds_dax_kmem_range(0, SZ_128M - 1, SZ_128M, &s, &z), -EINVAL);
	cr_assert_eq(kds_dax_kmem_range(SZ_2M, SZ_128M, SZ_128M, &s, &z), -EINVAL);
	cr_assert_eq(kds_dax_kmem_range(SZ_2M, SZ_2M, SZ_128M, &s, &z), -EINVAL);
	cr_assert_eq(kds_dax_kmem_range(0, 0, SZ_128M, &s, &z), -EINVAL);
	/* wrapping and top of the address space */
	cr_assert_eq(kds_dax_kmem_range(U64_MAX - SZ_2M, SZ_2M, SZ_128M, &s, &z), -EINVAL);
	cr_assert_eq(kds_dax_kmem_range(U64_MAX - SZ_2M, 4 * SZ_2M, SZ_128M, &s, &z), -EINVAL);
	/* bad block sizes */
	cr_assert_eq(kds_dax_kmem_range(0, SZ_128M, 0, &s, &z), -EINVAL);
	cr_assert_eq(kds_dax_kmem_range(0, SZ_128M, 3 * SZ_2M, &s, &z), -EINVAL);
	cr_assert_eq(s, 11);
	cr_assert_eq(z, 22);
}

struct kmem_fixture {
	struct kds_dax_region *r;
	struct kds_dev_dax d;
	struct fake_platform p;
};

static void kmem_setup(struct kmem_fixture *f, u64 start, u64 size, int node)
{
	memset(f, 0, sizeof(*f));
	f->p.block = SZ_128M;
	f->r = kds_dax_region_alloc(NULL, 0, start, size, node, SZ_2M, 0);
	cr_assert(!IS_ERR(f->r));
	cr_assert_eq(kds_dev_dax_init(&f->d, f->r, 0, KDS_DEV_DAX_BUS), 0);
}

static void kmem_teardown(struct kmem_fixture *f)
{
	kds_dev_dax_release(&f->d);
	kds_dax_region_unregister(f->r);
	kds_dax_region_put(f->r);
}

Test(dax_kmem, probe_adds_the_rounded_range_on_the_target_node)
{
	struct kmem_fixture f;

	kmem_setup(&f, SZ_2M, 4 * SZ_128M, 2);
	cr_assert_eq(kds_dax_kmem_probe(&f.d, &fake_ops, &f.p), 0);
	cr_assert_eq(f.p.start, SZ_128M);
	cr_assert_eq(f.p.size, 3 * SZ_128M);
	cr_assert_eq(f.p.nid, 2);
	cr_assert_eq(f.p.adds, 1);
	kmem_teardown(&f);
}

Test(dax_kmem, negative_target_node_is_refused)
{
	struct kmem_fixture f;

	kmem_setup(&f, 0, 4 * SZ_128M, -1);
	cr_assert_eq(kds_dax_kmem_probe(&f.d, &fake_ops, &f.p), -EINVAL);
	cr_assert_eq(f.p.reserves + f.p.adds, 0, "platform touched");
	kmem_teardown(&f);
}

Test(dax_kmem, no_whole_block_is_refused_before_reserving)
{
	struct kmem_fixture f;

	kmem_setup(&f, SZ_2M, SZ_128M, 0);
	cr_assert_eq(kds_dax_kmem_probe(&f.d, &fake_ops, &f.p), -EINVAL);
	cr_assert_eq(f.p.reserves + f.p.adds, 0);
	kmem_teardown(&f);
}

Test(dax_kmem, remove_succeeds_but_range_stays_reserved)
{
	struct kmem_fixture f;

	kmem_setup(&f, 0, SZ_128M, 0);
	cr_assert_eq(kds_dax_kmem_probe(&f.d, &fake_ops, &f.p), 0);
	cr_assert_eq(kds_dax_kmem_remove(&f.d), 0);
	cr_assert(f.p.reserved);
	cr_assert_eq(f.p.unreserves, 0);
	cr_assert_eq(kds_dax_kmem_probe(&f.d, &fake_ops, &f.p), -EBUSY,
		     "a removed range was handed out again");
	cr_assert_eq(f.p.adds, 1);
	kmem_teardown(&f);
}

Test(dax_kmem, platform_failures_propagate_and_undo)
{
	struct kmem_fixture f;

	kmem_setup(&f, 0, SZ_128M, 0);
	f.p.reserve_rc = -EBUSY;
	cr_assert_eq(kds_dax_kmem_probe(&f.d, &fake_ops, &f.p), -EBUSY);
	cr_assert_eq(f.p.adds, 0);
	f.p.reserve_rc = 0;
	f.p.add_rc = -ENOMEM;
	cr_assert_eq(kds_dax_kmem_probe(&f.d, &fake_ops, &f.p), -ENOMEM);
	cr_assert_eq(f.p.unreserves, 1);
	cr_assert_not(f.p.reserved, "failed add left the range reserved");
	f.p.add_rc = 0;
	cr_assert_eq(kds_dax_kmem_probe(&f.d, &fake_ops, &f.p), 0);
	f.p.block = 3;
	cr_assert_eq(kds_dax_kmem_probe(&f.d, &fake_ops, &f.p), -EINVAL, "bad block size");
	kmem_teardown(&f);
}

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
