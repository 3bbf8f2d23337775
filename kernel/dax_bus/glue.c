// SPDX-License-Identifier: GPL-2.0
/*
 * glue.c - the kds dax bus as a real sysfs bus in kds.ko.
 *
 * /sys/bus/kds_dax carries:
 *   - devices dax<region>.<n> (n = 0 on a static region; on a dynamic
 *     one, any number made through the region's create file, each with
 *     writable size, align and mapping and one mapping<N>/ per range,
 *     mappings.c), children of a
 *     parent device kds_dax_region<region> (/sys/devices/kds_dax_region<r>)
 *     whose "dax_region" attribute group shows the region's id, size,
 *     align (and target_node when known): the layout Linux 5.1 gives a
 *     dax region's parent;
 *   - the default driver kds_device_dax (match_always) and the kmem-style
 *     driver kds_kmem, which matches the devices of a region created
 *     "kmem" (Linux 6.3+'s default for dax_hmem's regions) and, on other
 *     regions, nothing until new_id names a device;
 *     both have new_id / remove_id (the core's stores) and the driver
 *     core's bind / unbind;
 *   - bus attributes create_region ("id start size align target_node",
 *     then "class", or "dynamic" and/or "kmem") and delete_region
 *     ("id"), so tests can add and remove regions.
 *
 * Loaded with kds.dax_bus_name=dax, the same bus takes the system's names
 * (kds_dax_names_system: /sys/bus/dax, drivers device_dax and kmem) so
 * that the real daxctl drives it. The name must be free: when a "dax" bus
 * is already registered (the kernel's, built in or dax.ko), the load fails
 * with one message before anything is registered.
 *
 * Under either name, a region created with the word "class" puts its
 * device in the 5.1 compatibility class /sys/class/dax instead of on the
 * bus, run from creation on. Linux 6.1 has no such class, so beside the
 * kernel's own bus this is how a kds device is one that device-dax
 * applications (fio, PMDK: a char device whose subsystem is named "dax")
 * take for one; daxctl lists it but will not reconfigure it.
 *
 * Under either name every device has a device number and a character
 * device /dev/dax<region>.<n> (devtmpfs makes the node), which device_dax
 * maps (chardev.c). What lies under a region's range, the region's hold on
 * it and what kds_kmem does with it are memory.c's.
 *
 * Every decision goes through the shared core (dax_bus/): the match rule,
 * each driver's probe and remove (device_dax runs the device, kmem hot-plugs
 * it without running it), the attribute tables, their lookup by name and
 * visibility, the uevent text, the kmem range and the claim list.
 */
#include <linux/device.h>
#include <linux/fs.h>
#include <linux/idr.h>
#include <linux/ioport.h>
#include <linux/memory.h>
#include <linux/memory_hotplug.h>
#include <linux/mm.h>
#include <linux/nodemask.h>
#include <linux/module.h>
#include <linux/platform_device.h>
#include <linux/sizes.h>

#include "kds_port.h"
#include "kds_api_forms.h"
#include "kds/dax_bus.h"
#include "kds_dax_dev.h"
#include "kds_dax_glue.h"
#include "kds_dax_bus_glue.h"

static struct kds_dax_bus kds_dax_glue_core_bus;
/* kds.dax_fail_driver=N: fail the Nth driver registration (tests). */
KDS_DAX_FAULT_SWITCH(dax_fail_driver, kds_dax_glue_fail_driver, 0,
		     "make the Nth kds_dax driver registration fail, so a failed load can be tested (0: never)");

/* Const in, not const out: the bus callbacks of later kernels take const. */
static struct kds_dax_glue_driver *kds_dax_glue_drv(const struct device_driver *drv)
{
	return container_of(drv, struct kds_dax_glue_driver, drv);
}


/* ------------------------------------------------------------ drivers */

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

/* ------------------------------------------------------ dev_dax files */

