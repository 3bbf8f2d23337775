// SPDX-License-Identifier: GPL-2.0
/*
 * names.c - which names kds.ko's dax bus takes: "kds_dax" beside the
 * kernel's own dax bus, or "dax" as the system's bus that the real daxctl
 * drives (module parameter dax_bus_name), checked to be free before
 * anything is registered; the device numbers of its character devices;
 * and the 5.1 compatibility class /sys/class/dax.
 */
#include <linux/device.h>
#include <linux/kobject.h>
#include <linux/module.h>
#include <linux/platform_device.h>

#include "kds_port.h"
#include "kds_api_forms.h"
#include "kds/dax_bus.h"
#include "kds_dax_dev.h"
#include "kds_dax_bus_glue.h"

/*
 * kds.dax_bus_name: "kds_dax" (default, beside the kernel's own dax bus) or
 * "dax" (kds is the system's dax bus); read once, at load.
 */
static char *kds_dax_glue_bus_name = "kds_dax";
module_param_named(dax_bus_name, kds_dax_glue_bus_name, charp, 0444);
MODULE_PARM_DESC(dax_bus_name,
		 "kds_dax (default: a bus beside the kernel's dax bus) or dax (kds is the system's dax bus, for daxctl; the name must be free)");
/* The names in use, set at init from kds.dax_bus_name. */
const struct kds_dax_bus_names *kds_dax_glue_names;

/*
 * The 5.1 compatibility class /sys/class/dax, under either bus name: a
 * region created with the word "class" carries its device there instead
 * of on the bus, as dax_pmem_compat did; no driver matches it and it runs
 * from creation to deletion. NULL where the kernel may have a "dax" class
 * of its own (DEV_DAX_PMEM_COMPAT, which created one) and kds is not the
 * system's bus.
 */
struct class *kds_dax_glue_class;

/*
 * Whether a bus named @name is registered: looked up in the kset of all
 * buses (the one the platform bus, always present, belongs to), so that a
 * taken name is refused with one message instead of bus_register()'s
 * duplicate-name warning and stack dump from sysfs.
 */
static bool kds_dax_glue_bus_exists(const char *name)
{
	struct kset *buses = bus_get_kset(&platform_bus_type)->kobj.kset;
	struct kobject *kobj;

	if (!buses)
		return false;
	kobj = kset_find_obj(buses, name);
	if (!kobj)
		return false;
	kobject_put(kobj);
	return true;
}

/*
 * Pick the names from kds.dax_bus_name (for the system's bus, check that
 * "dax" is free; glue.c gives them to the bus and its drivers), reserve the device numbers and make the compatibility
 * class /sys/class/dax: as the system's bus always; beside the kernel's
 * bus only where the kernel cannot have that class itself (a taken class
 * name would be a duplicate-name warning with a stack dump, not an error).
 */
int kds_dax_glue_choose_names(void)
{
	const struct kds_dax_bus_names *names;
	int rc;

	names = kds_dax_bus_names_find(kds_dax_glue_bus_name);
	if (!names) {
		pr_err("kds dax: dax_bus_name=%s: not a bus name kds knows (kds_dax or dax)\n",
		       kds_dax_glue_bus_name ? kds_dax_glue_bus_name : "(null)");
		return -EINVAL;
	}
	if (names->system && kds_dax_glue_bus_exists(names->bus)) {
		pr_err("kds dax: the bus name \"%s\" is taken (the kernel's dax bus is built in or dax.ko is loaded); load kds.ko without dax_bus_name=%s\n",
		       names->bus, names->bus);
		return -EEXIST;
	}
	rc = kds_dax_chardev_init(names->bus);
	if (rc)
		return rc;
	if (names->system || !IS_ENABLED(CONFIG_DEV_DAX_PMEM_COMPAT)) {
		kds_dax_glue_class = kds_class_create("dax");
		if (IS_ERR(kds_dax_glue_class)) {
			rc = PTR_ERR(kds_dax_glue_class);
			kds_dax_glue_class = NULL;
			pr_err("kds dax: creating /sys/class/dax failed: %d\n",
			       rc);
			kds_dax_chardev_exit();
			return rc;
		}
	}
	kds_dax_glue_names = names;
	return 0;
}

/* Give back what kds_dax_glue_choose_names() reserved. */
void kds_dax_glue_release_names(void)
{
	if (!kds_dax_glue_names)
		return;
	if (kds_dax_glue_class) {
		class_destroy(kds_dax_glue_class);
		kds_dax_glue_class = NULL;
	}
	kds_dax_chardev_exit();
	kds_dax_glue_names = NULL;
}
