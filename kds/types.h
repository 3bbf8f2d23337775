/* SPDX-License-Identifier: GPL-2.0 */
/**
 * DOC: kds base types
 *
 * What every public kds header builds on, under kds_/KDS_/__kds_ names
 * only, so that including a kds header brings no kernel name into a
 * program: integer types (kds_u64, ...), allocation flags (kds_gfp_t,
 * %KDS_GFP_KERNEL, %KDS_GFP_NOWAIT, ...), %KDS_PAGE_SHIFT, and the few
 * structures public kds structures embed (struct kds_list_head,
 * struct kds_mutex, struct kds_kref).
 *
 * In a kernel build (Kbuild, __KERNEL__) each name is the kernel's own:
 * kds_u64 is u64, kds_gfp_t is gfp_t, struct kds_list_head is
 * struct list_head and so on, so a driver passes its GFP_KERNEL or embeds
 * a kds object in its lists unchanged. In userspace they are small
 * self-contained definitions over libc; the kernel names themselves come
 * only with the opt-in compat folder (see README.md, "Kernel names").
 *
 * Usable from C (gnu11, or c11 -pedantic) and C++.
 */
#ifndef KDS_TYPES_H
#define KDS_TYPES_H

#ifdef __KERNEL__
/* ----------------------------------------------------- kernel world */

/* Kbuild force-includes <linux/kconfig.h>; without it this is no Kbuild. */
#if !defined(__LINUX_KCONFIG_H) && !defined(IS_ENABLED)
#error "kds: __KERNEL__ is defined outside a Kbuild build (no <linux/kconfig.h>). Kernel code uses kds through Kbuild (kernel/README.md, \"Using kds from your driver\"); a userspace program must not define __KERNEL__."
/* Stop here rather than cascade: no such header exists. */
#include "kds-kernel-build-without-kbuild.h"
#endif

#include <linux/compiler.h>
#include <linux/errno.h>
#include <linux/gfp.h>
#include <linux/kref.h>
#include <linux/limits.h>
#include <linux/list.h>
#include <linux/math64.h>
#include <linux/mutex.h>
#include <linux/types.h>
#include <asm/page.h>

typedef u8 kds_u8;
typedef u16 kds_u16;
typedef u32 kds_u32;
typedef u64 kds_u64;
typedef phys_addr_t kds_phys_addr_t;
typedef dma_addr_t kds_dma_addr_t;
typedef gfp_t kds_gfp_t;

#define KDS_GFP_KERNEL		GFP_KERNEL
#define KDS_GFP_NOWAIT		GFP_NOWAIT
#define KDS_GFP_ATOMIC		GFP_ATOMIC
#define KDS_GFP_NOIO		GFP_NOIO
#define KDS_GFP_NOFS		GFP_NOFS
#define KDS_GFP_ZERO		__GFP_ZERO
#define KDS_PAGE_SHIFT		PAGE_SHIFT

/* The kernel's own structures. */
#define kds_list_head		list_head
#define kds_mutex		mutex
#define kds_kref		kref

#define __kds_always_inline	__always_inline
#define __kds_likely(x)		likely(x)
#define __kds_unlikely(x)	unlikely(x)
#define __KDS_OPTIMIZER_HIDE_VAR(var)	OPTIMIZER_HIDE_VAR(var)
/*
 * A 64-bit division: folded where both operands are constants, else the
 * kernel's div64_u64(), as a 32-bit kernel links no 64-bit "/".
 */
#define __kds_div64_u64(a, b)	\
	(__builtin_constant_p((a) / (b)) ? (a) / (b) : div64_u64(a, b))

/*
 * kds_load_dependent - load a pointer that the caller then dereferences,
 * ordered before those dereferences by the address dependency (pairs with
 * a release store or cmpxchg_release() of the pointer): READ_ONCE(), the
 * kernel's idiom for lockless lookups. Free on every architecture.
 */
#define kds_load_dependent(p)	READ_ONCE(*(p))

