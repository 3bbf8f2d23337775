// SPDX-License-Identifier: GPL-2.0
/*
 * The port's concurrency primitives under real contention; a plain program
 * so it also runs under --config=tsan.
 *
 * Userspace only (threads, run under TSan too).
 */
#include "kds_port.h"
#include "kds_expect.h"

#define THREADS 4
#define ROUNDS 20000

static atomic_t counter = ATOMIC_INIT(0);
static DEFINE_MUTEX(big_lock);
static DEFINE_SPINLOCK(small_lock);
static long under_mutex, under_spinlock;
static refcount_t refs = REFCOUNT_INIT(1);
static struct kds_obj { struct kref kref; int freed; } *shared_obj;

static void obj_release(struct kref *k)
{
	struct kds_obj *o = container_of(k, struct kds_obj, kref);

	__atomic_add_fetch(&o->freed, 1, __ATOMIC_RELAXED);
}

static void *worker(void *arg)
{
	for (int i = 0; i < ROUNDS; i++) {
		atomic_inc(&counter);
		mutex_lock(&big_lock);
		under_mutex++;
		mutex_unlock(&big_lock);
		spin_lock(&small_lock);
		under_spinlock++;
		spin_unlock(&small_lock);
		refcount_inc(&refs);
		refcount_dec(&refs);
		kref_get(&shared_obj->kref);
		kref_put(&shared_obj->kref, obj_release);
		kfree(kmalloc(16, GFP_KERNEL));
	}
	return NULL;
}

static void contention(struct kds_expect *e)
{
	pthread_t t[THREADS];
	int n;
	struct kds_obj obj;

	shared_obj = &obj;
	obj.freed = 0;
	kref_init(&obj.kref);
	/* Join the threads that started, even when one could not. */
	for (n = 0; n < THREADS; n++)
		if (!KDS_EXPECT(e, pthread_create(&t[n], NULL, worker, NULL) == 0))
			break;
	for (int i = 0; i < n; i++)
		pthread_join(t[i], NULL);

	KDS_EXPECT_EQ(e, atomic_read(&counter), THREADS * ROUNDS);
	KDS_EXPECT_EQ(e, under_mutex, (long)THREADS * ROUNDS);
	KDS_EXPECT_EQ(e, under_spinlock, (long)THREADS * ROUNDS);
	KDS_EXPECT_EQ(e, refcount_read(&refs), 1);
	KDS_EXPECT_MSG(e, obj.freed == 0, "released while references remained");
	KDS_EXPECT_MSG(e, kref_put(&obj.kref, obj_release) == 1, "last put releases");
	KDS_EXPECT_EQ(e, obj.freed, 1);
	KDS_EXPECT_EQ(e, kds_warn_count(), 0);
}

static const struct kds_case port_threads_cases[] = { KDS_CASE(contention) };
KDS_SUITE(kds_suite_port_threads, "kds_port_threads", port_threads_cases, NULL);
