// SPDX-License-Identifier: GPL-2.0
/*
 * port.c - the port's shared case file, run in both worlds: inside the
 * kernel by kds_test.ko (kernel/kds_port.h over <linux/...>) and in
 * userspace by //kernel:port_cases_test (user/kds_port.h). A case that
 * passes in one world and fails in the other is a port bug: the shared
 * sources rely on every idiom here meaning the same thing in both.
 *
 * Includes only "kds_port.h" and "kds_expect.h".
 */
#include "kds_port.h"
#include "kds_expect.h"

/* A zero the compiler cannot see through (checked with runtime semantics). */
static unsigned long kds_port_cases_zero;

static unsigned long kds_port_cases_opaque(unsigned long v)
{
	WRITE_ONCE(kds_port_cases_zero, v);
	return READ_ONCE(kds_port_cases_zero);
}

static void port_alloc_counting(struct kds_expect *e)
{
	long live = kds_alloc_live();
	char *a = kmalloc(100, GFP_KERNEL);
	unsigned char *z = kzalloc(64, GFP_KERNEL);
	char *s = kstrdup("dax0.0", GFP_KERNEL);
	void *v = kvmalloc(3 * PAGE_SIZE, GFP_KERNEL);
	unsigned int i;

	KDS_EXPECT(e, a != NULL);
	KDS_EXPECT(e, z != NULL);
	KDS_EXPECT(e, s != NULL);
	KDS_EXPECT(e, v != NULL);
	KDS_EXPECT_EQ(e, kds_alloc_live() - live,
		      !!a + !!z + !!s + !!v);
	if (z)
		for (i = 0; i < 64; i++)
			if (!KDS_EXPECT_EQ(e, z[i], 0))
				break;
	if (s)
		KDS_EXPECT_STREQ(e, s, "dax0.0");
	s = krealloc(s, 64, GFP_KERNEL);
	if (KDS_EXPECT(e, s != NULL))
		KDS_EXPECT_STREQ(e, s, "dax0.0");
	kfree(a);
	kfree(z);
	kfree(s);
	kvfree(v);
	v = kvzalloc(8, GFP_KERNEL);
	if (KDS_EXPECT(e, v != NULL))
		KDS_EXPECT_U64_EQ(e, *(u64 *)v, 0);
	kvfree(v);
	kfree(NULL);
	kvfree(NULL);
	KDS_EXPECT(e, kstrdup(NULL, GFP_KERNEL) == NULL);
	KDS_EXPECT_EQ(e, kds_alloc_live(), live);
}

/* krealloc() of NULL allocates, a move keeps the count, kfree() ends it. */
static void port_krealloc_counts(struct kds_expect *e)
{
	long live = kds_alloc_live();
	char *p = krealloc(NULL, 16, GFP_KERNEL);
	char *q;

	KDS_ASSERT(e, p != NULL);
	KDS_EXPECT_EQ(e, kds_alloc_live() - live, 1);
	memcpy(p, "kds-krealloc", 13);
	q = krealloc(p, 2 * PAGE_SIZE, GFP_KERNEL);
	if (!KDS_EXPECT(e, q != NULL)) {
		kfree(p);
		return;
	}
	KDS_EXPECT_STREQ(e, q, "kds-krealloc");
	KDS_EXPECT_EQ(e, kds_alloc_live() - live, 1);
	kfree(q);
	KDS_EXPECT_EQ(e, kds_alloc_live(), live);
}

/*
 * A zero-size allocation returns ZERO_SIZE_PTR in both worlds: not NULL
 * (it did not fail), no block, so it is not counted, and freeing it
 * changes nothing. kds.ko's unload leak check relies on the count staying
 * exact across such calls.
 */
