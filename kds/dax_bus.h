/* SPDX-License-Identifier: GPL-2.0 */
/**
 * DOC: kds device-dax bus core
 *
 * The device-dax bus core of kds: device-name ids, driver id lists and the
 * match rule, refcounted regions, dev_dax naming and lifecycle, sysfs
 * attribute formatting, the kmem hot-plug range, and device_dax's mapping
 * rules (which mmap is accepted, what a fault does, where a page offset
 * lies).
 *
 * This is the platform-neutral part. A glue layer (the userspace device
 * model in user/dax_bus/, or a kernel glue over the real driver core)
 * owns devices, binding and sysfs files and calls in here for every
 * decision: which driver matches which device, what a store accepts, what
 * a show prints, when a region is freed, which range kmem hot-plugs.
 *
 * A driver's id list, fed the bytes libdaxctl writes to new_id and
 * remove_id (the name, then a NUL)::
 *
 *	#include <kds/dax_bus.h>
 *
 *	static struct kds_dax_bus bus;
 *	static struct kds_dax_driver drv = { .name = "kmem" };
 *
 *	kds_dax_bus_init(&bus);
 *	kds_dax_driver_register(&bus, &drv);
 *	kds_dax_new_id_store(&drv, "dax0.1", 7);	// returns 7
 *	kds_dax_driver_has_id(&drv, 0, 1);		// true
 *	kds_dax_remove_id_store(&drv, "dax0.1", 7);
 *	kds_dax_driver_unregister(&drv);
 *	kds_dax_bus_destroy(&bus);
 *
 * Every name is kds_-prefixed: the kernel has its own dax bus.
 *
 * NULL arguments: every function here accepts NULL for any pointer
 * argument and never dereferences it. Where an object or a buffer is
 * required, NULL is refused: -EINVAL from the functions that return an
 * error code, false from the predicates, 0 from the counts, sizes and
 * visibility rules, NULL from kds_dev_dax_get_private(), and nothing at
 * all from the functions that return nothing. Only three pointers are
 * optional and taken as given: the parent data of kds_dax_region_alloc(),
 * the data of kds_dev_dax_set_private() and the context handed through to
 * the kmem operations. kds_dax_kmem_probe() also refuses operations with
 * a NULL member.
 *
 * Ranges: a range [start, start + size) may end exactly at 2^64 (its last
 * byte, start + size - 1, is U64_MAX) and no further; regions, claims and
 * the kmem range all follow this one rule.
 */
#ifndef KDS_DAX_BUS_H
#define KDS_DAX_BUS_H

#include "kds/types.h"

__KDS_BEGIN_DECLS

/**
 * KDS_DAX_NAME_LEN - size of a dev_dax name buffer. The longest name the
 * core ever forms, "dax2147483647.2147483647", is 24 characters.
 */
#define KDS_DAX_NAME_LEN	32

/**
 * KDS_DAX_ID_INPUT_MAX - longest new_id / remove_id string accepted: the
 * longest name plus one trailing newline. The string ends at the first NUL
 * byte or at the byte count; a longer one is -EINVAL.
 */
#define KDS_DAX_ID_INPUT_MAX	25

/** KDS_DAX_MODALIAS - the modalias of every dev_dax (device type 0). */
#define KDS_DAX_MODALIAS	"dax:t0"

/** KDS_DAX_ATTR_BUF_SIZE - size of a show buffer, as sysfs hands out. */
#define KDS_DAX_ATTR_BUF_SIZE	KDS_PAGE_SIZE

/**
 * struct kds_dax_bus_names - the names a dax bus and its two drivers
 * register under.
 * @bus: the bus name: the sysfs folder /sys/bus/<bus>.
 * @device_dax: the default driver (match_always; runs the device).
 * @kmem: the system-ram driver (binds only through new_id or bind).
 * @system: true for the names of the system's dax bus ("dax", the names
 *          libdaxctl looks for), false for kds's own bus beside it.
 *
 * kds knows exactly two sets: kds_dax_names_kds ("kds_dax",
 * "kds_device_dax", "kds_kmem"), which live beside the kernel's own dax
 * bus, and kds_dax_names_system ("dax", "device_dax", "kmem"), which take
 * its place when it is absent. kds_dax_bus_names_find() picks one by bus
 * name.
 */
