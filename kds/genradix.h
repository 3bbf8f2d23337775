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

/*
 * __KDS_GR_FN() - the out-of-line function @fn, parenthesised: the typed
 * macros kds_genradix_ptr() and friends share their names with the linker
 * functions they call (as getc() and its function do in libc), and the
 * parentheses keep the function's name from invoking the macro.
 */
#define __KDS_GR_FN(fn)			(KDS_GENRADIX_SYM(fn))

/* ------------------------------------------------------ tree geometry */

/* log2 of the size of a child pointer. */
#define __KDS_GENRADIX_PTR_SHIFT	(sizeof(void *) == 8 ? 3 : 2)
/* log2 of the fan-out of an interior node. */
#define __KDS_GENRADIX_ARY_SHIFT	(KDS_GENRADIX_NODE_SHIFT - __KDS_GENRADIX_PTR_SHIFT)
#define __KDS_GENRADIX_ARY		((size_t)1 << __KDS_GENRADIX_ARY_SHIFT)
#define __KDS_GENRADIX_OFFSET_MASK	(KDS_GENRADIX_NODE_SIZE - 1)
#define __KDS_GENRADIX_SIZE_BITS	(8 * (int)sizeof(size_t))
/* Depth at which a tree spans every byte offset a size_t can express. */
#define __KDS_GENRADIX_MAX_DEPTH					\
	__KDS_DIV_ROUND_UP(__KDS_GENRADIX_SIZE_BITS - KDS_GENRADIX_NODE_SHIFT,	\
		     __KDS_GENRADIX_ARY_SHIFT)
/* The depth lives in the low bits of the root pointer. */
#define __KDS_GENRADIX_DEPTH_MASK	15UL

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
KDS_STATIC_ASSERT(__KDS_GENRADIX_MAX_DEPTH <= __KDS_GENRADIX_DEPTH_MASK,
	       "tree depth must fit in the low bits of the root pointer");

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
 * kds_genradix_free().
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

/* ------------------------------------------------ out-of-line functions */

/*
 * The linker functions behind the macros, addressed by byte offset:
 * kds_genradix_ptr, kds_genradix_ptr_alloc, kds_genradix_iter_peek,
 * kds_genradix_iter_peek_prev, kds_genradix_iter_next,
 * kds_genradix_prealloc and kds_genradix_free (kds_genradix<V>_* for a
 * variant), exported by kds.ko. Callers use the typed macros below; these
 * are not API.
 */
void *__KDS_GR_FN(ptr)(struct __kds_genradix *radix, size_t offset);
void *__KDS_GR_FN(ptr_alloc)(struct __kds_genradix *radix, size_t offset,
			     struct kds_genradix_node **spare, kds_gfp_t gfp);
void *__KDS_GR_FN(iter_peek)(struct kds_genradix_iter *iter,
			     struct __kds_genradix *radix, size_t obj_size);
void *__KDS_GR_FN(iter_peek_prev)(struct kds_genradix_iter *iter,
				  struct __kds_genradix *radix, size_t obj_size);
struct __kds_genradix_cursor;
void *__KDS_GR_FN(iter_next)(struct kds_genradix_iter *iter,
			     struct __kds_genradix_cursor *c,
			     struct __kds_genradix *radix, size_t obj_size,
			     bool reverse);
int __KDS_GR_FN(prealloc)(struct __kds_genradix *radix, size_t last_offset,
			  kds_gfp_t gfp);
void __KDS_GR_FN(free)(struct __kds_genradix *radix);

/**
 * kds_genradix_free() - free every node of a generic radix tree.
 * @_radix: the tree.
 *
 * Afterwards the tree is empty and may be used again. Pointers to entries
 * and iterators into the tree become invalid.
 *
 * Context: process context; needs exclusion from every other user of the
 * tree.
 */
#define kds_genradix_free(_radix)	__KDS_GR_FN(free)(&(_radix)->tree)

/* --------------------------------------------------- index arithmetic */