static void port_zero_size_alloc_is_not_counted(struct kds_expect *e)
{
	long live = kds_alloc_live();
	void *p[6];
	char *q;
	unsigned int i;

	p[0] = kmalloc(0, GFP_KERNEL);
	p[1] = kzalloc(0, GFP_KERNEL);
	p[2] = kmalloc_array(0, 8, GFP_KERNEL);
	p[3] = kcalloc(4, 0, GFP_KERNEL);
	p[4] = kvmalloc(0, GFP_KERNEL);
	p[5] = kvzalloc(0, GFP_KERNEL);
	for (i = 0; i < ARRAY_SIZE(p); i++) {
		kds_expect_ctx(e, "allocation %u", i);
		KDS_EXPECT(e, p[i] != NULL);
		KDS_EXPECT_PTR_EQ(e, p[i], ZERO_SIZE_PTR);
	}
	kds_expect_ctx(e, "after the allocations");
	KDS_EXPECT_EQ(e, kds_alloc_live(), live);
	for (i = 0; i < 4; i++)
		kfree(p[i]);
	kvfree(p[4]);
	kvfree(p[5]);
	kds_expect_ctx(e, "after freeing them");
	KDS_EXPECT_EQ(e, kds_alloc_live(), live);

	/* krealloc() to 0 bytes frees; from ZERO_SIZE_PTR it allocates. */
	kds_expect_ctx(e, "krealloc");
	q = krealloc(NULL, 0, GFP_KERNEL);
	KDS_EXPECT_PTR_EQ(e, q, ZERO_SIZE_PTR);
	KDS_EXPECT_EQ(e, kds_alloc_live(), live);
	q = krealloc(q, 8, GFP_KERNEL);
	KDS_ASSERT(e, !ZERO_OR_NULL_PTR(q));
	KDS_EXPECT_EQ(e, kds_alloc_live(), live + 1);
	q = krealloc(q, 0, GFP_KERNEL);
	KDS_EXPECT_PTR_EQ(e, q, ZERO_SIZE_PTR);
	KDS_EXPECT_EQ(e, kds_alloc_live(), live);
	kfree(q);
	KDS_EXPECT_EQ(e, kds_alloc_live(), live);
}

static void port_kcalloc_zeroes_and_refuses_overflow(struct kds_expect *e)
{
	long live = kds_alloc_live();
	u64 *v = kcalloc(16, sizeof(u64), GFP_KERNEL);
	unsigned int i;

	KDS_ASSERT(e, v != NULL);
	for (i = 0; i < 16; i++)
		if (!KDS_EXPECT_U64_EQ(e, v[i], 0))
			break;
	kfree(v);
	KDS_EXPECT(e, kcalloc(SIZE_MAX / 2, 4, GFP_KERNEL | __GFP_NOWARN) == NULL);
	KDS_EXPECT(e, kmalloc_array(SIZE_MAX, 2, GFP_KERNEL | __GFP_NOWARN) == NULL);
	/* a size whose bookkeeping would overflow fails cleanly */
	KDS_EXPECT(e, kmalloc(SIZE_MAX - 4, GFP_KERNEL | __GFP_NOWARN) == NULL);
	KDS_EXPECT_EQ(e, kds_alloc_live(), live);
}

static void port_node_alloc_aligned_zeroed(struct kds_expect *e)
{
	static const size_t sizes[] = { 64, 512, PAGE_SIZE };
	long live = kds_alloc_live();
	unsigned int i, j;

	for (i = 0; i < ARRAY_SIZE(sizes); i++) {
		unsigned char *n = kds_node_alloc(sizes[i], GFP_KERNEL);

		if (!KDS_EXPECT(e, n != NULL))
			continue;
		KDS_EXPECT_EQ(e, (unsigned long)n % sizes[i], 0);
		KDS_EXPECT_EQ(e, kds_alloc_live(), live + 1);
		for (j = 0; j < sizes[i]; j++)
			if (!KDS_EXPECT_EQ(e, n[j], 0))
				break;
		kds_node_free(n, sizes[i]);
		KDS_EXPECT_EQ(e, kds_alloc_live(), live);
	}
	kds_node_free(NULL, PAGE_SIZE);
	KDS_EXPECT_EQ(e, kds_alloc_live(), live);
}

