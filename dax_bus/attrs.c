// SPDX-License-Identifier: GPL-2.0
/*
 * attrs.c - the sysfs files of regions, dev_dax devices and drivers: the
 * attribute tables, their lookup by name and visibility, every show
 * formatted exactly as sysfs prints it, and the stores parsed as the
 * kernel parses sysfs input (size, align, mapping, memmap_on_memory). The
 * rules behind them are region.c's and space.c's.
 */
#include "kds_port.h"
#include "kds/dax_bus.h"
#include "dax_bus/dax_internal.h"

/* The longest text a number store parses without an allocation. */
#define KDS_DAX_STORE_MAX	64

/*
 * A show of one value: @val formatted with @fmt into @buf, or -EINVAL
 * for a NULL @obj or @buf (@val, which reads @obj, is not evaluated then).
 */
#define KDS_DAX_SHOW(obj, buf, fmt, val)				\
	((obj) && (buf) ? scnprintf(buf, KDS_DAX_ATTR_BUF_SIZE, fmt, val) : -EINVAL)

/* ------------------------------------------------------------ attributes */

/**
 * kds_dax_region_id_show() - the region "id" attribute.
 * @region: the region.
 * @buf: a %KDS_DAX_ATTR_BUF_SIZE buffer.
 *
 * Context: process context.
 * Return: bytes written ("<id>\n").
 */
ssize_t kds_dax_region_id_show(struct kds_dax_region *region, char *buf)
{
	return KDS_DAX_SHOW(region, buf, "%d\n", region->id);
}

/**
 * kds_dax_region_size_show() - the region "size" attribute.
 * @region: the region.
 * @buf: a %KDS_DAX_ATTR_BUF_SIZE buffer.
 *
 * Context: process context.
 * Return: bytes written ("<bytes>\n").
 */
ssize_t kds_dax_region_size_show(struct kds_dax_region *region, char *buf)
{
	return KDS_DAX_SHOW(region, buf, "%llu\n",
			    (unsigned long long)region->size);
}

/**
 * kds_dax_region_align_show() - the region "align" attribute.
 * @region: the region.
 * @buf: a %KDS_DAX_ATTR_BUF_SIZE buffer.
 *
 * Context: process context.
 * Return: bytes written ("<align>\n").
 */
ssize_t kds_dax_region_align_show(struct kds_dax_region *region, char *buf)
{
	return KDS_DAX_SHOW(region, buf, "%u\n", region->align);
}

/**
 * kds_dax_region_target_node_show() - the region "target_node" attribute.
 * @region: the region.
 * @buf: a %KDS_DAX_ATTR_BUF_SIZE buffer.
 *
 * Only visible when the node is known (see kds_dax_region_attr_visible()).
 *
 * Context: process context.
 * Return: bytes written ("<node>\n").
 */
ssize_t kds_dax_region_target_node_show(struct kds_dax_region *region,
					char *buf)
{
	return KDS_DAX_SHOW(region, buf, "%d\n", region->target_node);
}

/**
 * kds_dev_dax_modalias_show() - the device "modalias" attribute.
 * @dev_dax: the device.
 * @buf: a %KDS_DAX_ATTR_BUF_SIZE buffer.
 *
 * Context: process context.
 * Return: bytes written ("dax:t0\n").
 */
ssize_t kds_dev_dax_modalias_show(struct kds_dev_dax *dev_dax, char *buf)
{
	return KDS_DAX_SHOW(dev_dax, buf, "%s\n", KDS_DAX_MODALIAS);
}

/**
 * kds_dev_dax_size_show() - the device "size" attribute.
 * @dev_dax: the device.
 * @buf: a %KDS_DAX_ATTR_BUF_SIZE buffer.
 *
 * Context: process context.
 * Return: bytes written ("<bytes>\n").
 */
ssize_t kds_dev_dax_size_show(struct kds_dev_dax *dev_dax, char *buf)
{
	return KDS_DAX_SHOW(dev_dax, buf, "%llu\n",
			    (unsigned long long)kds_dev_dax_size(dev_dax));
}