#define __kds_genradix_cast(_radix)	(__typeof__((_radix)->type[0]) *)

/*
 * Compile-time checks on an entry size, as an expression worth 0: a
 * zero-sized entry type (an empty struct, or a zero-length array) would
 * divide by zero at run time, and an entry larger than a node cannot be
 * stored.
 */
#ifndef __cplusplus
#define __KDS_GENRADIX_SIZE_CHECK(sz)					\
	(0 * sizeof(struct {						\
		_Static_assert((sz) != 0,				\
			       "genradix entry type has size 0");	\
		_Static_assert((sz) <= KDS_GENRADIX_NODE_SIZE,		\
			       "genradix entry type is larger than a node"); \
		int __kds_unused;					\
	}))
#else
/* C++ types have no size 0 and cannot be defined inside sizeof. */
#define __KDS_GENRADIX_SIZE_CHECK(sz)					\
	(0 * sizeof(char[(sz) <= KDS_GENRADIX_NODE_SIZE ? 1 : -1]))
#endif

/* sizeof an entry; zero-sized or larger-than-a-node entries do not compile. */
#define __kds_genradix_obj_size(_radix)					\
	(sizeof((_radix)->type[0]) +					\
	 __KDS_GENRADIX_SIZE_CHECK(sizeof((_radix)->type[0])))

/* Entries per leaf. */
static __kds_always_inline size_t __kds_genradix_per_leaf(size_t obj_size)
{
	return KDS_GENRADIX_NODE_SIZE / obj_size;
}

/*
 * Byte offset of entry @idx in @*offset. False when that offset does not
 * fit in a size_t, i.e. @idx lies beyond kds_genradix_last_pos().
 */
static __kds_always_inline bool __kds_genradix_offset(size_t idx, size_t obj_size,
						  size_t *offset)
{
	size_t per_leaf, leaf;

	if (__KDS_IS_POW2(obj_size)) {
		if (idx > SIZE_MAX / obj_size)
			return false;
		*offset = idx * obj_size;
		return true;
	}
	per_leaf = __kds_genradix_per_leaf(obj_size);
	leaf = idx / per_leaf;
	if (leaf > (SIZE_MAX >> KDS_GENRADIX_NODE_SHIFT))
		return false;
	*offset = (leaf << KDS_GENRADIX_NODE_SHIFT) + (idx % per_leaf) * obj_size;
	return true;
}

/*
 * Largest index with a representable offset, as a constant expression:
 * SIZE_MAX / size for power-of-two sizes, else every entry of every leaf.
 */
#define __KDS_GENRADIX_LAST_POS(sz)					\
	(((sz) & ((sz) - 1)) == 0 ? SIZE_MAX / (sz) :			\
	 ((SIZE_MAX >> KDS_GENRADIX_NODE_SHIFT) + 1) *			\
	 (KDS_GENRADIX_NODE_SIZE / (sz)) - 1)

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

/* ------------------------------------------------- lookup fast path */

static __kds_always_inline unsigned int __kds_genradix_depth(struct kds_genradix_root *r)
{
	return (unsigned long)r & __KDS_GENRADIX_DEPTH_MASK;
}

static __kds_always_inline struct kds_genradix_node *__kds_genradix_node(struct kds_genradix_root *r)
{
	return (struct kds_genradix_node *)((unsigned long)r & ~__KDS_GENRADIX_DEPTH_MASK);
}

/* Bit position of the lowest offset bit a tree of @depth cannot address. */
static __kds_always_inline int __kds_genradix_span_shift(unsigned int depth)
{
	return KDS_GENRADIX_NODE_SHIFT + __KDS_GENRADIX_ARY_SHIFT * (int)depth;
}

/* Whether a tree of @depth covers byte @offset (__kds_ilog2(0) is -1: it does). */
static __kds_always_inline bool __kds_genradix_covers(size_t offset, unsigned int depth)
{
	return __kds_ilog2(offset) < __kds_genradix_span_shift(depth);
}

