// SPDX-License-Identifier: GPL-2.0
/*
 * sysfs_attrs.c - the model's attribute files, taking and returning what
 * sysfs would: a driver's new_id, remove_id, bind and unbind stores, and
 * device and region shows by file name (looked up by the core).
 */
#include "user/dax_bus/model_internal.h"

/*
 * A core driver store (new_id or remove_id) under the model mutex. An
 * unregistered driver has no files: -ENODEV before the name is even read.
 * After a successful new_id the driver is offered every unbound device it
 * now matches (as driver_attach()); remove_id attaches nothing.
 */
static ssize_t model_core_store(struct kds_dax_model_driver *drv,
				ssize_t (*store)(struct kds_dax_driver *drv,
						 const char *buf, size_t count),
				const char *buf, size_t count)
{
	struct kds_dax_model *m = kds_dax_model_of(drv);
	ssize_t rc = -ENODEV;

	if (!m)
		return -ENODEV;
	mutex_lock(&m->lock);
	if (kds_dax_driver_is_registered(&drv->core)) {
		rc = store(&drv->core, buf, count);
		if (rc >= 0 && store == kds_dax_new_id_store)
			kds_dax_model_driver_attach(drv);
	}
	mutex_unlock(&m->lock);
	return rc;
}

/**
 * kds_dax_model_new_id_store() - write to a driver's new_id.
 * @drv: the driver.
 * @buf: bytes written.
 * @count: byte count.
 *
 * On success the driver is offered every unbound device it now matches;
 * a probe failure there does not fail the write (as driver_attach()).
 *
 * Context: process context; takes the model mutex.
 * Return: @count, or -errno from kds_dax_new_id_store() (-ENODEV when
 * the driver is not registered).
 */
ssize_t kds_dax_model_new_id_store(struct kds_dax_model_driver *drv,
				   const char *buf, size_t count)
{
	return model_core_store(drv, kds_dax_new_id_store, buf, count);
}

/**
 * kds_dax_model_remove_id_store() - write to a driver's remove_id.
 * @drv: the driver.
 * @buf: bytes written.
 * @count: byte count.
 *
 * Never unbinds a device.
 *
 * Context: process context; takes the model mutex.
 * Return: @count, or -errno from kds_dax_remove_id_store() (-ENODEV when
 * the driver is not registered).
 */
ssize_t kds_dax_model_remove_id_store(struct kds_dax_model_driver *drv,
				      const char *buf, size_t count)
{
	return model_core_store(drv, kds_dax_remove_id_store, buf, count);
}

/*
 * The device name a bind / unbind write names, as the 6.1 driver core
 * reads it: sysfs hands the store a C string (a NUL after the count), so
 * the name ends at the first NUL, and bus_find_device_by_name() compares
 * it with sysfs_streq() (one trailing newline ignored). False when no
 * device name can be that long; @name then holds nothing.
 */
static bool model_copy_name(char *name, size_t size, const char *buf, size_t count)
{
	size_t len = strnlen(buf, count);

	if (len >= size)
		return false;
	memcpy(name, buf, len);
	name[len] = '\0';
	return true;
}

/**
 * kds_dax_model_bind_store() - write to a driver's bind: bind the named
 * device (the driver core's bind_store()).
 * @drv: the driver.
 * @buf: a device name, optionally newline-terminated; the name ends at the
 *       first NUL byte (libdaxctl writes strlen(name) + 1 bytes).
 * @count: byte count.
 *
 * The device must match the driver (an id driver needs new_id first). The
 * name is compared as the 6.1 driver core compares it (sysfs_streq()).
 *
 * Context: process context; takes the model mutex.
 * Return: @count; -ENODEV when the driver is not registered, no bus
 * device has the name, or the device does not match; -EBUSY when the
 * device is bound already; the probe's error when it fails.
 */
ssize_t kds_dax_model_bind_store(struct kds_dax_model_driver *drv,
				 const char *buf, size_t count)
{
	struct kds_dax_model *m = kds_dax_model_of(drv);
	char name[KDS_DAX_NAME_LEN + 2];
	struct kds_dax_model_dev *dev;
	ssize_t rc;

	if (!m || !model_copy_name(name, sizeof(name), buf, count))
		return -ENODEV;
	mutex_lock(&m->lock);
	dev = kds_dax_driver_is_registered(&drv->core) ?
	      kds_dax_model_lookup(&m->devices, name) : NULL;
	if (!dev || !kds_dax_driver_match(&drv->core, &dev->dax))
		rc = -ENODEV;
	else if (dev->driver)
		rc = -EBUSY;
	else
		rc = kds_dax_model_probe(dev, drv);
	mutex_unlock(&m->lock);
	return rc ? rc : (ssize_t)count;
}

