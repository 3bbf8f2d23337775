// SPDX-License-Identifier: GPL-2.0
/*
 * Probe bus_match_const_drv: bus_type.match takes a const struct device_driver (Linux 6.11 on).
 *
 * api: bus_match
 */
#include <linux/device.h>

static int kds_probe_match(struct device *dev, const struct device_driver *drv)
{
	return dev && drv;
}

struct bus_type kds_probe_bus = { .match = kds_probe_match };
