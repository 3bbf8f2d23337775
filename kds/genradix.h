/* SPDX-License-Identifier: GPL-2.0 */
/**
 * DOC: kds generic radix tree (sparse array)
 *
 * A genradix is a typed sparse array of fixed-size entries, stored as a
 * radix tree of fixed-size nodes. Interior nodes hold child pointers, leaves
 * hold entries. It is Linux's <linux/generic-radix-tree.h> (5.1, plus the
 * 6.7-6.12 additions) under kds_/KDS_ names: genradix_ptr() is
 * kds_genradix_ptr(), GENRADIX() is KDS_GENRADIX(), struct genradix_iter
 * is struct kds_genradix_iter. Code written for the kernel's genradix
 * compiles unchanged in userspace with kds's compat folder, whose
 * <linux/generic-radix-tree.h> maps the kernel's names onto these
 * (README.md, "Kernel names"); in the kernel, this header and the
 * kernel's own genradix coexist in one translation unit.
 *
 * Declaring and using one::
 *
 *	static KDS_GENRADIX(struct foo) foos;
 *
 *	kds_genradix_init(&foos);
 *	p = kds_genradix_ptr_alloc(&foos, 42, KDS_GFP_KERNEL);
 *	kds_genradix_for_each(&foos, iter, p)
 *		use(iter.pos, p);
 *	kds_genradix_free(&foos);
 *
 * Leaves are allocated whole, so an entry that shares a leaf with an
 * allocated entry exists too and reads as zero. Internally every index is
 * turned into a byte offset: entries of a power-of-two size pack densely,
 * other sizes never straddle a leaf (the tail of each leaf stays unused).
 *
 * Node size is a build-time constant: %KDS_GENRADIX_NODE_SHIFT (default
 * %KDS_PAGE_SHIFT; 9 gives the 512-byte nodes of Linux 6.9+). A program can link
 * several node sizes at once: a translation unit defines
 * %KDS_GENRADIX_VARIANT (the node size in bytes, such as 512) together
 * with the shift, and every linker name becomes kds_genradix<VARIANT>_<fn>
 * instead of kds_genradix_<fn> (the types get names of their own too). A
 * shift other than the page's without a variant, or a variant that is not
 * the node size, does not compile, and objects of different node sizes do
 * not link together.
 *
 * Concurrency: kds_genradix_ptr(), kds_genradix_ptr_alloc() and the iterators may
 * run concurrently with each other on one tree (allocation is lock-free;
 * nodes are published with release ordering and read with acquire
 * ordering). kds_genradix_free() needs exclusion from every other user.
 */
#ifndef KDS_GENRADIX_H
#define KDS_GENRADIX_H

#include "kds/types.h"

__KDS_BEGIN_DECLS

/* ------------------------------------------------------- configuration */

/*
 * Every object built for one node size must only ever link with objects
 * of that size: the inline lookup, the spare nodes of
 * kds_genradix_alloc_node() and the out-of-line functions all follow the
 * same geometry. The default (page-sized nodes) has the plain names; any
 * other size is a variant whose linker and type names carry the node
 * size in bytes, so a mismatch fails to compile (below) or to link
 * (an undefined kds_genradix<size>_* symbol), never silently.
 */
#if defined(KDS_GENRADIX_VARIANT) && !defined(KDS_GENRADIX_NODE_SHIFT)
#error "KDS_GENRADIX_VARIANT names a node-size variant, so KDS_GENRADIX_NODE_SHIFT must be defined with it (e.g. -DKDS_GENRADIX_NODE_SHIFT=9 -DKDS_GENRADIX_VARIANT=512)."
#endif

#if defined(KDS_GENRADIX_NODE_SHIFT) && !defined(KDS_GENRADIX_VARIANT) && \
	(KDS_GENRADIX_NODE_SHIFT) != (KDS_PAGE_SHIFT)
#error "KDS_GENRADIX_NODE_SHIFT other than KDS_PAGE_SHIFT needs KDS_GENRADIX_VARIANT, the node size in bytes (e.g. -DKDS_GENRADIX_NODE_SHIFT=9 -DKDS_GENRADIX_VARIANT=512): without it this code would call the page-sized tree's functions with another node size."
#endif

