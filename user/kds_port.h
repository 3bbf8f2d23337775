/* SPDX-License-Identifier: GPL-2.0 */
/*
 * kds_port.h - the userspace port: kernel idioms over libc and __atomic.
 *
 * Shared kds sources include "kds_port.h" and nothing else from the
 * platform. In the userspace build the include path selects this file; in
 * the module build it selects kernel/kds_port.h, which maps the same names
 * onto <linux/...>.
 *
 * Every linker-visible name defined here carries the kds_ prefix; the kernel
 * names (kmalloc, WARN_ON, refcount_inc, ...) are macros or static inlines.
 */
#ifndef KDS_USER_PORT_H
#define KDS_USER_PORT_H

#ifdef __KERNEL__
#error "user/kds_port.h is kds's userspace port: a kernel build puts kds's kernel/ folder first on the include path (kernel/Kbuild: -I$(src)/kernel) to get kernel/kds_port.h."
/* Stop here rather than cascade: no such header exists. */
#include "kds-user-port-in-a-kernel-build.h"
#endif

/*
 * The public base (kds_u64, kds_gfp_t, struct kds_list_head, ...) and the
 * port controls (kds_alloc_live(), failure injection): the kernel names
 * below are the same types under the kernel's spelling, so an object a
 * public header declares with struct kds_list_head is a struct list_head
 * to kds's own code.
 */
#include "kds/types.h"
#include "kds/port.h"

#include <errno.h>
#include <limits.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>

/* ---------------------------------------------------------------- types */

typedef kds_u8 u8;
typedef kds_u16 u16;
typedef kds_u32 u32;
typedef kds_u64 u64;
typedef int8_t s8;
typedef int16_t s16;
typedef int32_t s32;
typedef int64_t s64;
typedef kds_phys_addr_t phys_addr_t;
typedef u64 resource_size_t;
typedef kds_dma_addr_t dma_addr_t;

/** typedef gfp_t - allocation flags, as in the kernel. */
typedef kds_gfp_t gfp_t;

#define ___GFP_DIRECT_RECLAIM	__KDS_GFP_DIRECT_RECLAIM
#define ___GFP_IO		__KDS_GFP_IO
#define ___GFP_FS		__KDS_GFP_FS
#define ___GFP_HIGH		__KDS_GFP_HIGH
#define __GFP_ZERO		KDS_GFP_ZERO
#define __GFP_NOWARN		KDS_GFP_NOWARN
#define __GFP_NOFAIL		KDS_GFP_NOFAIL
#define __GFP_RETRY_MAYFAIL	KDS_GFP_RETRY_MAYFAIL
#define __GFP_DIRECT_RECLAIM	___GFP_DIRECT_RECLAIM
#define GFP_NOWAIT		KDS_GFP_NOWAIT
#define GFP_ATOMIC		KDS_GFP_ATOMIC
#define GFP_NOIO		KDS_GFP_NOIO
#define GFP_NOFS		KDS_GFP_NOFS
#define GFP_KERNEL		KDS_GFP_KERNEL

/* The structures public headers embed, under their kernel names. */
#define list_head		kds_list_head
#define mutex			kds_mutex
#define kref			kds_kref
typedef kds_refcount_t refcount_t;

/* ----------------------------------------------------- compiler helpers */

#define likely(x)		__kds_likely(x)
#define unlikely(x)		__kds_unlikely(x)
#ifndef __always_inline
#define __always_inline		__kds_always_inline
#endif
#define noinline		__attribute__((__noinline__))
#define __must_check		__attribute__((__warn_unused_result__))
#define __maybe_unused		__attribute__((__unused__))
#define __printf(a, b)		__attribute__((__format__(printf, a, b)))
#define __aligned(x)		__attribute__((__aligned__(x)))
#define __packed		__attribute__((__packed__))
#define fallthrough		__attribute__((__fallthrough__))
#define barrier()		__asm__ __volatile__("" ::: "memory")
/* OPTIMIZER_HIDE_VAR - make the compiler forget what it knows about @var's value. */
#define OPTIMIZER_HIDE_VAR(var)	__KDS_OPTIMIZER_HIDE_VAR(var)

