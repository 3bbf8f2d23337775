/* SPDX-License-Identifier: GPL-2.0 */
/*
 * kds_dax_dev.h - a dev_dax of kds.ko's dax bus, as the bus (glue.c), its
 * character device and mapping (chardev.c) and its memory side (memory.c)
 * share it.
 */
#ifndef KDS_DAX_DEV_H
#define KDS_DAX_DEV_H

#include <linux/cdev.h>
#include <linux/device.h>

#include "kds/dax_bus.h"

struct dev_pagemap;
struct inode;
struct resource;

/**
 * struct kds_dax_glue_dev - a dev_dax on the kds_dax bus.
 * @dev: the driver-model device (bus kds_dax, parent the region device).
 * @core: the core dev_dax (name, region reference, alive state; its
 *        private data is this object, set at creation).
 * @cdev: the character device /dev/<name> (@dev.devt).
 * @offered: set once device_add() has returned: until then the bus match
 *           refuses every driver (glue.c).
 * @backed: the region's range is reserved memory (set at creation,
 *          kds_dax_memory_classify()): device_dax maps it, kds_kmem
 *          hot-adds it; otherwise it is modelled and neither does.
 * @inode: the inode whose address space every open file of @cdev maps
 *         through, so that one unmap reaches every mapping (chardev.c).
 * @range: the device's physical range and its page offset (backed).
 * @pin: device_dax's hold on @range in the iomem tree, named after the
 *       device, from probe to remove (backed).
 * @pgmap: the struct pages of @range while pinned (CONFIG_ZONE_DEVICE).
 * @mappable: set while @pin holds: opens, mmaps and faults read it under
 *            the chardev's SRCU, remove clears it and waits them out.
 * @kmem_bound: set while kds_kmem holds a range for it (added as memory
 *              when @backed, only recorded otherwise).
 * @kmem_start: start of that range.
 * @kmem_size: size of that range.
 * @kmem_res: kds_kmem's claim on the range in the iomem tree (@backed).
 * @kmem_res_name: its name, the device's name.
 * @kmem_ram_name: the name of the System RAM added under it.
 *
 * When the memory cannot be taken back on unbind, @kmem_res and both
 * names stay in the iomem tree until reboot and are deliberately not
 * freed with the device.
 */
struct kds_dax_glue_dev {
	struct device dev;
	struct kds_dev_dax core;
	struct cdev cdev;
	bool offered;
	bool backed;
	struct inode *inode;
	struct kds_dax_range range;
	struct resource *pin;
	struct dev_pagemap *pgmap;
	bool mappable;
	bool kmem_bound;
	u64 kmem_start;
	u64 kmem_size;
	struct resource *kmem_res;
	char *kmem_res_name;
	char *kmem_ram_name;
};

/* chardev.c: /dev/<name>, its mapping, device_dax's pin. */
int kds_dax_chardev_init(const char *name);
void kds_dax_chardev_exit(void);
int kds_dax_chardev_add(struct kds_dax_glue_dev *gdev);
void kds_dax_chardev_del(struct kds_dax_glue_dev *gdev);
void kds_dax_chardev_release(struct kds_dax_glue_dev *gdev);
int kds_dax_chardev_pin(struct kds_dax_glue_dev *gdev);
void kds_dax_chardev_unpin(struct kds_dax_glue_dev *gdev);

/* memory.c: what lies under a region, the region's hold, kds_kmem. */
struct kds_dax_memory_hold;
void kds_dax_memory_init(const char *kmem_name);
void kds_dax_memory_exit(void);
int kds_dax_memory_hold(int id, u64 start, u64 size, bool *backed,
			struct kds_dax_memory_hold **hold);
void kds_dax_memory_release(struct kds_dax_memory_hold *hold);
int kds_dax_memory_kmem_probe(struct kds_dax_glue_dev *gdev);
void kds_dax_memory_kmem_remove(struct kds_dax_glue_dev *gdev);

#endif /* KDS_DAX_DEV_H */
