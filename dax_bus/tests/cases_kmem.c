// SPDX-License-Identifier: GPL-2.0
/*
 * cases_kmem.c - the kmem policy over a fake memory platform, run in both
 * worlds: the range rule, probe and remove decisions, platform failures,
 * memmap_on_memory, a range ending exactly at 2^64, and the NULL rule of
 * every function of <kds/dax_bus.h>. kds_test.ko runs this suite in the
 * kernel; //dax_bus:kmem_cases_test runs it in userspace (allocation
 * failures: tests/kmem_test.c).
 *
 * Includes only the port and the dax bus header.
 */
#include "kds_port.h"
#include "kds_expect.h"
#include "kds/dax_bus.h"
#include "cases_dax.h"

struct dax_fake_platform {
	u64 block;
	int reserve_rc, add_rc, remove_rc;
	int reserves, unreserves, adds, removes;
	u64 start, size;
	int nid;
	bool reserved;
	bool memmap_on_memory;
};

static u64 dax_fake_block(void *ctx)
{
	return ((struct dax_fake_platform *)ctx)->block;
}

static int dax_fake_reserve(void *ctx, u64 start, u64 size, const char *name)
{
	struct dax_fake_platform *p = ctx;

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

static void dax_fake_unreserve(void *ctx, u64 start, u64 size)
{
	struct dax_fake_platform *p = ctx;

	p->unreserves++;
	p->reserved = false;
}

static int dax_fake_add(void *ctx, int nid, u64 start, u64 size,
			bool memmap_on_memory)
{
	struct dax_fake_platform *p = ctx;

	p->adds++;
	p->nid = nid;
	p->memmap_on_memory = memmap_on_memory;
	return p->add_rc;
}

static int dax_fake_remove(void *ctx, int nid, u64 start, u64 size)
{
	struct dax_fake_platform *p = ctx;

	p->removes++;
	if (p->remove_rc)
		return p->remove_rc;
	/* only what was added, on its node, comes back */
	if (start != p->start || size != p->size || nid != p->nid)
		return -EINVAL;
	return 0;
}

static const struct kds_dax_kmem_ops dax_fake_ops = {
	.memory_block_size = dax_fake_block,
	.reserve = dax_fake_reserve,
	.unreserve = dax_fake_unreserve,
	.add_memory = dax_fake_add,
	.remove_memory = dax_fake_remove,
};

struct dax_kmem_fixture {
	struct kds_dax_region *r;
	struct kds_dev_dax d;
	struct dax_fake_platform p;
};

static bool dax_kmem_setup(struct kds_expect *e, struct dax_kmem_fixture *f,
			   u64 start, u64 size, int node)
{
	memset(f, 0, sizeof(*f));
	f->p.block = DAX_SZ_128M;
	f->r = kds_dax_region_alloc(NULL, 0, start, size, node, DAX_SZ_2M, 0);
	if (!KDS_EXPECT(e, !IS_ERR(f->r)))
		return false;
	return KDS_EXPECT_EQ(e, kds_dev_dax_init(&f->d, f->r, 0, KDS_DEV_DAX_BUS), 0);
}

static void dax_kmem_teardown(struct dax_kmem_fixture *f)
{
	kds_dev_dax_release(&f->d);
	kds_dax_region_unregister(f->r);
	kds_dax_region_put(f->r);
}

static void dax_kmem_range_rounds_start_up_and_size_down(struct kds_expect *e)
{
	u64 s = 1, z = 1;

	KDS_EXPECT_EQ(e, kds_dax_kmem_range(0, 4 * DAX_SZ_128M, DAX_SZ_128M, &s, &z), 0);
	KDS_EXPECT_EQ(e, s, 0);
	KDS_EXPECT_EQ(e, z, 4 * DAX_SZ_128M);
	/* start 2M into a block: first block boundary at 128M, 3 whole blocks left */
	KDS_EXPECT_EQ(e, kds_dax_kmem_range(DAX_SZ_2M, 4 * DAX_SZ_128M, DAX_SZ_128M, &s, &z), 0);
	KDS_EXPECT_EQ(e, s, DAX_SZ_128M);
	KDS_EXPECT_EQ(e, z, 3 * DAX_SZ_128M);
	/* aligned start, ragged end */
	KDS_EXPECT_EQ(e, kds_dax_kmem_range(DAX_SZ_128M, 2 * DAX_SZ_128M + DAX_SZ_2M, DAX_SZ_128M, &s, &z), 0);
	KDS_EXPECT_EQ(e, s, DAX_SZ_128M);
	KDS_EXPECT_EQ(e, z, 2 * DAX_SZ_128M);
	/* exactly one block after rounding */
	KDS_EXPECT_EQ(e, kds_dax_kmem_range(DAX_SZ_128M - DAX_SZ_2M, DAX_SZ_128M + DAX_SZ_2M, DAX_SZ_128M, &s, &z), 0);
	KDS_EXPECT_EQ(e, s, DAX_SZ_128M);
	KDS_EXPECT_EQ(e, z, DAX_SZ_128M);
}

static void dax_kmem_range_without_a_whole_block_is_refused(struct kds_expect *e)
{
	u64 s = 11, z = 22;

	KDS_EXPECT_EQ(e, kds_dax_kmem_range(0, DAX_SZ_128M - 1, DAX_SZ_128M, &s, &z), -EINVAL);
	KDS_EXPECT_EQ(e, kds_dax_kmem_range(DAX_SZ_2M, DAX_SZ_128M, DAX_SZ_128M, &s, &z), -EINVAL);
	KDS_EXPECT_EQ(e, kds_dax_kmem_range(DAX_SZ_2M, DAX_SZ_2M, DAX_SZ_128M, &s, &z), -EINVAL);
	KDS_EXPECT_EQ(e, kds_dax_kmem_range(0, 0, DAX_SZ_128M, &s, &z), -EINVAL);
	/* wrapping and top of the address space */
	KDS_EXPECT_EQ(e, kds_dax_kmem_range(U64_MAX - DAX_SZ_2M, DAX_SZ_2M, DAX_SZ_128M, &s, &z), -EINVAL);
	KDS_EXPECT_EQ(e, kds_dax_kmem_range(U64_MAX - DAX_SZ_2M, 4 * DAX_SZ_2M, DAX_SZ_128M, &s, &z), -EINVAL);
	/* bad block sizes */
	KDS_EXPECT_EQ(e, kds_dax_kmem_range(0, DAX_SZ_128M, 0, &s, &z), -EINVAL);
	KDS_EXPECT_EQ(e, kds_dax_kmem_range(0, DAX_SZ_128M, 3 * DAX_SZ_2M, &s, &z), -EINVAL);
	KDS_EXPECT_EQ(e, s, 11);
	KDS_EXPECT_EQ(e, z, 22);
}

static void dax_kmem_probe_adds_the_rounded_range_on_the_target_node(struct kds_expect *e)
{
	struct dax_kmem_fixture f;

	if (!dax_kmem_setup(e, &f, DAX_SZ_2M, 4 * DAX_SZ_128M, 2))
		return;
	KDS_EXPECT_EQ(e, kds_dax_kmem_probe(&f.d, &dax_fake_ops, &f.p), 0);
	KDS_EXPECT_EQ(e, f.p.start, DAX_SZ_128M);
	KDS_EXPECT_EQ(e, f.p.size, 3 * DAX_SZ_128M);
	KDS_EXPECT_EQ(e, f.p.nid, 2);
	KDS_EXPECT_EQ(e, f.p.adds, 1);
	dax_kmem_teardown(&f);
}

static void dax_kmem_negative_target_node_is_refused(struct kds_expect *e)
{
	struct dax_kmem_fixture f;

	if (!dax_kmem_setup(e, &f, 0, 4 * DAX_SZ_128M, -1))
		return;
	KDS_EXPECT_EQ(e, kds_dax_kmem_probe(&f.d, &dax_fake_ops, &f.p), -EINVAL);
	KDS_EXPECT_EQ(e, f.p.reserves + f.p.adds, 0);	/* platform touched */
	dax_kmem_teardown(&f);
}

static void dax_kmem_no_whole_block_is_refused_before_reserving(struct kds_expect *e)
{
	struct dax_kmem_fixture f;

	if (!dax_kmem_setup(e, &f, DAX_SZ_2M, DAX_SZ_128M, 0))
		return;
	KDS_EXPECT_EQ(e, kds_dax_kmem_probe(&f.d, &dax_fake_ops, &f.p), -EINVAL);
	KDS_EXPECT_EQ(e, f.p.reserves + f.p.adds, 0);
	dax_kmem_teardown(&f);
}

static void dax_kmem_remove_gives_the_memory_and_range_back(struct kds_expect *e)
{
	struct dax_kmem_fixture f;

	if (!dax_kmem_setup(e, &f, DAX_SZ_2M, 4 * DAX_SZ_128M, 1))
		return;
	KDS_EXPECT_EQ(e, kds_dax_kmem_probe(&f.d, &dax_fake_ops, &f.p), 0);
	KDS_EXPECT_EQ(e, kds_dax_kmem_remove(&f.d, &dax_fake_ops, &f.p), 0);
	KDS_EXPECT_EQ(e, f.p.removes, 1);	/* the probe's range on its node */
	KDS_EXPECT(e, !f.p.reserved);
	KDS_EXPECT_EQ(e, f.p.unreserves, 1);
	/* bound again: the same range is added again */
	KDS_EXPECT_EQ(e, kds_dax_kmem_probe(&f.d, &dax_fake_ops, &f.p), 0);
	KDS_EXPECT_EQ(e, f.p.adds, 2);
	KDS_EXPECT_EQ(e, f.p.start, DAX_SZ_128M);
	KDS_EXPECT_EQ(e, f.p.size, 3 * DAX_SZ_128M);
	dax_kmem_teardown(&f);
}

static void dax_kmem_remove_of_memory_in_use_keeps_it_reserved(struct kds_expect *e)
{
	struct dax_kmem_fixture f;

	if (!dax_kmem_setup(e, &f, 0, DAX_SZ_128M, 0))
		return;
	KDS_EXPECT_EQ(e, kds_dax_kmem_probe(&f.d, &dax_fake_ops, &f.p), 0);
	f.p.remove_rc = -EBUSY;
	KDS_EXPECT_EQ(e, kds_dax_kmem_remove(&f.d, &dax_fake_ops, &f.p), -EBUSY);
	KDS_EXPECT(e, f.p.reserved);	/* memory in use: the range stays claimed */
	KDS_EXPECT_EQ(e, f.p.unreserves, 0);
	KDS_EXPECT_EQ(e, kds_dax_kmem_probe(&f.d, &dax_fake_ops, &f.p), -EBUSY);
	KDS_EXPECT_EQ(e, f.p.adds, 1);	/* never added twice */
	dax_kmem_teardown(&f);
}

static void dax_kmem_platform_failures_propagate_and_undo(struct kds_expect *e)
{
	struct dax_kmem_fixture f;

	if (!dax_kmem_setup(e, &f, 0, DAX_SZ_128M, 0))
		return;
	f.p.reserve_rc = -EBUSY;
	KDS_EXPECT_EQ(e, kds_dax_kmem_probe(&f.d, &dax_fake_ops, &f.p), -EBUSY);
	KDS_EXPECT_EQ(e, f.p.adds, 0);
	f.p.reserve_rc = 0;
	f.p.add_rc = -ENOMEM;
	KDS_EXPECT_EQ(e, kds_dax_kmem_probe(&f.d, &dax_fake_ops, &f.p), -ENOMEM);
	KDS_EXPECT_EQ(e, f.p.unreserves, 1);
	KDS_EXPECT(e, !(f.p.reserved));	/* failed add left the range reserved */
	f.p.add_rc = 0;
	KDS_EXPECT_EQ(e, kds_dax_kmem_probe(&f.d, &dax_fake_ops, &f.p), 0);
	f.p.block = 3;
	KDS_EXPECT_EQ(e, kds_dax_kmem_probe(&f.d, &dax_fake_ops, &f.p), -EINVAL);	/* bad block size */
	dax_kmem_teardown(&f);
}


/*
 * One rule for the top of the address space: a range may end exactly at
 * 2^64 (its last byte is U64_MAX) and not one byte further, for regions,
 * claims and the kmem range alike.
 */
/* The index of the dev_dax attribute @name in kds_dev_dax_attrs. */
static unsigned int dax_attr_index(const char *name)
{
	unsigned int i;

	for (i = 0; i < kds_dev_dax_nr_attrs; i++)
		if (!strcmp(kds_dev_dax_attrs[i].name, name))
			break;
	return i;
}

/*
 * memmap_on_memory per what the platform offers, on a static and a
 * dynamic region: no file without %KDS_DAX_REGION_MEMMAP_FILE (Linux
 * 6.1); with it, 0644 on both kinds, "0" at first, kstrtobool()'s words
 * read, 1 refused (-EOPNOTSUPP) unless %KDS_DAX_REGION_MEMMAP_OK, and
 * text kstrtobool() refuses is -EINVAL.
 */
static void dax_memmap_on_memory_as_the_platform_offers_in(struct kds_expect *e,
							 char *buf)
{
	static const unsigned long offers[] = {
		0, KDS_DAX_REGION_MEMMAP_FILE,
		KDS_DAX_REGION_MEMMAP_FILE | KDS_DAX_REGION_MEMMAP_OK,
	};
	static const struct { const char *text; int val; } words[] = {
		{ "1", 1 }, { "0\n", 0 }, { "y", 1 }, { "N", 0 }, { "on", 1 },
		{ "off", 0 }, { "true", 1 }, { "enable", -1 }, { "disable", -1 },
		{ "o", -1 }, { "2", -1 }, { "", -1 }, { " 1", -1 }, { "x", -1 },
	};
	unsigned int idx = dax_attr_index("memmap_on_memory"), o, k, w;

	if (!KDS_EXPECT(e, idx < kds_dev_dax_nr_attrs))
		return;
	for (o = 0; o < ARRAY_SIZE(offers); o++) {
		for (k = 0; k < 2; k++) {
			unsigned long flags = offers[o] | (k ? KDS_DAX_REGION_DYNAMIC : 0);
			struct kds_dax_region *r;
			struct kds_dev_dax d;
			bool file = offers[o] & KDS_DAX_REGION_MEMMAP_FILE;
			bool ok = offers[o] & KDS_DAX_REGION_MEMMAP_OK;

			r = kds_dax_region_alloc(NULL, 3, 0x100000000ULL, DAX_SZ_1G,
						 0, DAX_SZ_2M, flags);
			if (!KDS_EXPECT(e, !IS_ERR(r)))
				return;
			if (!KDS_EXPECT_EQ(e, kds_dev_dax_init(&d, r, 0, KDS_DEV_DAX_BUS), 0)) {
				kds_dax_region_unregister(r);
				kds_dax_region_put(r);
				return;
			}
			KDS_EXPECT_EQ(e, kds_dev_dax_attr_visible(&d, idx), file ? 0644 : 0);
			if (!file) {
				KDS_EXPECT_EQ(e, kds_dev_dax_attr_show(&d, "memmap_on_memory", buf), -ENOENT);
				KDS_EXPECT_EQ(e, kds_dev_dax_attr_store(&d, "memmap_on_memory", "0", 1), -ENOENT);
			} else {
				KDS_EXPECT_EQ(e, kds_dev_dax_attr_show(&d, "memmap_on_memory", buf), 2);
				KDS_EXPECT_STREQ(e, buf, "0\n");
				for (w = 0; w < ARRAY_SIZE(words); w++) {
					size_t n = strlen(words[w].text);
					ssize_t want = words[w].val < 0 ? -EINVAL :
						       words[w].val && !ok ? -EOPNOTSUPP :
						       (ssize_t)n;
					bool before = d.memmap_on_memory;

					KDS_EXPECT_EQ(e, kds_dev_dax_attr_store(&d, "memmap_on_memory",
										words[w].text, n), want);
					KDS_EXPECT_EQ(e, d.memmap_on_memory,
						      want == (ssize_t)n ? words[w].val == 1 : before);
				}
				kds_dev_dax_attr_show(&d, "memmap_on_memory", buf);
				KDS_EXPECT_STREQ(e, buf, d.memmap_on_memory ? "1\n" : "0\n");
			}
			kds_dev_dax_release(&d);
			kds_dax_region_unregister(r);
			kds_dax_region_put(r);
		}
	}
}

static void dax_memmap_on_memory_as_the_platform_offers(struct kds_expect *e)
{
	dax_with_attr_buf(e, dax_memmap_on_memory_as_the_platform_offers_in);
}

/*
 * memmap_on_memory while kmem holds the device: a change is -EBUSY, the
 * same value is taken; kmem hot-adds with the value set at its bind, and
 * the value outlives unbind and the next bind.
 */
static void dax_memmap_on_memory_busy_while_kmem_holds(struct kds_expect *e)
{
	struct dax_kmem_fixture f;

	memset(&f, 0, sizeof(f));
	f.p.block = DAX_SZ_128M;
	f.r = kds_dax_region_alloc(NULL, 0, 0, 2 * DAX_SZ_128M, 0, DAX_SZ_2M,
				   KDS_DAX_REGION_MEMMAP_FILE | KDS_DAX_REGION_MEMMAP_OK);
	if (!KDS_EXPECT(e, !IS_ERR(f.r)))
		return;
	if (!KDS_EXPECT_EQ(e, kds_dev_dax_init(&f.d, f.r, 0, KDS_DEV_DAX_BUS), 0)) {
		kds_dax_region_unregister(f.r);
		kds_dax_region_put(f.r);
		return;
	}
	/* 0 at the first bind: added without the memmap on it */
	KDS_EXPECT_EQ(e, kds_dax_kmem_probe(&f.d, &dax_fake_ops, &f.p), 0);
	KDS_EXPECT(e, !f.p.memmap_on_memory);
	KDS_EXPECT_EQ(e, kds_dev_dax_attr_store(&f.d, "memmap_on_memory", "1", 1), -EBUSY);
	KDS_EXPECT_EQ(e, kds_dev_dax_attr_store(&f.d, "memmap_on_memory", "0", 1), 1);
	KDS_EXPECT_EQ(e, kds_dax_kmem_remove(&f.d, &dax_fake_ops, &f.p), 0);
	/* unbound: set, then kmem binds with it */
	KDS_EXPECT_EQ(e, kds_dev_dax_attr_store(&f.d, "memmap_on_memory", "1\n", 2), 2);
	KDS_EXPECT_EQ(e, kds_dax_kmem_probe(&f.d, &dax_fake_ops, &f.p), 0);
	KDS_EXPECT(e, f.p.memmap_on_memory);
	KDS_EXPECT_EQ(e, f.p.adds, 2);
	KDS_EXPECT_EQ(e, kds_dev_dax_attr_store(&f.d, "memmap_on_memory", "0", 1), -EBUSY);
	KDS_EXPECT_EQ(e, kds_dev_dax_attr_store(&f.d, "memmap_on_memory", "y", 1), 1);
	KDS_EXPECT_EQ(e, kds_dax_kmem_remove(&f.d, &dax_fake_ops, &f.p), 0);
	/* kept across the unbind and the next bind */
	KDS_EXPECT(e, f.d.memmap_on_memory);
	KDS_EXPECT_EQ(e, kds_dax_kmem_probe(&f.d, &dax_fake_ops, &f.p), 0);
	KDS_EXPECT(e, f.p.memmap_on_memory);
	KDS_EXPECT_EQ(e, kds_dax_kmem_remove(&f.d, &dax_fake_ops, &f.p), 0);
	/* a failed probe holds nothing: the value may change after it */
	f.p.add_rc = -ENOMEM;
	KDS_EXPECT_EQ(e, kds_dax_kmem_probe(&f.d, &dax_fake_ops, &f.p), -ENOMEM);
	KDS_EXPECT_EQ(e, kds_dev_dax_attr_store(&f.d, "memmap_on_memory", "0", 1), 1);
	dax_kmem_teardown(&f);
}

static void dax_range_may_end_exactly_at_2_64(struct kds_expect *e)
{
	const u64 top = U64_MAX - DAX_SZ_128M + 1;	/* the last 128 MiB */
	struct kds_dax_claims claims;
	struct dax_kmem_fixture f;
	struct kds_dax_region *r;
	u64 s = 11, z = 22;

	r = kds_dax_region_alloc(NULL, 0, top, DAX_SZ_128M, 0, DAX_SZ_2M, 0);
	if (KDS_EXPECT(e, !IS_ERR(r))) {
		kds_dax_region_put(r);
		KDS_EXPECT_EQ(e, kds_dax_region_unregister(r), 0);
	}
	KDS_EXPECT_EQ(e, PTR_ERR(kds_dax_region_alloc(NULL, 0, top + DAX_SZ_2M, DAX_SZ_128M,
						      0, DAX_SZ_2M, 0)), -EDOM);

	KDS_EXPECT_EQ(e, kds_dax_kmem_range(top, DAX_SZ_128M, DAX_SZ_128M, &s, &z), 0);
	KDS_EXPECT_U64_EQ(e, s, top);
	KDS_EXPECT_U64_EQ(e, z, DAX_SZ_128M);
	KDS_EXPECT_EQ(e, kds_dax_kmem_range(top - DAX_SZ_128M, 2 * DAX_SZ_128M, DAX_SZ_128M,
					    &s, &z), 0);
	KDS_EXPECT_U64_EQ(e, s, top - DAX_SZ_128M);
	KDS_EXPECT_U64_EQ(e, z, 2 * DAX_SZ_128M);
	/* a ragged start below the top block: the top block alone */
	KDS_EXPECT_EQ(e, kds_dax_kmem_range(top - DAX_SZ_2M, DAX_SZ_128M + DAX_SZ_2M,
					    DAX_SZ_128M, &s, &z), 0);
	KDS_EXPECT_U64_EQ(e, s, top);
	KDS_EXPECT_U64_EQ(e, z, DAX_SZ_128M);
	s = 11;
	z = 22;
	KDS_EXPECT_EQ(e, kds_dax_kmem_range(top + 1, DAX_SZ_128M, DAX_SZ_128M, &s, &z), -EINVAL);
	KDS_EXPECT_EQ(e, s, 11);
	KDS_EXPECT_EQ(e, z, 22);

	kds_dax_claims_init(&claims);
	KDS_EXPECT_EQ(e, kds_dax_claim(&claims, top, DAX_SZ_128M), 0);
	KDS_EXPECT_EQ(e, kds_dax_claim(&claims, top + DAX_SZ_2M, DAX_SZ_128M), -EINVAL);
	KDS_EXPECT(e, kds_dax_is_claimed(&claims, top, DAX_SZ_128M));
	KDS_EXPECT_EQ(e, kds_dax_unclaim(&claims, top, DAX_SZ_128M), 0);
	kds_dax_claims_destroy(&claims);

	/* end to end: kmem binds a device at the very top */
	if (!dax_kmem_setup(e, &f, top, DAX_SZ_128M, 0))
		return;
	KDS_EXPECT_EQ(e, kds_dax_kmem_probe(&f.d, &dax_fake_ops, &f.p), 0);
	KDS_EXPECT_U64_EQ(e, f.p.start, top);
	KDS_EXPECT_U64_EQ(e, f.p.size, DAX_SZ_128M);
	dax_kmem_teardown(&f);
}

/*
 * The NULL rule of <kds/dax_bus.h>: every pointer argument may be NULL and
 * is never dereferenced; a required one is refused with -EINVAL, false,
 * 0, NULL or nothing, as the function returns.
 */
static void dax_core_refuses_null_arguments(struct kds_expect *e)
{
	static const struct kds_dax_kmem_ops no_add = {
		.memory_block_size = dax_fake_block,
		.reserve = dax_fake_reserve,
		.unreserve = dax_fake_unreserve,
		.remove_memory = dax_fake_remove,
	};
	static const struct kds_dax_kmem_ops no_remove = {
		.memory_block_size = dax_fake_block,
		.reserve = dax_fake_reserve,
		.unreserve = dax_fake_unreserve,
		.add_memory = dax_fake_add,
	};
	struct kds_dax_driver drv = { .name = "kds_null_rule" };
	struct dax_bus_fixture f;
	struct dax_kmem_fixture k;
	struct kds_dax_region *r;
	struct kds_dev_dax d = { 0 };
	char name[KDS_DAX_NAME_LEN];
	int region, id;
	unsigned int i;
	u64 s;

	/* ids and names */
	KDS_EXPECT_EQ(e, kds_dax_parse_id(NULL, 6, &region, &id), -EINVAL);
	KDS_EXPECT_EQ(e, kds_dax_parse_id("dax0.0", 6, NULL, &id), -EINVAL);
	KDS_EXPECT_EQ(e, kds_dax_parse_id("dax0.0", 6, &region, NULL), -EINVAL);
	KDS_EXPECT_EQ(e, kds_dax_format_name(NULL, sizeof(name), 0, 0), -EINVAL);
	/* bus and drivers */
	kds_dax_bus_init(NULL);
	kds_dax_bus_destroy(NULL);
	KDS_EXPECT_EQ(e, kds_dax_driver_register(NULL, NULL), -EINVAL);
	kds_dax_driver_unregister(NULL);
	KDS_EXPECT(e, !kds_dax_driver_is_registered(NULL));
	KDS_EXPECT(e, !kds_dax_driver_has_id(NULL, 0, 0));
	KDS_EXPECT_EQ(e, kds_dax_driver_nr_ids(NULL), 0);
	KDS_EXPECT_EQ(e, kds_dax_new_id_store(NULL, "dax0.0", 6), -EINVAL);
	KDS_EXPECT_EQ(e, kds_dax_remove_id_store(NULL, "dax0.0", 6), -EINVAL);
	if (!dax_bus_fixture_init(e, &f))
		return;
	KDS_EXPECT(e, !kds_dax_driver_match(NULL, &f.dev0));
	KDS_EXPECT(e, !kds_dax_driver_match(&drv, NULL));
	KDS_EXPECT_EQ(e, kds_dax_new_id_store(&drv, NULL, 6), -EINVAL);
	KDS_EXPECT_EQ(e, kds_dax_remove_id_store(&drv, NULL, 6), -EINVAL);
	/* regions */
	kds_dax_region_get(NULL);
	kds_dax_region_put(NULL);
	KDS_EXPECT_EQ(e, kds_dax_region_unregister(NULL), -EINVAL);
	KDS_EXPECT(e, !kds_dax_region_is_registered(NULL));
	KDS_EXPECT_EQ(e, kds_dax_region_attr_visible(NULL, 0), 0);
	KDS_EXPECT_EQ(e, kds_dax_region_attr_show(NULL, "id", name), -EINVAL);
	r = f.region;
	/* every show of the table, without a region or a buffer */
	for (i = 0; i < kds_dax_region_nr_attrs; i++) {
		if (!kds_dax_region_attrs[i].show)
			continue;
		kds_expect_ctx(e, "region %s", kds_dax_region_attrs[i].name);
		KDS_EXPECT_EQ(e, kds_dax_region_attrs[i].show(NULL, name), -EINVAL);
		KDS_EXPECT_EQ(e, kds_dax_region_attrs[i].show(r, NULL), -EINVAL);
	}
	kds_expect_ctx(e, "dev_dax");
	/* dev_dax */
	KDS_EXPECT_EQ(e, kds_dev_dax_init(NULL, r, 0, KDS_DEV_DAX_BUS), -EINVAL);
	KDS_EXPECT_EQ(e, kds_dev_dax_init(&d, NULL, 0, KDS_DEV_DAX_BUS), -EINVAL);
	kds_dev_dax_release(NULL);
	kds_dev_dax_run(NULL);
	kds_dev_dax_kill(NULL);
	KDS_EXPECT(e, !kds_dev_dax_is_alive(NULL));
	kds_dev_dax_set_private(NULL, name);
	KDS_EXPECT_PTR_EQ(e, kds_dev_dax_get_private(NULL), NULL);
	KDS_EXPECT_U64_EQ(e, kds_dev_dax_size(NULL), 0);
	KDS_EXPECT_EQ(e, kds_dev_dax_uevent(NULL, name, sizeof(name)), -EINVAL);
	KDS_EXPECT_EQ(e, kds_dev_dax_uevent(&f.dev0, NULL, sizeof(name)), -EINVAL);
	KDS_EXPECT_EQ(e, kds_dax_device_dax_probe(NULL), -EINVAL);
	KDS_EXPECT_EQ(e, kds_dax_device_dax_remove(NULL), -EINVAL);
	KDS_EXPECT_EQ(e, kds_dev_dax_attr_visible(NULL, 0), 0);
	for (i = 0; i < kds_dev_dax_nr_attrs; i++) {
		if (!kds_dev_dax_attrs[i].show)
			continue;
		kds_expect_ctx(e, "dev_dax %s", kds_dev_dax_attrs[i].name);
		KDS_EXPECT_EQ(e, kds_dev_dax_attrs[i].show(NULL, name), -EINVAL);
		KDS_EXPECT_EQ(e, kds_dev_dax_attrs[i].show(&f.dev0, NULL), -EINVAL);
	}
	kds_expect_ctx(e, "after the shows");
	KDS_EXPECT(e, kds_dax_bus_names_find(NULL) == NULL);
	KDS_EXPECT_EQ(e, kds_dev_dax_attr_show(NULL, "size", name), -EINVAL);
	KDS_EXPECT_EQ(e, kds_dev_dax_attr_show(&f.dev0, NULL, name), -EINVAL);
	KDS_EXPECT_EQ(e, kds_dev_dax_attr_show(&f.dev0, "size", NULL), -EINVAL);
	/* the objects above were left as they were */
	KDS_EXPECT(e, kds_dax_region_is_registered(r));
	KDS_EXPECT_U64_EQ(e, kds_dev_dax_size(&f.dev0), DAX_SZ_1G);
	dax_bus_fixture_fini(&f);
	/* kmem and claims */
	kds_dax_claims_init(NULL);
	kds_dax_claims_destroy(NULL);
	KDS_EXPECT_EQ(e, kds_dax_claim(NULL, 0, DAX_SZ_2M), -EINVAL);
	KDS_EXPECT_EQ(e, kds_dax_unclaim(NULL, 0, DAX_SZ_2M), -EINVAL);
	KDS_EXPECT(e, !kds_dax_is_claimed(NULL, 0, DAX_SZ_2M));
	KDS_EXPECT_EQ(e, kds_dax_kmem_range(0, DAX_SZ_128M, DAX_SZ_128M, NULL, &s), -EINVAL);
	KDS_EXPECT_EQ(e, kds_dax_kmem_range(0, DAX_SZ_128M, DAX_SZ_128M, &s, NULL), -EINVAL);
	KDS_EXPECT_EQ(e, kds_dax_kmem_probe(NULL, &dax_fake_ops, NULL), -EINVAL);
	KDS_EXPECT_EQ(e, kds_dax_kmem_remove(NULL, &dax_fake_ops, NULL), -EINVAL);
	if (!dax_kmem_setup(e, &k, 0, DAX_SZ_128M, 0))
		return;
	KDS_EXPECT_EQ(e, kds_dax_kmem_probe(&k.d, NULL, &k.p), -EINVAL);
	KDS_EXPECT_EQ(e, kds_dax_kmem_probe(&k.d, &no_add, &k.p), -EINVAL);
	KDS_EXPECT_EQ(e, kds_dax_kmem_probe(&k.d, &no_remove, &k.p), -EINVAL);
	KDS_EXPECT_EQ(e, k.p.reserves, 0);	/* refused before the platform */
	KDS_EXPECT_EQ(e, kds_dax_kmem_probe(&k.d, &dax_fake_ops, &k.p), 0);
	KDS_EXPECT_EQ(e, kds_dax_kmem_remove(&k.d, NULL, &k.p), -EINVAL);
	KDS_EXPECT_EQ(e, kds_dax_kmem_remove(&k.d, &no_remove, &k.p), -EINVAL);
	KDS_EXPECT_EQ(e, k.p.removes, 0);
	KDS_EXPECT(e, k.p.reserved);	/* a refused remove kept the claim */
	KDS_EXPECT_EQ(e, kds_dax_kmem_remove(&k.d, &dax_fake_ops, &k.p), 0);
	dax_kmem_teardown(&k);
}

static const struct kds_case kds_dax_kmem_cases_run[] = {
	KDS_CASE(dax_kmem_range_rounds_start_up_and_size_down),
	KDS_CASE(dax_kmem_range_without_a_whole_block_is_refused),
	KDS_CASE(dax_kmem_probe_adds_the_rounded_range_on_the_target_node),
	KDS_CASE(dax_kmem_negative_target_node_is_refused),
	KDS_CASE(dax_kmem_no_whole_block_is_refused_before_reserving),
	KDS_CASE(dax_kmem_remove_gives_the_memory_and_range_back),
	KDS_CASE(dax_kmem_remove_of_memory_in_use_keeps_it_reserved),
	KDS_CASE(dax_kmem_platform_failures_propagate_and_undo),
	KDS_CASE(dax_memmap_on_memory_as_the_platform_offers),
	KDS_CASE(dax_memmap_on_memory_busy_while_kmem_holds),
	KDS_CASE(dax_range_may_end_exactly_at_2_64),
	KDS_CASE(dax_core_refuses_null_arguments),
};

KDS_SUITE(kds_suite_dax_kmem, "kds_dax_kmem", kds_dax_kmem_cases_run, NULL);
