// SPDX-License-Identifier: GPL-2.0
/*
 * plan.c - what a run measures: the structures, the workloads, the sizes,
 * and which structure runs at which size.
 */
#include <string.h>

#include "kds_port.h"
#include "benchmarks/harness/harness.h"

const struct bench_impl *const bench_impls[BENCH_NR_IMPLS] = {
	[B_FLAT] = &bench_flat,
	[B_FLAT_THP] = &bench_flat_thp,
	[B_FLEX] = &bench_flex,
	[B_GR4K] = &bench_genradix4k,
	[B_GR512] = &bench_genradix512,
	[B_LX61] = &bench_linux61,
	[B_LX612] = &bench_linux612,
	[B_JUDY] = &bench_judyl,
};

const struct bench_workload_info bench_wl[BENCH_NR_WORKLOADS] = {
	[W_POPULATE_COLD] = { "populate-cold",
		"populate 0..N, cold (create + write every entry; memory never touched before)",
		"ns/op", true },
	[W_POPULATE_WARM] = { "populate-warm",
		"populate 0..N, warm (create + write every entry; memory recycled)",
		"ns/op", true },
	[W_SEQ] = { "seq", "sequential lookup of every entry", "ns/op", true },
	[W_RANDOM] = { "random", "random lookup (pre-generated indices)", "ns/op", true },
	[W_CHASE] = { "chase",
		"dependent random lookup (next index from the value read: latency)",
		"ns/op", true },
	[W_FOREACH] = { "foreach", "for_each iteration over every entry", "ns/op", true },
	[W_MEMORY] = { "memory", "memory after populate 0..N", "bytes/entry", false },
	[W_DEPTH] = { "depth", "depth after populate 0..N (nodes a lookup reads)",
		"levels", false },
	[W_SPARSE] = { "sparse", "sparse populate, N random indices in [0, 2^32)",
		"ns/op", true },
	[W_SPARSE_MEM] = { "sparse-memory", "memory after sparse populate",
		"bytes/entry", false },
	[W_CAPACITY] = { "capacity", "capacity (largest index accepted + 1)",
		"entries", false },
};

const size_t bench_esizes[BENCH_NR_ESIZES] = { 8, 24, 100 };

struct bench_work bench_work;

void bench_plan_init(void)
{
	if (bench_opt.quick) {
		bench_work.min_ops = 1 << 16;
		bench_work.min_pop_ops = 1 << 14;
		bench_work.cold_passes = 4;
		bench_work.rnd_ops = 1 << 16;
		bench_work.chase_ops = 1 << 14;
	} else {
		bench_work.min_ops = 1 << 21;
		bench_work.min_pop_ops = 1 << 20;
		bench_work.cold_passes = 16;
		bench_work.rnd_ops = 1 << 21;
		bench_work.chase_ops = 1 << 17;
	}
}

/*
 * The "~1 GiB" point of entry size @esz: 2^30 / @esz entries, but no more
 * than 2^18 leaves of 4 KiB hold (what a 4 KiB-node tree addresses with
 * one interior level below the root, and exactly the 8-byte GiB), so the
 * 24- and 100-byte trees are as deep as the 8-byte one and the three
 * points compare like with like.
 */
bench_u64 bench_gib_n(size_t esz)
{
	bench_u64 n = ((bench_u64)1 << 30) / esz;
	bench_u64 same_depth = ((bench_u64)4096 / esz) << 18;

	return n < same_depth ? n : same_depth;
}

/*
 * Dense sizes: decades from 10^3 up to the ~1 GiB point (a decade right
 * next to it is dropped), plus flex_array's capacity. --quick: 10^3, 10^4
 * and flex_array's capacity.
 */
int bench_dense_sizes(size_t esz, bench_u64 *out)
{
	bench_u64 top = bench_opt.quick ? 10000 : bench_gib_n(esz);
	bench_u64 flexcap = bench_flex.max_dense(esz);
	int k = 0;

	for (bench_u64 n = 1000; n <= top; n *= 10)
		if (n * 3 / 2 < top || n == top)
			out[k++] = n;
	if (out[k - 1] != top)
		out[k++] = top;
	out[k++] = flexcap;
	for (int i = 1; i < k; i++)
		for (int j = i; j > 0 && out[j - 1] > out[j]; j--) {
			bench_u64 t = out[j];

			out[j] = out[j - 1];
			out[j - 1] = t;
		}
	return k;
}

