// SPDX-License-Identifier: GPL-2.0
/*
 * dev_dax_threads_test.c - the exported dev_dax lifecycle calls
 * (kds_dax_device_dax_probe(), kds_dax_device_dax_remove(),
 * kds_dev_dax_release()) called from several threads with no lock of the
 * caller's, as a driver other than kds.ko's own glue may call them.
 *
 * The first cases are deterministic: the port's race injection stops one
 * thread inside the call, just before its state change, and a second
 * thread runs a whole call in that window; then the first goes on. The
 * last case lets four threads probe and remove one device freely and
 * checks that the successes add up. A plain program, so it also runs under
 * ThreadSanitizer.
 *
 * Userspace only (threads, race injection).
 */
#include <pthread.h>

#include "kds_port.h"
#include "kds_expect.h"
#include "kds/dax_bus.h"

#define SZ_2M		(2ULL << 20)
#define NR_THREADS	4
#define ROUNDS		20000

enum dev_dax_op { OP_PROBE, OP_REMOVE, OP_RELEASE };

/* What the racer does inside the stopped call's window. */
struct window {
	struct kds_expect *e;
	struct kds_dev_dax *dev;
	enum dev_dax_op op;
	int rc;		/* the racer's result */
	bool ran;
};

static int do_op(struct kds_dev_dax *dev, enum dev_dax_op op)
{
	switch (op) {
	case OP_PROBE:
		return kds_dax_device_dax_probe(dev);
	case OP_REMOVE:
		return kds_dax_device_dax_remove(dev);
	case OP_RELEASE:
		kds_dev_dax_release(dev);
		return 0;
	}
	return -EINVAL;
}

static void *racer_thread(void *arg)
{
	struct window *w = arg;

	w->rc = do_op(w->dev, w->op);
	return NULL;
}

/* Run at the stopped thread's race point: a whole call on another thread. */
static void run_in_window(void *ctx)
{
	struct window *w = ctx;
	pthread_t t;

	if (!KDS_EXPECT(w->e, pthread_create(&t, NULL, racer_thread, w) == 0))
		return;
	pthread_join(t, NULL);
	w->ran = true;
}

struct fixture {
	struct kds_dax_region *region;
	struct kds_dev_dax dev;
	int data;
};

static bool fixture_init(struct kds_expect *e, struct fixture *f)
{
	f->region = kds_dax_region_alloc(NULL, 0, 0, SZ_2M, 0, SZ_2M, 0);
	if (!KDS_EXPECT(e, !IS_ERR(f->region)))
		return false;
	memset(&f->dev, 0, sizeof(f->dev));
	KDS_EXPECT_EQ(e, kds_dev_dax_init(&f->dev, f->region, 0, KDS_DEV_DAX_BUS), 0);
	kds_dev_dax_set_private(&f->dev, &f->data);
	return true;
}

static void fixture_fini(struct kds_expect *e, struct fixture *f, bool released)
{
	if (!released)
		kds_dev_dax_release(&f->dev);
	kds_dax_region_put(f->region);
	KDS_EXPECT_EQ(e, kds_dax_region_unregister(f->region), 0);
}

/* @first stops at its state change; @second runs whole in that window. */
static int race(struct kds_expect *e, struct fixture *f, enum dev_dax_op first,
		enum dev_dax_op second, int *second_rc)
{
	struct window w = { .e = e, .dev = &f->dev, .op = second };
	int rc;

	kds_race_inject_nth(1, run_in_window, &w);
	rc = do_op(&f->dev, first);
	kds_race_inject_off();
	KDS_EXPECT_MSG(e, w.ran, "the first call passed no race point");
	*second_rc = w.rc;
	return rc;
}

/* Two probes at once: exactly one runs the device, the other is -EBUSY. */
static void dev_dax_two_probes_one_wins(struct kds_expect *e)
{
	struct fixture f;
	int first, second;

	if (!fixture_init(e, &f))
		return;
	first = race(e, &f, OP_PROBE, OP_PROBE, &second);
	KDS_EXPECT_EQ(e, second, 0);		/* it went through the window whole */
	KDS_EXPECT_EQ(e, first, -EBUSY);	/* the device was no longer dead */
	KDS_EXPECT(e, kds_dev_dax_is_alive(&f.dev));
	KDS_EXPECT_EQ(e, kds_dax_device_dax_remove(&f.dev), 0);
	KDS_EXPECT_EQ(e, kds_dax_device_dax_remove(&f.dev), -EALREADY);
	fixture_fini(e, &f, false);
}