/*
 * Depth of the deepest tree the inline walk handles itself: every tree
 * spanning up to 8 GiB at least (three levels with 4 KiB nodes, four with
 * 512-byte ones), at most five levels; deeper trees take the out-of-line
 * walk. At every depth it handles, a leaf number below
 * 2^(ARY_SHIFT * depth) belongs to an entry whose byte offset fits in a
 * size_t, so the range check also rejects indices beyond
 * kds_genradix_last_pos().
 */
#define __KDS_GENRADIX_INLINE_SPAN	33
#define __KDS_GENRADIX_INLINE_FIT					\
	((__KDS_GENRADIX_SIZE_BITS - KDS_GENRADIX_NODE_SHIFT) / __KDS_GENRADIX_ARY_SHIFT)
#define __KDS_GENRADIX_INLINE_WANT					\
	__KDS_DIV_ROUND_UP(__KDS_GENRADIX_INLINE_SPAN - KDS_GENRADIX_NODE_SHIFT,	\
		     __KDS_GENRADIX_ARY_SHIFT)
#define __KDS_GENRADIX_INLINE_DEPTH					\
	(__KDS_GENRADIX_INLINE_WANT > 5 ? 5 :				\
	 __KDS_GENRADIX_INLINE_WANT > __KDS_GENRADIX_INLINE_FIT ?	\
	 __KDS_GENRADIX_INLINE_FIT : __KDS_GENRADIX_INLINE_WANT)

KDS_STATIC_ASSERT(__KDS_GENRADIX_INLINE_DEPTH >= 1,
	       "the inline walk must handle a tree of one level");

/* Shift from a leaf number to its slot at @level above the leaves. */
#define __KDS_GENRADIX_LEVEL_SHIFT(level)				\
	(__KDS_GENRADIX_ARY_SHIFT * (level) < __KDS_GENRADIX_SIZE_BITS ?	\
	 __KDS_GENRADIX_ARY_SHIFT * (level) : 0)

/* Number of the leaf holding entry @idx (a shift or a constant division). */
static __kds_always_inline size_t __kds_genradix_leaf_nr(size_t idx, size_t obj_size)
{
	if (__KDS_IS_POW2(obj_size))
		return idx >> (KDS_GENRADIX_NODE_SHIFT - __kds_ilog2(obj_size));
	return idx / __kds_genradix_per_leaf(obj_size);
}

/*
 * Byte offset of entry @idx within its leaf, number @leaf: from the leaf
 * number already computed, so that the compiler does not repeat the
 * division's multiply for the remainder.
 */
static __kds_always_inline size_t __kds_genradix_leaf_offset(size_t idx, size_t leaf,
							 size_t obj_size)
{
	size_t per_leaf = __kds_genradix_per_leaf(obj_size);

	if (__KDS_IS_POW2(obj_size))
		return (idx & (per_leaf - 1)) * obj_size;
	return (idx - leaf * per_leaf) * obj_size;
}

/* The child of @n on the way to leaf @leaf, @level levels above the leaves. */
static __kds_always_inline struct kds_genradix_node *
__kds_genradix_child(struct kds_genradix_node *n, size_t leaf, unsigned int level)
{
	return kds_load_dependent(&n->children[(leaf >> __KDS_GENRADIX_LEVEL_SHIFT(level)) &
					       (__KDS_GENRADIX_ARY - 1)]);
}

/* One level of __kds_genradix_descend() below the top, if @depth has it. */
#define __KDS_GENRADIX_DESCEND_STEP(level)				\
do {									\
	if (depth > (level) + 1) {					\
		if (__kds_unlikely(!n))					\
			return NULL;					\
		n = __kds_genradix_child(n, leaf, (level));		\
	}								\
} while (0)

/*
 * The walk from root word @r of a tree of @depth (>= 1, a constant) down to
 * the leaf numbered @leaf, which the caller has checked the tree spans:
 * straight-line code, no loop. The root node is @r minus the constant
 * @depth (its tag bits), which folds into the first load's address; the
 * first slot needs no mask, as the range check bounds it.
 * Return: the leaf, or NULL where a node on the way is absent.
 */
