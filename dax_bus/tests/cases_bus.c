// SPDX-License-Identifier: GPL-2.0
/*
 * cases_bus.c - the dax bus core's cases, run in both worlds: driver
 * registration, id lists and the match rule; regions, the dev_dax
 * lifecycle, attributes and their lookup by name; the kmem range rule and
 * probe decisions over a fake memory platform; device_dax's mapping rules.
 * kds_test.ko runs this suite in the kernel; //dax_bus:bus_cases_test runs
 * it in userspace.
 *
 * The cases that provoke allocation failures or count the port's warnings
 * stay in the userspace-only tests/bus_test.c, region_test.c and
 * kmem_test.c.
 *
 * Includes only the port and the dax bus header.
 */
#include "kds_port.h"
#include "kds_expect.h"
#include "kds/dax_bus.h"

#define DAX_SZ_2M	(2ULL << 20)
#define DAX_SZ_128M	(128ULL << 20)
#define DAX_SZ_1G	(1ULL << 30)

/* ------------------------------------------------------ drivers, ids */

struct dax_bus_fixture {
	struct kds_dax_bus bus;
	struct kds_dax_region *region;
	struct kds_dev_dax dev0, dev1, legacy;
};

/* A bus, a region and three devices on it (two bus, one class device). */
static bool dax_bus_fixture_init(struct kds_expect *e, struct dax_bus_fixture *f)
{
	memset(f, 0, sizeof(*f));
	kds_dax_bus_init(&f->bus);
	f->region = kds_dax_region_alloc(NULL, 0, 0x100000000ULL,
					 1ULL << 30, 1, 1 << 21, 0);
	if (!KDS_EXPECT(e, !IS_ERR(f->region)))
		return false;
	return KDS_EXPECT_EQ(e, kds_dev_dax_init(&f->dev0, f->region, 0, KDS_DEV_DAX_BUS), 0) &&
	       KDS_EXPECT_EQ(e, kds_dev_dax_init(&f->dev1, f->region, 1, KDS_DEV_DAX_BUS), 0) &&
	       KDS_EXPECT_EQ(e, kds_dev_dax_init(&f->legacy, f->region, 2, KDS_DEV_DAX_CLASS), 0);
}

static void dax_bus_fixture_fini(struct dax_bus_fixture *f)
{
	kds_dev_dax_release(&f->dev0);
	kds_dev_dax_release(&f->dev1);
	kds_dev_dax_release(&f->legacy);
	kds_dax_region_unregister(f->region);
	kds_dax_region_put(f->region);
	kds_dax_bus_destroy(&f->bus);
}

/* A bus with one driver registered on it, and its teardown. */
static bool dax_bus_up(struct kds_expect *e, struct kds_dax_bus *bus,
		       struct kds_dax_driver *drv)
{
	kds_dax_bus_init(bus);
	return KDS_EXPECT_EQ(e, kds_dax_driver_register(bus, drv), 0);
}

static void dax_bus_down(struct kds_dax_bus *bus, struct kds_dax_driver *drv)
{
	kds_dax_driver_unregister(drv);
	kds_dax_bus_destroy(bus);
}

static void dax_bus_default_driver_matches_every_bus_device(struct kds_expect *e)
{
	struct dax_bus_fixture f;
	struct kds_dax_driver dd = { .name = "device_dax", .match_always = true };

	if (!dax_bus_fixture_init(e, &f))
		return;
	KDS_EXPECT_EQ(e, kds_dax_driver_register(&f.bus, &dd), 0);
	KDS_EXPECT(e, kds_dax_driver_match(&dd, &f.dev0));
	KDS_EXPECT(e, kds_dax_driver_match(&dd, &f.dev1));
	kds_dax_driver_unregister(&dd);
	KDS_EXPECT(e, !kds_dax_driver_match(&dd, &f.dev0));	/* unregistered drivers match nothing */
	dax_bus_fixture_fini(&f);
}

static void dax_bus_class_devices_never_match(struct kds_expect *e)
{
	struct dax_bus_fixture f;
	struct kds_dax_driver dd = { .name = "device_dax", .match_always = true };
	struct kds_dax_driver kmem = { .name = "kmem" };

	if (!dax_bus_fixture_init(e, &f))
		return;
	KDS_EXPECT_EQ(e, kds_dax_driver_register(&f.bus, &dd), 0);
	KDS_EXPECT_EQ(e, kds_dax_driver_register(&f.bus, &kmem), 0);
	KDS_EXPECT_EQ(e, kds_dax_new_id_store(&kmem, "dax0.2", 6), 6);
	KDS_EXPECT(e, !kds_dax_driver_match(&dd, &f.legacy));
	KDS_EXPECT(e, !kds_dax_driver_match(&kmem, &f.legacy));
	kds_dax_driver_unregister(&kmem);
	kds_dax_driver_unregister(&dd);
	dax_bus_fixture_fini(&f);
}

static void dax_bus_id_driver_matches_listed_names_only(struct kds_expect *e)
{
	struct dax_bus_fixture f;
	struct kds_dax_driver kmem = { .name = "kmem" };

	if (!dax_bus_fixture_init(e, &f))
		return;
	KDS_EXPECT_EQ(e, kds_dax_driver_register(&f.bus, &kmem), 0);
	KDS_EXPECT(e, !kds_dax_driver_match(&kmem, &f.dev0));	/* kmem matches nothing by default */
	KDS_EXPECT_EQ(e, kds_dax_new_id_store(&kmem, "dax0.1\n", 7), 7);
	KDS_EXPECT(e, !kds_dax_driver_match(&kmem, &f.dev0));
	KDS_EXPECT(e, kds_dax_driver_match(&kmem, &f.dev1));
	KDS_EXPECT_EQ(e, kds_dax_remove_id_store(&kmem, "dax0.1", 6), 6);
	KDS_EXPECT(e, !kds_dax_driver_match(&kmem, &f.dev1));
	kds_dax_driver_unregister(&kmem);
	dax_bus_fixture_fini(&f);
}

static void dax_bus_remove_of_absent_id_succeeds(struct kds_expect *e)
{
	struct kds_dax_bus bus;
	struct kds_dax_driver kmem = { .name = "kmem" };

	if (!dax_bus_up(e, &bus, &kmem))
		return;
	KDS_EXPECT_EQ(e, kds_dax_remove_id_store(&kmem, "dax5.5\n", 7), 7);
	KDS_EXPECT_EQ(e, kds_dax_new_id_store(&kmem, "dax1.1", 6), 6);
	KDS_EXPECT_EQ(e, kds_dax_remove_id_store(&kmem, "dax1.2", 6), 6);
	KDS_EXPECT_EQ(e, kds_dax_driver_nr_ids(&kmem), 1);
	KDS_EXPECT_EQ(e, kds_dax_remove_id_store(&kmem, "dax1.1", 6), 6);
	KDS_EXPECT_EQ(e, kds_dax_remove_id_store(&kmem, "dax1.1", 6), 6);
	KDS_EXPECT_EQ(e, kds_dax_driver_nr_ids(&kmem), 0);
	dax_bus_down(&bus, &kmem);
}

/*
 * The list holds KDS_DAX_MAX_IDS names: one more new name is refused with
 * -ENOSPC and changes nothing; a listed name still succeeds; a removal
 * makes room again.
 */
static void dax_bus_new_id_list_is_bounded(struct kds_expect *e)
{
	struct kds_dax_bus bus;
	struct kds_dax_driver kmem = { .name = "kmem" };
	char name[32];
	int i, len, refused = 0;

	if (!dax_bus_up(e, &bus, &kmem))
		return;
	for (i = 0; i < KDS_DAX_MAX_IDS; i++) {
		len = snprintf(name, sizeof(name), "dax%d.%d", i / 64, i % 64);
		if (kds_dax_new_id_store(&kmem, name, len) != len)
			refused++;
	}
	KDS_EXPECT_EQ(e, refused, 0);
	KDS_EXPECT_EQ(e, kds_dax_driver_nr_ids(&kmem), KDS_DAX_MAX_IDS);
	KDS_EXPECT_EQ(e, kds_dax_new_id_store(&kmem, "dax9999.0", 9), -ENOSPC);
	KDS_EXPECT_EQ(e, kds_dax_driver_nr_ids(&kmem), KDS_DAX_MAX_IDS);
	KDS_EXPECT_EQ(e, kds_dax_new_id_store(&kmem, "dax0.5\n", 7), 7);
	KDS_EXPECT_EQ(e, kds_dax_driver_nr_ids(&kmem), KDS_DAX_MAX_IDS);
	KDS_EXPECT_EQ(e, kds_dax_remove_id_store(&kmem, "dax0.5", 6), 6);
	KDS_EXPECT_EQ(e, kds_dax_new_id_store(&kmem, "dax9999.0", 9), 9);
	KDS_EXPECT_EQ(e, kds_dax_driver_nr_ids(&kmem), KDS_DAX_MAX_IDS);
	dax_bus_down(&bus, &kmem);
}

static void dax_bus_negative_name_is_refused_by_new_id(struct kds_expect *e)
{
	struct kds_dax_bus bus;
	struct kds_dax_driver kmem = { .name = "kmem" };

	if (!dax_bus_up(e, &bus, &kmem))
		return;
	KDS_EXPECT_EQ(e, kds_dax_new_id_store(&kmem, "dax-1.0", 7), -EINVAL);
	KDS_EXPECT_EQ(e, kds_dax_new_id_store(&kmem, "dax-1.0\n", 8), -EINVAL);
	KDS_EXPECT_EQ(e, kds_dax_remove_id_store(&kmem, "dax-1.0", 7), -EINVAL);
	KDS_EXPECT_EQ(e, kds_dax_driver_nr_ids(&kmem), 0);
	dax_bus_down(&bus, &kmem);
}

/*
 * A kmem region (Linux 6.3+'s IORESOURCE_DAX_KMEM, dax_hmem's regions):
 * its devices default to the kmem driver, the default driver takes them by
 * id only, and without a kmem driver the default driver takes them again;
 * a plain region's devices are the default driver's as before.
 */
static void dax_bus_kmem_region_defaults_to_kmem(struct kds_expect *e)
{
	struct dax_bus_fixture f;
	struct kds_dax_driver dd = { .name = "device_dax", .match_always = true };
	struct kds_dax_driver kmem = { .name = "kmem", .kmem_default = true };
	struct kds_dax_region *kr;
	struct kds_dev_dax k0, k1;

	if (!dax_bus_fixture_init(e, &f))
		return;
	kr = kds_dax_region_alloc(NULL, 1, 0x200000000ULL, DAX_SZ_1G, 1, 1 << 21,
				  KDS_DAX_REGION_KMEM);
	if (!KDS_EXPECT(e, !IS_ERR(kr)))
		goto out;
	if (!KDS_EXPECT_EQ(e, kds_dev_dax_init(&k0, kr, 0, KDS_DEV_DAX_BUS), 0))
		goto out_region;
	if (!KDS_EXPECT_EQ(e, kds_dev_dax_init(&k1, kr, 1, KDS_DEV_DAX_BUS), 0))
		goto out_k0;
	KDS_EXPECT_EQ(e, kds_dax_driver_register(&f.bus, &dd), 0);
	/* no kmem driver yet: the default driver takes every device */
	KDS_EXPECT(e, kds_dax_driver_match(&dd, &k0));
	KDS_EXPECT_EQ(e, kds_dax_driver_register(&f.bus, &kmem), 0);
	KDS_EXPECT_PTR_EQ(e, f.bus.kmem_drv, &kmem);
	KDS_EXPECT(e, kds_dax_driver_match(&kmem, &k0));
	KDS_EXPECT(e, kds_dax_driver_match(&kmem, &k1));
	KDS_EXPECT(e, !kds_dax_driver_match(&dd, &k0));
	KDS_EXPECT(e, !kds_dax_driver_match(&dd, &k1));
	/* plain region: as before */
	KDS_EXPECT(e, kds_dax_driver_match(&dd, &f.dev0));
	KDS_EXPECT(e, !kds_dax_driver_match(&kmem, &f.dev0));
	KDS_EXPECT(e, !kds_dax_driver_match(&kmem, &f.legacy));
	/* an id brings a kmem region's device to the default driver */
	KDS_EXPECT_EQ(e, kds_dax_new_id_store(&dd, "dax1.1", 6), 6);
	KDS_EXPECT(e, kds_dax_driver_match(&dd, &k1));
	KDS_EXPECT(e, !kds_dax_driver_match(&dd, &k0));
	KDS_EXPECT(e, kds_dax_driver_match(&kmem, &k1));	/* still kmem's by type */
	kds_dax_driver_unregister(&kmem);
	KDS_EXPECT(e, !f.bus.kmem_drv);
	KDS_EXPECT(e, kds_dax_driver_match(&dd, &k0));
	kds_dax_driver_unregister(&dd);
	kds_dev_dax_release(&k1);
out_k0:
	kds_dev_dax_release(&k0);
out_region:
	kds_dax_region_unregister(kr);
	kds_dax_region_put(kr);
out:
	dax_bus_fixture_fini(&f);
}

