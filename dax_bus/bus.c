// SPDX-License-Identifier: GPL-2.0
/*
 * bus.c - dax bus core: device-name ids, per-driver id lists under one bus
 * lock, the match rule and the new_id / remove_id stores.
 */
#include "kds_port.h"
#include "kds/dax_bus.h"

/*
 * kds_dax_names_kds - the names of kds's own bus, which lives beside the
 * kernel's dax bus (the default of kds.ko).
 */
const struct kds_dax_bus_names kds_dax_names_kds = {
	.bus = "kds_dax",
	.device_dax = "kds_device_dax",
	.kmem = "kds_kmem",
	.system = false,
};

/*
 * kds_dax_names_system - the names of the system's dax bus, the ones
 * libdaxctl (daxctl) looks for: /sys/bus/dax, drivers device_dax and kmem.
 */
const struct kds_dax_bus_names kds_dax_names_system = {
	.bus = "dax",
	.device_dax = "device_dax",
	.kmem = "kmem",
	.system = true,
};

/**
 * kds_dax_bus_names_find() - the name set of a dax bus, by bus name.
 * @bus: "kds_dax" or "dax", exactly (no newline, no other spelling).
 *
 * Context: any context.
 * Return: &kds_dax_names_kds or &kds_dax_names_system; NULL for NULL or any
 * other name.
 */
const struct kds_dax_bus_names *kds_dax_bus_names_find(const char *bus)
{
	if (!bus)
		return NULL;
	if (strcmp(bus, kds_dax_names_kds.bus) == 0)
		return &kds_dax_names_kds;
	if (strcmp(bus, kds_dax_names_system.bus) == 0)
		return &kds_dax_names_system;
	return NULL;
}

/*
 * Read one decimal number of at most INT_MAX from @s[*pos, len). Leading
 * zeros are refused (a name never prints them), as are signs and spaces:
 * only what "%d" prints back for a non-negative int is accepted.
 */
static int kds_dax_lex_number(const char *s, size_t len, size_t *pos, int *out)
{
	size_t first = *pos, i = *pos;
	int val = 0;

	while (i < len && s[i] >= '0' && s[i] <= '9') {
		int digit = s[i] - '0';

		if (val > (INT_MAX - digit) / 10)
			return -EINVAL;
		val = val * 10 + digit;
		i++;
	}
	if (i == first)
		return -EINVAL;
	if (s[first] == '0' && i - first > 1)
		return -EINVAL;
	*pos = i;
	*out = val;
	return 0;
}

/**
 * kds_dax_format_name() - form the name of device @id in region @region.
 * @buf: destination.
 * @size: size of @buf; %KDS_DAX_NAME_LEN always suffices.
 * @region: region number, >= 0.
 * @id: device number, >= 0.
 *
 * Context: any context.
 * Return: the length of "dax<region>.<id>" written to @buf (NUL
 * terminated), -EINVAL when @region or @id is negative, -ENAMETOOLONG
 * when @buf is too small.
 */
int kds_dax_format_name(char *buf, size_t size, int region, int id)
{
	char tmp[KDS_DAX_NAME_LEN];
	int len;

	if (!buf || region < 0 || id < 0)
		return -EINVAL;
	len = scnprintf(tmp, sizeof(tmp), "dax%d.%d", region, id);
	if ((size_t)len >= size)
		return -ENAMETOOLONG;
	memcpy(buf, tmp, len + 1);
	return len;
}

/**
 * kds_dax_parse_id() - parse a device name written to new_id or remove_id.
 * @buf: the bytes written; need not be NUL terminated.
 * @count: how many bytes were written.
 * @region: set to the region number on success.
 * @id: set to the device number on success.
 *
 * The input is the C string at @buf: everything from the first NUL byte
 * on is ignored, as the kernel's sscanf() and sysfs_streq() ignore it
 * (libdaxctl writes strlen(name) + 1 bytes, the NUL included). That
 * string is accepted exactly when it is the text the name formatter
 * prints back for a non-negative @region and @id, optionally followed by
 * one newline (sysfs_streq() semantics): the set Linux 5.1 and 6.1
 * do_id_store() accept, less names with a negative number (no device can
 * carry one, so such an id could never match). Refused: an empty string
 * (no bytes, or a NUL first), a NUL before the name is complete, a second
 * newline, spaces, signs, leading zeros, uppercase, numbers past INT_MAX,
 * a string longer than %KDS_DAX_ID_INPUT_MAX.
 *
 * Context: any context; reads at most %KDS_DAX_ID_INPUT_MAX + 1 bytes and
 * never past @count.
 * Return: 0 on success, -EINVAL otherwise (outputs untouched).
 */