struct kds_dax_bus_names {
	const char *bus;
	const char *device_dax;
	const char *kmem;
	bool system;
};

/*! kds_dax_names_kds - "kds_dax": kds's bus beside the kernel's own. */
extern const struct kds_dax_bus_names kds_dax_names_kds;
/*! kds_dax_names_system - "dax": kds as the system's dax bus. */
extern const struct kds_dax_bus_names kds_dax_names_system;

const struct kds_dax_bus_names *kds_dax_bus_names_find(const char *bus);

/**
 * struct kds_dax_bus - the shared state of one dax bus.
 * @lock: the bus lock; guards every driver's id list, registration state
 *        and @default_drv.
 * @default_drv: the registered match_always driver, or NULL.
 * @kmem_drv: the registered kmem_default driver, or NULL.
 * @nr_drivers: drivers currently registered.
 *
 * Initialise with kds_dax_bus_init(). The kernel glue keeps one; tests
 * and the userspace model may keep as many as they like.
 */
struct kds_dax_bus {
	struct kds_mutex lock;
	struct kds_dax_driver *default_drv;
	struct kds_dax_driver *kmem_drv;
	unsigned int nr_drivers;
};

/**
 * struct kds_dax_driver - the core part of a dax bus driver.
 * @name: driver name (non-empty); set by the owner before registering.
 * @match_always: the default driver: matches every bus device but those of
 *                a %KDS_DAX_REGION_KMEM region. At most one registered
 *                driver per bus may have it.
 * @kmem_default: the driver a %KDS_DAX_REGION_KMEM region's devices
 *                default to (Linux 6.3+'s kmem): matches every device of
 *                such a region. At most one registered driver per bus may
 *                have it, and not together with @match_always.
 * @bus: the bus this driver was last registered on (core private).
 * @registered: true between register and unregister (core private,
 *              under the bus lock).
 * @ids: the &struct kds_dax_id entries added through new_id (core
 *       private, under the bus lock).
 * @nr_ids: entries on @ids.
 *
 * Zero-initialise before the first registration (a static object or
 * kzalloc is enough); the core initialises the private fields.
 */
struct kds_dax_driver {
	const char *name;
	bool match_always;
	bool kmem_default;
	struct kds_dax_bus *bus;
	bool registered;
	struct kds_list_head ids;
	unsigned int nr_ids;
};

/**
 * KDS_DAX_MAX_IDS - the most names one driver's id list holds.
 *
 * new_id beyond it is refused with -ENOSPC. Linux's list has no bound of
 * its own (only memory, and new_id is root-only); kds bounds it so that
 * a looping writer cannot grow kernel memory without limit or make each
 * store's linear search of the list grow with it. A bus has one device
 * per region, so real lists hold a few names.
 */
#define KDS_DAX_MAX_IDS	4096

/**
 * struct kds_dax_id - one device name on a driver's id list.
 * @node: link in &kds_dax_driver.ids.
 * @region: region number of the name.
 * @id: device number of the name.
 */
struct kds_dax_id {
	struct kds_list_head node;
	int region;
	int id;
};

/**
 * KDS_DAX_REGION_DYNAMIC - kds_dax_region_alloc() flag: a dynamic region
 * (Linux 5.10+): its bytes are allocated to devices by size and mapping
 * writes, devices are made and deleted through the region's create and
 * delete files. Without it the region is static (5.1, and 6.1's
 * IORESOURCE_DAX_STATIC): every device spans all of it and no size or
 * align changes. The other bits of the flags are kept for the owner.
 */
#define KDS_DAX_REGION_DYNAMIC	0x1UL