int bench_sparse_sizes(bench_u64 *out)
{
	int k = 0;

	out[k++] = 1000;
	if (!bench_opt.quick) {
		out[k++] = 10000;
		out[k++] = 65536;
	}
	return k;
}

/*
 * Say which structures this build cannot run (struct bench_impl's
 * @unavailable) and why, as a line per structure; nothing when all run.
 */
void bench_print_unavailable(FILE *f, bool md)
{
	for (int i = 0; i < BENCH_NR_IMPLS; i++)
		if (bench_impls[i]->unavailable)
			fprintf(f, "%s%s: not measured: %s\n", md ? "- " : "",
				bench_impls[i]->name, bench_impls[i]->unavailable);
}

/*
 * Whether --filter selects (@w, @impl): its key contains one of the
 * filter's comma-separated substrings. Never a structure that cannot run.
 */
bool bench_selected(enum bench_workload w, int impl)
{
	const char *p;
	char key[128], part[128];

	if (bench_impls[impl]->unavailable)
		return false;
	if (!bench_opt.filter)
		return true;
	snprintf(key, sizeof(key), "%s/%s", bench_wl[w].key, bench_impls[impl]->name);
	for (p = bench_opt.filter; *p; p += *p == ',') {
		size_t len = strcspn(p, ",");

		if (len && len < sizeof(part)) {
			memcpy(part, p, len);
			part[len] = '\0';
			if (strstr(key, part))
				return true;
		}
		p += len;
	}
	return false;
}

/* Selected, or the baseline of a workload anything else runs. */
bool bench_wanted(enum bench_workload w, int impl)
{
	if (bench_selected(w, impl))
		return true;
	if (impl != B_BASE)
		return false;
	for (int i = 0; i < BENCH_NR_IMPLS; i++)
		if (bench_selected(w, i))
			return true;
	return false;
}

static bool runs_dense(int impl)
{
	static const enum bench_workload dense[] = {
		W_POPULATE_COLD, W_POPULATE_WARM, W_SEQ, W_RANDOM, W_CHASE,
		W_FOREACH, W_MEMORY, W_DEPTH,
	};

	for (size_t k = 0; k < ARRAY_SIZE(dense); k++)
		if (bench_wanted(dense[k], impl))
			return true;
	return false;
}

static bool esize_on(size_t esz)
{
	return !bench_opt.esize || bench_opt.esize == esz;
}

/* Whether @impl runs the dense workloads at @n entries of @esz bytes. */
bool bench_dense_ok(int impl, size_t esz, bench_u64 n)
{
	const struct bench_impl *im = bench_impls[impl];

	if (!esize_on(esz) || !runs_dense(impl) || im->max_dense(esz) < n)
		return false;
	return bench_opt.quick || !im->run_cap || n <= im->run_cap;
}

bool bench_sparse_ok(int impl, size_t esz)
{
	const struct bench_impl *im = bench_impls[impl];

	return esize_on(esz) && im->sparse && im->max_dense(esz) &&
	       (bench_wanted(W_SPARSE, impl) || bench_wanted(W_SPARSE_MEM, impl));
}

bool bench_capacity_ok(int impl, size_t esz)
{
	const struct bench_impl *im = bench_impls[impl];

	return esize_on(esz) && im->capacity && im->max_dense(esz) &&
	       bench_wanted(W_CAPACITY, impl);
}

/* Measurement groups (one progress line each). */
int bench_count_plan(void)
{
	bench_u64 sizes[BENCH_MAX_SIZES];
	int total = 0;

	for (int e = 0; e < BENCH_NR_ESIZES; e++) {
		size_t esz = bench_esizes[e];
		int ns = bench_dense_sizes(esz, sizes);

		for (int s = 0; s < ns; s++)
			for (int i = 0; i < BENCH_NR_IMPLS; i++)
				total += bench_dense_ok(i, esz, sizes[s]);
		ns = bench_sparse_sizes(sizes);
		for (int i = 0; i < BENCH_NR_IMPLS; i++) {
			if (bench_sparse_ok(i, esz))
				total += ns;
			total += bench_capacity_ok(i, esz);
		}
	}
	return total;
}
