/* SPDX-License-Identifier: GPL-2.0 */
/*
 * bench_iface.h - the in-kernel benchmark's implementations behind one
 * signature. bench_kds.c holds the kds genradix and kds flex_array
 * ("kds_port.h" side), bench_linux.c the kernel's own genradix and xarray
 * (kernel headers only); the genradix headers of both define the same
 * struct names, so they never meet in one file. bench.c drives them.
 */
#ifndef KDS_TEST_BENCH_IFACE_H
#define KDS_TEST_BENCH_IFACE_H

#include <linux/types.h>

/**
 * struct kds_bench_res - what one run of one implementation measured.
 * @populate_ns: time to store entries 0..n-1 (value = index).
 * @lookup_ns: time for the pre-generated random lookups.
 * @iterate_ns: time to visit every entry in index order.
 * @lookup_sum: sum of the values looked up (equal across implementations).
 * @iterate_sum: sum of the values visited (n * (n - 1) / 2).
 */
struct kds_bench_res {
	u64 populate_ns;
	u64 lookup_ns;
	u64 iterate_ns;
	u64 lookup_sum;
	u64 iterate_sum;
};

/**
 * typedef kds_bench_fn - run one implementation once.
 * @n: entries to store (indices 0..n-1, 8-byte values).
 * @idx: @nidx indices below @n to look up.
 * @nidx: number of lookups.
 * @res: filled with the timings and checksums.
 *
 * Return: 0, -ENOMEM, -ENOENT for a lookup that found nothing, or
 * -E2BIG when the structure cannot hold @n entries.
 */
typedef int (*kds_bench_fn)(size_t n, const u32 *idx, size_t nidx,
			    struct kds_bench_res *res);

/**
 * kds_bench_genradix_kds() - one benchmark run of the kds genradix (bench_kds.c).
 * @n: entries to store.
 * @idx: indices to look up.
 * @nidx: number of lookups.
 * @res: the measurements.
 *
 * Context: process context; may sleep.
 * Return: as &typedef kds_bench_fn (-ENODEV when the component is not built).
 */
int kds_bench_genradix_kds(size_t n, const u32 *idx, size_t nidx, struct kds_bench_res *res);
/**
 * kds_bench_flex_array_kds() - one benchmark run of the kds flex_array (bench_kds.c).
 * @n: entries to store.
 * @idx: indices to look up.
 * @nidx: number of lookups.
 * @res: the measurements.
 *
 * Context: process context; may sleep.
 * Return: as &typedef kds_bench_fn (-ENODEV when the component is not built).
 */
int kds_bench_flex_array_kds(size_t n, const u32 *idx, size_t nidx, struct kds_bench_res *res);
/**
 * kds_bench_genradix_linux() - one benchmark run of the kernel's genradix (bench_linux.c).
 * @n: entries to store.
 * @idx: indices to look up.
 * @nidx: number of lookups.
 * @res: the measurements.
 *
 * Context: process context; may sleep.
 * Return: as &typedef kds_bench_fn (-ENODEV when the component is not built).
 */
int kds_bench_genradix_linux(size_t n, const u32 *idx, size_t nidx, struct kds_bench_res *res);
/**
 * kds_bench_xarray_linux() - one benchmark run of the kernel's xarray, value entries (bench_linux.c).
 * @n: entries to store.
 * @idx: indices to look up.
 * @nidx: number of lookups.
 * @res: the measurements.
 *
 * Context: process context; may sleep.
 * Return: as &typedef kds_bench_fn (-ENODEV when the component is not built).
 */
int kds_bench_xarray_linux(size_t n, const u32 *idx, size_t nidx, struct kds_bench_res *res);

/*
 * KDS_BENCH_GENRADIX(fn) - define fn() (a kds_bench_fn) over whichever
 * GENRADIX(), genradix_*() and struct genradix_iter are in scope.
 */
#define KDS_BENCH_GENRADIX(fn)						\
int fn(size_t n, const u32 *idx, size_t nidx, struct kds_bench_res *res) \
{									\
	GENRADIX(u64) *t = kzalloc(sizeof(*t), GFP_KERNEL);		\
	struct genradix_iter iter;					\
	u64 t0, *p, sum = 0;						\
	size_t i;							\
	int rc = 0;							\
									\
	if (!t)								\
		return -ENOMEM;						\
	genradix_init(t);						\
	t0 = ktime_get_ns();						\
	for (i = 0; i < n; i++) {					\
		p = genradix_ptr_alloc(t, i, GFP_KERNEL);		\
		if (!p) {						\
			rc = -ENOMEM;					\
			goto out;					\
		}							\
		*p = i;							\
	}								\
	res->populate_ns = ktime_get_ns() - t0;				\
	t0 = ktime_get_ns();						\
	for (i = 0; i < nidx; i++) {					\
		p = genradix_ptr(t, idx[i]);				\
		if (!p) {						\
			rc = -ENOENT;					\
			goto out;					\
		}							\
		sum += *p;						\
	}								\
	res->lookup_ns = ktime_get_ns() - t0;				\
	res->lookup_sum = sum;						\
	sum = 0;							\
	t0 = ktime_get_ns();						\
	genradix_for_each(t, iter, p) {					\
		if (iter.pos >= n)					\
			break;						\
		sum += *p;						\
	}								\
	res->iterate_ns = ktime_get_ns() - t0;				\
	res->iterate_sum = sum;						\
out:									\
	genradix_free(t);						\
	kfree(t);							\
	return rc;							\
}

#endif /* KDS_TEST_BENCH_IFACE_H */
