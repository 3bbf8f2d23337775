// SPDX-License-Identifier: GPL-2.0
/*
 * checksums.c - the random numbers and the sums lookups must return.
 *
 * Every lookup workload sums the values it read; the sum is compared with
 * the sum of the values written (for chase, the chain recomputed from the
 * values alone), so a structure returning wrong data or a compiler
 * dropping lookups shows up as a mismatch, never as a fast time. Every
 * sum also goes to a volatile sink.
 */
#include <stdio.h>

#include "benchmarks/harness/harness.h"

volatile bench_u64 bench_sink;
int bench_checksum_errors;

static bench_u64 rng_state = 0x853c49e6748fea9bull;

/* xorshift64*: a fixed sequence, so every run uses the same indices. */
static bench_u64 rng_next(void)
{
	rng_state ^= rng_state >> 12;
	rng_state ^= rng_state << 25;
	rng_state ^= rng_state >> 27;
	return rng_state * 0x2545f4914f6cdd1dull;
}

bench_u64 bench_rng_below(bench_u64 n)
{
	return (bench_u64)(((unsigned __int128)rng_next() * n) >> 64);
}

void bench_check_sum(const char *what, int impl, size_t esz, bench_u64 n,
		     bench_u64 got, bench_u64 want)
{
	bench_sink += got;
	if (got == want)
		return;
	if (++bench_checksum_errors <= 10)
		fprintf(stderr, "bench: CHECKSUM MISMATCH: %s %s esz=%zu N=%llu: "
			"got %#llx, want %#llx\n", what, bench_impls[impl]->name, esz,
			(unsigned long long)n, (unsigned long long)got,
			(unsigned long long)want);
}

bench_u64 bench_sum_values(bench_u64 count)
{
	bench_u64 s = 0;

	for (bench_u64 i = 0; i < count; i++)
		s += bench_value(i);
	return s;
}

bench_u64 bench_sum_values_at(const bench_u64 *idx, bench_u64 count)
{
	bench_u64 s = 0;

	for (bench_u64 i = 0; i < count; i++)
		s += bench_value(idx[i]);
	return s;
}

/* What a dependent chain of @ops lookups over 0..@n-1 from @start sums to. */
bench_u64 bench_sum_chain(bench_u64 n, bench_u64 start, bench_u64 ops)
{
	bench_u64 s = 0, i = start;

	for (bench_u64 k = 0; k < ops; k++) {
		bench_u64 v = bench_value(i);

		s += v;
		i = bench_next(v, k, n);
	}
	return s;
}
