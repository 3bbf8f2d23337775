// SPDX-License-Identifier: GPL-2.0
/*
 * daxctl.c - the VM's libdaxctl stand-in: makes the exact sysfs writes
 * libdaxctl makes (strlen(name) + 1 bytes, the NUL included, one write()
 * per attribute) on a dax bus, and checks each answer and which driver the
 * device is bound to afterwards. Built statically on the host by
 * kernel/vm/run.sh and run by the VM's /init on kds.ko's bus and on the
 * kernel's own dax bus:
 *
 *   kds-daxctl reconfigure BUS DEV DEVDAX KMEM     dax_bus/tests/daxctl_steps.h
 *   kds-daxctl ids kds|linux BUS DEV DEVDAX KMEM [kmem]
 *
 * "ids" writes every row of dax_bus/tests/id_cases.h to KMEM's new_id
 * while DEV is unbound, then the same bytes to remove_id, and checks the
 * answers against the row's kds or Linux column and that DEV is then
 * bound to KMEM exactly when the row names DEV, or, with "kmem" (DEV's
 * region is of the kmem kind, whose devices default to KMEM: Linux 6.3+'s
 * dax_hmem regions, kds's "kmem" regions), exactly when the write was
 * taken (new_id attaches every matching device); every kmem bind is
 * undone by an unbind, which gives the range back on both buses.
 *
 * Every check prints "kds-vm: daxctl: ok N ..." or "... not ok N ...";
 * a "state:" line per step or row records the answer class and the bound
 * driver (DEVDAX, KMEM or NONE) so /init can compare two buses' runs.
 * Exit status 1 when a check failed, 2 on bad usage.
 */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "dax_bus/tests/id_cases.h"
#include "dax_bus/tests/daxctl_steps.h"

static const char *bus, *dev, *devdax, *kmem;
static int nchecks, nfailed;

static void __attribute__((format(printf, 2, 3))) check(int ok, const char *fmt, ...)
{
	char msg[256];
	va_list ap;

	nchecks++;
	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	if (!ok)
		nfailed++;
	printf("kds-vm: daxctl: %s %d %s\n", ok ? "ok" : "not ok", nchecks, msg);
}

/* One write() of @len bytes, as libdaxctl's write_attr(): @len or -errno. */
static long write_attr(const char *path, const void *buf, size_t len)
{
	int fd = open(path, O_WRONLY | O_CLOEXEC);
	ssize_t n;

	if (fd < 0)
		return -errno;
	n = write(fd, buf, len);
	if (n < 0)
		n = -errno;
	close(fd);
	return n;
}

static long write_drv(const char *drv, const char *attr, const void *buf, size_t len)
{
	char path[PATH_MAX];

	if (strcmp(drv, "CURRENT") == 0)
		snprintf(path, sizeof(path), "%s/devices/%s/driver/%s", bus, dev, attr);
	else
		snprintf(path, sizeof(path), "%s/drivers/%s/%s", bus, drv, attr);
	return write_attr(path, buf, len);
}

/* The driver DEV is bound to, as DEVDAX, KMEM, NONE or OTHER. */
static enum kds_daxctl_drv bound(void)
{
	char path[PATH_MAX], target[PATH_MAX];
	const char *base;
	ssize_t n;

	snprintf(path, sizeof(path), "%s/devices/%s/driver", bus, dev);
	n = readlink(path, target, sizeof(target) - 1);
	if (n < 0)
		return KDS_DAXCTL_NONE;
	target[n] = '\0';
	base = strrchr(target, '/');
	base = base ? base + 1 : target;
	if (strcmp(base, devdax) == 0)
		return KDS_DAXCTL_DEVDAX;
	if (strcmp(base, kmem) == 0)
		return KDS_DAXCTL_KMEM;
	return KDS_DAXCTL_CURRENT;	/* a driver this program does not know */
}

static const char *drv_name(enum kds_daxctl_drv d)
{
	switch (d) {
	case KDS_DAXCTL_NONE:
		return "NONE";
	case KDS_DAXCTL_DEVDAX:
		return "DEVDAX";
	case KDS_DAXCTL_KMEM:
		return "KMEM";
	default:
		return "OTHER";
	}
}

static const char *drv_path_name(enum kds_daxctl_drv d)
{
	return d == KDS_DAXCTL_DEVDAX ? devdax : d == KDS_DAXCTL_KMEM ? kmem : "CURRENT";
}

