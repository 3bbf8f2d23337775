// SPDX-License-Identifier: GPL-2.0
/* bus_test.c - driver registration, id lists and the match rule of the core. */
#include "kds_testing.h"
#include "kds/dax_bus.h"

KDS_TEST_SUITE(dax_bus);

struct fixture {
	struct kds_dax_bus bus;
	struct kds_dax_region *region;
	struct kds_dev_dax dev0, dev1, legacy;
};

static void fixture_init(struct fixture *f)
{
	memset(f, 0, sizeof(*f));
	kds_dax_bus_init(&f->bus);
	f->region = kds_dax_region_alloc(NULL, 0, 0x100000000ULL,
					 1ULL << 30, 1, 1 << 21, 0);
	cr_assert(!IS_ERR(f->region));
	cr_assert_eq(kds_dev_dax_init(&f->dev0, f->region, 0, KDS_DEV_DAX_BUS), 0);
	cr_assert_eq(kds_dev_dax_init(&f->dev1, f->region, 1, KDS_DEV_DAX_BUS), 0);
	cr_assert_eq(kds_dev_dax_init(&f->legacy, f->region, 2, KDS_DEV_DAX_CLASS), 0);
}

static void fixture_fini(struct fixture *f)
{
	kds_dev_dax_release(&f->dev0);
	kds_dev_dax_release(&f->dev1);
	kds_dev_dax_release(&f->legacy);
	kds_dax_region_unregister(f->region);
	kds_dax_region_put(f->region);
	kds_dax_bus_destroy(&f->bus);
}

/* A bus with one driver registered on it, and its teardown. */
static void bus_up(struct kds_dax_bus *bus, struct kds_dax_driver *drv)
{
	kds_dax_bus_init(bus);
	cr_assert_eq(kds_dax_driver_register(bus, drv), 0);
}

static void bus_down(struct kds_dax_bus *bus, struct kds_dax_driver *drv)
{
	kds_dax_driver_unregister(drv);
	kds_dax_bus_destroy(bus);
}

Test(dax_bus, default_driver_matches_every_bus_device)
{
	struct fixture f;
	struct kds_dax_driver dd = { .name = "device_dax", .match_always = true };

	fixture_init(&f);
	cr_assert_eq(kds_dax_driver_register(&f.bus, &dd), 0);
	cr_assert(kds_dax_driver_match(&dd, &f.dev0));
	cr_assert(kds_dax_driver_match(&dd, &f.dev1));
	kds_dax_driver_unregister(&dd);
	cr_assert_not(kds_dax_driver_match(&dd, &f.dev0), "unregistered drivers match nothing");
	fixture_fini(&f);
}

/* The core's registration state is the one glues read. */
Test(dax_bus, registration_state_follows_register_and_unregister)
{
	struct kds_dax_bus bus;
	struct kds_dax_driver dd = { .name = "device_dax", .match_always = true };
	struct kds_dax_driver rival = { .name = "rival", .match_always = true };
	struct kds_dax_driver never = { .name = "never" };

	kds_dax_bus_init(&bus);
	cr_assert_not(kds_dax_driver_is_registered(&never), "never registered");
	cr_assert_eq(kds_dax_driver_register(&bus, &dd), 0);
	cr_assert(kds_dax_driver_is_registered(&dd));
	cr_assert_eq(kds_dax_driver_register(&bus, &dd), -EBUSY);
	cr_assert(kds_dax_driver_is_registered(&dd), "a refused re-register changed state");
	cr_assert_eq(kds_dax_driver_register(&bus, &rival), -EINVAL);
	cr_assert_not(kds_dax_driver_is_registered(&rival), "refused default registered");
	kds_dax_driver_unregister(&dd);
	cr_assert_not(kds_dax_driver_is_registered(&dd));
	kds_dax_bus_destroy(&bus);
	cr_assert_eq(kds_warn_count(), 0);
}