static void port_bit_math(struct kds_expect *e)
{
	KDS_EXPECT_EQ(e, sizeof(u8), 1);
	KDS_EXPECT_EQ(e, sizeof(u16), 2);
	KDS_EXPECT_EQ(e, sizeof(u32), 4);
	KDS_EXPECT_EQ(e, sizeof(u64), 8);
	KDS_EXPECT_EQ(e, sizeof(s64), 8);
	KDS_EXPECT_EQ(e, (u8)-1, 255);
	KDS_EXPECT_EQ(e, fls(0), 0);
	KDS_EXPECT_EQ(e, fls(1), 1);
	KDS_EXPECT_EQ(e, fls(0x80000000u), 32);
	KDS_EXPECT_EQ(e, fls64(0), 0);
	KDS_EXPECT_EQ(e, fls64(1ULL << 63), 64);
	KDS_EXPECT_EQ(e, __fls(1UL), 0);
	KDS_EXPECT_EQ(e, __fls(~0UL), BITS_PER_LONG - 1);
	KDS_EXPECT_EQ(e, __ffs(8UL), 3);
	/*
	 * ilog2 at run time: fls - 1, so -1 at zero in both worlds. (A
	 * constant ilog2(0) folds to 0 in the kernel's header: shared code
	 * must not depend on ilog2 of a constant zero.)
	 */
	KDS_EXPECT_EQ(e, ilog2(kds_port_cases_opaque(0)), -1);
	KDS_EXPECT_EQ(e, ilog2(kds_port_cases_opaque(1)), 0);
	KDS_EXPECT_EQ(e, ilog2(kds_port_cases_opaque(4096)), 12);
	KDS_EXPECT_EQ(e, ilog2(kds_port_cases_opaque(~0UL)), BITS_PER_LONG - 1);
	KDS_EXPECT_EQ(e, ilog2(4096), 12);
	KDS_EXPECT_EQ(e, roundup_pow_of_two(1UL), 1);
	KDS_EXPECT_EQ(e, roundup_pow_of_two(5UL), 8);
	KDS_EXPECT_EQ(e, roundup_pow_of_two(4096UL), 4096);
	KDS_EXPECT_EQ(e, rounddown_pow_of_two(4097UL), 4096);
	KDS_EXPECT(e, is_power_of_2(1UL));
	KDS_EXPECT(e, is_power_of_2(1UL << (BITS_PER_LONG - 1)));
	KDS_EXPECT(e, !is_power_of_2(0UL));
	KDS_EXPECT(e, !is_power_of_2(6UL));
	KDS_EXPECT(e, !is_power_of_2(96UL));
	KDS_EXPECT_EQ(e, ilog2((u64)U64_MAX), 63);
	KDS_EXPECT_EQ(e, rounddown_pow_of_two(5UL), 4);
}

/* An outer structure for container_of(). */
struct kds_port_case_outer {
	int a;
	long b;
};

static void port_arithmetic_helpers(struct kds_expect *e)
{
	struct kds_port_case_outer o;
	size_t sz;
	u64 u;
	u32 u32v;
	int si;
	unsigned long a = 0, b = 7;

	KDS_EXPECT_PTR_EQ(e, container_of(&o.b, struct kds_port_case_outer, b), &o);
	KDS_EXPECT_EQ(e, min_t(long, -1, 5U), -1);
	KDS_EXPECT_EQ(e, max(3UL, 4UL), 4);
	KDS_EXPECT_EQ(e, min_not_zero(7UL, 5UL), 5);
	KDS_EXPECT(e, !check_add_overflow((size_t)1, (size_t)2, &sz));
	KDS_EXPECT_EQ(e, sz, 3);
	KDS_EXPECT(e, check_add_overflow((size_t)SIZE_MAX, (size_t)1, &sz));
	KDS_EXPECT(e, check_mul_overflow(SIZE_MAX / 2 + 1, (size_t)2, &sz));
	KDS_EXPECT(e, !check_mul_overflow(SIZE_MAX / 2, (size_t)2, &sz));
	KDS_EXPECT(e, check_add_overflow(U32_MAX, 1u, &u32v));
	KDS_EXPECT(e, check_sub_overflow(0u, 1u, &u32v));
	KDS_EXPECT(e, check_mul_overflow(INT_MAX, 2, &si));

	KDS_EXPECT_EQ(e, DIV_ROUND_UP(10, 4), 3);
	KDS_EXPECT_EQ(e, ALIGN(4097UL, PAGE_SIZE), 2 * PAGE_SIZE);
	KDS_EXPECT_EQ(e, ALIGN_DOWN(4097UL, PAGE_SIZE), PAGE_SIZE);
	KDS_EXPECT(e, IS_ALIGNED(8192UL, PAGE_SIZE));
	KDS_EXPECT(e, !IS_ALIGNED(8193UL, PAGE_SIZE));
	KDS_EXPECT_EQ(e, round_up(13UL, 8UL), 16);
	KDS_EXPECT_EQ(e, round_down(13UL, 8UL), 8);
	KDS_EXPECT_EQ(e, min_not_zero(a, b), 7);
	KDS_EXPECT_EQ(e, min_not_zero(b, a), 7);
	KDS_EXPECT_EQ(e, min(3, 9), 3);
	KDS_EXPECT_EQ(e, max_t(u64, 3, 9), 9);
	KDS_EXPECT(e, check_mul_overflow((size_t)SIZE_MAX, (size_t)2, &sz));
	KDS_EXPECT(e, !check_mul_overflow((size_t)4096, (size_t)512, &sz));
	KDS_EXPECT_EQ(e, sz, 4096 * 512);
	KDS_EXPECT(e, check_add_overflow(U64_MAX, (u64)1, &u));
	KDS_EXPECT(e, check_sub_overflow((u64)0, (u64)1, &u));
}

