// SPDX-License-Identifier: GPL-2.0
/*
 * model_test.c - the dax bus as a daxctl user drives it, through the
 * userspace device model and its sysfs-shaped attribute functions.
 */
#include "kds_testing.h"
#include "user/dax_bus/dax_model.h"
#include "dax_bus/tests/permutation.h"
#include "dax_bus/tests/daxctl_steps.h"

KDS_TEST_SUITE(dax_model);

#define SZ_2M	(2ULL << 20)
#define SZ_128M	(128ULL << 20)

struct world {
	struct kds_dax_model m;
	struct kds_dax_model_platform plat;
	struct kds_dax_model_driver device_dax, kmem;
	struct kds_dax_region *region;
};

/*
 * The world of a test: the model bus with device_dax and kmem registered
 * and one region (4 x 128 MiB at 512 MiB) on a node. Each test sets it up
 * as its .init and tears it down as its .fini, also when it fails.
 */
static struct world w;

static void world_init(int target_node)
{
	memset(&w, 0, sizeof(w));
	kds_dax_model_init(&w.m);
	kds_dax_model_platform_init(&w.plat, SZ_128M);
	kds_dax_model_device_dax_driver_init(&w.device_dax);
	kds_dax_model_kmem_driver_init(&w.kmem, &w.plat);
	cr_assert_eq(kds_dax_model_driver_register(&w.m, &w.device_dax), 0);
	cr_assert_eq(kds_dax_model_driver_register(&w.m, &w.kmem), 0);
	w.region = kds_dax_region_alloc(NULL, 0, 4 * SZ_128M, 4 * SZ_128M,
					target_node, SZ_2M, 0);
	cr_assert(!IS_ERR(w.region));
}

/* The region on node 0, on node 1, or on no node (-1). */
static void world_up(void)
{
	world_init(0);
}

static void world_up_node1(void)
{
	world_init(1);
}

static void world_up_no_node(void)
{
	world_init(-1);
}

static void world_down(void)
{
	if (kds_dax_driver_is_registered(&w.kmem.core))
		kds_dax_model_driver_unregister(&w.kmem);
	if (kds_dax_driver_is_registered(&w.device_dax.core))
		kds_dax_model_driver_unregister(&w.device_dax);
	if (w.region) {
		kds_dax_region_unregister(w.region);
		kds_dax_region_put(w.region);
	}
	kds_dax_model_destroy(&w.m);
	kds_dax_model_platform_destroy(&w.plat);
}

static ssize_t store(struct kds_dax_model_driver *drv, const char *attr, const char *s)
{
	return kds_dax_model_driver_store(drv, attr, s, strlen(s));
}

/* Adds bus device dax0.<id>, which binds to device_dax. */
static struct kds_dax_model_dev *world_add_dev(struct world *w, int id)
{
	struct kds_dax_model_dev *dev;

	dev = kds_dax_model_device_add(&w->m, w->region, id, KDS_DEV_DAX_BUS);
	cr_assert(!IS_ERR(dev));
	return dev;
}

/* Adds dax0.0 and moves it to kmem the daxctl way: unbind, then new_id. */
static struct kds_dax_model_dev *world_add_kmem_dev(struct world *w)
{
	struct kds_dax_model_dev *dev = world_add_dev(w, 0);

	cr_assert_eq(store(&w->device_dax, "unbind", "dax0.0"), 6);
	cr_assert_eq(store(&w->kmem, "new_id", "dax0.0"), 6);
	return dev;
}

/*
 * A kmem region (Linux 6.3+'s dax_hmem kind): its device binds kmem when it
 * appears, stays dead there, and moves to device_dax the way daxctl does
 * it (unbind, new_id on device_dax); unbound again, new_id of another name
 * on kmem attaches it to kmem (it matches kmem by type).
 */