static void run_steps(const struct kds_daxctl_step *steps, size_t n)
{
	size_t len = strlen(dev) + 1;
	size_t i;

	for (i = 0; i < n; i++) {
		const struct kds_daxctl_step *st = &steps[i];
		long want = st->result ? st->result : (long)len;
		long got = write_drv(drv_path_name(st->drv), st->attr, dev, len);
		enum kds_daxctl_drv now = bound();

		check(got == want, "%s: wrote %ld, want %ld", st->what, got, want);
		check(now == st->after, "%s: bound to %s, want %s", st->what, drv_name(now),
		      drv_name(st->after));
		printf("state: %s %ld %s\n", st->attr, got < 0 ? got : 0L, drv_name(now));
	}
}

static void run_ids(int linux_col, int kmem_region)
{
	char name[32];
	size_t i;

	for (i = 0; i < sizeof(kds_dax_id_cases) / sizeof(kds_dax_id_cases[0]); i++) {
		const struct kds_dax_id_case *c = &kds_dax_id_cases[i];
		int verdict = linux_col ? c->upstream : c->expected;
		/* sysfs answers an empty write itself, before any store runs */
		long want = !c->len ? 0 : verdict ? verdict : (long)c->len;
		enum kds_daxctl_drv want_drv = KDS_DAXCTL_NONE, now;
		long got;

		snprintf(name, sizeof(name), "dax%d.%d", c->region, c->id);
		if (!verdict && c->len && (kmem_region || strcmp(name, dev) == 0))
			want_drv = KDS_DAXCTL_KMEM;
		got = write_drv(devdax, "unbind", dev, strlen(dev) + 1);
		check(got == (long)strlen(dev) + 1 && bound() == KDS_DAXCTL_NONE,
		      "ids: %s: unbind from the default driver: %ld", c->what, got);

		got = write_drv(kmem, "new_id", c->input, c->len);
		now = bound();
		check(got == want, "ids: %s: new_id %ld, want %ld", c->what, got, want);
		check(now == want_drv, "ids: %s: after new_id bound to %s, want %s", c->what,
		      drv_name(now), drv_name(want_drv));
		got = write_drv(kmem, "remove_id", c->input, c->len);
		check(got == want, "ids: %s: remove_id %ld, want %ld", c->what, got, want);
		check(bound() == now, "ids: %s: remove_id left the binding", c->what);
		/*
		 * The bound driver is compared between the buses only where
		 * kds and Linux take the row alike: where kds deliberately
		 * refuses what Linux takes (id_cases.h), a kmem region's device
		 * ends bound on one bus and not on the other, and each run has
		 * already checked its own column above.
		 */
		if (!c->expected == !c->upstream)
			printf("state: row %zu %s\n", i, drv_name(now));
		else
			printf("state: row %zu (kds and Linux differ by design)\n", i);

		if (now == KDS_DAXCTL_KMEM) {
			got = write_drv(kmem, "unbind", dev, strlen(dev) + 1);
			check(got == (long)strlen(dev) + 1, "ids: %s: unbind from kmem: %ld",
			      c->what, got);
		}
		if (bound() == KDS_DAXCTL_NONE)
			got = write_drv(devdax, "bind", dev, strlen(dev) + 1);
		check(bound() == KDS_DAXCTL_DEVDAX, "ids: %s: back on the default driver",
		      c->what);
	}
}

int main(int argc, char **argv)
{
	const char *mode = argc > 1 ? argv[1] : "";
	int linux_col = 0, kmem_region = 0, arg = 2;

	setvbuf(stdout, NULL, _IOLBF, 0);
	if (strcmp(mode, "ids") == 0) {
		if (argc == 8 && strcmp(argv[7], "kmem") == 0)
			kmem_region = 1;
		else if (argc != 7)
			goto usage;
		linux_col = strcmp(argv[2], "linux") == 0;
		arg = 3;
	} else if (argc != 6) {
		goto usage;
	}
	bus = argv[arg];
	dev = argv[arg + 1];
	devdax = argv[arg + 2];
	kmem = argv[arg + 3];

	if (bound() != KDS_DAXCTL_DEVDAX) {
		check(0, "%s: %s is bound to %s, not to the default driver", mode, dev,
		      drv_name(bound()));
		return 1;
	}
	if (strcmp(mode, "reconfigure") == 0)
		run_steps(kds_daxctl_steps, sizeof(kds_daxctl_steps) / sizeof(kds_daxctl_steps[0]));
	else if (strcmp(mode, "ids") == 0)
		run_ids(linux_col, kmem_region);
	else
		goto usage;
	printf("kds-vm: daxctl: %s on %s: %d checks, %d failed\n", mode, bus, nchecks, nfailed);
	return nfailed ? 1 : 0;

usage:
	fprintf(stderr, "usage: kds-daxctl reconfigure BUS DEV DEVDAX KMEM\n"
		"       kds-daxctl ids kds|linux BUS DEV DEVDAX KMEM [kmem]\n");
	return 2;
}
