// SPDX-License-Identifier: GPL-2.0
/*
 * Tests of the userspace port that only make sense in userspace: the
 * allocator's counters, node pool and failure injection, threads, and the
 * port's own warning counts. The idioms both ports must share (allocation,
 * bit math, lists, refcounts, atomics, locks, strings) are the shared case
 * file kernel/tests/port.c, run in both worlds.
 */
#include <pthread.h>

#include "kds_testing.h"

KDS_TEST_SUITE(port);

Test(port, kmalloc_counts_and_kfree_uncounts)
{
	struct kds_alloc_stats st;
	char *a = kmalloc(100, GFP_KERNEL);
	char *b = kzalloc(50, GFP_KERNEL);

	cr_assert_not_null(a);
	cr_assert_not_null(b);
	kds_alloc_stats(&st);
	cr_assert_eq(st.live, 2);
	cr_assert_eq(st.live_bytes, 150);
	for (int i = 0; i < 50; i++)
		cr_assert_eq(b[i], 0);
	cr_assert_eq((uintptr_t)a % 16, 0, "kmalloc keeps 16-byte alignment");
	kfree(a);
	kfree(b);
	kfree(NULL);
	cr_assert_eq(kds_alloc_stats(&st), 0);
	cr_assert_eq(st.live, 0);
	cr_assert_eq(st.live_bytes, 0);
	cr_assert_eq(st.peak_bytes, 150);
	cr_assert_eq(kds_alloc_stats(NULL), -EINVAL, "a NULL buffer is refused, not written");
}

Test(port, node_alloc_rejects_bad_sizes)
{
	kds_warn_set_quiet(true);
	kds_warn_expect("!is_power_of_2(size) || size > PAGE_SIZE");
	cr_assert_null(kds_node_alloc(3 * 64, GFP_KERNEL));
	cr_assert_null(kds_node_alloc(2 * PAGE_SIZE, GFP_KERNEL));
	cr_assert_eq(kds_warn_count(), 2);
}

/* Every power-of-two size from 1 byte to PAGE_SIZE, several blocks each. */
Test(port, node_pool_aligns_every_size)
{
	for (size_t size = 1; size <= PAGE_SIZE; size <<= 1) {
		unsigned char *n[5];

		for (size_t k = 0; k < ARRAY_SIZE(n); k++) {
			n[k] = kds_node_alloc(size, GFP_KERNEL);
			cr_assert_not_null(n[k]);
			cr_assert_eq((uintptr_t)n[k] % max_t(size_t, size, 8), 0,
				     "size %zu block %zu misaligned", size, k);
			for (size_t j = 0; j < size; j++)
				cr_assert_eq(n[k][j], 0);
			memset(n[k], 0xa5, size);
			for (size_t j = 0; j < k; j++)
				cr_assert_neq(n[k], n[j]);
		}
		for (size_t k = 0; k < ARRAY_SIZE(n); k++)
			kds_node_free(n[k], size);
	}
	cr_assert_eq(kds_alloc_live(), 0);
}

/* A node written, freed and handed out again reads as zero. */
Test(port, node_pool_zeroes_recycled_nodes)
{
	size_t sizes[] = { 8, 64, 512, PAGE_SIZE };

	for (size_t i = 0; i < ARRAY_SIZE(sizes); i++) {
		unsigned char *a = kds_node_alloc(sizes[i], GFP_KERNEL);
		unsigned char *b;

		cr_assert_not_null(a);
		memset(a, 0xff, sizes[i]);
		kds_node_free(a, sizes[i]);
		b = kds_node_alloc(sizes[i], GFP_KERNEL);
		cr_assert_not_null(b);
		/* The pool recycles the block just freed (last freed, first out). */
		if (kds_node_pool_chunks())
			cr_assert_eq(b, a);
		for (size_t j = 0; j < sizes[i]; j++)
			cr_assert_eq(b[j], 0, "size %zu byte %zu not zeroed", sizes[i], j);
		kds_node_free(b, sizes[i]);
	}
}