/* One kmem default per bus, never also the default; refusals change nothing. */
static void dax_bus_kmem_default_slot(struct kds_expect *e)
{
	struct kds_dax_bus bus;
	struct kds_dax_driver a = { .name = "kmem", .kmem_default = true };
	struct kds_dax_driver b = { .name = "kmem2", .kmem_default = true };
	struct kds_dax_driver both = { .name = "both", .match_always = true, .kmem_default = true };
	struct kds_dax_driver b_before;

	if (!dax_bus_up(e, &bus, &a))
		return;
	memcpy(&b_before, &b, sizeof(b));
	KDS_EXPECT_EQ(e, kds_dax_driver_register(&bus, &b), -EINVAL);
	KDS_EXPECT_EQ(e, memcmp(&b_before, &b, sizeof(b)), 0);
	KDS_EXPECT_EQ(e, kds_dax_driver_register(&bus, &both), -EINVAL);
	KDS_EXPECT_PTR_EQ(e, bus.kmem_drv, &a);
	KDS_EXPECT(e, !bus.default_drv);
	KDS_EXPECT_EQ(e, bus.nr_drivers, 1);
	kds_dax_driver_unregister(&a);
	KDS_EXPECT(e, !bus.kmem_drv);
	KDS_EXPECT_EQ(e, kds_dax_driver_register(&bus, &b), 0);
	KDS_EXPECT_EQ(e, kds_dax_driver_register(&bus, &both), -EINVAL);
	dax_bus_down(&bus, &b);
}

static void dax_bus_second_default_driver_leaves_no_trace(struct kds_expect *e)
{
	struct kds_dax_bus bus;
	struct kds_dax_driver a = { .name = "device_dax", .match_always = true };
	struct kds_dax_driver b = { .name = "other_dax", .match_always = true };
	struct kds_dax_driver b_before;

	if (!dax_bus_up(e, &bus, &a))
		return;
	memcpy(&b_before, &b, sizeof(b));
	KDS_EXPECT_EQ(e, kds_dax_driver_register(&bus, &b), -EINVAL);
	KDS_EXPECT_EQ(e, memcmp(&b_before, &b, sizeof(b)), 0);	/* refused driver modified */
	KDS_EXPECT_PTR_EQ(e, bus.default_drv, &a);
	KDS_EXPECT_EQ(e, bus.nr_drivers, 1);
	KDS_EXPECT_EQ(e, kds_dax_new_id_store(&b, "dax0.0", 6), -ENODEV);
	/* Once the first goes, the slot is free again: no counter leaked. */
	kds_dax_driver_unregister(&a);
	KDS_EXPECT_EQ(e, kds_dax_driver_register(&bus, &b), 0);
	KDS_EXPECT_EQ(e, kds_dax_driver_register(&bus, &a), -EINVAL);
	kds_dax_driver_unregister(&b);
	KDS_EXPECT_EQ(e, kds_dax_driver_register(&bus, &a), 0);
	kds_dax_driver_unregister(&a);
	KDS_EXPECT(e, !bus.default_drv);
	KDS_EXPECT_EQ(e, bus.nr_drivers, 0);
	kds_dax_bus_destroy(&bus);
}

static void dax_bus_register_validation(struct kds_expect *e)
{
	struct kds_dax_bus bus;
	struct kds_dax_driver noname = { .name = NULL };
	struct kds_dax_driver empty = { .name = "" };
	struct kds_dax_driver d = { .name = "d" };

	kds_dax_bus_init(&bus);
	KDS_EXPECT_EQ(e, kds_dax_driver_register(&bus, &noname), -EINVAL);
	KDS_EXPECT_EQ(e, kds_dax_driver_register(&bus, &empty), -EINVAL);
	KDS_EXPECT_EQ(e, kds_dax_driver_register(NULL, &d), -EINVAL);
	KDS_EXPECT_EQ(e, kds_dax_driver_register(&bus, &d), 0);
	KDS_EXPECT_EQ(e, kds_dax_driver_register(&bus, &d), -EBUSY);
	KDS_EXPECT_EQ(e, bus.nr_drivers, 1);
	dax_bus_down(&bus, &d);
}

static void dax_bus_unregister_frees_every_id(struct kds_expect *e)
{
	struct kds_dax_bus bus;
	struct kds_dax_driver kmem = { .name = "kmem" };
	char name[KDS_DAX_NAME_LEN];
	long live = kds_alloc_live();

	if (!dax_bus_up(e, &bus, &kmem))
		return;
	for (int i = 0; i < 50; i++) {
		int n = kds_dax_format_name(name, sizeof(name), i % 7, i);

		KDS_EXPECT_EQ(e, kds_dax_new_id_store(&kmem, name, n), n);
	}
	KDS_EXPECT_EQ(e, kds_dax_driver_nr_ids(&kmem), 50);
	KDS_EXPECT_EQ(e, kds_alloc_live(), live + 50);
	kds_dax_driver_unregister(&kmem);
	KDS_EXPECT_EQ(e, kds_alloc_live(), live);
	/* Re-registering starts with an empty list. */
	KDS_EXPECT_EQ(e, kds_dax_driver_register(&bus, &kmem), 0);
	KDS_EXPECT_EQ(e, kds_dax_driver_nr_ids(&kmem), 0);
	KDS_EXPECT(e, !kds_dax_driver_has_id(&kmem, 0, 0));
	dax_bus_down(&bus, &kmem);
}

static void dax_bus_stores_on_unregistered_driver(struct kds_expect *e)
{
	struct kds_dax_bus bus;
	struct kds_dax_driver kmem = { .name = "kmem" };
	struct kds_dax_driver never = { .name = "never" };

	kds_dax_bus_init(&bus);
	KDS_EXPECT_EQ(e, kds_dax_new_id_store(&never, "dax0.0", 6), -ENODEV);
	KDS_EXPECT_EQ(e, kds_dax_remove_id_store(&never, "dax0.0", 6), -ENODEV);
	KDS_EXPECT_EQ(e, kds_dax_new_id_store(&never, "bogus", 5), -EINVAL);
	KDS_EXPECT_EQ(e, kds_dax_driver_register(&bus, &kmem), 0);
	kds_dax_driver_unregister(&kmem);
	KDS_EXPECT_EQ(e, kds_dax_new_id_store(&kmem, "dax0.0", 6), -ENODEV);
	KDS_EXPECT_EQ(e, kds_dax_remove_id_store(&kmem, "dax0.0", 6), -ENODEV);
	KDS_EXPECT_EQ(e, kds_dax_driver_nr_ids(&kmem), 0);
	kds_dax_bus_destroy(&bus);
}

static void dax_bus_driver_attr_table(struct kds_expect *e)
{
	struct kds_dax_bus bus;
	struct kds_dax_driver kmem = { .name = "kmem" };

	if (!dax_bus_up(e, &bus, &kmem))
		return;
	KDS_EXPECT_EQ(e, kds_dax_driver_nr_attrs, 2);
	KDS_EXPECT_STREQ(e, kds_dax_driver_attrs[0].name, "new_id");
	KDS_EXPECT_STREQ(e, kds_dax_driver_attrs[1].name, "remove_id");
	KDS_EXPECT_EQ(e, kds_dax_driver_attrs[0].mode, 0200);
	KDS_EXPECT_EQ(e, kds_dax_driver_attrs[0].store(&kmem, "dax4.2\n", 7), 7);
	KDS_EXPECT(e, kds_dax_driver_has_id(&kmem, 4, 2));
	KDS_EXPECT_EQ(e, kds_dax_driver_attrs[1].store(&kmem, "dax4.2\n", 7), 7);
	KDS_EXPECT(e, !kds_dax_driver_has_id(&kmem, 4, 2));
	dax_bus_down(&bus, &kmem);
}

/*
 * The two name sets: kds's own bus and the system's (libdaxctl's names);
 * any other bus name, or a spelling with a newline, finds nothing.
 */
static void dax_bus_names_kds_and_system(struct kds_expect *e)
{
	const struct kds_dax_bus_names *n;

	n = kds_dax_bus_names_find("kds_dax");
	KDS_EXPECT(e, n == &kds_dax_names_kds);
	KDS_EXPECT_STREQ(e, kds_dax_names_kds.bus, "kds_dax");
	KDS_EXPECT_STREQ(e, kds_dax_names_kds.device_dax, "kds_device_dax");
	KDS_EXPECT_STREQ(e, kds_dax_names_kds.kmem, "kds_kmem");
	KDS_EXPECT(e, !kds_dax_names_kds.system);
	n = kds_dax_bus_names_find("dax");
	KDS_EXPECT(e, n == &kds_dax_names_system);
	KDS_EXPECT_STREQ(e, kds_dax_names_system.bus, "dax");
	KDS_EXPECT_STREQ(e, kds_dax_names_system.device_dax, "device_dax");
	KDS_EXPECT_STREQ(e, kds_dax_names_system.kmem, "kmem");
	KDS_EXPECT(e, kds_dax_names_system.system);
	KDS_EXPECT(e, kds_dax_bus_names_find("dax\n") == NULL);
	KDS_EXPECT(e, kds_dax_bus_names_find("") == NULL);
	KDS_EXPECT(e, kds_dax_bus_names_find("DAX") == NULL);
	KDS_EXPECT(e, kds_dax_bus_names_find("kds_dax0") == NULL);
}

/* ------------------------------------------- regions and dev_dax */

/* Runs @fn with a sysfs-sized buffer (a page: too big for a kernel stack). */
static void dax_with_attr_buf(struct kds_expect *e,
			      void (*fn)(struct kds_expect *e, char *buf))
{
	char *buf = kmalloc(KDS_DAX_ATTR_BUF_SIZE, GFP_KERNEL);

	if (!KDS_EXPECT(e, buf))
		return;
	fn(e, buf);
	kfree(buf);
}

/* Region 0: 2 MiB at address 0, node 0, 2 MiB alignment. */
static struct kds_dax_region *dax_small_region(struct kds_expect *e)
{
	struct kds_dax_region *r = kds_dax_region_alloc(NULL, 0, 0, DAX_SZ_2M, 0, DAX_SZ_2M, 0);

	KDS_EXPECT(e, !IS_ERR(r));
	return r;
}