static __kds_always_inline struct kds_genradix_node *
__kds_genradix_descend(struct kds_genradix_root *r, size_t leaf, unsigned int depth)
{
	struct kds_genradix_node *n = (struct kds_genradix_node *)((unsigned long)r - depth);

	n = kds_load_dependent(&n->children[leaf >> __KDS_GENRADIX_LEVEL_SHIFT(depth - 1)]);
	__KDS_GENRADIX_DESCEND_STEP(3);
	__KDS_GENRADIX_DESCEND_STEP(2);
	__KDS_GENRADIX_DESCEND_STEP(1);
	__KDS_GENRADIX_DESCEND_STEP(0);
	return n;
}

static __kds_always_inline void *__kds_genradix_ptr_idx(struct __kds_genradix *radix,
						    size_t idx, size_t obj_size)
{
	size_t offset;

	if (__kds_unlikely(!__kds_genradix_offset(idx, obj_size, &offset)))
		return NULL;
	return __KDS_GR_FN(ptr)(radix, offset);
}

/* Number of leaves a tree of @depth spans (for the depths walked inline). */
#define __KDS_GENRADIX_LEAVES(depth)	((size_t)1 << __KDS_GENRADIX_LEVEL_SHIFT(depth))

/* One depth of __kds_genradix_lookup(): range check, then the walk. */
#define __KDS_GENRADIX_WALK_DEPTH(d)					\
	if (__KDS_GENRADIX_INLINE_DEPTH >= (d) && depth == (d)) {	\
		if (__kds_unlikely(leaf >= __KDS_GENRADIX_LEAVES(d)))		\
			return NULL;					\
		n = __kds_genradix_descend(r, leaf, d);			\
		goto found;						\
	}

/*
 * The lookup, expanded at the call site where the entry size is a
 * constant: read the root word once, then the straight-line walk for the
 * tree's depth. The range check compares the leaf number with a constant
 * (which also rejects indices beyond kds_genradix_last_pos()), and each level
 * is a shift, a mask, a load and a NULL test. The root and every child
 * pointer are read with kds_load_dependent(): in the kernel READ_ONCE()
 * with the address dependency ordering the reads of the node (as Linux's
 * lookup does), in userspace an acquire load. Either pairs with the release
 * that published the node. Trees deeper than __KDS_GENRADIX_INLINE_DEPTH
 * take the out-of-line walk.
 */
static __kds_always_inline void *__kds_genradix_lookup(struct __kds_genradix *radix,
						   size_t idx, size_t obj_size)
{
	struct kds_genradix_root *r = kds_load_dependent(&radix->root);
	unsigned int depth = __kds_genradix_depth(r);
	size_t leaf = __kds_genradix_leaf_nr(idx, obj_size);
	struct kds_genradix_node *n;
	size_t offset;

	/*
	 * With a constant division (entry sizes that are not a power of two)
	 * GCC would compute the quotient's multiply again for the remainder
	 * on the way out; hiding the quotient's value keeps it to one.
	 */
	if (!__KDS_IS_POW2(obj_size))
		__KDS_OPTIMIZER_HIDE_VAR(leaf);
	offset = __kds_genradix_leaf_offset(idx, leaf, obj_size);
	__KDS_GENRADIX_WALK_DEPTH(1)
	__KDS_GENRADIX_WALK_DEPTH(2)
	__KDS_GENRADIX_WALK_DEPTH(3)
	__KDS_GENRADIX_WALK_DEPTH(4)
	__KDS_GENRADIX_WALK_DEPTH(5)
	if (!depth) {
		/* A single leaf, or an empty tree (a NULL node). */
		if (__kds_unlikely(leaf))
			return NULL;
		n = __kds_genradix_node(r);
		goto found;
	}
	return __kds_genradix_ptr_idx(radix, idx, obj_size);
found:
	if (__kds_unlikely(!n))
		return NULL;
	return &n->data[offset];
}