/**
 * KDS_DAX_REGION_KMEM - kds_dax_region_alloc() flag: the region's devices
 * default to the bus's kmem_default driver (use as System RAM) instead of
 * the match_always one, which then takes them only by id (new_id), as
 * Linux 6.3+ does for a region whose resource carries IORESOURCE_DAX_KMEM
 * (dax_hmem's regions of Soft Reserved memory). With no kmem_default
 * driver registered, the match_always driver takes them as any other
 * device (Linux's rule where kmem is not built). The creator decides, as
 * dax_hmem does in Linux; without the flag a region behaves as in 5.1 and
 * 6.1.
 */
#define KDS_DAX_REGION_KMEM	0x2UL

/**
 * KDS_DAX_REGION_MEMMAP_FILE - kds_dax_region_alloc() flag: the region's
 * devices have the memmap_on_memory file, as every dax device of a
 * kernel whose drivers may hot-add memory with its memmap on it (Linux
 * 6.8+: MHP_MEMMAP_ON_MEMORY for drivers). Without it the file does not
 * exist (Linux 6.1). The glue sets it from what the kernel (or the
 * userspace model's platform) offers.
 */
#define KDS_DAX_REGION_MEMMAP_FILE	0x4UL

/**
 * KDS_DAX_REGION_MEMMAP_OK - kds_dax_region_alloc() flag, with
 * %KDS_DAX_REGION_MEMMAP_FILE: a hot-add may put the memory's memmap on
 * the memory itself here (Linux's mhp_supports_memmap_on_memory()), so a
 * device's memmap_on_memory may be set to 1; without it a write of 1 is
 * -EOPNOTSUPP.
 */
#define KDS_DAX_REGION_MEMMAP_OK	0x8UL

struct kds_dev_dax;

/**
 * struct kds_dax_extent - one allocated range of a dynamic region.
 * @start: first byte.
 * @end: last byte (inclusive).
 * @owner: the device it belongs to.
 */
struct kds_dax_extent {
	kds_u64 start;
	kds_u64 end;
	struct kds_dev_dax *owner;
};

/**
 * struct kds_dax_region - a range of device memory that dev_dax instances
 * are carved from.
 * @id: region number (>= 0), the first number of a device name.
 * @target_node: NUMA node the memory would join when onlined; negative
 *               when unknown (the target_node attribute is then hidden).
 * @align: alignment of every mapping, a power of two.
 * @flags: %KDS_DAX_REGION_DYNAMIC, and opaque bits kept for the owner
 *         (pfn flags in 5.1).
 * @start: physical start of the range.
 * @size: size of the range in bytes.
 * @kref: the reference count; see kds_dax_region_alloc().
 * @registered: 1 until kds_dax_region_unregister(), then 0.
 * @lock: the space lock: guards @ext, @nr_ext, @devs, @seed, @youngest
 *        and every device's ranges, align and bound flag (core private).
 * @ext: the allocated ranges of a dynamic region, sorted by address, no
 *       two sharing a byte (core private).
 * @nr_ext: entries in @ext.
 * @devs: the devices of a dynamic region that hold an id, by id.
 * @seed: the device a new allocation goes to: the oldest device made by
 *        the create file that no driver has bound yet (NULL: none).
 * @youngest: the last device made by the create file (NULL: none, or
 *            deleted).
 */
struct kds_dax_region {
	int id;
	int target_node;
	unsigned int align;
	unsigned long flags;
	kds_u64 start;
	kds_u64 size;
	struct kds_kref kref;
	int registered;
	struct kds_mutex lock;
	struct kds_dax_extent *ext;
	unsigned int nr_ext;
	struct kds_list_head devs;
	struct kds_dev_dax *seed;
	struct kds_dev_dax *youngest;
};

/**
 * enum kds_dev_dax_subsys - where a dev_dax is registered.
 * @KDS_DEV_DAX_BUS: on the dax bus (/sys/bus/dax); bus drivers match it.
 * @KDS_DEV_DAX_CLASS: in the legacy class (/sys/class/dax); never matched
 *                     by a bus driver, the compat path probes it directly.
 */
enum kds_dev_dax_subsys {
	KDS_DEV_DAX_BUS,
	KDS_DEV_DAX_CLASS,
};

/**
 * struct kds_dax_range - one physical range of a device-dax.
 * @start: first byte.
 * @end: last byte (inclusive).
 * @pgoff: the page offset into the device at which the range starts.
 */
