// SPDX-License-Identifier: GPL-2.0
/*
 * targets.c - the MET/MISS table: genradix-4k against its targets, from
 * the figures of this run, and for a missed target what limits it.
 *
 * The targets (ratios of medians; flat-thp is the flat array on huge
 * pages, the physical limit; "top" is the ~1 GiB point of a full run,
 * the largest N otherwise):
 *
 *   random lookup at top             <= 2.0x flat-thp (8 B; stretch 1.5x),
 *                                    <= 2.5x (24 B, 100 B)
 *   random lookup at every N flex_array holds   <= 1.0x flex_array
 *   for_each throughput at top       >= 0.8x a plain loop over flat-thp
 *   random lookup at N = 1000        <= 3.0x flat-thp (cache-resident)
 *   populate cold at top             <= 1.5x flat-thp
 *   populate warm at top             <= 2.0x flat-thp
 *   genradix-512 random at top       <= 1.5x genradix-4k
 *
 * "What limits it" is read off other figures of the same run, never from
 * hardware counters: the same lookup with its data in cache (N = 1000:
 * instruction cost), as a dependent chain (latency), the flat array on
 * 4 KiB pages (the TLB's share), cold minus warm populate (page faults),
 * the depth of the tree, and the memory beyond the payload.
 */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "kds_port.h"
#include "benchmarks/harness/harness.h"

#define SMALL_N	1000

/**
 * struct target - one row of the MET/MISS table.
 * @what: the target.
 * @esz: entry size.
 * @n: where it was measured.
 * @depth: tree depth there (levels; "5 vs 3" for the variant row).
 * @value: the measured ratio.
 * @limit: the target.
 * @stretch: a stretch target, NAN when none.
 * @at_least: the ratio must be at least @limit (else at most).
 * @limits: for a miss, what limits it (measured).
 */
struct target {
	char what[80];
	size_t esz;
	bench_u64 n;
	char depth[40];
	double value, limit, stretch;
	bool at_least;
	char limits[320];
};

static struct target targets[32];
static int nr_targets;

static bool met(const struct target *t, double limit)
{
	return t->at_least ? t->value >= limit : t->value <= limit;
}

/* The N the "~1 GiB" targets are read at for @esz: 0 when not measured. */
static bench_u64 top_n(size_t esz)
{
	return bench_largest_n(W_RANDOM, B_GR4K, esz);
}

static void depth_of(char *buf, size_t len, int impl, size_t esz, bench_u64 n)
{
	double d = bench_med(W_DEPTH, impl, esz, n);

	if (isnan(d))
		snprintf(buf, len, "-");
	else
		snprintf(buf, len, "%.0f", d);
}

static struct target *add(const char *what, size_t esz, bench_u64 n, double value,
			  double limit, bool at_least)
{
	struct target *t;

	if (isnan(value) || nr_targets == (int)ARRAY_SIZE(targets))
		return NULL;
	t = &targets[nr_targets++];
	memset(t, 0, sizeof(*t));
	snprintf(t->what, sizeof(t->what), "%s", what);
	t->esz = esz;
	t->n = n;
	t->value = value;
	t->limit = limit;
	t->stretch = NAN;
	t->at_least = at_least;
	depth_of(t->depth, sizeof(t->depth), B_GR4K, esz, n);
	return t;
}

/* Memory beyond the payload at (@impl, @esz, @n), in percent. */
static double overhead_pct(int impl, size_t esz, bench_u64 n)
{
	return (bench_med(W_MEMORY, impl, esz, n) / (double)esz - 1) * 100;
}

/* The worst genradix-4k/flex_array random ratio over every N both ran. */
static bench_u64 worst_vs_flex(size_t esz, double *worst)
{
	bench_u64 at = 0;

	*worst = NAN;
	for (size_t i = 0; i < bench_nr_results; i++) {
		const struct bench_result *r = &bench_results[i];
		double q;

		if (r->w != W_RANDOM || r->impl != B_FLEX || r->esz != esz)
			continue;
		q = bench_ratio(W_RANDOM, B_GR4K, B_FLEX, esz, r->n);
		if (!isnan(q) && (isnan(*worst) || q > *worst)) {
			*worst = q;
			at = r->n;
		}
	}
	return at;
}