static __kds_always_inline void *__kds_genradix_ptr_inl(struct __kds_genradix *radix,
						    size_t idx, size_t obj_size)
{
	return __kds_genradix_lookup(radix, idx, obj_size);
}

/* Free the caller's spare node and clear its slot (the call owns it). */
static __kds_always_inline void __kds_genradix_consume(struct kds_genradix_node **spare)
{
	if (spare) {
		kds_node_free(*spare, KDS_GENRADIX_NODE_SIZE);
		*spare = NULL;
	}
}

static __kds_always_inline void *__kds_genradix_alloc_idx(struct __kds_genradix *radix,
						      size_t idx, size_t obj_size,
						      struct kds_genradix_node **spare,
						      kds_gfp_t gfp, bool inl)
{
	size_t offset;
	void *p;

	if (inl) {
		p = __kds_genradix_lookup(radix, idx, obj_size);
		if (__kds_likely(p))
			return p;
	}
	if (__kds_unlikely(!__kds_genradix_offset(idx, obj_size, &offset))) {
		__kds_genradix_consume(spare);
		return NULL;
	}
	return __KDS_GR_FN(ptr_alloc)(radix, offset, spare, gfp);
}

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
static inline struct kds_genradix_node *kds_genradix_alloc_node(kds_gfp_t gfp)
{
	return (struct kds_genradix_node *)kds_node_alloc(KDS_GENRADIX_NODE_SIZE, gfp);
}

/**
 * kds_genradix_free_node() - free a spare node from kds_genradix_alloc_node().
 * @node: the node, or NULL.
 *
 * Context: any context kfree() may be called from.
 */
static inline void kds_genradix_free_node(struct kds_genradix_node *node)
{
	kds_node_free(node, KDS_GENRADIX_NODE_SIZE);
}

/* ---------------------------------------------------------- iteration */

/*
 * Iterator states besides a position: "past the end" (advanced beyond
 * kds_genradix_last_pos(), no entry found ahead, or started beyond
 * kds_genradix_last_pos()) and "before the start" (rewound from index 0, or no
 * entry found behind). Both have @offset == SIZE_MAX, which is the offset
 * of no entry except index SIZE_MAX of a 1-byte tree (where pos == offset),
 * and are told apart by @pos: 0 before the start, anything else past the
 * end (SIZE_MAX, as in Linux; SIZE_MAX - 1 for 1-byte entries, for which
 * SIZE_MAX is a real position).
 */
static __kds_always_inline bool __kds_genradix_iter_done(const struct kds_genradix_iter *iter,
						     size_t obj_size)
{
	return __kds_unlikely(iter->offset == SIZE_MAX) &&
	       (obj_size != 1 || iter->pos != SIZE_MAX);
}

static __kds_always_inline void __kds_genradix_iter_past_end(struct kds_genradix_iter *iter,
							 size_t obj_size)
{
	iter->offset = SIZE_MAX;
	iter->pos = obj_size == 1 ? SIZE_MAX - 1 : SIZE_MAX;
}

static __kds_always_inline struct kds_genradix_iter
__kds_genradix_iter_start(size_t idx, size_t obj_size)
{
	struct kds_genradix_iter iter;

	iter.offset = 0;
	iter.pos = idx;

	/* Beyond kds_genradix_last_pos(): past the end, keeping @pos (idx > 0). */
	if (!__kds_genradix_offset(idx, obj_size, &iter.offset))
		iter.offset = SIZE_MAX;
	return iter;
}

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