struct kds_dax_range {
	kds_u64 start;
	kds_u64 end;
	kds_u64 pgoff;
};

/** KDS_DEV_DAX_ALIVE - &kds_dev_dax.state bit: a driver runs the device. */
#define KDS_DEV_DAX_ALIVE	1
/** KDS_DEV_DAX_RELEASED - &kds_dev_dax.state bit: the final release ran. */
#define KDS_DEV_DAX_RELEASED	2

/**
 * struct kds_dev_dax - the core part of one device-dax instance.
 * @region: the region it was carved from (holds one reference).
 * @id: device number (>= 0).
 * @target_node: inherited from the region.
 * @subsys: bus or legacy class.
 * @name: "dax<region>.<id>".
 * @state: the lifecycle in one word, changed only by compare-and-swap
 *         (core private): %KDS_DEV_DAX_ALIVE while a driver runs the device
 *         (kds_dev_dax_run()): between kds_dax_device_dax_probe() and
 *         kds_dax_device_dax_remove(); %KDS_DEV_DAX_RELEASED once
 *         kds_dev_dax_release() ran, after which it never runs again.
 * @private_data: the glue's device object, set once at creation
 *           (kds_dev_dax_set_private()); reachable only while alive.
 * @align: the unit every range and mapping is a multiple of: the region's
 *         at creation, changed through the align file on a dynamic region.
 * @ranges: the device's memory, in page-offset order (under the region's
 *          lock; stable while bound).
 * @nr_range: entries in @ranges; 0 for a device of size 0.
 * @whole: the one range of a device on a static region (@ranges points
 *         here).
 * @node: link on the dynamic region's @devs while the device holds its id.
 * @listed: the device holds its id (on @devs).
 * @bound: a driver is bound (between kds_dev_dax_bind_start() and
 *         kds_dev_dax_unbind()); size, align and mapping refuse to change.
 * @memmap_on_memory: the memmap_on_memory file's value: kmem hot-adds
 *                    the device's memory with its memmap on it (Linux
 *                    6.8+'s MHP_MEMMAP_ON_MEMORY). 0 at creation, kept
 *                    across binds.
 * @kmem_bound: set by a successful kds_dax_kmem_probe(), cleared by
 *              kds_dax_kmem_remove(): memmap_on_memory cannot change
 *              while kmem holds the device.
 *
 * A glue embeds this in its own device object and calls
 * kds_dev_dax_init() when creating it and kds_dev_dax_release() from the
 * device's final release. Probe, remove, run, kill and release are safe
 * against each other without any lock of the caller's: each is one atomic
 * transition of @state, so of two concurrent probes exactly one succeeds,
 * and a probe that races the final release either runs the device before
 * the release kills it or fails with -ENXIO.
 */
struct kds_dev_dax {
	struct kds_dax_region *region;
	int id;
	int target_node;
	enum kds_dev_dax_subsys subsys;
	char name[KDS_DAX_NAME_LEN];
	int state;
	void *private_data;
	unsigned long align;
	struct kds_dax_range *ranges;
	unsigned int nr_range;
	struct kds_dax_range whole;
	struct kds_list_head node;
	bool listed;
	bool bound;
	bool memmap_on_memory;
	bool kmem_bound;
};

/* ------------------------------------------------------------ ids */

int kds_dax_parse_id(const char *buf, size_t count, int *region, int *id);
int kds_dax_format_name(char *buf, size_t size, int region, int id);

/* ------------------------------------------------------ bus, drivers */

void kds_dax_bus_init(struct kds_dax_bus *bus);
void kds_dax_bus_destroy(struct kds_dax_bus *bus);
int kds_dax_driver_register(struct kds_dax_bus *bus, struct kds_dax_driver *drv);
void kds_dax_driver_unregister(struct kds_dax_driver *drv);
bool kds_dax_driver_match(struct kds_dax_driver *drv,
			  const struct kds_dev_dax *dev_dax);