Test(dax_model, kmem_region_device_binds_kmem, .init = world_up_node1, .fini = world_down)
{
	struct kds_dax_region *kr;
	struct kds_dax_model_dev *dev;

	kr = kds_dax_region_alloc(NULL, 1, 16 * SZ_128M, 2 * SZ_128M, 1, SZ_2M,
				  KDS_DAX_REGION_KMEM);
	cr_assert(!IS_ERR(kr));
	dev = kds_dax_model_device_add(&w.m, kr, 0, KDS_DEV_DAX_BUS);
	cr_assert(!IS_ERR(dev));
	cr_assert_eq(kds_dax_model_dev_driver(dev), &w.kmem);
	cr_assert_not(kds_dev_dax_is_alive(&dev->dax));
	cr_assert_eq(store(&w.kmem, "unbind", "dax1.0"), 6);
	cr_assert_eq(store(&w.device_dax, "bind", "dax1.0"), -ENODEV);
	cr_assert_eq(store(&w.device_dax, "new_id", "dax1.0"), 6);
	cr_assert_eq(kds_dax_model_dev_driver(dev), &w.device_dax);
	cr_assert_eq(store(&w.device_dax, "unbind", "dax1.0"), 6);
	cr_assert_eq(store(&w.kmem, "new_id", "dax9.9"), 6);
	cr_assert_eq(kds_dax_model_dev_driver(dev), &w.kmem);
	kds_dax_model_device_unregister(dev);
	kds_dax_region_unregister(kr);
	kds_dax_region_put(kr);
}

/* 1. A new device appears bound to the default driver, running, with its attributes. */
Test(dax_model, device_appears_bound_to_default_driver, .init = world_up_node1, .fini = world_down)
{
	static const char *const shown[][2] = {
		{ "modalias", "dax:t0\n" },
		{ "size", "536870912\n" },
		{ "target_node", "1\n" },
		{ "resource", "0x20000000\n" },
		{ "align", "2097152\n" },
		{ "numa_node", "1\n" },
	};
	struct kds_dax_model_dev *dev;
	char buf[KDS_DAX_ATTR_BUF_SIZE];

	dev = world_add_dev(&w, 0);
	cr_assert_eq(kds_dax_model_dev_driver(dev), &w.device_dax);
	cr_assert_eq(kds_dev_dax_get_private(&dev->dax), dev);
	/* resource, align and numa_node: the 6.1 files libdaxctl reads */
	for (size_t i = 0; i < ARRAY_SIZE(shown); i++) {
		const char *name = shown[i][0], *want = shown[i][1];
		size_t len = strlen(want);

		cr_assert_eq(kds_dax_model_device_show(dev, name, buf), (ssize_t)len, "%s", name);
		cr_assert_eq(memcmp(buf, want, len), 0, "%s", name);
	}
	cr_assert_eq(kds_dax_model_device_show(dev, "mapping", buf), -ENOENT);
	cr_assert_eq(kds_dax_model_region_show(w.region, "available_size", buf), 2);
	cr_assert_eq(memcmp(buf, "0\n", 2), 0);
	cr_assert_str_eq(w.device_dax.core.name, "device_dax");
	cr_assert_eq(kds_dax_model_device_uevent(dev, buf, sizeof(buf)), 15);
	cr_assert_str_eq(buf, "MODALIAS=dax:t0");
	cr_assert_eq(kds_dax_model_region_show(w.region, "id", buf), 2);
	cr_assert_eq(memcmp(buf, "0\n", 2), 0);
	cr_assert_eq(kds_dax_model_region_show(w.region, "align", buf), 8);
	cr_assert_eq(memcmp(buf, "2097152\n", 8), 0);
	cr_assert_eq(kds_dax_model_region_show(w.region, "size", buf), 10);
	cr_assert_eq(kds_dax_model_region_show(w.region, "nope", buf), -ENOENT);
	kds_dax_model_device_unregister(dev);
}

/* 2. Unbinding from the default driver kills the device; nothing rebinds it. */
Test(dax_model, unbind_from_default_driver, .init = world_up_node1, .fini = world_down)
{
	struct kds_dax_model_dev *dev;

	dev = world_add_dev(&w, 0);
	cr_assert_eq(store(&w.device_dax, "unbind", "dax0.0\n"), 7);
	cr_assert_null(kds_dax_model_dev_driver(dev));
	cr_assert_not(kds_dev_dax_is_alive(&dev->dax));
	cr_assert_null(kds_dev_dax_get_private(&dev->dax), "private data reachable while dead");
	cr_assert_eq(store(&w.device_dax, "unbind", "dax0.0\n"), -ENODEV, "already unbound");
	cr_assert_eq(store(&w.kmem, "unbind", "dax0.0"), -ENODEV);
	cr_assert_eq(store(&w.device_dax, "unbind", "dax9.9"), -ENODEV);
	kds_dax_model_device_unregister(dev);
}