/* Counters count node bytes: what was asked for, not chunks or free lists. */
Test(port, node_pool_counts_node_bytes)
{
	struct kds_alloc_stats before, st;
	void *a, *b, *c;

	kds_alloc_stats(&before);
	a = kds_node_alloc(PAGE_SIZE, GFP_KERNEL);
	b = kds_node_alloc(512, GFP_KERNEL);
	c = kds_node_alloc(64, GFP_KERNEL);
	cr_assert(a && b && c);
	kds_alloc_stats(&st);
	cr_assert_eq(st.live - before.live, 3);
	cr_assert_eq(st.live_bytes - before.live_bytes, PAGE_SIZE + 512 + 64);
	cr_assert_eq(st.total - before.total, 3);
	cr_assert_geq(st.peak_bytes, st.live_bytes);
	kds_node_free(b, 512);
	kds_alloc_stats(&st);
	cr_assert_eq(st.live - before.live, 2);
	cr_assert_eq(st.live_bytes - before.live_bytes, PAGE_SIZE + 64);
	kds_node_free(a, PAGE_SIZE);
	kds_node_free(c, 64);
	kds_node_free(NULL, 512);
	kds_alloc_stats(&st);
	cr_assert_eq(st.live, before.live);
	cr_assert_eq(st.live_bytes, before.live_bytes);
	cr_assert_eq(st.bad_frees, before.bad_frees);
}

/* Injected failures hit node allocations before the pool is touched. */
Test(port, node_pool_failure_injection)
{
	struct kds_alloc_stats before, st;
	void *a, *b;

	kds_warn_set_quiet(true);
	a = kds_node_alloc(512, GFP_KERNEL);
	cr_assert_not_null(a);
	kds_node_free(a, 512);
	kds_alloc_stats(&before);
	kds_alloc_fail_nth(1);
	cr_assert_null(kds_node_alloc(512, GFP_KERNEL));
	kds_alloc_stats(&st);
	cr_assert_eq(st.failed - before.failed, 1);
	cr_assert_eq(st.live, before.live);
	cr_assert_eq(st.live_bytes, before.live_bytes);
	/* The failed attempt took nothing: the recycled block is still there. */
	b = kds_node_alloc(512, GFP_KERNEL);
	cr_assert_not_null(b);
	if (kds_node_pool_chunks())
		cr_assert_eq(b, a);
	kds_alloc_fail_after(0);
	cr_assert_null(kds_node_alloc(PAGE_SIZE, GFP_KERNEL));
	cr_assert_null(kds_node_alloc(64, GFP_KERNEL));
	kds_alloc_fail_off();
	kds_node_free(b, 512);
	cr_assert_eq(kds_alloc_live(), 0);
}

/*
 * More page-sized nodes than two chunks hold: each is aligned, zeroed and
 * distinct (each keeps its own number), and all of them come back.
 */
Test(port, node_pool_spans_several_chunks)
{
	enum { NR = 1280 };	/* 2.5 chunks of 2 MiB at PAGE_SIZE nodes */
	unsigned long *n[NR];
	long chunks = kds_node_pool_chunks();

	for (size_t k = 0; k < NR; k++) {
		n[k] = kds_node_alloc(PAGE_SIZE, GFP_KERNEL);
		cr_assert_not_null(n[k]);
		cr_assert_eq((uintptr_t)n[k] % PAGE_SIZE, 0);
		cr_assert_eq(n[k][0], 0);
		cr_assert_eq(n[k][PAGE_SIZE / sizeof(long) - 1], 0);
		n[k][0] = k;
		n[k][PAGE_SIZE / sizeof(long) - 1] = ~k;
	}
	if (chunks || kds_node_pool_chunks())
		cr_assert_geq(kds_node_pool_chunks() - chunks, 2);
	cr_assert_eq(kds_alloc_live(), NR);
	for (size_t k = 0; k < NR; k++) {
		cr_assert_eq(n[k][0], k);
		cr_assert_eq(n[k][PAGE_SIZE / sizeof(long) - 1], ~k);
	}
	for (size_t k = 0; k < NR; k += 2)
		kds_node_free(n[k], PAGE_SIZE);
	for (size_t k = 1; k < NR; k += 2)
		kds_node_free(n[k], PAGE_SIZE);
	cr_assert_eq(kds_alloc_live(), 0);
	/* Reallocating them all reuses the free list: no new chunk, all zero. */
	chunks = kds_node_pool_chunks();
	for (size_t k = 0; k < NR; k++) {
		n[k] = kds_node_alloc(PAGE_SIZE, GFP_KERNEL);
		cr_assert_not_null(n[k]);
		for (size_t j = 0; j < PAGE_SIZE / sizeof(long); j++)
			cr_assert_eq(n[k][j], 0);
	}
	cr_assert_eq(kds_node_pool_chunks(), chunks);
	for (size_t k = 0; k < NR; k++)
		kds_node_free(n[k], PAGE_SIZE);
	cr_assert_eq(kds_alloc_live(), 0);
}