bool kds_dax_driver_is_registered(struct kds_dax_driver *drv);
bool kds_dax_driver_has_id(struct kds_dax_driver *drv, int region, int id);
unsigned int kds_dax_driver_nr_ids(struct kds_dax_driver *drv);
ssize_t kds_dax_new_id_store(struct kds_dax_driver *drv, const char *buf,
			     size_t count);
ssize_t kds_dax_remove_id_store(struct kds_dax_driver *drv, const char *buf,
				size_t count);

/* ----------------------------------------------------------- regions */

struct kds_dax_region *kds_dax_region_alloc(const void *parent_data,
					    int region_id,
					    kds_u64 start, kds_u64 size,
					    int target_node, unsigned int align,
					    unsigned long flags);
void kds_dax_region_get(struct kds_dax_region *region);
void kds_dax_region_put(struct kds_dax_region *region);
int kds_dax_region_unregister(struct kds_dax_region *region);
bool kds_dax_region_is_registered(const struct kds_dax_region *region);

/* ---------------------------------------------------------- dev_dax */

int kds_dev_dax_init(struct kds_dev_dax *dev_dax, struct kds_dax_region *region,
		     int id, enum kds_dev_dax_subsys subsys);
void kds_dev_dax_release(struct kds_dev_dax *dev_dax);
void kds_dev_dax_run(struct kds_dev_dax *dev_dax);
void kds_dev_dax_kill(struct kds_dev_dax *dev_dax);
bool kds_dev_dax_is_alive(const struct kds_dev_dax *dev_dax);
void kds_dev_dax_set_private(struct kds_dev_dax *dev_dax, void *data);
void *kds_dev_dax_get_private(const struct kds_dev_dax *dev_dax);
kds_u64 kds_dev_dax_size(const struct kds_dev_dax *dev_dax);
int kds_dev_dax_uevent(const struct kds_dev_dax *dev_dax, char *buf,
		       size_t size);
int kds_dax_device_dax_probe(struct kds_dev_dax *dev_dax);
int kds_dax_device_dax_remove(struct kds_dev_dax *dev_dax);

/* --------------------------------------------- binding, dynamic regions */

int kds_dev_dax_bind_start(struct kds_dev_dax *dev_dax);
void kds_dev_dax_bind_finish(struct kds_dev_dax *dev_dax, int rc);
void kds_dev_dax_unbind(struct kds_dev_dax *dev_dax);
bool kds_dev_dax_is_bound(const struct kds_dev_dax *dev_dax);
bool kds_dax_region_is_dynamic(const struct kds_dax_region *region);
kds_u64 kds_dax_region_available(struct kds_dax_region *region);
bool kds_dax_align_valid(unsigned long align);
int kds_dev_dax_add_range(struct kds_dev_dax *dev_dax, kds_u64 start,
			  kds_u64 size);
int kds_dev_dax_resize(struct kds_dev_dax *dev_dax, kds_u64 size);
int kds_dev_dax_set_align(struct kds_dev_dax *dev_dax, unsigned long align);
int kds_dev_dax_free_ranges(struct kds_dev_dax *dev_dax);
unsigned int kds_dev_dax_nr_ranges(struct kds_dev_dax *dev_dax);
int kds_dev_dax_get_range(struct kds_dev_dax *dev_dax, unsigned int idx,
			  struct kds_dax_range *range);
unsigned long kds_dev_dax_get_align(const struct kds_dev_dax *dev_dax);
int kds_dax_region_may_create(struct kds_dax_region *region, const char *buf,
			      size_t count);
void kds_dev_dax_created(struct kds_dev_dax *dev_dax);
int kds_dev_dax_delete(struct kds_dev_dax *dev_dax);
bool kds_dax_name_is(const struct kds_dev_dax *dev_dax, const char *buf,
		     size_t count);
ssize_t kds_dev_dax_size_store(struct kds_dev_dax *dev_dax, const char *buf,
			       size_t count);
ssize_t kds_dev_dax_mapping_store(struct kds_dev_dax *dev_dax, const char *buf,
				  size_t count);
ssize_t kds_dev_dax_align_store(struct kds_dev_dax *dev_dax, const char *buf,
				size_t count);