#else /* !__KERNEL__ */
/* -------------------------------------------------- userspace world */

#include <errno.h>
#include <pthread.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>
#ifndef __cplusplus
#include <stdbool.h>
#endif

/** typedef kds_u8 - an unsigned 8-bit integer (u8). */
typedef uint8_t kds_u8;
/** typedef kds_u16 - an unsigned 16-bit integer (u16). */
typedef uint16_t kds_u16;
/** typedef kds_u32 - an unsigned 32-bit integer (u32). */
typedef uint32_t kds_u32;
/** typedef kds_u64 - an unsigned 64-bit integer (u64). */
typedef uint64_t kds_u64;
/** typedef kds_phys_addr_t - a physical address (phys_addr_t). */
typedef kds_u64 kds_phys_addr_t;
/** typedef kds_dma_addr_t - a bus address (dma_addr_t). */
typedef kds_u64 kds_dma_addr_t;

/** typedef kds_gfp_t - allocation flags (the kernel's gfp_t). */
typedef unsigned int kds_gfp_t;

#define __KDS_GFP_DIRECT_RECLAIM	0x01u
#define __KDS_GFP_IO			0x02u
#define __KDS_GFP_FS			0x04u
#define __KDS_GFP_HIGH			0x08u
/** KDS_GFP_ZERO - zero the allocation (__GFP_ZERO). */
#define KDS_GFP_ZERO			0x100u
/** KDS_GFP_NOWARN - no warning when the allocation fails (__GFP_NOWARN). */
#define KDS_GFP_NOWARN			0x200u
/** KDS_GFP_NOFAIL - the allocation must not fail (__GFP_NOFAIL). */
#define KDS_GFP_NOFAIL			0x400u
/** KDS_GFP_RETRY_MAYFAIL - try hard, may fail (__GFP_RETRY_MAYFAIL). */
#define KDS_GFP_RETRY_MAYFAIL		0x800u
/** KDS_GFP_NOWAIT - never sleep (GFP_NOWAIT). */
#define KDS_GFP_NOWAIT			0u
/** KDS_GFP_ATOMIC - never sleep, may use reserves (GFP_ATOMIC). */
#define KDS_GFP_ATOMIC			(__KDS_GFP_HIGH)
/** KDS_GFP_NOIO - may sleep, no I/O (GFP_NOIO). */
#define KDS_GFP_NOIO			(__KDS_GFP_DIRECT_RECLAIM)
/** KDS_GFP_NOFS - may sleep, no filesystem calls (GFP_NOFS). */
#define KDS_GFP_NOFS			(__KDS_GFP_DIRECT_RECLAIM | __KDS_GFP_IO)
/** KDS_GFP_KERNEL - the usual flags: may sleep (GFP_KERNEL). */
#define KDS_GFP_KERNEL			(__KDS_GFP_DIRECT_RECLAIM | __KDS_GFP_IO | __KDS_GFP_FS)

/** KDS_PAGE_SHIFT - log2 of the page size the userspace port models. */
#define KDS_PAGE_SHIFT			12

/**
 * struct kds_list_head - a doubly linked list node (struct list_head).
 * @next: the next node.
 * @prev: the previous node.
 */
struct kds_list_head {
	struct kds_list_head *next;
	struct kds_list_head *prev;
};

/**
 * struct kds_mutex - a sleeping lock (struct mutex).
 * @lock: the lock.
 * @held: whether some thread holds it (for lockdep_assert_held()).
 */
struct kds_mutex {
	pthread_mutex_t lock;
	bool held;
};

/**
 * typedef kds_refcount_t - a saturating reference count (refcount_t).
 * @refs: the count.
 */
typedef struct kds_refcount {
	int refs;
} kds_refcount_t;

/**
 * struct kds_kref - a reference count with a release callback (struct kref).
 * @refcount: the count.
 */
struct kds_kref {
	kds_refcount_t refcount;
};

