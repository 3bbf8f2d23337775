// SPDX-License-Identifier: GPL-2.0
/*
 * run.c - the measurements.
 *
 * For each entry size and N, every structure that runs there is measured
 * as one group, repetitions interleaved across structures (repetition 1
 * of each, then repetition 2, ...) so a burst of load on the machine
 * spreads over all columns:
 *
 *  1. populate, per repetition and structure (populate_turn()): warm
 *     builds reuse the memory an earlier build of the same structure left
 *     in its allocator (node pool, malloc, the flat array's kept
 *     mapping); cold builds start after that memory went back to the
 *     system (bench_release_memory()), so they fault in memory the
 *     process has never touched, and are built again when the guest
 *     reported memory to its host meanwhile (cold_build()). Destruction
 *     is not timed.
 *  2. one more build of every structure, kept: memory and depth;
 *  3. the lookups on those builds: seq, random, chase (a different start
 *     index each repetition, the same for every structure), foreach.
 */
#include <malloc.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "kds_port.h"
#include "benchmarks/harness/harness.h"

int bench_cold_errors;
int bench_cold_repeats, bench_cold_kept_raced;

long bench_kds_live_bytes(void)
{
	struct kds_alloc_stats st;

	kds_alloc_stats(&st);
	return st.live_bytes;
}

long bench_release_memory(void)
{
	for (int i = 0; i < BENCH_NR_IMPLS; i++)
		if (bench_impls[i]->release)
			bench_impls[i]->release();
	kds_node_pool_release();
	malloc_trim(0);
	return kds_node_pool_chunks();
}

static void *out_of_memory(const char *what)
{
	fprintf(stderr, "bench: %s failed (out of memory?)\n", what);
	exit(1);
}

static bench_u64 passes_for(bench_u64 ops, bench_u64 want_ops)
{
	return ops >= want_ops ? 1 : (want_ops + ops - 1) / ops;
}

static void *build(int impl, size_t esz, bench_u64 n)
{
	void *h = bench_impls[impl]->populate(esz, n);

	if (!h)
		out_of_memory("populate");
	return h;
}

/*
 * One cold build, from memory the process gave back to the system just
 * before. Where the guest kernel counts what it reports to its host
 * (bench_host_reported_kib()), a build during which that count moved is
 * built again, up to BENCH_COLD_TRIES times: the report takes free memory
 * from the guest while the build faults it in, and that build then pays
 * the host's faults too, a cost of the host's timing (1.4-2.5x a 1 GiB
 * build on the record's VM, in none or most repetitions of a run), not
 * of the structure. Every structure gets the same rule. A build that
 * raced on every try is kept and counted. Return: the build, its time in
 * *@ns.
 */
static void *cold_build(int impl, size_t esz, bench_u64 n, double *ns)
{
	const struct bench_impl *im = bench_impls[impl];

	for (int tries = 1;; tries++) {
		long before = bench_host_reported_kib();
		long left = bench_release_memory();
		double t0;
		void *h;

		if (left && ++bench_cold_errors <= 3)
			fprintf(stderr, "bench: cold populate of %s: the node pool "
				"kept %ld chunk(s) (a node still in use)\n",
				im->name, left);
		t0 = bench_now_ns();
		h = build(impl, esz, n);
		*ns = bench_now_ns() - t0;
		if (before < 0 || bench_host_reported_kib() == before)
			return h;
		if (tries == BENCH_COLD_TRIES) {
			bench_cold_kept_raced++;
			return h;
		}
		bench_cold_repeats++;
		im->destroy(h, esz);
	}
}

/* @passes timed builds, each destroyed again. Return: ns per entry. */
static double timed_builds(int impl, size_t esz, bench_u64 n, bench_u64 passes,
			   bool cold)
{
	const struct bench_impl *im = bench_impls[impl];
	double total = 0;

	for (bench_u64 p = 0; p < passes; p++) {
		double t0, ns;
		void *h;

		if (cold) {
			h = cold_build(impl, esz, n, &ns);
		} else {
			t0 = bench_now_ns();
			h = build(impl, esz, n);
			ns = bench_now_ns() - t0;
		}
		total += ns;
		im->destroy(h, esz);
	}
	return total / (double)(n * passes);
}

