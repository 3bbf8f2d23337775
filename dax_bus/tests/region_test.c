// SPDX-License-Identifier: GPL-2.0
/*
 * region_test.c - userspace only: region and dev_dax cases that inject
 * allocation failures (kds_alloc_fail_*), count the port's warnings
 * (kds_warn_count()) or force the port's refcount past its limits, which
 * only the userspace port allows. The rest of the region, dev_dax and
 * attribute cases are in tests/cases_region.c, run in kds_test.ko too.
 */
#include "kds_testing.h"
#include "kds/dax_bus.h"
#include "dax_bus/tests/permutation.h"

KDS_TEST_SUITE(dax_region);

#define SZ_2M	(2ULL << 20)
#define SZ_1G	(1ULL << 30)

/* Region 0: 2 MiB at address 0, node 0, 2 MiB alignment. */
static struct kds_dax_region *small_region(void)
{
	struct kds_dax_region *r = kds_dax_region_alloc(NULL, 0, 0, SZ_2M, 0, SZ_2M, 0);

	cr_assert(!IS_ERR(r));
	return r;
}

Test(dax_region, distinct_error_for_each_refusal)
{
	void *parent = NULL;
	int other;
	struct kds_dax_region *r;
	long base = kds_alloc_live();

	r = kds_dax_region_alloc(&other, 0, 0, SZ_1G, 0, SZ_2M, 0);
	cr_assert_eq(PTR_ERR(r), -EBUSY, "parent already carries private data");
	r = kds_dax_region_alloc(parent, 0, SZ_2M / 2, SZ_1G, 0, SZ_2M, 0);
	cr_assert_eq(PTR_ERR(r), -EINVAL, "misaligned start");
	r = kds_dax_region_alloc(parent, 0, 0, SZ_1G + 4096, 0, SZ_2M, 0);
	cr_assert_eq(PTR_ERR(r), -ERANGE, "misaligned size");
	kds_alloc_fail_nth(1);
	r = kds_dax_region_alloc(parent, 0, 0, SZ_1G, 0, SZ_2M, 0);
	cr_assert_eq(PTR_ERR(r), -ENOMEM, "no memory");

	cr_assert_eq(PTR_ERR(kds_dax_region_alloc(parent, -1, 0, SZ_1G, 0, SZ_2M, 0)), -EDOM);
	cr_assert_eq(PTR_ERR(kds_dax_region_alloc(parent, 0, 0, SZ_1G, 0, 0, 0)), -EDOM);
	cr_assert_eq(PTR_ERR(kds_dax_region_alloc(parent, 0, 0, SZ_1G, 0, 3 << 20, 0)), -EDOM);
	cr_assert_eq(PTR_ERR(kds_dax_region_alloc(parent, 0, 0, 0, 0, SZ_2M, 0)), -EDOM);
	cr_assert_eq(PTR_ERR(kds_dax_region_alloc(parent, 0, U64_MAX - SZ_2M + 1,
						  2 * SZ_2M, 0, SZ_2M, 0)), -EDOM);
	/* Impossible arguments are -EDOM even on a busy parent. */
	cr_assert_eq(PTR_ERR(kds_dax_region_alloc(&other, 0, 0, 0, 0, SZ_2M, 0)), -EDOM);
	cr_assert_eq(kds_alloc_live(), base, "a refusal allocated");
	/* The top of the address space itself is fine. */
	r = kds_dax_region_alloc(parent, 0, U64_MAX - SZ_2M + 1, SZ_2M, 0, SZ_2M, 0);
	cr_assert(!IS_ERR(r));
	/* The glue stores the region in its parent; a second one is refused. */
	parent = r;
	cr_assert_eq(PTR_ERR(kds_dax_region_alloc(parent, 1, 0, SZ_2M, 0, SZ_2M, 0)), -EBUSY);
	kds_dax_region_put(r);
	cr_assert_eq(kds_dax_region_unregister(r), 0);
}

