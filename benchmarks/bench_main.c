// SPDX-License-Identifier: GPL-2.0
/*
 * bench_main.c - the kds benchmark driver: genradix (PAGE_SIZE and 512-byte
 * nodes) against the flex_array it replaced, a flat calloc'ed array (the
 * physical limit) and JudyL.
 *
 *   ./bazelw run //benchmarks [-- --quick] [--filter SUBSTR] [--csv] [--out DIR]
 *
 * Every timed figure is the median of several repetitions (min and max
 * shown too), in nanoseconds per entry operation, measured with
 * clock_gettime(CLOCK_MONOTONIC). Lookups return checksums that are
 * verified against the values written, so a lookup cannot be optimised
 * away or return wrong data unnoticed. Results go to a folder as CSV,
 * gnuplot charts and a markdown summary.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/utsname.h>
#include <time.h>
#include <unistd.h>

#include "kds_port.h"
#include "benchmarks/bench.h"

const size_t bench_esizes[BENCH_NR_ESIZES] = { 8, 24, 100 };

const unsigned char bench_fill[128] = {
	[0 ... 127] = 0xa5,
};

long bench_kds_live_bytes(void)
{
	struct kds_alloc_stats st;

	kds_alloc_stats(&st);
	return st.live_bytes;
}

static const struct bench_impl *const impls[] = {
	&bench_flat,
	&bench_flex,
	&bench_genradix4k,
	&bench_genradix512,
	&bench_judyl,
};
#define NR_IMPLS ((int)ARRAY_SIZE(impls))

/* ------------------------------------------------------------ workloads */

enum workload {
	W_POPULATE,
	W_SEQ,
	W_RANDOM,
	W_CHASE,
	W_FOREACH,
	W_MEMORY,
	W_SPARSE,
	W_SPARSE_MEM,
	W_CAPACITY,
	NR_WORKLOADS
};

static const struct {
	const char *key;	/* CSV and --filter name */
	const char *title;	/* table heading */
	const char *unit;
	bool timed;
} wl[NR_WORKLOADS] = {
	[W_POPULATE] = { "populate", "populate 0..N (create + write every entry)", "ns/op", true },
	[W_SEQ] = { "seq", "sequential lookup", "ns/op", true },
	[W_RANDOM] = { "random", "random lookup (pre-generated indices)", "ns/op", true },
	[W_CHASE] = { "chase", "dependent random lookup (next index from the value read: latency)", "ns/op", true },
	[W_FOREACH] = { "foreach", "for_each iteration", "ns/op", true },
	[W_MEMORY] = { "memory", "memory after populate 0..N", "bytes/entry", false },
	[W_SPARSE] = { "sparse", "sparse populate, N random indices in [0, 2^32)", "ns/op", true },
	[W_SPARSE_MEM] = { "sparse-memory", "memory after sparse populate", "bytes/entry", false },
	[W_CAPACITY] = { "capacity", "capacity (largest index accepted + 1)", "entries", false },
};

/* ---------------------------------------------------------------- options */

static struct {
	bool quick;
	bool csv;
	const char *filter;
	char out[4096];
	int reps;
	size_t esize;	/* 0: every entry size */
} opt = { .reps = 5 };

/* Work sizes: a repetition of a lookup workload does at least min_ops
 * operations (passes repeat over small structures); at most the cap. */
static bench_u64 min_ops, min_pop_ops, seq_cap, rnd_cap, chase_ops;

static bool selected(enum workload w, const struct bench_impl *im)
{
	char key[128];

	if (!opt.filter)
		return true;
	snprintf(key, sizeof(key), "%s/%s", wl[w].key, im->name);
	return strstr(key, opt.filter) != NULL;
}

/* The flat array runs whenever anything else in its workload does: ratios. */
static bool wanted(enum workload w, const struct bench_impl *im)
{
	if (selected(w, im))
		return true;
	if (im != &bench_flat)
		return false;
	for (int i = 0; i < NR_IMPLS; i++)
		if (selected(w, impls[i]))
			return true;
	return false;
}

/* ---------------------------------------------------------------- results */

struct result {
	enum workload w;
	int impl;
	size_t esz;
	bench_u64 n;
	double med, min, max;
	int reps;
};

static struct result *results;
static size_t nr_results, cap_results;
static int checksum_errors;

static void add_result(enum workload w, int impl, size_t esz, bench_u64 n,
		       double *v, int reps)
{
	struct result *r;
	double t;

	if (nr_results == cap_results) {
		cap_results = cap_results ? 2 * cap_results : 256;
		results = realloc(results, cap_results * sizeof(*results));
		if (!results) {
			fprintf(stderr, "bench: out of memory\n");
			exit(1);
		}
	}
	/* Sort the repetitions (insertion sort: a handful of values). */
	for (int i = 1; i < reps; i++)
		for (int j = i; j > 0 && v[j - 1] > v[j]; j--) {
			t = v[j];
			v[j] = v[j - 1];
			v[j - 1] = t;
		}
	r = &results[nr_results++];
	r->w = w;
	r->impl = impl;
	r->esz = esz;
	r->n = n;
	r->reps = reps;
	r->min = v[0];
	r->max = v[reps - 1];
	r->med = reps % 2 ? v[reps / 2] : (v[reps / 2 - 1] + v[reps / 2]) / 2;
}

static const struct result *find_result(enum workload w, int impl, size_t esz,
					bench_u64 n)
{
	for (size_t i = 0; i < nr_results; i++)
		if (results[i].w == w && results[i].impl == impl &&
		    results[i].esz == esz && results[i].n == n)
			return &results[i];
	return NULL;
}