#define BITS_PER_LONG		(8 * (int)sizeof(long))
#define BITS_PER_BYTE		8
#define PAGE_SHIFT		KDS_PAGE_SHIFT
#define PAGE_SIZE		KDS_PAGE_SIZE
#define PAGE_MASK		(~(PAGE_SIZE - 1))
#define PMD_SIZE		(1UL << 21)
#define PUD_SIZE		(1UL << 30)
#define U32_MAX			((u32)~0U)
#define U64_MAX			((u64)~0ULL)
#define S32_MAX			((s32)(U32_MAX >> 1))
#define NUMA_NO_NODE		(-1)

#define ARRAY_SIZE(a)		(sizeof(a) / sizeof((a)[0]))
#define DIV_ROUND_UP(n, d)	__KDS_DIV_ROUND_UP(n, d)
#define __KDS_ALIGN_MASK(x, m)	(((x) + (m)) & ~(m))
#define ALIGN(x, a)		__KDS_ALIGN_MASK(x, (__typeof__(x))(a) - 1)
#define ALIGN_DOWN(x, a)	((x) & ~((__typeof__(x))(a) - 1))
#define IS_ALIGNED(x, a)	(((x) & ((__typeof__(x))(a) - 1)) == 0)
#define round_up(x, y)		((((x) - 1) | ((__typeof__(x))((y) - 1))) + 1)
#define round_down(x, y)	((x) & ~((__typeof__(x))((y) - 1)))
#define is_power_of_2(n)	__KDS_IS_POW2(n)

#define container_of(ptr, type, member) \
	((type *)(void *)((char *)(ptr) - offsetof(type, member)))

/*
 * BUILD_BUG_ON - break the build when @cond is a true constant.
 * Usable as a statement anywhere a statement is.
 */
#define BUILD_BUG_ON(cond) \
	((void)sizeof(char[1 - 2 * !!(cond)]))
#define BUILD_BUG_ON_ZERO(cond)	((int)(sizeof(struct { int : (-!!(cond)); })))
#define static_assert(expr, ...) _Static_assert(expr, #expr)

#define min(a, b) ({ __typeof__(a) _kds_a = (a); __typeof__(b) _kds_b = (b); \
		     (void)(&_kds_a == &_kds_b); _kds_a < _kds_b ? _kds_a : _kds_b; })
#define max(a, b) ({ __typeof__(a) _kds_a = (a); __typeof__(b) _kds_b = (b); \
		     (void)(&_kds_a == &_kds_b); _kds_a > _kds_b ? _kds_a : _kds_b; })
#define min_t(t, a, b) ({ t _kds_a = (a); t _kds_b = (b); _kds_a < _kds_b ? _kds_a : _kds_b; })
#define max_t(t, a, b) ({ t _kds_a = (a); t _kds_b = (b); _kds_a > _kds_b ? _kds_a : _kds_b; })
#define min_not_zero(x, y) ({ __typeof__(x) _kds_x = (x); __typeof__(y) _kds_y = (y); \
		_kds_x == 0 ? _kds_y : (_kds_y == 0 ? _kds_x : min(_kds_x, _kds_y)); })
#define swap(a, b) do { __typeof__(a) _kds_t = (a); (a) = (b); (b) = _kds_t; } while (0)

#define check_add_overflow(a, b, d)	__builtin_add_overflow(a, b, d)
#define check_sub_overflow(a, b, d)	__builtin_sub_overflow(a, b, d)
#define check_mul_overflow(a, b, d)	__builtin_mul_overflow(a, b, d)

/* ------------------------------------------------------------ bit math */

/* fls - find last (most significant) set bit, 1-based; fls(0) == 0. */
static inline int fls(unsigned int x)
{
	return x ? 32 - __builtin_clz(x) : 0;
}

/* fls64 - 64-bit fls; fls64(0) == 0. */
#define fls64(x)		__kds_fls64(x)

/* __fls - 0-based index of the last set bit; __fls(0) == 0 here (defined). */
static inline unsigned long __fls(unsigned long x)
{
	return x ? (unsigned long)(BITS_PER_LONG - 1 - __builtin_clzl(x)) : 0;
}

/* __ffs - 0-based index of the first set bit; __ffs(0) == 0 here (defined). */
static inline unsigned long __ffs(unsigned long x)
{
	return x ? (unsigned long)__builtin_ctzl(x) : 0;
}

/* ilog2 - floor(log2(n)); -1 at 0, constant for a constant. */
#define ilog2(n)		__kds_ilog2(n)

static inline unsigned long roundup_pow_of_two(unsigned long n)
{
	return n <= 1 ? 1UL : 1UL << fls64((u64)(n - 1));
}

