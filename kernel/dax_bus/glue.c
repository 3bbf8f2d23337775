// SPDX-License-Identifier: GPL-2.0
/*
 * glue.c - the kds dax bus core (dax_bus/) behind a real bus in the
 * driver model: /sys/bus/kds_dax with one driver, kds_device_dax, whose
 * new_id and remove_id attributes are the core's id stores. Like Linux
 * 5.1's device_dax driver it is the bus default (match_always).
 *
 * Only the bus, the driver and its id attributes are wired up: kds.ko
 * creates no dax regions or devices on this bus, so nothing is ever
 * matched, probed or bound here.
 */
#include <linux/device.h>
#include <linux/module.h>

#include "kds_port.h"
#include "dax_bus/dax_bus.h"
#include "kds_dax_glue.h"

/**
 * struct kds_dax_glue_driver - a driver-model driver around a core driver.
 * @drv: the driver-model side (name, bus, sysfs directory).
 * @core: the kds core side (match_always flag, id list).
 */
struct kds_dax_glue_driver {
	struct device_driver drv;
	struct kds_dax_driver core;
};

static struct kds_dax_bus kds_dax_glue_core_bus;

static struct kds_dax_glue_driver *kds_dax_glue_drv(struct device_driver *drv)
{
	return container_of(drv, struct kds_dax_glue_driver, drv);
}

static ssize_t new_id_store(struct device_driver *drv, const char *buf,
			    size_t count)
{
	ssize_t rc = kds_dax_new_id_store(&kds_dax_glue_drv(drv)->core, buf, count);
	int err;

	if (rc < 0)
		return rc;
	/* 5.1: attach to any matching unbound device after new_id. */
	err = driver_attach(drv);
	return err ? err : rc;
}
static DRIVER_ATTR_WO(new_id);

static ssize_t remove_id_store(struct device_driver *drv, const char *buf,
			       size_t count)
{
	return kds_dax_remove_id_store(&kds_dax_glue_drv(drv)->core, buf, count);
}
static DRIVER_ATTR_WO(remove_id);

static struct attribute *kds_dax_glue_drv_attrs[] = {
	&driver_attr_new_id.attr,
	&driver_attr_remove_id.attr,
	NULL,
};
ATTRIBUTE_GROUPS(kds_dax_glue_drv);

static struct bus_type kds_dax_glue_bus_type = {
	.name = "kds_dax",
	.drv_groups = kds_dax_glue_drv_groups,
};

static struct kds_dax_glue_driver kds_dax_glue_device_dax = {
	.drv = {
		.name = "kds_device_dax",
		.bus = &kds_dax_glue_bus_type,
		.owner = THIS_MODULE,
		.mod_name = KBUILD_MODNAME,
	},
	.core = {
		.name = "kds_device_dax",
		.match_always = true,
	},
};

int kds_dax_glue_init(void)
{
	int rc;

	kds_dax_bus_init(&kds_dax_glue_core_bus);
	rc = bus_register(&kds_dax_glue_bus_type);
	if (rc)
		goto err_bus;
	rc = kds_dax_driver_register(&kds_dax_glue_core_bus,
				     &kds_dax_glue_device_dax.core);
	if (rc)
		goto err_core;
	rc = driver_register(&kds_dax_glue_device_dax.drv);
	if (rc)
		goto err_drv;
	return 0;

err_drv:
	kds_dax_driver_unregister(&kds_dax_glue_device_dax.core);
err_core:
	bus_unregister(&kds_dax_glue_bus_type);
err_bus:
	kds_dax_bus_destroy(&kds_dax_glue_core_bus);
	return rc;
}

void kds_dax_glue_exit(void)
{
	/* The attributes are gone before the id list is freed. */
	driver_unregister(&kds_dax_glue_device_dax.drv);
	kds_dax_driver_unregister(&kds_dax_glue_device_dax.core);
	bus_unregister(&kds_dax_glue_bus_type);
	kds_dax_bus_destroy(&kds_dax_glue_core_bus);
}