static __kds_always_inline void __kds_genradix_iter_advance(struct kds_genradix_iter *iter,
							size_t obj_size)
{
	size_t next;

	if (__kds_unlikely(__builtin_add_overflow(iter->offset, obj_size, &next))) {
		__kds_genradix_iter_past_end(iter, obj_size);
		return;
	}
	/*
	 * Entries of other sizes never straddle a leaf: skip the leaf's
	 * unused tail (one compare with a constant on the common path).
	 */
	if (!__KDS_IS_POW2(obj_size) &&
	    __kds_unlikely((next & __KDS_GENRADIX_OFFSET_MASK) >
		     KDS_GENRADIX_NODE_SIZE - obj_size)) {
		next |= __KDS_GENRADIX_OFFSET_MASK;
		if (__kds_unlikely(next == SIZE_MAX)) {
			__kds_genradix_iter_past_end(iter, obj_size);
			return;
		}
		next++;
	}
	iter->offset = next;
	iter->pos++;
}

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

static __kds_always_inline void __kds_genradix_iter_rewind(struct kds_genradix_iter *iter,
						       size_t obj_size)
{
	if (__kds_genradix_iter_done(iter, obj_size))
		return;
	if (__kds_unlikely(iter->offset == 0)) {
		/* Before the start; @pos stays 0, as in Linux. */
		iter->offset = SIZE_MAX;
		return;
	}
	/* From the start of a leaf, step over the previous leaf's unused tail. */
	if (!(iter->offset & __KDS_GENRADIX_OFFSET_MASK))
		iter->offset -= KDS_GENRADIX_NODE_SIZE % obj_size;
	iter->offset -= obj_size;
	iter->pos--;
}

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

/*
 * The loop macros walk a tree a leaf at a time: an outer loop finds the
 * next existing leaf (out of line, kds_genradix_iter_next()) and an inner
 * loop steps through that leaf's entries inline. What the inner loop needs
 * lives in a variable of the macro's own (declared by the outer for
 * statement, invisible to the loop body), not in the iterator, which stays
 * a position:
 *
 * @base: address of the cached leaf minus the byte offset of its first
 *	entry, so that the entry at offset o is at @base + o;
 * @start: byte offset of the cached leaf's first entry;
 * @last: byte offset of the cached leaf's last entry;
 * @expect: the offset the loop last put the iterator at. While the
 *	iterator is still there and not at @last, the next entry is one add
 *	away; where the body does not touch the iterator the compiler can
 *	tell that the two are equal and drops that compare;
 * @parent: the interior node above the cached leaf (NULL for none), and
 *	@parent_key 1 + the number of the span of leaves under it, so that
 *	the next leaf under the same parent is one load away;
 * @stop: true while the inner loop runs, false once the iterator has left
 *	the leaf: when the outer loop finds it still true, the body left the
 *	inner loop with break, and the whole loop ends there, as in Linux.
 *
 * Wherever the body moved the iterator, whether it is at an entry of the
 * cached leaf is told by its offset minus @start being below
 * __kds_genradix_leaf_limit(), a constant: one subtract and one unsigned
 * compare, which fail for every offset outside the leaf and for the
 * leaf's unused tail. For power-of-two sizes above 1 the limit stops one
 * byte short of the node's end, so that an iterator past the end (offset
 * SIZE_MAX) never matches, even in the last leaf of the index space.
 *
 * The cursor is valid for the one tree its loop walks, while that tree is
 * not freed: a body that frees the tree must leave the loop.
 */
static __kds_always_inline size_t __kds_genradix_leaf_limit(size_t obj_size)
{
	if (obj_size == 1)
		return KDS_GENRADIX_NODE_SIZE;
	if (__KDS_IS_POW2(obj_size))
		return KDS_GENRADIX_NODE_SIZE - 1;
	return __kds_genradix_per_leaf(obj_size) * obj_size;
}

struct __kds_genradix_cursor {
	unsigned long			base;
	size_t				start;
	size_t				last;
	size_t				expect;
	struct kds_genradix_node	*parent;
	size_t				parent_key;
	bool				stop;
};

