// SPDX-License-Identifier: GPL-2.0
/*
 * fuzz_id.c - libFuzzer target for the device-name parser and the new_id /
 * remove_id stores. Every input is checked against an independent oracle
 * (a grammar check written with libc) and must leave nothing allocated.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "kds_port.h"
#include "dax_bus/dax_bus.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* One decimal field: 0 or [1-9][0-9]*, value <= INT_MAX. */
static bool oracle_field(const char *s, size_t len, int *out)
{
	unsigned long long v = 0;

	if (len == 0 || len > 10 || (s[0] == '0' && len > 1))
		return false;
	for (size_t i = 0; i < len; i++) {
		if (s[i] < '0' || s[i] > '9')
			return false;
		v = v * 10 + (unsigned long long)(s[i] - '0');
	}
	if (v > INT_MAX)
		return false;
	*out = (int)v;
	return true;
}

/* ^dax<field>\.<field>\n?$ over exactly size bytes, at most 25 of them. */
static bool oracle(const char *s, size_t size, int *region, int *id)
{
	const char *dot;
	size_t len = size;

	if (size == 0 || size > 25)
		return false;
	if (s[len - 1] == '\n')
		len--;
	if (len < 3 || memcmp(s, "dax", 3) != 0)
		return false;
	dot = memchr(s + 3, '.', len - 3);
	if (!dot)
		return false;
	return oracle_field(s + 3, (size_t)(dot - s) - 3, region) &&
	       oracle_field(dot + 1, len - (size_t)(dot - s) - 1, id);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static struct kds_dax_bus bus;
	static struct kds_dax_driver drv = { .name = "fuzz" };
	static bool ready;
	const char *buf = (const char *)data;
	int r = -1, i = -1, or = -1, oi = -1;
	bool want = oracle(buf, size, &or, &oi);
	int rc = kds_dax_parse_id(buf, size, &r, &i);
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
	if (want != (rc == 0))
		abort();
	if (want && (r != or || i != oi))
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