/*
 * The device_dax driver's probe runs the device and its remove kills it;
 * the private data set at creation is reachable only in between.
 */
Test(dax_region, device_dax_probe_and_remove)
{
	struct kds_dax_region *r = small_region();
	struct kds_dev_dax d = { 0 };
	int data = 7;

	cr_assert_eq(kds_dev_dax_init(&d, r, 0, KDS_DEV_DAX_BUS), 0);
	kds_dev_dax_set_private(&d, &data);
	cr_assert_eq(kds_dax_device_dax_remove(&d), -EALREADY, "remove before probe");
	cr_assert_eq(kds_dax_device_dax_probe(&d), 0);
	cr_assert_eq(kds_dev_dax_get_private(&d), &data);
	cr_assert_eq(kds_dax_device_dax_probe(&d), -EBUSY, "second probe");
	cr_assert(kds_dev_dax_is_alive(&d), "a refused probe killed the device");
	cr_assert_eq(kds_dax_device_dax_remove(&d), 0);
	cr_assert_null(kds_dev_dax_get_private(&d));
	cr_assert_eq(kds_dax_device_dax_remove(&d), -EALREADY, "double kill");
	cr_assert_eq(kds_dax_device_dax_probe(&d), 0, "probe again after remove");
	kds_dev_dax_release(&d);
	cr_assert_not(kds_dev_dax_is_alive(&d), "release kills");
	cr_assert_eq(kds_dax_device_dax_probe(&d), -ENXIO, "probe after release");
	cr_assert_eq(kds_dax_device_dax_remove(&d), -EALREADY);
	cr_assert_eq(kds_dax_device_dax_probe(NULL), -EINVAL);
	cr_assert_eq(kds_dax_device_dax_remove(NULL), -EINVAL);
	cr_assert_eq(kds_warn_count(), 0);
	kds_dax_region_unregister(r);
	kds_dax_region_put(r);
}

Test(dax_region, double_unregister_and_release_are_refused)
{
	struct kds_dax_region *r = small_region();
	struct kds_dev_dax d = { 0 };

	kds_warn_set_quiet(true);
	cr_assert_eq(kds_dev_dax_init(&d, r, 0, KDS_DEV_DAX_BUS), 0);
	cr_assert_eq(kds_dax_region_unregister(r), 0);
	kds_warn_expect("xchg(&region->registered, 0) == 0");
	cr_assert_eq(kds_dax_region_unregister(r), -EALREADY);
	cr_assert_eq(kds_warn_count(), 1);
	cr_assert_eq(kref_read(&r->kref), 2, "second unregister dropped a reference");
	kds_dev_dax_release(&d);
	kds_warn_expect("xchg(&dev_dax->state, KDS_DEV_DAX_RELEASED)");
	kds_dev_dax_release(&d);
	cr_assert_eq(kds_warn_count(), 2);
	cr_assert_eq(kref_read(&r->kref), 1, "second release dropped a reference");
	kds_dax_region_put(r);
}

/* Past the maximum the count saturates and warns: the region is pinned, never freed. */
Test(dax_region, reference_overflow_saturates)
{
	struct kds_dax_region *r = small_region();
	long live = kds_alloc_live();

	kds_warn_set_quiet(true);
	kds_warn_expect("refcount_t: saturated");
	refcount_set(&r->kref.refcount, REFCOUNT_MAX);
	kds_dax_region_get(r);
	cr_assert_eq(kds_warn_count(), 1);
	/* A put of a saturated count reports it as an underflow, as Linux does. */
	kds_warn_expect("refcount_t: underflow");
	for (int i = 0; i < 10; i++)
		kds_dax_region_put(r);
	cr_assert_eq(kds_dax_region_unregister(r), 0);
	cr_assert_eq(kds_alloc_live(), live, "a saturated region was freed");
	cr_assert_lt((int)kref_read(&r->kref), 0, "count wrapped instead of saturating");
	kds_kfree(r);	/* the test owns the leak it provoked */
}