#define __kds_always_inline	inline __attribute__((__always_inline__))
#define __kds_likely(x)		__builtin_expect(!!(x), 1)
#define __kds_unlikely(x)	__builtin_expect(!!(x), 0)
/* Make the compiler forget what it knows about @var's value. */
#define __KDS_OPTIMIZER_HIDE_VAR(var)	__asm__("" : "=r"(var) : "0"(var))
/* A 64-bit division (the kernel world's avoids libgcc on 32-bit). */
#define __kds_div64_u64(a, b)	((a) / (b))

/**
 * kds_load_dependent() - load a pointer that the caller then dereferences.
 * @p: where the pointer is.
 *
 * The load is ordered before those dereferences (pairs with a release
 * store or cmpxchg_release() of the pointer). C11 has no usable dependency ordering
 * (compilers promote memory_order_consume to acquire) and ThreadSanitizer
 * sees the pairing only through acquire, so here it is an acquire load. On
 * x86 both are a plain load.
 */
#define kds_load_dependent(p)	__atomic_load_n((p), __ATOMIC_ACQUIRE)

#endif /* __KERNEL__ */

/* ------------------------------------------------------- both worlds */

#ifdef __cplusplus
#define __KDS_BEGIN_DECLS	extern "C" {
#define __KDS_END_DECLS		}
#define KDS_STATIC_ASSERT(expr, msg)	static_assert(expr, msg)
#else
#define __KDS_BEGIN_DECLS
#define __KDS_END_DECLS
/**
 * KDS_STATIC_ASSERT() - a compile-time check, in C and in C++.
 * @expr: a constant expression that must be true.
 * @msg: the message when it is not (a string literal).
 */
#define KDS_STATIC_ASSERT(expr, msg)	_Static_assert(expr, msg)
#endif

/** KDS_PAGE_SIZE - the page size, in bytes. */
#define KDS_PAGE_SIZE		((unsigned long)1 << KDS_PAGE_SHIFT)

/* __KDS_DIV_ROUND_UP() - @n / @d rounded up (constant for constants). */
#define __KDS_DIV_ROUND_UP(n, d)	(((n) + (d) - 1) / (d))
/* __KDS_IS_POW2() - @n is a power of two (not 0). */
#define __KDS_IS_POW2(n)		((n) != 0 && (((n) & ((n) - 1)) == 0))

/*
 * __kds_fls64() - 1-based index of the most significant set bit of @x;
 * 0 for 0.
 */
static __kds_always_inline int __kds_fls64(kds_u64 x)
{
	return x ? 64 - __builtin_clzll((unsigned long long)x) : 0;
}

/*
 * __kds_ilog2() - floor(log2(@n)). Defined at 0, where it gives -1 (the
 * kernel's runtime result), never undefined behaviour. A constant argument
 * folds to a constant expression.
 */
#define __kds_ilog2(n)							\
	(__builtin_constant_p(n) ?					\
	 ((n) ? 63 - __builtin_clzll((unsigned long long)(n)) : -1) :	\
	 (__kds_fls64((kds_u64)(n)) - 1))

__KDS_BEGIN_DECLS

/**
 * kds_node_alloc() - allocate a zeroed node (the genradix node allocator).
 * @size: bytes; a power of two up to a page gives a block aligned to it.
 * @gfp: allocation flags.
 *
 * Return: the node, or NULL on allocation failure.
 */
void *kds_node_alloc(size_t size, kds_gfp_t gfp);

/**
 * kds_node_free() - free a node from kds_node_alloc().
 * @p: the node, or NULL.
 * @size: the size it was allocated with.
 */
void kds_node_free(void *p, size_t size);

/**
 * kds_alloc_live() - allocations kds has made and not freed yet.
 *
 * In both worlds: kds.ko counts its own allocations (and reports a leak on
 * unload), the userspace library counts through its port (see
 * <kds/port.h> for the other counters and failure injection). A program
 * compares two readings to check that kds freed what its calls allocated.
 *
 * Return: the number of live allocations.
 */
long kds_alloc_live(void);

__KDS_END_DECLS

#endif /* KDS_TYPES_H */
