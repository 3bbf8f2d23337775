// SPDX-License-Identifier: GPL-2.0
/*
 * bench_flex.c - the flex_array baseline: populate with flex_array_put(),
 * look up with flex_array_get(). flex_array has no iterator; its users
 * walked it with an index loop over flex_array_get(), which is what the
 * for_each workload measures for it. Its base block and parts are
 * page-aligned pages from the port's node allocator (kmalloc-4096 in the
 * original), so they share the node pool with genradix.
 */
#include "kds_port.h"
#include "benchmarks/flex_array/flex_array.h"
#include "benchmarks/bench.h"

static bench_u64 flex_max_dense(size_t esz)
{
	return FLEX_ARRAY_MAX_ELEMENTS(esz);
}

static void *flex_populate(size_t esz, bench_u64 n)
{
	struct flex_array *fa;

	if (n > flex_max_dense(esz))
		return NULL;
	fa = flex_array_alloc((int)esz, (unsigned int)n, GFP_KERNEL);
	if (!fa)
		return NULL;
	BENCH_DISPATCH_ESZ(esz,
		unsigned char buf[ESZ];
		for (unsigned int i = 0; i < n; i++) {
			bench_write(buf, ESZ, i);
			if (flex_array_put(fa, i, buf, GFP_KERNEL)) {
				flex_array_free(fa);
				return NULL;
			}
		});
	return fa;
}

static bench_u64 flex_seq(void *h, size_t esz, bench_u64 ops)
{
	struct flex_array *fa = h;
	bench_u64 s = 0;

	for (unsigned int i = 0; i < ops; i++)
		s += bench_read(flex_array_get(fa, i));
	return s;
}

static bench_u64 flex_rnd(void *h, size_t esz, const bench_u64 *idx, bench_u64 ops)
{
	struct flex_array *fa = h;
	bench_u64 s = 0;

	for (bench_u64 i = 0; i < ops; i++)
		s += bench_read(flex_array_get(fa, (unsigned int)idx[i]));
	return s;
}

static bench_u64 flex_chase(void *h, size_t esz, bench_u64 n, bench_u64 start,
			    bench_u64 ops)
{
	struct flex_array *fa = h;
	bench_u64 s = 0, i = start;

	for (bench_u64 k = 0; k < ops; k++) {
		bench_u64 v = bench_read(flex_array_get(fa, (unsigned int)i));

		s += v;
		i = bench_next(v, k, n);
	}
	return s;
}

/* Capacity: the exact limit, checked at both sides. */
static bench_u64 flex_capacity(size_t esz)
{
	bench_u64 max = flex_max_dense(esz);
	struct flex_array *fa = flex_array_alloc((int)esz, (unsigned int)max,
						 GFP_KERNEL);
	struct flex_array *over = flex_array_alloc((int)esz, (unsigned int)max + 1,
						   GFP_KERNEL);
	unsigned char buf[128] = { 0 };
	bool ok = fa && !over && !flex_array_put(fa, max - 1, buf, GFP_KERNEL);

	flex_array_free(fa);
	flex_array_free(over);
	return ok ? max : 0;
}

/* Elements in the base block: one level; otherwise base, then part. */
static int flex_depth(void *h, size_t esz)
{
	struct flex_array *fa = h;

	return (size_t)fa->element_size * (unsigned int)fa->total_nr_elements <=
	       FLEX_ARRAY_BASE_BYTES_LEFT ? 1 : 2;
}

static void flex_destroy(void *h, size_t esz)
{
	flex_array_free(h);
}

const struct bench_impl bench_flex = {
	.name = "flex_array",
	.max_dense = flex_max_dense,
	.populate = flex_populate,
	.seq = flex_seq,
	.rnd = flex_rnd,
	.chase = flex_chase,
	.iter = flex_seq,	/* no iterator: the index loop its users wrote */
	.capacity = flex_capacity,
	.depth = flex_depth,
	.destroy = flex_destroy,
};
