// SPDX-License-Identifier: GPL-2.0
/*
 * Probe class_create_owner: class_create(owner, name), the form before Linux 6.4.
 *
 * api: class_create
 */
#include <linux/device.h>
#include <linux/module.h>

struct class *kds_probe(void);
struct class *kds_probe(void)
{
	return class_create(THIS_MODULE, "kds_probe");
}