static void port_err_ptr(struct kds_expect *e)
{
	void *p = ERR_PTR(-ENOMEM);
	int x;

	KDS_EXPECT(e, IS_ERR(p));
	KDS_EXPECT_EQ(e, PTR_ERR(p), -ENOMEM);
	KDS_EXPECT_EQ(e, PTR_ERR_OR_ZERO(p), -ENOMEM);
	KDS_EXPECT(e, IS_ERR(ERR_PTR(-MAX_ERRNO)));
	KDS_EXPECT(e, !IS_ERR(ERR_PTR(-MAX_ERRNO - 1)));
	KDS_EXPECT_EQ(e, PTR_ERR_OR_ZERO(ERR_PTR(-EINVAL)), -EINVAL);
	KDS_EXPECT(e, !IS_ERR(&x));
	KDS_EXPECT_EQ(e, PTR_ERR_OR_ZERO(&x), 0);
	KDS_EXPECT(e, IS_ERR_OR_NULL(NULL));
	KDS_EXPECT(e, !IS_ERR_OR_NULL(&x));
}

static void port_sysfs_streq(struct kds_expect *e)
{
	KDS_EXPECT(e, sysfs_streq("dax0.0", "dax0.0"));
	KDS_EXPECT(e, sysfs_streq("dax0.0\n", "dax0.0"));
	KDS_EXPECT(e, sysfs_streq("dax0.0", "dax0.0\n"));
	KDS_EXPECT(e, sysfs_streq("", "\n"));
	KDS_EXPECT(e, !sysfs_streq("dax0.0\n\n", "dax0.0"));
	KDS_EXPECT(e, !sysfs_streq("dax0.0 ", "dax0.0"));
	KDS_EXPECT(e, !sysfs_streq("dax0.", "dax0.0"));
	KDS_EXPECT(e, !sysfs_streq("dax0.0", "dax0.00"));
	KDS_EXPECT(e, sysfs_streq("", ""));
	/* The kernel's rule: the shorter side may be followed by one newline. */
	KDS_EXPECT(e, sysfs_streq("dax0.0\n", "dax0.0\n\n"));
	KDS_EXPECT(e, !sysfs_streq("dax0.0", "dax0.0\n\n"));
	KDS_EXPECT(e, sysfs_streq("dax0.0\n", "dax0.0\n"));
}

/* scnprintf and sysfs_emit return what they wrote, not what they wanted to. */
static void port_scnprintf_and_sysfs_emit(struct kds_expect *e)
{
	char small[4];
	char *page = kmalloc(PAGE_SIZE, GFP_KERNEL);

	KDS_ASSERT(e, page != NULL);
	KDS_EXPECT_EQ(e, scnprintf(small, sizeof(small), "%s", "abcdef"), 3);
	KDS_EXPECT_STREQ(e, small, "abc");
	KDS_EXPECT_EQ(e, scnprintf(small, 0, "x"), 0);
	KDS_EXPECT_EQ(e, sysfs_emit(page, "%d\n", 42), 3);
	KDS_EXPECT_STREQ(e, page, "42\n");
	kfree(page);
}