static void dax_region_attributes_as_sysfs_prints_them_in(struct kds_expect *e, char *buf)
{
	struct kds_dax_region *r;
	const char *want[] = { "7\n", "1073741824\n", "2097152\n", "3\n", "0\n" };

	r = kds_dax_region_alloc(NULL, 7, DAX_SZ_1G, DAX_SZ_1G, 3, DAX_SZ_2M, 0);
	if (!KDS_EXPECT(e, !IS_ERR(r)))
		return;
	KDS_EXPECT_EQ(e, kds_dax_region_nr_attrs, 8);
	/* a static region: the first five files; seed, create, delete hidden */
	for (unsigned int i = 0; i < 5; i++) {
		ssize_t n = kds_dax_region_attrs[i].show(r, buf);

		kds_expect_ctx(e, "%s", kds_dax_region_attrs[i].name);
		/* Compare the text only once its length is known right. */
		if (KDS_EXPECT_EQ(e, n, (ssize_t)strlen(want[i])))
			KDS_EXPECT_EQ(e, memcmp(buf, want[i], n), 0);
		/* align is root-only, as in Linux 6.1; the others read-only for all */
		KDS_EXPECT_EQ(e, kds_dax_region_attr_visible(r, i), i == 2 ? 0400 : 0444);
	}
	KDS_EXPECT_STREQ(e, kds_dax_region_attrs[0].name, "id");
	KDS_EXPECT_STREQ(e, kds_dax_region_attrs[1].name, "size");
	KDS_EXPECT_STREQ(e, kds_dax_region_attrs[2].name, "align");
	KDS_EXPECT_STREQ(e, kds_dax_region_attrs[3].name, "target_node");
	KDS_EXPECT_STREQ(e, kds_dax_region_attrs[4].name, "available_size");
	KDS_EXPECT_STREQ(e, kds_dax_region_attrs[5].name, "seed");
	KDS_EXPECT_STREQ(e, kds_dax_region_attrs[6].name, "create");
	KDS_EXPECT_STREQ(e, kds_dax_region_attrs[7].name, "delete");
	for (unsigned int i = 5; i < 8; i++)
		KDS_EXPECT_EQ(e, kds_dax_region_attr_visible(r, i), 0);
	KDS_EXPECT_EQ(e, kds_dax_region_attr_show(r, "seed", buf), -ENOENT);
	KDS_EXPECT_EQ(e, kds_dax_region_seed_show(r, buf), -EINVAL);
	KDS_EXPECT_EQ(e, kds_dax_region_attr_visible(r, 8), 0);
	r->target_node = -1;
	KDS_EXPECT_EQ(e, kds_dax_region_attr_visible(r, 3), 0);	/* negative node is hidden */
	KDS_EXPECT_EQ(e, kds_dax_region_attr_visible(r, 0), 0444);
	kds_dax_region_get(r);
	kds_dax_region_unregister(r);
	KDS_EXPECT_EQ(e, kds_dax_region_attr_visible(r, 0), 0);	/* unregistered: nothing visible */
	kds_dax_region_put(r);
	kds_dax_region_put(r);
}

static void dax_region_attributes_as_sysfs_prints_them(struct kds_expect *e)
{
	dax_with_attr_buf(e, dax_region_attributes_as_sysfs_prints_them_in);
}

static void dax_region_dev_dax_naming_and_attributes_in(struct kds_expect *e, char *buf)
{
	struct kds_dax_region *r;
	struct kds_dev_dax d = { 0 }, neg = { 0 }, nonode = { 0 };
	ssize_t n;

	r = kds_dax_region_alloc(NULL, 4, DAX_SZ_1G, DAX_SZ_1G, 1, DAX_SZ_2M, 0);
	if (!KDS_EXPECT(e, !IS_ERR(r)))
		return;
	KDS_EXPECT_EQ(e, kds_dev_dax_init(&neg, r, -1, KDS_DEV_DAX_BUS), -EINVAL);
	KDS_EXPECT_EQ(e, kds_dev_dax_init(&neg, r, 0, (enum kds_dev_dax_subsys)9), -EINVAL);
	KDS_EXPECT_EQ(e, kref_read(&r->kref), 2);	/* a refused device took a reference */
	KDS_EXPECT_EQ(e, kds_dev_dax_init(&d, r, 5, KDS_DEV_DAX_BUS), 0);
	KDS_EXPECT_STREQ(e, d.name, "dax4.5");
	KDS_EXPECT_EQ(e, kref_read(&r->kref), 3);
	KDS_EXPECT_EQ(e, kds_dev_dax_size(&d), DAX_SZ_1G);

	KDS_EXPECT_EQ(e, kds_dev_dax_nr_attrs, 8);
	KDS_EXPECT_STREQ(e, kds_dev_dax_attrs[0].name, "modalias");
	n = kds_dev_dax_attrs[0].show(&d, buf);
	KDS_EXPECT_EQ(e, n, 7);
	KDS_EXPECT_EQ(e, memcmp(buf, "dax:t0\n", 7), 0);
	KDS_EXPECT_STREQ(e, kds_dev_dax_attrs[1].name, "size");
	n = kds_dev_dax_attrs[1].show(&d, buf);
	KDS_EXPECT_EQ(e, n, 11);
	KDS_EXPECT_EQ(e, memcmp(buf, "1073741824\n", 11), 0);
	KDS_EXPECT_STREQ(e, kds_dev_dax_attrs[2].name, "target_node");
	n = kds_dev_dax_attrs[2].show(&d, buf);
	KDS_EXPECT_EQ(e, n, 2);
	KDS_EXPECT_EQ(e, memcmp(buf, "1\n", 2), 0);
	/* the 6.1 files libdaxctl reads: align, resource (root only), numa_node */
	KDS_EXPECT_STREQ(e, kds_dev_dax_attrs[3].name, "align");
	n = kds_dev_dax_attrs[3].show(&d, buf);
	KDS_EXPECT_EQ(e, n, 8);
	KDS_EXPECT_EQ(e, memcmp(buf, "2097152\n", 8), 0);
	KDS_EXPECT_STREQ(e, kds_dev_dax_attrs[4].name, "resource");
	n = kds_dev_dax_attr_show(&d, "resource", buf);
	KDS_EXPECT_EQ(e, n, 11);
	KDS_EXPECT_EQ(e, memcmp(buf, "0x40000000\n", 11), 0);
	KDS_EXPECT_STREQ(e, kds_dev_dax_attrs[5].name, "numa_node");
	n = kds_dev_dax_attrs[5].show(&d, buf);
	KDS_EXPECT_EQ(e, n, 2);
	KDS_EXPECT_EQ(e, memcmp(buf, "1\n", 2), 0);
	/* a static region's device: size and align read-only, no mapping */
	KDS_EXPECT_STREQ(e, kds_dev_dax_attrs[6].name, "mapping");
	for (unsigned int i = 0; i < 6; i++) {
		kds_expect_ctx(e, "%s", kds_dev_dax_attrs[i].name);
		KDS_EXPECT_EQ(e, kds_dev_dax_attr_visible(&d, i),
			      strcmp(kds_dev_dax_attrs[i].name, "resource") ? 0444 : 0400);
	}
	KDS_EXPECT_EQ(e, kds_dev_dax_attr_visible(&d, 6), 0);
	/* memmap_on_memory: only on a region whose platform offers it */
	KDS_EXPECT_STREQ(e, kds_dev_dax_attrs[7].name, "memmap_on_memory");
	KDS_EXPECT_EQ(e, kds_dev_dax_attr_visible(&d, 7), 0);
	KDS_EXPECT_EQ(e, kds_dev_dax_attr_visible(&d, 8), 0);
	KDS_EXPECT_EQ(e, kds_dev_dax_attr_store(&d, "size", "0", 1), -EACCES);
	KDS_EXPECT_EQ(e, kds_dev_dax_attr_store(&d, "align", "4096", 4), -EACCES);
	KDS_EXPECT_EQ(e, kds_dev_dax_attr_store(&d, "mapping", "0-fff", 5), -ENOENT);
	KDS_EXPECT_EQ(e, kds_dev_dax_attr_store(&d, "modalias", "x", 1), -EACCES);
	KDS_EXPECT_EQ(e, kds_dev_dax_resize(&d, DAX_SZ_2M), -EINVAL);
	KDS_EXPECT_EQ(e, kds_dev_dax_size(&d), DAX_SZ_1G);

	n = kds_dev_dax_uevent(&d, buf, KDS_DAX_ATTR_BUF_SIZE);
	KDS_EXPECT_EQ(e, n, 15);
	KDS_EXPECT_STREQ(e, buf, "MODALIAS=dax:t0");
	KDS_EXPECT_EQ(e, kds_dev_dax_uevent(&d, buf, 15), -ENOMEM);
	KDS_EXPECT_EQ(e, kds_dev_dax_uevent(&d, buf, 16), 15);

	/* target_node is inherited and hidden when negative */
	r->target_node = -1;
	KDS_EXPECT_EQ(e, kds_dev_dax_init(&nonode, r, 6, KDS_DEV_DAX_BUS), 0);
	KDS_EXPECT_EQ(e, nonode.target_node, -1);
	KDS_EXPECT_EQ(e, kds_dev_dax_attr_visible(&nonode, 2), 0);
	KDS_EXPECT_EQ(e, kds_dev_dax_attr_visible(&nonode, 0), 0444);
	/* numa_node stays visible: no node is -1 */
	KDS_EXPECT_EQ(e, kds_dev_dax_attr_visible(&nonode, 5), 0444);
	n = kds_dev_dax_attr_show(&nonode, "numa_node", buf);
	KDS_EXPECT_EQ(e, n, 3);
	KDS_EXPECT_EQ(e, memcmp(buf, "-1\n", 3), 0);

	kds_dev_dax_release(&d);
	kds_dev_dax_release(&nonode);
	kds_dax_region_unregister(r);
	kds_dax_region_put(r);
}

static void dax_region_dev_dax_naming_and_attributes(struct kds_expect *e)
{
	dax_with_attr_buf(e, dax_region_dev_dax_naming_and_attributes_in);
}

static void dax_region_run_kill_hides_private_data(struct kds_expect *e)
{
	struct kds_dax_region *r = dax_small_region(e);
	struct kds_dev_dax d = { 0 };
	int data = 42;

	if (IS_ERR(r))
		return;
	KDS_EXPECT_EQ(e, kds_dev_dax_init(&d, r, 0, KDS_DEV_DAX_BUS), 0);
	KDS_EXPECT(e, !kds_dev_dax_is_alive(&d));	/* created dead */
	kds_dev_dax_set_private(&d, &data);
	KDS_EXPECT(e, !kds_dev_dax_get_private(&d));	/* private data reachable while dead */
	kds_dev_dax_run(&d);
	KDS_EXPECT_PTR_EQ(e, kds_dev_dax_get_private(&d), &data);
	kds_dev_dax_kill(&d);
	KDS_EXPECT(e, !kds_dev_dax_get_private(&d));
	kds_dev_dax_run(&d);
	KDS_EXPECT_PTR_EQ(e, kds_dev_dax_get_private(&d), &data);	/* run again after kill */
	kds_dev_dax_release(&d);
	KDS_EXPECT(e, !kds_dev_dax_get_private(&d));	/* released device is dead */
	kds_dax_region_put(r);
	kds_dax_region_unregister(r);
}