Test(dax_bus, class_devices_never_match)
{
	struct fixture f;
	struct kds_dax_driver dd = { .name = "device_dax", .match_always = true };
	struct kds_dax_driver kmem = { .name = "kmem" };

	fixture_init(&f);
	cr_assert_eq(kds_dax_driver_register(&f.bus, &dd), 0);
	cr_assert_eq(kds_dax_driver_register(&f.bus, &kmem), 0);
	cr_assert_eq(kds_dax_new_id_store(&kmem, "dax0.2", 6), 6);
	cr_assert_not(kds_dax_driver_match(&dd, &f.legacy));
	cr_assert_not(kds_dax_driver_match(&kmem, &f.legacy));
	kds_dax_driver_unregister(&kmem);
	kds_dax_driver_unregister(&dd);
	fixture_fini(&f);
}

Test(dax_bus, id_driver_matches_listed_names_only)
{
	struct fixture f;
	struct kds_dax_driver kmem = { .name = "kmem" };

	fixture_init(&f);
	cr_assert_eq(kds_dax_driver_register(&f.bus, &kmem), 0);
	cr_assert_not(kds_dax_driver_match(&kmem, &f.dev0), "kmem matches nothing by default");
	cr_assert_eq(kds_dax_new_id_store(&kmem, "dax0.1\n", 7), 7);
	cr_assert_not(kds_dax_driver_match(&kmem, &f.dev0));
	cr_assert(kds_dax_driver_match(&kmem, &f.dev1));
	cr_assert_eq(kds_dax_remove_id_store(&kmem, "dax0.1", 6), 6);
	cr_assert_not(kds_dax_driver_match(&kmem, &f.dev1));
	kds_dax_driver_unregister(&kmem);
	fixture_fini(&f);
}

Test(dax_bus, duplicate_new_id_adds_nothing)
{
	struct kds_dax_bus bus;
	struct kds_dax_driver kmem = { .name = "kmem" };
	long live;

	bus_up(&bus, &kmem);
	cr_assert_eq(kds_dax_new_id_store(&kmem, "dax0.0", 6), 6);
	live = kds_alloc_live();
	cr_assert_eq(kds_dax_new_id_store(&kmem, "dax0.0\n", 7), 7);
	cr_assert_eq(kds_dax_new_id_store(&kmem, "dax0.0", 6), 6);
	cr_assert_eq(kds_dax_driver_nr_ids(&kmem), 1);
	cr_assert_eq(kds_alloc_live(), live);
	/* A duplicate never allocates, so it succeeds even when memory is short. */
	kds_alloc_fail_after(0);
	cr_assert_eq(kds_dax_new_id_store(&kmem, "dax0.0", 6), 6);
	kds_alloc_fail_off();
	bus_down(&bus, &kmem);
}

Test(dax_bus, remove_of_absent_id_succeeds)
{
	struct kds_dax_bus bus;
	struct kds_dax_driver kmem = { .name = "kmem" };

	bus_up(&bus, &kmem);
	cr_assert_eq(kds_dax_remove_id_store(&kmem, "dax5.5\n", 7), 7);
	cr_assert_eq(kds_dax_new_id_store(&kmem, "dax1.1", 6), 6);
	cr_assert_eq(kds_dax_remove_id_store(&kmem, "dax1.2", 6), 6);
	cr_assert_eq(kds_dax_driver_nr_ids(&kmem), 1);
	cr_assert_eq(kds_dax_remove_id_store(&kmem, "dax1.1", 6), 6);
	cr_assert_eq(kds_dax_remove_id_store(&kmem, "dax1.1", 6), 6);
	cr_assert_eq(kds_dax_driver_nr_ids(&kmem), 0);
	bus_down(&bus, &kmem);
}

Test(dax_bus, negative_name_is_refused_by_new_id)
{
	struct kds_dax_bus bus;
	struct kds_dax_driver kmem = { .name = "kmem" };

	bus_up(&bus, &kmem);
	cr_assert_eq(kds_dax_new_id_store(&kmem, "dax-1.0", 7), -EINVAL);
	cr_assert_eq(kds_dax_new_id_store(&kmem, "dax-1.0\n", 8), -EINVAL);
	cr_assert_eq(kds_dax_remove_id_store(&kmem, "dax-1.0", 7), -EINVAL);
	cr_assert_eq(kds_dax_driver_nr_ids(&kmem), 0);
	bus_down(&bus, &kmem);
}