ssize_t kds_dev_dax_mapping_attr_show(struct kds_dev_dax *dev_dax,
				      unsigned int idx, const char *name,
				      char *buf);

/* -------------------------------------------------------- attributes */

/**
 * struct kds_dax_region_attr - one sysfs attribute of a region (shown in
 * the parent's "dax_region" group).
 * @name: file name.
 * @mode: file mode when visible (read-only: 0444).
 * @show: formats the value into a %KDS_DAX_ATTR_BUF_SIZE buffer and
 *        returns the byte count, exactly as a sysfs show does; NULL for a
 *        write-only file. The stores of a region's files (create, delete)
 *        make and remove devices, which only the glue can: the core gives
 *        their rules (kds_dax_region_may_create(), kds_dev_dax_delete()).
 */
struct kds_dax_region_attr {
	const char *name;
	unsigned short mode;
	ssize_t (*show)(struct kds_dax_region *region, char *buf);
};

/**
 * struct kds_dev_dax_attr - one sysfs attribute of a dev_dax.
 * @name: file name.
 * @mode: file mode when visible (read-only: 0444).
 * @show: formats the value into a %KDS_DAX_ATTR_BUF_SIZE buffer and
 *        returns the byte count, exactly as a sysfs show does; NULL for a
 *        write-only file.
 * @store: takes @count bytes at @buf as a sysfs store does and returns
 *         @count or -errno; NULL for a read-only file.
 */
struct kds_dev_dax_attr {
	const char *name;
	unsigned short mode;
	ssize_t (*show)(struct kds_dev_dax *dev_dax, char *buf);
	ssize_t (*store)(struct kds_dev_dax *dev_dax, const char *buf,
			 size_t count);
};

/**
 * struct kds_dax_driver_attr - one sysfs attribute of a dax bus driver
 * that the core implements (new_id, remove_id; bind and unbind belong to
 * the driver core of the glue).
 * @name: file name.
 * @mode: file mode (write-only: 0200).
 * @store: parses @count bytes at @buf; returns @count or -errno.
 */
struct kds_dax_driver_attr {
	const char *name;
	unsigned short mode;
	ssize_t (*store)(struct kds_dax_driver *drv, const char *buf,
			 size_t count);
};

/*
 * The attribute tables a glue turns into sysfs files, one entry per file,
 * in a stable order (see attrs.c). Visibility is decided per object by
 * kds_dax_region_attr_visible() and kds_dev_dax_attr_visible().
 */
/*! kds_dax_region_attrs - region attributes: id, size, align, target_node, available_size, seed, create, delete. */
extern const struct kds_dax_region_attr kds_dax_region_attrs[];
/*! kds_dax_region_nr_attrs - number of entries in kds_dax_region_attrs. */
extern const unsigned int kds_dax_region_nr_attrs;
/*! kds_dev_dax_attrs - dev_dax attributes: modalias, size, target_node, align, resource, numa_node, mapping. */
extern const struct kds_dev_dax_attr kds_dev_dax_attrs[];
/*! kds_dev_dax_nr_attrs - number of entries in kds_dev_dax_attrs. */
extern const unsigned int kds_dev_dax_nr_attrs;
/*! kds_dax_driver_attrs - driver attributes: new_id, remove_id. */
extern const struct kds_dax_driver_attr kds_dax_driver_attrs[];
/*! kds_dax_driver_nr_attrs - number of entries in kds_dax_driver_attrs. */
extern const unsigned int kds_dax_driver_nr_attrs;

unsigned short kds_dax_region_attr_visible(const struct kds_dax_region *region,
					   unsigned int idx);
unsigned short kds_dev_dax_attr_visible(const struct kds_dev_dax *dev_dax,
					unsigned int idx);

ssize_t kds_dax_region_id_show(struct kds_dax_region *region, char *buf);
ssize_t kds_dax_region_size_show(struct kds_dax_region *region, char *buf);
ssize_t kds_dax_region_align_show(struct kds_dax_region *region, char *buf);
ssize_t kds_dax_region_target_node_show(struct kds_dax_region *region,
					char *buf);