/* Lookup by file name: one answer per name, -ENOENT for no such file. */
static void dax_region_attribute_show_by_name_in(struct kds_expect *e, char *buf)
{
	struct kds_dax_region *r = kds_dax_region_alloc(NULL, 3, 0, DAX_SZ_1G, -1, DAX_SZ_2M, 0);
	struct kds_dev_dax d = { 0 };

	if (!KDS_EXPECT(e, !IS_ERR(r)))
		return;
	KDS_EXPECT_EQ(e, kds_dev_dax_init(&d, r, 0, KDS_DEV_DAX_BUS), 0);
	KDS_EXPECT_EQ(e, kds_dax_region_attr_show(r, "align", buf), 8);
	KDS_EXPECT_EQ(e, memcmp(buf, "2097152\n", 8), 0);
	KDS_EXPECT_EQ(e, kds_dax_region_attr_show(r, "id", buf), 2);
	KDS_EXPECT_EQ(e, memcmp(buf, "3\n", 2), 0);
	KDS_EXPECT_EQ(e, kds_dev_dax_attr_show(&d, "modalias", buf), 7);
	KDS_EXPECT_EQ(e, memcmp(buf, "dax:t0\n", 7), 0);
	KDS_EXPECT_EQ(e, kds_dev_dax_attr_show(&d, "size", buf), 11);
	KDS_EXPECT_EQ(e, memcmp(buf, "1073741824\n", 11), 0);

	/* Unknown names, names of the other table, near misses. */
	KDS_EXPECT_EQ(e, kds_dax_region_attr_show(r, "modalias", buf), -ENOENT);
	KDS_EXPECT_EQ(e, kds_dax_region_attr_show(r, "", buf), -ENOENT);
	KDS_EXPECT_EQ(e, kds_dax_region_attr_show(r, "align\n", buf), -ENOENT);
	KDS_EXPECT_EQ(e, kds_dev_dax_attr_show(&d, "id", buf), -ENOENT);
	KDS_EXPECT_EQ(e, kds_dev_dax_attr_show(&d, "Size", buf), -ENOENT);
	KDS_EXPECT_EQ(e, kds_dev_dax_attr_show(&d, "available_size", buf), -ENOENT);
	KDS_EXPECT_EQ(e, kds_dev_dax_attr_show(&d, "resource\n", buf), -ENOENT);
	KDS_EXPECT_EQ(e, kds_dax_region_attr_show(r, "resource", buf), -ENOENT);
	/* Hidden files: a negative node hides target_node on both. */
	KDS_EXPECT_EQ(e, kds_dax_region_attr_show(r, "target_node", buf), -ENOENT);
	KDS_EXPECT_EQ(e, kds_dev_dax_attr_show(&d, "target_node", buf), -ENOENT);
	/* NULL arguments. */
	KDS_EXPECT_EQ(e, kds_dax_region_attr_show(NULL, "id", buf), -EINVAL);
	KDS_EXPECT_EQ(e, kds_dax_region_attr_show(r, NULL, buf), -EINVAL);
	KDS_EXPECT_EQ(e, kds_dax_region_attr_show(r, "id", NULL), -EINVAL);
	KDS_EXPECT_EQ(e, kds_dev_dax_attr_show(NULL, "size", buf), -EINVAL);
	KDS_EXPECT_EQ(e, kds_dev_dax_attr_show(&d, NULL, buf), -EINVAL);
	KDS_EXPECT_EQ(e, kds_dev_dax_attr_show(&d, "size", NULL), -EINVAL);
	/* Every region file disappears with the registration. */
	KDS_EXPECT_EQ(e, kds_dax_region_unregister(r), 0);
	KDS_EXPECT_EQ(e, kds_dax_region_attr_show(r, "id", buf), -ENOENT);
	kds_dev_dax_release(&d);
	kds_dax_region_put(r);
}

static void dax_region_attribute_show_by_name(struct kds_expect *e)
{
	dax_with_attr_buf(e, dax_region_attribute_show_by_name_in);
}

static void dax_region_no_device_on_unregistered_region(struct kds_expect *e)
{
	struct kds_dax_region *r = dax_small_region(e);
	struct kds_dev_dax d = { 0 };

	if (IS_ERR(r))
		return;
	kds_dax_region_unregister(r);
	KDS_EXPECT_EQ(e, kds_dev_dax_init(&d, r, 0, KDS_DEV_DAX_BUS), -ENXIO);
	KDS_EXPECT_EQ(e, kref_read(&r->kref), 1);
	kds_dax_region_put(r);
}

/* ------------------------------------------------------------- kmem */

struct dax_fake_platform {
	u64 block;
	int reserve_rc, add_rc, remove_rc;
	int reserves, unreserves, adds, removes;
	u64 start, size;
	int nid;
	bool reserved;
	bool memmap_on_memory;
};

static u64 dax_fake_block(void *ctx)
{
	return ((struct dax_fake_platform *)ctx)->block;
}

static int dax_fake_reserve(void *ctx, u64 start, u64 size, const char *name)
{
	struct dax_fake_platform *p = ctx;

	p->reserves++;
	if (p->reserve_rc)
		return p->reserve_rc;
	if (p->reserved)
		return -EBUSY;
	p->reserved = true;
	p->start = start;
	p->size = size;
	return 0;
}

static void dax_fake_unreserve(void *ctx, u64 start, u64 size)
{
	struct dax_fake_platform *p = ctx;

	p->unreserves++;
	p->reserved = false;
}

static int dax_fake_add(void *ctx, int nid, u64 start, u64 size,
			bool memmap_on_memory)
{
	struct dax_fake_platform *p = ctx;

	p->adds++;
	p->nid = nid;
	p->memmap_on_memory = memmap_on_memory;
	return p->add_rc;
}

static int dax_fake_remove(void *ctx, int nid, u64 start, u64 size)
{
	struct dax_fake_platform *p = ctx;

	p->removes++;
	if (p->remove_rc)
		return p->remove_rc;
	/* only what was added, on its node, comes back */
	if (start != p->start || size != p->size || nid != p->nid)
		return -EINVAL;
	return 0;
}

static const struct kds_dax_kmem_ops dax_fake_ops = {
	.memory_block_size = dax_fake_block,
	.reserve = dax_fake_reserve,
	.unreserve = dax_fake_unreserve,
	.add_memory = dax_fake_add,
	.remove_memory = dax_fake_remove,
};

struct dax_kmem_fixture {
	struct kds_dax_region *r;
	struct kds_dev_dax d;
	struct dax_fake_platform p;
};

static bool dax_kmem_setup(struct kds_expect *e, struct dax_kmem_fixture *f,
			   u64 start, u64 size, int node)
{
	memset(f, 0, sizeof(*f));
	f->p.block = DAX_SZ_128M;
	f->r = kds_dax_region_alloc(NULL, 0, start, size, node, DAX_SZ_2M, 0);
	if (!KDS_EXPECT(e, !IS_ERR(f->r)))
		return false;
	return KDS_EXPECT_EQ(e, kds_dev_dax_init(&f->d, f->r, 0, KDS_DEV_DAX_BUS), 0);
}

static void dax_kmem_teardown(struct dax_kmem_fixture *f)
{
	kds_dev_dax_release(&f->d);
	kds_dax_region_unregister(f->r);
	kds_dax_region_put(f->r);
}

static void dax_kmem_range_rounds_start_up_and_size_down(struct kds_expect *e)
{
	u64 s = 1, z = 1;

	KDS_EXPECT_EQ(e, kds_dax_kmem_range(0, 4 * DAX_SZ_128M, DAX_SZ_128M, &s, &z), 0);
	KDS_EXPECT_EQ(e, s, 0);
	KDS_EXPECT_EQ(e, z, 4 * DAX_SZ_128M);
	/* start 2M into a block: first block boundary at 128M, 3 whole blocks left */
	KDS_EXPECT_EQ(e, kds_dax_kmem_range(DAX_SZ_2M, 4 * DAX_SZ_128M, DAX_SZ_128M, &s, &z), 0);
	KDS_EXPECT_EQ(e, s, DAX_SZ_128M);
	KDS_EXPECT_EQ(e, z, 3 * DAX_SZ_128M);
	/* aligned start, ragged end */
	KDS_EXPECT_EQ(e, kds_dax_kmem_range(DAX_SZ_128M, 2 * DAX_SZ_128M + DAX_SZ_2M, DAX_SZ_128M, &s, &z), 0);
	KDS_EXPECT_EQ(e, s, DAX_SZ_128M);
	KDS_EXPECT_EQ(e, z, 2 * DAX_SZ_128M);
	/* exactly one block after rounding */
	KDS_EXPECT_EQ(e, kds_dax_kmem_range(DAX_SZ_128M - DAX_SZ_2M, DAX_SZ_128M + DAX_SZ_2M, DAX_SZ_128M, &s, &z), 0);
	KDS_EXPECT_EQ(e, s, DAX_SZ_128M);
	KDS_EXPECT_EQ(e, z, DAX_SZ_128M);
}

static void dax_kmem_range_without_a_whole_block_is_refused(struct kds_expect *e)
{
	u64 s = 11, z = 22;

	KDS_EXPECT_EQ(e, kds_dax_kmem_range(0, DAX_SZ_128M - 1, DAX_SZ_128M, &s, &z), -EINVAL);
	KDS_EXPECT_EQ(e, kds_dax_kmem_range(DAX_SZ_2M, DAX_SZ_128M, DAX_SZ_128M, &s, &z), -EINVAL);
	KDS_EXPECT_EQ(e, kds_dax_kmem_range(DAX_SZ_2M, DAX_SZ_2M, DAX_SZ_128M, &s, &z), -EINVAL);
	KDS_EXPECT_EQ(e, kds_dax_kmem_range(0, 0, DAX_SZ_128M, &s, &z), -EINVAL);
	/* wrapping and top of the address space */
	KDS_EXPECT_EQ(e, kds_dax_kmem_range(U64_MAX - DAX_SZ_2M, DAX_SZ_2M, DAX_SZ_128M, &s, &z), -EINVAL);
	KDS_EXPECT_EQ(e, kds_dax_kmem_range(U64_MAX - DAX_SZ_2M, 4 * DAX_SZ_2M, DAX_SZ_128M, &s, &z), -EINVAL);
	/* bad block sizes */
	KDS_EXPECT_EQ(e, kds_dax_kmem_range(0, DAX_SZ_128M, 0, &s, &z), -EINVAL);
	KDS_EXPECT_EQ(e, kds_dax_kmem_range(0, DAX_SZ_128M, 3 * DAX_SZ_2M, &s, &z), -EINVAL);
	KDS_EXPECT_EQ(e, s, 11);
	KDS_EXPECT_EQ(e, z, 22);
}

static void dax_kmem_probe_adds_the_rounded_range_on_the_target_node(struct kds_expect *e)
{
	struct dax_kmem_fixture f;

	if (!dax_kmem_setup(e, &f, DAX_SZ_2M, 4 * DAX_SZ_128M, 2))
		return;
	KDS_EXPECT_EQ(e, kds_dax_kmem_probe(&f.d, &dax_fake_ops, &f.p), 0);
	KDS_EXPECT_EQ(e, f.p.start, DAX_SZ_128M);
	KDS_EXPECT_EQ(e, f.p.size, 3 * DAX_SZ_128M);
	KDS_EXPECT_EQ(e, f.p.nid, 2);
	KDS_EXPECT_EQ(e, f.p.adds, 1);
	dax_kmem_teardown(&f);
}

static void dax_kmem_negative_target_node_is_refused(struct kds_expect *e)
{
	struct dax_kmem_fixture f;

	if (!dax_kmem_setup(e, &f, 0, 4 * DAX_SZ_128M, -1))
		return;
	KDS_EXPECT_EQ(e, kds_dax_kmem_probe(&f.d, &dax_fake_ops, &f.p), -EINVAL);
	KDS_EXPECT_EQ(e, f.p.reserves + f.p.adds, 0);	/* platform touched */
	dax_kmem_teardown(&f);
}

