// SPDX-License-Identifier: GPL-2.0
/*
 * charts.c - chart-<workload>.svg: median ns/op against N, log-log, one
 * line per structure, one panel per entry size, drawn by gnuplot from the
 * charts.gp script written next to them. Without gnuplot the charts are
 * skipped and the summary says so.
 */
#include <stdio.h>
#include <stdlib.h>

#include "kds_port.h"
#include "benchmarks/harness/harness.h"

static bool have_gnuplot(void)
{
	return system("command -v gnuplot >/dev/null 2>&1") == 0;
}

/* Whether structure @impl has figures for (@w, @esz): a line on a chart. */
static bool has_series(enum bench_workload w, int impl, size_t esz)
{
	for (size_t k = 0; k < bench_nr_results; k++)
		if (bench_results[k].w == w && bench_results[k].impl == impl &&
		    bench_results[k].esz == esz)
			return true;
	return false;
}

/* Whether (@w, @esz) has any line: a panel. */
static bool has_panel(enum bench_workload w, size_t esz)
{
	for (int i = 0; i < BENCH_NR_IMPLS; i++)
		if (has_series(w, i, esz))
			return true;
	return false;
}

/* One chart, a panel per entry size that has figures; false when none. */
static bool chart(FILE *f, const char *dir, enum bench_workload w)
{
	int panels = 0;

	for (int e = 0; e < BENCH_NR_ESIZES; e++)
		panels += has_panel(w, bench_esizes[e]);
	if (!panels)
		return false;
	fprintf(f, "\nset output '%s/chart-%s.svg'\n", dir, bench_wl[w].key);
	fprintf(f, "set multiplot layout 1,%d title '%s (median ns/op)'\n",
		panels, bench_wl[w].title);
	for (int e = 0; e < BENCH_NR_ESIZES; e++) {
		size_t esz = bench_esizes[e];
		bool first = true;

		if (!has_panel(w, esz))
			continue;
		fprintf(f, "set title '%zu-byte entries'\n", esz);
		for (int i = 0; i < BENCH_NR_IMPLS; i++) {
			if (!has_series(w, i, esz))
				continue;
			fprintf(f, "$d%d_%zu_%d << EOD\n", (int)w, esz, i);
			for (size_t k = 0; k < bench_nr_results; k++) {
				const struct bench_result *r = &bench_results[k];

				if (r->w == w && r->impl == i && r->esz == esz)
					fprintf(f, "%llu %.6g\n", (unsigned long long)r->n,
						r->med);
			}
			fprintf(f, "EOD\n");
		}
		for (int i = 0; i < BENCH_NR_IMPLS; i++) {
			if (!has_series(w, i, esz))
				continue;
			fprintf(f, "%s $d%d_%zu_%d using 1:2 with linespoints title '%s'",
				first ? "plot" : ", \\\n    ", (int)w, esz, i,
				bench_impls[i]->name);
			first = false;
		}
		fputc('\n', f);
	}
	fprintf(f, "unset multiplot\n");
	return true;
}

void bench_write_charts(const char *dir, char *note, size_t len)
{
	static const enum bench_workload charted[] = {
		W_POPULATE_COLD, W_POPULATE_WARM, W_SEQ, W_RANDOM, W_CHASE, W_FOREACH,
		W_SPARSE,
	};
	char path[4200], cmd[8600];
	FILE *f;
	int made = 0;

	if (!have_gnuplot()) {
		snprintf(note, len, "gnuplot not found: no charts (install gnuplot-nox)");
		return;
	}
	snprintf(path, sizeof(path), "%s/charts.gp", dir);
	f = fopen(path, "w");
	if (!f) {
		snprintf(note, len, "could not write charts.gp");
		return;
	}
	fprintf(f, "# kds benchmark charts: ns/op against N, log-log.\n"
		"set terminal svg size 1500,460 dynamic font 'sans,11'\n"
		"set termoption noenhanced\nset logscale xy\nset grid\nset key top left\n"
		"set format x '10^%%L'\n"
		"set xlabel 'N (entries)'\nset ylabel 'ns/op'\n");
	for (size_t c = 0; c < ARRAY_SIZE(charted); c++) {
		made += chart(f, dir, charted[c]);
	}
	fclose(f);
	snprintf(cmd, sizeof(cmd), "gnuplot '%s' 2>'%s/gnuplot.log'", path, dir);
	if (system(cmd) != 0) {
		snprintf(note, len, "gnuplot failed: see gnuplot.log; charts may be missing");
		return;
	}
	snprintf(note, len, "%d chart(s): chart-<workload>.svg (log-log ns/op against N)", made);
}
