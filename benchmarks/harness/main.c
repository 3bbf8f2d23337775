// SPDX-License-Identifier: GPL-2.0
/*
 * main.c - the kds benchmark driver: genradix (PAGE_SIZE and 512-byte
 * nodes) against Linux 6.1's own genradix (both node sizes), the
 * flex_array it replaced, a flat array on 4 KiB and on huge pages (the
 * physical limit) and JudyL.
 *
 *   ./bazelw run //benchmarks [-- --quick] [--filter SUBSTR] [--csv]
 *                             [--out DIR | --record]
 *
 * Progress goes to stderr, the tables and the MET/MISS targets to stdout,
 * and results.csv, summary.md and charts to the results folder (a new run
 * folder outside the source tree unless --out or --record). See
 * harness.h for which file does what.
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "benchmarks/harness/harness.h"

static FILE *open_out(const char *name)
{
	char path[4200];
	FILE *f;

	snprintf(path, sizeof(path), "%s/%s", bench_opt.out, name);
	f = fopen(path, "w");
	if (!f)
		fprintf(stderr, "bench: cannot write %s: %s\n", path, strerror(errno));
	return f;
}

int main(int argc, char **argv)
{
	char chart_note[256] = "", cold[256];
	FILE *f;
	double secs;

	if (bench_parse_args(argc, argv))
		return 2;
	bench_plan_init();
	bench_progress_total = bench_count_plan();
	if (!bench_progress_total) {
		fprintf(stderr, "bench: --filter '%s' selects nothing\n",
			bench_opt.filter ? bench_opt.filter : "");
		bench_print_unavailable(stderr, false);
		return 2;
	}
	if (bench_make_out_dir())
		return 1;
	bench_timing_start();
	bench_progress("kds benchmarks: %d measurement groups, %d repetitions, results in %s",
		       bench_progress_total, bench_opt.reps, bench_opt.out);
	bench_print_unavailable(stderr, false);
	bench_run_all();
	secs = bench_elapsed_s();
	bench_eval_targets();

	if (bench_opt.csv) {
		bench_write_csv(stdout);
	} else {
		printf("kds benchmarks (%s, %d repetitions, %.0f s)\n",
		       bench_opt.record ? "full, recorded" : bench_opt.quick ? "--quick" : "full",
		       bench_opt.reps, secs);
		bench_print_unavailable(stdout, false);
		for (int w = 0; w < BENCH_NR_WORKLOADS; w++)
			bench_print_table(stdout, w, false);
		bench_print_targets(stdout, false);
		bench_print_vs_linux(stdout, false);
		bench_cold_note(cold, sizeof(cold));
		printf("\nchecksums: %s (sink %#llx)\ncold populates: %s\n",
		       bench_checksum_errors ? "MISMATCH" : "all verified",
		       (unsigned long long)bench_sink, cold);
	}

	f = open_out("results.csv");
	if (!f)
		return 1;
	bench_write_csv(f);
	fclose(f);
	bench_write_charts(bench_opt.out, chart_note, sizeof(chart_note));
	f = open_out("summary.md");
	if (!f)
		return 1;
	bench_write_summary(f, chart_note, secs);
	fclose(f);
	bench_link_latest();
	bench_progress("done in %.0f s; %s", secs, chart_note);
	if (!bench_opt.csv)
		printf("results: %s (summary.md, results.csv, charts)\n", bench_opt.out);
	else
		fprintf(stderr, "results: %s (summary.md, results.csv, charts)\n", bench_opt.out);
	if (bench_checksum_errors)
		fprintf(stderr, "bench: %d checksum mismatch(es)\n", bench_checksum_errors);
	if (bench_cold_errors)
		fprintf(stderr, "bench: %d cold populate(s) did not start from fresh memory\n",
			bench_cold_errors);
	return bench_checksum_errors || bench_cold_errors ? 1 : 0;
}