/* 3. new_id on kmem attaches it to the matching unbound device. */
Test(dax_model, new_id_on_kmem_auto_binds, .init = world_up_node1, .fini = world_down)
{
	struct kds_dax_model_dev *dev, *other;

	dev = world_add_dev(&w, 0);
	other = world_add_dev(&w, 1);
	cr_assert_eq(store(&w.device_dax, "unbind", "dax0.0"), 6);
	cr_assert_eq(store(&w.kmem, "new_id", "dax0.0\n"), 7);
	cr_assert_eq(kds_dax_model_dev_driver(dev), &w.kmem);
	cr_assert_eq(kds_dax_model_dev_driver(other), &w.device_dax, "other device moved");
	cr_assert(kds_dax_model_platform_is_reserved(&w.plat, 4 * SZ_128M, 4 * SZ_128M));
	cr_assert_eq(kds_dax_model_platform_added(&w.plat), 4 * SZ_128M);
	/* A bound device is not stolen by new_id. */
	cr_assert_eq(store(&w.kmem, "new_id", "dax0.1"), 6);
	cr_assert_eq(kds_dax_model_dev_driver(other), &w.device_dax);
	kds_dax_model_device_unregister(other);
	kds_dax_model_device_unregister(dev);
}

/*
 * 4. remove_id leaves the device bound; an unbind then sticks and gives
 * the memory and the range back, so the device can be bound again.
 */
Test(dax_model, remove_id_leaves_device_bound, .init = world_up, .fini = world_down)
{
	struct kds_dax_model_dev *dev;

	dev = world_add_kmem_dev(&w);
	cr_assert_eq(kds_dax_model_platform_added(&w.plat), 4 * SZ_128M);
	cr_assert_eq(store(&w.kmem, "remove_id", "dax0.0\n"), 7);
	cr_assert_eq(kds_dax_model_dev_driver(dev), &w.kmem);
	cr_assert_eq(store(&w.kmem, "unbind", "dax0.0"), 6);
	cr_assert_null(kds_dax_model_dev_driver(dev));
	cr_assert_not(kds_dax_model_platform_is_reserved(&w.plat, 4 * SZ_128M, 4 * SZ_128M),
		      "kmem unbind kept a range whose memory was taken back");
	cr_assert_eq(kds_dax_model_platform_added(&w.plat), 0, "memory not taken back");
	/* No id any more: explicit bind to kmem does not match. */
	cr_assert_eq(store(&w.kmem, "bind", "dax0.0"), -ENODEV);
	/* With the id back, new_id binds it again: the range is free. */
	cr_assert_eq(store(&w.kmem, "new_id", "dax0.0"), 6);
	cr_assert_eq(kds_dax_model_dev_driver(dev), &w.kmem);
	cr_assert_eq(kds_dax_model_platform_added(&w.plat), 4 * SZ_128M);
	/* Back to device_dax. */
	cr_assert_eq(store(&w.kmem, "unbind", "dax0.0"), 6);
	cr_assert_eq(store(&w.device_dax, "bind", "dax0.0\n"), 7);
	cr_assert_eq(kds_dax_model_dev_driver(dev), &w.device_dax);
	kds_dax_model_device_unregister(dev);
}

/*
 * 4b. Memory that cannot be taken back (in use): the unbind still unbinds,
 * the memory stays added and the range reserved, so binding it again is
 * refused with -EBUSY and nothing is added twice.
 */
Test(dax_model, kmem_unbind_with_memory_in_use_keeps_it, .init = world_up, .fini = world_down)
{
	struct kds_dax_model_dev *dev;

	dev = world_add_kmem_dev(&w);
	w.plat.fail_remove = -EBUSY;
	cr_assert_eq(store(&w.kmem, "unbind", "dax0.0"), 6, "unbind must unbind");
	cr_assert_null(kds_dax_model_dev_driver(dev));
	cr_assert_eq(kds_dax_model_platform_added(&w.plat), 4 * SZ_128M,
		     "memory in use was taken away");
	cr_assert(kds_dax_model_platform_is_reserved(&w.plat, 4 * SZ_128M, 4 * SZ_128M),
		  "the range of memory still in use was given back");
	cr_assert_eq(store(&w.kmem, "bind", "dax0.0"), -EBUSY);
	cr_assert_null(kds_dax_model_dev_driver(dev));
	cr_assert_eq(kds_dax_model_platform_added(&w.plat), 4 * SZ_128M, "memory added twice");
	cr_assert_eq(store(&w.device_dax, "bind", "dax0.0"), 6);
	kds_dax_model_device_unregister(dev);
}