Test(dax_bus, second_default_driver_leaves_no_trace)
{
	struct kds_dax_bus bus;
	struct kds_dax_driver a = { .name = "device_dax", .match_always = true };
	struct kds_dax_driver b = { .name = "other_dax", .match_always = true };
	struct kds_dax_driver b_before;

	bus_up(&bus, &a);
	memcpy(&b_before, &b, sizeof(b));
	cr_assert_eq(kds_dax_driver_register(&bus, &b), -EINVAL);
	cr_assert_eq(memcmp(&b_before, &b, sizeof(b)), 0, "refused driver modified");
	cr_assert_eq(bus.default_drv, &a);
	cr_assert_eq(bus.nr_drivers, 1);
	cr_assert_eq(kds_dax_new_id_store(&b, "dax0.0", 6), -ENODEV);
	/* Once the first goes, the slot is free again: no counter leaked. */
	kds_dax_driver_unregister(&a);
	cr_assert_eq(kds_dax_driver_register(&bus, &b), 0);
	cr_assert_eq(kds_dax_driver_register(&bus, &a), -EINVAL);
	kds_dax_driver_unregister(&b);
	cr_assert_eq(kds_dax_driver_register(&bus, &a), 0);
	kds_dax_driver_unregister(&a);
	cr_assert_null(bus.default_drv);
	cr_assert_eq(bus.nr_drivers, 0);
	kds_dax_bus_destroy(&bus);
}

Test(dax_bus, register_validation)
{
	struct kds_dax_bus bus;
	struct kds_dax_driver noname = { .name = NULL };
	struct kds_dax_driver empty = { .name = "" };
	struct kds_dax_driver d = { .name = "d" };

	kds_dax_bus_init(&bus);
	cr_assert_eq(kds_dax_driver_register(&bus, &noname), -EINVAL);
	cr_assert_eq(kds_dax_driver_register(&bus, &empty), -EINVAL);
	cr_assert_eq(kds_dax_driver_register(NULL, &d), -EINVAL);
	cr_assert_eq(kds_dax_driver_register(&bus, &d), 0);
	cr_assert_eq(kds_dax_driver_register(&bus, &d), -EBUSY);
	cr_assert_eq(bus.nr_drivers, 1);
	bus_down(&bus, &d);
}

Test(dax_bus, unregister_twice_warns_once_and_changes_nothing)
{
	struct kds_dax_bus bus;
	struct kds_dax_driver d = { .name = "d" };
	struct kds_dax_driver never = { .name = "never" };

	kds_warn_set_quiet(true);
	bus_up(&bus, &d);
	kds_dax_driver_unregister(&d);
	cr_assert_eq(kds_warn_count(), 0);
	kds_dax_driver_unregister(&d);
	cr_assert_eq(kds_warn_count(), 1);
	kds_dax_driver_unregister(&never);
	cr_assert_eq(kds_warn_count(), 2);
	cr_assert_eq(bus.nr_drivers, 0);
	kds_dax_bus_destroy(&bus);
}

Test(dax_bus, unregister_frees_every_id)
{
	struct kds_dax_bus bus;
	struct kds_dax_driver kmem = { .name = "kmem" };
	char name[KDS_DAX_NAME_LEN];
	long live = kds_alloc_live();

	bus_up(&bus, &kmem);
	for (int i = 0; i < 50; i++) {
		int n = kds_dax_format_name(name, sizeof(name), i % 7, i);

		cr_assert_eq(kds_dax_new_id_store(&kmem, name, n), n);
	}
	cr_assert_eq(kds_dax_driver_nr_ids(&kmem), 50);
	cr_assert_eq(kds_alloc_live(), live + 50);
	kds_dax_driver_unregister(&kmem);
	cr_assert_eq(kds_alloc_live(), live);
	/* Re-registering starts with an empty list. */
	cr_assert_eq(kds_dax_driver_register(&bus, &kmem), 0);
	cr_assert_eq(kds_dax_driver_nr_ids(&kmem), 0);
	cr_assert_not(kds_dax_driver_has_id(&kmem, 0, 0));
	bus_down(&bus, &kmem);
}

