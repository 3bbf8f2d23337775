// SPDX-License-Identifier: GPL-2.0
/*
 * bench_judy.c - JudyL (libjudy) as a peer: a word-to-word map, so only
 * 8-byte entries. Its memory comes from malloc (handed back with
 * malloc_trim() before a cold populate); the footprint is what
 * JudyLMemUsed() reports.
 *
 * A full run measures it up to 10^7 entries: populating 2^27 entries five
 * times would take over a minute on its own, a fifth of the run's budget.
 */
#include <stdlib.h>

#include <Judy.h>

#include "benchmarks/bench.h"

struct judy {
	Pvoid_t arr;
};

static bench_u64 judy_max_dense(size_t esz)
{
	return esz == 8 ? UINT64_MAX : 0;
}

static struct judy *judy_new(void)
{
	struct judy *j = malloc(sizeof(*j));

	if (j)
		j->arr = NULL;
	return j;
}

static void judy_destroy(void *h, size_t esz)
{
	struct judy *j = h;

	JudyLFreeArray(&j->arr, PJE0);
	free(j);
}

static bool judy_put(struct judy *j, bench_u64 i)
{
	PWord_t v = (PWord_t)JudyLIns(&j->arr, (Word_t)i, PJE0);

	if (v == NULL || v == PJERR)
		return false;
	*v = bench_value(i);
	return true;
}

static void *judy_populate(size_t esz, bench_u64 n)
{
	struct judy *j;

	if (esz != 8 || !(j = judy_new()))
		return NULL;
	for (bench_u64 i = 0; i < n; i++)
		if (!judy_put(j, i)) {
			judy_destroy(j, esz);
			return NULL;
		}
	return j;
}

static void *judy_sparse_fill(size_t esz, const bench_u64 *idx, bench_u64 m)
{
	struct judy *j;

	if (esz != 8 || !(j = judy_new()))
		return NULL;
	for (bench_u64 k = 0; k < m; k++)
		if (!judy_put(j, idx[k])) {
			judy_destroy(j, esz);
			return NULL;
		}
	return j;
}

static inline bench_u64 judy_get(struct judy *j, bench_u64 i)
{
	return *(PWord_t)JudyLGet(j->arr, (Word_t)i, PJE0);
}

static bench_u64 judy_seq(void *h, size_t esz, bench_u64 ops)
{
	bench_u64 s = 0;

	for (bench_u64 i = 0; i < ops; i++)
		s += judy_get(h, i);
	return s;
}

static bench_u64 judy_rnd(void *h, size_t esz, const bench_u64 *idx, bench_u64 ops)
{
	bench_u64 s = 0;

	for (bench_u64 i = 0; i < ops; i++)
		s += judy_get(h, idx[i]);
	return s;
}

static bench_u64 judy_chase(void *h, size_t esz, bench_u64 n, bench_u64 start,
			    bench_u64 ops)
{
	bench_u64 s = 0, i = start;

	for (bench_u64 k = 0; k < ops; k++) {
		bench_u64 v = judy_get(h, i);

		s += v;
		i = bench_next(v, k, n);
	}
	return s;
}

static bench_u64 judy_iter(void *h, size_t esz, bench_u64 ops)
{
	struct judy *j = h;
	Word_t key = 0;
	bench_u64 s = 0, k = 0;
	PWord_t v;

	for (v = (PWord_t)JudyLFirst(j->arr, &key, PJE0); v && k < ops;
	     v = (PWord_t)JudyLNext(j->arr, &key, PJE0), k++)
		s += *v;
	return s;
}

static long judy_footprint(void *h, size_t esz)
{
	return (long)JudyLMemUsed(((struct judy *)h)->arr);
}

/* Capacity: a key at the very top of the 64-bit key space. */
static bench_u64 judy_capacity(size_t esz)
{
	struct judy *j = judy_new();
	bench_u64 cap = 0;

	if (!j)
		return 0;
	if (judy_put(j, UINT64_MAX) && judy_get(j, UINT64_MAX) == bench_value(UINT64_MAX))
		cap = UINT64_MAX;	/* 2^64 keys */
	judy_destroy(j, esz);
	return cap;
}

const struct bench_impl bench_judyl = {
	.name = "JudyL",
	.max_dense = judy_max_dense,
	.run_cap = 10000000,
	.sparse = true,
	.populate = judy_populate,
	.seq = judy_seq,
	.rnd = judy_rnd,
	.chase = judy_chase,
	.iter = judy_iter,
	.sparse_fill = judy_sparse_fill,
	.footprint = judy_footprint,
	.capacity = judy_capacity,
	.destroy = judy_destroy,
};