/* 5. Explicit bind rules: matching, already bound, unknown names. */
Test(dax_model, explicit_bind, .init = world_up, .fini = world_down)
{
	struct kds_dax_model_dev *dev;

	dev = world_add_dev(&w, 0);
	cr_assert_eq(store(&w.device_dax, "bind", "dax0.0"), -EBUSY, "bound already");
	cr_assert_eq(store(&w.kmem, "new_id", "dax0.0"), 6);
	cr_assert_eq(store(&w.kmem, "bind", "dax0.0"), -EBUSY, "bound to device_dax");
	cr_assert_eq(store(&w.device_dax, "unbind", "dax0.0"), 6);
	cr_assert_eq(kds_dax_model_driver_store(&w.kmem, "bind", "\0dax0.0", 7), -ENODEV);
	cr_assert_eq(store(&w.kmem, "bind", "dax0.00"), -ENODEV);
	cr_assert_eq(store(&w.kmem, "bind", ""), -ENODEV);
	cr_assert_eq(store(&w.kmem, "bind", "dax0.0\n\n"), -ENODEV);
	cr_assert_eq(store(&w.kmem, "bind",
			   "dax0.0                                                  "), -ENODEV);
	cr_assert_eq(store(&w.kmem, "bind", "dax0.0\n"), 7);
	cr_assert_eq(kds_dax_model_dev_driver(dev), &w.kmem);
	cr_assert_eq(store(&w.kmem, "frobnicate", "x"), -ENOENT);
	kds_dax_model_device_unregister(dev);
}

/*
 * bind / unbind read the name as the 6.1 driver core does: the store gets a
 * C string (the name ends at the first NUL) and bus_find_device_by_name()
 * compares it with sysfs_streq().
 */
Test(dax_model, bind_names_read_like_the_driver_core, .init = world_up, .fini = world_down)
{
	static const struct {
		const char *buf;
		size_t len;
		bool ok;
	} names[] = {
		{ "dax0.0", 6, true },
		{ "dax0.0\n", 7, true },
		{ "dax0.0\0", 7, true },			/* libdaxctl */
		{ "dax0.0\n\0junk", 11, true },
		{ "dax0.0\0junk", 10, true },
		{ "dax0.01", 6, true },			/* count ends the name */
		{ "dax0.0\n\n", 8, false },
		{ "dax0\0.0", 7, false },
		{ "\0dax0.0", 7, false },
		{ "", 0, false },
		{ "\0", 1, false },
		{ " dax0.0", 7, false },
		{ "dax0.0 ", 7, false },
		{ "dax0.00", 7, false },
		{ "DAX0.0", 6, false },
	};
	static char page[4096] = "dax0.0";	/* and 4090 NULs */
	struct kds_dax_model_dev *dev;

	dev = world_add_dev(&w, 0);
	for (size_t i = 0; i < ARRAY_SIZE(names); i++) {
		ssize_t want = names[i].ok ? (ssize_t)names[i].len : -ENODEV;

		cr_expect_eq(kds_dax_model_driver_store(&w.device_dax, "unbind",
							names[i].buf, names[i].len),
			     want, "unbind name %zu", i);
		cr_expect_eq(kds_dax_model_dev_driver(dev), names[i].ok ? NULL : &w.device_dax,
			     "name %zu: state after unbind", i);
		cr_expect_eq(kds_dax_model_driver_store(&w.device_dax, "bind",
							names[i].buf, names[i].len),
			     want, "bind name %zu", i);
		cr_expect_eq(kds_dax_model_dev_driver(dev), &w.device_dax,
			     "name %zu: state after bind", i);
	}
	cr_expect_eq(kds_dax_model_driver_store(&w.device_dax, "unbind", page, sizeof(page)),
		     (ssize_t)sizeof(page));
	cr_expect_eq(kds_dax_model_driver_store(&w.device_dax, "bind", page, sizeof(page)),
		     (ssize_t)sizeof(page));
	cr_expect_eq(kds_dax_model_dev_driver(dev), &w.device_dax);
	kds_dax_model_device_unregister(dev);
}

static struct kds_dax_model_driver *daxctl_drv(struct world *w,
					       struct kds_dax_model_dev *dev,
					       enum kds_daxctl_drv which)
{
	switch (which) {
	case KDS_DAXCTL_CURRENT:
		return kds_dax_model_dev_driver(dev);
	case KDS_DAXCTL_DEVDAX:
		return &w->device_dax;
	case KDS_DAXCTL_KMEM:
		return &w->kmem;
	default:
		return NULL;
	}
}

