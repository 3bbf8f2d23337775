/* SPDX-License-Identifier: GPL-2.0 */
/*
 * harness.h - what the files of the benchmark driver share.
 *
 *   main.c       the run from start to end
 *   options.c    command line, the results folder (run folder or --record)
 *   plan.c       which sizes run, which structures run where
 *   run.c        the measurements: populate cold/warm, lookups, sparse
 *   timing.c     the clock and the progress lines
 *   checksums.c  the random indices and the sums every lookup must give
 *   results.c    the figures measured, and ratios between them
 *   tables.c     the per-workload tables (text and markdown)
 *   csv.c        results.csv
 *   charts.c     the gnuplot charts
 *   targets.c    the MET/MISS table and what limits a missed target
 *   summary.c    summary.md: machine, run, tables, targets
 *   host.c       the host's reports of freed memory (host.h, which
 *                walk_floor shares)
 *
 * Userspace-only code, not part of libkds: names carry a bench_ prefix.
 */
#ifndef KDS_BENCH_HARNESS_H
#define KDS_BENCH_HARNESS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "benchmarks/bench.h"
#include "benchmarks/harness/host.h"

/* ------------------------------------------------------------ structures */

/* The measured structures, in column order. */
enum bench_impl_id {
	B_FLAT,
	B_FLAT_THP,
	B_FLEX,
	B_GR4K,
	B_GR512,
	B_LX61,		/* Linux 6.1's genradix, 4 KiB nodes */
	B_LX612,	/* Linux 6.12's genradix, 512-byte nodes */
	B_JUDY,
	BENCH_NR_IMPLS
};

extern const struct bench_impl *const bench_impls[BENCH_NR_IMPLS];

/* The baseline every ratio is printed against. */
#define B_BASE	B_FLAT_THP

/* ------------------------------------------------------------- workloads */

enum bench_workload {
	W_POPULATE_COLD,
	W_POPULATE_WARM,
	W_SEQ,
	W_RANDOM,
	W_CHASE,
	W_FOREACH,
	W_MEMORY,
	W_DEPTH,
	W_SPARSE,
	W_SPARSE_MEM,
	W_CAPACITY,
	BENCH_NR_WORKLOADS
};

/**
 * struct bench_workload_info - how a workload is named and shown.
 * @key: CSV and --filter name.
 * @title: table heading.
 * @unit: unit of its figures.
 * @timed: figures are times (median of the repetitions, min and max).
 */
struct bench_workload_info {
	const char *key;
	const char *title;
	const char *unit;
	bool timed;
};

extern const struct bench_workload_info bench_wl[BENCH_NR_WORKLOADS];

/* --------------------------------------------------------------- options */

/**
 * struct bench_options - the command line.
 * @quick: small sizes only (the smoke test).
 * @csv: CSV on stdout instead of the tables.
 * @record: write the figures of record to benchmarks/results/.
 * @filter: only "workload/structure" keys containing this (NULL: all).
 * @out: the results folder.
 * @reps: repetitions per figure.
 * @esize: only this entry size (0: all).
 */
struct bench_options {
	bool quick;
	bool csv;
	bool record;
	const char *filter;
	char out[4096];
	int reps;
	size_t esize;
};

#define BENCH_MAX_REPS	63

extern struct bench_options bench_opt;

int bench_parse_args(int argc, char **argv);
int bench_make_out_dir(void);
void bench_link_latest(void);

/* ------------------------------------------------------------------ plan */

#define BENCH_MAX_SIZES	16

/*
 * Work per repetition: lookups repeat passes over small structures until
 * @min_ops operations; populate repeats builds until @min_pop_ops entries
 * (at most @cold_passes builds for a cold populate); random lookups use
 * @rnd_ops pre-generated indices; chase does @chase_ops dependent lookups.
 */
struct bench_work {
	bench_u64 min_ops, min_pop_ops, cold_passes, rnd_ops, chase_ops;
};

extern struct bench_work bench_work;

void bench_plan_init(void);
bench_u64 bench_gib_n(size_t esz);
int bench_dense_sizes(size_t esz, bench_u64 *out);
int bench_sparse_sizes(bench_u64 *out);
void bench_print_unavailable(FILE *f, bool md);
bool bench_selected(enum bench_workload w, int impl);
bool bench_wanted(enum bench_workload w, int impl);
bool bench_dense_ok(int impl, size_t esz, bench_u64 n);
bool bench_sparse_ok(int impl, size_t esz);
bool bench_capacity_ok(int impl, size_t esz);
int bench_count_plan(void);

/* ------------------------------------------------------------------- run */

void bench_run_all(void);

extern int bench_cold_repeats, bench_cold_kept_raced;
void bench_cold_note(char *buf, size_t len);

/* ---------------------------------------------------------------- timing */

double bench_now_ns(void);
void bench_timing_start(void);
double bench_elapsed_s(void);
void bench_progress(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

extern int bench_progress_done, bench_progress_total;

/* ------------------------------------------------------------- checksums */

extern volatile bench_u64 bench_sink;
extern int bench_checksum_errors;
extern int bench_cold_errors;

bench_u64 bench_rng_below(bench_u64 n);
void bench_check_sum(const char *what, int impl, size_t esz, bench_u64 n,
		     bench_u64 got, bench_u64 want);
bench_u64 bench_sum_values(bench_u64 count);
bench_u64 bench_sum_values_at(const bench_u64 *idx, bench_u64 count);
bench_u64 bench_sum_chain(bench_u64 n, bench_u64 start, bench_u64 ops);

/* --------------------------------------------------------------- results */

/**
 * struct bench_result - one figure.
 * @w: workload.
 * @impl: structure.
 * @esz: entry size.
 * @n: entries (0 for capacity).
 * @med: median of the repetitions (the value, for untimed figures).
 * @min: fastest repetition.
 * @max: slowest repetition.
 * @reps: repetitions.
 */
struct bench_result {
	enum bench_workload w;
	int impl;
	size_t esz;
	bench_u64 n;
	double med, min, max;
	int reps;
};

extern struct bench_result *bench_results;
extern size_t bench_nr_results;

void bench_add_result(enum bench_workload w, int impl, size_t esz, bench_u64 n,
		      double *v, int reps);
const struct bench_result *bench_find(enum bench_workload w, int impl,
				      size_t esz, bench_u64 n);
double bench_med(enum bench_workload w, int impl, size_t esz, bench_u64 n);
double bench_ratio(enum bench_workload w, int a, int b, size_t esz, bench_u64 n);
bench_u64 bench_largest_n(enum bench_workload w, int impl, size_t esz);
bool bench_impl_in(enum bench_workload w, int impl);

/* ---------------------------------------------------------------- output */

void bench_print_table(FILE *f, enum bench_workload w, bool md);
void bench_print_vs_linux(FILE *f, bool md);
void bench_print_tlb_cost(FILE *f, bool md);
void bench_write_csv(FILE *f);
void bench_write_charts(const char *dir, char *note, size_t len);
void bench_eval_targets(void);
void bench_print_targets(FILE *f, bool md);
int bench_targets_missed(void);
void bench_cpu_model(char *buf, size_t len);
void bench_write_summary(FILE *f, const char *chart_note, double secs);

#endif /* KDS_BENCH_HARNESS_H */