static void dax_kmem_no_whole_block_is_refused_before_reserving(struct kds_expect *e)
{
	struct dax_kmem_fixture f;

	if (!dax_kmem_setup(e, &f, DAX_SZ_2M, DAX_SZ_128M, 0))
		return;
	KDS_EXPECT_EQ(e, kds_dax_kmem_probe(&f.d, &dax_fake_ops, &f.p), -EINVAL);
	KDS_EXPECT_EQ(e, f.p.reserves + f.p.adds, 0);
	dax_kmem_teardown(&f);
}

static void dax_kmem_remove_gives_the_memory_and_range_back(struct kds_expect *e)
{
	struct dax_kmem_fixture f;

	if (!dax_kmem_setup(e, &f, DAX_SZ_2M, 4 * DAX_SZ_128M, 1))
		return;
	KDS_EXPECT_EQ(e, kds_dax_kmem_probe(&f.d, &dax_fake_ops, &f.p), 0);
	KDS_EXPECT_EQ(e, kds_dax_kmem_remove(&f.d, &dax_fake_ops, &f.p), 0);
	KDS_EXPECT_EQ(e, f.p.removes, 1);	/* the probe's range on its node */
	KDS_EXPECT(e, !f.p.reserved);
	KDS_EXPECT_EQ(e, f.p.unreserves, 1);
	/* bound again: the same range is added again */
	KDS_EXPECT_EQ(e, kds_dax_kmem_probe(&f.d, &dax_fake_ops, &f.p), 0);
	KDS_EXPECT_EQ(e, f.p.adds, 2);
	KDS_EXPECT_EQ(e, f.p.start, DAX_SZ_128M);
	KDS_EXPECT_EQ(e, f.p.size, 3 * DAX_SZ_128M);
	dax_kmem_teardown(&f);
}

static void dax_kmem_remove_of_memory_in_use_keeps_it_reserved(struct kds_expect *e)
{
	struct dax_kmem_fixture f;

	if (!dax_kmem_setup(e, &f, 0, DAX_SZ_128M, 0))
		return;
	KDS_EXPECT_EQ(e, kds_dax_kmem_probe(&f.d, &dax_fake_ops, &f.p), 0);
	f.p.remove_rc = -EBUSY;
	KDS_EXPECT_EQ(e, kds_dax_kmem_remove(&f.d, &dax_fake_ops, &f.p), -EBUSY);
	KDS_EXPECT(e, f.p.reserved);	/* memory in use: the range stays claimed */
	KDS_EXPECT_EQ(e, f.p.unreserves, 0);
	KDS_EXPECT_EQ(e, kds_dax_kmem_probe(&f.d, &dax_fake_ops, &f.p), -EBUSY);
	KDS_EXPECT_EQ(e, f.p.adds, 1);	/* never added twice */
	dax_kmem_teardown(&f);
}

static void dax_kmem_platform_failures_propagate_and_undo(struct kds_expect *e)
{
	struct dax_kmem_fixture f;

	if (!dax_kmem_setup(e, &f, 0, DAX_SZ_128M, 0))
		return;
	f.p.reserve_rc = -EBUSY;
	KDS_EXPECT_EQ(e, kds_dax_kmem_probe(&f.d, &dax_fake_ops, &f.p), -EBUSY);
	KDS_EXPECT_EQ(e, f.p.adds, 0);
	f.p.reserve_rc = 0;
	f.p.add_rc = -ENOMEM;
	KDS_EXPECT_EQ(e, kds_dax_kmem_probe(&f.d, &dax_fake_ops, &f.p), -ENOMEM);
	KDS_EXPECT_EQ(e, f.p.unreserves, 1);
	KDS_EXPECT(e, !(f.p.reserved));	/* failed add left the range reserved */
	f.p.add_rc = 0;
	KDS_EXPECT_EQ(e, kds_dax_kmem_probe(&f.d, &dax_fake_ops, &f.p), 0);
	f.p.block = 3;
	KDS_EXPECT_EQ(e, kds_dax_kmem_probe(&f.d, &dax_fake_ops, &f.p), -EINVAL);	/* bad block size */
	dax_kmem_teardown(&f);
}


/*
 * One rule for the top of the address space: a range may end exactly at
 * 2^64 (its last byte is U64_MAX) and not one byte further, for regions,
 * claims and the kmem range alike.
 */
/* The index of the dev_dax attribute @name in kds_dev_dax_attrs. */
static unsigned int dax_attr_index(const char *name)
{
	unsigned int i;

	for (i = 0; i < kds_dev_dax_nr_attrs; i++)
		if (!strcmp(kds_dev_dax_attrs[i].name, name))
			break;
	return i;
}

/*
 * memmap_on_memory per what the platform offers, on a static and a
 * dynamic region: no file without %KDS_DAX_REGION_MEMMAP_FILE (Linux
 * 6.1); with it, 0644 on both kinds, "0" at first, kstrtobool()'s words
 * read, 1 refused (-EOPNOTSUPP) unless %KDS_DAX_REGION_MEMMAP_OK, and
 * text kstrtobool() refuses is -EINVAL.
 */
static void dax_memmap_on_memory_as_the_platform_offers_in(struct kds_expect *e,
							 char *buf)
{
	static const unsigned long offers[] = {
		0, KDS_DAX_REGION_MEMMAP_FILE,
		KDS_DAX_REGION_MEMMAP_FILE | KDS_DAX_REGION_MEMMAP_OK,
	};
	static const struct { const char *text; int val; } words[] = {
		{ "1", 1 }, { "0\n", 0 }, { "y", 1 }, { "N", 0 }, { "on", 1 },
		{ "off", 0 }, { "true", 1 }, { "enable", -1 }, { "disable", -1 },
		{ "o", -1 }, { "2", -1 }, { "", -1 }, { " 1", -1 }, { "x", -1 },
	};
	unsigned int idx = dax_attr_index("memmap_on_memory"), o, k, w;

	if (!KDS_EXPECT(e, idx < kds_dev_dax_nr_attrs))
		return;
	for (o = 0; o < ARRAY_SIZE(offers); o++) {
		for (k = 0; k < 2; k++) {
			unsigned long flags = offers[o] | (k ? KDS_DAX_REGION_DYNAMIC : 0);
			struct kds_dax_region *r;
			struct kds_dev_dax d;
			bool file = offers[o] & KDS_DAX_REGION_MEMMAP_FILE;
			bool ok = offers[o] & KDS_DAX_REGION_MEMMAP_OK;

			r = kds_dax_region_alloc(NULL, 3, 0x100000000ULL, DAX_SZ_1G,
						 0, DAX_SZ_2M, flags);
			if (!KDS_EXPECT(e, !IS_ERR(r)))
				return;
			if (!KDS_EXPECT_EQ(e, kds_dev_dax_init(&d, r, 0, KDS_DEV_DAX_BUS), 0)) {
				kds_dax_region_unregister(r);
				kds_dax_region_put(r);
				return;
			}
			KDS_EXPECT_EQ(e, kds_dev_dax_attr_visible(&d, idx), file ? 0644 : 0);
			if (!file) {
				KDS_EXPECT_EQ(e, kds_dev_dax_attr_show(&d, "memmap_on_memory", buf), -ENOENT);
				KDS_EXPECT_EQ(e, kds_dev_dax_attr_store(&d, "memmap_on_memory", "0", 1), -ENOENT);
			} else {
				KDS_EXPECT_EQ(e, kds_dev_dax_attr_show(&d, "memmap_on_memory", buf), 2);
				KDS_EXPECT_STREQ(e, buf, "0\n");
				for (w = 0; w < ARRAY_SIZE(words); w++) {
					size_t n = strlen(words[w].text);
					ssize_t want = words[w].val < 0 ? -EINVAL :
						       words[w].val && !ok ? -EOPNOTSUPP :
						       (ssize_t)n;
					bool before = d.memmap_on_memory;

					KDS_EXPECT_EQ(e, kds_dev_dax_attr_store(&d, "memmap_on_memory",
										words[w].text, n), want);
					KDS_EXPECT_EQ(e, d.memmap_on_memory,
						      want == (ssize_t)n ? words[w].val == 1 : before);
				}
				kds_dev_dax_attr_show(&d, "memmap_on_memory", buf);
				KDS_EXPECT_STREQ(e, buf, d.memmap_on_memory ? "1\n" : "0\n");
			}
			kds_dev_dax_release(&d);
			kds_dax_region_unregister(r);
			kds_dax_region_put(r);
		}
	}
}

static void dax_memmap_on_memory_as_the_platform_offers(struct kds_expect *e)
{
	dax_with_attr_buf(e, dax_memmap_on_memory_as_the_platform_offers_in);
}

/*
 * memmap_on_memory while kmem holds the device: a change is -EBUSY, the
 * same value is taken; kmem hot-adds with the value set at its bind, and
 * the value outlives unbind and the next bind.
 */
static void dax_memmap_on_memory_busy_while_kmem_holds(struct kds_expect *e)
{
	struct dax_kmem_fixture f;

	memset(&f, 0, sizeof(f));
	f.p.block = DAX_SZ_128M;
	f.r = kds_dax_region_alloc(NULL, 0, 0, 2 * DAX_SZ_128M, 0, DAX_SZ_2M,
				   KDS_DAX_REGION_MEMMAP_FILE | KDS_DAX_REGION_MEMMAP_OK);
	if (!KDS_EXPECT(e, !IS_ERR(f.r)))
		return;
	if (!KDS_EXPECT_EQ(e, kds_dev_dax_init(&f.d, f.r, 0, KDS_DEV_DAX_BUS), 0)) {
		kds_dax_region_unregister(f.r);
		kds_dax_region_put(f.r);
		return;
	}
	/* 0 at the first bind: added without the memmap on it */
	KDS_EXPECT_EQ(e, kds_dax_kmem_probe(&f.d, &dax_fake_ops, &f.p), 0);
	KDS_EXPECT(e, !f.p.memmap_on_memory);
	KDS_EXPECT_EQ(e, kds_dev_dax_attr_store(&f.d, "memmap_on_memory", "1", 1), -EBUSY);
	KDS_EXPECT_EQ(e, kds_dev_dax_attr_store(&f.d, "memmap_on_memory", "0", 1), 1);
	KDS_EXPECT_EQ(e, kds_dax_kmem_remove(&f.d, &dax_fake_ops, &f.p), 0);
	/* unbound: set, then kmem binds with it */
	KDS_EXPECT_EQ(e, kds_dev_dax_attr_store(&f.d, "memmap_on_memory", "1\n", 2), 2);
	KDS_EXPECT_EQ(e, kds_dax_kmem_probe(&f.d, &dax_fake_ops, &f.p), 0);
	KDS_EXPECT(e, f.p.memmap_on_memory);
	KDS_EXPECT_EQ(e, f.p.adds, 2);
	KDS_EXPECT_EQ(e, kds_dev_dax_attr_store(&f.d, "memmap_on_memory", "0", 1), -EBUSY);
	KDS_EXPECT_EQ(e, kds_dev_dax_attr_store(&f.d, "memmap_on_memory", "y", 1), 1);
	KDS_EXPECT_EQ(e, kds_dax_kmem_remove(&f.d, &dax_fake_ops, &f.p), 0);
	/* kept across the unbind and the next bind */
	KDS_EXPECT(e, f.d.memmap_on_memory);
	KDS_EXPECT_EQ(e, kds_dax_kmem_probe(&f.d, &dax_fake_ops, &f.p), 0);
	KDS_EXPECT(e, f.p.memmap_on_memory);
	KDS_EXPECT_EQ(e, kds_dax_kmem_remove(&f.d, &dax_fake_ops, &f.p), 0);
	/* a failed probe holds nothing: the value may change after it */
	f.p.add_rc = -ENOMEM;
	KDS_EXPECT_EQ(e, kds_dax_kmem_probe(&f.d, &dax_fake_ops, &f.p), -ENOMEM);
	KDS_EXPECT_EQ(e, kds_dev_dax_attr_store(&f.d, "memmap_on_memory", "0", 1), 1);
	dax_kmem_teardown(&f);
}