/*
 * The outer loop's step: kds_genradix_iter_peek() (with @reverse,
 * kds_genradix_iter_peek_prev()) that also caches the leaf found in @c.
 * The entry goes to @p and the return value says whether there is one
 * (when there is none, the macro sets its entry pointer to NULL, as the
 * kernel's macro leaves it after the last entry). After a break out of
 * the inner loop it returns false at once, leaving the iterator, and the
 * macro its entry pointer, on the entry the body stopped at. @reverse is a constant at every call site and folds away.
 * The call works on copies, so that the loop's iterator and cursor never
 * have their address taken and can live in registers.
 */
static __kds_always_inline bool __kds_genradix_next_leaf(struct kds_genradix_iter *iter,
							 struct __kds_genradix_cursor *c,
							 struct __kds_genradix *radix,
							 size_t obj_size, void **p,
							 bool reverse)
{
	struct __kds_genradix_cursor ccopy;
	struct kds_genradix_iter copy;

	if (c->stop)
		return false;
	copy = *iter;
	ccopy = *c;
	*p = __KDS_GR_FN(iter_next)(&copy, &ccopy, radix, obj_size, reverse);
	*iter = copy;
	*c = ccopy;
	c->expect = iter->offset;
	return *p != NULL;
}

/*
 * The inner loop's step: advance (with @reverse, rewind) the iterator and,
 * if the entry it is then at is in the cached leaf, put it in @p and
 * return true; else clear @c->stop, which ends the inner loop, and return
 * false. Going forward from where the loop left the iterator, at an entry
 * of the leaf that is not its last, the next entry is in the same leaf:
 * one add to the offset and one to the position, nothing to check (no
 * overflow: the leaf ends before SIZE_MAX does). From anywhere else (the
 * leaf's last entry, or wherever the body moved the iterator) the
 * iterator moves as kds_genradix_iter_advance() (kds_genradix_iter_rewind())
 * moves it, and one subtract and compare tell whether it is still in the
 * leaf. Entries of one byte are the one size whose last index, SIZE_MAX,
 * has the offset of an iterator past the end; that state is told apart by
 * its position.
 */
static __kds_always_inline bool __kds_genradix_leaf_step(struct kds_genradix_iter *iter,
							 struct __kds_genradix_cursor *c,
							 size_t obj_size, void **p,
							 bool reverse)
{
	if (!reverse && __kds_likely(iter->offset == c->expect &&
				     iter->offset != c->last)) {
		iter->offset += obj_size;
		iter->pos++;
		c->expect = iter->offset;
	} else {
		if (reverse)
			__kds_genradix_iter_rewind(iter, obj_size);
		else
			__kds_genradix_iter_advance(iter, obj_size);
		if (iter->offset - c->start >= __kds_genradix_leaf_limit(obj_size) ||
		    (obj_size == 1 && __kds_genradix_iter_done(iter, obj_size))) {
			c->stop = false;
			return false;
		}
		c->expect = iter->offset;
	}
	*p = (void *)(c->base + iter->offset);
	return true;
}

/* A cursor caching nothing, where a loop starts. */
static __kds_always_inline struct __kds_genradix_cursor __kds_genradix_cursor_none(void)
{
	struct __kds_genradix_cursor c;

	c.base = 0;
	c.start = 0;
	c.last = 0;
	c.expect = 0;
	c.parent = NULL;
	c.parent_key = 0;
	c.stop = false;
	return c;
}

#define __KDS_GENRADIX_PASTE(a, b)	a##b
#define __KDS_GENRADIX_XPASTE(a, b)	__KDS_GENRADIX_PASTE(a, b)

/*
 * The loop behind the three macros below; @_c names the loop's cursor.
 * Two nested for statements: the outer one moves from leaf to leaf, the
 * inner one, which the caller's body belongs to, from entry to entry in
 * a leaf. A continue in the body goes to the inner step, as it goes to
 * the next entry in Linux; a break leaves the inner loop with @_c.stop
 * set, and the outer loop's test then ends the whole loop. @_p is
 * assigned from the tree's typed entry pointer, so a @_p of another type
 * gets the compiler's incompatible-pointer warning, as in Linux.
 */