static inline unsigned long rounddown_pow_of_two(unsigned long n)
{
	return n ? 1UL << __fls(n) : 0;
}

/*
 * div_u64 - @dividend / @divisor for a u64 by a u32. The kernel spells
 * it out because a 32-bit kernel has no libgcc for a 64-bit "/".
 */
static inline u64 div_u64(u64 dividend, u32 divisor)
{
	return dividend / divisor;
}

/* ------------------------------------------------------- errors, ERR_PTR */

#define MAX_ERRNO	4095
#define IS_ERR_VALUE(x)	unlikely((unsigned long)(void *)(x) >= (unsigned long)-MAX_ERRNO)

static inline void *ERR_PTR(long error)
{
	return (void *)error;
}

static inline long PTR_ERR(const void *ptr)
{
	return (long)ptr;
}

static inline bool IS_ERR(const void *ptr)
{
	return IS_ERR_VALUE((unsigned long)ptr);
}

static inline bool IS_ERR_OR_NULL(const void *ptr)
{
	return !ptr || IS_ERR_VALUE((unsigned long)ptr);
}

/*
 * What a zero-size kmalloc() returns, as in the kernel: not NULL (the call
 * did not fail), never dereferenced, not counted, and ignored by kfree().
 */
#define ZERO_SIZE_PTR		((void *)16)
#define ZERO_OR_NULL_PTR(x)	((unsigned long)(x) <= (unsigned long)ZERO_SIZE_PTR)

static inline void *ERR_CAST(const void *ptr)
{
	return (void *)ptr;
}

static inline int PTR_ERR_OR_ZERO(const void *ptr)
{
	return IS_ERR(ptr) ? (int)PTR_ERR(ptr) : 0;
}

/* ------------------------------------------------------- logging, WARN */

void kds_printk(const char *level, const char *fmt, ...) __printf(2, 3);
void kds_warn_report(const char *file, int line, const char *cond);

#define pr_fmt(fmt) fmt
#define pr_emerg(fmt, ...)	kds_printk("emerg", pr_fmt(fmt), ##__VA_ARGS__)
#define pr_err(fmt, ...)	kds_printk("err", pr_fmt(fmt), ##__VA_ARGS__)
#define pr_warn(fmt, ...)	kds_printk("warn", pr_fmt(fmt), ##__VA_ARGS__)
#define pr_notice(fmt, ...)	kds_printk("notice", pr_fmt(fmt), ##__VA_ARGS__)
#define pr_info(fmt, ...)	kds_printk("info", pr_fmt(fmt), ##__VA_ARGS__)
#define pr_debug(fmt, ...)	do { if (0) kds_printk("debug", fmt, ##__VA_ARGS__); } while (0)

/*
 * WARN_ON - report @cond when true and return it. Every firing is counted
 * (kds_warn_count()) so tests can assert that a misuse was caught.
 */
#define WARN_ON(cond) ({						\
	bool _kds_c = !!(cond);						\
	if (unlikely(_kds_c))						\
		kds_warn_report(__FILE__, __LINE__, #cond);		\
	unlikely(_kds_c);						\
})

/* WARN_ON_ONCE - like WARN_ON, but reports (and counts) one firing per site. */
#define WARN_ON_ONCE(cond) ({						\
	static bool _kds_warned;					\
	bool _kds_c = !!(cond);						\
	if (unlikely(_kds_c) &&						\
	    !__atomic_exchange_n(&_kds_warned, true, __ATOMIC_RELAXED))	\
		kds_warn_report(__FILE__, __LINE__, #cond);		\
	unlikely(_kds_c);						\
})

#define WARN(cond, fmt, ...) ({						\
	bool _kds_c = !!(cond);						\
	if (unlikely(_kds_c)) {						\
		kds_printk("warn", fmt, ##__VA_ARGS__);			\
		kds_warn_report(__FILE__, __LINE__, #cond);		\
	}								\
	unlikely(_kds_c);						\
})

/* --------------------------------------------------------------- memory */

/*
 * Every allocation goes through counters. Tests read them to check for
 * leaks, and can make allocations fail on demand (see kds_alloc_fail_nth()).
 */