/* Each step as libdaxctl writes it: strlen(name) + 1 bytes. */
static void daxctl_run(struct world *w, struct kds_dax_model_dev *dev,
		       const struct kds_daxctl_step *steps, size_t n)
{
	static const char name[] = "dax0.0";

	for (size_t i = 0; i < n; i++) {
		const struct kds_daxctl_step *st = &steps[i];
		struct kds_dax_model_driver *drv = daxctl_drv(w, dev, st->drv);
		ssize_t want = st->result ? st->result : (ssize_t)sizeof(name);

		cr_assert_not_null(drv, "step %zu (%s): no driver to write to", i, st->what);
		cr_expect_eq(kds_dax_model_driver_store(drv, st->attr, name, sizeof(name)),
			     want, "step %zu (%s)", i, st->what);
		cr_expect_eq(kds_dax_model_dev_driver(dev), daxctl_drv(w, dev, st->after),
			     "step %zu (%s): bound to the wrong driver", i, st->what);
	}
}

/*
 * daxctl reconfigure-device --mode=system-ram and back to devdax, byte for
 * byte, twice: each round trip adds the memory and takes it back.
 */
Test(dax_model, daxctl_reconfigure_sequence, .init = world_up, .fini = world_down)
{
	struct kds_dax_model_dev *dev;
	int round;

	dev = world_add_dev(&w, 0);
	cr_assert_eq(kds_dax_model_dev_driver(dev), &w.device_dax);
	for (round = 0; round < 2; round++) {
		daxctl_run(&w, dev, kds_daxctl_steps, ARRAY_SIZE(kds_daxctl_steps));
		cr_expect_eq(kds_dax_model_platform_added(&w.plat), 0,
			     "round %d: memory not taken back", round);
		cr_expect_not(kds_dax_model_platform_is_reserved(&w.plat, 4 * SZ_128M, 4 * SZ_128M),
			      "round %d: the kmem claim outlived unbind", round);
	}
	kds_dax_model_device_unregister(dev);
}

/* 6. kmem refuses a device with no target node; it stays unbound. */
Test(dax_model, kmem_refuses_unknown_node, .init = world_up_no_node, .fini = world_down)
{
	struct kds_dax_model_dev *dev;
	char buf[KDS_DAX_ATTR_BUF_SIZE];

	kds_warn_set_quiet(true);
	dev = world_add_dev(&w, 0);
	cr_assert_eq(kds_dax_model_device_show(dev, "target_node", buf), -ENOENT,
		     "target_node visible while negative");
	cr_assert_eq(kds_dax_model_region_show(w.region, "target_node", buf), -ENOENT);
	cr_assert_eq(store(&w.device_dax, "unbind", "dax0.0"), 6);
	cr_assert_eq(store(&w.kmem, "new_id", "dax0.0"), 6, "probe failure does not fail new_id");
	cr_assert_null(kds_dax_model_dev_driver(dev));
	cr_assert_eq(store(&w.kmem, "bind", "dax0.0"), -EINVAL);
	cr_assert_eq(kds_dax_model_platform_added(&w.plat), 0);
	kds_dax_model_device_unregister(dev);
}

/* 7. kmem never takes a device by default, even registered first. */
Test(dax_model, kmem_never_matches_by_default, .init = world_up, .fini = world_down)
{
	struct kds_dax_model_dev *dev;

	kds_dax_model_driver_unregister(&w.device_dax);
	dev = world_add_dev(&w, 0);
	cr_assert_null(kds_dax_model_dev_driver(dev));
	cr_assert_eq(store(&w.kmem, "bind", "dax0.0"), -ENODEV);
	/* Registering the default driver binds the unbound device. */
	cr_assert_eq(kds_dax_model_driver_register(&w.m, &w.device_dax), 0);
	cr_assert_eq(kds_dax_model_dev_driver(dev), &w.device_dax);
	kds_dax_model_device_unregister(dev);
}

