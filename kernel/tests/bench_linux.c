// SPDX-License-Identifier: GPL-2.0
/*
 * bench_linux.c - the running kernel's genradix (__genradix_*) and xarray
 * for the in-kernel benchmark. Kernel headers only: never includes
 * "kds_port.h" or the kds genradix header.
 */
#include <linux/generic-radix-tree.h>
#include <linux/slab.h>
#include <linux/ktime.h>
#include <linux/timekeeping.h>
#include <linux/xarray.h>

#include "bench_iface.h"

KDS_BENCH_GENRADIX(kds_bench_genradix_linux)

int kds_bench_xarray_linux(size_t n, const u32 *idx, size_t nidx,
			   struct kds_bench_res *res)
{
	struct xarray xa;
	unsigned long i;
	void *entry;
	u64 t0, sum = 0;
	int rc = 0;

	xa_init(&xa);
	t0 = ktime_get_ns();
	for (i = 0; i < n; i++) {
		if (xa_is_err(xa_store(&xa, i, xa_mk_value(i), GFP_KERNEL))) {
			rc = -ENOMEM;
			goto out;
		}
	}
	res->populate_ns = ktime_get_ns() - t0;
	t0 = ktime_get_ns();
	for (i = 0; i < nidx; i++) {
		entry = xa_load(&xa, idx[i]);
		if (!entry) {
			rc = -ENOENT;
			goto out;
		}
		sum += xa_to_value(entry);
	}
	res->lookup_ns = ktime_get_ns() - t0;
	res->lookup_sum = sum;
	sum = 0;
	t0 = ktime_get_ns();
	xa_for_each(&xa, i, entry)
		sum += xa_to_value(entry);
	res->iterate_ns = ktime_get_ns() - t0;
	res->iterate_sum = sum;
out:
	xa_destroy(&xa);
	return rc;
}
