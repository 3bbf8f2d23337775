/* SPDX-License-Identifier: GPL-2.0 */
/**
 * DOC: kds generic radix tree (sparse array)
 *
 * A genradix is a typed sparse array of fixed-size entries, stored as a
 * radix tree of fixed-size nodes. Interior nodes hold child pointers, leaves
 * hold entries. It is source compatible with Linux's
 * <linux/generic-radix-tree.h> (5.1, plus the 6.7-6.12 additions): code
 * written for the kernel's genradix compiles against this header after
 * changing only its include line.
 *
 * Declaring and using one::
 *
 *	static GENRADIX(struct foo) foos;
 *
 *	genradix_init(&foos);
 *	p = genradix_ptr_alloc(&foos, 42, GFP_KERNEL);
 *	genradix_for_each(&foos, iter, p)
 *		use(iter.pos, p);
 *	genradix_free(&foos);
 *
 * Leaves are allocated whole, so an entry that shares a leaf with an
 * allocated entry exists too and reads as zero. Internally every index is
 * turned into a byte offset: entries of a power-of-two size pack densely,
 * other sizes never straddle a leaf (the tail of each leaf stays unused).
 *
 * Node size is a build-time constant: %KDS_GENRADIX_NODE_SHIFT (default
 * PAGE_SHIFT; 9 gives the 512-byte nodes of Linux 6.9+). A program can link
 * several node sizes at once: a translation unit defines
 * %KDS_GENRADIX_VARIANT (a token such as 512) together with the shift, and
 * every linker name becomes kds_genradix<VARIANT>_<fn> instead of
 * kds_genradix_<fn>.
 *
 * Concurrency: genradix_ptr(), genradix_ptr_alloc() and the iterators may
 * run concurrently with each other on one tree (allocation is lock-free;
 * nodes are published with release ordering and read with acquire
 * ordering). genradix_free() needs exclusion from every other user.
 */
#ifndef KDS_GENRADIX_H
#define KDS_GENRADIX_H

#include "kds_port.h"

/* ------------------------------------------------------- configuration */

#ifndef KDS_GENRADIX_NODE_SHIFT
/**
 * KDS_GENRADIX_NODE_SHIFT - log2 of the node size in bytes.
 *
 * Defaults to PAGE_SHIFT (Linux 5.1). Define it before including this header
 * (and define %KDS_GENRADIX_VARIANT with it) to build another node size.
 */
#define KDS_GENRADIX_NODE_SHIFT		PAGE_SHIFT
#endif

/** KDS_GENRADIX_NODE_SIZE - bytes per node (interior or leaf). */
#define KDS_GENRADIX_NODE_SIZE		((size_t)1 << KDS_GENRADIX_NODE_SHIFT)

/** GENRADIX_NODE_SHIFT - the upstream (6.9+) name of KDS_GENRADIX_NODE_SHIFT. */
#define GENRADIX_NODE_SHIFT		KDS_GENRADIX_NODE_SHIFT
/** GENRADIX_NODE_SIZE - the upstream (6.9+) name of KDS_GENRADIX_NODE_SIZE. */
#define GENRADIX_NODE_SIZE		KDS_GENRADIX_NODE_SIZE

#define __KDS_GENRADIX_PASTE3(a, b, c)	a##b##c
#define __KDS_GENRADIX_XPASTE3(a, b, c)	__KDS_GENRADIX_PASTE3(a, b, c)

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
 * The sources name the functions kds_genradix_<fn>; for a variant build
 * these names are rewritten to the variant's.
 */
#ifdef KDS_GENRADIX_VARIANT
#define kds_genradix_ptr		KDS_GENRADIX_SYM(ptr)
#define kds_genradix_ptr_alloc		KDS_GENRADIX_SYM(ptr_alloc)
#define kds_genradix_iter_peek		KDS_GENRADIX_SYM(iter_peek)
#define kds_genradix_iter_peek_prev	KDS_GENRADIX_SYM(iter_peek_prev)
#define kds_genradix_iter_next		KDS_GENRADIX_SYM(iter_next)
#define kds_genradix_prealloc		KDS_GENRADIX_SYM(prealloc)
#define kds_genradix_free		KDS_GENRADIX_SYM(free)
#endif

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
	DIV_ROUND_UP(__KDS_GENRADIX_SIZE_BITS - KDS_GENRADIX_NODE_SHIFT,	\
		     __KDS_GENRADIX_ARY_SHIFT)
/* The depth lives in the low bits of the root pointer. */
#define __KDS_GENRADIX_DEPTH_MASK	15UL

_Static_assert(KDS_GENRADIX_NODE_SHIFT >= 6 && KDS_GENRADIX_NODE_SHIFT <= PAGE_SHIFT,
	       "genradix nodes must be 64 bytes .. PAGE_SIZE");
_Static_assert(__KDS_GENRADIX_MAX_DEPTH <= __KDS_GENRADIX_DEPTH_MASK,
	       "tree depth must fit in the low bits of the root pointer");

/* An opaque tagged pointer: node address | depth. */
struct genradix_root;

/**
 * struct genradix_node - one node of a generic radix tree.
 * @children: child pointers, when the node is interior.
 * @data: entry bytes, when the node is a leaf.
 *
 * Nodes are KDS_GENRADIX_NODE_SIZE bytes, zeroed when allocated and aligned
 * to their size (which frees the low bits of the root pointer for the
 * depth). Callers only handle them as spares for
 * genradix_ptr_alloc_preallocated().
 */