void bench_eval_targets(void)
{
	char lim[320];

	nr_targets = 0;
	for (int e = 0; e < BENCH_NR_ESIZES; e++) {
		size_t esz = bench_esizes[e];
		bench_u64 top = top_n(esz), fn;
		double small_rnd = bench_ratio(W_RANDOM, B_GR4K, B_BASE, esz, SMALL_N);
		double gdepth = bench_med(W_DEPTH, B_GR4K, esz, top);
		double worst;
		struct target *t;

		if (!top)
			continue;

		/* Random lookup at the top. */
		t = add(esz == 8 ? "random lookup <= 2.0x flat-thp (stretch 1.5x)" :
			"random lookup <= 2.5x flat-thp", esz, top,
			bench_ratio(W_RANDOM, B_GR4K, B_BASE, esz, top), esz == 8 ? 2.0 : 2.5,
			false);
		if (t) {
			if (esz == 8)
				t->stretch = 1.5;
			snprintf(t->limits, sizeof(t->limits),
				 "data in cache (N=%d) %.2fx: instructions per lookup; "
				 "dependent chain %.2fx: latency; %.0f dependent loads per "
				 "lookup against 1; flat on 4 KiB pages %.2fx: the TLB's share",
				 SMALL_N, small_rnd, bench_ratio(W_CHASE, B_GR4K, B_BASE, esz, top),
				 gdepth, bench_ratio(W_RANDOM, B_FLAT, B_BASE, esz, top));
		}

		/* Against flex_array wherever it runs. */
		fn = worst_vs_flex(esz, &worst);
		t = add("random lookup <= 1.0x flex_array, every N it holds (worst N)",
			esz, fn, worst, 1.0, false);
		if (t) {
			snprintf(t->limits, sizeof(t->limits),
				 "at N=%llu: genradix-4k %.2f ns, %.0f levels; flex_array "
				 "%.2f ns, %.0f levels; data in cache (N=%d) %.2fx flex_array",
				 (unsigned long long)fn, bench_med(W_RANDOM, B_GR4K, esz, fn),
				 bench_med(W_DEPTH, B_GR4K, esz, fn),
				 bench_med(W_RANDOM, B_FLEX, esz, fn),
				 bench_med(W_DEPTH, B_FLEX, esz, fn), SMALL_N,
				 bench_ratio(W_RANDOM, B_GR4K, B_FLEX, esz, SMALL_N));
		}

		/* for_each throughput: flat-thp ns / genradix ns. */
		t = add("for_each throughput >= 0.8x a flat-thp loop", esz, top,
			bench_ratio(W_FOREACH, B_BASE, B_GR4K, esz, top), 0.8, true);
		if (t)
			snprintf(t->limits, sizeof(t->limits),
				 "data in cache (N=%d) %.2fx: instructions per step; "
				 "seq through genradix_ptr() %.2fx",
				 SMALL_N, bench_ratio(W_FOREACH, B_BASE, B_GR4K, esz, SMALL_N),
				 bench_ratio(W_SEQ, B_BASE, B_GR4K, esz, top));

		/* Cache-resident random lookup. */
		t = add("random lookup at N=1000 <= 3.0x flat-thp", esz, SMALL_N, small_rnd,
			3.0, false);
		if (t)
			snprintf(t->limits, sizeof(t->limits),
				 "genradix-4k %.2f ns against flat-thp %.2f ns with every "
				 "node in cache: the instructions of the lookup path",
				 bench_med(W_RANDOM, B_GR4K, esz, SMALL_N),
				 bench_med(W_RANDOM, B_BASE, esz, SMALL_N));

		/* Populate, cold and warm. */
		snprintf(lim, sizeof(lim),
			 "page faults (cold - warm): genradix-4k %.2f ns/entry, flat-thp "
			 "%.2f; warm %.2fx; data in cache (N=%d, warm) %.2fx; memory "
			 "%+.1f%% over payload",
			 bench_med(W_POPULATE_COLD, B_GR4K, esz, top) -
			 bench_med(W_POPULATE_WARM, B_GR4K, esz, top),
			 bench_med(W_POPULATE_COLD, B_BASE, esz, top) -
			 bench_med(W_POPULATE_WARM, B_BASE, esz, top),
			 bench_ratio(W_POPULATE_WARM, B_GR4K, B_BASE, esz, top), SMALL_N,
			 bench_ratio(W_POPULATE_WARM, B_GR4K, B_BASE, esz, SMALL_N),
			 overhead_pct(B_GR4K, esz, top));
		t = add("populate cold <= 1.5x flat-thp", esz, top,
			bench_ratio(W_POPULATE_COLD, B_GR4K, B_BASE, esz, top), 1.5, false);
		if (t)
			snprintf(t->limits, sizeof(t->limits), "%s", lim);
		t = add("populate warm <= 2.0x flat-thp", esz, top,
			bench_ratio(W_POPULATE_WARM, B_GR4K, B_BASE, esz, top), 2.0, false);
		if (t)
			snprintf(t->limits, sizeof(t->limits), "%s", lim);

		/* The 512-byte-node variant. */
		t = add("genradix-512 random lookup <= 1.5x genradix-4k", esz, top,
			bench_ratio(W_RANDOM, B_GR512, B_GR4K, esz, top), 1.5, false);
		if (t) {
			char d512[8];

			depth_of(d512, sizeof(d512), B_GR512, esz, top);
			snprintf(t->depth, sizeof(t->depth), "%s vs %.0f", d512, gdepth);
			snprintf(t->limits, sizeof(t->limits),
				 "%s levels against %.0f; dependent chain %.2fx genradix-4k; "
				 "data in cache (N=%d) %.2fx",
				 d512, gdepth, bench_ratio(W_CHASE, B_GR512, B_GR4K, esz, top),
				 SMALL_N, bench_ratio(W_RANDOM, B_GR512, B_GR4K, esz, SMALL_N));
		}
	}
}