static ssize_t kds_dax_glue_dev_show(struct device *dev,
				     struct device_attribute *attr, char *buf)
{
	return kds_dev_dax_attr_show(&kds_dax_glue_dev(dev)->core, attr->attr.name,
				     buf);
}

static struct kds_dax_glue_region *kds_dax_glue_region_of(struct kds_dax_glue_dev *gdev)
{
	return container_of(gdev->dev.parent, struct kds_dax_glue_region, dev);
}

/*
 * size, align, mapping of a dynamic region's device: the core's store,
 * then one mapping<N> object per range. An object that cannot be added
 * takes the growth back, so the device never has a range without one.
 * The device's lock is held throughout (after the region's, the order
 * kds_dax_glue_offer() takes them in, and as Linux's size store holds
 * it), so no driver binds between the store and its rollback: the core
 * refuses to change a bound device's ranges, and the rollback could not
 * run.
 */
static ssize_t kds_dax_glue_dev_store(struct device *dev,
				      struct device_attribute *attr,
				      const char *buf, size_t count)
{
	struct kds_dax_glue_dev *gdev = kds_dax_glue_dev(dev);
	struct kds_dax_glue_region *rg = kds_dax_glue_region_of(gdev);
	u64 before;
	ssize_t rc;
	int err;

	mutex_lock(&rg->lock);
	device_lock(dev);
	if (rg->dying) {
		rc = -ENXIO;
		goto out;
	}
	before = kds_dev_dax_size(&gdev->core);
	rc = kds_dev_dax_attr_store(&gdev->core, attr->attr.name, buf, count);
	if (rc < 0)
		goto out;
	err = kds_dax_mappings_sync(gdev);
	if (err) {
		WARN_ON(kds_dev_dax_resize(&gdev->core, before));
		WARN_ON(kds_dax_mappings_sync(gdev));
		rc = err;
	}
out:
	device_unlock(dev);
	mutex_unlock(&rg->lock);
	return rc;
}

/*
 * One device_attribute per entry of kds_dev_dax_attrs, in the table's
 * order; the names, modes and which are writable come from the table at
 * init (kds_dax_glue_fill_attrs()).
 */
static struct device_attribute kds_dax_glue_dev_dattrs[KDS_DAX_GLUE_MAX_ATTRS];
static struct attribute *kds_dax_glue_dev_attrs[KDS_DAX_GLUE_MAX_ATTRS + 1];

static umode_t kds_dax_glue_dev_visible(struct kobject *kobj,
					struct attribute *a, int n)
{
	struct device *dev = kobj_to_dev(kobj);

	return kds_dev_dax_attr_visible(&kds_dax_glue_dev(dev)->core, n);
}

static const struct attribute_group kds_dax_glue_dev_group = {
	.attrs = kds_dax_glue_dev_attrs,
	.is_visible = kds_dax_glue_dev_visible,
};

/*
 * kmem_range: the ranges kds_kmem holds, hot-added or only recorded, one
 * "start size" line each, in the device's range order; "none" if none.
 */
static ssize_t kmem_range_show(struct device *dev,
			       struct device_attribute *attr, char *buf)
{
	struct kds_dax_glue_dev *gdev = kds_dax_glue_dev(dev);
	unsigned int i;
	ssize_t rc = 0;

	device_lock(dev);
	for (i = 0; i < gdev->nr_kmem; i++)
		if (gdev->kmem[i].bound)
			rc += sysfs_emit_at(buf, rc, "%#llx %#llx\n",
					    (unsigned long long)gdev->kmem[i].start,
					    (unsigned long long)gdev->kmem[i].size);
	if (!rc)
		rc = sysfs_emit(buf, "none\n");
	device_unlock(dev);
	return rc;
}
/* A physical address: root only (0400), as Linux's dax "resource". */
static DEVICE_ATTR_ADMIN_RO(kmem_range);

/* backing: "memory" (kds_kmem hot-adds the range) or "modelled". */
static ssize_t backing_show(struct device *dev, struct device_attribute *attr,
			    char *buf)
{
	return sysfs_emit(buf, "%s\n",
			  kds_dax_glue_dev(dev)->backed ? "memory" : "modelled");
}
static DEVICE_ATTR_RO(backing);

