/* SPDX-License-Identifier: GPL-2.0 */
/*
 * kds_genradix_names.h - Linux's genradix names over kds's prefixed API:
 * the one list of them. <linux/generic-radix-tree.h> in this folder is this
 * list plus a guard for the kernel world. kds's in-kernel tests, which
 * never include the kernel's own genradix in the same file, include this
 * list directly.
 *
 * Every name is a plain alias: GENRADIX(T) is KDS_GENRADIX(T),
 * genradix_ptr() is kds_genradix_ptr(), struct genradix_iter is
 * struct kds_genradix_iter, and so on, so objects are shared freely
 * between code using either spelling.
 */
#ifndef KDS_GENRADIX_NAMES_H
#define KDS_GENRADIX_NAMES_H

#include "kds/genradix.h"

/* Types. */
#define genradix_iter				kds_genradix_iter
#define genradix_node				kds_genradix_node
#define genradix_root				kds_genradix_root
#define __genradix				__kds_genradix

/* Declaring a tree. */
#define GENRADIX				KDS_GENRADIX
#define DEFINE_GENRADIX				KDS_DEFINE_GENRADIX
#define __GENRADIX_INITIALIZER			__KDS_GENRADIX_INITIALIZER
#define GENRADIX_NODE_SHIFT			KDS_GENRADIX_NODE_SHIFT
#define GENRADIX_NODE_SIZE			KDS_GENRADIX_NODE_SIZE

/* The API. */
#define genradix_init				kds_genradix_init
#define genradix_free				kds_genradix_free
#define genradix_last_pos			kds_genradix_last_pos
#define genradix_ptr				kds_genradix_ptr
#define genradix_ptr_inlined			kds_genradix_ptr_inlined
#define genradix_ptr_alloc			kds_genradix_ptr_alloc
#define genradix_ptr_alloc_inlined		kds_genradix_ptr_alloc_inlined
#define genradix_ptr_alloc_preallocated		kds_genradix_ptr_alloc_preallocated
#define genradix_ptr_alloc_preallocated_inlined	kds_genradix_ptr_alloc_preallocated_inlined
#define genradix_alloc_node			kds_genradix_alloc_node
#define genradix_free_node			kds_genradix_free_node
#define genradix_iter_init			kds_genradix_iter_init
#define genradix_iter_peek			kds_genradix_iter_peek
#define genradix_iter_peek_prev			kds_genradix_iter_peek_prev
#define genradix_iter_advance			kds_genradix_iter_advance
#define genradix_iter_rewind			kds_genradix_iter_rewind
#define genradix_for_each			kds_genradix_for_each
#define genradix_for_each_from			kds_genradix_for_each_from
#define genradix_for_each_reverse		kds_genradix_for_each_reverse
#define genradix_prealloc			kds_genradix_prealloc

/*
 * Names from Linux's genradix internals that some callers and debugging
 * aids use, where kds has the same thing with the same meaning.
 * __genradix_iter_peek(), __genradix_iter_peek_prev() and
 * __genradix_prealloc() are deliberately absent: their arguments differ
 * between Linux versions and from kds's (entries per node against entry
 * size, a byte count against a last offset), and a call that compiled but
 * meant something else would be worse than one that does not compile.
 * __genradix_ptr_alloc() takes the four arguments of Linux 6.10 and later.
 */
#define GENRADIX_ARY				__KDS_GENRADIX_ARY
#define GENRADIX_ARY_SHIFT			__KDS_GENRADIX_ARY_SHIFT
#define GENRADIX_MAX_DEPTH			__KDS_GENRADIX_MAX_DEPTH
#define GENRADIX_DEPTH_MASK			__KDS_GENRADIX_DEPTH_MASK
#define genradix_depth_shift			kds_genradix_depth_shift
#define genradix_depth_size			kds_genradix_depth_size
#define genradix_root_to_depth			kds_genradix_root_to_depth
#define genradix_root_to_node			kds_genradix_root_to_node
#define __genradix_ptr				__KDS_GR_FN(ptr)
#define __genradix_ptr_alloc			__KDS_GR_FN(ptr_alloc)
#define __genradix_free				__KDS_GR_FN(free)

#endif /* KDS_GENRADIX_NAMES_H */