/* An element of the list and kref cases. */
struct kds_port_case_item {
	struct list_head node;
	struct kref ref;
	int value;
	int *released;
};

static void port_list(struct kds_expect *e)
{
	struct kds_port_case_item it[4], *pos, *n;
	LIST_HEAD(head);
	int i, seen = 0;
	static const int want[] = { 2, 0, 3 };

	KDS_EXPECT(e, list_empty(&head));
	for (i = 0; i < 4; i++)
		it[i].value = i;
	list_add_tail(&it[0].node, &head);	/* 0 */
	list_add_tail(&it[1].node, &head);	/* 0 1 */
	list_add(&it[2].node, &head);		/* 2 0 1 */
	list_add_tail(&it[3].node, &head);	/* 2 0 1 3 */
	list_del_init(&it[1].node);		/* 2 0 3 */
	KDS_EXPECT(e, list_empty(&it[1].node));
	KDS_EXPECT_PTR_EQ(e, list_first_entry(&head, struct kds_port_case_item, node), &it[2]);
	list_for_each_entry(pos, &head, node) {
		if (seen < 3)
			KDS_EXPECT_EQ(e, pos->value, want[seen]);
		seen++;
	}
	KDS_EXPECT_EQ(e, seen, 3);
	list_move_tail(&it[2].node, &head);	/* 0 3 2 */
	KDS_EXPECT_EQ(e, list_first_entry(&head, struct kds_port_case_item, node)->value, 0);
	seen = 0;
	list_for_each_entry_safe(pos, n, &head, node) {
		list_del(&pos->node);
		seen++;
	}
	KDS_EXPECT_EQ(e, seen, 3);
	KDS_EXPECT(e, list_empty(&head));
	KDS_EXPECT(e, list_first_entry_or_null(&head, struct kds_port_case_item, node) == NULL);
}

static void kds_port_case_release(struct kref *k)
{
	struct kds_port_case_item *it = container_of(k, struct kds_port_case_item, ref);

	(*it->released)++;
}

static void port_refcount_and_kref(struct kds_expect *e)
{
	refcount_t r = REFCOUNT_INIT(1);
	struct kds_port_case_item it;
	int released = 0;

	refcount_inc(&r);
	KDS_EXPECT_EQ(e, refcount_read(&r), 2);
	KDS_EXPECT(e, !refcount_dec_and_test(&r));
	KDS_EXPECT(e, refcount_inc_not_zero(&r));
	refcount_dec(&r);
	KDS_EXPECT(e, refcount_dec_and_test(&r));
	KDS_EXPECT_EQ(e, refcount_read(&r), 0);
	KDS_EXPECT(e, !refcount_inc_not_zero(&r));
	KDS_EXPECT_EQ(e, refcount_read(&r), 0);

	it.released = &released;
	kref_init(&it.ref);
	kref_get(&it.ref);
	KDS_EXPECT_EQ(e, kref_read(&it.ref), 2);
	KDS_EXPECT_EQ(e, kref_put(&it.ref, kds_port_case_release), 0);
	KDS_EXPECT_EQ(e, released, 0);
	KDS_EXPECT_EQ(e, kref_put(&it.ref, kds_port_case_release), 1);
	KDS_EXPECT_EQ(e, released, 1);
	KDS_EXPECT(e, !kref_get_unless_zero(&it.ref));
}

/*
 * Misuse saturates: the counter is pinned at REFCOUNT_SATURATED and never
 * reaches zero again, so nothing is released twice. Each misuse warns (in
 * the kernel, once per kind per boot).
 */
static void port_refcount_saturation(struct kds_expect *e)
{
	refcount_t r = REFCOUNT_INIT(0);
	const unsigned int sat = (unsigned int)REFCOUNT_SATURATED;

	kds_expect_warnings_begin(e, "refcount_t:");
	refcount_inc(&r);			/* addition on 0 */
	KDS_EXPECT_U64_EQ(e, refcount_read(&r), sat);
	KDS_EXPECT(e, !refcount_dec_and_test(&r));
	KDS_EXPECT_U64_EQ(e, refcount_read(&r), sat);

	refcount_set(&r, REFCOUNT_MAX);		/* overflow */
	refcount_inc(&r);
	KDS_EXPECT_U64_EQ(e, refcount_read(&r), sat);

	refcount_set(&r, 0);			/* underflow */
	KDS_EXPECT(e, !refcount_dec_and_test(&r));
	KDS_EXPECT_U64_EQ(e, refcount_read(&r), sat);

	refcount_set(&r, 1);			/* dec to 0 without release */
	refcount_dec(&r);
	KDS_EXPECT_U64_EQ(e, refcount_read(&r), sat);
	kds_expect_warnings_end(e);
}

