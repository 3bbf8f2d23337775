/* SPDX-License-Identifier: GPL-2.0 */
/*
 * linux_diff.h - one genradix implementation, for one entry size, as plain
 * functions: the interface between linux_diff.c (the driver, which holds
 * the kds side) and linux_side.c (Linux's own genradix, compiled from the
 * kernel source at test time into a shared object the driver loads).
 * Plain C types only: the two sides include different genradix headers.
 */
#ifndef LINUX_DIFF_H
#define LINUX_DIFF_H

#include <stddef.h>

struct lxd_ops {
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
struct lxd_side {
	unsigned int node_shift;
	size_t count;
	const struct lxd_ops *ops;
	long *live_nodes;
};

#define LXD_SIDE_SYMBOL	"lxd_linux_side"

/* Entry sizes compared; the ones larger than a node are left out. */
#define LXD_SIZES(X)							\
	X(1) X(2) X(3) X(4) X(5) X(6) X(7) X(8) X(12) X(16) X(24)	\
	X(31) X(32) X(48) X(64) X(100) X(128) X(255) X(256) X(384)	\
	X(500) X(512) LXD_SIZES_BIG(X)

#define LXD_SIZES_BIG_4K(X)						\
	X(1000) X(1024) X(1365) X(2048) X(2049) X(4095) X(4096)

#endif /* LINUX_DIFF_H */