/**
 * kds_dev_dax_target_node_show() - the device "target_node" attribute.
 * @dev_dax: the device.
 * @buf: a %KDS_DAX_ATTR_BUF_SIZE buffer.
 *
 * Only visible when the node is known (see kds_dev_dax_attr_visible()).
 *
 * Context: process context.
 * Return: bytes written ("<node>\n").
 */
ssize_t kds_dev_dax_target_node_show(struct kds_dev_dax *dev_dax, char *buf)
{
	return KDS_DAX_SHOW(dev_dax, buf, "%d\n", dev_dax->target_node);
}

/**
 * kds_dax_region_available_size_show() - the region "available_size"
 * attribute: bytes of the region no device holds yet.
 * @region: the region.
 * @buf: a %KDS_DAX_ATTR_BUF_SIZE buffer.
 *
 * A static region's devices span all of it, so it shows 0 there (which
 * tells libdaxctl's create-device that there is no room); a dynamic
 * region shows its free bytes (kds_dax_region_available()).
 *
 * Context: process context.
 * Return: bytes written ("<bytes>\n").
 */
ssize_t kds_dax_region_available_size_show(struct kds_dax_region *region,
					   char *buf)
{
	return KDS_DAX_SHOW(region, buf, "%llu\n",
			    (unsigned long long)kds_dax_region_available(region));
}

/**
 * kds_dev_dax_align_show() - the device "align" attribute.
 * @dev_dax: the device.
 * @buf: a %KDS_DAX_ATTR_BUF_SIZE buffer.
 *
 * A device maps with its own align: its region's at creation, writable
 * on a dynamic region (kds_dev_dax_align_store()), read-only on a static
 * one, as in 6.1.
 *
 * Context: process context.
 * Return: bytes written ("<align>\n"); -EINVAL for a NULL argument or a
 * device without a region.
 */
ssize_t kds_dev_dax_align_show(struct kds_dev_dax *dev_dax, char *buf)
{
	if (!dev_dax || !buf || !dev_dax->region)
		return -EINVAL;
	return scnprintf(buf, KDS_DAX_ATTR_BUF_SIZE, "%lu\n",
			 kds_dev_dax_get_align(dev_dax));
}

/**
 * kds_dev_dax_resource_show() - the device "resource" attribute: the
 * physical address of its first byte (root-only: mode 0400).
 * @dev_dax: the device.
 * @buf: a %KDS_DAX_ATTR_BUF_SIZE buffer.
 *
 * The start of its first range; the region's start for a device of size
 * 0, as Linux.
 *
 * Context: process context.
 * Return: bytes written ("0x<start>\n", as the kernel's "%#llx" prints it,
 * "0x0" for address 0 in both worlds); -EINVAL for a NULL
 * argument or a device without a region.
 */
ssize_t kds_dev_dax_resource_show(struct kds_dev_dax *dev_dax, char *buf)
{
	struct kds_dax_range first;
	u64 start;

	if (!dev_dax || !buf || !dev_dax->region)
		return -EINVAL;
	start = dev_dax->region->start;
	if (!kds_dev_dax_get_range(dev_dax, 0, &first))
		start = first.start;
	return scnprintf(buf, KDS_DAX_ATTR_BUF_SIZE, "0x%llx\n",
			 (unsigned long long)start);
}

/**
 * kds_dev_dax_numa_node_show() - the device "numa_node" attribute.
 * @dev_dax: the device.
 * @buf: a %KDS_DAX_ATTR_BUF_SIZE buffer.
 *
 * The node the device is attached to. kds has no platform device to
 * inherit one from, so a device sits on its target node, and on no node
 * (-1, NUMA_NO_NODE) when that is unknown. Always visible.
 *
 * Context: process context.
 * Return: bytes written ("<node>\n").
 */
ssize_t kds_dev_dax_numa_node_show(struct kds_dev_dax *dev_dax, char *buf)
{
	return KDS_DAX_SHOW(dev_dax, buf, "%d\n",
			    dev_dax->target_node < 0 ? -1 : dev_dax->target_node);
}

