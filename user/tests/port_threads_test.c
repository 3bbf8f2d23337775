// SPDX-License-Identifier: GPL-2.0
/*
 * The port's concurrency primitives under real contention; a plain program
 * so it also runs under --config=tsan.
 *
 * Userspace only (threads, run under TSan too).
 */
#include "kds_check.h"

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

int main(void)
{
	pthread_t t[THREADS];
	struct kds_obj obj;

	shared_obj = &obj;
	obj.freed = 0;
	kref_init(&obj.kref);
	for (int i = 0; i < THREADS; i++)
		pthread_create(&t[i], NULL, worker, NULL);
	for (int i = 0; i < THREADS; i++)
		pthread_join(t[i], NULL);

	KDS_CHECK(atomic_read(&counter) == THREADS * ROUNDS, "%d", atomic_read(&counter));
	KDS_CHECK(under_mutex == (long)THREADS * ROUNDS, "%ld", under_mutex);
	KDS_CHECK(under_spinlock == (long)THREADS * ROUNDS, "%ld", under_spinlock);
	KDS_CHECK(refcount_read(&refs) == 1, "%u", refcount_read(&refs));
	KDS_CHECK(obj.freed == 0, "released while references remained");
	KDS_CHECK(kref_put(&obj.kref, obj_release) == 1, "last put releases");
	KDS_CHECK(obj.freed == 1, "released exactly once: %d", obj.freed);
	KDS_CHECK(kds_warn_count() == 0, "%lu warnings", kds_warn_count());
	return kds_check_exit("port_threads_test");
}
