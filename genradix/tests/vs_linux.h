/* SPDX-License-Identifier: GPL-2.0 */
/*
 * vs_linux.h - one genradix implementation, for one entry size, as plain
 * functions: the interface between vs_linux.c (the driver, which holds
 * the kds side) and linux_side.c (Linux's own genradix, compiled from the
 * kernel source at test time into a shared object the driver loads).
 * Plain C types only: the two sides include different genradix headers.
 */
#ifndef VS_LINUX_H
#define VS_LINUX_H

#include <stddef.h>

struct vs_linux_ops {
	size_t size;
	/* A new empty tree (heap), and its end (genradix_free() + free). */
	void *(*create)(void);
	void (*destroy)(void *r);
	void *(*ptr)(void *r, size_t idx);
	void *(*alloc)(void *r, size_t idx);
	int (*prealloc)(void *r, size_t nr);
	/* genradix_free(): the tree is empty and usable again. */
	void (*reset)(void *r);
	/*
	 * genradix_for_each_from(@start): the first @max entries visited,
	 * their indices in @pos and addresses in @p. Returns how many.
	 */
	size_t (*walk)(void *r, size_t start, size_t max, size_t *pos, void **p);
};

/* What linux_side.c exports (looked up by name with dlsym()). */
struct vs_linux_side {
	unsigned int node_shift;
	size_t count;
	const struct vs_linux_ops *ops;
	long *live_nodes;
};

#define VS_LINUX_SIDE_SYMBOL	"vs_linux_linux_side"

/* Entry sizes compared; the ones larger than a node are left out. */
#define VS_LINUX_SIZES(X)							\
	X(1) X(2) X(3) X(4) X(5) X(6) X(7) X(8) X(12) X(16) X(24)	\
	X(31) X(32) X(48) X(64) X(100) X(128) X(255) X(256) X(384)	\
	X(500) X(512) VS_LINUX_SIZES_BIG(X)

#define VS_LINUX_SIZES_BIG_4K(X)						\
	X(1000) X(1024) X(1365) X(2048) X(2049) X(4095) X(4096)

/*
 * VS_LINUX_ADAPTER(pfx, SZ) - <pfx>_<op>_<SZ>(): a tree of SZ-byte entries
 * behind the function pointers of struct vs_linux_ops, and VS_LINUX_ADAPTER_OPS(pfx,
 * SZ) its initializer. Expanded by vs_linux.c against kds's genradix and
 * by linux_side.c against Linux's: this header includes neither, and the
 * macros use only what both define (GENRADIX(), genradix_*(), struct
 * genradix_iter, u8, GFP_KERNEL, malloc() and free()).
 */
#define VS_LINUX_ADAPTER(pfx, SZ)						\
struct pfx##_e##SZ { u8 b[SZ]; };					\
typedef GENRADIX(struct pfx##_e##SZ) pfx##_radix_##SZ;			\
static void *pfx##_create_##SZ(void)					\
{									\
	pfx##_radix_##SZ *r = malloc(sizeof(*r));			\
	if (r)								\
		genradix_init(r);					\
	return r;							\
}									\
static void pfx##_destroy_##SZ(void *r)					\
{ genradix_free((pfx##_radix_##SZ *)r); free(r); }			\
static void *pfx##_ptr_##SZ(void *r, size_t i)				\
{ return genradix_ptr((pfx##_radix_##SZ *)r, i); }			\
static void *pfx##_alloc_##SZ(void *r, size_t i)			\
{ return genradix_ptr_alloc((pfx##_radix_##SZ *)r, i, GFP_KERNEL); }	\
static int pfx##_prealloc_##SZ(void *r, size_t nr)			\
{ return genradix_prealloc((pfx##_radix_##SZ *)r, nr, GFP_KERNEL); }	\
static void pfx##_reset_##SZ(void *r)					\
{ genradix_free((pfx##_radix_##SZ *)r); }				\
static size_t pfx##_walk_##SZ(void *r, size_t start, size_t max,	\
			      size_t *pos, void **p)			\
{									\
	struct genradix_iter iter;					\
	struct pfx##_e##SZ *e;						\
	size_t n = 0;							\
	if (!max)							\
		return 0;						\
	genradix_for_each_from((pfx##_radix_##SZ *)r, iter, e, start) { \
		pos[n] = iter.pos;					\
		p[n] = e;						\
		if (++n == max)						\
			break;						\
	}								\
	return n;							\
}

#define VS_LINUX_ADAPTER_OPS(pfx, SZ) {					\
	.size = SZ, .create = pfx##_create_##SZ,			\
	.destroy = pfx##_destroy_##SZ, .ptr = pfx##_ptr_##SZ,		\
	.alloc = pfx##_alloc_##SZ, .prealloc = pfx##_prealloc_##SZ,	\
	.reset = pfx##_reset_##SZ, .walk = pfx##_walk_##SZ,		\
},

#endif /* VS_LINUX_H */