void *kds_kmalloc(size_t size, gfp_t gfp) __attribute__((__malloc__));
void kds_kfree(const void *p);
void *kds_krealloc(const void *p, size_t size, gfp_t gfp);
char *kds_kstrdup(const char *s, gfp_t gfp);
char *kds_kmemdup_nul(const char *s, size_t len, gfp_t gfp);

#define kmalloc(size, gfp)	kds_kmalloc(size, gfp)
#define kzalloc(size, gfp)	kds_kmalloc(size, (gfp) | __GFP_ZERO)
#define kvmalloc(size, gfp)	kds_kmalloc(size, gfp)
#define kvzalloc(size, gfp)	kds_kmalloc(size, (gfp) | __GFP_ZERO)
#define kfree(p)		kds_kfree(p)
#define kvfree(p)		kds_kfree(p)
#define krealloc(p, size, gfp)	kds_krealloc(p, size, gfp)
#define kstrdup(s, gfp)		kds_kstrdup(s, gfp)
#define kmemdup_nul(s, len, gfp)	kds_kmemdup_nul(s, len, gfp)

static inline void *kds_kmalloc_array(size_t n, size_t size, gfp_t gfp)
{
	size_t bytes;

	if (check_mul_overflow(n, size, &bytes))
		return NULL;
	return kds_kmalloc(bytes, gfp);
}

#define kmalloc_array(n, size, gfp)	kds_kmalloc_array(n, size, gfp)
#define kcalloc(n, size, gfp)		kds_kmalloc_array(n, size, (gfp) | __GFP_ZERO)
#define kvcalloc(n, size, gfp)		kds_kmalloc_array(n, size, (gfp) | __GFP_ZERO)

/* ------------------------------------------------------------- atomics */

#include "kds_atomic.h"

/* ------------------------------------------------ refcount_t and kref */

/*
 * refcount_t saturates instead of wrapping: an increment from zero (a
 * use-after-free) or past REFCOUNT_MAX, and a decrement below zero, warn
 * and pin the counter at REFCOUNT_SATURATED, which is never released.
 */

#define REFCOUNT_INIT(n)	{ .refs = (n) }
#define REFCOUNT_MAX		INT_MAX
#define REFCOUNT_SATURATED	(INT_MIN / 2)

static inline void refcount_set(refcount_t *r, int n)
{
	__atomic_store_n(&r->refs, n, __ATOMIC_RELAXED);
}

static inline unsigned int refcount_read(const refcount_t *r)
{
	return (unsigned int)__atomic_load_n(&r->refs, __ATOMIC_RELAXED);
}

static inline void __kds_refcount_saturate(refcount_t *r, const char *what)
{
	__atomic_store_n(&r->refs, REFCOUNT_SATURATED, __ATOMIC_RELAXED);
	kds_warn_report(__FILE__, __LINE__, what);
}

static inline bool refcount_inc_not_zero(refcount_t *r)
{
	int old = __atomic_load_n(&r->refs, __ATOMIC_RELAXED);

	do {
		if (!old)
			return false;
		if (old < 0 || old == REFCOUNT_MAX) {
			__kds_refcount_saturate(r, "refcount_t: saturated");
			return true;
		}
	} while (!__atomic_compare_exchange_n(&r->refs, &old, old + 1, true,
					      __ATOMIC_RELAXED, __ATOMIC_RELAXED));
	return true;
}

static inline void refcount_inc(refcount_t *r)
{
	int old = __atomic_fetch_add(&r->refs, 1, __ATOMIC_RELAXED);

	if (unlikely(old == 0))
		__kds_refcount_saturate(r, "refcount_t: addition on 0; use-after-free");
	else if (unlikely(old < 0 || old == REFCOUNT_MAX))
		__kds_refcount_saturate(r, "refcount_t: saturated; leaking memory");
}

static inline bool refcount_dec_and_test(refcount_t *r)
{
	/* Release for the puts before, acquire for the release function after. */
	int old = __atomic_fetch_sub(&r->refs, 1, __ATOMIC_ACQ_REL);

	if (old == 1)
		return true;
	if (unlikely(old <= 0))
		__kds_refcount_saturate(r, "refcount_t: underflow; use-after-free");
	return false;
}

static inline void refcount_dec(refcount_t *r)
{
	if (unlikely(refcount_dec_and_test(r)))
		__kds_refcount_saturate(r, "refcount_t: decrement hit 0; leaking memory");
}

/* struct kref: struct kds_kref (kds/types.h). */
#define KREF_INIT(n)	{ .refcount = REFCOUNT_INIT(n) }