/*
 * What the summary says of the cold builds: whether all started from
 * fresh memory, and how many cold_build() built again because the guest
 * reported memory to its host meanwhile.
 */
void bench_cold_note(char *buf, size_t len)
{
	int used = snprintf(buf, len, "%s",
			    bench_cold_errors ? "NOT ALL COLD (see stderr)" : "all from fresh memory");

	if (bench_cold_repeats && used > 0 && (size_t)used < len)
		used += snprintf(buf + used, len - used,
				 "; %d built again as the guest reported memory to its host "
				 "meanwhile", bench_cold_repeats);
	if (bench_cold_kept_raced && used > 0 && (size_t)used < len)
		snprintf(buf + used, len - used, "; %d kept after %d such tries",
			 bench_cold_kept_raced, BENCH_COLD_TRIES);
}

/*
 * One structure's populate repetition. Everything spare goes back to the
 * system, then one untimed build and destroy leaves the structure's own
 * memory in its allocator. Warm: timed builds on that recycled memory.
 * Cold: before each timed build that memory goes back to the system, so
 * the build faults in fresh pages, and what the kernel had free is what
 * this same structure just gave back, never memory shaped by another one
 * (huge-page faults right after 4 KiB pages were freed measured an order
 * of magnitude slower than right after huge pages were freed, so the
 * order of the structures would otherwise decide their cold figures).
 * Fills @*cold and @*warm (ns per entry) when wanted.
 */
static void populate_turn(int impl, size_t esz, bench_u64 n, double *cold,
			  double *warm)
{
	const struct bench_impl *im = bench_impls[impl];
	bench_u64 passes = passes_for(n, bench_work.min_pop_ops);

	bench_release_memory();
	im->destroy(build(impl, esz, n), esz);
	if (bench_wanted(W_POPULATE_WARM, impl))
		*warm = timed_builds(impl, esz, n, passes, false);
	if (bench_wanted(W_POPULATE_COLD, impl))
		*cold = timed_builds(impl, esz, n, min(passes, bench_work.cold_passes), true);
}

/* What one pass of a lookup workload must sum to, and its operations. */
struct read_plan {
	bench_u64 ops, passes, want;
};

static struct read_plan plan_read(enum bench_workload w, bench_u64 n,
				  const bench_u64 *idx)
{
	struct read_plan rp;

	if (w == W_CHASE) {
		rp.ops = bench_work.chase_ops;
		rp.passes = 1;
		rp.want = 0;	/* depends on the start: computed per repetition */
		return rp;
	}
	rp.ops = w == W_RANDOM ? min(n, bench_work.rnd_ops) : n;
	rp.passes = passes_for(rp.ops, bench_work.min_ops);
	rp.want = w == W_RANDOM ? bench_sum_values_at(idx, rp.ops) : bench_sum_values(n);
	return rp;
}

/* One repetition of a lookup workload; checksum verified. Return: ns/op. */
static double read_rep(enum bench_workload w, int impl, void *h, size_t esz,
		       bench_u64 n, const bench_u64 *idx, const struct read_plan *rp,
		       bench_u64 start, bench_u64 chain_want)
{
	const struct bench_impl *im = bench_impls[impl];
	bench_u64 s = 0;
	double t0 = bench_now_ns(), t1;

	for (bench_u64 p = 0; p < rp->passes; p++) {
		if (w == W_SEQ)
			s += im->seq(h, esz, rp->ops);
		else if (w == W_RANDOM)
			s += im->rnd(h, esz, idx, rp->ops);
		else if (w == W_CHASE)
			s += im->chase(h, esz, n, start, rp->ops);
		else
			s += im->iter(h, esz, rp->ops);
		barrier();
	}
	t1 = bench_now_ns();
	bench_check_sum(bench_wl[w].key, impl, esz, n, s,
			(w == W_CHASE ? chain_want : rp->want) * rp->passes);
	return (t1 - t0) / (double)(rp->ops * rp->passes);
}