static void dax_range_may_end_exactly_at_2_64(struct kds_expect *e)
{
	const u64 top = U64_MAX - DAX_SZ_128M + 1;	/* the last 128 MiB */
	struct kds_dax_claims claims;
	struct dax_kmem_fixture f;
	struct kds_dax_region *r;
	u64 s = 11, z = 22;

	r = kds_dax_region_alloc(NULL, 0, top, DAX_SZ_128M, 0, DAX_SZ_2M, 0);
	if (KDS_EXPECT(e, !IS_ERR(r))) {
		kds_dax_region_put(r);
		KDS_EXPECT_EQ(e, kds_dax_region_unregister(r), 0);
	}
	KDS_EXPECT_EQ(e, PTR_ERR(kds_dax_region_alloc(NULL, 0, top + DAX_SZ_2M, DAX_SZ_128M,
						      0, DAX_SZ_2M, 0)), -EDOM);

	KDS_EXPECT_EQ(e, kds_dax_kmem_range(top, DAX_SZ_128M, DAX_SZ_128M, &s, &z), 0);
	KDS_EXPECT_U64_EQ(e, s, top);
	KDS_EXPECT_U64_EQ(e, z, DAX_SZ_128M);
	KDS_EXPECT_EQ(e, kds_dax_kmem_range(top - DAX_SZ_128M, 2 * DAX_SZ_128M, DAX_SZ_128M,
					    &s, &z), 0);
	KDS_EXPECT_U64_EQ(e, s, top - DAX_SZ_128M);
	KDS_EXPECT_U64_EQ(e, z, 2 * DAX_SZ_128M);
	/* a ragged start below the top block: the top block alone */
	KDS_EXPECT_EQ(e, kds_dax_kmem_range(top - DAX_SZ_2M, DAX_SZ_128M + DAX_SZ_2M,
					    DAX_SZ_128M, &s, &z), 0);
	KDS_EXPECT_U64_EQ(e, s, top);
	KDS_EXPECT_U64_EQ(e, z, DAX_SZ_128M);
	s = 11;
	z = 22;
	KDS_EXPECT_EQ(e, kds_dax_kmem_range(top + 1, DAX_SZ_128M, DAX_SZ_128M, &s, &z), -EINVAL);
	KDS_EXPECT_EQ(e, s, 11);
	KDS_EXPECT_EQ(e, z, 22);

	kds_dax_claims_init(&claims);
	KDS_EXPECT_EQ(e, kds_dax_claim(&claims, top, DAX_SZ_128M), 0);
	KDS_EXPECT_EQ(e, kds_dax_claim(&claims, top + DAX_SZ_2M, DAX_SZ_128M), -EINVAL);
	KDS_EXPECT(e, kds_dax_is_claimed(&claims, top, DAX_SZ_128M));
	KDS_EXPECT_EQ(e, kds_dax_unclaim(&claims, top, DAX_SZ_128M), 0);
	kds_dax_claims_destroy(&claims);

	/* end to end: kmem binds a device at the very top */
	if (!dax_kmem_setup(e, &f, top, DAX_SZ_128M, 0))
		return;
	KDS_EXPECT_EQ(e, kds_dax_kmem_probe(&f.d, &dax_fake_ops, &f.p), 0);
	KDS_EXPECT_U64_EQ(e, f.p.start, top);
	KDS_EXPECT_U64_EQ(e, f.p.size, DAX_SZ_128M);
	dax_kmem_teardown(&f);
}

/*
 * The NULL rule of <kds/dax_bus.h>: every pointer argument may be NULL and
 * is never dereferenced; a required one is refused with -EINVAL, false,
 * 0, NULL or nothing, as the function returns.
 */
static void dax_core_refuses_null_arguments(struct kds_expect *e)
{
	static const struct kds_dax_kmem_ops no_add = {
		.memory_block_size = dax_fake_block,
		.reserve = dax_fake_reserve,
		.unreserve = dax_fake_unreserve,
		.remove_memory = dax_fake_remove,
	};
	static const struct kds_dax_kmem_ops no_remove = {
		.memory_block_size = dax_fake_block,
		.reserve = dax_fake_reserve,
		.unreserve = dax_fake_unreserve,
		.add_memory = dax_fake_add,
	};
	struct kds_dax_driver drv = { .name = "kds_null_rule" };
	struct dax_bus_fixture f;
	struct dax_kmem_fixture k;
	struct kds_dax_region *r;
	struct kds_dev_dax d = { 0 };
	char name[KDS_DAX_NAME_LEN];
	int region, id;
	u64 s;

	/* ids and names */
	KDS_EXPECT_EQ(e, kds_dax_parse_id(NULL, 6, &region, &id), -EINVAL);
	KDS_EXPECT_EQ(e, kds_dax_parse_id("dax0.0", 6, NULL, &id), -EINVAL);
	KDS_EXPECT_EQ(e, kds_dax_parse_id("dax0.0", 6, &region, NULL), -EINVAL);
	KDS_EXPECT_EQ(e, kds_dax_format_name(NULL, sizeof(name), 0, 0), -EINVAL);
	/* bus and drivers */
	kds_dax_bus_init(NULL);
	kds_dax_bus_destroy(NULL);
	KDS_EXPECT_EQ(e, kds_dax_driver_register(NULL, NULL), -EINVAL);
	kds_dax_driver_unregister(NULL);
	KDS_EXPECT(e, !kds_dax_driver_is_registered(NULL));
	KDS_EXPECT(e, !kds_dax_driver_has_id(NULL, 0, 0));
	KDS_EXPECT_EQ(e, kds_dax_driver_nr_ids(NULL), 0);
	KDS_EXPECT_EQ(e, kds_dax_new_id_store(NULL, "dax0.0", 6), -EINVAL);
	KDS_EXPECT_EQ(e, kds_dax_remove_id_store(NULL, "dax0.0", 6), -EINVAL);
	if (!dax_bus_fixture_init(e, &f))
		return;
	KDS_EXPECT(e, !kds_dax_driver_match(NULL, &f.dev0));
	KDS_EXPECT(e, !kds_dax_driver_match(&drv, NULL));
	KDS_EXPECT_EQ(e, kds_dax_new_id_store(&drv, NULL, 6), -EINVAL);
	KDS_EXPECT_EQ(e, kds_dax_remove_id_store(&drv, NULL, 6), -EINVAL);
	/* regions */
	kds_dax_region_get(NULL);
	kds_dax_region_put(NULL);
	KDS_EXPECT_EQ(e, kds_dax_region_unregister(NULL), -EINVAL);
	KDS_EXPECT(e, !kds_dax_region_is_registered(NULL));
	KDS_EXPECT_EQ(e, kds_dax_region_attr_visible(NULL, 0), 0);
	KDS_EXPECT_EQ(e, kds_dax_region_id_show(NULL, name), -EINVAL);
	KDS_EXPECT_EQ(e, kds_dax_region_size_show(NULL, name), -EINVAL);
	KDS_EXPECT_EQ(e, kds_dax_region_align_show(NULL, name), -EINVAL);
	KDS_EXPECT_EQ(e, kds_dax_region_target_node_show(NULL, name), -EINVAL);
	KDS_EXPECT_EQ(e, kds_dax_region_available_size_show(NULL, name), -EINVAL);
	KDS_EXPECT_EQ(e, kds_dax_region_attr_show(NULL, "id", name), -EINVAL);
	r = f.region;
	KDS_EXPECT_EQ(e, kds_dax_region_id_show(r, NULL), -EINVAL);
	KDS_EXPECT_EQ(e, kds_dax_region_size_show(r, NULL), -EINVAL);
	KDS_EXPECT_EQ(e, kds_dax_region_align_show(r, NULL), -EINVAL);
	KDS_EXPECT_EQ(e, kds_dax_region_target_node_show(r, NULL), -EINVAL);
	KDS_EXPECT_EQ(e, kds_dax_region_available_size_show(r, NULL), -EINVAL);
	/* dev_dax */
	KDS_EXPECT_EQ(e, kds_dev_dax_init(NULL, r, 0, KDS_DEV_DAX_BUS), -EINVAL);
	KDS_EXPECT_EQ(e, kds_dev_dax_init(&d, NULL, 0, KDS_DEV_DAX_BUS), -EINVAL);
	kds_dev_dax_release(NULL);
	kds_dev_dax_run(NULL);
	kds_dev_dax_kill(NULL);
	KDS_EXPECT(e, !kds_dev_dax_is_alive(NULL));
	kds_dev_dax_set_private(NULL, name);
	KDS_EXPECT_PTR_EQ(e, kds_dev_dax_get_private(NULL), NULL);
	KDS_EXPECT_U64_EQ(e, kds_dev_dax_size(NULL), 0);
	KDS_EXPECT_EQ(e, kds_dev_dax_uevent(NULL, name, sizeof(name)), -EINVAL);
	KDS_EXPECT_EQ(e, kds_dev_dax_uevent(&f.dev0, NULL, sizeof(name)), -EINVAL);
	KDS_EXPECT_EQ(e, kds_dax_device_dax_probe(NULL), -EINVAL);
	KDS_EXPECT_EQ(e, kds_dax_device_dax_remove(NULL), -EINVAL);
	KDS_EXPECT_EQ(e, kds_dev_dax_attr_visible(NULL, 0), 0);
	KDS_EXPECT_EQ(e, kds_dev_dax_modalias_show(NULL, name), -EINVAL);
	KDS_EXPECT_EQ(e, kds_dev_dax_size_show(NULL, name), -EINVAL);
	KDS_EXPECT_EQ(e, kds_dev_dax_target_node_show(NULL, name), -EINVAL);
	KDS_EXPECT_EQ(e, kds_dev_dax_modalias_show(&f.dev0, NULL), -EINVAL);
	KDS_EXPECT_EQ(e, kds_dev_dax_size_show(&f.dev0, NULL), -EINVAL);
	KDS_EXPECT_EQ(e, kds_dev_dax_target_node_show(&f.dev0, NULL), -EINVAL);
	KDS_EXPECT_EQ(e, kds_dev_dax_align_show(NULL, name), -EINVAL);
	KDS_EXPECT_EQ(e, kds_dev_dax_resource_show(NULL, name), -EINVAL);
	KDS_EXPECT_EQ(e, kds_dev_dax_numa_node_show(NULL, name), -EINVAL);
	KDS_EXPECT_EQ(e, kds_dev_dax_align_show(&f.dev0, NULL), -EINVAL);
	KDS_EXPECT_EQ(e, kds_dev_dax_resource_show(&f.dev0, NULL), -EINVAL);
	KDS_EXPECT_EQ(e, kds_dev_dax_numa_node_show(&f.dev0, NULL), -EINVAL);
	KDS_EXPECT(e, kds_dax_bus_names_find(NULL) == NULL);
	KDS_EXPECT_EQ(e, kds_dev_dax_attr_show(NULL, "size", name), -EINVAL);
	KDS_EXPECT_EQ(e, kds_dev_dax_attr_show(&f.dev0, NULL, name), -EINVAL);
	KDS_EXPECT_EQ(e, kds_dev_dax_attr_show(&f.dev0, "size", NULL), -EINVAL);
	/* the objects above were left as they were */
	KDS_EXPECT(e, kds_dax_region_is_registered(r));
	KDS_EXPECT_U64_EQ(e, kds_dev_dax_size(&f.dev0), DAX_SZ_1G);
	dax_bus_fixture_fini(&f);
	/* kmem and claims */
	kds_dax_claims_init(NULL);
	kds_dax_claims_destroy(NULL);
	KDS_EXPECT_EQ(e, kds_dax_claim(NULL, 0, DAX_SZ_2M), -EINVAL);
	KDS_EXPECT_EQ(e, kds_dax_unclaim(NULL, 0, DAX_SZ_2M), -EINVAL);
	KDS_EXPECT(e, !kds_dax_is_claimed(NULL, 0, DAX_SZ_2M));
	KDS_EXPECT_EQ(e, kds_dax_kmem_range(0, DAX_SZ_128M, DAX_SZ_128M, NULL, &s), -EINVAL);
	KDS_EXPECT_EQ(e, kds_dax_kmem_range(0, DAX_SZ_128M, DAX_SZ_128M, &s, NULL), -EINVAL);
	KDS_EXPECT_EQ(e, kds_dax_kmem_probe(NULL, &dax_fake_ops, NULL), -EINVAL);
	KDS_EXPECT_EQ(e, kds_dax_kmem_remove(NULL, &dax_fake_ops, NULL), -EINVAL);
	if (!dax_kmem_setup(e, &k, 0, DAX_SZ_128M, 0))
		return;
	KDS_EXPECT_EQ(e, kds_dax_kmem_probe(&k.d, NULL, &k.p), -EINVAL);
	KDS_EXPECT_EQ(e, kds_dax_kmem_probe(&k.d, &no_add, &k.p), -EINVAL);
	KDS_EXPECT_EQ(e, kds_dax_kmem_probe(&k.d, &no_remove, &k.p), -EINVAL);
	KDS_EXPECT_EQ(e, k.p.reserves, 0);	/* refused before the platform */
	KDS_EXPECT_EQ(e, kds_dax_kmem_probe(&k.d, &dax_fake_ops, &k.p), 0);
	KDS_EXPECT_EQ(e, kds_dax_kmem_remove(&k.d, NULL, &k.p), -EINVAL);
	KDS_EXPECT_EQ(e, kds_dax_kmem_remove(&k.d, &no_remove, &k.p), -EINVAL);
	KDS_EXPECT_EQ(e, k.p.removes, 0);
	KDS_EXPECT(e, k.p.reserved);	/* a refused remove kept the claim */
	KDS_EXPECT_EQ(e, kds_dax_kmem_remove(&k.d, &dax_fake_ops, &k.p), 0);
	dax_kmem_teardown(&k);
}

