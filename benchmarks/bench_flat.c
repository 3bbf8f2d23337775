// SPDX-License-Identifier: GPL-2.0
/*
 * bench_flat.c - the physical limit: one calloc'ed array, entry i at
 * i * esz. Populate is calloc-and-touch (the kernel cannot beat fresh
 * zeroed pages plus one write per entry); for_each is a plain loop.
 */
#include <stdlib.h>

#include "benchmarks/bench.h"

struct flat {
	unsigned char *a;
	bench_u64 n;
};

static bench_u64 flat_max_dense(size_t esz)
{
	return UINT64_MAX;
}

static void *flat_populate(size_t esz, bench_u64 n)
{
	struct flat *f = malloc(sizeof(*f));

	if (!f)
		return NULL;
	f->n = n;
	f->a = calloc(n, esz);
	if (!f->a) {
		free(f);
		return NULL;
	}
	BENCH_DISPATCH_ESZ(esz,
		for (bench_u64 i = 0; i < n; i++)
			bench_write(f->a + i * ESZ, ESZ, i));
	return f;
}

static bench_u64 flat_seq(void *h, size_t esz, bench_u64 ops)
{
	const unsigned char *a = ((struct flat *)h)->a;
	bench_u64 s = 0;

	BENCH_DISPATCH_ESZ(esz,
		for (bench_u64 i = 0; i < ops; i++)
			s += bench_read(a + i * ESZ));
	return s;
}

static bench_u64 flat_rnd(void *h, size_t esz, const bench_u64 *idx, bench_u64 ops)
{
	const unsigned char *a = ((struct flat *)h)->a;
	bench_u64 s = 0;

	BENCH_DISPATCH_ESZ(esz,
		for (bench_u64 i = 0; i < ops; i++)
			s += bench_read(a + idx[i] * ESZ));
	return s;
}

static bench_u64 flat_chase(void *h, size_t esz, bench_u64 n, bench_u64 ops)
{
	const unsigned char *a = ((struct flat *)h)->a;
	bench_u64 s = 0, i = 0;

	BENCH_DISPATCH_ESZ(esz,
		for (bench_u64 k = 0; k < ops; k++) {
			bench_u64 v = bench_read(a + i * ESZ);

			s += v;
			i = bench_next(v, k, n);
		});
	return s;
}

static long flat_footprint(void *h, size_t esz)
{
	return (long)(((struct flat *)h)->n * esz);
}

static void flat_destroy(void *h, size_t esz)
{
	struct flat *f = h;

	free(f->a);
	free(f);
}

const struct bench_impl bench_flat = {
	.name = "flat",
	.max_dense = flat_max_dense,
	.populate = flat_populate,
	.seq = flat_seq,
	.rnd = flat_rnd,
	.chase = flat_chase,
	.iter = flat_seq,	/* the plain loop over the array */
	.footprint = flat_footprint,
	.destroy = flat_destroy,
};