/*
 * A probe racing the final release: the release wins the window, so the
 * probe must fail and the released device stay dead, its private data
 * unreachable (in a glue, the memory behind it is being freed).
 */
static void dev_dax_probe_racing_release_stays_dead(struct kds_expect *e)
{
	struct fixture f;
	int first, second;

	if (!fixture_init(e, &f))
		return;
	first = race(e, &f, OP_PROBE, OP_RELEASE, &second);
	KDS_EXPECT_EQ(e, first, -ENXIO);
	KDS_EXPECT(e, !kds_dev_dax_is_alive(&f.dev));
	KDS_EXPECT_PTR_EQ(e, kds_dev_dax_get_private(&f.dev), NULL);
	KDS_EXPECT_EQ(e, kds_dax_device_dax_probe(&f.dev), -ENXIO);
	fixture_fini(e, &f, true);
}

/* The release stopped, a probe runs in its window: the release still kills. */
static void dev_dax_release_racing_probe_kills(struct kds_expect *e)
{
	struct fixture f;
	int second;

	if (!fixture_init(e, &f))
		return;
	race(e, &f, OP_RELEASE, OP_PROBE, &second);
	KDS_EXPECT_EQ(e, second, 0);
	KDS_EXPECT(e, !kds_dev_dax_is_alive(&f.dev));
	KDS_EXPECT_PTR_EQ(e, kds_dev_dax_get_private(&f.dev), NULL);
	fixture_fini(e, &f, true);
}

/* Two removes at once: exactly one kills the device. */
static void dev_dax_two_removes_one_wins(struct kds_expect *e)
{
	struct fixture f;
	int first, second;

	if (!fixture_init(e, &f))
		return;
	KDS_EXPECT_EQ(e, kds_dax_device_dax_probe(&f.dev), 0);
	first = race(e, &f, OP_REMOVE, OP_REMOVE, &second);
	KDS_EXPECT_EQ(e, second, 0);
	KDS_EXPECT_EQ(e, first, -EALREADY);
	KDS_EXPECT(e, !kds_dev_dax_is_alive(&f.dev));
	fixture_fini(e, &f, false);
}

struct churn {
	struct kds_expect *e;
	struct kds_dev_dax *dev;
	long probes, removes;	/* successful calls of this thread */
};

static void *churn_thread(void *arg)
{
	struct churn *c = arg;
	int i, rc;

	for (i = 0; i < ROUNDS; i++) {
		rc = kds_dax_device_dax_probe(c->dev);
		KDS_EXPECT_MSG(c->e, rc == 0 || rc == -EBUSY, "probe: %d", rc);
		c->probes += rc == 0;
		rc = kds_dax_device_dax_remove(c->dev);
		KDS_EXPECT_MSG(c->e, rc == 0 || rc == -EALREADY, "remove: %d", rc);
		c->removes += rc == 0;
	}
	return NULL;
}

/*
 * Four threads probe and remove one device freely: every successful
 * remove ended exactly one successful probe, so the successes differ by
 * the device's final state.
 */
static void dev_dax_probe_remove_churn_adds_up(struct kds_expect *e)
{
	struct churn c[NR_THREADS];
	pthread_t t[NR_THREADS];
	long probes = 0, removes = 0;
	struct fixture f;
	int i, n;

	if (!fixture_init(e, &f))
		return;
	for (n = 0; n < NR_THREADS; n++) {
		c[n] = (struct churn){ .e = e, .dev = &f.dev };
		if (!KDS_EXPECT(e, pthread_create(&t[n], NULL, churn_thread, &c[n]) == 0))
			break;
	}
	for (i = 0; i < n; i++) {
		pthread_join(t[i], NULL);
		probes += c[i].probes;
		removes += c[i].removes;
	}
	KDS_EXPECT_MSG(e, probes - removes == (kds_dev_dax_is_alive(&f.dev) ? 1 : 0),
		       "%ld successful probes, %ld successful removes, device %s",
		       probes, removes, kds_dev_dax_is_alive(&f.dev) ? "alive" : "dead");
	KDS_EXPECT(e, probes > 0);
	fixture_fini(e, &f, false);
}

static const struct kds_case dev_dax_threads_cases[] = {
	KDS_CASE(dev_dax_two_probes_one_wins),
	KDS_CASE(dev_dax_probe_racing_release_stays_dead),
	KDS_CASE(dev_dax_release_racing_probe_kills),
	KDS_CASE(dev_dax_two_removes_one_wins),
	KDS_CASE(dev_dax_probe_remove_churn_adds_up),
};
KDS_SUITE(kds_suite_dev_dax_threads, "kds_dev_dax_threads", dev_dax_threads_cases, NULL);