/* ---------------------------------------------------------- mapping */

#define DAX_SZ_4K	((u64)PAGE_SIZE)

/* One row of the mmap rule: the mapping, the device, the answer. */
struct dax_vma_row {
	bool alive;
	unsigned long align;
	u64 start, end;
	bool shared, dax;
	int rc;
	enum kds_dax_map_why why;
};

/*
 * Linux 6.1's check_vma() order: dead before private before unaligned
 * before not-DAX; a mapping past the device's end is not refused here.
 */
static void dax_map_check_vma_in_linux_order(struct kds_expect *e)
{
	static const struct dax_vma_row rows[] = {
		{ true, 1 << 21, 0x200000, 0x600000, true, true, 0, KDS_DAX_MAP_OK },
		/* dead wins over everything else */
		{ false, 1 << 21, 0x201000, 0x600000, false, false, -ENXIO, KDS_DAX_MAP_DEAD },
		/* private wins over unaligned */
		{ true, 1 << 21, 0x201000, 0x600000, false, true, -EINVAL, KDS_DAX_MAP_PRIVATE },
		{ true, 1 << 21, 0x201000, 0x600000, true, true, -EINVAL, KDS_DAX_MAP_UNALIGNED },
		{ true, 1 << 21, 0x200000, 0x601000, true, true, -EINVAL, KDS_DAX_MAP_UNALIGNED },
		/* a 4 KiB mapping of a 2 MiB device */
		{ true, 1 << 21, 0x200000, 0x201000, true, true, -EINVAL, KDS_DAX_MAP_UNALIGNED },
		/* unaligned wins over not-DAX */
		{ true, 1 << 21, 0x201000, 0x600000, true, false, -EINVAL, KDS_DAX_MAP_UNALIGNED },
		{ true, 1 << 21, 0x200000, 0x600000, true, false, -EINVAL, KDS_DAX_MAP_NOT_DAX },
		{ true, 1 << 30, 0x40000000, 0x80000000, true, false, -EINVAL, KDS_DAX_MAP_NOT_DAX },
		/* a one-page align needs no huge fault: mapped without DAX too */
		{ true, PAGE_SIZE, 0x1000, 0x3000, true, false, 0, KDS_DAX_MAP_OK },
		{ true, PAGE_SIZE, 0x1000, 0x3000, false, false, -EINVAL, KDS_DAX_MAP_PRIVATE },
		/* 1 GiB align, aligned mapping */
		{ true, 1 << 30, 0x40000000, 0x80000000, true, true, 0, KDS_DAX_MAP_OK },
		/* invalid arguments */
		{ true, 0, 0, PAGE_SIZE, true, true, -EINVAL, KDS_DAX_MAP_INVALID },
		{ true, 3 << 20, 0, 3 << 20, true, true, -EINVAL, KDS_DAX_MAP_INVALID },
		{ true, PAGE_SIZE / 2, 0, PAGE_SIZE, true, true, -EINVAL, KDS_DAX_MAP_INVALID },
		{ true, 1 << 21, 0x400000, 0x200000, true, true, -EINVAL, KDS_DAX_MAP_INVALID },
		{ false, 0, 0, PAGE_SIZE, true, true, -EINVAL, KDS_DAX_MAP_INVALID },
	};
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(rows); i++) {
		const struct dax_vma_row *r = &rows[i];
		struct kds_dax_vma v = {
			.start = r->start, .end = r->end,
			.shared = r->shared, .dax = r->dax,
		};
		enum kds_dax_map_why why = (enum kds_dax_map_why)99;

		KDS_EXPECT_MSG(e, kds_dax_check_vma(r->alive, r->align, &v, &why) == r->rc &&
			       why == r->why, "row %u: rc %d why %s",
			       i, kds_dax_check_vma(r->alive, r->align, &v, NULL),
			       kds_dax_map_why_str(why));
	}
	KDS_EXPECT_EQ(e, kds_dax_check_vma(true, 1 << 21, NULL, NULL), -EINVAL);
	KDS_EXPECT_STREQ(e, kds_dax_map_why_str(KDS_DAX_MAP_PRIVATE),
			 "cannot mmap private mapping");
	KDS_EXPECT_STREQ(e, kds_dax_map_why_str((enum kds_dax_map_why)99), "unknown");
}

/*
 * Faults: smaller than the align is SIGBUS, larger falls back, equal
 * inserts the unit around the address when the unit fits in the mapping.
 */
static void dax_map_fault_sizes(struct kds_expect *e)
{
	const unsigned long pmd = 1UL << 21, pud = 1UL << 30;
	u64 base = 7;

	/* align 4 KiB: only a PTE fault inserts */
	KDS_EXPECT_EQ(e, kds_dax_fault_decide(PAGE_SIZE, PAGE_SIZE, 0x10000, 0x20000,
					      0x12345, &base), KDS_DAX_FAULT_INSERT);
	KDS_EXPECT_U64_EQ(e, base, 0x12000);
	KDS_EXPECT_EQ(e, kds_dax_fault_decide(PAGE_SIZE, pmd, 0, 0x400000, 0x1000, NULL),
		      KDS_DAX_FAULT_FALLBACK);
	KDS_EXPECT_EQ(e, kds_dax_fault_decide(PAGE_SIZE, pud, 0, pud, 0x1000, NULL),
		      KDS_DAX_FAULT_FALLBACK);
	/* align 2 MiB: a PTE fault is SIGBUS, a PUD one falls back */
	KDS_EXPECT_EQ(e, kds_dax_fault_decide(pmd, PAGE_SIZE, 0x200000, 0x600000,
					      0x200000, NULL), KDS_DAX_FAULT_SIGBUS);
	KDS_EXPECT_EQ(e, kds_dax_fault_decide(pmd, pud, 0, pud, 0x200000, NULL),
		      KDS_DAX_FAULT_FALLBACK);
	base = 7;
	KDS_EXPECT_EQ(e, kds_dax_fault_decide(pmd, pmd, 0x200000, 0x600000,
					      0x5fffff, &base), KDS_DAX_FAULT_INSERT);
	KDS_EXPECT_U64_EQ(e, base, 0x400000);
	/* the unit sticks out of the mapping: fall back */
	KDS_EXPECT_EQ(e, kds_dax_fault_decide(pmd, pmd, 0x201000, 0x600000,
					      0x201000, NULL), KDS_DAX_FAULT_FALLBACK);
	KDS_EXPECT_EQ(e, kds_dax_fault_decide(pmd, pmd, 0x200000, 0x5ff000,
					      0x400000, NULL), KDS_DAX_FAULT_FALLBACK);
	/* align 1 GiB: PTE and PMD faults are SIGBUS */
	KDS_EXPECT_EQ(e, kds_dax_fault_decide(pud, pmd, 0, pud, 0, NULL),
		      KDS_DAX_FAULT_SIGBUS);
	KDS_EXPECT_EQ(e, kds_dax_fault_decide(pud, PAGE_SIZE, 0, pud, 0, NULL),
		      KDS_DAX_FAULT_SIGBUS);
	KDS_EXPECT_EQ(e, kds_dax_fault_decide(pud, pud, pud, 2 * (u64)pud,
					      pud + 5, &base), KDS_DAX_FAULT_INSERT);
	KDS_EXPECT_U64_EQ(e, base, pud);
	/* the top of the address space: no wrap */
	KDS_EXPECT_EQ(e, kds_dax_fault_decide(pmd, pmd, U64_MAX - pmd + 1 - PAGE_SIZE,
					      U64_MAX - PAGE_SIZE + 1, U64_MAX - PAGE_SIZE,
					      NULL), KDS_DAX_FAULT_FALLBACK);
	/* invalid: outside the mapping, bad sizes */
	KDS_EXPECT_EQ(e, kds_dax_fault_decide(PAGE_SIZE, PAGE_SIZE, 0x1000, 0x2000,
					      0x2000, NULL), KDS_DAX_FAULT_SIGBUS);
	KDS_EXPECT_EQ(e, kds_dax_fault_decide(PAGE_SIZE, 3 * PAGE_SIZE, 0, 0x10000,
					      0, NULL), KDS_DAX_FAULT_SIGBUS);
	KDS_EXPECT_EQ(e, kds_dax_fault_decide(0, PAGE_SIZE, 0, 0x10000, 0, NULL),
		      KDS_DAX_FAULT_SIGBUS);
}

