// SPDX-License-Identifier: GPL-2.0
/*
 * bench_kds.c - the kds genradix and the kds flex_array (the 2011 kernel
 * structure genradix replaced) for the in-kernel benchmark. A component
 * missing from the build answers -ENODEV.
 */
#include <linux/ktime.h>
#include <linux/timekeeping.h>

#include "kds_port.h"
#include "kds/components.h"
#include "bench_iface.h"

#ifdef KDS_HAVE_GENRADIX
#include "compat/kds_genradix_names.h"

KDS_BENCH_GENRADIX(kds_bench_genradix_kds)

#else
int kds_bench_genradix_kds(size_t n, const u32 *idx, size_t nidx,
			   struct kds_bench_res *res)
{
	return -ENODEV;
}
#endif

#ifdef KDS_HAVE_FLEX_ARRAY
#include "benchmarks/flex_array/flex_array.h"

int kds_bench_flex_array_kds(size_t n, const u32 *idx, size_t nidx,
			     struct kds_bench_res *res)
{
	struct flex_array *fa;
	u64 t0, v, *p, sum = 0;
	size_t i;
	int rc = 0;

	if (n > FLEX_ARRAY_MAX_ELEMENTS(sizeof(u64)))
		return -E2BIG;
	fa = kds_flex_array_alloc(sizeof(u64), n, GFP_KERNEL);
	if (IS_ERR_OR_NULL(fa))
		return -ENOMEM;
	t0 = ktime_get_ns();
	for (i = 0; i < n; i++) {
		v = i;
		rc = kds_flex_array_put(fa, i, &v, GFP_KERNEL);
		if (rc)
			goto out;
	}
	res->populate_ns = ktime_get_ns() - t0;
	t0 = ktime_get_ns();
	for (i = 0; i < nidx; i++) {
		p = kds_flex_array_get(fa, idx[i]);
		if (!p) {
			rc = -ENOENT;
			goto out;
		}
		sum += *p;
	}
	res->lookup_ns = ktime_get_ns() - t0;
	res->lookup_sum = sum;
	sum = 0;
	t0 = ktime_get_ns();
	for (i = 0; i < n; i++) {
		p = kds_flex_array_get(fa, i);
		if (p)
			sum += *p;
	}
	res->iterate_ns = ktime_get_ns() - t0;
	res->iterate_sum = sum;
out:
	kds_flex_array_free(fa);
	return rc;
}
#else
int kds_bench_flex_array_kds(size_t n, const u32 *idx, size_t nidx,
			     struct kds_bench_res *res)
{
	return -ENODEV;
}
#endif
