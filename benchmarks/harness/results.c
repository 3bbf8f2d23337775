// SPDX-License-Identifier: GPL-2.0
/*
 * results.c - the figures a run measured, and ratios between them.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "benchmarks/harness/harness.h"

struct bench_result *bench_results;
size_t bench_nr_results;
static size_t cap_results;

/* Record the repetitions @v[0..@reps-1] (sorted in place) as one figure. */
void bench_add_result(enum bench_workload w, int impl, size_t esz, bench_u64 n,
		      double *v, int reps)
{
	struct bench_result *r;

	if (bench_nr_results == cap_results) {
		cap_results = cap_results ? 2 * cap_results : 256;
		bench_results = realloc(bench_results, cap_results * sizeof(*bench_results));
		if (!bench_results) {
			fprintf(stderr, "bench: out of memory\n");
			exit(1);
		}
	}
	for (int i = 1; i < reps; i++)
		for (int j = i; j > 0 && v[j - 1] > v[j]; j--) {
			double t = v[j];

			v[j] = v[j - 1];
			v[j - 1] = t;
		}
	r = &bench_results[bench_nr_results++];
	r->w = w;
	r->impl = impl;
	r->esz = esz;
	r->n = n;
	r->reps = reps;
	r->min = v[0];
	r->max = v[reps - 1];
	r->med = reps % 2 ? v[reps / 2] : (v[reps / 2 - 1] + v[reps / 2]) / 2;
}

const struct bench_result *bench_find(enum bench_workload w, int impl,
				      size_t esz, bench_u64 n)
{
	for (size_t i = 0; i < bench_nr_results; i++) {
		const struct bench_result *r = &bench_results[i];

		if (r->w == w && r->impl == impl && r->esz == esz && r->n == n)
			return r;
	}
	return NULL;
}

/* The median of (@w, @impl, @esz, @n); NAN when not measured. */
double bench_med(enum bench_workload w, int impl, size_t esz, bench_u64 n)
{
	const struct bench_result *r = bench_find(w, impl, esz, n);

	return r ? r->med : NAN;
}

/* median(a) / median(b) at (@w, @esz, @n); NAN when either is missing. */
double bench_ratio(enum bench_workload w, int a, int b, size_t esz, bench_u64 n)
{
	double x = bench_med(w, a, esz, n), y = bench_med(w, b, esz, n);

	return y > 0 ? x / y : NAN;
}

/* The largest N measured for (@w, @impl, @esz); 0 when none. */
bench_u64 bench_largest_n(enum bench_workload w, int impl, size_t esz)
{
	bench_u64 best = 0;

	for (size_t i = 0; i < bench_nr_results; i++) {
		const struct bench_result *r = &bench_results[i];

		if (r->w == w && r->impl == impl && r->esz == esz && r->n > best)
			best = r->n;
	}
	return best;
}

bool bench_impl_in(enum bench_workload w, int impl)
{
	for (size_t i = 0; i < bench_nr_results; i++)
		if (bench_results[i].w == w && bench_results[i].impl == impl)
			return true;
	return false;
}
