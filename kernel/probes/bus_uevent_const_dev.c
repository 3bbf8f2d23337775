// SPDX-License-Identifier: GPL-2.0
/*
 * Probe bus_uevent_const_dev: bus_type.uevent takes a const struct device (Linux 6.3 on).
 *
 * api: bus_uevent
 */
#include <linux/device.h>

static int kds_probe_uevent(const struct device *dev, struct kobj_uevent_env *env)
{
	return dev && env;
}

struct bus_type kds_probe_bus = { .uevent = kds_probe_uevent };
