// SPDX-License-Identifier: GPL-2.0
/*
 * summary.c - summary.md: the machine (CPU model, memory, kernel,
 * transparent huge page mode, compiler), the run, the host's TLB cost,
 * the MET/MISS targets, kds / linux, and a table per workload.
 */
#define _GNU_SOURCE
#include <dirent.h>
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

/* The first line of @dir/@name into @buf (empty when unreadable). */
static void read_word(const char *dir, const char *name, char *buf, size_t len)
{
	char path[512];
	FILE *f;

	buf[0] = 0;
	snprintf(path, sizeof(path), "%s/%s", dir, name);
	f = fopen(path, "r");
	if (!f)
		return;
	if (!fgets(buf, (int)len, f))
		buf[0] = 0;
	buf[strcspn(buf, "\n")] = 0;
	fclose(f);
}

/*
 * Whether this machine hands freed memory back to a host: a virtio
 * balloon (device id 5) that negotiated free page reporting (feature bit
 * 5, VIRTIO_BALLOON_F_REPORTING; sysfs prints the features as one 0/1
 * character per bit). The host then drops memory the guest reported
 * free (when: bench_host_reporting_policy()), and faulting it in again
 * costs a host fault per page: here 1 GiB of huge pages took 130-180 ms
 * right after a free and 1-3 s once reported. Sysfs is read under
 * $KDS_BENCH_SYSFS when set (the smoke test's fake tree), else /sys.
 */
bool bench_host_reports_free_pages(void)
{
	const char *root = getenv("KDS_BENCH_SYSFS");
	char dir[512], word[256];
	struct dirent *d;
	bool on = false;
	DIR *devs;

	snprintf(dir, sizeof(dir), "%s/bus/virtio/devices", root && *root ? root : "/sys");
	devs = opendir(dir);
	if (!devs)
		return false;
	while (!on && (d = readdir(devs))) {
		char dev[800];

		if (d->d_name[0] == '.')
			continue;
		snprintf(dev, sizeof(dev), "%s/%s", dir, d->d_name);
		read_word(dev, "device", word, sizeof(word));
		if (strtoul(word, NULL, 0) != 5)
			continue;
		read_word(dev, "features", word, sizeof(word));
		on = strlen(word) > 5 && word[5] == '1';
	}
	closedir(devs);
	return on;
}

/*
 * When the guest reports freed memory to the host, per the page_reporting
 * module's parameters where sysfs has them ($KDS_BENCH_SYSFS as above):
 * the smallest block reported (page_reporting_order, in pages), and, on
 * kernels that have them, how much must be waiting (max_waiting_mib) and
 * how long after the free (min_free_ms). A cold build that frees about
 * max_waiting_mib right before faulting it in again races the report.
 * Fills @buf with ", ..." clauses, or leaves it empty when none is known.
 */
void bench_host_reporting_policy(char *buf, size_t len)
{
	const char *root = getenv("KDS_BENCH_SYSFS");
	char dir[512], order[64], waiting[64], delay[64];
	size_t used = 0;

	snprintf(dir, sizeof(dir), "%s/module/page_reporting/parameters",
		 root && *root ? root : "/sys");
	read_word(dir, "page_reporting_order", order, sizeof(order));
	read_word(dir, "max_waiting_mib", waiting, sizeof(waiting));
	read_word(dir, "min_free_ms", delay, sizeof(delay));
	buf[0] = 0;
	if (*order && strspn(order, "0123456789") == strlen(order) && atoi(order) < 30) {
		long kib = (sysconf(_SC_PAGESIZE) >> 10) << atoi(order);

		used += (size_t)snprintf(buf + used, len - used, ", blocks of %ld %s and up",
					 kib % 1024 ? kib : kib >> 10, kib % 1024 ? "KiB" : "MiB");
	}
	if (used < len && *waiting && strspn(waiting, "0123456789") == strlen(waiting))
		used += (size_t)snprintf(buf + used, len - used, ", once %s MiB are waiting",
					 waiting);
	if (used < len && *delay && strspn(delay, "0123456789") == strlen(delay))
		snprintf(buf + used, len - used, ", %s ms after the free", delay);
}

/*
 * How much memory the guest has reported to its host so far, in KiB: the
 * page_reporting module's running count, on kernels that keep one
 * (reported_kib; $KDS_BENCH_SYSFS as above). Return: -1 where there is
 * none, so that no report can be seen.
 */
long bench_host_reported_kib(void)
{
	const char *root = getenv("KDS_BENCH_SYSFS");
	char dir[512], word[64];

	snprintf(dir, sizeof(dir), "%s/module/page_reporting/parameters",
		 root && *root ? root : "/sys");
	read_word(dir, "reported_kib", word, sizeof(word));
	if (!*word || strspn(word, "0123456789") != strlen(word) || strlen(word) > 18)
		return -1;
	return atol(word);
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
