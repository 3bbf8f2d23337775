/* SPDX-License-Identifier: GPL-2.0 */
/*
 * dax_model.h - a userspace model of the driver core around the kds dax
 * bus: devices, drivers, probe/remove, bind/unbind, and sysfs attribute
 * files that take and return exactly what sysfs would.
 *
 * The model is glue: every rule (matching, id lists, name parsing,
 * attribute formatting and visibility, region lifetime, the kmem range)
 * comes from the shared core in dax_bus/. What the model adds is what the
 * kernel's driver core does: lists of devices and drivers, which driver a
 * device is bound to, attaching on device add / driver register / new_id,
 * unbinding on driver unregister, and device reference counting. A kernel
 * glue maps each entry point here 1:1 onto a real sysfs attribute.
 *
 * Sources, one concern each:
 *   driver_core.c - devices, drivers, probe/remove, attach, references
 *                   (what drivers/base does);
 *   sysfs_attrs.c - the attribute files: driver stores (new_id,
 *                   remove_id, bind, unbind) and device/region shows;
 *   drivers.c     - the device_dax and kmem drivers over the core;
 *   platform.c    - the memory platform kmem hot-plugs into (simulated).
 *
 * Locking: one model mutex serialises every operation that changes
 * bindings or lists and every driver store (the kernel's device lock and
 * kernfs active references do this job); the core's bus lock nests inside.
 * Probe and remove run with the model mutex held and must not call back
 * into the model.
 */
#ifndef KDS_USER_DAX_MODEL_H
#define KDS_USER_DAX_MODEL_H

#include "kds_port.h"
#include "kds/dax_bus.h"

struct kds_dax_model_dev;

/**
 * struct kds_dax_model - one dax bus with its devices and drivers.
 * @bus: the core bus (id lists, default driver).
 * @lock: the model mutex (see the file comment).
 * @drivers: registered drivers in registration order.
 * @devices: bus devices in creation order.
 * @class_devices: legacy class devices (never offered to bus drivers).
 */
struct kds_dax_model {
	struct kds_dax_bus bus;
	struct mutex lock;
	struct list_head drivers;
	struct list_head devices;
	struct list_head class_devices;
};

/**
 * struct kds_dax_model_driver - a driver of the model.
 * @core: the core driver: set @core.name and @core.match_always.
 * @probe: bind to a device; 0 or -errno. NULL binds unconditionally.
 * @remove: unbind from a device. May be NULL.
 * @ctx: owner data for @probe and @remove.
 * @model: the model it was first registered with (model private; set once).
 * @node: link in &kds_dax_model.drivers (model private).
 * @nr_bound: devices currently bound (model private).
 *
 * Whether it is registered is the core's state:
 * kds_dax_driver_is_registered(&drv->core).
 */
struct kds_dax_model_driver {
	struct kds_dax_driver core;
	int (*probe)(struct kds_dax_model_dev *dev);
	void (*remove)(struct kds_dax_model_dev *dev);
	void *ctx;
	struct kds_dax_model *model;
	struct list_head node;
	unsigned int nr_bound;
};

/**
 * struct kds_dax_model_dev - a device of the model.
 * @dax: the core dev_dax.
 * @ref: the device reference count; the last put releases the core
 *       device (dropping its region reference) and frees this.
 * @model: the model it was added to.
 * @driver: the bound driver or NULL (under the model mutex).
 * @node: link in the model's device or class list.
 * @added: between add and unregister.
 */
struct kds_dax_model_dev {
	struct kds_dev_dax dax;
	struct kref ref;
	struct kds_dax_model *model;
	struct kds_dax_model_driver *driver;
	struct list_head node;
	bool added;
};