/*
 * kds_node_pool_release() unmaps the chunks of classes with no node in
 * use and leaves a class with a node in use alone; the pool then maps
 * fresh chunks on demand.
 */
Test(port, node_pool_release_unmaps_idle_classes)
{
	void *a, *b, *keep;
	long kept;

	a = kds_node_alloc(PAGE_SIZE, GFP_KERNEL);
	b = kds_node_alloc(64, GFP_KERNEL);
	keep = kds_node_alloc(512, GFP_KERNEL);
	cr_assert(a && b && keep);
	kds_node_free(a, PAGE_SIZE);
	kds_node_free(b, 64);
	if (!kds_node_pool_chunks()) {
		/* AddressSanitizer build: no pool, nothing to release. */
		cr_assert_eq(kds_node_pool_release(), 0);
		kds_node_free(keep, 512);
		return;
	}
	cr_assert_geq(kds_node_pool_release(), 2, "PAGE_SIZE and 64-byte chunks");
	kept = kds_node_pool_chunks();
	cr_assert_geq(kept, 1, "the 512-byte class has a node in use");
	cr_assert_eq(kds_node_pool_release(), 0, "nothing left to release");
	cr_assert_eq(kds_node_pool_chunks(), kept);
	/* A fresh chunk, zeroed; the node in use is untouched. */
	memset(keep, 0x5a, 512);
	a = kds_node_alloc(PAGE_SIZE, GFP_KERNEL);
	cr_assert_not_null(a);
	cr_assert_eq(kds_node_pool_chunks(), kept + 1);
	for (size_t j = 0; j < PAGE_SIZE; j++)
		cr_assert_eq(((unsigned char *)a)[j], 0);
	cr_assert_eq(((unsigned char *)keep)[511], 0x5a);
	kds_node_free(a, PAGE_SIZE);
	kds_node_free(keep, 512);
	cr_assert_eq(kds_alloc_live(), 0);
	cr_assert_geq(kds_node_pool_release(), kept + 1);
	cr_assert_eq(kds_node_pool_chunks(), 0);
}

/*
 * Four threads allocate, stamp, check and free nodes of two sizes at once:
 * no block is handed to two threads, and the counters end at zero.
 */
static void *node_pool_worker(void *arg)
{
	uintptr_t id = (uintptr_t)arg;
	size_t size = id % 2 ? 512 : PAGE_SIZE;
	uintptr_t *n[64];
	bool ok = true;

	for (int round = 0; round < 50; round++) {
		for (size_t k = 0; k < ARRAY_SIZE(n); k++) {
			n[k] = kds_node_alloc(size, GFP_KERNEL);
			if (!n[k] || n[k][0] || n[k][size / sizeof(uintptr_t) - 1])
				ok = false;
			if (n[k])
				n[k][0] = n[k][size / sizeof(uintptr_t) - 1] = id * 1000 + k;
		}
		for (size_t k = 0; k < ARRAY_SIZE(n); k++) {
			if (!n[k])
				continue;
			if (n[k][0] != id * 1000 + k ||
			    n[k][size / sizeof(uintptr_t) - 1] != id * 1000 + k)
				ok = false;
			kds_node_free(n[k], size);
		}
	}
	return (void *)(uintptr_t)ok;
}

