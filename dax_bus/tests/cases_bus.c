// SPDX-License-Identifier: GPL-2.0
/*
 * cases_bus.c - the dax bus core's driver cases, run in both worlds:
 * registration, the default and kmem default slots, id lists and the match
 * rule, the driver attribute table and the bus names. kds_test.ko runs
 * this suite in the kernel; //dax_bus:bus_cases_test runs it in userspace.
 * The cases that provoke allocation failures or count the port's warnings
 * stay in the userspace-only tests/bus_test.c.
 *
 * Includes only the port and the dax bus header.
 */
#include "kds_port.h"
#include "kds_expect.h"
#include "kds/dax_bus.h"
#include "cases_dax.h"

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
};

KDS_SUITE(kds_suite_dax_bus, "kds_dax_bus", kds_dax_bus_cases_run, NULL);