/**
 * kds_dev_dax_memmap_on_memory_show() - the device "memmap_on_memory"
 * attribute: whether kmem puts the memory's memmap on the memory itself.
 * @dev_dax: the device.
 * @buf: a %KDS_DAX_ATTR_BUF_SIZE buffer.
 *
 * Visible only on a region with %KDS_DAX_REGION_MEMMAP_FILE (Linux 6.8+).
 *
 * Context: process context.
 * Return: bytes written ("0\n" or "1\n").
 */
ssize_t kds_dev_dax_memmap_on_memory_show(struct kds_dev_dax *dev_dax,
					  char *buf)
{
	return KDS_DAX_SHOW(dev_dax, buf, "%d\n",
			    READ_ONCE(dev_dax->memmap_on_memory) ? 1 : 0);
}

/**
 * kds_dev_dax_memmap_on_memory_store() - a write to a device's
 * memmap_on_memory file, with Linux 6.12's rules.
 * @dev_dax: the device.
 * @buf: the bytes written: a boolean as kstrtobool() reads it (its first
 *       one or two characters: "1", "0", "y", "n", "on", "off", ...).
 * @count: their number.
 *
 * The value is kept for kmem's next bind (and across binds); the caller
 * serialises the write with the device's binds, as the driver core's
 * device lock does in the kernel glue.
 *
 * Context: process context.
 * Return: @count; -EINVAL for text kstrtobool() refuses (or a device
 * without a region); -EOPNOTSUPP for 1 where the region's platform cannot
 * hot-add with the memmap on the memory (no %KDS_DAX_REGION_MEMMAP_OK);
 * -EBUSY for a change while kmem holds the device.
 */
ssize_t kds_dev_dax_memmap_on_memory_store(struct kds_dev_dax *dev_dax,
					   const char *buf, size_t count)
{
	struct kds_dax_region *region;
	char tmp[3] = { 0 };
	bool val;

	if (!dev_dax || !buf)
		return -EINVAL;
	region = READ_ONCE(dev_dax->region);
	if (!region)
		return -EINVAL;
	/* kstrtobool() reads at most two characters of a terminated string */
	memcpy(tmp, buf, count < 2 ? count : 2);
	if (kstrtobool(tmp, &val))
		return -EINVAL;
	if (val && !(region->flags & KDS_DAX_REGION_MEMMAP_OK))
		return -EOPNOTSUPP;
	if (val != READ_ONCE(dev_dax->memmap_on_memory) &&
	    READ_ONCE(dev_dax->kmem_bound))
		return -EBUSY;
	WRITE_ONCE(dev_dax->memmap_on_memory, val);
	return (ssize_t)count;
}

/*
 * kds_dax_region_attrs - the region attribute table ("dax_region" group).
 *
 * Index order is stable: id, size, align, target_node, available_size,
 * seed, create, delete. The last three exist on a dynamic region only;
 * create and delete are written through the glue (they make and remove
 * devices), whose stores follow kds_dax_region_may_create() and
 * kds_dev_dax_delete().
 */
const struct kds_dax_region_attr kds_dax_region_attrs[] = {
	{ "id", 0444, kds_dax_region_id_show },
	{ "size", 0444, kds_dax_region_size_show },
	{ "align", 0400, kds_dax_region_align_show },	/* Linux 6.1's mode */
	{ "target_node", 0444, kds_dax_region_target_node_show },
	{ "available_size", 0444, kds_dax_region_available_size_show },
	{ "seed", 0444, kds_dax_region_seed_show },
	{ "create", 0644, kds_dax_region_create_show },
	{ "delete", 0200, NULL },
};

/* kds_dax_region_nr_attrs - entries in kds_dax_region_attrs. */
const unsigned int kds_dax_region_nr_attrs = ARRAY_SIZE(kds_dax_region_attrs);

/*
 * kds_dev_dax_attrs - the dev_dax attribute table: the files libdaxctl
 * reads from a 6.1 device. "resource" is a physical address: root only.
 *
 * Index order is stable: modalias, size, target_node, align, resource,
 * numa_node, mapping. size and align are writable on a dynamic region
 * only (kds_dev_dax_attr_visible() gives 0444 on a static one), and
 * mapping exists there only.
 */
