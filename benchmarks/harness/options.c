// SPDX-License-Identifier: GPL-2.0
/*
 * options.c - the command line and where the results go.
 *
 * A run writes to a fresh run folder outside the source tree (printed at
 * the start and the end), ${TMPDIR:-/tmp}/kds-benchmarks/<UTC date-time>,
 * with a "latest" link next to it. Only --record writes the figures of
 * record in the workspace's benchmarks/results/, and only from a full,
 * unfiltered run. --out DIR names any other folder.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "benchmarks/harness/harness.h"

struct bench_options bench_opt = { .reps = 5 };

static bool out_given;
static char run_root[2048];	/* parent of the run folder, for "latest" */

static void usage(FILE *f)
{
	fprintf(f,
		"usage: benchmarks [--quick] [--filter SUBSTR[,SUBSTR...]] [--csv] [--out DIR | --record]\n"
		"                  [--reps N] [--esize 8|24|100]\n"
		"  --quick          small sizes only (seconds; a smoke test)\n"
		"  --filter SUBSTR[,SUBSTR...]  only measurements whose \"workload/structure\"\n"
		"                   key contains one SUBSTR (workloads: populate-cold\n"
		"                   populate-warm seq random chase foreach memory depth sparse\n"
		"                   sparse-memory capacity; structures: flat flat-thp flex_array\n"
		"                   genradix-4k genradix-512 linux-6.1 linux-6.12 JudyL);\n"
		"                   flat-thp still runs as the baseline\n"
		"  --csv            print CSV on stdout instead of the tables\n"
		"  --out DIR        results folder (default: a new run folder under\n"
		"                   ${TMPDIR:-/tmp}/kds-benchmarks/, printed)\n"
		"  --record         write the figures of record to benchmarks/results/ in\n"
		"                   the workspace (a full run only: no --quick, --filter,\n"
		"                   --esize or --out, at least 5 repetitions)\n"
		"  --reps N         repetitions per figure (default 5; 1..%d)\n"
		"  --esize N        only entries of N bytes (8, 24 or 100)\n",
		BENCH_MAX_REPS);
}

/* The workspace's benchmarks/results/, for --record. */
static int record_dir(void)
{
	const char *ws = getenv("BUILD_WORKSPACE_DIRECTORY");
	struct stat st;

	if (ws && *ws)
		snprintf(bench_opt.out, sizeof(bench_opt.out), "%s/benchmarks/results", ws);
	else if (!stat("benchmarks/bench.h", &st))
		snprintf(bench_opt.out, sizeof(bench_opt.out), "benchmarks/results");
	else {
		fprintf(stderr, "bench: --record: run it with ./bazelw run //benchmarks -- --record "
			"(or from the workspace root)\n");
		return -1;
	}
	return 0;
}

int bench_parse_args(int argc, char **argv)
{
	for (int i = 1; i < argc; i++) {
		const char *a = argv[i];

		if (!strcmp(a, "--quick")) {
			bench_opt.quick = true;
		} else if (!strcmp(a, "--csv")) {
			bench_opt.csv = true;
		} else if (!strcmp(a, "--record")) {
			bench_opt.record = true;
		} else if (!strcmp(a, "--filter") && i + 1 < argc) {
			bench_opt.filter = argv[++i];
		} else if (!strcmp(a, "--out") && i + 1 < argc && *argv[i + 1]) {
			snprintf(bench_opt.out, sizeof(bench_opt.out), "%s", argv[++i]);
			out_given = true;
		} else if (!strcmp(a, "--reps") && i + 1 < argc) {
			char *end;
			long r = strtol(argv[++i], &end, 10);

			if (*end || r < 1 || r > BENCH_MAX_REPS) {
				fprintf(stderr, "bench: --reps wants 1..%d\n", BENCH_MAX_REPS);
				return -1;
			}
			bench_opt.reps = (int)r;
		} else if (!strcmp(a, "--esize") && i + 1 < argc) {
			char *end;
			long e = strtol(argv[++i], &end, 10);

			if (*end || (e != 8 && e != 24 && e != 100)) {
				fprintf(stderr, "bench: --esize wants 8, 24 or 100\n");
				return -1;
			}
			bench_opt.esize = (size_t)e;
		} else if (!strcmp(a, "--help") || !strcmp(a, "-h")) {
			usage(stdout);
			exit(0);
		} else {
			fprintf(stderr, "bench: unknown or incomplete option '%s'\n", a);
			usage(stderr);
			return -1;
		}
	}
	if (bench_opt.record) {
		if (bench_opt.quick || bench_opt.filter || bench_opt.esize || out_given ||
		    bench_opt.reps < 5) {
			fprintf(stderr, "bench: --record takes a full run: no --quick, --filter, "
				"--esize or --out, and at least 5 repetitions\n");
			return -1;
		}
		return record_dir();
	}
	return 0;
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

/*
 * Create the results folder: the one given or recorded to, else a new run
 * folder named after the start time (a suffix when that exists already).
 */
int bench_make_out_dir(void)
{
	const char *tmp = getenv("TMPDIR");
	char stamp[64];
	time_t t = time(NULL);

	if (out_given || bench_opt.record) {
		if (!mkdir_p(bench_opt.out))
			return 0;
		fprintf(stderr, "bench: cannot create %s: %s\n", bench_opt.out, strerror(errno));
		return -1;
	}
	snprintf(run_root, sizeof(run_root), "%s/kds-benchmarks",
		 tmp && *tmp ? tmp : "/tmp");
	if (mkdir_p(run_root)) {
		fprintf(stderr, "bench: cannot create %s: %s\n", run_root, strerror(errno));
		return -1;
	}
	strftime(stamp, sizeof(stamp), "%Y%m%d-%H%M%S", gmtime(&t));
	for (int k = 1; k < 100; k++) {
		if (k == 1)
			snprintf(bench_opt.out, sizeof(bench_opt.out), "%s/%s%s", run_root,
				 stamp, bench_opt.quick ? "-quick" : "");
		else
			snprintf(bench_opt.out, sizeof(bench_opt.out), "%s/%s%s-%d", run_root,
				 stamp, bench_opt.quick ? "-quick" : "", k);
		if (!mkdir(bench_opt.out, 0777))
			return 0;
		if (errno != EEXIST)
			break;
	}
	fprintf(stderr, "bench: cannot create a run folder in %s: %s\n", run_root,
		strerror(errno));
	return -1;
}

/* Point <run root>/latest at the run folder just written (run folders only). */
void bench_link_latest(void)
{
	char link[4200], tmp[4300];

	if (!run_root[0])
		return;
	snprintf(link, sizeof(link), "%s/latest", run_root);
	snprintf(tmp, sizeof(tmp), "%s.%ld", link, (long)getpid());
	unlink(tmp);
	if (symlink(bench_opt.out, tmp) || rename(tmp, link))
		unlink(tmp);
}
