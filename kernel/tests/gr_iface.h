/* SPDX-License-Identifier: GPL-2.0 */
/*
 * gr_iface.h - one genradix implementation behind plain function pointers,
 * so the kds genradix (gr_kds.c, over "kds_port.h") and the running
 * kernel's (gr_linux.c, over <linux/generic-radix-tree.h>) can be driven by
 * the same operation sequences (gr_seq.c) without their headers, which
 * define the same struct names, ever meeting in one file.
 */
#ifndef KDS_TEST_GR_IFACE_H
#define KDS_TEST_GR_IFACE_H

#include <linux/types.h>

/* Entry sizes exercised: powers of two and sizes that leave a leaf tail. */
#define KDS_GR_NR_SIZES	4
#define KDS_GR_SIZES	{ 1, 8, 24, 40 }

/**
 * typedef kds_gr_visit - iteration callback.
 * @ctx: the caller's context.
 * @pos: the entry's index (the iterator's pos).
 * @entry: the entry.
 *
 * Return: false to stop the iteration.
 */
typedef bool (*kds_gr_visit)(void *ctx, size_t pos, const void *entry);

/**
 * struct kds_gr_impl - a genradix of one entry size.
 * @name: implementation name.
 * @size: entry size in bytes.
 * @create: a new empty tree (NULL on allocation failure).
 * @destroy: genradix_free() and release the tree.
 * @ptr: genradix_ptr().
 * @alloc: genradix_ptr_alloc(GFP_KERNEL).
 * @prealloc: genradix_prealloc(GFP_KERNEL).
 * @for_each_from: genradix_for_each_from(), calling @visit per entry.
 *	Return: entries visited.
 */
struct kds_gr_impl {
	const char *name;
	size_t size;
	void *(*create)(void);
	void (*destroy)(void *tree);
	void *(*ptr)(void *tree, size_t idx);
	void *(*alloc)(void *tree, size_t idx);
	int (*prealloc)(void *tree, size_t nr);
	size_t (*for_each_from)(void *tree, size_t start, kds_gr_visit visit, void *ctx);
};

extern const struct kds_gr_impl kds_gr_impl_kds[KDS_GR_NR_SIZES];
/* Whether kds_gr_impl_kds is filled (genradix is part of the build). */
extern const bool kds_gr_kds_built;
extern const struct kds_gr_impl kds_gr_impl_linux[KDS_GR_NR_SIZES];

#endif /* KDS_TEST_GR_IFACE_H */