const struct kds_dev_dax_attr kds_dev_dax_attrs[] = {
	{ "modalias", 0444, kds_dev_dax_modalias_show, NULL },
	{ "size", 0644, kds_dev_dax_size_show, kds_dev_dax_size_store },
	{ "target_node", 0444, kds_dev_dax_target_node_show, NULL },
	{ "align", 0644, kds_dev_dax_align_show, kds_dev_dax_align_store },
	{ "resource", 0400, kds_dev_dax_resource_show, NULL },
	{ "numa_node", 0444, kds_dev_dax_numa_node_show, NULL },
	{ "mapping", 0200, NULL, kds_dev_dax_mapping_store },
	{ "memmap_on_memory", 0644, kds_dev_dax_memmap_on_memory_show,
	  kds_dev_dax_memmap_on_memory_store },
};

/* kds_dev_dax_nr_attrs - entries in kds_dev_dax_attrs. */
const unsigned int kds_dev_dax_nr_attrs = ARRAY_SIZE(kds_dev_dax_attrs);

/*
 * kds_dax_driver_attrs - the driver attributes the core implements.
 */
const struct kds_dax_driver_attr kds_dax_driver_attrs[] = {
	{ "new_id", 0200, kds_dax_new_id_store },
	{ "remove_id", 0200, kds_dax_remove_id_store },
};

/* kds_dax_driver_nr_attrs - entries in kds_dax_driver_attrs. */
const unsigned int kds_dax_driver_nr_attrs = ARRAY_SIZE(kds_dax_driver_attrs);

/**
 * kds_dax_region_attr_visible() - the is_visible rule of region attributes.
 * @region: the region.
 * @idx: index into kds_dax_region_attrs.
 *
 * Context: any context.
 * Return: the file mode, or 0 when the attribute is hidden: target_node
 * with a negative node; seed, create and delete of a static region; any
 * index out of range, and every attribute of an unregistered region.
 */
unsigned short kds_dax_region_attr_visible(const struct kds_dax_region *region,
					   unsigned int idx)
{
	const char *name;

	if (idx >= ARRAY_SIZE(kds_dax_region_attrs) ||
	    !kds_dax_region_is_registered(region))
		return 0;
	name = kds_dax_region_attrs[idx].name;
	if (kds_dax_region_attrs[idx].show == kds_dax_region_target_node_show &&
	    region->target_node < 0)
		return 0;
	if (!kds_dax_region_is_dynamic(region) &&
	    (!strcmp(name, "seed") || !strcmp(name, "create") ||
	     !strcmp(name, "delete")))
		return 0;
	return kds_dax_region_attrs[idx].mode;
}

/**
 * kds_dev_dax_attr_visible() - the is_visible rule of dev_dax attributes.
 * @dev_dax: the device.
 * @idx: index into kds_dev_dax_attrs.
 *
 * Context: any context.
 * Return: the file mode, or 0 when hidden: target_node with a negative
 * node, mapping on a static region (or a device without a region),
 * memmap_on_memory on a region without %KDS_DAX_REGION_MEMMAP_FILE, or an
 * index out of range. size and align are read-only (0444) on a static
 * region.
 */
unsigned short kds_dev_dax_attr_visible(const struct kds_dev_dax *dev_dax,
					unsigned int idx)
{
	const struct kds_dev_dax_attr *a;
	bool dynamic;

	if (!dev_dax || idx >= ARRAY_SIZE(kds_dev_dax_attrs))
		return 0;
	a = &kds_dev_dax_attrs[idx];
	dynamic = kds_dax_region_is_dynamic(READ_ONCE(dev_dax->region));
	if (a->show == kds_dev_dax_target_node_show && dev_dax->target_node < 0)
		return 0;
	if (a->store == kds_dev_dax_mapping_store && !dynamic)
		return 0;
	if (a->show == kds_dev_dax_memmap_on_memory_show) {
		const struct kds_dax_region *r = READ_ONCE(dev_dax->region);

		/* writable on a static region too, as in Linux */
		return r && (r->flags & KDS_DAX_REGION_MEMMAP_FILE) ? a->mode : 0;
	}
	if (a->store && a->show && !dynamic)
		return 0444;
	return a->mode;
}