static inline void kref_init(struct kref *k)
{
	refcount_set(&k->refcount, 1);
}

static inline unsigned int kref_read(const struct kref *k)
{
	return refcount_read(&k->refcount);
}

static inline void kref_get(struct kref *k)
{
	refcount_inc(&k->refcount);
}

static inline int kref_get_unless_zero(struct kref *k)
{
	return refcount_inc_not_zero(&k->refcount);
}

static inline int kref_put(struct kref *k, void (*release)(struct kref *k))
{
	if (refcount_dec_and_test(&k->refcount)) {
		release(k);
		return 1;
	}
	return 0;
}

/* ------------------------------------------------------------- locking */

/* struct mutex: struct kds_mutex (kds/types.h). */
#define __MUTEX_INITIALIZER(name) { .lock = PTHREAD_MUTEX_INITIALIZER }
#define DEFINE_MUTEX(name)	struct mutex name = __MUTEX_INITIALIZER(name)

static inline void mutex_init(struct mutex *m)
{
	pthread_mutex_init(&m->lock, NULL);
	m->held = false;
}

static inline void mutex_destroy(struct mutex *m)
{
	pthread_mutex_destroy(&m->lock);
}

static inline void mutex_lock(struct mutex *m)
{
	pthread_mutex_lock(&m->lock);
	__atomic_store_n(&m->held, true, __ATOMIC_RELAXED);
}

static inline int mutex_trylock(struct mutex *m)
{
	if (pthread_mutex_trylock(&m->lock))
		return 0;
	__atomic_store_n(&m->held, true, __ATOMIC_RELAXED);
	return 1;
}

static inline void mutex_unlock(struct mutex *m)
{
	__atomic_store_n(&m->held, false, __ATOMIC_RELAXED);
	pthread_mutex_unlock(&m->lock);
}

/* mutex_is_locked - true while any thread holds @m. */
static inline bool mutex_is_locked(struct mutex *m)
{
	return __atomic_load_n(&m->held, __ATOMIC_RELAXED);
}

#define lockdep_assert_held(m)	WARN_ON(!mutex_is_locked(m))

typedef struct {
	pthread_mutex_t lock;
} spinlock_t;

#define __SPIN_LOCK_UNLOCKED(name)	{ .lock = PTHREAD_MUTEX_INITIALIZER }
#define DEFINE_SPINLOCK(name)	spinlock_t name = __SPIN_LOCK_UNLOCKED(name)
#define spin_lock_init(s)	pthread_mutex_init(&(s)->lock, NULL)
#define spin_lock(s)		pthread_mutex_lock(&(s)->lock)
#define spin_unlock(s)		pthread_mutex_unlock(&(s)->lock)
#define spin_lock_irq(s)	spin_lock(s)
#define spin_unlock_irq(s)	spin_unlock(s)
#define spin_lock_irqsave(s, f)	do { (f) = 0; spin_lock(s); } while (0)
#define spin_unlock_irqrestore(s, f) do { (void)(f); spin_unlock(s); } while (0)

#define might_sleep()		do { } while (0)
#define cond_resched()		do { } while (0)
#define cpu_relax()		__builtin_ia32_pause()

/* ----------------------------------------------------------- list_head */

/* struct list_head: struct kds_list_head (kds/types.h). */
#define LIST_HEAD_INIT(name)	{ &(name), &(name) }
#define LIST_HEAD(name)		struct list_head name = LIST_HEAD_INIT(name)

static inline void INIT_LIST_HEAD(struct list_head *l)
{
	l->next = l;
	l->prev = l;
}

static inline void __kds_list_add(struct list_head *n, struct list_head *prev,
				  struct list_head *next)
{
	next->prev = n;
	n->next = next;
	n->prev = prev;
	prev->next = n;
}

static inline void list_add(struct list_head *n, struct list_head *head)
{
	__kds_list_add(n, head, head->next);
}

static inline void list_add_tail(struct list_head *n, struct list_head *head)
{
	__kds_list_add(n, head->prev, head);
}

#define LIST_POISON1	((struct list_head *)0x100)
#define LIST_POISON2	((struct list_head *)0x122)

static inline void __kds_list_unlink(struct list_head *e)
{
	e->next->prev = e->prev;
	e->prev->next = e->next;
}