/* A put that would underflow (more puts than references) warns instead of wrapping. */
Test(dax_region, reference_underflow_detected)
{
	struct kds_dax_region *r = small_region();
	long live = kds_alloc_live();

	kds_warn_set_quiet(true);
	kds_warn_expect("refcount_t: underflow");
	/* Simulate a counting bug: the count already at zero while still reachable. */
	refcount_set(&r->kref.refcount, 0);
	kds_dax_region_put(r);
	cr_assert_eq(kds_warn_count(), 1);
	/* The underflow left the count saturated: a get reports that. */
	kds_warn_expect("refcount_t: saturated");
	kds_dax_region_get(r);
	cr_assert_geq(kds_warn_count(), 1);
	kds_warn_expect("refcount_t: underflow");
	kds_dax_region_put(r);
	cr_assert_eq(kds_alloc_live(), live, "an underflowed region was freed");
	cr_assert_lt((int)kref_read(&r->kref), 0);
	kds_kfree(r);
}

/*
 * Every order of the region's teardown (unregister), its creator's put and
 * the release of up to three devices frees the region exactly once, at the
 * last of these events, and never before.
 */
#define MAX_EVENTS 5

Test(dax_region, every_teardown_order_frees_once)
{
	unsigned long orders = 0;

	for (int ndev = 0; ndev <= 3; ndev++) {
		int order[MAX_EVENTS], nev = ndev + 2;

		for (int i = 0; i < nev; i++)
			order[i] = i;
		do {
			struct kds_dev_dax devs[3];
			struct kds_dax_region *r;
			long base = kds_alloc_live();

			memset(devs, 0, sizeof(devs));
			r = kds_dax_region_alloc(NULL, 1, 0, SZ_1G, 0, SZ_2M, 0);
			cr_assert(!IS_ERR(r));
			for (int d = 0; d < ndev; d++)
				cr_assert_eq(kds_dev_dax_init(&devs[d], r, d, KDS_DEV_DAX_BUS), 0);
			for (int e = 0; e < nev; e++) {
				/* Still alive before the last event: read it (ASan checks). */
				cr_assert_eq(r->id, 1);
				cr_assert_eq(kds_alloc_live(), base + 1);
				if (order[e] == 0)
					cr_assert_eq(kds_dax_region_unregister(r), 0);
				else if (order[e] == 1)
					kds_dax_region_put(r);
				else
					kds_dev_dax_release(&devs[order[e] - 2]);
			}
			cr_assert_eq(kds_alloc_live(), base, "region not freed (ndev %d)", ndev);
			orders++;
		} while (next_permutation(order, nev));
	}
	cr_assert_eq(kds_warn_count(), 0);
	cr_assert_eq(orders, 2 + 6 + 24 + 120);
}

Test(dax_region, region_allocation_failure_at_every_point)
{
	for (unsigned long n = 1; ; n++) {
		struct kds_dax_region *r;
		long base = kds_alloc_live();

		kds_alloc_fail_nth(n);
		r = kds_dax_region_alloc(NULL, 0, 0, SZ_2M, 0, SZ_2M, 0);
		kds_alloc_fail_off();
		if (!IS_ERR(r)) {
			kds_dax_region_unregister(r);
			kds_dax_region_put(r);
			cr_assert_geq(n, 2, "allocation not injected");
			break;
		}
		cr_assert_eq(PTR_ERR(r), -ENOMEM);
		cr_assert_eq(kds_alloc_live(), base);
	}
}

/* The ranges of @d as text, to compare a state before and after. */
static void dyn_layout(struct kds_dev_dax *d, char *out, size_t size)
{
	struct kds_dax_range r;
	size_t n = 0;

	out[0] = '\0';
	for (unsigned int i = 0; !kds_dev_dax_get_range(d, i, &r); i++)
		n += (size_t)snprintf(out + n, size - n, "%llx-%llx@%llx ",
				      (unsigned long long)r.start,
				      (unsigned long long)r.end,
				      (unsigned long long)r.pgoff);
}