/*
 * The index of the file @name in an attribute table, @table pointing at
 * the first entry's name and @stride the entry size; -ENOENT for a name
 * the table does not hold.
 */
static int kds_dax_attr_index(const char *const *table, size_t n,
			      size_t stride, const char *name)
{
	size_t i;

	for (i = 0; i < n; i++) {
		const char *const *entry = (const void *)((const char *)table + i * stride);

		if (strcmp(*entry, name) == 0)
			return (int)i;
	}
	return -ENOENT;
}

#define KDS_DAX_ATTR_INDEX(table, file)					\
	kds_dax_attr_index(&(table)[0].name, ARRAY_SIZE(table),		\
			   sizeof((table)[0]), (file))

/**
 * kds_dax_region_attr_show() - read a region attribute by file name.
 * @region: the region (the caller holds a reference).
 * @name: the file name, e.g. "align".
 * @buf: a %KDS_DAX_ATTR_BUF_SIZE buffer.
 *
 * The one lookup both glues use: the kernel glue's show for every region
 * file, the userspace model's read by name.
 *
 * Context: process context.
 * Return: the byte count sysfs would return; -EINVAL for a NULL argument;
 * -ENOENT when no such file exists (an unknown name, a hidden attribute,
 * or any attribute of an unregistered region).
 */
ssize_t kds_dax_region_attr_show(struct kds_dax_region *region,
				 const char *name, char *buf)
{
	int i;

	if (!region || !name || !buf)
		return -EINVAL;
	i = KDS_DAX_ATTR_INDEX(kds_dax_region_attrs, name);
	if (i < 0 || !kds_dax_region_attr_visible(region, i))
		return -ENOENT;
	if (!kds_dax_region_attrs[i].show)
		return -EACCES;	/* write-only, as kernfs refuses it */
	return kds_dax_region_attrs[i].show(region, buf);
}

/*
 * The index of @dev_dax's file @name; -ENOENT when it has no such file
 * (an unknown name or a hidden attribute), -EACCES when the file cannot
 * be opened for @need (0444 to read, 0200 to write) or has no method for
 * it, as kernfs refuses it.
 */
static int kds_dev_dax_attr_open(struct kds_dev_dax *dev_dax, const char *name,
				 unsigned short need)
{
	const struct kds_dev_dax_attr *a;
	unsigned short mode;
	int i;

	i = KDS_DAX_ATTR_INDEX(kds_dev_dax_attrs, name);
	if (i < 0)
		return i;
	a = &kds_dev_dax_attrs[i];
	mode = kds_dev_dax_attr_visible(dev_dax, i);
	if (!mode)
		return -ENOENT;
	if (need & 0200)
		return (mode & 0200) && a->store ? i : -EACCES;
	return a->show ? i : -EACCES;
}

/**
 * kds_dev_dax_attr_show() - read a dev_dax attribute by file name.
 * @dev_dax: the device.
 * @name: the file name, e.g. "size".
 * @buf: a %KDS_DAX_ATTR_BUF_SIZE buffer.
 *
 * Context: process context.
 * Return: the byte count sysfs would return; -EINVAL for a NULL argument;
 * -ENOENT when no such file exists (an unknown name or a hidden
 * attribute); -EACCES for a write-only file.
 */
ssize_t kds_dev_dax_attr_show(struct kds_dev_dax *dev_dax, const char *name,
			      char *buf)
{
	int i;

	if (!dev_dax || !name || !buf)
		return -EINVAL;
	i = kds_dev_dax_attr_open(dev_dax, name, 0444);
	return i < 0 ? i : kds_dev_dax_attrs[i].show(dev_dax, buf);
}

/**
 * kds_dev_dax_attr_store() - write a dev_dax attribute by file name.
 * @dev_dax: the device.
 * @name: the file name: "size", "align" or "mapping".
 * @buf: the bytes written.
 * @count: their number.
 *
 * Context: process context.
 * Return: @count or the store's -errno; -EINVAL for a NULL argument;
 * -ENOENT when no such file exists; -EACCES when the file cannot be
 * written (read-only, as size and align are on a static region).
 */
