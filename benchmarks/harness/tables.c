// SPDX-License-Identifier: GPL-2.0
/*
 * tables.c - one table per workload: a row per (entry size, N), a column
 * per structure, each cell "median (min-max) ratio", the ratio taken to
 * flat-thp at the same entry size and N. Text for stdout, markdown for
 * summary.md.
 */
#include <math.h>
#include <stdio.h>

#include "benchmarks/harness/harness.h"

#define MAX_ROWS 64

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

static void fmt_cell(char *buf, size_t len, const struct bench_result *r,
		     const struct bench_result *base)
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
	if (r->w == W_DEPTH) {
		snprintf(buf, len, "%.0f", r->med);
		return;
	}
	fmt_num(a, sizeof(a), r->med);
	if (base && base != r && base->med > 0)
		snprintf(ratio, sizeof(ratio), " %.2fx", r->med / base->med);
	if (r->reps > 1) {
		fmt_num(b, sizeof(b), r->min);
		fmt_num(c, sizeof(c), r->max);
		snprintf(buf, len, "%s (%s-%s)%s", a, b, c, ratio);
	} else {
		snprintf(buf, len, "%s%s", a, ratio);
	}
}

/* The (esz, n) rows a workload has, in order. */
static int rows_of(enum bench_workload w, size_t *esz, bench_u64 *n, int max)
{
	int k = 0;

	for (int e = 0; e < BENCH_NR_ESIZES; e++) {
		bench_u64 last = 0;
		bool first = true;

		for (;;) {
			bench_u64 best = 0;
			bool found = false;

			for (size_t i = 0; i < bench_nr_results; i++) {
				const struct bench_result *r = &bench_results[i];

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

void bench_print_table(FILE *f, enum bench_workload w, bool md)
{
	size_t esz[MAX_ROWS];
	bench_u64 n[MAX_ROWS];
	int rows = rows_of(w, esz, n, MAX_ROWS);
	bool ratios = w != W_DEPTH && w != W_CAPACITY && bench_impl_in(w, B_BASE);
	char cell[128];

	if (!rows)
		return;
	if (md) {
		fprintf(f, "\n### %s (%s%s)\n\n| entry | N |", bench_wl[w].title, bench_wl[w].unit,
			ratios ? "; ratio to flat-thp" : "");
		for (int i = 0; i < BENCH_NR_IMPLS; i++)
			if (bench_impl_in(w, i))
				fprintf(f, " %s |", bench_impls[i]->name);
		fprintf(f, "\n|---:|---:|");
		for (int i = 0; i < BENCH_NR_IMPLS; i++)
			if (bench_impl_in(w, i))
				fprintf(f, "---|");
		fputc('\n', f);
	} else {
		fprintf(f, "\n== %s, %s", bench_wl[w].title, bench_wl[w].unit);
		if (bench_wl[w].timed)
			fprintf(f, ": median (min-max) of %d", bench_opt.reps);
		if (ratios)
			fprintf(f, ", ratio to flat-thp");
		fprintf(f, "\n%-6s %-10s", "entry", "N");
		for (int i = 0; i < BENCH_NR_IMPLS; i++)
			if (bench_impl_in(w, i))
				fprintf(f, "  %-30s", bench_impls[i]->name);
		fputc('\n', f);
	}
	for (int r = 0; r < rows; r++) {
		const struct bench_result *base = ratios ?
			bench_find(w, B_BASE, esz[r], n[r]) : NULL;
		char nbuf[32];

		if (w == W_CAPACITY)
			snprintf(nbuf, sizeof(nbuf), "-");
		else
			snprintf(nbuf, sizeof(nbuf), "%llu", (unsigned long long)n[r]);
		if (md)
			fprintf(f, "| %zuB | %s |", esz[r], nbuf);
		else
			fprintf(f, "%4zuB  %-10s", esz[r], nbuf);
		for (int i = 0; i < BENCH_NR_IMPLS; i++) {
			if (!bench_impl_in(w, i))
				continue;
			fmt_cell(cell, sizeof(cell), bench_find(w, i, esz[r], n[r]), base);
			if (md)
				fprintf(f, " %s |", cell);
			else
				fprintf(f, "  %-30s", cell);
		}
		fputc('\n', f);
	}
}