/* Page offsets over two ranges that follow each other physically. */
static void dax_map_pgoff_to_phys_over_ranges(struct kds_expect *e)
{
	const u64 pages0 = DAX_SZ_2M / DAX_SZ_4K;
	const struct kds_dax_range r[] = {
		{ 0x10000000, 0x10000000 + DAX_SZ_2M - 1, 0 },
		{ 0x10200000, 0x10200000 + 2 * DAX_SZ_2M - 1, pages0 },
	};
	const struct kds_dax_range top[] = {
		{ U64_MAX - DAX_SZ_2M + 1, U64_MAX, 0 },
	};
	const struct kds_dax_range off4k[] = {
		{ 0x10001000, 0x10001000 + 2 * DAX_SZ_2M - 1, 0 },
	};
	const struct kds_dax_range off128m[] = {
		{ DAX_SZ_1G + DAX_SZ_128M, 3 * DAX_SZ_1G + DAX_SZ_128M - 1, 0 },
	};

	KDS_EXPECT_U64_EQ(e, kds_dax_pgoff_to_phys(r, 2, 0, DAX_SZ_2M), 0x10000000);
	KDS_EXPECT_U64_EQ(e, kds_dax_pgoff_to_phys(r, 2, 1, DAX_SZ_4K), 0x10001000);
	KDS_EXPECT_U64_EQ(e, kds_dax_pgoff_to_phys(r, 2, pages0 - 1, DAX_SZ_4K),
			  0x10000000 + DAX_SZ_2M - DAX_SZ_4K);
	/* a unit that would cross into the next range: none, even though
	 * the next range follows physically */
	KDS_EXPECT_U64_EQ(e, kds_dax_pgoff_to_phys(r, 2, pages0 - 1, 2 * DAX_SZ_4K),
			  KDS_DAX_NO_PHYS);
	KDS_EXPECT_U64_EQ(e, kds_dax_pgoff_to_phys(r, 2, pages0, DAX_SZ_2M), 0x10200000);
	KDS_EXPECT_U64_EQ(e, kds_dax_pgoff_to_phys(r, 2, 2 * pages0, DAX_SZ_2M),
			  0x10400000);
	/* past the end of the device */
	KDS_EXPECT_U64_EQ(e, kds_dax_pgoff_to_phys(r, 2, 3 * pages0, DAX_SZ_4K),
			  KDS_DAX_NO_PHYS);
	KDS_EXPECT_U64_EQ(e, kds_dax_pgoff_to_phys(r, 2, U64_MAX, DAX_SZ_4K),
			  KDS_DAX_NO_PHYS);
	/* a range ending at 2^64 */
	KDS_EXPECT_U64_EQ(e, kds_dax_pgoff_to_phys(top, 1, pages0 - 1, DAX_SZ_4K),
			  U64_MAX - DAX_SZ_4K + 1);
	KDS_EXPECT_U64_EQ(e, kds_dax_pgoff_to_phys(top, 1, pages0 - 1, 2 * DAX_SZ_4K),
			  KDS_DAX_NO_PHYS);
	/*
	 * never a unit off its size: a range 4 KiB past a 2 MiB boundary, one
	 * 128 MiB past a 1 GiB boundary, and a page offset one page in
	 */
	KDS_EXPECT_U64_EQ(e, kds_dax_pgoff_to_phys(off4k, 1, 0, DAX_SZ_2M),
			  KDS_DAX_NO_PHYS);
	KDS_EXPECT_U64_EQ(e, kds_dax_pgoff_to_phys(off4k, 1, 0, DAX_SZ_4K),
			  0x10001000);
	KDS_EXPECT_U64_EQ(e, kds_dax_pgoff_to_phys(off4k, 1, pages0 - 1, DAX_SZ_2M),
			  0x10200000);
	KDS_EXPECT_U64_EQ(e, kds_dax_pgoff_to_phys(off128m, 1, 0, DAX_SZ_1G),
			  KDS_DAX_NO_PHYS);
	KDS_EXPECT_U64_EQ(e, kds_dax_pgoff_to_phys(off128m, 1,
						   (DAX_SZ_1G - DAX_SZ_128M) / DAX_SZ_4K,
						   DAX_SZ_1G), 2 * DAX_SZ_1G);
	KDS_EXPECT_U64_EQ(e, kds_dax_pgoff_to_phys(r, 2, 1, DAX_SZ_2M), KDS_DAX_NO_PHYS);
	/* invalid */
	KDS_EXPECT_U64_EQ(e, kds_dax_pgoff_to_phys(NULL, 1, 0, DAX_SZ_4K), KDS_DAX_NO_PHYS);
	KDS_EXPECT_U64_EQ(e, kds_dax_pgoff_to_phys(r, 2, 0, 0), KDS_DAX_NO_PHYS);
	KDS_EXPECT_U64_EQ(e, kds_dax_pgoff_to_phys(r, 2, 0, 3 * DAX_SZ_4K), KDS_DAX_NO_PHYS);
	KDS_EXPECT_U64_EQ(e, kds_dax_pgoff_to_phys(r, 2, 0, DAX_SZ_4K / 2), KDS_DAX_NO_PHYS);
	KDS_EXPECT_U64_EQ(e, kds_dax_pgoff_to_phys(NULL, 0, 0, DAX_SZ_4K), KDS_DAX_NO_PHYS);
}

/*
 * The address of a new mapping: widened only when a whole align unit lies
 * inside it; inside the wider area the offset lands on a unit boundary.
 */
static void dax_map_unmapped_area_aligns_the_offset(struct kds_expect *e)
{
	const unsigned long pmd = 1UL << 21;
	const u64 pmd_pages = pmd / DAX_SZ_4K;
	u64 addr, got;
	unsigned int bad = 0;

	KDS_EXPECT_U64_EQ(e, kds_dax_unmapped_area_len(4 * pmd, 0, pmd), 5 * (u64)pmd);
	KDS_EXPECT_U64_EQ(e, kds_dax_unmapped_area_len(pmd, 0, pmd), 2 * (u64)pmd);
	/* less than a unit, or no whole unit inside: no widening */
	KDS_EXPECT_U64_EQ(e, kds_dax_unmapped_area_len(pmd - DAX_SZ_4K, 0, pmd), 0);
	KDS_EXPECT_U64_EQ(e, kds_dax_unmapped_area_len(pmd, 1, pmd), 0);
	KDS_EXPECT_U64_EQ(e, kds_dax_unmapped_area_len(pmd + DAX_SZ_4K, 1, pmd), 0);
	KDS_EXPECT_U64_EQ(e, kds_dax_unmapped_area_len(2 * pmd, 1, pmd), 3 * (u64)pmd);
	KDS_EXPECT_U64_EQ(e, kds_dax_unmapped_area_len(DAX_SZ_4K, 0, PAGE_SIZE),
			  2 * DAX_SZ_4K);
	/* lengths and offsets at 2^64: nothing wraps */
	KDS_EXPECT_U64_EQ(e, kds_dax_unmapped_area_len(U64_MAX - pmd + 1, 0, pmd), 0);
	KDS_EXPECT_U64_EQ(e, kds_dax_unmapped_area_len(pmd, U64_MAX >> PAGE_SHIFT, pmd), 0);
	KDS_EXPECT_U64_EQ(e, kds_dax_unmapped_area_len(pmd, U64_MAX, pmd), 0);
	KDS_EXPECT_U64_EQ(e, kds_dax_unmapped_area_len(0, 0, pmd), 0);
	KDS_EXPECT_U64_EQ(e, kds_dax_unmapped_area_len(pmd, 0, 3 * PAGE_SIZE), 0);

	/* every page-aligned start of the area and offsets around a unit */
	for (addr = 0x7f0000000000ULL; addr < 0x7f0000000000ULL + 2 * pmd;
	     addr += DAX_SZ_4K) {
		u64 pgoff = (addr / DAX_SZ_4K) % (3 * pmd_pages);

		got = kds_dax_unmapped_area_fit(addr, pgoff, pmd);
		if (got < addr || got - addr >= pmd ||
		    ((got - (pgoff << PAGE_SHIFT)) & (pmd - 1)))
			bad++;
	}
	KDS_EXPECT_EQ(e, bad, 0);
	KDS_EXPECT_U64_EQ(e, kds_dax_unmapped_area_fit(0x7f0000001000ULL, 0, pmd),
			  0x7f0000200000ULL);
	KDS_EXPECT_U64_EQ(e, kds_dax_unmapped_area_fit(0x7f0000001000ULL, 0, 0),
			  0x7f0000001000ULL);
}

/* Splits only at align boundaries: munmap of half a unit is refused. */
static void dax_map_may_split_at_unit_boundaries(struct kds_expect *e)
{
	KDS_EXPECT_EQ(e, kds_dax_may_split(0x7f0000200000ULL, 1UL << 21), 0);
	KDS_EXPECT_EQ(e, kds_dax_may_split(0x7f0000201000ULL, 1UL << 21), -EINVAL);
	KDS_EXPECT_EQ(e, kds_dax_may_split(0x7f0000201000ULL, PAGE_SIZE), 0);
	KDS_EXPECT_EQ(e, kds_dax_may_split(0x40000000ULL, 1UL << 30), 0);
	KDS_EXPECT_EQ(e, kds_dax_may_split(0x40200000ULL, 1UL << 30), -EINVAL);
	KDS_EXPECT_EQ(e, kds_dax_may_split(0, 0), -EINVAL);
}

static const struct kds_case kds_dax_bus_cases_run[] = {
	KDS_CASE(dax_bus_default_driver_matches_every_bus_device),
	KDS_CASE(dax_bus_class_devices_never_match),
	KDS_CASE(dax_bus_id_driver_matches_listed_names_only),
	KDS_CASE(dax_bus_remove_of_absent_id_succeeds),
	KDS_CASE(dax_bus_negative_name_is_refused_by_new_id),
	KDS_CASE(dax_bus_new_id_list_is_bounded),
	KDS_CASE(dax_bus_kmem_region_defaults_to_kmem),
	KDS_CASE(dax_bus_kmem_default_slot),
	KDS_CASE(dax_bus_second_default_driver_leaves_no_trace),
	KDS_CASE(dax_bus_register_validation),
	KDS_CASE(dax_bus_unregister_frees_every_id),
	KDS_CASE(dax_bus_stores_on_unregistered_driver),
	KDS_CASE(dax_bus_driver_attr_table),
	KDS_CASE(dax_bus_names_kds_and_system),
	KDS_CASE(dax_region_attributes_as_sysfs_prints_them),
	KDS_CASE(dax_region_dev_dax_naming_and_attributes),
	KDS_CASE(dax_region_run_kill_hides_private_data),
	KDS_CASE(dax_region_attribute_show_by_name),
	KDS_CASE(dax_region_no_device_on_unregistered_region),
	KDS_CASE(dax_kmem_range_rounds_start_up_and_size_down),
	KDS_CASE(dax_kmem_range_without_a_whole_block_is_refused),
	KDS_CASE(dax_kmem_probe_adds_the_rounded_range_on_the_target_node),
	KDS_CASE(dax_kmem_negative_target_node_is_refused),
	KDS_CASE(dax_kmem_no_whole_block_is_refused_before_reserving),
	KDS_CASE(dax_kmem_remove_gives_the_memory_and_range_back),
	KDS_CASE(dax_kmem_remove_of_memory_in_use_keeps_it_reserved),
	KDS_CASE(dax_kmem_platform_failures_propagate_and_undo),
	KDS_CASE(dax_memmap_on_memory_as_the_platform_offers),
	KDS_CASE(dax_memmap_on_memory_busy_while_kmem_holds),
	KDS_CASE(dax_range_may_end_exactly_at_2_64),
	KDS_CASE(dax_core_refuses_null_arguments),
	KDS_CASE(dax_map_check_vma_in_linux_order),
	KDS_CASE(dax_map_fault_sizes),
	KDS_CASE(dax_map_pgoff_to_phys_over_ranges),
	KDS_CASE(dax_map_unmapped_area_aligns_the_offset),
	KDS_CASE(dax_map_may_split_at_unit_boundaries),
};

KDS_SUITE(kds_suite_dax_bus, "kds_dax_bus", kds_dax_bus_cases_run, NULL);