ssize_t kds_dev_dax_attr_store(struct kds_dev_dax *dev_dax, const char *name,
			       const char *buf, size_t count)
{
	int i;

	if (!dev_dax || !name || !buf)
		return -EINVAL;
	i = kds_dev_dax_attr_open(dev_dax, name, 0200);
	return i < 0 ? i : kds_dev_dax_attrs[i].store(dev_dax, buf, count);
}

/* -------------------------------------------------------------- stores */

/*
 * The C string at @buf (ending at the first NUL or at @count) parsed by
 * kstrtoull() in @base.
 */
static int kds_dax_parse_u64(const char *buf, size_t count, unsigned int base,
			     u64 *val)
{
	unsigned long long v;
	char *str;
	int rc;

	str = kmemdup_nul(buf, count, GFP_KERNEL);
	if (!str)
		return -ENOMEM;
	rc = kstrtoull(str, base, &v);
	kfree(str);
	if (!rc)
		*val = v;
	return rc;
}

/**
 * kds_dev_dax_size_store() - a write to a device's size file.
 * @dev_dax: the device.
 * @buf: the bytes written: a number, kstrtoull() base 0.
 * @count: their number.
 *
 * Context: process context (takes the region's lock).
 * Return: @count; kstrtoull()'s -EINVAL or -ERANGE; then the errors of
 * kds_dev_dax_resize() (-EINVAL off the align, -ENXIO, -EBUSY, -ENOSPC,
 * -ENOMEM).
 */
ssize_t kds_dev_dax_size_store(struct kds_dev_dax *dev_dax, const char *buf,
			       size_t count)
{
	int rc = dev_dax && buf ? 0 : -EINVAL;
	u64 val;

	if (!rc)
		rc = kds_dax_parse_u64(buf, count, 0, &val);
	if (!rc)
		rc = kds_dev_dax_resize(dev_dax, val);
	return rc ? rc : (ssize_t)count;
}

/**
 * kds_dev_dax_mapping_store() - a write to a device's mapping file.
 * @dev_dax: the device.
 * @buf: "<start>-<end>", both hexadecimal (an optional "0x"), @end the
 *       last byte; one trailing newline.
 * @count: the byte count.
 *
 * Adds exactly that range to the device as its next one (how a saved
 * layout is restored).
 *
 * Context: process context (takes the region's lock).
 * Return: @count; -EINVAL for text that is not two such numbers or an
 * @end before @start; -ERANGE for a number past 64 bits; -ENXIO for a
 * length off the device's align (as Linux), a released or deleted device
 * or an unregistered region; -EBUSY while a driver is bound; -EINVAL for
 * a @start off the device's align (kds's rule; Linux 6.1 takes it); -ENOMEM when
 * a byte of the range lies outside the region or is taken, or on
 * allocation failure.
 */
ssize_t kds_dev_dax_mapping_store(struct kds_dev_dax *dev_dax, const char *buf,
				  size_t count)
{
	unsigned long long start, end;
	char *str, *dash;
	int rc;

	if (!dev_dax || !buf)
		return -EINVAL;
	str = kmemdup_nul(buf, count, GFP_KERNEL);
	if (!str)
		return -ENOMEM;
	dash = strchr(str, '-');
	if (!dash) {
		rc = -EINVAL;
	} else {
		*dash = '\0';
		rc = kstrtoull(str, 16, &start);
		if (!rc)
			rc = kstrtoull(dash + 1, 16, &end);
	}
	kfree(str);
	if (!rc && end < start)
		rc = -EINVAL;
	if (!rc && start == 0 && end == U64_MAX)
		rc = -EINVAL;	/* 2^64 bytes: no size can say it */
	if (!rc)
		rc = kds_dev_dax_add_range(dev_dax, start, end - start + 1);
	return rc ? rc : (ssize_t)count;
}

/**
 * kds_dev_dax_align_store() - a write to a device's align file.
 * @dev_dax: the device.
 * @buf: the new align, kstrtoul() base 0.
 * @count: the byte count.
 *
 * Context: process context (takes the region's lock).
 * Return: @count; -ENXIO for text that is not a number (Linux's answer),
 * a released or deleted device or an unregistered region; then the
 * errors of kds_dev_dax_set_align() (-EINVAL, -EBUSY).
 */
