/* SPDX-License-Identifier: GPL-2.0 */
/*
 * vs_linux_shim.h - the few kernel definitions Linux's lib/generic-radix-tree.c
 * and <linux/generic-radix-tree.h> use, for building them in userspace
 * (vs_linux_test.sh). Every header of this directory includes this one.
 *
 * PAGE_SHIFT comes from the build (-DVS_LINUX_PAGE_SHIFT=12 or 9): Linux 6.1
 * sizes its nodes by PAGE_SIZE, so 9 gives the 512-byte nodes Linux 6.9
 * introduced, with the 6.1 code. Linux 6.9 and later (6.12's code, in the
 * benchmark) size them by GENRADIX_NODE_SIZE and take them from
 * kzalloc()/kfree(), which here serve those nodes only. Nodes are counted,
 * so the test can compare Linux's node count with kds's.
 *
 * Nodes come from aligned_alloc() unless the build names another node
 * allocator: VS_LINUX_NODE_ALLOC(size, gfp) returning a zeroed block aligned to
 * its size (NULL on failure) and VS_LINUX_NODE_FREE(p, size) giving it back.
 * The benchmark passes kds_node_alloc()/kds_node_free(), so Linux's nodes
 * come from the same node pool as kds's.
 */
#ifndef VS_LINUX_SHIM_H
#define VS_LINUX_SHIM_H

#include <errno.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* READ_ONCE, cmpxchg_release, xchg: the userspace port's own. */
#include "kds_atomic.h"

typedef uint8_t u8;
typedef uint64_t u64;
typedef unsigned int gfp_t;

#define GFP_KERNEL	0x1u
#define __GFP_ZERO	0x100u

#define PAGE_SHIFT	VS_LINUX_PAGE_SHIFT
#define PAGE_SIZE	(1UL << PAGE_SHIFT)
#define BITS_PER_LONG	64

#define __aligned(x)	__attribute__((__aligned__(x)))
#define EXPORT_SYMBOL(sym)

#define BUILD_BUG_ON(c)	((void)sizeof(char[1 - 2 * !!(c)]))
#define BUG_ON(c)	do { if (c) abort(); } while (0)

/* ilog2(0) is -1 at run time in the kernel (fls64(0) - 1). */
#define ilog2(n)	((n) ? 63 - __builtin_clzl((unsigned long)(n)) : -1)
#define is_power_of_2(n)	((n) != 0 && (((n) & ((n) - 1)) == 0))
#define roundup_pow_of_two(n)	(1UL << (64 - __builtin_clzl((unsigned long)(n) - 1)))
#define DIV_ROUND_UP(n, d)	(((n) + (d) - 1) / (d))
#define round_up(x, y)		((((x) - 1) | ((__typeof__(x))(y) - 1)) + 1)
#define round_down(x, y)	((x) & ~((__typeof__(x))(y) - 1))

#define swap(a, b)	do { __typeof__(a) __vs_linux_t = (a); (a) = (b); (b) = __vs_linux_t; } while (0)

extern long vs_linux_live_nodes;

static inline unsigned long __get_free_page(gfp_t gfp)
{
#ifdef VS_LINUX_NODE_ALLOC
	void *p = VS_LINUX_NODE_ALLOC(PAGE_SIZE, gfp);
#else
	void *p = aligned_alloc(PAGE_SIZE, PAGE_SIZE);

	if (p && (gfp & __GFP_ZERO))
		memset(p, 0, PAGE_SIZE);
#endif
	if (p)
		vs_linux_live_nodes++;
	return (unsigned long)p;
}

static inline void free_page(unsigned long addr)
{
	if (addr) {
		vs_linux_live_nodes--;
#ifdef VS_LINUX_NODE_FREE
		VS_LINUX_NODE_FREE((void *)addr, PAGE_SIZE);
#else
		free((void *)addr);
#endif
	}
}

/*
 * Linux 6.9+: genradix_alloc_node() is kzalloc(GENRADIX_NODE_SIZE, gfp) and
 * genradix_free_node() kfree(): the node size is read where the macros
 * expand, after <linux/generic-radix-tree.h> defined it.
 */
static inline void *vs_linux_node_alloc(size_t size, gfp_t gfp)
{
#ifdef VS_LINUX_NODE_ALLOC
	void *p = VS_LINUX_NODE_ALLOC(size, gfp);
#else
	void *p = aligned_alloc(size, size);

	if (p)
		memset(p, 0, size);
#endif
	if (p)
		vs_linux_live_nodes++;
	return p;
}

static inline void vs_linux_node_free(void *p, size_t size)
{
	if (p) {
		vs_linux_live_nodes--;
#ifdef VS_LINUX_NODE_FREE
		VS_LINUX_NODE_FREE(p, size);
#else
		(void)size;
		free(p);
#endif
	}
}

#define kzalloc(size, gfp)	vs_linux_node_alloc(size, (gfp) | __GFP_ZERO)
#define kfree(p)		vs_linux_node_free((void *)(p), GENRADIX_NODE_SIZE)

#define likely(x)	__builtin_expect(!!(x), 1)
#define unlikely(x)	__builtin_expect(!!(x), 0)

static inline void kmemleak_alloc(const void *p, size_t size, int min_count, gfp_t gfp)
{
}

static inline void kmemleak_free(const void *p)
{
}

#endif /* VS_LINUX_SHIM_H */
