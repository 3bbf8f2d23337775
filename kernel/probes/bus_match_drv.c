// SPDX-License-Identifier: GPL-2.0
/*
 * Probe bus_match_drv: bus_type.match takes a struct device_driver that is not const
 * (before Linux 6.11).
 *
 * api: bus_match
 */
#include <linux/device.h>

static int kds_probe_match(struct device *dev, struct device_driver *drv)
{
	return dev && drv;
}

struct bus_type kds_probe_bus = { .match = kds_probe_match };
