/* SPDX-License-Identifier: GPL-2.0 */
/*
 * kds_dax_bus_glue.h - what the files of kds.ko's dax bus share: the bus
 * and its drivers (glue.c), its regions and their create/delete files
 * (regions.c, which uses glue.c and brings the whole up and down) and the
 * choice of its names (names.c).
 */
#ifndef KDS_DAX_BUS_GLUE_H
#define KDS_DAX_BUS_GLUE_H

#include <linux/device.h>
#include <linux/list.h>
#include <linux/mutex.h>

#include "kds/dax_bus.h"
#include "kds_dax_dev.h"

struct kds_dax_glue_dev;

/* The most attributes a core table (dev_dax's, a region's) may have. */
#define KDS_DAX_GLUE_MAX_ATTRS	8

/**
 * struct kds_dax_glue_driver - a driver-model driver around a core driver.
 * @drv: the driver-model side (name, bus, sysfs directory).
 * @core: the kds core side (match_always flag, id list).
 * @probe: bind a device: a call into the core's probe for this driver.
 * @remove: unbind it: a call into the core's remove.
 */
struct kds_dax_glue_driver {
	struct device_driver drv;
	struct kds_dax_driver core;
	int (*probe)(struct kds_dax_glue_dev *gdev);
	void (*remove)(struct kds_dax_glue_dev *gdev);
};


/**
 * struct kds_dax_glue_region - a region and its parent device.
 * @dev: the parent device kds_dax_region<id>.
 * @id: the region's id, as created: it names the region on
 *      kds_dax_glue_regions from creation to the end of its deletion
 *      (@core is gone before that end).
 * @core: the core region this parent carries (NULL before it is allocated
 *        and once unregistered): the glue's own slot, as the parent's
 *        drvdata is in Linux.
 * @lock: serialises the region's create and delete files, the size,
 *        align and mapping stores of its devices and their mapping<N>
 *        objects, and guards @devs and @dying. Never held across the
 *        removal of a device or of this parent (their files' stores take
 *        it).
 * @devs: its dev_dax devices (&kds_dax_glue_dev.node): one on a static
 *        region, any number on a dynamic one.
 * @dying: set when deletion of the region starts: no store changes it any
 *         more.
 * @backed: the range is reserved memory (memory.c), for every device.
 * @hold: the region's hold on its range (memory.c), from creation to
 *        deletion.
 * @deleting: set (under kds_dax_glue_lock) when a delete_region write
 *            takes the region: it stays on kds_dax_glue_regions, its id
 *            taken, while that write takes it down outside the lock.
 * @node: link on kds_dax_glue_regions.
 */
struct kds_dax_glue_region {
	struct device dev;
	int id;
	struct kds_dax_region *core;
	struct mutex lock;
	struct list_head devs;
	bool dying;
	bool backed;
	struct kds_dax_memory_hold *hold;
	bool deleting;
	struct list_head node;
};

/* glue.c: the bus, its drivers and the files of devices. */
extern struct bus_type kds_dax_glue_bus_type;
extern const struct attribute_group *kds_dax_glue_dev_groups[];
int kds_dax_glue_bus_up(const struct attribute_group **bus_groups);
void kds_dax_glue_bus_down(void);
void kds_dax_glue_offer(struct kds_dax_glue_dev *gdev);
int kds_dax_glue_device_dax_probe(struct kds_dax_glue_dev *gdev);
void kds_dax_glue_device_dax_remove(struct kds_dax_glue_dev *gdev);

static inline struct kds_dax_glue_dev *kds_dax_glue_dev(const struct device *dev)
{
	return container_of(dev, struct kds_dax_glue_dev, dev);
}

/* regions.c: kds_dax_glue_init() and kds_dax_glue_exit() (kds_dax_glue.h). */

/* names.c: the bus's names and the compatibility class. */
extern const struct kds_dax_bus_names *kds_dax_glue_names;
extern struct class *kds_dax_glue_class;
int kds_dax_glue_choose_names(void);
void kds_dax_glue_release_names(void);

#endif /* KDS_DAX_BUS_GLUE_H */