int bench_targets_missed(void)
{
	int k = 0;

	for (int i = 0; i < nr_targets; i++)
		k += !met(&targets[i], targets[i].limit);
	return k;
}

static void where(char *buf, size_t len, const struct target *t)
{
	bool gib = !bench_opt.quick && t->n == bench_gib_n(t->esz);

	snprintf(buf, len, "%llu%s", (unsigned long long)t->n, gib ? " (~1 GiB)" : "");
}

static void verdict(char *buf, size_t len, const struct target *t)
{
	const char *v = met(t, t->limit) ? "MET" : "MISS";

	if (isnan(t->stretch))
		snprintf(buf, len, "%s", v);
	else
		snprintf(buf, len, "%s (stretch %.1fx: %s)", v, t->stretch,
			 met(t, t->stretch) ? "MET" : "MISS");
}

/* The depth at every top point: equal for the three sizes by design. */
static void print_top_points(FILE *f, bool md)
{
	double d8 = NAN;
	bool differ = false;

	fprintf(f, md ? "\nTop points (%s):\n\n" : "\ntop points (%s):\n",
		bench_opt.quick ? "the largest N of this --quick run" : "~1 GiB of payload");
	for (int e = 0; e < BENCH_NR_ESIZES; e++) {
		size_t esz = bench_esizes[e];
		bench_u64 top = top_n(esz);
		double d4 = bench_med(W_DEPTH, B_GR4K, esz, top);

		if (!top)
			continue;
		if (isnan(d8))
			d8 = d4;
		else if (d4 != d8)
			differ = true;
		fprintf(f, "%s%zuB: N=%llu (%.3f GiB), depth genradix-4k %.0f, genradix-512 %.0f, "
			"flat-thp %.0f\n", md ? "- " : "  ", esz, (unsigned long long)top,
			(double)top * (double)esz / (double)(1ull << 30), d4,
			bench_med(W_DEPTH, B_GR512, esz, top), bench_med(W_DEPTH, B_BASE, esz, top));
	}
	if (differ && !bench_opt.quick)
		fprintf(f, "%sWARNING: genradix-4k depth differs between entry sizes at the "
			"top points\n", md ? "\n" : "  ");
}

/* Memory beyond the payload at each top point, every entry size. */
static void print_overhead(FILE *f, bool md)
{
	fprintf(f, md ? "\nMemory beyond the payload at the top points (bytes/entry over entry size):\n\n"
		      "| entry |" : "\nmemory beyond the payload at the top points:\n%-6s", md ? "" : "entry");
	for (int i = 0; i < BENCH_NR_IMPLS; i++)
		if (bench_impl_in(W_MEMORY, i))
			fprintf(f, md ? " %s |" : "  %-12s", bench_impls[i]->name);
	if (md) {
		fprintf(f, "\n|---:|");
		for (int i = 0; i < BENCH_NR_IMPLS; i++)
			if (bench_impl_in(W_MEMORY, i))
				fprintf(f, "---:|");
	}
	fputc('\n', f);
	for (int e = 0; e < BENCH_NR_ESIZES; e++) {
		size_t esz = bench_esizes[e];
		bench_u64 top = top_n(esz);

		if (!top)
			continue;
		fprintf(f, md ? "| %zuB |" : "%4zuB ", esz);
		for (int i = 0; i < BENCH_NR_IMPLS; i++) {
			double p;
			char cell[32];

			if (!bench_impl_in(W_MEMORY, i))
				continue;
			p = overhead_pct(i, esz, top);
			if (isnan(p))
				snprintf(cell, sizeof(cell), "-");
			else
				snprintf(cell, sizeof(cell), "%+.2f%%", p);
			fprintf(f, md ? " %s |" : "  %-12s", cell);
		}
		fputc('\n', f);
	}
}

/*
 * The host's TLB cost: random lookup in the flat array on 4 KiB pages
 * against the same on huge pages, at the top point of each entry size.
 * Every ratio to flat-thp depends on it (a host whose page walks are
 * cheap makes flat-thp relatively slower and the ratios smaller), so the
 * summary states it next to them.
 */