ssize_t kds_dev_dax_modalias_show(struct kds_dev_dax *dev_dax, char *buf);
ssize_t kds_dev_dax_size_show(struct kds_dev_dax *dev_dax, char *buf);
ssize_t kds_dev_dax_target_node_show(struct kds_dev_dax *dev_dax, char *buf);
ssize_t kds_dax_region_available_size_show(struct kds_dax_region *region,
					   char *buf);
ssize_t kds_dev_dax_align_show(struct kds_dev_dax *dev_dax, char *buf);
ssize_t kds_dev_dax_resource_show(struct kds_dev_dax *dev_dax, char *buf);
ssize_t kds_dev_dax_numa_node_show(struct kds_dev_dax *dev_dax, char *buf);
ssize_t kds_dev_dax_memmap_on_memory_show(struct kds_dev_dax *dev_dax,
					  char *buf);
ssize_t kds_dev_dax_memmap_on_memory_store(struct kds_dev_dax *dev_dax,
					   const char *buf, size_t count);
ssize_t kds_dax_region_attr_show(struct kds_dax_region *region,
				 const char *name, char *buf);
ssize_t kds_dev_dax_attr_show(struct kds_dev_dax *dev_dax, const char *name,
			      char *buf);
ssize_t kds_dev_dax_attr_store(struct kds_dev_dax *dev_dax, const char *name,
			       const char *buf, size_t count);
ssize_t kds_dax_region_seed_show(struct kds_dax_region *region, char *buf);
ssize_t kds_dax_region_create_show(struct kds_dax_region *region, char *buf);

/* -------------------------------------------------------------- kmem */

/**
 * struct kds_dax_kmem_ops - what the platform does for kmem; the core only
 * decides the range.
 * @memory_block_size: hot-plug granularity in bytes (a power of two).
 * @reserve: claim [@start, @start + @size) for @name; -EBUSY when any
 *           part is already claimed.
 * @unreserve: give back a claim made by @reserve (when @add_memory fails,
 *             or once @remove_memory has taken the memory back).
 * @add_memory: hand the range to the page allocator on node @nid; with
 *              @memmap_on_memory (the device's memmap_on_memory file),
 *              the range's own memmap is placed on it (Linux 6.8+'s
 *              MHP_MEMMAP_ON_MEMORY), so less of it is usable memory.
 * @remove_memory: take a range added by @add_memory back from the page
 *                 allocator (offline it, then remove it); -ENOENT for a
 *                 range @add_memory never added (the probe skipped it):
 *                 nothing to give back; another -errno when it cannot
 *                 (memory in use), and the range then stays memory and
 *                 stays claimed.
 */
struct kds_dax_kmem_ops {
	kds_u64 (*memory_block_size)(void *ctx);
	int (*reserve)(void *ctx, kds_u64 start, kds_u64 size, const char *name);
	void (*unreserve)(void *ctx, kds_u64 start, kds_u64 size);
	int (*add_memory)(void *ctx, int nid, kds_u64 start, kds_u64 size,
			  bool memmap_on_memory);
	int (*remove_memory)(void *ctx, int nid, kds_u64 start, kds_u64 size);
};

/**
 * struct kds_dax_claims - the ranges kmem has claimed on one platform.
 * @lock: guards @list.
 * @list: &struct kds_dax_claim entries, in claim order.
 *
 * Both glues keep one and implement &kds_dax_kmem_ops.reserve and
 * .unreserve with kds_dax_claim() and kds_dax_unclaim(): the overlap rule
 * lives here. Initialise with kds_dax_claims_init().
 */
struct kds_dax_claims {
	struct kds_mutex lock;
	struct kds_list_head list;
};

/**
 * struct kds_dax_claim - one claimed range.
 * @node: link in &kds_dax_claims.list.
 * @start: first byte.
 * @size: size in bytes (> 0).
 */
struct kds_dax_claim {
	struct kds_list_head node;
	kds_u64 start;
	kds_u64 size;
};

