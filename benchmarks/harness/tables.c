// SPDX-License-Identifier: GPL-2.0
/*
 * tables.c - one table per workload: a row per (entry size, N), a column
 * per structure, each cell "median (min-max) ratio", the ratio taken to
 * flat-thp at the same entry size and N. Text for stdout, markdown for
 * summary.md.
 */
#include <math.h>
#include <stdio.h>

#include "kds_port.h"
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

/* The largest N of workload @w at which both kds's @a and Linux's @b ran. */
static bench_u64 vs_linux_pair_n(enum bench_workload w, int a, int b, size_t esz)
{
	bench_u64 best = 0;

	for (size_t i = 0; i < bench_nr_results; i++) {
		const struct bench_result *r = &bench_results[i];

		if (r->w == w && r->impl == a && r->esz == esz && r->n > best &&
		    bench_find(w, b, esz, r->n))
			best = r->n;
	}
	return best;
}

/*
 * The N a kds / linux row of workload @w compares at: the largest both
 * pairs ran, or where only one pair ran (--filter 512, say), that pair's.
 */
static bench_u64 vs_linux_n(enum bench_workload w, size_t esz)
{
	bench_u64 n4 = vs_linux_pair_n(w, B_GR4K, B_LX61, esz);
	bench_u64 n512 = vs_linux_pair_n(w, B_GR512, B_LX612, esz);

	if (!n4 || !n512)
		return n4 ? n4 : n512;
	return n4 < n512 ? n4 : n512;
}

/* Whether either pair of the kds / linux table has workload @w at @esz, @n. */
static bool vs_linux_has(enum bench_workload w, size_t esz, bench_u64 n)
{
	return (bench_find(w, B_GR4K, esz, n) && bench_find(w, B_LX61, esz, n)) ||
	       (bench_find(w, B_GR512, esz, n) && bench_find(w, B_LX612, esz, n));
}

/* One cell of the kds / linux table: kds's @a against Linux's @b. */
static void vs_linux_cell(char *buf, size_t len, enum bench_workload w, int a, int b,
			  size_t esz, bench_u64 n)
{
	double x = bench_med(w, a, esz, n), y = bench_med(w, b, esz, n);

	if (isnan(x) || isnan(y))
		snprintf(buf, len, "-");
	else if (w == W_DEPTH)
		snprintf(buf, len, "%.0f vs %.0f levels", x, y);
	else if (y > 0)
		snprintf(buf, len, "%.2fx (%.3g / %.3g %s)", x / y, x, y, bench_wl[w].unit);
	else
		snprintf(buf, len, "-");
}

/*
 * The kds / linux table: kds's genradix against Linux's own at every
 * workload and entry size, at the largest N both ran (the ~1 GiB point of
 * a full run), plus random lookup at N = 1000 (every node in cache); one
 * column per node size, genradix-4k / linux-6.1 (Linux 6.1's code) and
 * genradix-512 / linux-6.12 (Linux 6.12's code, 512-byte nodes since 6.9). Ratios of medians: below 1.00x kds is faster (memory:
 * smaller). Nothing when Linux's genradix was not measured.
 */
void bench_print_vs_linux(FILE *f, bool md)
{
	static const enum bench_workload rows[] = {
		W_POPULATE_COLD, W_POPULATE_WARM, W_SEQ, W_RANDOM, W_RANDOM, W_CHASE,
		W_FOREACH, W_MEMORY, W_DEPTH, W_SPARSE, W_SPARSE_MEM,
	};
	bool any = false;

	for (size_t k = 0; k < bench_nr_results && !any; k++)
		any = bench_results[k].impl == B_LX61 || bench_results[k].impl == B_LX612;
	if (!any)
		return;
	if (md)
		fprintf(f, "\n## kds / linux\n\nkds's genradix against Linux's own "
			"lib/generic-radix-tree.c, 6.1's and 6.12's (built from the installed kernel sources, "
			"nodes from the same node pool), at the largest N both ran; ratio "
			"of medians, kds / linux (below 1.00x kds is faster, or smaller), "
			"with both medians.\n\n| workload | entry | N | 4 KiB nodes: "
			"genradix-4k / linux-6.1 | 512-byte nodes: genradix-512 / "
			"linux-6.12 |\n|---|---:|---:|---|---|\n");
	else
		fprintf(f, "\n== kds / linux: genradix against Linux 6.1's and 6.12's lib/generic-radix-tree.c, "
			"ratio of medians (kds / linux; below 1.00x kds is faster or smaller)\n"
			"%-14s %-5s %-10s %-44s %s\n", "workload", "entry", "N",
			"4 KiB nodes: genradix-4k / linux-6.1",
			"512-byte nodes: genradix-512 / linux-6.12");
	for (int e = 0; e < BENCH_NR_ESIZES; e++) {
		size_t esz = bench_esizes[e];

		for (size_t k = 0; k < ARRAY_SIZE(rows); k++) {
			enum bench_workload w = rows[k];
			/* The second random row: the cache-resident N = 1000. */
			bool small = w == W_RANDOM && k > 0 && rows[k - 1] == W_RANDOM;
			bench_u64 n = small ? 1000 : vs_linux_n(w, esz);
			char c4[96], c512[96];

			if (!n || !vs_linux_has(w, esz, n))
				continue;
			vs_linux_cell(c4, sizeof(c4), w, B_GR4K, B_LX61, esz, n);
			vs_linux_cell(c512, sizeof(c512), w, B_GR512, B_LX612, esz, n);
			if (md)
				fprintf(f, "| %s | %zuB | %llu | %s | %s |\n", bench_wl[w].key,
					esz, (unsigned long long)n, c4, c512);
			else
				fprintf(f, "%-14s %4zuB %-10llu %-44s %s\n", bench_wl[w].key,
					esz, (unsigned long long)n, c4, c512);
		}
	}
}