struct genradix_node {
	union {
		struct genradix_node	*children[__KDS_GENRADIX_ARY];
		u8			data[KDS_GENRADIX_NODE_SIZE];
	};
};

/**
 * struct __genradix - the untyped tree inside every GENRADIX().
 * @root: root node with the tree depth in its low bits; NULL when empty.
 */
struct __genradix {
	struct genradix_root	*root;
};

/**
 * struct genradix_iter - a position in a genradix, for iteration.
 * @offset: byte offset of the current entry (private to the implementation;
 *	SIZE_MAX once the iterator is past either end).
 * @pos: index of the current entry.
 *
 * Build one with genradix_iter_init(). A zero-filled iterator is valid too
 * (position 0). As in Linux it is a position only, holding no pointer into
 * a tree: it may be used on another tree of the same entry type and across
 * genradix_free().
 */
struct genradix_iter {
	size_t			offset;
	size_t			pos;
};

/**
 * GENRADIX() - the type of a generic radix tree holding @_type entries.
 * @_type: entry type; its size must not exceed KDS_GENRADIX_NODE_SIZE (a
 *	larger type is a compile error where the tree is used).
 *
 * The zero-length @type member records the entry type for the accessor
 * macros without taking any space.
 */
#define GENRADIX(_type)							\
struct {								\
	struct __genradix	tree;					\
	_type			type[0] __aligned(1);			\
}

#define __GENRADIX_INITIALIZER	{ .tree = { .root = NULL, } }

/**
 * DEFINE_GENRADIX() - define and initialise an empty generic radix tree.
 * @_name: variable name.
 * @_type: entry type.
 */
#define DEFINE_GENRADIX(_name, _type)					\
	GENRADIX(_type) _name = __GENRADIX_INITIALIZER

/**
 * genradix_init() - initialise an empty generic radix tree.
 * @_radix: the tree (pointer to a GENRADIX()).
 *
 * Context: any. Does not allocate and cannot fail.
 */
#define genradix_init(_radix)						\
do {									\
	*(_radix) = (__typeof__(*(_radix)))__GENRADIX_INITIALIZER;	\
} while (0)

/* ------------------------------------------------ out-of-line functions */

void *kds_genradix_ptr(struct __genradix *radix, size_t offset);
void *kds_genradix_ptr_alloc(struct __genradix *radix, size_t offset,
				  struct genradix_node **spare, gfp_t gfp);
void *kds_genradix_iter_peek(struct genradix_iter *iter,
				  struct __genradix *radix, size_t obj_size);
void *kds_genradix_iter_peek_prev(struct genradix_iter *iter,
				       struct __genradix *radix, size_t obj_size);
struct __kds_genradix_cursor;
void *kds_genradix_iter_next(struct genradix_iter *iter,
			     struct __kds_genradix_cursor *c,
			     struct __genradix *radix, size_t obj_size,
			     bool reverse);
int kds_genradix_prealloc(struct __genradix *radix, size_t last_offset,
			       gfp_t gfp);
void kds_genradix_free(struct __genradix *radix);

/**
 * genradix_free() - free every node of a generic radix tree.
 * @_radix: the tree.
 *
 * Afterwards the tree is empty and may be used again. Pointers to entries
 * and iterators into the tree become invalid.
 *
 * Context: process context; needs exclusion from every other user of the
 * tree.
 */
#define genradix_free(_radix)	kds_genradix_free(&(_radix)->tree)

/* --------------------------------------------------- index arithmetic */

#define __kds_genradix_cast(_radix)	(__typeof__((_radix)->type[0]) *)

/*
 * Compile-time checks on an entry size, as an expression worth 0: a
 * zero-sized entry type (an empty struct, or a zero-length array) would
 * divide by zero at run time, and an entry larger than a node cannot be
 * stored.
 */
#define __KDS_GENRADIX_SIZE_CHECK(sz)					\
	(0 * sizeof(struct {						\
		_Static_assert((sz) != 0,				\
			       "genradix entry type has size 0");	\
		_Static_assert((sz) <= KDS_GENRADIX_NODE_SIZE,		\
			       "genradix entry type is larger than a node"); \
		int __kds_unused;					\
	}))

/* sizeof an entry; zero-sized or larger-than-a-node entries do not compile. */
#define __kds_genradix_obj_size(_radix)					\
	(sizeof((_radix)->type[0]) +					\
	 __KDS_GENRADIX_SIZE_CHECK(sizeof((_radix)->type[0])))

/* Entries per leaf. */
static __always_inline size_t __kds_genradix_per_leaf(size_t obj_size)
{
	return KDS_GENRADIX_NODE_SIZE / obj_size;
}

/*
 * Byte offset of entry @idx in @*offset. False when that offset does not
 * fit in a size_t, i.e. @idx lies beyond genradix_last_pos().
 */
