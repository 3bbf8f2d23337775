// SPDX-License-Identifier: GPL-2.0
/*
 * model_threads_test.c - suite kds_dax_model_threads: new_id / remove_id /
 * bind / unbind / driver register and unregister / device add and
 * unregister, all at once. A plain
 * program so it also runs under ThreadSanitizer.
 */
#include <time.h>

#include "kds_port.h"
#include "kds_expect.h"
#include "user/dax_bus/dax_model.h"

#define NDEV		4
#define SZ_128M		(128ULL << 20)

static struct kds_dax_model model;
static struct kds_dax_model_platform plat;
static struct kds_dax_model_driver device_dax, kmem, rival;
static struct kds_dax_region *regions[NDEV + 2];
static int stop;
static unsigned long ops[6];

static const char *const names[NDEV + 2] = {
	"dax0.0", "dax1.1\n", "dax2.2", "dax3.3\n", "dax4.4", "dax5.5",
};

static bool running(void)
{
	return !__atomic_load_n(&stop, __ATOMIC_ACQUIRE);
}

static void count_op(int which)
{
	__atomic_add_fetch(&ops[which], 1, __ATOMIC_RELAXED);
}

static ssize_t store(struct kds_dax_model_driver *d, const char *attr, const char *s)
{
	return kds_dax_model_driver_store(d, attr, s, strlen(s));
}

/* The invariants of the model, checked under its lock. */
static void check_invariants(struct kds_expect *e)
{
	struct kds_dax_model_driver *d;
	struct kds_dax_model_dev *dev;
	unsigned int bound_dd = 0, bound_kmem = 0, bound_rival = 0, defaults = 0;

	mutex_lock(&model.lock);
	list_for_each_entry(d, &model.drivers, node) {
		KDS_EXPECT_MSG(e, kds_dax_driver_is_registered(&d->core),
			       "%s listed but not registered", d->core.name);
		defaults += d->core.match_always;
	}
	KDS_EXPECT_MSG(e, defaults <= 1, "%u default drivers registered", defaults);
	list_for_each_entry(dev, &model.devices, node) {
		if (!dev->driver)
			continue;
		KDS_EXPECT_MSG(e, kds_dax_driver_is_registered(&dev->driver->core),
			       "%s bound to an unregistered driver", dev->dax.name);
		KDS_EXPECT_MSG(e, kds_dev_dax_is_alive(&dev->dax) == (dev->driver != &kmem),
			       "%s: alive state does not follow its driver", dev->dax.name);
		bound_dd += dev->driver == &device_dax;
		bound_kmem += dev->driver == &kmem;
		bound_rival += dev->driver == &rival;
	}
	KDS_EXPECT_MSG(e, !kds_dax_driver_is_registered(&device_dax.core) ||
		       device_dax.nr_bound == bound_dd, "device_dax count");
	KDS_EXPECT_MSG(e, !kds_dax_driver_is_registered(&kmem.core) ||
		       kmem.nr_bound == bound_kmem, "kmem count");
	KDS_EXPECT_MSG(e, !kds_dax_driver_is_registered(&rival.core) ||
		       rival.nr_bound == bound_rival, "rival count");
	mutex_unlock(&model.lock);
}

static void *ids_worker(void *arg)
{
	struct kds_expect *e = arg;
	unsigned int seed = 1;

	while (running()) {
		const char *n = names[rand_r(&seed) % NDEV];
		ssize_t rc = store(&kmem, rand_r(&seed) & 1 ? "new_id" : "remove_id", n);

		KDS_EXPECT_MSG(e, rc == (ssize_t)strlen(n) || rc == -ENODEV, "id store: %zd", rc);
		count_op(0);
	}
	return NULL;
}

static void *bind_worker(void *arg)
{
	struct kds_expect *e = arg;
	unsigned int seed = 2;

	while (running()) {
		struct kds_dax_model_driver *d = rand_r(&seed) & 1 ? &device_dax : &kmem;
		const char *n = names[rand_r(&seed) % (NDEV + 2)];
		ssize_t rc = store(d, rand_r(&seed) & 1 ? "bind" : "unbind", n);

		KDS_EXPECT_MSG(e, rc == (ssize_t)strlen(n) || rc == -ENODEV || rc == -EBUSY ||
			       rc == -ENOMEM, "bind/unbind: %zd", rc);
		count_op(1);
	}
	return NULL;
}

static void *driver_worker(void *arg)
{
	struct kds_expect *e = arg;
	unsigned int seed = 3;

	while (running()) {
		switch (rand_r(&seed) % 4) {
		case 0:
			if (kds_dax_model_driver_register(&model, &kmem) == 0)
				kds_dax_model_driver_unregister(&kmem);
			break;
		case 1: {
			int rc = kds_dax_model_driver_register(&model, &rival);

			/* The rival is a second default driver: refused while device_dax holds the slot. */
			KDS_EXPECT_MSG(e, rc == 0 || rc == -EINVAL, "rival register: %d", rc);
			if (rc == 0)
				kds_dax_model_driver_unregister(&rival);
			break;
		}
		case 2:
			kds_dax_model_driver_unregister(&device_dax);
			KDS_EXPECT_MSG(e, kds_dax_model_driver_register(&model, &device_dax) == 0,
				       "default driver came back refused");
			break;
		default:
			check_invariants(e);
		}
		count_op(2);
	}
	return NULL;
}