static struct attribute *kds_dax_glue_kmem_attrs[] = {
	&dev_attr_kmem_range.attr,
	&dev_attr_backing.attr,
	NULL,
};

static const struct attribute_group kds_dax_glue_kmem_group = {
	.attrs = kds_dax_glue_kmem_attrs,
};

const struct attribute_group *kds_dax_glue_dev_groups[] = {
	&kds_dax_glue_dev_group,
	&kds_dax_glue_kmem_group,
	NULL,
};

/* Turn the core's dev_dax attribute table into device_attributes. */
static int kds_dax_glue_fill_attrs(void)
{
	unsigned int i;

	if (kds_dev_dax_nr_attrs > KDS_DAX_GLUE_MAX_ATTRS)
		return -E2BIG;
	for (i = 0; i < kds_dev_dax_nr_attrs; i++) {
		struct device_attribute *da = &kds_dax_glue_dev_dattrs[i];

		sysfs_attr_init(&da->attr);
		da->attr.name = kds_dev_dax_attrs[i].name;
		da->attr.mode = kds_dev_dax_attrs[i].mode;
		da->show = kds_dev_dax_attrs[i].show ? kds_dax_glue_dev_show : NULL;
		da->store = kds_dev_dax_attrs[i].store ? kds_dax_glue_dev_store : NULL;
		kds_dax_glue_dev_attrs[i] = &da->attr;
	}
	return 0;
}

/* ----------------------------------------------------------- the bus */

/*
 * device_add() links a device into the bus's device list before the driver
 * core is ready to probe it; an attach that finds it in that window (a
 * concurrent new_id, bind or drivers_probe) would only defer. So a device
 * matches no driver until kds_dax_glue_region_create() has seen
 * device_add() return and offers it (kds_dax_glue_offer()).
 */
static int kds_dax_glue_match(struct device *dev,
			      kds_bus_match_drv_const struct device_driver *drv)
{
	struct kds_dax_glue_dev *gdev = kds_dax_glue_dev(dev);

	/* Pairs with the release in kds_dax_glue_offer(). */
	if (!smp_load_acquire(&gdev->offered))
		return 0;
	return kds_dax_driver_match(&kds_dax_glue_drv(drv)->core, &gdev->core);
}

/*
 * Make a registered device visible to the drivers and bind it, as
 * device_add() would have: the release orders everything device_add() did
 * (ready to probe included) before any match that sees @offered.
 */
void kds_dax_glue_offer(struct kds_dax_glue_dev *gdev)
{
	smp_store_release(&gdev->offered, true);
	/* Returns 1 bound, 0 no driver, < 0 gone or refused: as device_add(). */
	if (device_attach(&gdev->dev) < 0)
		dev_dbg(&gdev->dev, "no driver bound\n");
}

/*
 * The bus's probe (Linux's dax_bus_probe()): a device of size 0 or one
 * being deleted is refused (-ENXIO, which the driver core does not log),
 * and the core freezes the device's ranges until remove.
 */
static int kds_dax_glue_probe(struct device *dev)
{
	struct kds_dax_glue_dev *gdev = kds_dax_glue_dev(dev);
	int rc = kds_dev_dax_bind_start(&gdev->core);

	if (rc)
		return rc;
	rc = kds_dax_glue_drv(dev->driver)->probe(gdev);
	kds_dev_dax_bind_finish(&gdev->core, rc);
	return rc;
}

static void kds_dax_glue_remove(struct device *dev)
{
	struct kds_dax_glue_dev *gdev = kds_dax_glue_dev(dev);

	kds_dax_glue_drv(dev->driver)->remove(gdev);
	kds_dev_dax_unbind(&gdev->core);
}