Test(port, node_pool_threads)
{
	pthread_t t[4];
	void *ok;

	for (uintptr_t i = 0; i < ARRAY_SIZE(t); i++)
		cr_assert_eq(pthread_create(&t[i], NULL, node_pool_worker, (void *)(i + 1)), 0);
	for (size_t i = 0; i < ARRAY_SIZE(t); i++) {
		cr_assert_eq(pthread_join(t[i], &ok), 0);
		cr_assert(ok, "thread %zu saw a shared or dirty node", i);
	}
	cr_assert_eq(kds_alloc_live(), 0);
}

Test(port, fail_nth_fails_exactly_that_attempt)
{
	void *a, *b, *c;

	kds_warn_set_quiet(true);
	kds_alloc_fail_nth(2);
	a = kmalloc(8, GFP_KERNEL);
	b = kmalloc(8, GFP_KERNEL);
	c = kmalloc(8, GFP_KERNEL);
	cr_assert_not_null(a);
	cr_assert_null(b);
	cr_assert_not_null(c);
	kfree(a);
	kfree(c);
}

Test(port, fail_after_fails_every_later_attempt)
{
	void *a;

	kds_warn_set_quiet(true);
	kds_alloc_fail_after(1);
	a = kmalloc(8, GFP_KERNEL);
	cr_assert_not_null(a);
	cr_assert_null(kmalloc(8, GFP_KERNEL));
	cr_assert_null(kds_node_alloc(512, GFP_KERNEL));
	cr_assert_null(kzalloc(8, GFP_KERNEL));
	kds_alloc_fail_off();
	kfree(a);
	a = kmalloc(8, GFP_KERNEL);
	cr_assert_not_null(a);
	kfree(a);
}

static void port_count_race(void *ctx)
{
	(*(int *)ctx)++;
}

/*
 * A race injection with no racer (the race point would call NULL) or at no
 * point is refused with -EINVAL, and a pending injection survives it.
 */
Test(port, race_inject_refuses_null_racer_and_point_zero)
{
	unsigned long fired = kds_race_fired();
	int hits = 0;

	cr_assert_eq(kds_race_inject_nth(1, NULL, NULL), -EINVAL);
	cr_assert_eq(kds_race_inject_nth(0, port_count_race, &hits), -EINVAL);
	kds_race_point();
	cr_assert_eq(kds_race_fired(), fired, "a refused injection fired");

	cr_assert_eq(kds_race_inject_nth(2, port_count_race, &hits), 0);
	cr_assert_eq(kds_race_inject_nth(1, NULL, &hits), -EINVAL);
	kds_race_point();
	cr_assert_eq(hits, 0, "the pending injection moved to the next point");
	kds_race_point();
	cr_assert_eq(hits, 1, "the pending injection was lost");
	cr_assert_eq(kds_race_fired(), fired + 1);
}

/* Another thread's race points: ten of them, counted on that thread. */
static void *race_points_elsewhere(void *arg)
{
	unsigned long before = kds_race_points();

	for (int i = 0; i < 10; i++)
		kds_race_point();
	*(unsigned long *)arg = kds_race_points() - before;
	return NULL;
}

/*
 * An injection belongs to the thread that arms it: another thread passing
 * race points neither fires it, moves it nor shows in this thread's count,
 * and the armed thread's own next point still fires it.
 */