static void run_dense_group(size_t esz, bench_u64 n, const bench_u64 *idx)
{
	static const enum bench_workload reads[] = { W_SEQ, W_RANDOM, W_CHASE, W_FOREACH };
	int act[BENCH_NR_IMPLS], na = 0;
	void *h[BENCH_NR_IMPLS];
	double cold[BENCH_NR_IMPLS][BENCH_MAX_REPS], hot[BENCH_NR_IMPLS][BENCH_MAX_REPS];
	int reps = bench_opt.reps;

	for (int i = 0; i < BENCH_NR_IMPLS; i++)
		if (bench_dense_ok(i, esz, n))
			act[na++] = i;
	if (!na)
		return;
	if (n * esz >= (64u << 20))
		bench_progress("%zuB N=%llu: %d structure(s), %d repetitions each ...",
			       esz, (unsigned long long)n, na, reps);

	/* 1. Populate, warm and cold. */
	for (int r = 0; r < reps; r++)
		for (int a = 0; a < na; a++)
			if (bench_wanted(W_POPULATE_COLD, act[a]) ||
			    bench_wanted(W_POPULATE_WARM, act[a]))
				populate_turn(act[a], esz, n, &cold[act[a]][r],
					      &hot[act[a]][r]);
	for (int a = 0; a < na; a++) {
		int i = act[a];

		if (bench_wanted(W_POPULATE_COLD, i))
			bench_add_result(W_POPULATE_COLD, i, esz, n, cold[i], reps);
		if (bench_wanted(W_POPULATE_WARM, i))
			bench_add_result(W_POPULATE_WARM, i, esz, n, hot[i], reps);
	}

	/* 2. The builds the lookups run on: memory and depth. */
	bench_release_memory();
	for (int a = 0; a < na; a++) {
		int i = act[a];
		long before = bench_kds_live_bytes();
		double bytes;

		h[i] = build(i, esz, n);
		bytes = (double)(bench_kds_live_bytes() - before);
		if (bench_impls[i]->footprint)
			bytes += (double)bench_impls[i]->footprint(h[i], esz);
		bytes /= (double)n;
		if (bench_wanted(W_MEMORY, i))
			bench_add_result(W_MEMORY, i, esz, n, &bytes, 1);
		if (bench_impls[i]->depth && bench_wanted(W_DEPTH, i)) {
			double d = bench_impls[i]->depth(h[i], esz);

			bench_add_result(W_DEPTH, i, esz, n, &d, 1);
		}
	}

	/* 3. Lookups. */
	for (size_t k = 0; k < ARRAY_SIZE(reads); k++) {
		enum bench_workload w = reads[k];
		struct read_plan rp;
		bool any = false;

		for (int a = 0; a < na; a++)
			any |= bench_wanted(w, act[a]);
		if (!any)
			continue;
		rp = plan_read(w, n, idx);
		for (int r = 0; r < reps; r++) {
			bench_u64 start = w == W_CHASE ? bench_rng_below(n) : 0;
			bench_u64 chain = w == W_CHASE ?
				bench_sum_chain(n, start, rp.ops) : 0;

			for (int a = 0; a < na; a++)
				if (bench_wanted(w, act[a]))
					cold[act[a]][r] = read_rep(w, act[a], h[act[a]], esz, n,
								   idx, &rp, start, chain);
		}
		for (int a = 0; a < na; a++)
			if (bench_wanted(w, act[a]))
				bench_add_result(w, act[a], esz, n, cold[act[a]], reps);
	}

	for (int a = 0; a < na; a++) {
		static const enum bench_workload shown[] = {
			W_POPULATE_COLD, W_POPULATE_WARM, W_RANDOM,
		};
		char line[160];
		int i = act[a], len = 0;

		bench_impls[i]->destroy(h[i], esz);
		for (size_t k = 0; k < ARRAY_SIZE(shown); k++) {
			double v = bench_med(shown[k], i, esz, n);

			if (!isnan(v) && len < (int)sizeof(line))
				len += snprintf(line + len, sizeof(line) - len, "  %s %.2f",
						bench_wl[shown[k]].key, v);
		}
		bench_progress_done++;
		bench_progress("%-12s %3zuB N=%-10llu%s%s", bench_impls[i]->name, esz,
			       (unsigned long long)n, len ? line : "", len ? " ns/op" : "");
	}
	bench_release_memory();
}