#if defined(KDS_GENRADIX_VARIANT) && \
	(KDS_GENRADIX_VARIANT) != (1 << (KDS_GENRADIX_NODE_SHIFT))
#error "KDS_GENRADIX_VARIANT must be the node size in bytes, 1 << KDS_GENRADIX_NODE_SHIFT (512 for a shift of 9): the variant's linker names carry it, so that objects of different node sizes never link together."
#endif

#ifndef KDS_GENRADIX_NODE_SHIFT
/**
 * KDS_GENRADIX_NODE_SHIFT - log2 of the node size in bytes.
 *
 * Defaults to %KDS_PAGE_SHIFT (Linux 5.1). Define it before including this header
 * (and define %KDS_GENRADIX_VARIANT, 1 << the shift, with it) to build
 * another node size: from 16 pointers (128 bytes with 64-bit pointers) to
 * a page.
 */
#define KDS_GENRADIX_NODE_SHIFT		KDS_PAGE_SHIFT
#endif

/** KDS_GENRADIX_NODE_SIZE - bytes per node (interior or leaf). */
#define KDS_GENRADIX_NODE_SIZE		((size_t)1 << KDS_GENRADIX_NODE_SHIFT)

#define __KDS_GENRADIX_PASTE3(a, b, c)	a##b##c
#define __KDS_GENRADIX_XPASTE3(a, b, c)	__KDS_GENRADIX_PASTE3(a, b, c)
#define __KDS_GENRADIX_PASTE2(a, b)	a##b
#define __KDS_GENRADIX_XPASTE2(a, b)	__KDS_GENRADIX_PASTE2(a, b)

/**
 * KDS_GENRADIX_SYM() - the linker name of genradix function @fn.
 * @fn: function name without prefix (ptr, ptr_alloc, iter_peek, ...).
 *
 * kds_genradix_<fn> by default; kds_genradix<V>_<fn> when
 * %KDS_GENRADIX_VARIANT is defined as V.
 *
 * Return: the prefixed identifier.
 */
