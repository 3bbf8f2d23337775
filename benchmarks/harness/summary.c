// SPDX-License-Identifier: GPL-2.0
/*
 * summary.c - summary.md: the machine (CPU model, memory, kernel,
 * transparent huge page mode, compiler), the run, the host's TLB cost,
 * the MET/MISS targets, kds / linux, and a table per workload.
 */
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/utsname.h>
#include <time.h>
#include <unistd.h>

#include "benchmarks/harness/harness.h"

void bench_cpu_model(char *buf, size_t len)
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

/* The bracketed word of a sysfs THP setting ("always [madvise] never"). */
static void thp_mode(char *buf, size_t len, const char *file)
{
	char path[256], line[256], *a, *b;
	FILE *f;

	snprintf(buf, len, "unknown");
	snprintf(path, sizeof(path), "/sys/kernel/mm/transparent_hugepage/%s", file);
	f = fopen(path, "r");
	if (!f)
		return;
	if (fgets(line, sizeof(line), f) && (a = strchr(line, '[')) && (b = strchr(a, ']'))) {
		*b = 0;
		snprintf(buf, len, "%s", a + 1);
	}
	fclose(f);
}

void bench_write_summary(FILE *f, const char *chart_note, double secs)
{
	char cpu[256], date[64], thp[32], defrag[32], cold[256];
	struct utsname u;
	time_t t = time(NULL);

	bench_cpu_model(cpu, sizeof(cpu));
	bench_cold_note(cold, sizeof(cold));
	thp_mode(thp, sizeof(thp), "enabled");
	thp_mode(defrag, sizeof(defrag), "defrag");
	strftime(date, sizeof(date), "%Y-%m-%d %H:%M UTC", gmtime(&t));
	if (uname(&u))
		snprintf(u.release, sizeof(u.release), "?");
	fprintf(f, "# kds benchmark results\n\n"
		"- date: %s\n- CPU: %s (%ld online CPUs), %ld MiB RAM, Linux %s, "
		"transparent huge pages %s (defrag %s)\n"
		"- build: gcc %s, -O2\n- run: %s%s%s%s, %d repetitions per figure, %.0f s\n"
		"- checksums: %s (sink %#llx); cold populates: %s\n- charts: %s\n\n"
		"Times are ns per entry operation (median, with min-max over the "
		"repetitions) and the ratio to flat-thp, the flat array on huge pages, "
		"at the same N and entry size. Memory is bytes per entry including "
		"interior nodes and headers, from the kds allocator counters (JudyL: "
		"JudyLMemUsed; flat: N x entry size). See benchmarks/README.md for what "
		"each workload does.\n",
		date, cpu, sysconf(_SC_NPROCESSORS_ONLN), mem_total_mib(), u.release, thp,
		defrag, __VERSION__,
		bench_opt.record ? "full, recorded" : bench_opt.quick ? "--quick" : "full",
		bench_opt.filter ? ", --filter " : "", bench_opt.filter ? bench_opt.filter : "",
		bench_opt.esize == 8 ? ", --esize 8" : bench_opt.esize == 24 ? ", --esize 24" :
		bench_opt.esize == 100 ? ", --esize 100" : "",
		bench_opt.reps, secs,
		bench_checksum_errors ? "MISMATCHES (see stderr)" : "all verified",
		(unsigned long long)bench_sink,
		cold, chart_note);
	fputc('\n', f);
	bench_print_unavailable(f, true);
	for (int i = 0; i < BENCH_NR_IMPLS; i++)
		if (bench_impls[i]->api)
			fprintf(f, "- %s measured through %s\n", bench_impls[i]->name,
				bench_impls[i]->api);
	for (int i = 0; i < BENCH_NR_IMPLS; i++)
		if (bench_impls[i]->run_cap && !bench_opt.quick)
			fprintf(f, "\n%s is measured up to N=%llu in a full run (time budget).\n",
				bench_impls[i]->name, (unsigned long long)bench_impls[i]->run_cap);
	bench_print_targets(f, true);
	bench_print_vs_linux(f, true);
	fprintf(f, "\n## Figures\n");
	for (int w = 0; w < BENCH_NR_WORKLOADS; w++)
		bench_print_table(f, w, true);
}