static __always_inline bool __kds_genradix_offset(size_t idx, size_t obj_size,
						  size_t *offset)
{
	size_t per_leaf, leaf;

	if (is_power_of_2(obj_size)) {
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
 * genradix_last_pos() - the largest index a generic radix tree can hold.
 * @_radix: the tree.
 *
 * Every index up to this one has a byte offset that fits in a size_t;
 * genradix_ptr_alloc() of a larger index returns NULL.
 * genradix_for_each_reverse() starts here.
 *
 * Context: any.
 * Return: the index, a constant expression.
 */
#define genradix_last_pos(_radix)					\
	__KDS_GENRADIX_LAST_POS(__kds_genradix_obj_size(_radix))

/* ------------------------------------------------- lookup fast path */

static __always_inline unsigned int __kds_genradix_depth(struct genradix_root *r)
{
	return (unsigned long)r & __KDS_GENRADIX_DEPTH_MASK;
}

static __always_inline struct genradix_node *__kds_genradix_node(struct genradix_root *r)
{
	return (struct genradix_node *)((unsigned long)r & ~__KDS_GENRADIX_DEPTH_MASK);
}

/* Bit position of the lowest offset bit a tree of @depth cannot address. */
static __always_inline int __kds_genradix_span_shift(unsigned int depth)
{
	return KDS_GENRADIX_NODE_SHIFT + __KDS_GENRADIX_ARY_SHIFT * (int)depth;
}

/* Whether a tree of @depth covers byte @offset (ilog2(0) is -1: it does). */
static __always_inline bool __kds_genradix_covers(size_t offset, unsigned int depth)
{
	return ilog2(offset) < __kds_genradix_span_shift(depth);
}

/*
 * Depth of the deepest tree the inline walk handles itself: every tree
 * spanning up to 8 GiB at least (three levels with 4 KiB nodes, four with
 * 512-byte ones), at most five levels; deeper trees take the out-of-line
 * walk. At every depth it handles, a leaf number below
 * 2^(ARY_SHIFT * depth) belongs to an entry whose byte offset fits in a
 * size_t, so the range check also rejects indices beyond
 * genradix_last_pos().
 */
#define __KDS_GENRADIX_INLINE_SPAN	33
#define __KDS_GENRADIX_INLINE_FIT					\
	((__KDS_GENRADIX_SIZE_BITS - KDS_GENRADIX_NODE_SHIFT) / __KDS_GENRADIX_ARY_SHIFT)
#define __KDS_GENRADIX_INLINE_WANT					\
	DIV_ROUND_UP(__KDS_GENRADIX_INLINE_SPAN - KDS_GENRADIX_NODE_SHIFT,	\
		     __KDS_GENRADIX_ARY_SHIFT)
#define __KDS_GENRADIX_INLINE_DEPTH					\
	(__KDS_GENRADIX_INLINE_WANT > 5 ? 5 :				\
	 __KDS_GENRADIX_INLINE_WANT > __KDS_GENRADIX_INLINE_FIT ?	\
	 __KDS_GENRADIX_INLINE_FIT : __KDS_GENRADIX_INLINE_WANT)

_Static_assert(__KDS_GENRADIX_INLINE_DEPTH >= 1,
	       "the inline walk must handle a tree of one level");

/* Shift from a leaf number to its slot at @level above the leaves. */
#define __KDS_GENRADIX_LEVEL_SHIFT(level)				\
	(__KDS_GENRADIX_ARY_SHIFT * (level) < __KDS_GENRADIX_SIZE_BITS ?	\
	 __KDS_GENRADIX_ARY_SHIFT * (level) : 0)

/* Number of the leaf holding entry @idx (a shift or a constant division). */
static __always_inline size_t __kds_genradix_leaf_nr(size_t idx, size_t obj_size)
{
	if (is_power_of_2(obj_size))
		return idx >> (KDS_GENRADIX_NODE_SHIFT - ilog2(obj_size));
	return idx / __kds_genradix_per_leaf(obj_size);
}

/*
 * Byte offset of entry @idx within its leaf, number @leaf: from the leaf
 * number already computed, so that the compiler does not repeat the
 * division's multiply for the remainder.
 */
static __always_inline size_t __kds_genradix_leaf_offset(size_t idx, size_t leaf,
							 size_t obj_size)
{
	size_t per_leaf = __kds_genradix_per_leaf(obj_size);

	if (is_power_of_2(obj_size))
		return (idx & (per_leaf - 1)) * obj_size;
	return (idx - leaf * per_leaf) * obj_size;
}

/* The child of @n on the way to leaf @leaf, @level levels above the leaves. */
static __always_inline struct genradix_node *
__kds_genradix_child(struct genradix_node *n, size_t leaf, unsigned int level)
{
	return kds_load_dependent(&n->children[(leaf >> __KDS_GENRADIX_LEVEL_SHIFT(level)) &
					       (__KDS_GENRADIX_ARY - 1)]);
}

/* One level of __kds_genradix_descend() below the top, if @depth has it. */
#define __KDS_GENRADIX_DESCEND_STEP(level)				\
do {									\
	if (depth > (level) + 1) {					\
		if (unlikely(!n))					\
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
static __always_inline struct genradix_node *
__kds_genradix_descend(struct genradix_root *r, size_t leaf, unsigned int depth)
{
	struct genradix_node *n = (struct genradix_node *)((unsigned long)r - depth);

	n = kds_load_dependent(&n->children[leaf >> __KDS_GENRADIX_LEVEL_SHIFT(depth - 1)]);
	__KDS_GENRADIX_DESCEND_STEP(3);
	__KDS_GENRADIX_DESCEND_STEP(2);
	__KDS_GENRADIX_DESCEND_STEP(1);
	__KDS_GENRADIX_DESCEND_STEP(0);
	return n;
}

static __always_inline void *__kds_genradix_ptr_idx(struct __genradix *radix,
						    size_t idx, size_t obj_size)
{
	size_t offset;

	if (unlikely(!__kds_genradix_offset(idx, obj_size, &offset)))
		return NULL;
	return kds_genradix_ptr(radix, offset);
}

/* Number of leaves a tree of @depth spans (for the depths walked inline). */
#define __KDS_GENRADIX_LEAVES(depth)	((size_t)1 << __KDS_GENRADIX_LEVEL_SHIFT(depth))

/* One depth of __kds_genradix_lookup(): range check, then the walk. */
#define __KDS_GENRADIX_WALK_DEPTH(d)					\
	if (__KDS_GENRADIX_INLINE_DEPTH >= (d) && depth == (d)) {	\
		if (unlikely(leaf >= __KDS_GENRADIX_LEAVES(d)))		\
			return NULL;					\
		n = __kds_genradix_descend(r, leaf, d);			\
		goto found;						\
	}

/*
 * The lookup, expanded at the call site where the entry size is a
 * constant: read the root word once, then the straight-line walk for the
 * tree's depth. The range check compares the leaf number with a constant
 * (which also rejects indices beyond genradix_last_pos()), and each level
 * is a shift, a mask, a load and a NULL test. The root and every child
 * pointer are read with kds_load_dependent(): in the kernel READ_ONCE()
 * with the address dependency ordering the reads of the node (as Linux's
 * lookup does), in userspace an acquire load. Either pairs with the release
 * that published the node. Trees deeper than __KDS_GENRADIX_INLINE_DEPTH
 * take the out-of-line walk.
 */
static __always_inline void *__kds_genradix_lookup(struct __genradix *radix,
						   size_t idx, size_t obj_size)
{
	struct genradix_root *r = kds_load_dependent(&radix->root);
	unsigned int depth = __kds_genradix_depth(r);
	size_t leaf = __kds_genradix_leaf_nr(idx, obj_size);
	struct genradix_node *n;
	size_t offset;

	/*
	 * With a constant division (entry sizes that are not a power of two)
	 * GCC would compute the quotient's multiply again for the remainder
	 * on the way out; hiding the quotient's value keeps it to one.
	 */
	if (!is_power_of_2(obj_size))
		OPTIMIZER_HIDE_VAR(leaf);
	offset = __kds_genradix_leaf_offset(idx, leaf, obj_size);
	__KDS_GENRADIX_WALK_DEPTH(1)
	__KDS_GENRADIX_WALK_DEPTH(2)
	__KDS_GENRADIX_WALK_DEPTH(3)
	__KDS_GENRADIX_WALK_DEPTH(4)
	__KDS_GENRADIX_WALK_DEPTH(5)
	if (!depth) {
		/* A single leaf, or an empty tree (a NULL node). */
		if (unlikely(leaf))
			return NULL;
		n = __kds_genradix_node(r);
		goto found;
	}
	return __kds_genradix_ptr_idx(radix, idx, obj_size);
found:
	if (unlikely(!n))
		return NULL;
	return &n->data[offset];
}

static __always_inline void *__kds_genradix_ptr_inl(struct __genradix *radix,
						    size_t idx, size_t obj_size)
{
	return __kds_genradix_lookup(radix, idx, obj_size);
}

/* Free the caller's spare node and clear its slot (the call owns it). */
static __always_inline void __kds_genradix_consume(struct genradix_node **spare)
{
	if (spare) {
		kds_node_free(*spare, KDS_GENRADIX_NODE_SIZE);
		*spare = NULL;
	}
}

static __always_inline void *__kds_genradix_alloc_idx(struct __genradix *radix,
						      size_t idx, size_t obj_size,
						      struct genradix_node **spare,
						      gfp_t gfp, bool inl)
{
	size_t offset;
	void *p;

	if (inl) {
		p = __kds_genradix_lookup(radix, idx, obj_size);
		if (likely(p))
			return p;
	}
	if (unlikely(!__kds_genradix_offset(idx, obj_size, &offset))) {
		__kds_genradix_consume(spare);
		return NULL;
	}
	return kds_genradix_ptr_alloc(radix, offset, spare, gfp);
}

/**
 * genradix_ptr() - pointer to an entry, if it exists.
 * @_radix: the tree.
 * @_idx: index of the entry.
 *
 * An entry exists when the leaf holding it has been allocated, whether by
 * allocating this entry or another one in the same leaf.
 *
 * The lookup is expanded at the call site (a straight-line walk for trees
 * up to __KDS_GENRADIX_INLINE_DEPTH levels, a call beyond), unlike Linux,
 * where only genradix_ptr_inlined() is.
 *
 * Context: any; may run concurrently with genradix_ptr_alloc().
 * Return: the entry, or NULL when it does not exist or @_idx is larger than
 * genradix_last_pos().
 */
#define genradix_ptr(_radix, _idx)					\
	(__kds_genradix_cast(_radix)					\
	 __kds_genradix_ptr_inl(&(_radix)->tree, (_idx),		\
				__kds_genradix_obj_size(_radix)))

/**
 * genradix_ptr_inlined() - genradix_ptr() expanded inline at the call site.
 * @_radix: the tree.
 * @_idx: index of the entry.
 *
 * The same as genradix_ptr(), which kds always expands inline; kept for
 * source compatibility with Linux 6.7+.
 *
 * Context: any; may run concurrently with genradix_ptr_alloc().
 * Return: the entry, or NULL when it does not exist or @_idx is larger than
 * genradix_last_pos().
 */
#define genradix_ptr_inlined(_radix, _idx)				\
	(__kds_genradix_cast(_radix)					\
	 __kds_genradix_ptr_inl(&(_radix)->tree, (_idx),		\
				__kds_genradix_obj_size(_radix)))

/**
 * genradix_ptr_alloc() - pointer to an entry, allocating its leaf if needed.
 * @_radix: the tree.
 * @_idx: index of the entry.
 * @_gfp: allocation flags for new nodes (nodes are always zeroed).
 *
 * Lock-free: concurrent callers agree on one node per slot; a caller that
 * loses a race frees (or keeps for a lower level) the node it allocated.
 * The lookup of an existing entry is expanded at the call site, as in
 * genradix_ptr(); only growing the tree is a call.
 *
 * Context: may sleep if @_gfp allows; may run concurrently with other
 * genradix_ptr_alloc() and genradix_ptr() calls on the same tree.
 * Return: the entry (zero if new), or NULL on allocation failure or when
 * @_idx is larger than genradix_last_pos().
 */
#define genradix_ptr_alloc(_radix, _idx, _gfp)				\
	(__kds_genradix_cast(_radix)					\
	 __kds_genradix_alloc_idx(&(_radix)->tree, (_idx),		\
				  __kds_genradix_obj_size(_radix),	\
				  NULL, (_gfp), true))

/**
 * genradix_ptr_alloc_inlined() - genradix_ptr_alloc() with the lookup of an
 *	existing entry expanded inline.
 * @_radix: the tree.
 * @_idx: index of the entry.
 * @_gfp: allocation flags for new nodes.
 *
 * The same as genradix_ptr_alloc(), which kds always expands inline; kept
 * for source compatibility with Linux 6.7+.
 *
 * Context: as genradix_ptr_alloc().
 * Return: as genradix_ptr_alloc().
 */
#define genradix_ptr_alloc_inlined(_radix, _idx, _gfp)			\
	(__kds_genradix_cast(_radix)					\
	 __kds_genradix_alloc_idx(&(_radix)->tree, (_idx),		\
				  __kds_genradix_obj_size(_radix),	\
				  NULL, (_gfp), true))

/**
 * genradix_ptr_alloc_preallocated() - genradix_ptr_alloc() that first uses
 *	a node the caller allocated.
 * @_radix: the tree.
 * @_idx: index of the entry.
 * @_new_node: pointer to the caller's spare node (struct genradix_node *,
 *	from genradix_alloc_node(), or NULL for none).
 * @_gfp: allocation flags for any further node.
 *
 * Lets a caller allocate with GFP_KERNEL before taking a lock and insert
 * under it with GFP_NOWAIT. As in Linux, the call takes ownership of the
 * node: @*_new_node is NULL on return, whether the node went into the tree
 * or was freed unused (also when the index exists already, and when it is
 * larger than genradix_last_pos()). Passing a pointer to NULL is allowed.
 *
 * Context: as genradix_ptr_alloc().
 * Return: as genradix_ptr_alloc().
 */
#define genradix_ptr_alloc_preallocated(_radix, _idx, _new_node, _gfp)	\
	(__kds_genradix_cast(_radix)					\
	 __kds_genradix_alloc_idx(&(_radix)->tree, (_idx),		\
				  __kds_genradix_obj_size(_radix),	\
				  (_new_node), (_gfp), false))

/**
 * genradix_ptr_alloc_preallocated_inlined() - genradix_ptr_alloc_preallocated()
 *	with the lookup of an existing entry expanded inline.
 * @_radix: the tree.
 * @_idx: index of the entry.
 * @_new_node: pointer to the caller's spare node, or to NULL.
 * @_gfp: allocation flags for any further node.
 *
 * As in Linux, when the entry exists already the inline lookup returns it
 * and @*_new_node is left alone (the caller still owns that node); in
 * every other case the call takes ownership and sets @*_new_node to NULL,
 * as genradix_ptr_alloc_preallocated() does.
 *
 * Context: as genradix_ptr_alloc().
 * Return: as genradix_ptr_alloc().
 */
#define genradix_ptr_alloc_preallocated_inlined(_radix, _idx, _new_node, _gfp) \
	(__kds_genradix_cast(_radix)					\
	 __kds_genradix_alloc_idx(&(_radix)->tree, (_idx),		\
				  __kds_genradix_obj_size(_radix),	\
				  (_new_node), (_gfp), true))

/**
 * genradix_alloc_node() - allocate a zeroed node, as a spare for
 *	genradix_ptr_alloc_preallocated().
 * @gfp: allocation flags.
 *
 * Context: may sleep if @gfp allows.
 * Return: the node, or NULL on allocation failure.
 */
static inline struct genradix_node *genradix_alloc_node(gfp_t gfp)
{
	return kds_node_alloc(KDS_GENRADIX_NODE_SIZE, gfp);
}

/**
 * genradix_free_node() - free a spare node from genradix_alloc_node().
 * @node: the node, or NULL.
 *
 * Context: any context kfree() may be called from.
 */
static inline void genradix_free_node(struct genradix_node *node)
{
	kds_node_free(node, KDS_GENRADIX_NODE_SIZE);
}

/* ---------------------------------------------------------- iteration */

/*
 * Iterator states besides a position: "past the end" (advanced beyond
 * genradix_last_pos(), no entry found ahead, or started beyond
 * genradix_last_pos()) and "before the start" (rewound from index 0, or no
 * entry found behind). Both have @offset == SIZE_MAX, which is the offset
 * of no entry except index SIZE_MAX of a 1-byte tree (where pos == offset),
 * and are told apart by @pos: 0 before the start, anything else past the
 * end (SIZE_MAX, as in Linux; SIZE_MAX - 1 for 1-byte entries, for which
 * SIZE_MAX is a real position).
 */
static __always_inline bool __kds_genradix_iter_done(const struct genradix_iter *iter,
						     size_t obj_size)
{
	return unlikely(iter->offset == SIZE_MAX) &&
	       (obj_size != 1 || iter->pos != SIZE_MAX);
}

static __always_inline void __kds_genradix_iter_past_end(struct genradix_iter *iter,
							 size_t obj_size)
{
	iter->offset = SIZE_MAX;
	iter->pos = obj_size == 1 ? SIZE_MAX - 1 : SIZE_MAX;
}

static __always_inline struct genradix_iter
__kds_genradix_iter_start(size_t idx, size_t obj_size)
{
	struct genradix_iter iter = { .pos = idx };

	/* Beyond genradix_last_pos(): past the end, keeping @pos (idx > 0). */
	if (!__kds_genradix_offset(idx, obj_size, &iter.offset))
		iter.offset = SIZE_MAX;
	return iter;
}

/**
 * genradix_iter_init() - an iterator positioned at an index.
 * @_radix: the tree that will be iterated over.
 * @_idx: starting index.
 *
 * An index beyond genradix_last_pos() gives an iterator that is past the
 * end: genradix_iter_peek() returns NULL and genradix_iter_peek_prev()
 * the last entry.
 *
 * Context: any.
 * Return: a struct genradix_iter (an expression, for assignment).
 */
#define genradix_iter_init(_radix, _idx)				\
	__kds_genradix_iter_start((_idx), __kds_genradix_obj_size(_radix))

/**
 * genradix_iter_peek() - the first existing entry at or after the iterator.
 * @_iter: pointer to a struct genradix_iter.
 * @_radix: the tree being iterated over.
 *
 * Moves @_iter forward past absent leaves and subtrees (without visiting
 * their entries one by one) so that @_iter->pos is the index of the entry
 * returned. The iterator is a position only: it may be used on any tree
 * with the same entry type, and across genradix_free().
 *
 * Context: any; may run concurrently with genradix_ptr_alloc().
 * Return: the entry, or NULL when no entry exists at or after the position.
 */
#define genradix_iter_peek(_iter, _radix)				\
	(__kds_genradix_cast(_radix)					\
	 kds_genradix_iter_peek((_iter), &(_radix)->tree,		\
				__kds_genradix_obj_size(_radix)))

/**
 * genradix_iter_peek_prev() - the last existing entry at or before the
 *	iterator.
 * @_iter: pointer to a struct genradix_iter.
 * @_radix: the tree being iterated over.
 *
 * Moves @_iter backward past absent leaves and subtrees so that
 * @_iter->pos is the index of the entry returned. A position beyond the
 * current extent of the tree, or past the end, starts from the tree's last
 * possible entry (as in Linux); an iterator rewound before index 0 gives
 * NULL.
 *
 * Context: any; may run concurrently with genradix_ptr_alloc().
 * Return: the entry, or NULL when no entry exists at or before the position.
 */
#define genradix_iter_peek_prev(_iter, _radix)				\
	(__kds_genradix_cast(_radix)					\
	 kds_genradix_iter_peek_prev((_iter), &(_radix)->tree,		\
				     __kds_genradix_obj_size(_radix)))

static __always_inline void __kds_genradix_iter_advance(struct genradix_iter *iter,
							size_t obj_size)
{
	size_t next;

	if (unlikely(check_add_overflow(iter->offset, obj_size, &next))) {
		__kds_genradix_iter_past_end(iter, obj_size);
		return;
	}
	/*
	 * Entries of other sizes never straddle a leaf: skip the leaf's
	 * unused tail (one compare with a constant on the common path).
	 */
	if (!is_power_of_2(obj_size) &&
	    unlikely((next & __KDS_GENRADIX_OFFSET_MASK) >
		     KDS_GENRADIX_NODE_SIZE - obj_size)) {
		next |= __KDS_GENRADIX_OFFSET_MASK;
		if (unlikely(next == SIZE_MAX)) {
			__kds_genradix_iter_past_end(iter, obj_size);
			return;
		}
		next++;
	}
	iter->offset = next;
	iter->pos++;
}

/**
 * genradix_iter_advance() - move an iterator to the next index.
 * @_iter: pointer to a struct genradix_iter.
 * @_radix: the tree being iterated over.
 *
 * Advancing past genradix_last_pos() puts the iterator past the end (no
 * wrap-around).
 *
 * Context: any.
 */
#define genradix_iter_advance(_iter, _radix)				\
	__kds_genradix_iter_advance((_iter), __kds_genradix_obj_size(_radix))

static __always_inline void __kds_genradix_iter_rewind(struct genradix_iter *iter,
						       size_t obj_size)
{
	if (__kds_genradix_iter_done(iter, obj_size))
		return;
	if (unlikely(iter->offset == 0)) {
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
 * genradix_iter_rewind() - move an iterator to the previous index.
 * @_iter: pointer to a struct genradix_iter.
 * @_radix: the tree being iterated over.
 *
 * Rewinding from index 0 puts the iterator before the start (@pos stays 0,
 * no wrap-around); an iterator already past either end stays there.
 *
 * Context: any.
 */
#define genradix_iter_rewind(_iter, _radix)				\
	__kds_genradix_iter_rewind((_iter), __kds_genradix_obj_size(_radix))

/*
 * The loop macros remember the leaf they are in, and its parent, in a
 * variable of their own (declared by the for statement, invisible to the
 * loop body), not in the iterator: inside a leaf the next entry is then a
 * shift, a compare and an add, inline, and the next leaf under the same
 * parent is one load away. @key is 1 + the number of the cached leaf, 0
 * for none; @parent_key likewise for the span of leaves under @parent.
 * The last leaf of the index space is never cached, so an iterator past
 * either end (offset SIZE_MAX) never matches. The cursor is valid for the
 * one tree its loop walks, while that tree is not freed.
 */
struct __kds_genradix_cursor {
	u8			*leaf;
	size_t			key;
	struct genradix_node	*parent;
	size_t			parent_key;
};

/*
 * genradix_iter_peek() (or, with @reverse, genradix_iter_peek_prev()) for
 * the loop macros: the entry goes to @p and the return value says whether
 * there is one, so that the cached-leaf path needs no NULL test. @reverse
 * is a constant at every call site and folds away. The slow path works on
 * a copy of the iterator, so that the loop's iterator never has its
 * address taken and can live in registers.
 */
static __always_inline bool __kds_genradix_iter_step(struct genradix_iter *iter,
						     struct __kds_genradix_cursor *c,
						     struct __genradix *radix,
						     size_t obj_size, void **p,
						     bool reverse)
{
	struct __kds_genradix_cursor ccopy;
	struct genradix_iter copy;

	if (likely((iter->offset >> KDS_GENRADIX_NODE_SHIFT) + 1 == c->key)) {
		*p = c->leaf + (iter->offset & __KDS_GENRADIX_OFFSET_MASK);
		return true;
	}
	copy = *iter;
	ccopy = *c;
	*p = kds_genradix_iter_next(&copy, &ccopy, radix, obj_size, reverse);
	*iter = copy;
	*c = ccopy;
	return *p != NULL;
}

#define __KDS_GENRADIX_PASTE(a, b)	a##b
#define __KDS_GENRADIX_XPASTE(a, b)	__KDS_GENRADIX_PASTE(a, b)

/*
 * The loop behind the three macros below; @_c names the loop's cursor.
 * @_p is assigned from the tree's typed entry pointer, so a @_p of another
 * type gets the compiler's incompatible-pointer warning, as in Linux.
 */
#define __kds_genradix_for_each(_radix, _iter, _p, _start, _reverse, _c) \
	for (struct __kds_genradix_cursor _c =				\
		((_iter) = genradix_iter_init(_radix, _start),		\
		 (struct __kds_genradix_cursor){ NULL, 0, NULL, 0 });	\
	     ({ void *__kds_gr_p;					\
		bool __kds_gr_ok = __kds_genradix_iter_step(&(_iter), &_c, \
				&(_radix)->tree,			\
				__kds_genradix_obj_size(_radix),	\
				&__kds_gr_p, (_reverse));		\
		(_p) = __kds_genradix_cast(_radix) __kds_gr_p;		\
		__kds_gr_ok; });					\
	     (_reverse) ? genradix_iter_rewind(&(_iter), _radix) :	\
			  genradix_iter_advance(&(_iter), _radix))

/**
 * genradix_for_each_from() - iterate over the existing entries from an index.
 * @_radix: the tree.
 * @_iter: a struct genradix_iter (not a pointer) tracking the position.
 * @_p: entry pointer, set to each existing entry in increasing index order;
 *	it must have the tree's entry type (another type gets a warning).
 * @_start: first index to consider.
 *
 * On every iteration @_iter.pos is the index of @_p.
 *
 * Context: any; may run concurrently with genradix_ptr_alloc().
 */
#define genradix_for_each_from(_radix, _iter, _p, _start)		\
	__kds_genradix_for_each(_radix, _iter, _p, _start, false,	\
		__KDS_GENRADIX_XPASTE(__kds_gr_cursor_, __COUNTER__))

/**
 * genradix_for_each() - iterate over every existing entry.
 * @_radix: the tree.
 * @_iter: a struct genradix_iter (not a pointer) tracking the position.
 * @_p: entry pointer, set to each existing entry in increasing index order;
 *	it must have the tree's entry type (another type gets a warning).
 *
 * On every iteration @_iter.pos is the index of @_p.
 *
 * Context: any; may run concurrently with genradix_ptr_alloc().
 */
#define genradix_for_each(_radix, _iter, _p)				\
	genradix_for_each_from(_radix, _iter, _p, 0)

/**
 * genradix_for_each_reverse() - iterate over every existing entry, last first.
 * @_radix: the tree.
 * @_iter: a struct genradix_iter (not a pointer) tracking the position.
 * @_p: entry pointer, set to each existing entry in decreasing index order;
 *	it must have the tree's entry type (another type gets a warning).
 *
 * On every iteration @_iter.pos is the index of @_p.
 *
 * Context: any; may run concurrently with genradix_ptr_alloc().
 */
#define genradix_for_each_reverse(_radix, _iter, _p)			\
	__kds_genradix_for_each(_radix, _iter, _p,			\
		genradix_last_pos(_radix), true,			\
		__KDS_GENRADIX_XPASTE(__kds_gr_cursor_, __COUNTER__))

/* ------------------------------------------------------------ prealloc */

static __always_inline int __kds_genradix_prealloc_idx(struct __genradix *radix,
						       size_t nr, size_t obj_size,
						       gfp_t gfp)
{
	size_t last;

	if (!__kds_genradix_offset(nr, obj_size, &last))
		return -ENOMEM;
	return kds_genradix_prealloc(radix, last, gfp);
}

/**
 * genradix_prealloc() - allocate the leaves for entries 0 to @_nr.
 * @_radix: the tree.
 * @_nr: last index to make present (inclusive, as in Linux: @_nr + 1
 *	entries, so a table of @_nr entries also gets one spare index).
 * @_gfp: allocation flags.
 *
 * On failure the leaves allocated so far stay in the tree (which remains
 * valid) and are freed by genradix_free().
 *
 * Context: may sleep if @_gfp allows; may run concurrently with
 * genradix_ptr_alloc() and genradix_ptr().
 * Return: 0 on success; -ENOMEM on allocation failure or when @_nr is
 * larger than genradix_last_pos().
 */
#define genradix_prealloc(_radix, _nr, _gfp)				\
	__kds_genradix_prealloc_idx(&(_radix)->tree, (_nr),		\
				    __kds_genradix_obj_size(_radix), (_gfp))

/* ----------------------------------------------- upstream internal names */

/*
 * Names from Linux's genradix internals that some callers and debugging
 * aids use, where kds has the same thing under its own name with the same
 * meaning. __genradix_iter_peek(), __genradix_iter_peek_prev() and
 * __genradix_prealloc() are deliberately absent: their arguments differ
 * between Linux versions and from kds's (entries per node against entry
 * size, a byte count against a last offset), and a call that compiled but
 * meant something else would be worse than one that does not compile.
 */

/** GENRADIX_ARY - child pointers per interior node (upstream name). */
#define GENRADIX_ARY			__KDS_GENRADIX_ARY
/** GENRADIX_ARY_SHIFT - log2 of GENRADIX_ARY (upstream name). */
#define GENRADIX_ARY_SHIFT		__KDS_GENRADIX_ARY_SHIFT
/** GENRADIX_MAX_DEPTH - depth of a tree spanning every size_t offset. */
#define GENRADIX_MAX_DEPTH		__KDS_GENRADIX_MAX_DEPTH
/** GENRADIX_DEPTH_MASK - the root pointer bits holding the depth. */
#define GENRADIX_DEPTH_MASK		__KDS_GENRADIX_DEPTH_MASK

/**
 * genradix_depth_shift() - log2 of the bytes a tree of a given depth spans.
 * @depth: tree depth (0: the root is a leaf).
 *
 * Context: any.
 * Return: the shift, as in Linux.
 */
static __always_inline int genradix_depth_shift(unsigned int depth)
{
	return __kds_genradix_span_shift(depth);
}

/**
 * genradix_depth_size() - bytes a tree of a given depth spans.
 * @depth: tree depth, small enough that the size fits in a size_t.
 *
 * Context: any.
 * Return: the size, as in Linux.
 */
static __always_inline size_t genradix_depth_size(unsigned int depth)
{
	return (size_t)1 << genradix_depth_shift(depth);
}

/**
 * genradix_root_to_depth() - the depth encoded in a root pointer.
 * @r: the tree's root word (struct __genradix.root).
 *
 * Context: any.
 * Return: the depth.
 */
static __always_inline unsigned int genradix_root_to_depth(struct genradix_root *r)
{
	return __kds_genradix_depth(r);
}

/**
 * genradix_root_to_node() - the node a root pointer points at.
 * @r: the tree's root word (struct __genradix.root).
 *
 * Context: any.
 * Return: the root node, or NULL for an empty tree.
 */
static __always_inline struct genradix_node *genradix_root_to_node(struct genradix_root *r)
{
	return __kds_genradix_node(r);
}

/**
 * __genradix_ptr() - the entry at a byte offset (upstream name of the
 *	out-of-line lookup).
 * @_radix: the untyped tree (struct __genradix *).
 * @_offset: byte offset of the entry.
 *
 * Context: any; may run concurrently with allocation.
 * Return: the entry, or NULL when its leaf is absent.
 */
#define __genradix_ptr(_radix, _offset)	kds_genradix_ptr((_radix), (_offset))

/**
 * __genradix_ptr_alloc() - the entry at a byte offset, allocating it
 *	(upstream name, with the four arguments of Linux 6.10 and later).
 * @_radix: the untyped tree (struct __genradix *).
 * @_offset: byte offset of the entry.
 * @_new_node: NULL, or a pointer to a spare node the call takes over.
 * @_gfp: allocation flags.
 *
 * Context: may sleep if @_gfp allows.
 * Return: the entry, or NULL on allocation failure.
 */
#define __genradix_ptr_alloc(_radix, _offset, _new_node, _gfp)		\
	kds_genradix_ptr_alloc((_radix), (_offset), (_new_node), (_gfp))

/**
 * __genradix_free() - free every node of an untyped tree (upstream name).
 * @_radix: the untyped tree (struct __genradix *).
 *
 * Context: as genradix_free().
 */
#define __genradix_free(_radix)		kds_genradix_free(_radix)

#endif /* KDS_GENRADIX_H */