int kds_dax_parse_id(const char *buf, size_t count, int *region, int *id)
{
	char canon[KDS_DAX_NAME_LEN];
	size_t len, pos = 3;
	int r, i, n;

	if (!buf || !region || !id)
		return -EINVAL;
	/* The string ends at the first NUL or at count, whichever is first. */
	len = strnlen(buf, min_t(size_t, count, KDS_DAX_ID_INPUT_MAX + 1));
	if (len == 0 || len > KDS_DAX_ID_INPUT_MAX)
		return -EINVAL;
	if (buf[len - 1] == '\n')
		len--;
	if (len < 3 || memcmp(buf, "dax", 3) != 0)
		return -EINVAL;
	if (kds_dax_lex_number(buf, len, &pos, &r))
		return -EINVAL;
	if (pos >= len || buf[pos] != '.')
		return -EINVAL;
	pos++;
	if (kds_dax_lex_number(buf, len, &pos, &i) || pos != len)
		return -EINVAL;

	/* The rule itself: the numbers must print back to the same text. */
	n = kds_dax_format_name(canon, sizeof(canon), r, i);
	if (n < 0 || (size_t)n != len || memcmp(canon, buf, len) != 0)
		return -EINVAL;

	*region = r;
	*id = i;
	return 0;
}

/**
 * kds_dax_bus_init() - initialise an empty dax bus.
 * @bus: the bus.
 *
 * Context: process context.
 */
void kds_dax_bus_init(struct kds_dax_bus *bus)
{
	if (!bus)
		return;
	mutex_init(&bus->lock);
	bus->default_drv = NULL;
	bus->kmem_drv = NULL;
	bus->nr_drivers = 0;
}

/**
 * kds_dax_bus_destroy() - tear down a dax bus.
 * @bus: the bus; every driver must have been unregistered (warns if not).
 *
 * Context: process context, no other user of @bus.
 */
void kds_dax_bus_destroy(struct kds_dax_bus *bus)
{
	if (!bus)
		return;
	WARN_ON(bus->nr_drivers != 0);
	mutex_destroy(&bus->lock);
}

/**
 * kds_dax_driver_register() - put a driver on the bus.
 * @bus: the bus.
 * @drv: the driver, zero-initialised apart from @drv->name,
 *       @drv->match_always and @drv->kmem_default, not registered anywhere.
 *
 * A match_always driver becomes the bus default, a kmem_default driver the
 * default of %KDS_DAX_REGION_KMEM regions; while one of either is
 * registered a second is refused with -EINVAL, and so is a driver that
 * asks for both slots; nothing about the bus or the refused driver
 * changes. A glue whose own registration step fails after
 * this call undoes it with kds_dax_driver_unregister(), which gives the
 * default slot back.
 *
 * Context: process context; takes the bus lock.
 * Return: 0, -EINVAL for a missing name, a second default or kmem default
 * driver, or one asking for both, -EBUSY when @drv is already registered.
 */
int kds_dax_driver_register(struct kds_dax_bus *bus, struct kds_dax_driver *drv)
{
	int rc = 0;

	if (!bus || !drv || !drv->name || !drv->name[0])
		return -EINVAL;

	mutex_lock(&bus->lock);
	if (drv->registered) {
		rc = -EBUSY;
	} else if (drv->match_always && bus->default_drv) {
		pr_warn("kds dax: %s: a default driver (%s) is already registered\n",
			drv->name, bus->default_drv->name);
		rc = -EINVAL;
	} else if (drv->kmem_default && (bus->kmem_drv || drv->match_always)) {
		pr_warn("kds dax: %s: %s\n", drv->name, drv->match_always ?
			"a driver cannot be both defaults" :
			"a kmem default driver is already registered");
		rc = -EINVAL;
	} else {
		INIT_LIST_HEAD(&drv->ids);
		drv->nr_ids = 0;
		drv->bus = bus;
		if (drv->match_always)
			bus->default_drv = drv;
		if (drv->kmem_default)
			bus->kmem_drv = drv;
		bus->nr_drivers++;
		drv->registered = true;
	}
	mutex_unlock(&bus->lock);
	return rc;
}