#ifdef KDS_GENRADIX_VARIANT
#define KDS_GENRADIX_SYM(fn) \
	__KDS_GENRADIX_XPASTE3(kds_genradix, KDS_GENRADIX_VARIANT, _##fn)
#else
#define KDS_GENRADIX_SYM(fn)		kds_genradix_##fn
#endif

/*
 * The types are per variant too: in a variant build struct
 * kds_genradix_node is struct kds_genradix<V>_node (and likewise the tree,
 * its root word and the loops' cursor), so that the names code writes stay
 * the same while each node size has types of its own. Where types reach
 * the linker (C++ mangled names) a tree or a spare node handed to code
 * built for another node size then fails to link; plain C checks no types
 * across files, and relies on the function names above.
 */
#ifdef KDS_GENRADIX_VARIANT
#define kds_genradix_node		KDS_GENRADIX_SYM(node)
#define kds_genradix_root		KDS_GENRADIX_SYM(root)
#define __kds_genradix			__KDS_GENRADIX_XPASTE2(__kds_genradix, KDS_GENRADIX_VARIANT)
#define __kds_genradix_cursor		__KDS_GENRADIX_XPASTE3(__kds_genradix, KDS_GENRADIX_VARIANT, _cursor)
#endif

/* ------------------------------------------------------ tree geometry */

/* log2 of the size of a child pointer. */
#define __KDS_GENRADIX_PTR_SHIFT	(sizeof(void *) == 8 ? 3 : 2)
/* log2 of the fan-out of an interior node. */
#define __KDS_GENRADIX_ARY_SHIFT	(KDS_GENRADIX_NODE_SHIFT - __KDS_GENRADIX_PTR_SHIFT)
#define __KDS_GENRADIX_ARY		((size_t)1 << __KDS_GENRADIX_ARY_SHIFT)

/*
 * The smallest node holds 16 child pointers (128 bytes with 64-bit
 * pointers, 64 with 32-bit ones): below that a tree spanning every size_t
 * offset would be deeper than the 15 levels the root pointer's low bits
 * can record.
 */
#define __KDS_GENRADIX_MIN_SHIFT	(__KDS_GENRADIX_PTR_SHIFT + 4)

KDS_STATIC_ASSERT(KDS_GENRADIX_NODE_SHIFT >= __KDS_GENRADIX_MIN_SHIFT &&
		  KDS_GENRADIX_NODE_SHIFT <= KDS_PAGE_SHIFT,
		  "genradix nodes must be 16 pointers (128 bytes on 64-bit) .. a page");

/* An opaque tagged pointer: node address | depth. */
struct kds_genradix_root;

/**
 * struct kds_genradix_node - one node of a generic radix tree.
 * @children: child pointers, when the node is interior.
 * @data: entry bytes, when the node is a leaf.
 *
 * Nodes are KDS_GENRADIX_NODE_SIZE bytes, zeroed when allocated and aligned
 * to their size (which frees the low bits of the root pointer for the
 * depth). Callers only handle them as spares for
 * kds_genradix_ptr_alloc_preallocated().
 */
struct kds_genradix_node {
	union {
		struct kds_genradix_node	*children[__KDS_GENRADIX_ARY];
		kds_u8			data[KDS_GENRADIX_NODE_SIZE];
	};
};

/**
 * struct __kds_genradix - the untyped tree inside every KDS_GENRADIX().
 * @root: root node with the tree depth in its low bits; NULL when empty.
 */
struct __kds_genradix {
	struct kds_genradix_root	*root;
};

/**
 * struct kds_genradix_iter - a position in a genradix, for iteration.
 * @offset: byte offset of the current entry (private to the implementation;
 *	SIZE_MAX once the iterator is past either end).
 * @pos: index of the current entry.
 *
 * Build one with kds_genradix_iter_init(). A zero-filled iterator is valid too
 * (position 0). As in Linux it is a position only, holding no pointer into
 * a tree: it may be used on another tree of the same entry type and across
 * kds_genradix_free(). The loop macros keep more than the iterator (a
 * cached leaf): a loop must be left when its body frees the tree (see
 * kds_genradix_free()).
 */
struct kds_genradix_iter {
	size_t			offset;
	size_t			pos;
};

/**
 * KDS_GENRADIX() - the type of a generic radix tree holding @_type entries.
 * @_type: entry type; its size must not exceed KDS_GENRADIX_NODE_SIZE (a
 *	larger type is a compile error where the tree is used).
 *
 * A union of the tree and a @type pointer that is never set: the pointer
 * records the entry type for the accessor macros (they read
 * sizeof((radix)->type[0]) and __typeof__((radix)->type[0])) and takes no
 * space beyond the tree's root word. Unlike a zero-length array, it is
 * valid ISO C and C++.
 */
#define KDS_GENRADIX(_type)						\
union {									\
	struct __kds_genradix	tree;					\
	__typeof__(_type)	*type;					\
}

#define __KDS_GENRADIX_INITIALIZER	{ { NULL } }

/**
 * KDS_DEFINE_GENRADIX() - define and initialise an empty generic radix tree.
 * @_name: variable name.
 * @_type: entry type.
 */
#define KDS_DEFINE_GENRADIX(_name, _type)					\
	KDS_GENRADIX(_type) _name = __KDS_GENRADIX_INITIALIZER

/**
 * kds_genradix_init() - initialise an empty generic radix tree.
 * @_radix: the tree (pointer to a KDS_GENRADIX()).
 *
 * Context: any. Does not allocate and cannot fail.
 */
#define kds_genradix_init(_radix)					\
do {									\
	(_radix)->tree.root = NULL;					\
} while (0)

/**
 * kds_genradix_free() - free every node of a generic radix tree.
 * @_radix: the tree.
 *
 * Afterwards the tree is empty and may be used again. Pointers to entries
 * become invalid; a struct kds_genradix_iter stays a valid position. A
 * kds_genradix_for_each() loop (any of the three loop macros) over the
 * tree must not go on after the free: its body must leave the loop at once
 * (break, return, goto). The loop caches the leaf it walks, so another step
 * would read freed memory, where Linux's loop, which walks from the root
 * for every entry, would end.
 *
 * Context: process context; needs exclusion from every other user of the
 * tree.
 */
#define kds_genradix_free(_radix)	__KDS_GR_FN(free)(&(_radix)->tree)

/* ------------------------------------------------ lookup and allocation */

/**
 * kds_genradix_last_pos() - the largest index a generic radix tree can hold.
 * @_radix: the tree.
 *
 * Every index up to this one has a byte offset that fits in a size_t;
 * kds_genradix_ptr_alloc() of a larger index returns NULL.
 * kds_genradix_for_each_reverse() starts here.
 *
 * Context: any.
 * Return: the index, a constant expression.
 */
#define kds_genradix_last_pos(_radix)					\
	__KDS_GENRADIX_LAST_POS(__kds_genradix_obj_size(_radix))

/**
 * kds_genradix_ptr() - pointer to an entry, if it exists.
 * @_radix: the tree.
 * @_idx: index of the entry.
 *
 * An entry exists when the leaf holding it has been allocated, whether by
 * allocating this entry or another one in the same leaf.
 *
 * The lookup is expanded at the call site (a straight-line walk for trees
 * up to __KDS_GENRADIX_INLINE_DEPTH levels, a call beyond), unlike Linux,
 * where only kds_genradix_ptr_inlined() is.
 *
 * Context: any; may run concurrently with kds_genradix_ptr_alloc().
 * Return: the entry, or NULL when it does not exist or @_idx is larger than
 * kds_genradix_last_pos().
 */
#define kds_genradix_ptr(_radix, _idx)					\
	(__kds_genradix_cast(_radix)					\
	 __kds_genradix_ptr_inl(&(_radix)->tree, (_idx),		\
				__kds_genradix_obj_size(_radix)))

/**
 * kds_genradix_ptr_inlined() - kds_genradix_ptr() expanded inline at the call site.
 * @_radix: the tree.
 * @_idx: index of the entry.
 *
 * The same as kds_genradix_ptr(), which kds always expands inline; kept for
 * source compatibility with Linux 6.7+.
 *
 * Context: any; may run concurrently with kds_genradix_ptr_alloc().
 * Return: the entry, or NULL when it does not exist or @_idx is larger than
 * kds_genradix_last_pos().
 */
#define kds_genradix_ptr_inlined(_radix, _idx)				\
	(__kds_genradix_cast(_radix)					\
	 __kds_genradix_ptr_inl(&(_radix)->tree, (_idx),		\
				__kds_genradix_obj_size(_radix)))

/**
 * kds_genradix_ptr_alloc() - pointer to an entry, allocating its leaf if needed.
 * @_radix: the tree.
 * @_idx: index of the entry.
 * @_gfp: allocation flags for new nodes (nodes are always zeroed).
 *
 * Lock-free: concurrent callers agree on one node per slot; a caller that
 * loses a race frees (or keeps for a lower level) the node it allocated.
 * The lookup of an existing entry is expanded at the call site, as in
 * kds_genradix_ptr(); only growing the tree is a call.
 *
 * Context: may sleep if @_gfp allows; may run concurrently with other
 * kds_genradix_ptr_alloc() and kds_genradix_ptr() calls on the same tree.
 * Return: the entry (zero if new), or NULL on allocation failure or when
 * @_idx is larger than kds_genradix_last_pos().
 */
#define kds_genradix_ptr_alloc(_radix, _idx, _gfp)				\
	(__kds_genradix_cast(_radix)					\
	 __kds_genradix_alloc_idx(&(_radix)->tree, (_idx),		\
				  __kds_genradix_obj_size(_radix),	\
				  NULL, (_gfp), true))

/**
 * kds_genradix_ptr_alloc_inlined() - kds_genradix_ptr_alloc() with the lookup of an
 *	existing entry expanded inline.
 * @_radix: the tree.
 * @_idx: index of the entry.
 * @_gfp: allocation flags for new nodes.
 *
 * The same as kds_genradix_ptr_alloc(), which kds always expands inline; kept
 * for source compatibility with Linux 6.7+.
 *
 * Context: as kds_genradix_ptr_alloc().
 * Return: as kds_genradix_ptr_alloc().
 */
#define kds_genradix_ptr_alloc_inlined(_radix, _idx, _gfp)			\
	(__kds_genradix_cast(_radix)					\
	 __kds_genradix_alloc_idx(&(_radix)->tree, (_idx),		\
				  __kds_genradix_obj_size(_radix),	\
				  NULL, (_gfp), true))

/**
 * kds_genradix_ptr_alloc_preallocated() - kds_genradix_ptr_alloc() that first uses
 *	a node the caller allocated.
 * @_radix: the tree.
 * @_idx: index of the entry.
 * @_new_node: pointer to the caller's spare node (struct kds_genradix_node *,
 *	from kds_genradix_alloc_node(), or NULL for none).
 * @_gfp: allocation flags for any further node.
 *
 * Lets a caller allocate with GFP_KERNEL before taking a lock and insert
 * under it with GFP_NOWAIT. As in Linux, the call takes ownership of the
 * node: @*_new_node is NULL on return, whether the node went into the tree
 * or was freed unused (also when the index exists already, and when it is
 * larger than kds_genradix_last_pos()). Passing a pointer to NULL is allowed.
 *
 * Context: as kds_genradix_ptr_alloc().
 * Return: as kds_genradix_ptr_alloc().
 */
#define kds_genradix_ptr_alloc_preallocated(_radix, _idx, _new_node, _gfp)	\
	(__kds_genradix_cast(_radix)					\
	 __kds_genradix_alloc_idx(&(_radix)->tree, (_idx),		\
				  __kds_genradix_obj_size(_radix),	\
				  (_new_node), (_gfp), false))

/**
 * kds_genradix_ptr_alloc_preallocated_inlined() - kds_genradix_ptr_alloc_preallocated()
 *	with the lookup of an existing entry expanded inline.
 * @_radix: the tree.
 * @_idx: index of the entry.
 * @_new_node: pointer to the caller's spare node, or to NULL.
 * @_gfp: allocation flags for any further node.
 *
 * As in Linux, when the entry exists already the inline lookup returns it
 * and @*_new_node is left alone (the caller still owns that node); in
 * every other case the call takes ownership and sets @*_new_node to NULL,
 * as kds_genradix_ptr_alloc_preallocated() does.
 *
 * Context: as kds_genradix_ptr_alloc().
 * Return: as kds_genradix_ptr_alloc().
 */
#define kds_genradix_ptr_alloc_preallocated_inlined(_radix, _idx, _new_node, _gfp) \
	(__kds_genradix_cast(_radix)					\
	 __kds_genradix_alloc_idx(&(_radix)->tree, (_idx),		\
				  __kds_genradix_obj_size(_radix),	\
				  (_new_node), (_gfp), true))

/**
 * kds_genradix_alloc_node() - allocate a zeroed node, as a spare for
 *	kds_genradix_ptr_alloc_preallocated().
 * @gfp: allocation flags.
 *
 * Context: may sleep if @gfp allows.
 * Return: the node, or NULL on allocation failure.
 */
static inline struct kds_genradix_node *kds_genradix_alloc_node(kds_gfp_t gfp);

/**
 * kds_genradix_free_node() - free a spare node from kds_genradix_alloc_node().
 * @node: the node, or NULL.
 *
 * Context: any context kfree() may be called from.
 */
static inline void kds_genradix_free_node(struct kds_genradix_node *node);

/* ---------------------------------------------------------- iteration */

/**
 * kds_genradix_iter_init() - an iterator positioned at an index.
 * @_radix: the tree that will be iterated over.
 * @_idx: starting index.
 *
 * An index beyond kds_genradix_last_pos() gives an iterator that is past the
 * end: kds_genradix_iter_peek() returns NULL and kds_genradix_iter_peek_prev()
 * the last entry.
 *
 * Context: any.
 * Return: a struct kds_genradix_iter (an expression, for assignment).
 */
#define kds_genradix_iter_init(_radix, _idx)				\
	__kds_genradix_iter_start((_idx), __kds_genradix_obj_size(_radix))

/**
 * kds_genradix_iter_peek() - the first existing entry at or after the iterator.
 * @_iter: pointer to a struct kds_genradix_iter.
 * @_radix: the tree being iterated over.
 *
 * Moves @_iter forward past absent leaves and subtrees (without visiting
 * their entries one by one) so that @_iter->pos is the index of the entry
 * returned. The iterator is a position only: it may be used on any tree
 * with the same entry type, and across kds_genradix_free().
 *
 * Context: any; may run concurrently with kds_genradix_ptr_alloc().
 * Return: the entry, or NULL when no entry exists at or after the position.
 */
#define kds_genradix_iter_peek(_iter, _radix)				\
	(__kds_genradix_cast(_radix)					\
	 __KDS_GR_FN(iter_peek)((_iter), &(_radix)->tree,		\
				__kds_genradix_obj_size(_radix)))

/**
 * kds_genradix_iter_peek_prev() - the last existing entry at or before the
 *	iterator.
 * @_iter: pointer to a struct kds_genradix_iter.
 * @_radix: the tree being iterated over.
 *
 * Moves @_iter backward past absent leaves and subtrees so that
 * @_iter->pos is the index of the entry returned. A position beyond the
 * current extent of the tree, or past the end, starts from the tree's last
 * possible entry (as in Linux); an iterator rewound before index 0 gives
 * NULL.
 *
 * Context: any; may run concurrently with kds_genradix_ptr_alloc().
 * Return: the entry, or NULL when no entry exists at or before the position.
 */
#define kds_genradix_iter_peek_prev(_iter, _radix)				\
	(__kds_genradix_cast(_radix)					\
	 __KDS_GR_FN(iter_peek_prev)((_iter), &(_radix)->tree,		\
				     __kds_genradix_obj_size(_radix)))

/**
 * kds_genradix_iter_advance() - move an iterator to the next index.
 * @_iter: pointer to a struct kds_genradix_iter.
 * @_radix: the tree being iterated over.
 *
 * Advancing past kds_genradix_last_pos() puts the iterator past the end (no
 * wrap-around).
 *
 * Context: any.
 */
#define kds_genradix_iter_advance(_iter, _radix)				\
	__kds_genradix_iter_advance((_iter), __kds_genradix_obj_size(_radix))

/**
 * kds_genradix_iter_rewind() - move an iterator to the previous index.
 * @_iter: pointer to a struct kds_genradix_iter.
 * @_radix: the tree being iterated over.
 *
 * Rewinding from index 0 puts the iterator before the start (@pos stays 0,
 * no wrap-around); an iterator already past either end stays there.
 *
 * Context: any.
 */
#define kds_genradix_iter_rewind(_iter, _radix)				\
	__kds_genradix_iter_rewind((_iter), __kds_genradix_obj_size(_radix))

/**
 * kds_genradix_for_each_from() - iterate over the existing entries from an index.
 * @_radix: the tree.
 * @_iter: a struct kds_genradix_iter (not a pointer) tracking the position.
 * @_p: entry pointer, set to each existing entry in increasing index order;
 *	it must have the tree's entry type (another type gets a warning).
 * @_start: first index to consider.
 *
 * On every iteration @_iter.pos is the index of @_p. A body that frees
 * the tree must leave the loop at once (see kds_genradix_free()).
 *
 * Context: any; may run concurrently with kds_genradix_ptr_alloc().
 */
#define kds_genradix_for_each_from(_radix, _iter, _p, _start)		\
	__kds_genradix_for_each(_radix, _iter, _p, _start, false,	\
		__KDS_GENRADIX_XPASTE(__kds_gr_cursor_, __COUNTER__))

/**
 * kds_genradix_for_each() - iterate over every existing entry.
 * @_radix: the tree.
 * @_iter: a struct kds_genradix_iter (not a pointer) tracking the position.
 * @_p: entry pointer, set to each existing entry in increasing index order;
 *	it must have the tree's entry type (another type gets a warning).
 *
 * On every iteration @_iter.pos is the index of @_p. A body that frees
 * the tree must leave the loop at once (see kds_genradix_free()).
 *
 * Context: any; may run concurrently with kds_genradix_ptr_alloc().
 */
#define kds_genradix_for_each(_radix, _iter, _p)				\
	kds_genradix_for_each_from(_radix, _iter, _p, 0)

/**
 * kds_genradix_for_each_reverse() - iterate over every existing entry, last first.
 * @_radix: the tree.
 * @_iter: a struct kds_genradix_iter (not a pointer) tracking the position.
 * @_p: entry pointer, set to each existing entry in decreasing index order;
 *	it must have the tree's entry type (another type gets a warning).
 *
 * On every iteration @_iter.pos is the index of @_p. A body that frees
 * the tree must leave the loop at once (see kds_genradix_free()).
 *
 * Context: any; may run concurrently with kds_genradix_ptr_alloc().
 */
#define kds_genradix_for_each_reverse(_radix, _iter, _p)			\
	__kds_genradix_for_each(_radix, _iter, _p,			\
		kds_genradix_last_pos(_radix), true,			\
		__KDS_GENRADIX_XPASTE(__kds_gr_cursor_, __COUNTER__))

/* ------------------------------------------------------------ prealloc */

/**
 * kds_genradix_prealloc() - allocate the leaves for entries 0 to @_nr.
 * @_radix: the tree.
 * @_nr: last index to make present (inclusive, as in Linux: @_nr + 1
 *	entries, so a table of @_nr entries also gets one spare index).
 * @_gfp: allocation flags.
 *
 * On failure the leaves allocated so far stay in the tree (which remains
 * valid) and are freed by kds_genradix_free().
 *
 * Context: may sleep if @_gfp allows; may run concurrently with
 * kds_genradix_ptr_alloc() and kds_genradix_ptr().
 * Return: 0 on success; -ENOMEM on allocation failure or when @_nr is
 * larger than kds_genradix_last_pos().
 */
#define kds_genradix_prealloc(_radix, _nr, _gfp)				\
	__kds_genradix_prealloc_idx(&(_radix)->tree, (_nr),		\
				    __kds_genradix_obj_size(_radix), (_gfp))

/* ------------------------------------------------ geometry helpers */

/**
 * kds_genradix_depth_shift() - log2 of the bytes a tree of a given depth spans.
 * @depth: tree depth (0: the root is a leaf).
 *
 * Context: any.
 * Return: the shift, %KDS_GENRADIX_NODE_SHIFT plus log2 of an interior
 * node's fan-out for each of the @depth levels above the leaves: what
 * Linux's genradix_depth_shift() returns for the same node size (the
 * compat folder's <linux/generic-radix-tree.h> maps that name onto this
 * function).
 */
static __kds_always_inline int kds_genradix_depth_shift(unsigned int depth);

/**
 * kds_genradix_depth_size() - bytes a tree of a given depth spans.
 * @depth: tree depth, small enough that the size fits in a size_t.
 *
 * Context: any.
 * Return: the size, two to the power kds_genradix_depth_shift(@depth): what
 * Linux's genradix_depth_size() returns for the same node size (the compat
 * folder maps that name onto this function).
 */
static __kds_always_inline size_t kds_genradix_depth_size(unsigned int depth);

/**
 * kds_genradix_root_to_depth() - the depth encoded in a root pointer.
 * @r: the tree's root word (struct __kds_genradix.root).
 *
 * Context: any.
 * Return: the depth.
 */
static __kds_always_inline unsigned int
kds_genradix_root_to_depth(struct kds_genradix_root *r);

/**
 * kds_genradix_root_to_node() - the node a root pointer points at.
 * @r: the tree's root word (struct __kds_genradix.root).
 *
 * Context: any.
 * Return: the root node, or NULL for an empty tree.
 */
static __kds_always_inline struct kds_genradix_node *
kds_genradix_root_to_node(struct kds_genradix_root *r);

__KDS_END_DECLS

/*
 * What the macros above expand to and the bodies of the functions they
 * declare: the index arithmetic, the inline lookup walk, the iterator's
 * states and the for_each loops' cursor (kds/static/genradix.h, installed
 * beside this header and included only from here).
 */
#include "kds/static/genradix.h"

#endif /* KDS_GENRADIX_H */