void kds_dax_claims_init(struct kds_dax_claims *claims);
void kds_dax_claims_destroy(struct kds_dax_claims *claims);
int kds_dax_claim(struct kds_dax_claims *claims, kds_u64 start, kds_u64 size);
int kds_dax_unclaim(struct kds_dax_claims *claims, kds_u64 start, kds_u64 size);
bool kds_dax_is_claimed(struct kds_dax_claims *claims, kds_u64 start, kds_u64 size);

int kds_dax_kmem_range(kds_u64 start, kds_u64 size, kds_u64 block_size,
		       kds_u64 *kmem_start, kds_u64 *kmem_size);
int kds_dax_kmem_probe(struct kds_dev_dax *dev_dax,
		       const struct kds_dax_kmem_ops *ops, void *ctx);
int kds_dax_kmem_remove(struct kds_dev_dax *dev_dax,
			const struct kds_dax_kmem_ops *ops, void *ctx);

/* ----------------------------------------------------------- mapping */

/**
 * KDS_DAX_NO_PHYS - kds_dax_pgoff_to_phys(): no physical address.
 */
#define KDS_DAX_NO_PHYS		(~(kds_u64)0)

/**
 * struct kds_dax_vma - what kds_dax_check_vma() reads of a mapping.
 * @start: first address.
 * @end: end address (exclusive).
 * @shared: a shared mapping (VM_MAYSHARE): the only kind a device-dax
 *          gives.
 * @dax: the mm faults it as DAX (vma_is_dax(): huge faults are asked for);
 *       false in a kernel without FS_DAX.
 */
struct kds_dax_vma {
	kds_u64 start;
	kds_u64 end;
	bool shared;
	bool dax;
};

/**
 * enum kds_dax_map_why - why kds_dax_check_vma() refused a mapping.
 * @KDS_DAX_MAP_OK: accepted.
 * @KDS_DAX_MAP_INVALID: the arguments themselves are invalid.
 * @KDS_DAX_MAP_DEAD: the device is not running (-ENXIO).
 * @KDS_DAX_MAP_PRIVATE: a private mapping (-EINVAL).
 * @KDS_DAX_MAP_UNALIGNED: start or end not a multiple of the align
 *                         (-EINVAL).
 * @KDS_DAX_MAP_NOT_DAX: the mm would not fault it as DAX, and the align
 *                       needs huge faults (-EINVAL).
 */
enum kds_dax_map_why {
	KDS_DAX_MAP_OK,
	KDS_DAX_MAP_INVALID,
	KDS_DAX_MAP_DEAD,
	KDS_DAX_MAP_PRIVATE,
	KDS_DAX_MAP_UNALIGNED,
	KDS_DAX_MAP_NOT_DAX,
};

/**
 * enum kds_dax_fault - what a fault of one size does.
 * @KDS_DAX_FAULT_INSERT: map the unit around the address.
 * @KDS_DAX_FAULT_FALLBACK: let the mm retry with a smaller size.
 * @KDS_DAX_FAULT_SIGBUS: the access fails.
 */
enum kds_dax_fault {
	KDS_DAX_FAULT_INSERT,
	KDS_DAX_FAULT_FALLBACK,
	KDS_DAX_FAULT_SIGBUS,
};

int kds_dax_check_vma(bool alive, unsigned long align,
		      const struct kds_dax_vma *vma, enum kds_dax_map_why *why);
const char *kds_dax_map_why_str(enum kds_dax_map_why why);
kds_u64 kds_dax_pgoff_to_phys(const struct kds_dax_range *ranges,
			      unsigned int nr, kds_u64 pgoff, kds_u64 size);
int kds_dax_fault_decide(unsigned long align, unsigned long fault_size,
			 kds_u64 vma_start, kds_u64 vma_end, kds_u64 address,
			 kds_u64 *base);
kds_u64 kds_dax_unmapped_area_len(kds_u64 len, kds_u64 pgoff,
				  unsigned long align);
kds_u64 kds_dax_unmapped_area_fit(kds_u64 addr, kds_u64 pgoff,
				  unsigned long align);
int kds_dax_may_split(kds_u64 addr, unsigned long align);

__KDS_END_DECLS

#endif /* KDS_DAX_BUS_H */
