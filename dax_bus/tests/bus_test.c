// SPDX-License-Identifier: GPL-2.0
/*
 * bus_test.c - userspace only: driver registration and id-list cases that
 * inject allocation failures (kds_alloc_fail_*) or count the port's
 * warnings (kds_warn_count()), which only the userspace port offers. The
 * rest of the core's driver, id and match cases are in tests/cases_bus.c,
 * run in kds_test.ko too.
 */
#include "kds_testing.h"
#include "kds/dax_bus.h"

KDS_TEST_SUITE(dax_bus);

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

/* The core's registration state is the one glues read. */
/* @kmem on a new bus with the id dax0.0; the port's live allocations. */
static long kmem_with_one_id(struct kds_dax_bus *bus, struct kds_dax_driver *kmem)
{
	bus_up(bus, kmem);
	cr_assert_eq(kds_dax_new_id_store(kmem, "dax0.0", 6), 6);
	return kds_alloc_live();
}

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

Test(dax_bus, duplicate_new_id_adds_nothing)
{
	struct kds_dax_bus bus;
	struct kds_dax_driver kmem = { .name = "kmem" };
	long live = kmem_with_one_id(&bus, &kmem);

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

Test(dax_bus, unregister_twice_warns_once_and_changes_nothing)
{
	struct kds_dax_bus bus;
	struct kds_dax_driver d = { .name = "d" };
	struct kds_dax_driver never = { .name = "never" };

	kds_warn_set_quiet(true);
	bus_up(&bus, &d);
	kds_dax_driver_unregister(&d);
	cr_assert_eq(kds_warn_count(), 0);
	kds_warn_expect("!drv->registered");
	kds_dax_driver_unregister(&d);
	cr_assert_eq(kds_warn_count(), 1);
	kds_warn_expect("!bus");
	kds_dax_driver_unregister(&never);
	cr_assert_eq(kds_warn_count(), 2);
	cr_assert_eq(bus.nr_drivers, 0);
	kds_dax_bus_destroy(&bus);
}

Test(dax_bus, new_id_allocation_failure_changes_nothing)
{
	struct kds_dax_bus bus;
	struct kds_dax_driver kmem = { .name = "kmem" };
	long live = kmem_with_one_id(&bus, &kmem);

	kds_alloc_fail_nth(1);
	cr_assert_eq(kds_dax_new_id_store(&kmem, "dax0.1", 6), -ENOMEM);
	cr_assert_eq(kds_alloc_live(), live);
	cr_assert_eq(kds_dax_driver_nr_ids(&kmem), 1);
	cr_assert_not(kds_dax_driver_has_id(&kmem, 0, 1));
	cr_assert_eq(kds_dax_new_id_store(&kmem, "dax0.1", 6), 6);
	cr_assert_eq(kds_dax_driver_nr_ids(&kmem), 2);
	bus_down(&bus, &kmem);
}

Test(dax_bus, destroy_with_driver_registered_warns)
{
	struct kds_dax_bus bus;
	struct kds_dax_driver d = { .name = "d" };

	kds_warn_set_quiet(true);
	kds_warn_expect("bus->nr_drivers != 0");
	bus_up(&bus, &d);
	kds_dax_bus_destroy(&bus);
	cr_assert_eq(kds_warn_count(), 1);
	kds_dax_bus_init(&bus);	/* d still points at it: clean up through it */
	bus.nr_drivers = 1;
	bus_down(&bus, &d);
}