/**
 * struct kds_dax_model_platform - the memory the kmem driver hot-plugs
 * into: reservations and the amount of memory added.
 * @lock: guards @added_bytes, @memmap_bytes, @fail_add, @fail_add_after
 *        and @fail_remove.
 * @block_size: memory block size (a power of two).
 * @claims: reserved ranges, with the core's overlap rule (given back by
 *          kmem remove once the memory is taken back).
 * @added: the ranges added and not taken back, each as added (remove of
 *         any other range is -ENOENT: never added).
 * @added_bytes: memory handed to the page allocator and not taken back.
 * @memmapped: the ranges of @added added with their memmap on them
 *             (a device's memmap_on_memory).
 * @memmap_bytes: the part of @added_bytes their memmaps take (64 bytes
 *                of struct page per 4 KiB page): not usable memory.
 * @fail_add: when non-zero, an add_memory fails with this error: the next
 *            one, or the one after @fail_add_after more have succeeded.
 * @fail_add_after: add_memory calls that still succeed before @fail_add
 *                  strikes (1: a device's second range fails).
 * @fail_remove: when non-zero, the next remove_memory fails with this
 *               error (memory in use: it stays added and reserved).
 */
struct kds_dax_model_platform {
	struct mutex lock;
	u64 block_size;
	struct kds_dax_claims claims;
	struct kds_dax_claims added;
	u64 added_bytes;
	struct kds_dax_claims memmapped;
	u64 memmap_bytes;
	int fail_add;
	int fail_add_after;
	int fail_remove;
};

void kds_dax_model_init(struct kds_dax_model *m);
void kds_dax_model_destroy(struct kds_dax_model *m);

int kds_dax_model_driver_register(struct kds_dax_model *m,
				  struct kds_dax_model_driver *drv);
void kds_dax_model_driver_unregister(struct kds_dax_model_driver *drv);
void kds_dax_model_device_dax_driver_init(struct kds_dax_model_driver *drv);
void kds_dax_model_kmem_driver_init(struct kds_dax_model_driver *drv,
				    struct kds_dax_model_platform *platform);

struct kds_dax_model_dev *kds_dax_model_device_add(struct kds_dax_model *m,
						   struct kds_dax_region *region,
						   int id,
						   enum kds_dev_dax_subsys subsys);
void kds_dax_model_device_unregister(struct kds_dax_model_dev *dev);
void kds_dax_model_device_get(struct kds_dax_model_dev *dev);
void kds_dax_model_device_put(struct kds_dax_model_dev *dev);
struct kds_dax_model_dev *kds_dax_model_find_device(struct kds_dax_model *m,
						    const char *name);
struct kds_dax_model_driver *kds_dax_model_dev_driver(struct kds_dax_model_dev *dev);
int kds_dax_model_class_probe(struct kds_dax_model_dev *dev);

ssize_t kds_dax_model_new_id_store(struct kds_dax_model_driver *drv,
				   const char *buf, size_t count);
ssize_t kds_dax_model_remove_id_store(struct kds_dax_model_driver *drv,
				      const char *buf, size_t count);
ssize_t kds_dax_model_bind_store(struct kds_dax_model_driver *drv,
				 const char *buf, size_t count);
ssize_t kds_dax_model_unbind_store(struct kds_dax_model_driver *drv,
				   const char *buf, size_t count);
ssize_t kds_dax_model_driver_store(struct kds_dax_model_driver *drv,
				   const char *attr, const char *buf,
				   size_t count);
ssize_t kds_dax_model_device_show(struct kds_dax_model_dev *dev,
				  const char *attr, char *buf);
ssize_t kds_dax_model_region_show(struct kds_dax_region *region,
				  const char *attr, char *buf);
int kds_dax_model_device_uevent(struct kds_dax_model_dev *dev, char *buf,
				size_t size);

void kds_dax_model_platform_init(struct kds_dax_model_platform *p,
				 u64 block_size);
void kds_dax_model_platform_destroy(struct kds_dax_model_platform *p);
bool kds_dax_model_platform_is_reserved(struct kds_dax_model_platform *p,
					u64 start, u64 size);
u64 kds_dax_model_platform_added(struct kds_dax_model_platform *p);
u64 kds_dax_model_platform_memmap(struct kds_dax_model_platform *p);

#endif /* KDS_USER_DAX_MODEL_H */