static void port_atomics(struct kds_expect *e)
{
	atomic_t a = ATOMIC_INIT(5);
	atomic_long_t l;
	unsigned long w = 3;

	atomic_long_set(&l, 0);

	KDS_EXPECT_EQ(e, atomic_inc_return(&a), 6);
	KDS_EXPECT_EQ(e, atomic_dec_return(&a), 5);
	atomic_add(10, &a);
	KDS_EXPECT_EQ(e, atomic_read(&a), 15);
	atomic_set(&a, 1);
	KDS_EXPECT(e, atomic_dec_and_test(&a));
	KDS_EXPECT_EQ(e, atomic_cmpxchg(&a, 0, 9), 0);
	KDS_EXPECT_EQ(e, atomic_cmpxchg(&a, 0, 4), 9);
	KDS_EXPECT_EQ(e, atomic_read(&a), 9);
	atomic_long_inc(&l);
	atomic_long_add(41, &l);
	KDS_EXPECT_EQ(e, atomic_long_read(&l), 42);
	KDS_EXPECT_EQ(e, atomic_add_return(5, &a), 14);
	KDS_EXPECT(e, !atomic_dec_and_test(&a));
	WRITE_ONCE(w, 6UL);
	KDS_EXPECT_EQ(e, READ_ONCE(w), 6);
	w = 3;
	KDS_EXPECT_EQ(e, cmpxchg(&w, 3UL, 4UL), 3);
	KDS_EXPECT_EQ(e, cmpxchg(&w, 3UL, 5UL), 4);
	KDS_EXPECT_EQ(e, xchg(&w, 8UL), 4);
	KDS_EXPECT_EQ(e, cmpxchg_release(&w, 8UL, 1UL), 8);
	smp_store_release(&w, 2UL);
	KDS_EXPECT_EQ(e, smp_load_acquire(&w), 2);
}

static void port_locks(struct kds_expect *e)
{
	struct mutex m;
	spinlock_t s;
	unsigned long flags;

	mutex_init(&m);
	KDS_EXPECT(e, !mutex_is_locked(&m));
	mutex_lock(&m);
	KDS_EXPECT(e, mutex_is_locked(&m));
	KDS_EXPECT(e, !mutex_trylock(&m));
	mutex_unlock(&m);
	KDS_EXPECT(e, mutex_trylock(&m));
	mutex_unlock(&m);

	spin_lock_init(&s);
	spin_lock(&s);
	spin_unlock(&s);
	spin_lock_irqsave(&s, flags);
	spin_unlock_irqrestore(&s, flags);
	/* Both unlocked again: a second round must not block. */
	KDS_EXPECT(e, mutex_trylock(&m));
	mutex_unlock(&m);
	mutex_destroy(&m);
}

/* kds_port_cases - the port's case table, in both worlds. */
/*
 * kstrto*(): the table is the kernel's answer (kds_test.ko checks it
 * against the real functions); the userspace port must give the same.
 */