/**
 * kds_dax_model_unbind_store() - write to a driver's unbind.
 * @drv: the driver.
 * @buf: a device name, optionally newline-terminated; the name ends at the
 *       first NUL byte, as for kds_dax_model_bind_store().
 * @count: byte count.
 *
 * Context: process context; takes the model mutex.
 * Return: @count, or -ENODEV when the named device is not bound to @drv.
 */
ssize_t kds_dax_model_unbind_store(struct kds_dax_model_driver *drv,
				   const char *buf, size_t count)
{
	struct kds_dax_model *m = kds_dax_model_of(drv);
	char name[KDS_DAX_NAME_LEN + 2];
	struct kds_dax_model_dev *dev;
	ssize_t rc = -ENODEV;

	if (!m || !model_copy_name(name, sizeof(name), buf, count))
		return -ENODEV;
	mutex_lock(&m->lock);
	dev = kds_dax_model_lookup(&m->devices, name);
	if (dev && dev->driver == drv) {
		kds_dax_model_release_driver(dev);
		rc = (ssize_t)count;
	}
	mutex_unlock(&m->lock);
	return rc;
}

/**
 * kds_dax_model_driver_store() - write to a driver attribute by name.
 * @drv: the driver.
 * @attr: "new_id", "remove_id", "bind" or "unbind".
 * @buf: bytes written.
 * @count: byte count.
 *
 * Context: process context.
 * Return: what the attribute's store returns; -ENOENT for any other name
 * (no such file).
 */
ssize_t kds_dax_model_driver_store(struct kds_dax_model_driver *drv,
				   const char *attr, const char *buf,
				   size_t count)
{
	if (strcmp(attr, "new_id") == 0)
		return kds_dax_model_new_id_store(drv, buf, count);
	if (strcmp(attr, "remove_id") == 0)
		return kds_dax_model_remove_id_store(drv, buf, count);
	if (strcmp(attr, "bind") == 0)
		return kds_dax_model_bind_store(drv, buf, count);
	if (strcmp(attr, "unbind") == 0)
		return kds_dax_model_unbind_store(drv, buf, count);
	return -ENOENT;
}

/* ------------------------------------------------- device and region shows */

/**
 * kds_dax_model_device_show() - read a device attribute by name.
 * @dev: the device (the caller holds a reference).
 * @attr: "modalias", "size" or "target_node".
 * @buf: a %KDS_DAX_ATTR_BUF_SIZE buffer.
 *
 * Context: process context.
 * Return: the byte count sysfs would return; -ENOENT when the file does
 * not exist (unknown or hidden attribute).
 */
ssize_t kds_dax_model_device_show(struct kds_dax_model_dev *dev,
				  const char *attr, char *buf)
{
	return kds_dev_dax_attr_show(&dev->dax, attr, buf);
}

/**
 * kds_dax_model_region_show() - read a region attribute by name.
 * @region: the region (the caller holds a reference).
 * @attr: "id", "size", "align" or "target_node".
 * @buf: a %KDS_DAX_ATTR_BUF_SIZE buffer.
 *
 * Context: process context.
 * Return: the byte count sysfs would return; -ENOENT when the file does
 * not exist (unknown or hidden attribute, or the region is unregistered).
 */
ssize_t kds_dax_model_region_show(struct kds_dax_region *region,
				  const char *attr, char *buf)
{
	return kds_dax_region_attr_show(region, attr, buf);
}

/**
 * kds_dax_model_device_uevent() - the uevent environment of a device.
 * @dev: the device.
 * @buf: destination.
 * @size: size of @buf.
 *
 * Context: process context.
 * Return: see kds_dev_dax_uevent().
 */
int kds_dax_model_device_uevent(struct kds_dax_model_dev *dev, char *buf,
				size_t size)
{
	return kds_dev_dax_uevent(&dev->dax, buf, size);
}