ssize_t kds_dev_dax_align_store(struct kds_dev_dax *dev_dax, const char *buf,
				size_t count)
{
	u64 val;
	int rc;

	if (!dev_dax || !buf)
		return -EINVAL;
	rc = kds_dax_parse_u64(buf, count, 0, &val);
	if (rc == -ENOMEM)
		return rc;
	if (rc || val > ULONG_MAX)
		return -ENXIO;
	rc = kds_dev_dax_set_align(dev_dax, (unsigned long)val);
	return rc ? rc : (ssize_t)count;
}

/**
 * kds_dev_dax_mapping_attr_show() - a file of a device's mapping<N>.
 * @dev_dax: the device.
 * @idx: N, the range.
 * @name: "start", "end" or "page_offset".
 * @buf: a %KDS_DAX_ATTR_BUF_SIZE buffer.
 *
 * Context: process context (takes the region's lock).
 * Return: the bytes written, hexadecimal with "0x" as the kernel's "%#llx"
 * prints (also "0x0" for 0, where C's printf writes "0");
 * -EINVAL for NULL; -ENOENT for another name; -ENXIO when the range is
 * gone.
 */
ssize_t kds_dev_dax_mapping_attr_show(struct kds_dev_dax *dev_dax,
				      unsigned int idx, const char *name,
				      char *buf)
{
	struct kds_dax_range r;
	int rc;

	if (!dev_dax || !name || !buf)
		return -EINVAL;
	if (strcmp(name, "start") && strcmp(name, "end") &&
	    strcmp(name, "page_offset"))
		return -ENOENT;
	rc = kds_dev_dax_get_range(dev_dax, idx, &r);
	if (rc)
		return rc;
	if (!strcmp(name, "start"))
		return scnprintf(buf, KDS_DAX_ATTR_BUF_SIZE, "0x%llx\n",
				 (unsigned long long)r.start);
	if (!strcmp(name, "end"))
		return scnprintf(buf, KDS_DAX_ATTR_BUF_SIZE, "0x%llx\n",
				 (unsigned long long)r.end);
	return scnprintf(buf, KDS_DAX_ATTR_BUF_SIZE, "0x%lx\n",
			 (unsigned long)r.pgoff);
}

/* ---------------------------------------------------------- region files */

/* The name of @dev_dax, or "", with a newline (lock held by the caller). */
static ssize_t kds_dax_region_dev_name_show(struct kds_dax_region *region,
					    struct kds_dev_dax *const *which,
					    char *buf)
{
	ssize_t rc;

	if (!region || !buf)
		return -EINVAL;
	if (!kds_dax_region_is_dynamic(region))
		return -EINVAL;
	mutex_lock(&region->lock);
	rc = scnprintf(buf, KDS_DAX_ATTR_BUF_SIZE, "%s\n",
		       *which ? (*which)->name : "");
	mutex_unlock(&region->lock);
	return rc;
}

/**
 * kds_dax_region_seed_show() - the region "seed" attribute.
 * @region: the region (dynamic).
 * @buf: a %KDS_DAX_ATTR_BUF_SIZE buffer.
 *
 * Context: process context (takes the region's lock).
 * Return: bytes written ("dax<r>.<n>\n", or "\n" without a seed); -EINVAL
 * for a static region.
 */
ssize_t kds_dax_region_seed_show(struct kds_dax_region *region, char *buf)
{
	return kds_dax_region_dev_name_show(region,
					    region ? &region->seed : NULL, buf);
}

/**
 * kds_dax_region_create_show() - reading the region "create" attribute.
 * @region: the region (dynamic).
 * @buf: a %KDS_DAX_ATTR_BUF_SIZE buffer.
 *
 * Context: process context (takes the region's lock).
 * Return: bytes written: the youngest created device ("dax<r>.<n>\n", or
 * "\n"); -EINVAL for a static region.
 */
ssize_t kds_dax_region_create_show(struct kds_dax_region *region, char *buf)
{
	return kds_dax_region_dev_name_show(region,
					    region ? &region->youngest : NULL,
					    buf);
}
