/* SPDX-License-Identifier: GPL-2.0 */
/*
 * kds_dax_dev.h - a dev_dax of kds.ko's dax bus, as the bus (glue.c), its
 * character device and mapping (chardev.c) and its memory side (memory.c)
 * share it.
 */
#ifndef KDS_DAX_DEV_H
#define KDS_DAX_DEV_H

#include <linux/atomic.h>
#include <linux/cdev.h>
#include <linux/device.h>

#include "kds/dax_bus.h"

struct dev_pagemap;
struct inode;
struct resource;

/**
 * struct kds_dax_glue_kmem - what kds_kmem holds of one range of a device.
 * @start: start of the hot-plug range (whole memory blocks).
 * @size: its size.
 * @res: kds_kmem's claim on it in the iomem tree (backed devices).
 * @res_name: its name, the device's name.
 * @ram_name: the name of the System RAM added under it.
 * @bound: set while kds_kmem holds the range (added as memory when the
 *         device is backed, only recorded otherwise).
 *
 * When the memory cannot be taken back on unbind, @res and both names
 * stay in the iomem tree until reboot and are deliberately not freed.
 */
struct kds_dax_glue_kmem {
	u64 start;
	u64 size;
	struct resource *res;
	char *res_name;
	char *ram_name;
	bool bound;
};

struct kds_dax_glue_mapping;
struct kds_dax_hold;

/**
 * struct kds_dax_glue_dev - a dev_dax on the kds_dax bus.
 * @dev: the driver-model device (bus kds_dax, parent the region device).
 * @core: the core dev_dax (name, region reference, ranges, alive state;
 *        its private data is this object, set at creation).
 * @cdev: the character device /dev/<name> (@dev.devt).
 * @offered: set once device_add() has returned: until then the bus match
 *           refuses every driver (glue.c).
 * @backed: the region's range is reserved memory (set at creation,
 *          kds_dax_memory_classify()): device_dax maps it, kds_kmem
 *          hot-adds it; otherwise it is modelled and neither does.
 * @inode: the inode whose address space every open file of @cdev maps
 *         through, so that one unmap reaches every mapping (chardev.c).
 * @hold: device_dax's hold on the device's memory, from probe to remove
 *        (backed): its ranges in the iomem tree, named after the device,
 *        and their struct pages (chardev.c); the ranges themselves are
 *        the core's, frozen while bound.
 * @mappable: set while @hold holds: opens, mmaps and faults read it under
 *            the chardev's SRCU, remove clears it and waits them out.
 * @kmem: kds_kmem's state per range of the device, while bound.
 * @nr_kmem: entries in @kmem.
 * @kmem_mgid: the static memory group kds_kmem adds the device's memory
 *             to (backed devices, while bound), or -1.
 * @maps: the mapping<N> objects, one per range (dynamic regions).
 * @nr_maps: entries in @maps.
 * @node: link on the region's device list (glue.c).
 */
struct kds_dax_glue_dev {
	struct device dev;
	struct kds_dev_dax core;
	struct cdev cdev;
	bool offered;
	bool backed;
	struct inode *inode;
	struct kds_dax_hold *hold;
	bool mappable;
	struct kds_dax_glue_kmem *kmem;
	unsigned int nr_kmem;
	int kmem_mgid;
	struct kds_dax_glue_mapping **maps;
	unsigned int nr_maps;
	struct list_head node;
};

/* chardev.c: /dev/<name>, its mapping, device_dax's pin. */
int kds_dax_chardev_init(const char *name);
void kds_dax_chardev_exit(void);
int kds_dax_chardev_add(struct kds_dax_glue_dev *gdev);
void kds_dax_chardev_del(struct kds_dax_glue_dev *gdev);
void kds_dax_chardev_release(struct kds_dax_glue_dev *gdev);
int kds_dax_chardev_pin(struct kds_dax_glue_dev *gdev);
void kds_dax_chardev_unpin(struct kds_dax_glue_dev *gdev);

/*
 * KDS_DAX_FAULT_SWITCH(name, var, perm, desc): a test-only fault switch
 * @var, the module parameter kds.<name>, read by kds_dax_fail_nth(). Only
 * the test build has the parameter (Kbuild's KDS_FAULT_SWITCHES=y, which
 * kernel/build.sh --tests sets); in the module DKMS, the packages and a
 * vendored tree build, @var stays 0 and no call fails.
 */
#ifdef KDS_FAULT_SWITCHES
#define KDS_DAX_FAULT_SWITCH(name, var, perm, desc)		\
	static unsigned int var;				\
	module_param_named(name, var, uint, perm);		\
	MODULE_PARM_DESC(name, "test only: " desc)
#else
#define KDS_DAX_FAULT_SWITCH(name, var, perm, desc)		\
	static unsigned int var
#endif

/* mappings.c: the mapping<N> objects of a dynamic region's device. */
/**
 * kds_dax_fail_nth() - whether this call is an injected failure.
 * @n: a test-only module parameter: the Nth call from when it was set
 *     fails, once (0: none). Counted down by every call that reads it.
 *
 * Context: any; lock-free (cmpxchg), so writes to the parameter and
 * concurrent callers each see one count.
 * Return: true for the one call that is to fail.
 */
static inline bool kds_dax_fail_nth(unsigned int *n)
{
	unsigned int cur = READ_ONCE(*n), old;

	while (cur) {
		old = cmpxchg(n, cur, cur - 1);
		if (old == cur)
			return cur == 1;
		cur = old;
	}
	return false;
}

int kds_dax_mappings_sync(struct kds_dax_glue_dev *gdev);
void kds_dax_mappings_clear(struct kds_dax_glue_dev *gdev);

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
