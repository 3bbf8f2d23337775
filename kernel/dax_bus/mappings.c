// SPDX-License-Identifier: GPL-2.0
/*
 * mappings.c - the mapping<N> objects of a device of a dynamic region:
 * one child device per range of the device, named mapping<N> for range N,
 * with root-only files start, end and page_offset, as Linux 6.1 shows
 * them (libdaxctl reads them for "daxctl list"'s mappings array and to
 * save a layout).
 *
 * The files read the core's range N live (kds_dev_dax_mapping_attr_show()):
 * a range that grows at its end needs no new object. The glue calls
 * kds_dax_mappings_sync() after every change of a device's ranges, under
 * its region's lock, and kds_dax_mappings_clear() before the device goes.
 */
#include <linux/device.h>
#include <linux/module.h>
#include <linux/slab.h>

#include "kds_port.h"
#include "kds_dax_dev.h"

/**
 * struct kds_dax_glue_mapping - one mapping<N> object.
 * @dev: the child device of the dev_dax.
 * @gdev: the dev_dax (its device stays while this object holds its
 *        parent reference).
 * @idx: N, the range it shows.
 */
struct kds_dax_glue_mapping {
	struct device dev;
	struct kds_dax_glue_dev *gdev;
	unsigned int idx;
};

static ssize_t kds_dax_mapping_show(struct device *dev,
				    struct device_attribute *attr, char *buf)
{
	struct kds_dax_glue_mapping *m =
		container_of(dev, struct kds_dax_glue_mapping, dev);

	return kds_dev_dax_mapping_attr_show(&m->gdev->core, m->idx,
					     attr->attr.name, buf);
}

/* Physical addresses: root only (0400), as Linux. */
static struct device_attribute kds_dax_mapping_start =
	__ATTR(start, 0400, kds_dax_mapping_show, NULL);
static struct device_attribute kds_dax_mapping_end =
	__ATTR(end, 0400, kds_dax_mapping_show, NULL);
static struct device_attribute kds_dax_mapping_page_offset =
	__ATTR(page_offset, 0400, kds_dax_mapping_show, NULL);

static struct attribute *kds_dax_mapping_attrs[] = {
	&kds_dax_mapping_start.attr,
	&kds_dax_mapping_end.attr,
	&kds_dax_mapping_page_offset.attr,
	NULL,
};

static const struct attribute_group kds_dax_mapping_group = {
	.attrs = kds_dax_mapping_attrs,
};

static const struct attribute_group *kds_dax_mapping_groups[] = {
	&kds_dax_mapping_group,
	NULL,
};

static void kds_dax_mapping_release(struct device *dev)
{
	kfree(container_of(dev, struct kds_dax_glue_mapping, dev));
}

static const struct device_type kds_dax_mapping_type = {
	.name = "kds_dax_mapping",
	.groups = kds_dax_mapping_groups,
	.release = kds_dax_mapping_release,
};

/*
 * kds.dax_fail_mapping=N (writable by root at run time): the Nth mapping<N>
 * object added from then on fails with -ENOMEM, once (tests: the stores'
 * rollback and a region whose first device cannot get its object).
 */
KDS_DAX_FAULT_SWITCH(dax_fail_mapping, kds_dax_fail_mapping, 0600,
		     "make the Nth mapping<N> object added from now fail with -ENOMEM (0: never)");

/* Add mapping<idx> under @gdev. */
static int kds_dax_mapping_add(struct kds_dax_glue_dev *gdev, unsigned int idx,
			       struct kds_dax_glue_mapping **out)
{
	struct kds_dax_glue_mapping *m;
	int rc;

	if (kds_dax_fail_nth(&kds_dax_fail_mapping))
		return -ENOMEM;
	m = kzalloc(sizeof(*m), GFP_KERNEL);
	if (!m)
		return -ENOMEM;
	m->gdev = gdev;
	m->idx = idx;
	device_initialize(&m->dev);
	m->dev.parent = &gdev->dev;
	m->dev.type = &kds_dax_mapping_type;
	rc = dev_set_name(&m->dev, "mapping%u", idx);
	if (!rc)
		rc = device_add(&m->dev);
	if (rc) {
		put_device(&m->dev);
		return rc;
	}
	*out = m;
	return 0;
}

/**
 * kds_dax_mappings_sync() - one mapping<N> object per range of a device.
 * @gdev: a registered device.
 *
 * Removes the objects of ranges the device no longer has and adds those
 * of new ones. A device of a static region has none.
 *
 * Context: process context; the caller serialises calls for one device
 * (its region's lock).
 * Return: 0, or -errno when an object could not be added (the objects of
 * the ranges before it stay).
 */
int kds_dax_mappings_sync(struct kds_dax_glue_dev *gdev)
{
	unsigned int nr = 0;
	int rc;

	if (kds_dax_region_is_dynamic(gdev->core.region))
		nr = kds_dev_dax_nr_ranges(&gdev->core);
	while (gdev->nr_maps > nr)
		device_unregister(&gdev->maps[--gdev->nr_maps]->dev);
	if (nr > gdev->nr_maps) {
		struct kds_dax_glue_mapping **maps;

		maps = krealloc(gdev->maps, nr * sizeof(*maps), GFP_KERNEL);
		if (!maps)
			return -ENOMEM;
		gdev->maps = maps;
	}
	while (gdev->nr_maps < nr) {
		rc = kds_dax_mapping_add(gdev, gdev->nr_maps,
					 &gdev->maps[gdev->nr_maps]);
		if (rc)
			return rc;
		gdev->nr_maps++;
	}
	return 0;
}

/**
 * kds_dax_mappings_clear() - remove every mapping<N> object of a device.
 * @gdev: the device, before it is unregistered.
 *
 * Context: process context; as kds_dax_mappings_sync().
 */
void kds_dax_mappings_clear(struct kds_dax_glue_dev *gdev)
{
	while (gdev->nr_maps)
		device_unregister(&gdev->maps[--gdev->nr_maps]->dev);
	kfree(gdev->maps);
	gdev->maps = NULL;
}