/* 8. Unregistering a driver unbinds its devices and frees its ids; re-register flows. */
Test(dax_model, reregister_flows, .init = world_up, .fini = world_down)
{
	struct kds_dax_model_dev *dev;
	struct kds_dax_model_driver other;

	dev = world_add_kmem_dev(&w);
	cr_assert_eq(store(&w.kmem, "new_id", "dax0.1"), 6);
	cr_assert_eq(kds_dax_model_dev_driver(dev), &w.kmem);
	kds_dax_model_driver_unregister(&w.kmem);
	cr_assert_null(kds_dax_model_dev_driver(dev), "unregister left the device bound");
	cr_assert_eq(store(&w.kmem, "new_id", "dax0.0"), -ENODEV);
	/* Re-registered kmem has no ids: nothing binds. */
	cr_assert_eq(kds_dax_model_driver_register(&w.m, &w.kmem), 0);
	cr_assert_eq(kds_dax_driver_nr_ids(&w.kmem.core), 0);
	cr_assert_null(kds_dax_model_dev_driver(dev));
	/* The default driver re-registered takes the unbound device. */
	kds_dax_model_driver_unregister(&w.device_dax);
	cr_assert_eq(kds_dax_model_driver_register(&w.m, &w.device_dax), 0);
	cr_assert_eq(kds_dax_model_dev_driver(dev), &w.device_dax);
	/* A second default driver is refused and leaves no trace. */
	kds_dax_model_device_dax_driver_init(&other);
	other.core.name = "device_dax2";
	cr_assert_eq(kds_dax_model_driver_register(&w.m, &other), -EINVAL);
	cr_assert_not(kds_dax_driver_is_registered(&other.core));
	cr_assert_eq(store(&other, "new_id", "dax0.0"), -ENODEV);
	cr_assert_eq(kds_dax_model_driver_register(&w.m, &w.device_dax), -EBUSY);
	kds_dax_model_driver_unregister(&w.device_dax);
	cr_assert_eq(kds_dax_model_driver_register(&w.m, &other), 0);
	cr_assert_eq(kds_dax_model_dev_driver(dev), &other);
	kds_dax_model_driver_unregister(&other);
	kds_dax_model_device_unregister(dev);
}

/* A later registration step failing gives the default slot back (no counter leak). */
Test(dax_model, failed_registration_releases_default_slot, .init = world_up, .fini = world_down)
{
	struct kds_dax_model_driver dup, def2;

	kds_dax_model_driver_unregister(&w.device_dax);
	/* Default driver whose name is taken by kmem: the name step fails. */
	kds_dax_model_device_dax_driver_init(&dup);
	dup.core.name = "kmem";
	cr_assert_eq(kds_dax_model_driver_register(&w.m, &dup), -EBUSY);
	cr_assert_null(w.m.bus.default_drv, "default slot leaked");
	cr_assert_eq(w.m.bus.nr_drivers, 1);
	cr_assert_not(kds_dax_driver_is_registered(&dup.core));
	/* The slot is free for the next default driver. */
	kds_dax_model_device_dax_driver_init(&def2);
	cr_assert_eq(kds_dax_model_driver_register(&w.m, &def2), 0);
	cr_assert_eq(w.m.bus.default_drv, &def2.core);
	kds_dax_model_driver_unregister(&def2);
}

/* Class devices: never offered to bus drivers, probed directly by the compat path. */
Test(dax_model, class_devices_are_not_bus_matched, .init = world_up, .fini = world_down)
{
	struct kds_dax_model_dev *dev;

	dev = kds_dax_model_device_add(&w.m, w.region, 0, KDS_DEV_DAX_CLASS);
	cr_assert(!IS_ERR(dev));
	cr_assert_null(kds_dax_model_dev_driver(dev));
	cr_assert_not(kds_dev_dax_is_alive(&dev->dax));
	cr_assert_eq(store(&w.device_dax, "bind", "dax0.0"), -ENODEV);
	cr_assert_eq(store(&w.kmem, "new_id", "dax0.0"), 6);
	cr_assert_null(kds_dax_model_dev_driver(dev));
	cr_assert_null(kds_dax_model_find_device(&w.m, "dax0.0"));
	kds_dax_model_class_probe(dev);
	cr_assert(kds_dev_dax_is_alive(&dev->dax));
	cr_assert_eq(kds_dev_dax_get_private(&dev->dax), dev);
	/* A bus device may carry the same name as a class device. */
	struct kds_dax_model_dev *bus = kds_dax_model_device_add(&w.m, w.region, 0, KDS_DEV_DAX_BUS);
	cr_assert(!IS_ERR(bus));
	/* Drivers are tried in registration order: the default driver comes first. */
	cr_assert_eq(kds_dax_model_dev_driver(bus), &w.device_dax);
	kds_dax_model_device_unregister(bus);
	kds_dax_model_device_unregister(dev);
}