static void port_kstrto_as_the_kernel(struct kds_expect *e)
{
	static const struct {
		const char *s;
		unsigned int base;
		int rc;
		unsigned long long v;
	} ull[] = {
		{ "0", 0, 0, 0 }, { "42", 0, 0, 42 }, { "42\n", 0, 0, 42 },
		{ "+42", 0, 0, 42 }, { "0x1f", 0, 0, 31 }, { "0X1F", 0, 0, 31 },
		{ "010", 0, 0, 8 }, { "08", 0, -EINVAL, 0 }, { "0x", 0, -EINVAL, 0 },
		{ "1f", 16, 0, 31 }, { "0x1f", 16, 0, 31 }, { "x1f", 16, -EINVAL, 0 },
		{ "ffffffffffffffff", 16, 0, ~0ULL },
		{ "10000000000000000", 16, -ERANGE, 0 },
		{ "18446744073709551615", 10, 0, ~0ULL },
		{ "18446744073709551616", 10, -ERANGE, 0 },
		{ "99999999999999999999x", 10, -ERANGE, 0 },
		{ "", 0, -EINVAL, 0 }, { "\n", 0, -EINVAL, 0 },
		{ " 1", 0, -EINVAL, 0 }, { "1 ", 0, -EINVAL, 0 },
		{ "1\n\n", 0, -EINVAL, 0 }, { "-1", 0, -EINVAL, 0 },
		{ "++1", 0, -EINVAL, 0 }, { "0x-1", 0, -EINVAL, 0 },
		{ "12a", 10, -EINVAL, 0 }, { "0000000000000000000000000001", 10, 0, 1 },
	};
	static const struct {
		const char *s;
		int rc, v;
	} ints[] = {
		{ "1", 0, 1 }, { "-1", 0, -1 }, { "0x1\n", 0, 1 },
		{ "2147483647", 0, 2147483647 }, { "2147483648", -ERANGE, 0 },
		{ "-2147483648", 0, -2147483647 - 1 }, { "-2147483649", -ERANGE, 0 },
		{ "4294967297", -ERANGE, 0 }, { "--1", -EINVAL, 0 }, { "-+1", -EINVAL, 0 },
		{ "+-1", -EINVAL, 0 }, { "one", -EINVAL, 0 },
	};
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(ull); i++) {
		unsigned long long v = 12345;
		int rc = kstrtoull(ull[i].s, ull[i].base, &v);

		kds_expect_ctx(e, "kstrtoull(\"%s\", %u)", ull[i].s, ull[i].base);
		KDS_EXPECT_EQ(e, rc, ull[i].rc);
		KDS_EXPECT_U64_EQ(e, v, rc ? 12345 : ull[i].v);
	}
	for (i = 0; i < ARRAY_SIZE(ints); i++) {
		int v = 777;
		int rc = kstrtoint(ints[i].s, 0, &v);

		kds_expect_ctx(e, "kstrtoint(\"%s\")", ints[i].s);
		KDS_EXPECT_EQ(e, rc, ints[i].rc);
		KDS_EXPECT_EQ(e, v, rc ? 777 : ints[i].v);
	}
}

/* kmemdup_nul(): @len bytes and a NUL, whatever the bytes are. */
static void port_kmemdup_nul(struct kds_expect *e)
{
	long live = kds_alloc_live();
	char *d = kmemdup_nul("dax0.0\nxyz", 7, GFP_KERNEL);

	if (!KDS_EXPECT(e, d != NULL))
		return;
	KDS_EXPECT_STREQ(e, d, "dax0.0\n");
	KDS_EXPECT_EQ(e, kds_alloc_live() - live, 1);
	kfree(d);
	d = kmemdup_nul("a\0b", 3, GFP_KERNEL);
	if (KDS_EXPECT(e, d != NULL)) {
		KDS_EXPECT_EQ(e, d[2], 'b');
		KDS_EXPECT_EQ(e, d[3], 0);
		kfree(d);
	}
}

static const struct kds_case kds_port_cases[] = {
	KDS_CASE(port_alloc_counting),
	KDS_CASE(port_krealloc_counts),
	KDS_CASE(port_zero_size_alloc_is_not_counted),
	KDS_CASE(port_kcalloc_zeroes_and_refuses_overflow),
	KDS_CASE(port_node_alloc_aligned_zeroed),
	KDS_CASE(port_bit_math),
	KDS_CASE(port_arithmetic_helpers),
	KDS_CASE(port_err_ptr),
	KDS_CASE(port_sysfs_streq),
	KDS_CASE(port_kstrto_as_the_kernel),
	KDS_CASE(port_kmemdup_nul),
	KDS_CASE(port_scnprintf_and_sysfs_emit),
	KDS_CASE(port_list),
	KDS_CASE(port_refcount_and_kref),
	KDS_CASE(port_refcount_saturation),
	KDS_CASE(port_atomics),
	KDS_CASE(port_locks),
};

KDS_SUITE(kds_suite_port, "kds_port", kds_port_cases, NULL);