Test(dax_bus, new_id_allocation_failure_changes_nothing)
{
	struct kds_dax_bus bus;
	struct kds_dax_driver kmem = { .name = "kmem" };
	long live;

	bus_up(&bus, &kmem);
	cr_assert_eq(kds_dax_new_id_store(&kmem, "dax0.0", 6), 6);
	live = kds_alloc_live();
	kds_alloc_fail_nth(1);
	cr_assert_eq(kds_dax_new_id_store(&kmem, "dax0.1", 6), -ENOMEM);
	cr_assert_eq(kds_alloc_live(), live);
	cr_assert_eq(kds_dax_driver_nr_ids(&kmem), 1);
	cr_assert_not(kds_dax_driver_has_id(&kmem, 0, 1));
	cr_assert_eq(kds_dax_new_id_store(&kmem, "dax0.1", 6), 6);
	cr_assert_eq(kds_dax_driver_nr_ids(&kmem), 2);
	bus_down(&bus, &kmem);
}

Test(dax_bus, stores_on_unregistered_driver)
{
	struct kds_dax_bus bus;
	struct kds_dax_driver kmem = { .name = "kmem" };
	struct kds_dax_driver never = { .name = "never" };

	kds_dax_bus_init(&bus);
	cr_assert_eq(kds_dax_new_id_store(&never, "dax0.0", 6), -ENODEV);
	cr_assert_eq(kds_dax_remove_id_store(&never, "dax0.0", 6), -ENODEV);
	cr_assert_eq(kds_dax_new_id_store(&never, "bogus", 5), -EINVAL);
	cr_assert_eq(kds_dax_driver_register(&bus, &kmem), 0);
	kds_dax_driver_unregister(&kmem);
	cr_assert_eq(kds_dax_new_id_store(&kmem, "dax0.0", 6), -ENODEV);
	cr_assert_eq(kds_dax_remove_id_store(&kmem, "dax0.0", 6), -ENODEV);
	cr_assert_eq(kds_dax_driver_nr_ids(&kmem), 0);
	kds_dax_bus_destroy(&bus);
}

Test(dax_bus, driver_attr_table)
{
	struct kds_dax_bus bus;
	struct kds_dax_driver kmem = { .name = "kmem" };

	bus_up(&bus, &kmem);
	cr_assert_eq(kds_dax_driver_nr_attrs, 2);
	cr_assert_str_eq(kds_dax_driver_attrs[0].name, "new_id");
	cr_assert_str_eq(kds_dax_driver_attrs[1].name, "remove_id");
	cr_assert_eq(kds_dax_driver_attrs[0].mode, 0200);
	cr_assert_eq(kds_dax_driver_attrs[0].store(&kmem, "dax4.2\n", 7), 7);
	cr_assert(kds_dax_driver_has_id(&kmem, 4, 2));
	cr_assert_eq(kds_dax_driver_attrs[1].store(&kmem, "dax4.2\n", 7), 7);
	cr_assert_not(kds_dax_driver_has_id(&kmem, 4, 2));
	bus_down(&bus, &kmem);
}

Test(dax_bus, destroy_with_driver_registered_warns)
{
	struct kds_dax_bus bus;
	struct kds_dax_driver d = { .name = "d" };

	kds_warn_set_quiet(true);
	bus_up(&bus, &d);
	kds_dax_bus_destroy(&bus);
	cr_assert_eq(kds_warn_count(), 1);
	kds_dax_bus_init(&bus);	/* d still points at it: clean up through it */
	bus.nr_drivers = 1;
	bus_down(&bus, &d);
}