/**
 * kds_dax_driver_unregister() - take a driver off the bus.
 * @drv: a registered driver (warns and does nothing otherwise).
 *
 * Frees every id on the driver's list and releases the default slot if
 * the driver held it. Unbinding the driver's devices is the glue's part
 * (the driver core does it in the kernel).
 *
 * Context: process context; takes the bus lock.
 */
void kds_dax_driver_unregister(struct kds_dax_driver *drv)
{
	struct kds_dax_bus *bus;
	struct kds_dax_id *entry, *next;
	LIST_HEAD(doomed);

	if (!drv)
		return;
	bus = drv->bus;
	if (WARN_ON(!bus))
		return;
	mutex_lock(&bus->lock);
	if (WARN_ON(!drv->registered)) {
		mutex_unlock(&bus->lock);
		return;
	}
	if (bus->default_drv == drv)
		bus->default_drv = NULL;
	if (bus->kmem_drv == drv)
		bus->kmem_drv = NULL;
	/* Move the ids out so they are freed outside the lock. */
	if (!list_empty(&drv->ids)) {
		doomed.next = drv->ids.next;
		doomed.prev = drv->ids.prev;
		doomed.next->prev = &doomed;
		doomed.prev->next = &doomed;
	}
	INIT_LIST_HEAD(&drv->ids);
	drv->nr_ids = 0;
	drv->registered = false;
	bus->nr_drivers--;
	mutex_unlock(&bus->lock);

	list_for_each_entry_safe(entry, next, &doomed, node) {
		list_del(&entry->node);
		kfree(entry);
	}
}

static struct kds_dax_id *kds_dax_find_id(struct kds_dax_driver *drv,
					  int region, int id)
{
	struct kds_dax_id *entry;

	lockdep_assert_held(&drv->bus->lock);
	list_for_each_entry(entry, &drv->ids, node)
		if (entry->region == region && entry->id == id)
			return entry;
	return NULL;
}

/**
 * kds_dax_driver_match() - the dax bus match rule.
 * @drv: a driver.
 * @dev_dax: a device.
 *
 * A bus device matches any registered driver whose id list holds its
 * name, and its region's default driver: the kmem_default driver for a
 * %KDS_DAX_REGION_KMEM region while one is registered, else the
 * match_always one (Linux 6.3+'s dax_match_type(); before 6.3 no region
 * was of the kmem kind). A legacy class device matches no bus driver.
 *
 * Context: process context; takes the bus lock.
 * Return: true on a match.
 */
bool kds_dax_driver_match(struct kds_dax_driver *drv,
			  const struct kds_dev_dax *dev_dax)
{
	struct kds_dax_bus *bus;
	bool match;

	if (!drv || !dev_dax)
		return false;
	bus = drv->bus;
	if (dev_dax->subsys != KDS_DEV_DAX_BUS || !bus || !dev_dax->region)
		return false;
	mutex_lock(&bus->lock);
	if (!drv->registered)
		match = false;
	else if (kds_dax_find_id(drv, dev_dax->region->id, dev_dax->id))
		match = true;
	else if ((dev_dax->region->flags & KDS_DAX_REGION_KMEM) && bus->kmem_drv)
		match = bus->kmem_drv == drv;
	else
		match = bus->default_drv == drv;
	mutex_unlock(&bus->lock);
	return match;
}

/**
 * kds_dax_driver_is_registered() - whether a driver is on its bus.
 * @drv: a driver.
 *
 * The core's registration state is the only one: a glue asks here rather
 * than keeping its own flag.
 *
 * Context: process context; takes the bus lock.
 * Return: true between kds_dax_driver_register() and
 * kds_dax_driver_unregister(); false for a driver never registered.
 */
bool kds_dax_driver_is_registered(struct kds_dax_driver *drv)
{
	struct kds_dax_bus *bus = drv ? READ_ONCE(drv->bus) : NULL;
	bool registered;

	if (!bus)
		return false;
	mutex_lock(&bus->lock);
	registered = drv->registered;
	mutex_unlock(&bus->lock);
	return registered;
}