static void run_sparse(int impl, size_t esz, bench_u64 m, const bench_u64 *idx)
{
	const struct bench_impl *im = bench_impls[impl];
	double v[BENCH_MAX_REPS], mem;
	long before = 0;
	void *h = NULL;

	for (int r = 0; r < bench_opt.reps; r++) {
		double t0;

		before = bench_kds_live_bytes();
		t0 = bench_now_ns();
		h = im->sparse_fill(esz, idx, m);
		v[r] = (bench_now_ns() - t0) / (double)m;
		if (!h)
			out_of_memory("sparse populate");
		if (r != bench_opt.reps - 1)
			im->destroy(h, esz);
	}
	/* Every entry reads back (duplicate indices carry the same value). */
	bench_check_sum("sparse", impl, esz, m, im->rnd(h, esz, idx, m),
			bench_sum_values_at(idx, m));
	mem = (double)(bench_kds_live_bytes() - before);
	if (im->footprint)
		mem += (double)im->footprint(h, esz);
	mem /= (double)m;
	im->destroy(h, esz);
	bench_add_result(W_SPARSE, impl, esz, m, v, bench_opt.reps);
	bench_add_result(W_SPARSE_MEM, impl, esz, m, &mem, 1);
	bench_progress_done++;
	bench_progress("%-12s %3zuB sparse N=%-8llu %7.2f ns/op  %.1f B/entry", im->name,
		       esz, (unsigned long long)m, bench_med(W_SPARSE, impl, esz, m), mem);
}

static void run_capacity(int impl, size_t esz)
{
	double c = (double)bench_impls[impl]->capacity(esz);

	bench_progress_done++;
	if (c == 0)
		return;
	bench_add_result(W_CAPACITY, impl, esz, 0, &c, 1);
	bench_progress("%-12s %3zuB capacity %.4g entries", bench_impls[impl]->name, esz, c);
}

void bench_run_all(void)
{
	bench_u64 sizes[BENCH_MAX_SIZES];
	bench_u64 room = bench_work.rnd_ops > 100000 ? bench_work.rnd_ops : 100000;
	bench_u64 *idx = malloc(sizeof(*idx) * room);

	if (!idx)
		out_of_memory("index table");
	for (int e = 0; e < BENCH_NR_ESIZES; e++) {
		size_t esz = bench_esizes[e];
		int ns = bench_dense_sizes(esz, sizes);

		for (int s = 0; s < ns; s++) {
			bench_u64 n = sizes[s];

			for (bench_u64 k = 0; k < min(n, bench_work.rnd_ops); k++)
				idx[k] = bench_rng_below(n);
			run_dense_group(esz, n, idx);
		}
		ns = bench_sparse_sizes(sizes);
		for (int s = 0; s < ns; s++) {
			bool any = false;

			for (int i = 0; i < BENCH_NR_IMPLS; i++)
				any |= bench_sparse_ok(i, esz);
			if (!any)
				break;
			for (bench_u64 k = 0; k < sizes[s]; k++)
				idx[k] = bench_rng_below((bench_u64)1 << 32);
			for (int i = 0; i < BENCH_NR_IMPLS; i++)
				if (bench_sparse_ok(i, esz))
					run_sparse(i, esz, sizes[s], idx);
		}
		for (int i = 0; i < BENCH_NR_IMPLS; i++)
			if (bench_capacity_ok(i, esz))
				run_capacity(i, esz);
	}
	free(idx);
}
