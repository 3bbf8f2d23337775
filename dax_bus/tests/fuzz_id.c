// SPDX-License-Identifier: GPL-2.0
/*
 * fuzz_id.c - libFuzzer target for the device-name parser and the new_id /
 * remove_id stores. Every input is checked against an independent model of
 * Linux's do_id_store() (tests/vs_linux_id.h): kds and Linux may differ
 * only on a name with a negative number, which Linux accepts and kds
 * refuses; an accepted name must parse to the same numbers. Nothing may
 * stay allocated.
 *
 * Userspace only (libFuzzer); the table cases run in both worlds from
 * cases_ids.c.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "kds_port.h"
#include "kds/dax_bus.h"
#include "dax_bus/tests/vs_linux_id.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static struct kds_dax_bus bus;
	static struct kds_dax_driver drv = { .name = "fuzz" };
	static bool ready;
	const char *buf = (const char *)data;
	int r = -1, i = -1, or = -1, oi = -1;
	bool linux_ok = vs_linux_id_store_accepts(buf, size, &or, &oi);
	int rc = kds_dax_parse_id(buf, size, &r, &i);
	bool want = rc == 0;
	ssize_t n;

	if (!ready) {
		kds_warn_set_quiet(true);
		kds_dax_bus_init(&bus);
		if (kds_dax_driver_register(&bus, &drv))
			abort();
		ready = true;
	}
	if (rc != 0 && rc != -EINVAL)
		abort();
	/* kds accepts a subset of what Linux accepts ... */
	if (want && (!linux_ok || r != or || i != oi || r < 0 || i < 0))
		abort();
	/* ... and refuses only names with a negative number from it. */
	if (!want && linux_ok && or >= 0 && oi >= 0)
		abort();

	n = kds_dax_new_id_store(&drv, buf, size);
	if (n != (want ? (ssize_t)size : -EINVAL))
		abort();
	if (want && !kds_dax_driver_has_id(&drv, r, i))
		abort();
	n = kds_dax_remove_id_store(&drv, buf, size);
	if (n != (want ? (ssize_t)size : -EINVAL))
		abort();
	if (kds_dax_driver_nr_ids(&drv) != 0 || kds_alloc_live() != 0 ||
	    kds_warn_count() != 0)
		abort();
	return 0;
}