/*
 * A growth that needs three new ranges, a mapping and a size store, with
 * an allocation failing at each point in turn: -ENOMEM, and the device's
 * ranges, the region's free bytes and the allocation count unchanged.
 */
Test(dax_region, dynamic_growth_allocation_failure_at_every_point)
{
	struct kds_dax_region *r;
	struct kds_dev_dax a = { 0 }, b = { 0 };
	char before[256], after[256];
	unsigned long n, injected = 0;
	int rc;

	r = kds_dax_region_alloc(NULL, 1, 0x100000000ULL, 16 * SZ_2M, 0, SZ_2M,
				 KDS_DAX_REGION_DYNAMIC);
	cr_assert(!IS_ERR(r));
	cr_assert_eq(kds_dev_dax_init(&a, r, -1, KDS_DEV_DAX_BUS), 0);
	cr_assert_eq(kds_dev_dax_init(&b, r, -1, KDS_DEV_DAX_BUS), 0);
	/* b holds every other 2 MiB of the first 8: a's growth is in pieces */
	for (int i = 1; i < 8; i += 2)
		cr_assert_eq(kds_dev_dax_add_range(&b, 0x100000000ULL + i * SZ_2M, SZ_2M), 0);
	cr_assert_eq(kds_dev_dax_resize(&a, SZ_2M), 0);
	for (n = 1; ; n++) {
		long base = kds_alloc_live();
		u64 avail = kds_dax_region_available(r);

		dyn_layout(&a, before, sizeof(before));
		kds_alloc_fail_nth(n);
		rc = kds_dev_dax_resize(&a, 8 * SZ_2M);
		kds_alloc_fail_off();
		if (!rc)
			break;
		injected++;
		cr_assert_eq(rc, -ENOMEM, "failure %lu: %d", n, rc);
		dyn_layout(&a, after, sizeof(after));
		cr_assert_str_eq(before, after, "failure %lu changed the ranges", n);
		cr_assert_eq(kds_dax_region_available(r), avail);
		cr_assert_eq(kds_alloc_live(), base);
	}
	cr_assert_geq(injected, 4, "only %lu allocations failed", injected);
	cr_assert_eq(kds_dev_dax_nr_ranges(&a), 5);

	/* the stores: their text's copy, then the range */
	cr_assert_eq(kds_dev_dax_resize(&a, 0), 0);
	for (n = 1; n <= 10; n++) {
		long base = kds_alloc_live();

		kds_alloc_fail_nth(n);
		rc = (int)kds_dev_dax_mapping_store(&a, "100000000-1001fffff", 20);
		kds_alloc_fail_off();
		if (rc > 0)
			break;
		cr_assert_eq(rc, -ENOMEM);
		cr_assert_eq(kds_dev_dax_nr_ranges(&a), 0);
		cr_assert_eq(kds_alloc_live(), base);
	}
	cr_assert_eq(rc, 20);
	cr_assert_eq(n, 4, "the store allocates three times, not %lu", n - 1);
	kds_alloc_fail_nth(1);
	cr_assert_eq(kds_dev_dax_size_store(&a, "0", 2), -ENOMEM);
	kds_alloc_fail_nth(1);
	cr_assert_eq(kds_dax_region_may_create(r, "1", 2), -ENOMEM);
	kds_alloc_fail_off();
	cr_assert_eq(kds_dev_dax_size(&a), SZ_2M);
	kds_dev_dax_release(&a);
	kds_dev_dax_release(&b);
	cr_assert_eq(kds_dax_region_available(r), 16 * SZ_2M);
	kds_dax_region_unregister(r);
	kds_dax_region_put(r);
	cr_assert_eq(kds_warn_count(), 0);
}