#define __kds_genradix_for_each(_radix, _iter, _p, _start, _reverse, _c) \
	for (struct __kds_genradix_cursor _c =				\
		((_iter) = kds_genradix_iter_init(_radix, _start),	\
		 __kds_genradix_cursor_none());				\
	     __extension__ ({ void *__kds_gr_p = NULL;			\
		bool __kds_gr_ok = __kds_genradix_next_leaf(&(_iter), &_c, \
				&(_radix)->tree,			\
				__kds_genradix_obj_size(_radix),	\
				&__kds_gr_p, (_reverse));		\
		if (__kds_gr_ok)					\
			(_p) = __kds_genradix_cast(_radix) __kds_gr_p;	\
		else if (!_c.stop)					\
			(_p) = NULL;					\
		__kds_gr_ok; });					\
	     )								\
		for (_c.stop = true; _c.stop;				\
		     __extension__ ({ void *__kds_gr_q;			\
			if (__kds_genradix_leaf_step(&(_iter), &_c,	\
				__kds_genradix_obj_size(_radix),	\
				&__kds_gr_q, (_reverse)))		\
				(_p) = __kds_genradix_cast(_radix) __kds_gr_q; \
		     }))

/**
 * kds_genradix_for_each_from() - iterate over the existing entries from an index.
 * @_radix: the tree.
 * @_iter: a struct kds_genradix_iter (not a pointer) tracking the position.
 * @_p: entry pointer, set to each existing entry in increasing index order;
 *	it must have the tree's entry type (another type gets a warning).
 * @_start: first index to consider.
 *
 * On every iteration @_iter.pos is the index of @_p.
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
 * On every iteration @_iter.pos is the index of @_p.
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
 * On every iteration @_iter.pos is the index of @_p.
 *
 * Context: any; may run concurrently with kds_genradix_ptr_alloc().
 */
#define kds_genradix_for_each_reverse(_radix, _iter, _p)			\
	__kds_genradix_for_each(_radix, _iter, _p,			\
		kds_genradix_last_pos(_radix), true,			\
		__KDS_GENRADIX_XPASTE(__kds_gr_cursor_, __COUNTER__))

/* ------------------------------------------------------------ prealloc */

static __kds_always_inline int __kds_genradix_prealloc_idx(struct __kds_genradix *radix,
						       size_t nr, size_t obj_size,
						       kds_gfp_t gfp)
{
	size_t last;

	if (!__kds_genradix_offset(nr, obj_size, &last))
		return -ENOMEM;
	return __KDS_GR_FN(prealloc)(radix, last, gfp);
}

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
 * Return: the shift, as Linux's kds_genradix_depth_shift().
 */
static __kds_always_inline int kds_genradix_depth_shift(unsigned int depth)
{
	return __kds_genradix_span_shift(depth);
}

/**
 * kds_genradix_depth_size() - bytes a tree of a given depth spans.
 * @depth: tree depth, small enough that the size fits in a size_t.
 *
 * Context: any.
 * Return: the size, as Linux's kds_genradix_depth_size().
 */
static __kds_always_inline size_t kds_genradix_depth_size(unsigned int depth)
{
	return (size_t)1 << kds_genradix_depth_shift(depth);
}

/**
 * kds_genradix_root_to_depth() - the depth encoded in a root pointer.
 * @r: the tree's root word (struct __kds_genradix.root).
 *
 * Context: any.
 * Return: the depth.
 */
static __kds_always_inline unsigned int
kds_genradix_root_to_depth(struct kds_genradix_root *r)
{
	return __kds_genradix_depth(r);
}

/**
 * kds_genradix_root_to_node() - the node a root pointer points at.
 * @r: the tree's root word (struct __kds_genradix.root).
 *
 * Context: any.
 * Return: the root node, or NULL for an empty tree.
 */
static __kds_always_inline struct kds_genradix_node *
kds_genradix_root_to_node(struct kds_genradix_root *r)
{
	return __kds_genradix_node(r);
}

__KDS_END_DECLS

#endif /* KDS_GENRADIX_H */