static int impl_index(const struct bench_impl *im)
{
	for (int i = 0; i < NR_IMPLS; i++)
		if (impls[i] == im)
			return i;
	return -1;
}

/* --------------------------------------------------------------- timing */

static double now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec * 1e9 + (double)ts.tv_nsec;
}

static double t_start;
static int progress_done, progress_total;

static void progress(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
static void progress(const char *fmt, ...)
{
	va_list ap;
	double s = (now_ns() - t_start) / 1e9;

	fprintf(stderr, "[%3d/%d %3d:%02d] ", progress_done, progress_total,
		(int)s / 60, (int)s % 60);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
}

/* The sink: every checksum ends up here, and is printed at the end. */
static volatile bench_u64 sink;

static bench_u64 rng_state = 0x853c49e6748fea9bull;

static bench_u64 rng_next(void)
{
	/* xorshift64* */
	rng_state ^= rng_state >> 12;
	rng_state ^= rng_state << 25;
	rng_state ^= rng_state >> 27;
	return rng_state * 0x2545f4914f6cdd1dull;
}

static bench_u64 rng_below(bench_u64 n)
{
	return (bench_u64)(((unsigned __int128)rng_next() * n) >> 64);
}

static void check_sum(const char *what, const struct bench_impl *im,
		      size_t esz, bench_u64 n, bench_u64 got, bench_u64 want)
{
	sink += got;
	if (got != want) {
		checksum_errors++;
		fprintf(stderr, "bench: CHECKSUM MISMATCH: %s %s esz=%zu N=%llu: "
			"got %#llx, want %#llx\n", what, im->name, esz,
			(unsigned long long)n, (unsigned long long)got,
			(unsigned long long)want);
	}
}

static bench_u64 sum_values(bench_u64 count)
{
	bench_u64 s = 0;

	for (bench_u64 i = 0; i < count; i++)
		s += bench_value(i);
	return s;
}

static bench_u64 sum_values_at(const bench_u64 *idx, bench_u64 count)
{
	bench_u64 s = 0;

	for (bench_u64 i = 0; i < count; i++)
		s += bench_value(idx[i]);
	return s;
}

/* What a dependent chain of @ops lookups over 0..@n-1 must sum to. */
static bench_u64 sum_chain(bench_u64 n, bench_u64 ops)
{
	bench_u64 s = 0, i = 0;

	for (bench_u64 k = 0; k < ops; k++) {
		bench_u64 v = bench_value(i);

		s += v;
		i = bench_next(v, k, n);
	}
	return s;
}

static bench_u64 passes_for(bench_u64 ops, bench_u64 want_ops)
{
	return ops >= want_ops ? 1 : (want_ops + ops - 1) / ops;
}

static void *out_of_memory(const char *what)
{
	fprintf(stderr, "bench: %s failed (out of memory?)\n", what);
	exit(1);
}

static bool impl_runs_dense(const struct bench_impl *im)
{
	return wanted(W_POPULATE, im) || wanted(W_SEQ, im) ||
	       wanted(W_RANDOM, im) || wanted(W_CHASE, im) ||
	       wanted(W_FOREACH, im) ||
	       wanted(W_MEMORY, im);
}

/* Whether @im runs the dense workloads at @n entries of @esz bytes. */
static bool dense_ok(const struct bench_impl *im, size_t esz, bench_u64 n)
{
	if (im->max_dense(esz) < n || !impl_runs_dense(im))
		return false;
	return opt.quick || !im->run_cap || n <= im->run_cap;
}

/*
 * One repetition of a lookup workload on a populated structure: enough
 * passes over @ops operations to last a while; the checksum is verified.
 * Return: ns per operation.
 */
static double read_rep(enum workload w, const struct bench_impl *im, void *h,
		       size_t esz, bench_u64 n, const bench_u64 *idx)
{
	bench_u64 ops = w == W_RANDOM ? min(n, rnd_cap) :
			w == W_CHASE ? chase_ops : min(n, seq_cap);
	bench_u64 passes = w == W_CHASE ? 1 : passes_for(ops, min_ops);
	bench_u64 want = w == W_RANDOM ? sum_values_at(idx, ops) :
			 w == W_CHASE ? sum_chain(n, ops) : sum_values(ops);
	bench_u64 s = 0;
	double t0 = now_ns(), t1;

	for (bench_u64 p = 0; p < passes; p++) {
		if (w == W_SEQ)
			s += im->seq(h, esz, ops);
		else if (w == W_RANDOM)
			s += im->rnd(h, esz, idx, ops);
		else if (w == W_CHASE)
			s += im->chase(h, esz, n, ops);
		else
			s += im->iter(h, esz, ops);
		barrier();
	}
	t1 = now_ns();
	check_sum(wl[w].key, im, esz, n, s, want * passes);
	return (t1 - t0) / (double)(ops * passes);
}

/*
 * One populate repetition: build from scratch until enough entries have
 * been written, timing only the builds; destroy all but the last build when
 * @keep, which is returned in @*h with the kds bytes live before it in
 * @*before. Return: ns per entry written.
 */
static double populate_rep(const struct bench_impl *im, size_t esz, bench_u64 n,
			   bool keep, void **h, long *before)
{
	bench_u64 passes = passes_for(n, min_pop_ops);
	double total = 0;

	for (bench_u64 p = 0; p < passes; p++) {
		bool last = keep && p == passes - 1;
		double t0;

		*before = bench_kds_live_bytes();
		t0 = now_ns();
		*h = im->populate(esz, n);
		total += now_ns() - t0;
		if (!*h)
			out_of_memory("populate");
		if (!last)
			im->destroy(*h, esz);
	}
	return total / (double)(n * passes);
}

/* Footprint of a structure just built: kds allocator bytes + its own. */
static double footprint(const struct bench_impl *im, void *h, size_t esz,
			long kds_before)
{
	long bytes = bench_kds_live_bytes() - kds_before;

	if (im->footprint)
		bytes += im->footprint(h, esz);
	return (double)bytes;
}

/*
 * Everything dense at one (entry size, N), for every structure at once.
 * Repetitions are interleaved across structures (rep 1 of each, then rep
 * 2 of each, ...), so a burst of noise on the machine spreads over all of
 * them instead of skewing one structure's figures against the others'.
 */
static void run_dense_group(size_t esz, bench_u64 n, const bench_u64 *idx)
{
	static const enum workload reads[] = { W_SEQ, W_RANDOM, W_CHASE, W_FOREACH };
	const struct bench_impl *act[NR_IMPLS];
	void *h[NR_IMPLS];
	long before[NR_IMPLS];
	double v[NR_IMPLS][64], mem[NR_IMPLS];
	int na = 0;

	for (int i = 0; i < NR_IMPLS; i++)
		if (dense_ok(impls[i], esz, n))
			act[na++] = impls[i];
	if (!na)
		return;
	if (n * esz >= (64u << 20))	/* the long ones: say what is running */
		progress("%zuB N=%llu: %d structure(s), %d repetitions each ...", esz,
			 (unsigned long long)n, na, opt.reps);

	/* Populate; a structure whose populate is not selected builds once. */
	for (int r = 0; r < opt.reps; r++)
		for (int a = 0; a < na; a++) {
			bool timed = wanted(W_POPULATE, act[a]);

			if (!timed && r != opt.reps - 1)
				continue;
			v[a][r] = populate_rep(act[a], esz, n, r == opt.reps - 1,
					       &h[a], &before[a]);
			if (r == opt.reps - 1)
				mem[a] = footprint(act[a], h[a], esz, before[a]) / (double)n;
		}
	for (int a = 0; a < na; a++) {
		if (wanted(W_POPULATE, act[a]))
			add_result(W_POPULATE, impl_index(act[a]), esz, n, v[a], opt.reps);
		if (wanted(W_MEMORY, act[a]))
			add_result(W_MEMORY, impl_index(act[a]), esz, n, &mem[a], 1);
	}

	for (size_t k = 0; k < ARRAY_SIZE(reads); k++) {
		enum workload w = reads[k];

		for (int r = 0; r < opt.reps; r++)
			for (int a = 0; a < na; a++)
				if (wanted(w, act[a]))
					v[a][r] = read_rep(w, act[a], h[a], esz, n, idx);
		for (int a = 0; a < na; a++)
			if (wanted(w, act[a]))
				add_result(w, impl_index(act[a]), esz, n, v[a], opt.reps);
	}

	for (int a = 0; a < na; a++) {
		const struct result *rr = find_result(W_RANDOM, impl_index(act[a]), esz, n);
		const struct result *rp = find_result(W_POPULATE, impl_index(act[a]), esz, n);

		act[a]->destroy(h[a], esz);
		progress_done++;
		progress("%-12s %3zuB N=%-10llu populate %7.2f  random %7.2f ns/op  %.2f B/entry",
			 act[a]->name, esz, (unsigned long long)n,
			 rp ? rp->med : NAN, rr ? rr->med : NAN, mem[a]);
	}
}

static void run_sparse(const struct bench_impl *im, size_t esz, bench_u64 m,
		       const bench_u64 *idx)
{
	double v[64], mem;
	long before = 0;
	void *h = NULL;

	for (int r = 0; r < opt.reps; r++) {
		double t0;

		before = bench_kds_live_bytes();
		t0 = now_ns();
		h = im->sparse_fill(esz, idx, m);
		v[r] = (now_ns() - t0) / (double)m;
		if (!h)
			out_of_memory("sparse populate");
		if (r != opt.reps - 1)
			im->destroy(h, esz);
	}
	/* Every entry reads back (duplicate indices carry the same value). */
	check_sum("sparse", im, esz, m, im->rnd(h, esz, idx, m), sum_values_at(idx, m));
	mem = footprint(im, h, esz, before) / (double)m;
	im->destroy(h, esz);
	add_result(W_SPARSE, impl_index(im), esz, m, v, opt.reps);
	add_result(W_SPARSE_MEM, impl_index(im), esz, m, &mem, 1);
	progress_done++;
	progress("%-12s %3zuB sparse N=%-8llu %7.2f ns/op  %.1f B/entry", im->name, esz,
		 (unsigned long long)m, results[nr_results - 2].med, mem);
}

static void run_capacity(const struct bench_impl *im, size_t esz)
{
	double c = (double)im->capacity(esz);

	progress_done++;
	if (c == 0)
		return;
	add_result(W_CAPACITY, impl_index(im), esz, 0, &c, 1);
	progress("%-12s %3zuB capacity %.4g entries", im->name, esz, c);
}

/* ------------------------------------------------------------------ plan */

#define MAX_SIZES 16

/* Dense sizes: decades from 10^3, flex_array's cap, and ~1 GiB of payload. */
static int dense_sizes(size_t esz, bench_u64 *out)
{
	bench_u64 gib = (1ull << 30) / esz, flexcap = bench_flex.max_dense(esz);
	bench_u64 top = opt.quick ? 10000 : gib;
	int k = 0;

	for (bench_u64 n = 1000; n <= top; n *= 10)
		if (n * 3 / 2 < top || n == top)	/* drop a decade next to the top */
			out[k++] = n;
	if (!opt.quick && out[k - 1] != top)
		out[k++] = top;
	out[k++] = flexcap;
	/* Sort and drop duplicates. */
	for (int i = 1; i < k; i++)
		for (int j = i; j > 0 && out[j - 1] > out[j]; j--) {
			bench_u64 t = out[j];

			out[j] = out[j - 1];
			out[j - 1] = t;
		}
	return k;
}

static int sparse_sizes(bench_u64 *out)
{
	int k = 0;

	out[k++] = 1000;
	if (!opt.quick) {
		out[k++] = 10000;
		out[k++] = 65536;
	}
	return k;
}

static int count_plan(void)
{
	bench_u64 sizes[MAX_SIZES];
	int total = 0;

	for (int e = 0; e < BENCH_NR_ESIZES; e++) {
		size_t esz = bench_esizes[e];
		int ns = dense_sizes(esz, sizes);

		if (opt.esize && esz != opt.esize)
			continue;
		for (int s = 0; s < ns; s++)
			for (int i = 0; i < NR_IMPLS; i++)
				if (dense_ok(impls[i], esz, sizes[s]))
					total++;
		ns = sparse_sizes(sizes);
		for (int i = 0; i < NR_IMPLS; i++) {
			if (impls[i]->sparse && impls[i]->max_dense(esz) &&
			    (wanted(W_SPARSE, impls[i]) || wanted(W_SPARSE_MEM, impls[i])))
				total += ns;
			if (impls[i]->capacity && impls[i]->max_dense(esz) &&
			    wanted(W_CAPACITY, impls[i]))
				total++;
		}
	}
	return total;
}

static void run_all(void)
{
	bench_u64 sizes[MAX_SIZES];
	bench_u64 *idx = malloc(sizeof(*idx) * (rnd_cap > 100000 ? rnd_cap : 100000));

	if (!idx)
		out_of_memory("index table");
	for (int e = 0; e < BENCH_NR_ESIZES; e++) {
		size_t esz = bench_esizes[e];
		int ns = dense_sizes(esz, sizes);

		if (opt.esize && esz != opt.esize)
			continue;
		for (int s = 0; s < ns; s++) {
			bench_u64 n = sizes[s];

			for (bench_u64 k = 0; k < min(n, rnd_cap); k++)
				idx[k] = rng_below(n);
			run_dense_group(esz, n, idx);
		}
		ns = sparse_sizes(sizes);
		for (int s = 0; s < ns; s++) {
			for (bench_u64 k = 0; k < sizes[s]; k++)
				idx[k] = rng_below(1ull << 32);
			for (int i = 0; i < NR_IMPLS; i++)
				if (impls[i]->sparse && impls[i]->max_dense(esz) &&
				    (wanted(W_SPARSE, impls[i]) || wanted(W_SPARSE_MEM, impls[i])))
					run_sparse(impls[i], esz, sizes[s], idx);
		}
		for (int i = 0; i < NR_IMPLS; i++)
			if (impls[i]->capacity && impls[i]->max_dense(esz) &&
			    wanted(W_CAPACITY, impls[i]))
				run_capacity(impls[i], esz);
	}
	free(idx);
}

/* --------------------------------------------------------------- output */

static void fmt_num(char *buf, size_t len, double x)
{
	if (isnan(x))
		snprintf(buf, len, "-");
	else if (x >= 1e6)
		snprintf(buf, len, "%.3g", x);
	else if (x >= 100)
		snprintf(buf, len, "%.1f", x);
	else if (x >= 10)
		snprintf(buf, len, "%.2f", x);
	else
		snprintf(buf, len, "%.3f", x);
}

static void fmt_capacity(char *buf, size_t len, double c)
{
	int k = (int)lround(log2(c));

	if (c >= (double)(1ull << 32) && fabs(c - ldexp(1.0, k)) < ldexp(1.0, k - 40))
		snprintf(buf, len, "2^%d", k);
	else
		snprintf(buf, len, "%.0f", c);
}

/* A table cell: "median (min-max) ratio" or just the value. */
static void fmt_cell(char *buf, size_t len, const struct result *r,
		     const struct result *flat)
{
	char a[32], b[32], c[32], ratio[32] = "";

	if (!r) {
		snprintf(buf, len, "-");
		return;
	}
	if (r->w == W_CAPACITY) {
		fmt_capacity(buf, len, r->med);
		return;
	}
	fmt_num(a, sizeof(a), r->med);
	if (flat && flat != r && flat->med > 0)
		snprintf(ratio, sizeof(ratio), " %.2fx", r->med / flat->med);
	if (r->reps > 1) {
		fmt_num(b, sizeof(b), r->min);
		fmt_num(c, sizeof(c), r->max);
		snprintf(buf, len, "%s (%s-%s)%s", a, b, c, ratio);
	} else {
		snprintf(buf, len, "%s%s", a, ratio);
	}
}

/* The (esz, n) rows a workload has, in order. */
static int rows_of(enum workload w, size_t *esz, bench_u64 *n, int max)
{
	int k = 0;

	for (int e = 0; e < BENCH_NR_ESIZES; e++) {
		bench_u64 last = 0;
		bool first = true;

		for (;;) {
			bench_u64 best = 0;
			bool found = false;

			for (size_t i = 0; i < nr_results; i++) {
				const struct result *r = &results[i];

				if (r->w != w || r->esz != bench_esizes[e])
					continue;
				if ((first || r->n > last) && (!found || r->n < best)) {
					best = r->n;
					found = true;
				}
			}
			if (!found || k == max)
				break;
			esz[k] = bench_esizes[e];
			n[k++] = best;
			last = best;
			first = false;
		}
	}
	return k;
}

static bool impl_in(enum workload w, int impl)
{
	for (size_t i = 0; i < nr_results; i++)
		if (results[i].w == w && results[i].impl == impl)
			return true;
	return false;
}

#define MAX_ROWS 64

static void print_table(FILE *f, enum workload w, bool md)
{
	size_t esz[MAX_ROWS];
	bench_u64 n[MAX_ROWS];
	int rows = rows_of(w, esz, n, MAX_ROWS);
	int flat = impl_index(&bench_flat);
	char cell[128];

	if (!rows)
		return;
	if (md) {
		fprintf(f, "\n### %s (%s)\n\n| entry | N |", wl[w].title, wl[w].unit);
		for (int i = 0; i < NR_IMPLS; i++)
			if (impl_in(w, i))
				fprintf(f, " %s |", impls[i]->name);
		fprintf(f, "\n|---:|---:|");
		for (int i = 0; i < NR_IMPLS; i++)
			if (impl_in(w, i))
				fprintf(f, "---|");
		fputc('\n', f);
	} else {
		fprintf(f, "\n== %s, %s", wl[w].title, wl[w].unit);
		if (wl[w].timed)
			fprintf(f, ": median (min-max) of %d%s", opt.reps,
				impl_in(w, flat) ? ", ratio to flat" : "");
		else if (w == W_MEMORY)
			fprintf(f, ", ratio to flat (= payload)");
		fprintf(f, "\n%-6s %-10s", "entry", "N");
		for (int i = 0; i < NR_IMPLS; i++)
			if (impl_in(w, i))
				fprintf(f, "  %-32s", impls[i]->name);
		fputc('\n', f);
	}
	for (int r = 0; r < rows; r++) {
		const struct result *base = find_result(w, flat, esz[r], n[r]);
		char nbuf[32];

		if (w == W_CAPACITY)
			snprintf(nbuf, sizeof(nbuf), "-");
		else
			snprintf(nbuf, sizeof(nbuf), "%llu", (unsigned long long)n[r]);
		if (md)
			fprintf(f, "| %zuB | %s |", esz[r], nbuf);
		else
			fprintf(f, "%4zuB  %-10s", esz[r], nbuf);
		for (int i = 0; i < NR_IMPLS; i++) {
			if (!impl_in(w, i))
				continue;
			fmt_cell(cell, sizeof(cell), find_result(w, i, esz[r], n[r]),
				 base);
			if (md)
				fprintf(f, " %s |", cell);
			else
				fprintf(f, "  %-32s", cell);
		}
		fputc('\n', f);
	}
}

static void write_csv(FILE *f)
{
	int flat = impl_index(&bench_flat);

	fprintf(f, "workload,structure,entry_bytes,n,unit,median,min,max,reps,ratio_to_flat\n");
	for (size_t i = 0; i < nr_results; i++) {
		const struct result *r = &results[i];
		const struct result *b = find_result(r->w, flat, r->esz, r->n);

		fprintf(f, "%s,%s,%zu,%llu,%s,%.6g,%.6g,%.6g,%d,", wl[r->w].key,
			impls[r->impl]->name, r->esz, (unsigned long long)r->n,
			wl[r->w].unit, r->med, r->min, r->max, r->reps);
		if (b && b->med > 0 && r->w != W_CAPACITY)
			fprintf(f, "%.4f", r->med / b->med);
		fputc('\n', f);
	}
}

/* ------------------------------------------------------------- targets */

struct target_row {
	char what[96];
	char where[48];
	double value, limit;
	bool met;
	char worst[64];
};

/*
 * The largest N measured for (workload, esz): the ~1 GiB point of a full
 * run. 0 when none.
 */
static bench_u64 largest_n(enum workload w, int impl, size_t esz)
{
	bench_u64 best = 0;

	for (size_t i = 0; i < nr_results; i++)
		if (results[i].w == w && results[i].impl == impl &&
		    results[i].esz == esz && results[i].n > best)
			best = results[i].n;
	return best;
}

/* value(a)/value(b) for (w, esz, n); NAN when either is missing. */
static double ratio(enum workload w, int a, int b, size_t esz, bench_u64 n)
{
	const struct result *ra = find_result(w, a, esz, n);
	const struct result *rb = find_result(w, b, esz, n);

	if (!ra || !rb || rb->med <= 0)
		return NAN;
	return ra->med / rb->med;
}

/* The worst ratio over every N both have for (w, esz). */
static void worst_ratio(char *buf, size_t len, enum workload w, int a, int b,
			size_t esz, bool higher_is_worse)
{
	double worst = NAN;
	bench_u64 at = 0;

	for (size_t i = 0; i < nr_results; i++) {
		const struct result *r = &results[i];
		double q;

		if (r->w != w || r->impl != a || r->esz != esz)
			continue;
		q = ratio(w, a, b, esz, r->n);
		if (isnan(q))
			continue;
		if (isnan(worst) || (higher_is_worse ? q > worst : q < worst)) {
			worst = q;
			at = r->n;
		}
	}
	if (isnan(worst))
		snprintf(buf, len, "-");
	else
		snprintf(buf, len, "%.2f at N=%llu", worst, (unsigned long long)at);
}

static int nr_targets;
static struct target_row targets[64];

static void add_target(const char *what, size_t esz, bench_u64 n, double value,
		       double limit, bool upper, const char *worst)
{
	struct target_row *t;

	if (isnan(value) || nr_targets == (int)ARRAY_SIZE(targets))
		return;
	t = &targets[nr_targets++];
	snprintf(t->what, sizeof(t->what), "%s", what);
	snprintf(t->where, sizeof(t->where), "%zuB, N=%llu", esz, (unsigned long long)n);
	t->value = value;
	t->limit = limit;
	t->met = upper ? value <= limit : value >= limit;
	snprintf(t->worst, sizeof(t->worst), "%s", worst);
}

static void eval_targets(void)
{
	const struct bench_impl *grs[] = { &bench_genradix4k, &bench_genradix512 };
	int flat = impl_index(&bench_flat), flex = impl_index(&bench_flex);
	int judy = impl_index(&bench_judyl);
	char what[96], worst[64];

	nr_targets = 0;
	for (size_t g = 0; g < ARRAY_SIZE(grs); g++) {
		int gi = impl_index(grs[g]);
		const char *gn = grs[g]->name;

		for (int e = 0; e < BENCH_NR_ESIZES; e++) {
			size_t esz = bench_esizes[e];
			bench_u64 top = largest_n(W_RANDOM, gi, esz);
			bench_u64 fcap = bench_flex.max_dense(esz);

			snprintf(what, sizeof(what), "%s random lookup at ~1 GiB <= 1.3x flat", gn);
			worst_ratio(worst, sizeof(worst), W_RANDOM, gi, flat, esz, true);
			add_target(what, esz, top, ratio(W_RANDOM, gi, flat, esz, top), 1.3, true, worst);

			top = largest_n(W_CHASE, gi, esz);
			snprintf(what, sizeof(what), "%s dependent random lookup at ~1 GiB <= 1.3x flat", gn);
			worst_ratio(worst, sizeof(worst), W_CHASE, gi, flat, esz, true);
			add_target(what, esz, top, ratio(W_CHASE, gi, flat, esz, top), 1.3, true, worst);

			snprintf(what, sizeof(what), "%s random lookup at flex_array's max <= flex_array", gn);
			add_target(what, esz, fcap, ratio(W_RANDOM, gi, flex, esz, fcap), 1.0, true, "-");

			if (esz == 8) {
				bench_u64 jt = largest_n(W_RANDOM, judy, esz);

				snprintf(what, sizeof(what), "%s random lookup <= 0.7x JudyL", gn);
				worst_ratio(worst, sizeof(worst), W_RANDOM, gi, judy, esz, true);
				add_target(what, esz, jt, ratio(W_RANDOM, gi, judy, esz, jt), 0.7, true, worst);
			}

			/* Throughput ratio = flat ns / genradix ns. */
			top = largest_n(W_FOREACH, gi, esz);
			snprintf(what, sizeof(what), "%s for_each throughput >= 0.7x flat loop", gn);
			worst_ratio(worst, sizeof(worst), W_FOREACH, flat, gi, esz, false);
			add_target(what, esz, top, ratio(W_FOREACH, flat, gi, esz, top), 0.7, false, worst);

			top = largest_n(W_POPULATE, gi, esz);
			snprintf(what, sizeof(what), "%s populate <= 2x calloc-and-touch", gn);
			worst_ratio(worst, sizeof(worst), W_POPULATE, gi, flat, esz, true);
			add_target(what, esz, top, ratio(W_POPULATE, gi, flat, esz, top), 2.0, true, worst);

			if (esz == 8) {
				top = largest_n(W_MEMORY, gi, esz);
				snprintf(what, sizeof(what), "%s dense memory <= 1.01x payload", gn);
				worst_ratio(worst, sizeof(worst), W_MEMORY, gi, flat, esz, true);
				add_target(what, esz, top, ratio(W_MEMORY, gi, flat, esz, top), 1.01, true, worst);
			}
		}
	}
}

static void print_targets(FILE *f, bool md)
{
	if (!nr_targets)
		return;
	if (md) {
		fprintf(f, "\n## Targets\n\nMeasured at the largest N of the run (the ~1 GiB "
			"point in a full run) unless the target names a size; "
			"\"worst\" is the least favourable ratio over every N measured.\n\n"
			"| target | where | measured | limit | met | worst |\n"
			"|---|---|---:|---:|---|---|\n");
		for (int i = 0; i < nr_targets; i++)
			fprintf(f, "| %s | %s | %.3f | %.2f | %s | %s |\n", targets[i].what,
				targets[i].where, targets[i].value, targets[i].limit,
				targets[i].met ? "yes" : "**no**", targets[i].worst);
	} else {
		fprintf(f, "\n== targets (ratios; measured at the largest N unless named)\n");
		for (int i = 0; i < nr_targets; i++)
			fprintf(f, "%-4s %-58s %-20s %7.3f (limit %.2f; worst %s)\n",
				targets[i].met ? "MET" : "MISS", targets[i].what,
				targets[i].where, targets[i].value, targets[i].limit,
				targets[i].worst);
	}
}

static void cpu_model(char *buf, size_t len)
{
	FILE *f = fopen("/proc/cpuinfo", "r");
	char line[512];

	snprintf(buf, len, "unknown");
	if (!f)
		return;
	while (fgets(line, sizeof(line), f)) {
		char *c = strchr(line, ':');

		if (!strncmp(line, "model name", 10) && c) {
			c++;
			while (*c == ' ' || *c == '\t')
				c++;
			c[strcspn(c, "\n")] = 0;
			snprintf(buf, len, "%s", c);
			break;
		}
	}
	fclose(f);
}

static long mem_total_mib(void)
{
	FILE *f = fopen("/proc/meminfo", "r");
	long kb = 0;

	if (!f)
		return 0;
	if (fscanf(f, "MemTotal: %ld kB", &kb) != 1)
		kb = 0;
	fclose(f);
	return kb / 1024;
}

static bool have_gnuplot(void)
{
	return system("command -v gnuplot >/dev/null 2>&1") == 0;
}

/* Whether structure @impl has figures for (@w, @esz): a line on a chart. */
static bool has_series(enum workload w, int impl, size_t esz)
{
	for (size_t k = 0; k < nr_results; k++)
		if (results[k].w == w && results[k].impl == impl && results[k].esz == esz)
			return true;
	return false;
}

static bool write_charts(const char *dir, char *note, size_t len)
{
	static const enum workload charted[] = { W_POPULATE, W_SEQ, W_RANDOM, W_CHASE,
						 W_FOREACH, W_SPARSE };
	char path[4200], cmd[8600];
	FILE *f;
	int made = 0;

	if (!have_gnuplot()) {
		snprintf(note, len, "gnuplot not found: no charts (install gnuplot-nox)");
		return true;
	}
	snprintf(path, sizeof(path), "%s/charts.gp", dir);
	f = fopen(path, "w");
	if (!f)
		return false;
	fprintf(f, "# kds benchmark charts: ns/op against N, log-log.\n"
		"set terminal svg size 1500,460 dynamic font 'sans,11'\n"
		"set termoption noenhanced\nset logscale xy\nset grid\nset key top left\n"
		"set format x '10^%%L'\n"
		"set xlabel 'N (entries)'\nset ylabel 'ns/op'\n");
	for (size_t c = 0; c < ARRAY_SIZE(charted); c++) {
		enum workload w = charted[c];

		if (!impl_in(w, impl_index(&bench_flat)) && !impl_in(w, impl_index(&bench_genradix4k)))
			continue;
		fprintf(f, "\nset output '%s/chart-%s.svg'\n", dir, wl[w].key);
		fprintf(f, "set multiplot layout 1,%d title '%s (median ns/op)'\n",
			BENCH_NR_ESIZES, wl[w].title);
		for (int e = 0; e < BENCH_NR_ESIZES; e++) {
			size_t esz = bench_esizes[e];
			bool first = true;

			fprintf(f, "set title '%zu-byte entries'\n", esz);
			for (int i = 0; i < NR_IMPLS; i++) {
				if (!has_series(w, i, esz))
					continue;
				fprintf(f, "$d%d_%zu_%d << EOD\n", (int)w, esz, i);
				for (size_t k = 0; k < nr_results; k++)
					if (results[k].w == w && results[k].impl == i &&
					    results[k].esz == esz)
						fprintf(f, "%llu %.6g\n",
							(unsigned long long)results[k].n,
							results[k].med);
				fprintf(f, "EOD\n");
			}
			for (int i = 0; i < NR_IMPLS; i++) {
				if (!has_series(w, i, esz))
					continue;
				fprintf(f, "%s $d%d_%zu_%d using 1:2 with linespoints title '%s'",
					first ? "plot" : ", \\\n    ", (int)w, esz, i,
					impls[i]->name);
				first = false;
			}
			if (first)
				fprintf(f, "plot 1/0 notitle");
			fputc('\n', f);
		}
		fprintf(f, "unset multiplot\n");
		made++;
	}
	fclose(f);
	snprintf(cmd, sizeof(cmd), "gnuplot '%s' 2>'%s/gnuplot.log'", path, dir);
	if (system(cmd) != 0) {
		snprintf(note, len, "gnuplot failed: see gnuplot.log; charts may be missing");
		return true;
	}
	snprintf(note, len, "%d chart(s): chart-<workload>.svg (log-log ns/op against N)", made);
	return true;
}

static void write_summary(FILE *f, const char *chart_note, double secs)
{
	char cpu[256], date[64];
	struct utsname u;
	time_t t = time(NULL);

	cpu_model(cpu, sizeof(cpu));
	strftime(date, sizeof(date), "%Y-%m-%d %H:%M UTC", gmtime(&t));
	if (uname(&u))
		snprintf(u.release, sizeof(u.release), "?");
	fprintf(f, "# kds benchmark results\n\n"
		"- date: %s\n- CPU: %s (%ld online CPUs), %ld MiB RAM, Linux %s\n"
		"- build: gcc %s, -O2\n- run: %s%s%s%s, %d repetitions per figure, %.0f s\n"
		"- checksums: %s (sink %#llx)\n- charts: %s\n\n"
		"Times are ns per entry operation (median, with min-max over the "
		"repetitions) and the ratio to the flat calloc'ed array at the same "
		"N and entry size. Memory is bytes per entry including interior nodes "
		"and headers, from the kds allocator counters (JudyL: JudyLMemUsed; "
		"flat: N x entry size). See benchmarks/README.md for what each "
		"workload does.\n",
		date, cpu, sysconf(_SC_NPROCESSORS_ONLN), mem_total_mib(), u.release,
		__VERSION__, opt.quick ? "--quick" : "full",
		opt.filter ? ", --filter " : "", opt.filter ? opt.filter : "",
		opt.esize == 8 ? ", --esize 8" : opt.esize == 24 ? ", --esize 24" :
		opt.esize == 100 ? ", --esize 100" : "",
		opt.reps, secs,
		checksum_errors ? "MISMATCHES (see stderr)" : "all verified",
		(unsigned long long)sink, chart_note);
	fputc('\n', f);
	for (int i = 0; i < NR_IMPLS; i++)
		if (impls[i]->api)
			fprintf(f, "- %s measured through %s\n", impls[i]->name,
				impls[i]->api);
	for (int i = 0; i < NR_IMPLS; i++)
		if (impls[i]->run_cap && !opt.quick)
			fprintf(f, "\n%s is measured up to N=%llu in a full run (time budget).\n",
				impls[i]->name, (unsigned long long)impls[i]->run_cap);
	for (int w = 0; w < NR_WORKLOADS; w++)
		print_table(f, w, true);
	print_targets(f, true);
}

static int mkdir_p(const char *path)
{
	char buf[4096];

	snprintf(buf, sizeof(buf), "%s", path);
	for (char *p = buf + 1; *p; p++) {
		if (*p != '/')
			continue;
		*p = 0;
		if (mkdir(buf, 0777) && errno != EEXIST)
			return -1;
		*p = '/';
	}
	if (mkdir(buf, 0777) && errno != EEXIST)
		return -1;
	return 0;
}

static FILE *open_out(const char *dir, const char *name)
{
	char path[4200];
	FILE *f;

	snprintf(path, sizeof(path), "%s/%s", dir, name);
	f = fopen(path, "w");
	if (!f)
		fprintf(stderr, "bench: cannot write %s: %s\n", path, strerror(errno));
	return f;
}

static void usage(FILE *f)
{
	fprintf(f,
		"usage: benchmarks [--quick] [--filter SUBSTR] [--csv] [--out DIR] [--reps N]\n"
		"                  [--esize 8|24|100]\n"
		"  --quick          small sizes only (seconds; a smoke test)\n"
		"  --filter SUBSTR  only measurements whose \"workload/structure\" key\n"
		"                   contains SUBSTR (workloads: populate seq random chase foreach\n"
		"                   memory sparse sparse-memory capacity; structures: flat\n"
		"                   flex_array genradix-4k genradix-512 JudyL); the flat\n"
		"                   array still runs as the baseline\n"
		"  --csv            print CSV on stdout instead of the tables\n"
		"  --out DIR        results folder (default: benchmarks/results in the\n"
		"                   workspace, found through BUILD_WORKSPACE_DIRECTORY)\n"
		"  --reps N         repetitions per figure (default 5, at least 5 for\n"
		"                   published figures; 1..63)\n"
		"  --esize N        only entries of N bytes (8, 24 or 100)\n");
}

static int parse_args(int argc, char **argv)
{
	const char *ws = getenv("BUILD_WORKSPACE_DIRECTORY");

	if (ws && *ws)
		snprintf(opt.out, sizeof(opt.out), "%s/benchmarks/results", ws);
	else
		snprintf(opt.out, sizeof(opt.out), "benchmarks/results");
	for (int i = 1; i < argc; i++) {
		const char *a = argv[i];

		if (!strcmp(a, "--quick")) {
			opt.quick = true;
		} else if (!strcmp(a, "--csv")) {
			opt.csv = true;
		} else if (!strcmp(a, "--filter") && i + 1 < argc) {
			opt.filter = argv[++i];
		} else if (!strcmp(a, "--out") && i + 1 < argc) {
			snprintf(opt.out, sizeof(opt.out), "%s", argv[++i]);
		} else if (!strcmp(a, "--reps") && i + 1 < argc) {
			char *end;
			long r = strtol(argv[++i], &end, 10);

			if (*end || r < 1 || r > 63) {
				fprintf(stderr, "bench: --reps wants 1..63\n");
				return -1;
			}
			opt.reps = (int)r;
		} else if (!strcmp(a, "--esize") && i + 1 < argc) {
			char *end;
			long e = strtol(argv[++i], &end, 10);

			if (*end || (e != 8 && e != 24 && e != 100)) {
				fprintf(stderr, "bench: --esize wants 8, 24 or 100\n");
				return -1;
			}
			opt.esize = (size_t)e;
		} else if (!strcmp(a, "--help") || !strcmp(a, "-h")) {
			usage(stdout);
			exit(0);
		} else {
			fprintf(stderr, "bench: unknown or incomplete option '%s'\n", a);
			usage(stderr);
			return -1;
		}
	}
	return 0;
}

int main(int argc, char **argv)
{
	char chart_note[256] = "";
	FILE *f;
	double secs;
	int rc = 0;

	if (parse_args(argc, argv))
		return 2;
	if (opt.quick) {
		min_ops = 1 << 16;
		min_pop_ops = 1 << 14;
		seq_cap = rnd_cap = 1 << 16;
		chase_ops = 1 << 14;
	} else {
		min_ops = 1 << 21;
		min_pop_ops = 1 << 20;
		seq_cap = 1 << 24;
		rnd_cap = 1 << 21;
		chase_ops = 1 << 17;
	}
	progress_total = count_plan();
	if (!progress_total) {
		fprintf(stderr, "bench: --filter '%s' selects nothing\n", opt.filter);
		return 2;
	}
	if (mkdir_p(opt.out)) {
		fprintf(stderr, "bench: cannot create %s: %s\n", opt.out, strerror(errno));
		return 1;
	}
	t_start = now_ns();
	progress("kds benchmarks: %d measurement groups, %d repetitions, results in %s",
		 progress_total, opt.reps, opt.out);
	run_all();
	secs = (now_ns() - t_start) / 1e9;
	eval_targets();

	if (opt.csv) {
		write_csv(stdout);
	} else {
		printf("kds benchmarks (%s, %d repetitions, %.0f s)\n",
		       opt.quick ? "--quick" : "full", opt.reps, secs);
		for (int w = 0; w < NR_WORKLOADS; w++)
			print_table(stdout, w, false);
		print_targets(stdout, false);
		printf("\nchecksums: %s (sink %#llx)\n",
		       checksum_errors ? "MISMATCH" : "all verified",
		       (unsigned long long)sink);
	}

	f = open_out(opt.out, "results.csv");
	if (!f)
		return 1;
	write_csv(f);
	fclose(f);
	if (!write_charts(opt.out, chart_note, sizeof(chart_note)))
		snprintf(chart_note, sizeof(chart_note), "could not write charts.gp");
	f = open_out(opt.out, "summary.md");
	if (!f)
		return 1;
	write_summary(f, chart_note, secs);
	fclose(f);
	progress("done in %.0f s: %s/summary.md, results.csv; %s", secs, opt.out, chart_note);
	if (checksum_errors) {
		fprintf(stderr, "bench: %d checksum mismatch(es)\n", checksum_errors);
		rc = 1;
	}
	return rc;
}