Test(port, race_inject_is_per_thread)
{
	unsigned long fired = kds_race_fired(), mine = kds_race_points(), theirs = 0;
	pthread_t t;
	int hits = 0;

	cr_assert_eq(kds_race_inject_nth(1, port_count_race, &hits), 0);
	cr_assert_eq(pthread_create(&t, NULL, race_points_elsewhere, &theirs), 0);
	cr_assert_eq(pthread_join(t, NULL), 0);
	cr_assert_eq(theirs, 10, "the other thread counted %lu of its 10 points", theirs);
	cr_assert_eq(hits, 0, "another thread's race point fired this thread's injection");
	cr_assert_eq(kds_race_fired(), fired);
	cr_assert_eq(kds_race_points(), mine, "another thread's points counted here");
	kds_race_point();
	cr_assert_eq(hits, 1, "the armed thread's next point did not fire");
	cr_assert_eq(kds_race_fired(), fired + 1);
	kds_race_inject_off();
}

Test(port, double_free_is_caught_not_corrupting)
{
	struct kds_alloc_stats st;
	char stack[64] __aligned(16) = { 0 };

	kds_warn_set_quiet(true);
	kds_warn_expect("kfree of a pointer not from kmalloc");
	kfree(stack + 32);
	kds_alloc_stats(&st);
	cr_assert_eq(st.bad_frees, 1);
	cr_assert_eq(kds_warn_count(), 1);
	kds_alloc_clear_bad_frees();
}

Test(port, leak_check_detects_a_leak)
{
	void *p = kmalloc(1, GFP_KERNEL);

	cr_assert_eq(kds_alloc_live(), 1, "a leak is visible to the teardown check");
	kfree(p);
}

static void *inc_many(void *arg)
{
	atomic_t *a = arg;

	for (int i = 0; i < 100000; i++)
		atomic_inc(a);
	return NULL;
}

Test(port, atomic_inc_is_atomic_across_threads)
{
	pthread_t t[4];
	atomic_t a = ATOMIC_INIT(0);

	for (int i = 0; i < 4; i++)
		pthread_create(&t[i], NULL, inc_many, &a);
	for (int i = 0; i < 4; i++)
		pthread_join(t[i], NULL);
	cr_assert_eq(atomic_read(&a), 400000);
}

Test(port, refcount_saturates_on_underflow)
{
	refcount_t r = REFCOUNT_INIT(1);

	kds_warn_set_quiet(true);
	kds_warn_expect("refcount_t: underflow");
	cr_assert(refcount_dec_and_test(&r));
	cr_assert(!refcount_dec_and_test(&r), "underflow never reports zero again");
	cr_assert_eq((int)refcount_read(&r), REFCOUNT_SATURATED);
	cr_assert_eq(kds_warn_count(), 1);
	cr_assert(!refcount_dec_and_test(&r), "a saturated count is never released");
}

Test(port, refcount_saturates_on_inc_from_zero_and_overflow)
{
	refcount_t r = REFCOUNT_INIT(0);
	refcount_t big = REFCOUNT_INIT(REFCOUNT_MAX);

	kds_warn_set_quiet(true);
	kds_warn_expect("refcount_t: addition on 0");
	refcount_inc(&r);
	cr_assert_eq((int)refcount_read(&r), REFCOUNT_SATURATED);
	kds_warn_expect("refcount_t: saturated");
	refcount_inc(&big);
	cr_assert_eq((int)refcount_read(&big), REFCOUNT_SATURATED);
	cr_assert(refcount_inc_not_zero(&big));
	cr_assert_eq((int)refcount_read(&big), REFCOUNT_SATURATED);
	cr_assert_eq(kds_warn_count(), 3);
	refcount_set(&r, 0);
	cr_assert(!refcount_inc_not_zero(&r));
}

Test(port, refcount_dec_to_zero_warns)
{
	refcount_t r = REFCOUNT_INIT(1);

	kds_warn_set_quiet(true);
	kds_warn_expect("refcount_t: decrement hit 0");
	refcount_dec(&r);
	cr_assert_eq(kds_warn_count(), 1);
}

static DEFINE_MUTEX(test_mutex);
static DEFINE_SPINLOCK(test_lock);
static long under_mutex, under_spinlock;