Test(dax_model, device_add_refusals, .init = world_up, .fini = world_down)
{
	struct kds_dax_model_dev *dev, *dup;

	cr_assert_eq(PTR_ERR(kds_dax_model_device_add(&w.m, w.region, -1, KDS_DEV_DAX_BUS)),
		     -EINVAL);
	dev = kds_dax_model_device_add(&w.m, w.region, 3, KDS_DEV_DAX_BUS);
	dup = kds_dax_model_device_add(&w.m, w.region, 3, KDS_DEV_DAX_BUS);
	cr_assert_eq(PTR_ERR(dup), -EEXIST);
	cr_assert_eq(kref_read(&w.region->kref), 3, "refused devices hold the region");
	kds_dax_model_device_unregister(dev);
	kds_dax_region_unregister(w.region);
	cr_assert_eq(PTR_ERR(kds_dax_model_device_add(&w.m, w.region, 4, KDS_DEV_DAX_BUS)),
		     -ENXIO);
	kds_dax_region_put(w.region);
	w.region = NULL;
}

/* Devices outlive region teardown; the last device put frees the region. */
Test(dax_model, device_references_keep_region, .init = world_up, .fini = world_down)
{
	struct kds_dax_model_dev *dev, *found;
	char buf[KDS_DAX_ATTR_BUF_SIZE];
	long base;

	dev = world_add_dev(&w, 0);
	found = kds_dax_model_find_device(&w.m, "dax0.0\n");
	cr_assert_eq(found, dev);
	base = kds_alloc_live();
	kds_dax_region_unregister(w.region);
	kds_dax_region_put(w.region);
	kds_dax_model_device_unregister(dev);
	cr_assert_eq(kds_alloc_live(), base, "freed while a reference is held");
	cr_assert_eq(kds_dax_model_device_show(found, "size", buf), 10);
	cr_assert_null(kds_dax_model_find_device(&w.m, "dax0.0"));
	kds_dax_model_device_put(found);
	cr_assert_eq(kds_alloc_live(), base - 2, "device and region not both freed");
	w.region = NULL;
}

/* Failure injection at every allocation of new_id and device add; register has none. */
Test(dax_model, allocation_failure_at_every_point, .init = world_up, .fini = world_down)
{
	unsigned long n;

	/* driver register allocates nothing: it cannot fail for memory */
	{
		struct kds_dax_model_driver d = { .core.name = "extra" };
		long base = kds_alloc_live();

		kds_alloc_fail_nth(1);
		cr_assert_eq(kds_dax_model_driver_register(&w.m, &d), 0);
		kds_alloc_fail_off();
		cr_assert_eq(kds_alloc_live(), base, "register allocated");
		cr_assert_eq(w.m.bus.nr_drivers, 3);
		kds_dax_model_driver_unregister(&d);
		cr_assert_not(kds_dax_driver_is_registered(&d.core));
		cr_assert_eq(w.m.bus.nr_drivers, 2);
	}

	/*
	 * device add, with kmem listed and the default driver away so the add
	 * also probes kmem (whose reservation allocates)
	 */
	kds_dax_model_driver_unregister(&w.device_dax);
	cr_assert_eq(store(&w.kmem, "new_id", "dax0.0"), 6);
	for (n = 1; ; n++) {
		struct kds_dax_model_dev *dev;
		long base = kds_alloc_live();
		unsigned int refs = kref_read(&w.region->kref);

		kds_alloc_fail_nth(n);
		dev = kds_dax_model_device_add(&w.m, w.region, 0, KDS_DEV_DAX_BUS);
		kds_alloc_fail_off();
		if (!IS_ERR(dev)) {
			/*
			 * The kmem probe's allocations (the reservation, the
			 * platform's record of the memory added) failing
			 * leave the device unbound.
			 */
			if (n == 2 || n == 3)
				cr_assert_null(kds_dax_model_dev_driver(dev));
			else
				cr_assert_eq(kds_dax_model_dev_driver(dev), &w.kmem);
			kds_dax_model_device_unregister(dev);
			if (n > 3)
				break;
			continue;
		}
		cr_assert_eq(PTR_ERR(dev), -ENOMEM);
		cr_assert_eq(kds_alloc_live(), base);
		cr_assert_eq(kref_read(&w.region->kref), refs);
		cr_assert_null(kds_dax_model_find_device(&w.m, "dax0.0"));
	}
	cr_assert_eq(n, 4);
	kds_dax_model_platform_destroy(&w.plat);
	kds_dax_model_platform_init(&w.plat, SZ_128M);
	cr_assert_eq(kds_dax_model_driver_register(&w.m, &w.device_dax), 0);

	/*
	 * new_id: the id allocation, then the auto-bind's kmem allocations
	 * (the reservation, the platform's record of the memory added)
	 */
	struct kds_dax_model_dev *dev = kds_dax_model_device_add(&w.m, w.region, 1,
								 KDS_DEV_DAX_BUS);
	cr_assert_eq(store(&w.device_dax, "unbind", "dax0.1"), 6);
	for (n = 1; ; n++) {
		long base = kds_alloc_live();
		unsigned int ids = kds_dax_driver_nr_ids(&w.kmem.core);
		ssize_t rc;

		kds_alloc_fail_nth(n);
		rc = store(&w.kmem, "new_id", "dax0.1");
		kds_alloc_fail_off();
		if (n == 1) {
			cr_assert_eq(rc, -ENOMEM);
			cr_assert_eq(kds_alloc_live(), base);
			cr_assert_eq(kds_dax_driver_nr_ids(&w.kmem.core), ids);
			cr_assert_not(kds_dax_driver_has_id(&w.kmem.core, 0, 1));
			continue;
		}
		cr_assert_eq(rc, 6);
		if (n == 2 || n == 3) {
			/* id added, probe failed: device left unbound; retry through bind */
			cr_assert_null(kds_dax_model_dev_driver(dev));
			cr_assert_eq(store(&w.kmem, "remove_id", "dax0.1"), 6);
			continue;
		}
		cr_assert_eq(kds_dax_model_dev_driver(dev), &w.kmem);
		break;
	}
	kds_dax_model_device_unregister(dev);
}

