// SPDX-License-Identifier: GPL-2.0
/*
 * Probe bus_attr_const_bus: a bus attribute's store() takes a const struct bus_type
 * (Linux 6.4 on).
 *
 * api: bus_attr
 */
#include <linux/device.h>

static ssize_t kds_probe_store(const struct bus_type *bus, const char *buf,
			       size_t count)
{
	return bus && buf ? count : 0;
}

struct bus_attribute kds_probe_attr = { .store = kds_probe_store };