static void *device_worker(void *arg)
{
	struct kds_expect *e = arg;
	unsigned int seed = 4;

	while (running()) {
		int i = NDEV + (rand_r(&seed) & 1);
		struct kds_dax_model_dev *dev;

		dev = kds_dax_model_device_add(&model, regions[i], i, KDS_DEV_DAX_BUS);
		KDS_EXPECT_MSG(e, !IS_ERR(dev), "device add: %ld", PTR_ERR(dev));
		if (!IS_ERR(dev))
			kds_dax_model_device_unregister(dev);
		count_op(3);
	}
	return NULL;
}

static void *show_worker(void *arg)
{
	struct kds_expect *e = arg;
	unsigned int seed = 5;
	char buf[KDS_DAX_ATTR_BUF_SIZE];

	while (running()) {
		struct kds_dax_model_dev *dev;

		dev = kds_dax_model_find_device(&model, names[rand_r(&seed) % (NDEV + 2)]);
		if (dev) {
			ssize_t n = kds_dax_model_device_show(dev, "modalias", buf);

			KDS_EXPECT_MSG(e, n == 7 && memcmp(buf, "dax:t0\n", 7) == 0, "modalias");
			n = kds_dax_model_device_show(dev, "size", buf);
			KDS_EXPECT_MSG(e, n == 10 && memcmp(buf, "134217728\n", 10) == 0, "size");
			(void)kds_dev_dax_get_private(&dev->dax);
			kds_dax_model_device_put(dev);
		}
		count_op(4);
	}
	return NULL;
}

static void everything_at_once(struct kds_expect *e)
{
	void *(*workers[])(void *) = {
		ids_worker, bind_worker, driver_worker, device_worker, show_worker,
	};
	pthread_t t[ARRAY_SIZE(workers)];
	size_t started;
	struct kds_dax_model_dev *devs[NDEV];
	struct timespec pause = { .tv_sec = 1, .tv_nsec = 500000000 };

	kds_warn_set_quiet(true);
	kds_dax_model_init(&model);
	kds_dax_model_platform_init(&plat, SZ_128M);
	kds_dax_model_device_dax_driver_init(&device_dax);
	kds_dax_model_kmem_driver_init(&kmem, &plat);
	kds_dax_model_device_dax_driver_init(&rival);
	rival.core.name = "rival";
	KDS_EXPECT_MSG(e, kds_dax_model_driver_register(&model, &device_dax) == 0, "register");
	KDS_EXPECT_MSG(e, kds_dax_model_driver_register(&model, &kmem) == 0, "register");
	for (int i = 0; i < NDEV + 2; i++) {
		regions[i] = kds_dax_region_alloc(NULL, i, (u64)i * SZ_128M, SZ_128M,
						  0, 4096, 0);
		KDS_EXPECT_MSG(e, !IS_ERR(regions[i]), "region %d", i);
	}
	for (int i = 0; i < NDEV; i++) {
		devs[i] = kds_dax_model_device_add(&model, regions[i], i, KDS_DEV_DAX_BUS);
		KDS_EXPECT_MSG(e, !IS_ERR(devs[i]), "device %d", i);
	}

	for (started = 0; started < ARRAY_SIZE(workers); started++)
		if (!KDS_EXPECT(e, pthread_create(&t[started], NULL, workers[started], e) == 0))
			break;
	nanosleep(&pause, NULL);
	__atomic_store_n(&stop, 1, __ATOMIC_RELEASE);
	for (size_t i = 0; i < started; i++)
		pthread_join(t[i], NULL);

	check_invariants(e);
	for (int i = 0; i < 5; i++)
		KDS_EXPECT_MSG(e, ops[i] > 0, "worker %d never ran", i);
	printf("ops: ids %lu, bind %lu, drivers %lu, devices %lu, shows %lu\n",
	       ops[0], ops[1], ops[2], ops[3], ops[4]);

	/* Tear down in an order that leaves devices holding regions. */
	for (int i = 0; i < NDEV + 2; i++) {
		kds_dax_region_unregister(regions[i]);
		kds_dax_region_put(regions[i]);
	}
	for (int i = 0; i < NDEV; i++)
		kds_dax_model_device_unregister(devs[i]);
	if (kds_dax_driver_is_registered(&kmem.core))
		kds_dax_model_driver_unregister(&kmem);
	kds_dax_model_driver_unregister(&device_dax);
	KDS_EXPECT_MSG(e, !kds_dax_driver_is_registered(&rival.core), "rival left registered");
	KDS_EXPECT_MSG(e, model.bus.nr_drivers == 0, "drivers left: %u", model.bus.nr_drivers);
	kds_dax_model_destroy(&model);
	kds_dax_model_platform_destroy(&plat);
	KDS_EXPECT_EQ(e, kds_warn_count(), 0);
}

static const struct kds_case dax_threads_cases[] = { KDS_CASE(everything_at_once) };
KDS_SUITE(kds_suite_dax_model_threads, "kds_dax_model_threads", dax_threads_cases, NULL);