static int kds_dax_glue_uevent(kds_bus_uevent_dev_const struct device *dev,
			       struct kobj_uevent_env *env)
{
	char var[KDS_DAX_NAME_LEN];
	int rc = kds_dev_dax_uevent(&kds_dax_glue_dev(dev)->core, var, sizeof(var));

	if (rc < 0)
		return rc;
	return add_uevent_var(env, "%s", var);
}

/*
 * .name and the drivers' names are set at bring-up from kds.dax_bus_name,
 * .bus_groups from the caller of kds_dax_glue_bus_up() (regions.c's
 * create_region and delete_region).
 */
struct bus_type kds_dax_glue_bus_type = {
	.name = "kds_dax",
	.drv_groups = kds_dax_glue_drv_groups,
	.match = kds_dax_glue_match,
	.probe = kds_dax_glue_probe,
	.remove = kds_dax_glue_remove,
	.uevent = kds_dax_glue_uevent,
};

/* ------------------------------------------------------------- kmem */

/*
 * device_dax: probe runs the device and pins its memory (chardev.c),
 * remove zaps its mappings, gives the memory back and kills it.
 */
int kds_dax_glue_device_dax_probe(struct kds_dax_glue_dev *gdev)
{
	int rc = kds_dax_device_dax_probe(&gdev->core);

	if (rc)
		return rc;
	rc = kds_dax_chardev_pin(gdev);
	if (rc)
		WARN_ON(kds_dax_device_dax_remove(&gdev->core));
	return rc;
}

void kds_dax_glue_device_dax_remove(struct kds_dax_glue_dev *gdev)
{
	kds_dax_chardev_unpin(gdev);
	WARN_ON(kds_dax_device_dax_remove(&gdev->core));
}

static int kds_dax_glue_kmem_probe(struct kds_dax_glue_dev *gdev)
{
	return kds_dax_memory_kmem_probe(gdev);
}

static void kds_dax_glue_kmem_remove(struct kds_dax_glue_dev *gdev)
{
	kds_dax_memory_kmem_remove(gdev);
}

/* ---------------------------------------------------------- drivers */

/* The driver core's side of a kds driver named @drv_name, on kds's bus. */
#define KDS_DAX_GLUE_DRV(drv_name) {					\
	.name = drv_name,						\
	.bus = &kds_dax_glue_bus_type,					\
	.owner = THIS_MODULE,						\
	.mod_name = KBUILD_MODNAME,					\
}

static struct kds_dax_glue_driver kds_dax_glue_device_dax = {
	.drv = KDS_DAX_GLUE_DRV("kds_device_dax"),
	.core = {
		.name = "kds_device_dax",
		.match_always = true,
	},
	.probe = kds_dax_glue_device_dax_probe,
	.remove = kds_dax_glue_device_dax_remove,
};

static struct kds_dax_glue_driver kds_dax_glue_kmem = {
	.drv = KDS_DAX_GLUE_DRV("kds_kmem"),
	.core = {
		.name = "kds_kmem",
		/* the default of kmem regions (Linux 6.3+'s kmem) */
		.kmem_default = true,
	},
	.probe = kds_dax_glue_kmem_probe,
	.remove = kds_dax_glue_kmem_remove,
};

static struct kds_dax_glue_driver *const kds_dax_glue_drivers[] = {
	&kds_dax_glue_device_dax,
	&kds_dax_glue_kmem,
};

/* ------------------------------------------------- bring-up, down */

/*
 * kds_dax_glue_bus_store() - write @buf to the bus's file @name through
 * its own store, as a writer of /sys/bus/<bus>/<name> would.
 */
static ssize_t kds_dax_glue_bus_store(const char *name, const char *buf, size_t count)
{
	const struct attribute_group **g;
	struct attribute **a;

	for (g = kds_dax_glue_bus_type.bus_groups; g && *g; g++)
		for (a = (*g)->attrs; *a; a++)
			if (!strcmp((*a)->name, name))
				return container_of(*a, struct bus_attribute, attr)->store(
					&kds_dax_glue_bus_type, buf, count);
	return -ENOENT;
}