static inline void list_del(struct list_head *e)
{
	__kds_list_unlink(e);
	e->next = LIST_POISON1;
	e->prev = LIST_POISON2;
}

static inline void list_del_init(struct list_head *e)
{
	__kds_list_unlink(e);
	INIT_LIST_HEAD(e);
}

static inline bool list_empty(const struct list_head *head)
{
	return head->next == head;
}

static inline void list_move_tail(struct list_head *e, struct list_head *head)
{
	__kds_list_unlink(e);
	list_add_tail(e, head);
}

#define list_entry(ptr, type, member)	container_of(ptr, type, member)
#define list_first_entry(ptr, type, member) list_entry((ptr)->next, type, member)
#define list_first_entry_or_null(ptr, type, member) \
	(list_empty(ptr) ? NULL : list_first_entry(ptr, type, member))
#define list_next_entry(pos, member) \
	list_entry((pos)->member.next, __typeof__(*(pos)), member)
#define list_for_each(pos, head) \
	for (pos = (head)->next; pos != (head); pos = pos->next)
#define list_for_each_entry(pos, head, member)				\
	for (pos = list_first_entry(head, __typeof__(*pos), member);	\
	     &pos->member != (head);					\
	     pos = list_next_entry(pos, member))
#define list_for_each_entry_safe(pos, n, head, member)			\
	for (pos = list_first_entry(head, __typeof__(*pos), member),	\
	     n = list_next_entry(pos, member);				\
	     &pos->member != (head);					\
	     pos = n, n = list_next_entry(n, member))

/*
 * kds_map_unit_valid() - whether memory can be mapped in units of @unit:
 * the page, and the PMD and PUD sizes of x86-64, which the userspace port
 * takes as always available (the kernel port asks the running kernel).
 */
static inline bool kds_map_unit_valid(unsigned long unit)
{
	return unit == PAGE_SIZE || unit == PMD_SIZE || unit == PUD_SIZE;
}

/*
 * kds_map_min_size() - the smallest step of a device-dax size: x86-64's
 * subsection (2 MiB), what the kernel's memremap_compat_align() gives
 * there.
 */
static inline unsigned long kds_map_min_size(void)
{
	return PMD_SIZE;
}

/* ------------------------------------------------------------- strings */

bool kds_sysfs_streq(const char *s1, const char *s2);
#define sysfs_streq(a, b)	kds_sysfs_streq(a, b)

int kds_scnprintf(char *buf, size_t size, const char *fmt, ...) __printf(3, 4);
#define scnprintf(buf, size, fmt, ...)	kds_scnprintf(buf, size, fmt, ##__VA_ARGS__)

int kds_sysfs_emit(char *buf, const char *fmt, ...) __printf(2, 3);
#define sysfs_emit(buf, fmt, ...)	kds_sysfs_emit(buf, fmt, ##__VA_ARGS__)

/*
 * The kernel's kstrto*(): the whole string is one number in @base (0: a
 * "0x" prefix means 16, a leading "0" means 8, else 10; 16 also takes a
 * "0x" prefix), an optional '+' (and '-' for the signed ones) first and
 * one optional newline last. -EINVAL for anything else, -ERANGE when the
 * number does not fit.
 */
int kds_kstrtoull(const char *s, unsigned int base, unsigned long long *res);
int kds_kstrtoll(const char *s, unsigned int base, long long *res);
int kds_kstrtoint(const char *s, unsigned int base, int *res);
int kds_kstrtouint(const char *s, unsigned int base, unsigned int *res);
#define kstrtoull(s, base, res)	kds_kstrtoull(s, base, res)
#define kstrtoll(s, base, res)	kds_kstrtoll(s, base, res)
#define kstrtoint(s, base, res)	kds_kstrtoint(s, base, res)
#define kstrtouint(s, base, res)	kds_kstrtouint(s, base, res)
#define kstrtoul(s, base, res)	kds_kstrtoull(s, base, (unsigned long long *)(res))

/*
 * The kernel's kstrtobool() (6.1 to 6.12): the first character decides,
 * 'y', 'Y', 't', 'T' or '1' true, 'n', 'N', 'f', 'F' or '0' false, "on"
 * true and "of" false (either case); whatever follows is not read.
 * -EINVAL for anything else.
 */
int kds_kstrtobool(const char *s, bool *res);
#define kstrtobool(s, res)	kds_kstrtobool(s, res)

#endif /* KDS_USER_PORT_H */