static void *lock_many(void *arg)
{
	for (int i = 0; i < 20000; i++) {
		mutex_lock(&test_mutex);
		under_mutex++;
		mutex_unlock(&test_mutex);
		spin_lock(&test_lock);
		under_spinlock++;
		spin_unlock(&test_lock);
	}
	return NULL;
}

Test(port, mutex_and_spinlock_exclude)
{
	pthread_t t[3];

	for (int i = 0; i < 3; i++)
		pthread_create(&t[i], NULL, lock_many, NULL);
	for (int i = 0; i < 3; i++)
		pthread_join(t[i], NULL);
	mutex_lock(&test_mutex);
	cr_assert_eq(under_mutex, 3 * 20000);
	cr_assert_eq(under_spinlock, 3 * 20000);
	cr_assert(mutex_is_locked(&test_mutex));
	cr_assert_eq(mutex_trylock(&test_mutex), 0);
	mutex_unlock(&test_mutex);
	cr_assert(!mutex_is_locked(&test_mutex));
	cr_assert_eq(mutex_trylock(&test_mutex), 1);
	mutex_unlock(&test_mutex);
}

Test(port, lockdep_assert_held_warns_when_unlocked)
{
	struct mutex m;

	kds_warn_set_quiet(true);
	kds_warn_expect("mutex_is_locked");
	mutex_init(&m);
	lockdep_assert_held(&m);
	cr_assert_eq(kds_warn_count(), 1);
	mutex_lock(&m);
	lockdep_assert_held(&m);
	cr_assert_eq(kds_warn_count(), 1);
	mutex_unlock(&m);
	mutex_destroy(&m);
}

Test(port, warn_on_returns_condition_and_counts)
{
	int hits = 0;

	kds_warn_set_quiet(true);
	kds_warn_expect("1 + 1 == 2");
	if (WARN_ON(1 + 1 == 2))
		hits++;
	if (WARN_ON(0))
		hits += 10;
	cr_assert_eq(hits, 1);
	cr_assert_eq(kds_warn_count(), 1);
	kds_warn_expect("i >= 0");
	for (int i = 0; i < 3; i++)
		cr_assert(WARN_ON_ONCE(i >= 0), "WARN_ON_ONCE returns the condition every time");
	cr_assert_eq(kds_warn_count(), 2, "but reports once per site");
	kds_warn_expect("true");
	cr_assert(WARN(true, "formatted %d\n", 42));
	cr_assert_eq(kds_warn_count(), 3);
	kds_warn_reset();
	cr_assert_eq(kds_warn_count(), 0);
}

Test(port, ilog2_and_fls_are_defined_at_zero)
{
	volatile u64 zero = 0;

	cr_assert_eq(fls(0), 0);
	cr_assert_eq(fls(1), 1);
	cr_assert_eq(fls(0x80000000u), 32);
	cr_assert_eq(fls64(0), 0);
	cr_assert_eq(fls64(1ULL << 63), 64);
	cr_assert_eq(ilog2(zero), -1);
	cr_assert_eq(ilog2(0), -1);
	cr_assert_eq(ilog2(1), 0);
	cr_assert_eq(ilog2(PAGE_SIZE), PAGE_SHIFT);
	cr_assert_eq(ilog2((u64)U64_MAX), 63);
	cr_assert_eq(__fls(0), 0);
	cr_assert_eq(__ffs(8), 3);
	cr_assert_eq(roundup_pow_of_two(0), 1);
	cr_assert_eq(roundup_pow_of_two(5), 8);
	cr_assert_eq(roundup_pow_of_two(8), 8);
	cr_assert_eq(rounddown_pow_of_two(5), 4);
}

Test(port, ilog2_folds_to_a_constant)
{
	static const int shift = ilog2(4096);
	char buf[ilog2(64) + 1];

	BUILD_BUG_ON(ilog2(PAGE_SIZE) != PAGE_SHIFT);
	cr_assert_eq(shift, 12);
	cr_assert_eq(sizeof(buf), 7);
}
