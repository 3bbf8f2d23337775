// SPDX-License-Identifier: GPL-2.0
/*
 * host.c - what the machine's host does with memory the guest frees: whether
 * a virtio balloon reports free pages, when, and how much it has reported.
 * A cold build that faults memory in while such a report runs pays the
 * host's faults too; the benchmark and walk_floor build it again (host.h).
 */
#define _GNU_SOURCE
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "benchmarks/harness/host.h"

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