/*
 * The injected failure of a driver registration (kds.dax_fail_driver=N).
 * Before failing, it writes a region to create_region through the bus's
 * own store, as a writer racing the load would (the file exists from
 * bus_register() on), and logs the answer: -ENODEV while the bring-up has
 * not succeeded.
 */
static int kds_dax_glue_injected_failure(unsigned int nr)
{
	static const char spec[] = "42 0x700000000 0x8000000 0x200000 0\n";
	ssize_t rc = kds_dax_glue_bus_store("create_region", spec, sizeof(spec) - 1);

	pr_info("kds dax: injected failure of driver registration %u; create_region during the load: %zd\n",
		nr, rc);
	return -ECANCELED;
}

static void kds_dax_glue_drivers_down(unsigned int nr)
{
	while (nr--) {
		/* Unbinds its devices, removes its files, then frees its ids. */
		driver_unregister(&kds_dax_glue_drivers[nr]->drv);
		kds_dax_driver_unregister(&kds_dax_glue_drivers[nr]->core);
	}
}

/**
 * kds_dax_glue_bus_up() - register the bus, with @bus_groups as its files,
 * and its drivers, under the names kds.dax_bus_name chooses.
 * @bus_groups: the bus's attribute groups (regions.c's create_region and
 *              delete_region).
 *
 * Context: module init, before any region exists.
 * Return: 0 or -errno (nothing stays registered on failure).
 */
int kds_dax_glue_bus_up(const struct attribute_group **bus_groups)
{
	unsigned int i;
	int rc;

	rc = kds_dax_glue_fill_attrs();
	if (rc)
		return rc;
	rc = kds_dax_glue_choose_names();
	if (rc)
		return rc;
	kds_dax_glue_bus_type.name = kds_dax_glue_names->bus;
	kds_dax_glue_bus_type.bus_groups = bus_groups;
	for (i = 0; i < ARRAY_SIZE(kds_dax_glue_drivers); i++) {
		struct kds_dax_glue_driver *gdrv = kds_dax_glue_drivers[i];

		gdrv->drv.name = gdrv == &kds_dax_glue_kmem ? kds_dax_glue_names->kmem :
							       kds_dax_glue_names->device_dax;
		gdrv->core.name = gdrv->drv.name;
	}
	kds_dax_bus_init(&kds_dax_glue_core_bus);
	kds_dax_memory_init(kds_dax_glue_names->kmem);
	rc = bus_register(&kds_dax_glue_bus_type);
	if (rc)
		goto err_bus;
	for (i = 0; i < ARRAY_SIZE(kds_dax_glue_drivers); i++) {
		struct kds_dax_glue_driver *gdrv = kds_dax_glue_drivers[i];

		rc = kds_dax_driver_register(&kds_dax_glue_core_bus, &gdrv->core);
		if (rc)
			goto err_drv;
		if (i + 1 == kds_dax_glue_fail_driver)
			rc = kds_dax_glue_injected_failure(i + 1);
		else
			rc = driver_register(&gdrv->drv);
		if (rc) {
			kds_dax_driver_unregister(&gdrv->core);
			goto err_drv;
		}
	}
	return 0;

err_drv:
	kds_dax_glue_drivers_down(i);
	bus_unregister(&kds_dax_glue_bus_type);
err_bus:
	kds_dax_memory_exit();
	kds_dax_bus_destroy(&kds_dax_glue_core_bus);
	kds_dax_glue_release_names();
	return rc;
}

/**
 * kds_dax_glue_bus_down() - unregister what kds_dax_glue_bus_up() did.
 *
 * Context: module exit, once every region is gone.
 */
void kds_dax_glue_bus_down(void)
{
	kds_dax_glue_drivers_down(ARRAY_SIZE(kds_dax_glue_drivers));
	bus_unregister(&kds_dax_glue_bus_type);
	kds_dax_bus_destroy(&kds_dax_glue_core_bus);
	kds_dax_memory_exit();
	kds_dax_glue_release_names();
}