void bench_print_tlb_cost(FILE *f, bool md)
{
	bool any = false;

	fprintf(f, md ? "\nThis host's TLB cost (random lookup, flat on 4 KiB pages / flat-thp, "
		     "at the top point):" :
		     "\nhost TLB cost (random lookup, flat on 4 KiB pages / flat-thp, top point):");
	for (int e = 0; e < BENCH_NR_ESIZES; e++) {
		size_t esz = bench_esizes[e];
		bench_u64 top = bench_largest_n(W_RANDOM, B_BASE, esz);
		double a = bench_med(W_RANDOM, B_FLAT, esz, top);
		double b = bench_med(W_RANDOM, B_BASE, esz, top);

		if (!top || isnan(a) || !(b > 0))
			continue;
		fprintf(f, "%s %zuB %.2fx (%.3g / %.3g ns)", any ? "," : "", esz, a / b, a, b);
		any = true;
	}
	fprintf(f, "%s\n", any ? "" : " not measured in this run");
	/* The other host property cold figures depend on. */
	if (bench_host_reports_free_pages()) {
		char policy[160];

		bench_host_reporting_policy(policy, sizeof(policy));
		if (bench_host_reported_kib() >= 0)
			fprintf(f, md ? "\nThis host takes back freed memory (virtio-balloon free "
				     "page reporting%s): memory the guest freed before a cold "
				     "populate, once reported, faults in at several times the cost. "
				     "The guest counts what it reports, and a cold build during "
				     "which the count moved was built again (up to %d tries; "
				     "\"cold populates\" above says how many).\n" :
				     "host memory: freed pages reported to the host (virtio-balloon%s); "
				     "a cold populate that raced a report is built again (up to %d "
				     "tries)\n", policy, BENCH_COLD_TRIES);
		else
			fprintf(f, md ? "\nThis host takes back freed memory (virtio-balloon free "
				     "page reporting%s): memory the guest freed before a cold "
				     "populate, once reported, faults in at several times the cost, "
				     "so cold figures vary between runs.\n" :
				     "host memory: freed pages reported to the host (virtio-balloon%s); "
				     "cold populate figures vary between runs\n", policy);
	} else
		fprintf(f, md ? "\nThis host does not take back freed memory (no virtio-balloon "
			     "free page reporting).\n" :
			     "host memory: no free page reporting to a host\n");
}

void bench_print_targets(FILE *f, bool md)
{
	char w[48], v[48];

	if (!nr_targets)
		return;
	if (md) {
		fprintf(f, "\n## Targets\n\ngenradix-4k against flat-thp (the flat array on "
			"huge pages) at the top point unless the target says otherwise; "
			"ratios of medians. \"What limits it\" is read off other figures of "
			"this run (no hardware counters).\n");
		bench_print_tlb_cost(f, md);
		fprintf(f, "\n| result | target | entry | N | depth | measured | limit | what limits it |\n"
			"|---|---|---:|---:|---:|---:|---:|---|\n");
		for (int i = 0; i < nr_targets; i++) {
			const struct target *t = &targets[i];

			where(w, sizeof(w), t);
			verdict(v, sizeof(v), t);
			fprintf(f, "| %s | %s | %zuB | %s | %s | %.2fx | %s %.1fx | %s |\n", v,
				t->what, t->esz, w, t->depth, t->value, t->at_least ? ">=" : "<=",
				t->limit, met(t, t->limit) && (isnan(t->stretch) ||
				met(t, t->stretch)) ? "" : t->limits);
		}
	} else {
		bench_print_tlb_cost(f, md);
		fprintf(f, "\n== targets: genradix-4k against flat-thp at the top point unless "
			"named (MET/MISS)\n%-6s %-62s %-5s %-20s %-8s %-9s %s\n", "result",
			"target", "entry", "N", "depth", "measured", "limit");
		for (int i = 0; i < nr_targets; i++) {
			const struct target *t = &targets[i];

			where(w, sizeof(w), t);
			fprintf(f, "%-6s %-62s %4zuB %-20s %-8s %7.2fx  %s %.1fx", met(t, t->limit) ?
				"MET" : "MISS", t->what, t->esz, w, t->depth, t->value,
				t->at_least ? ">=" : "<=", t->limit);
			if (!isnan(t->stretch))
				fprintf(f, " (stretch %.1fx: %s)", t->stretch,
					met(t, t->stretch) ? "MET" : "MISS");
			fputc('\n', f);
			if (!met(t, t->limit) || (!isnan(t->stretch) && !met(t, t->stretch)))
				fprintf(f, "       what limits it: %s\n", t->limits);
		}
	}
	print_top_points(f, md);
	print_overhead(f, md);
}