/* An add_memory failure unbinds nothing and releases the reservation. */
Test(dax_model, kmem_add_memory_failure, .init = world_up, .fini = world_down)
{
	struct kds_dax_model_dev *dev;

	dev = world_add_kmem_dev(&w);
	cr_assert_eq(store(&w.kmem, "unbind", "dax0.0"), 6);
	w.plat.fail_add = -ENOSPC;
	cr_assert_eq(store(&w.kmem, "bind", "dax0.0"), -ENOSPC);
	cr_assert_not(kds_dax_model_platform_is_reserved(&w.plat, 4 * SZ_128M, 4 * SZ_128M));
	cr_assert_eq(store(&w.kmem, "bind", "dax0.0"), 6);
	cr_assert_eq(kds_dax_model_platform_added(&w.plat), 4 * SZ_128M);
	kds_dax_model_device_unregister(dev);
}

/*
 * Through the model: every order of region unregister, the creator's put
 * and the unregistration of up to three bound devices frees the region
 * exactly once, at the last event.
 */
Test(dax_model, every_teardown_order_frees_region_once)
{
	struct kds_dax_model m;
	struct kds_dax_model_driver dd;
	unsigned long orders = 0;

	kds_dax_model_init(&m);
	kds_dax_model_device_dax_driver_init(&dd);
	cr_assert_eq(kds_dax_model_driver_register(&m, &dd), 0);
	for (int ndev = 0; ndev <= 3; ndev++) {
		int order[5], nev = ndev + 2;

		for (int i = 0; i < nev; i++)
			order[i] = i;
		do {
			struct kds_dax_model_dev *devs[3];
			struct kds_dax_region *r;
			long base = kds_alloc_live();

			r = kds_dax_region_alloc(NULL, 2, 0, SZ_128M, 0, SZ_2M, 0);
			cr_assert(!IS_ERR(r));
			for (int d = 0; d < ndev; d++) {
				devs[d] = kds_dax_model_device_add(&m, r, d, KDS_DEV_DAX_BUS);
				cr_assert(!IS_ERR(devs[d]));
				cr_assert_eq(kds_dax_model_dev_driver(devs[d]), &dd);
			}
			long devs_left = ndev;

			for (int e = 0; e < nev; e++) {
				/* The region lives until the last event (ASan checks the read). */
				cr_assert_eq(r->id, 2);
				cr_assert_eq(kds_alloc_live(), base + 1 + devs_left);
				if (order[e] == 0) {
					kds_dax_region_unregister(r);
				} else if (order[e] == 1) {
					kds_dax_region_put(r);
				} else {
					kds_dax_model_device_unregister(devs[order[e] - 2]);
					devs_left--;
				}
			}
			cr_assert_eq(kds_alloc_live(), base, "region or device not freed");
			orders++;
		} while (next_permutation(order, nev));
	}
	cr_assert_eq(orders, 2 + 6 + 24 + 120);
	cr_assert_eq(kds_warn_count(), 0);
	kds_dax_model_driver_unregister(&dd);
	kds_dax_model_destroy(&m);
}