/**
 * kds_dax_driver_has_id() - whether a name is on a driver's id list.
 * @drv: a driver.
 * @region: region number of the name.
 * @id: device number of the name.
 *
 * Context: process context; takes the bus lock.
 * Return: true when "dax<region>.<id>" is listed (false if unregistered).
 */
bool kds_dax_driver_has_id(struct kds_dax_driver *drv, int region, int id)
{
	bool found;

	if (!drv || !drv->bus)
		return false;
	mutex_lock(&drv->bus->lock);
	found = drv->registered && kds_dax_find_id(drv, region, id);
	mutex_unlock(&drv->bus->lock);
	return found;
}

/**
 * kds_dax_driver_nr_ids() - how many names a driver lists.
 * @drv: a driver.
 *
 * Context: process context; takes the bus lock.
 * Return: the number of ids (0 when unregistered).
 */
unsigned int kds_dax_driver_nr_ids(struct kds_dax_driver *drv)
{
	unsigned int nr;

	if (!drv || !drv->bus)
		return 0;
	mutex_lock(&drv->bus->lock);
	nr = drv->registered ? drv->nr_ids : 0;
	mutex_unlock(&drv->bus->lock);
	return nr;
}

/*
 * The new_id and remove_id stores differ only in what they do to the list
 * once the name is parsed and the driver is known to be registered: @add
 * inserts a name that is not listed yet, !@add unlinks one that is.
 */
static ssize_t kds_dax_id_store(struct kds_dax_driver *drv, const char *buf,
				size_t count, bool add)
{
	struct kds_dax_bus *bus;
	struct kds_dax_id *entry, *stale = NULL;
	ssize_t rc = (ssize_t)count;
	int region, id;

	if (!drv || kds_dax_parse_id(buf, count, &region, &id))
		return -EINVAL;
	bus = drv->bus;
	if (!bus)
		return -ENODEV;

	mutex_lock(&bus->lock);
	if (!drv->registered) {
		rc = -ENODEV;
		goto unlock;
	}
	entry = kds_dax_find_id(drv, region, id);
	if (!add && entry) {
		list_del(&entry->node);
		drv->nr_ids--;
		stale = entry;
	} else if (add && !entry) {
		if (drv->nr_ids >= KDS_DAX_MAX_IDS) {
			rc = -ENOSPC;
			goto unlock;
		}
		entry = kzalloc(sizeof(*entry), GFP_KERNEL);
		if (!entry) {
			rc = -ENOMEM;
			goto unlock;
		}
		entry->region = region;
		entry->id = id;
		list_add_tail(&entry->node, &drv->ids);
		drv->nr_ids++;
	}
unlock:
	mutex_unlock(&bus->lock);
	kfree(stale);
	return rc;
}

/**
 * kds_dax_new_id_store() - the new_id attribute: add a name to a driver.
 * @drv: the driver.
 * @buf: bytes written (need not be NUL terminated).
 * @count: number of bytes.
 *
 * Adding a name that is already listed succeeds and adds nothing. The
 * core only updates the list; attaching the driver to a matching unbound
 * device afterwards is the glue's part (driver_attach() in the kernel).
 *
 * Context: process context; takes the bus lock, may sleep to allocate.
 * Return: @count on success; -EINVAL for a malformed name (see
 * kds_dax_parse_id()); -ENODEV when @drv is not registered; -ENOSPC when
 * the list holds %KDS_DAX_MAX_IDS names already and this one is new;
 * -ENOMEM (list unchanged in both).
 */
ssize_t kds_dax_new_id_store(struct kds_dax_driver *drv, const char *buf,
			     size_t count)
{
	return kds_dax_id_store(drv, buf, count, true);
}

/**
 * kds_dax_remove_id_store() - the remove_id attribute: drop a name.
 * @drv: the driver.
 * @buf: bytes written (need not be NUL terminated).
 * @count: number of bytes.
 *
 * Removing a name that is not listed succeeds. A device already bound
 * through the name stays bound.
 *
 * Context: process context; takes the bus lock.
 * Return: @count on success; -EINVAL for a malformed name; -ENODEV when
 * @drv is not registered.
 */
ssize_t kds_dax_remove_id_store(struct kds_dax_driver *drv, const char *buf,
				size_t count)
{
	return kds_dax_id_store(drv, buf, count, false);
}
