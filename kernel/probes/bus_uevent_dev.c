// SPDX-License-Identifier: GPL-2.0
/*
 * Probe bus_uevent_dev: bus_type.uevent takes a struct device that is not const
 * (before Linux 6.3).
 *
 * api: bus_uevent
 */
#include <linux/device.h>

static int kds_probe_uevent(struct device *dev, struct kobj_uevent_env *env)
{
	return dev && env;
}

struct bus_type kds_probe_bus = { .uevent = kds_probe_uevent };
