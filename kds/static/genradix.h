/* SPDX-License-Identifier: GPL-2.0 */
/*
 * kds/static/genradix.h - the inline implementation of <kds/genradix.h>.
 *
 * <kds/genradix.h> is the API: the types a program names, the typed macros
 * and the functions, each with its kernel-doc. This header holds what they
 * expand to and call: the index arithmetic, the lookup walk that
 * kds_genradix_ptr() and kds_genradix_ptr_alloc() expand at the call site,
 * the iterator's states, the cursor and loop of kds_genradix_for_each(),
 * the declarations of the out-of-line functions (genradix/genradix.c) and
 * the bodies of the inline functions <kds/genradix.h> declares. Nothing
 * here is API.
 *
 * <kds/genradix.h> includes this file at its end; a program includes that
 * header, never this one. The path follows liburcu's split of <urcu/X.h>
 * (the API) and <urcu/static/X.h> (its static inline implementation):
 * kds/ holds the headers a program includes, each documented in the API
 * reference, and kds/static/ what they pull in, installed with them and
 * left out of the reference (docs/BUILD reads //:api_headers, kds/ alone).
 */
#ifndef KDS_GENRADIX_H
#error "<kds/static/genradix.h> is the inline implementation of <kds/genradix.h>, which includes it: include <kds/genradix.h> instead."
/* Stop here rather than cascade: no such header exists. */
#include "kds-static-genradix-is-included-by-kds-genradix.h"
#endif

#ifndef KDS_STATIC_GENRADIX_H
#define KDS_STATIC_GENRADIX_H

__KDS_BEGIN_DECLS

/*
 * __KDS_GR_FN() - the out-of-line function @fn, parenthesised: the typed
 * macros kds_genradix_ptr() and friends share their names with the linker
 * functions they call (as getc() and its function do in libc), and the
 * parentheses keep the function's name from invoking the macro.
 */
#define __KDS_GR_FN(fn)			(KDS_GENRADIX_SYM(fn))

/* ------------------------------------------------------ tree geometry */

#define __KDS_GENRADIX_OFFSET_MASK	(KDS_GENRADIX_NODE_SIZE - 1)
#define __KDS_GENRADIX_SIZE_BITS	(8 * (int)sizeof(size_t))
/* Depth at which a tree spans every byte offset a size_t can express. */
#define __KDS_GENRADIX_MAX_DEPTH					\
	__KDS_DIV_ROUND_UP(__KDS_GENRADIX_SIZE_BITS - KDS_GENRADIX_NODE_SHIFT,	\
		     __KDS_GENRADIX_ARY_SHIFT)
/* The depth lives in the low bits of the root pointer. */
#define __KDS_GENRADIX_DEPTH_MASK	15UL

KDS_STATIC_ASSERT(__KDS_GENRADIX_MAX_DEPTH <= __KDS_GENRADIX_DEPTH_MASK,
	       "tree depth must fit in the low bits of the root pointer");

/* ------------------------------------------------ out-of-line functions */

/*
 * The linker functions behind the macros, addressed by byte offset:
 * kds_genradix_ptr, kds_genradix_ptr_alloc, kds_genradix_iter_peek,
 * kds_genradix_iter_peek_prev, kds_genradix_iter_next,
 * kds_genradix_prealloc and kds_genradix_free (kds_genradix<V>_* for a
 * variant), exported by kds.ko. Callers use the typed macros of
 * <kds/genradix.h>; these are not API.
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

/* ------------------------------------------------- lookup fast path */

static __kds_always_inline unsigned int __kds_genradix_depth(struct kds_genradix_root *r)
{
	return (unsigned long)r & __KDS_GENRADIX_DEPTH_MASK;
}

/*
 * The depth as the lookup reads it. Nodes are aligned to their size, so
 * with nodes of 256 bytes or more the root word's low byte holds the
 * depth and nothing else: comparing that byte with a constant is one
 * instruction, where masking first takes a copy and an AND (8-byte
 * random lookups in cache: 0.85 to 0.71 ns). Were a node ever less
 * aligned, the byte would match no depth the inline walk handles and the
 * lookup would take the out-of-line walk, which masks: slower, not wrong.
 */
static __kds_always_inline unsigned int __kds_genradix_lookup_depth(struct kds_genradix_root *r)
{
	if (KDS_GENRADIX_NODE_SIZE >= 256)
		return (unsigned char)(unsigned long)r;
	return __kds_genradix_depth(r);
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

/*
 * Number of the leaf holding entry @idx, which the caller has checked is
 * at most @last (a constant): a shift, or a constant division. Where
 * every index up to @last fits in 32 bits the division is a 32-bit
 * one, whose multiply by the reciprocal is a single 64-bit multiply
 * rather than a 128-bit one (one micro-op fewer and a shorter latency on
 * x86-64, the same on 64-bit arm).
 */
static __kds_always_inline size_t __kds_genradix_leaf_nr(size_t idx, size_t obj_size,
						  size_t last)
{
	if (__KDS_IS_POW2(obj_size))
		return idx >> (KDS_GENRADIX_NODE_SHIFT - __kds_ilog2(obj_size));
	if (last <= 0xffffffffu)
		return (unsigned int)idx / (unsigned int)__kds_genradix_per_leaf(obj_size);
	return idx / __kds_genradix_per_leaf(obj_size);
}

/*
 * Position of entry @idx within its leaf, number @leaf: from the leaf
 * number already computed, so that the compiler does not repeat the
 * division's multiply for the remainder. The caller scales it by the
 * entry size where it forms the address, so that the last step of that
 * multiply folds into the addressing mode.
 */
static __kds_always_inline size_t __kds_genradix_leaf_pos(size_t idx, size_t leaf,
						      size_t obj_size)
{
	size_t per_leaf = __kds_genradix_per_leaf(obj_size);

	if (__KDS_IS_POW2(obj_size))
		return idx & (per_leaf - 1);
	return idx - leaf * per_leaf;
}

/*
 * The leaf number and the byte offset of an entry by one multiply, for
 * entry sizes that are not a power of two. With d entries in a leaf,
 * M = ceil(2^S / d) and e = M * d - 2^S (0 <= e < d), entry
 * idx = q * d + r gives idx * M / 2^S = q + r / d + idx * e / (d * 2^S):
 * its integer part is the leaf number q, and its fraction times the
 * bytes a leaf uses (d * size) is r * size + idx * e * size / 2^S, whose
 * integer part is the byte offset r * size while idx * e * size < 2^S.
 * A tree of @depth spans idx < 2^LEVEL_SHIFT(depth) * d, so
 * S = LEVEL_SHIFT(depth) + ceil(log2(d * d * size)) makes both exact for
 * every entry it spans; the product idx * M stays below
 * 2^(LEVEL_SHIFT(depth) + S) + 2^(LEVEL_SHIFT(depth) + NODE_SHIFT) and the
 * fraction times d * size below 2^(S + NODE_SHIFT), hence the limits of
 * __kds_genradix_recip_fits(). Against a division and a remainder it saves
 * a multiply, and the offset comes out scaled.
 */
static __kds_always_inline int __kds_genradix_recip_shift(unsigned int depth, size_t obj_size)
{
	size_t d = __kds_genradix_per_leaf(obj_size);
	int shift = __KDS_GENRADIX_LEVEL_SHIFT(depth) + __kds_ilog2(d * d * obj_size - 1) + 1;

	/*
	 * A larger S is as exact; at 32 the fraction is the product's low
	 * half, which a 32-bit move extracts without a mask.
	 */
	return shift < 32 ? 32 : shift;
}

/* Whether the multiply of __kds_genradix_recip_shift() serves @depth. */
static __kds_always_inline bool __kds_genradix_recip_fits(unsigned int depth, size_t obj_size)
{
	int shift = __kds_genradix_recip_shift(depth, obj_size);

	return !__KDS_IS_POW2(obj_size) && depth >= 1 &&
	       __KDS_GENRADIX_LEVEL_SHIFT(depth) + shift <= 63 &&
	       shift + KDS_GENRADIX_NODE_SHIFT <= 64;
}

/* M = ceil(2^S / d) (a constant where @depth and @obj_size are). */
static __kds_always_inline kds_u64 __kds_genradix_recip(unsigned int depth, size_t obj_size)
{
	int shift = __kds_genradix_recip_shift(depth, obj_size);

	return __kds_div64_u64(((kds_u64)1 << (shift & 63)) + __kds_genradix_per_leaf(obj_size) - 1,
			       (kds_u64)__kds_genradix_per_leaf(obj_size));
}

/*
 * Leaf number (in @*leaf) and byte offset (returned) of entry @idx, which
 * the caller has checked a tree of @depth spans, where
 * __kds_genradix_recip_fits(): a multiply, two shifts, a mask and a
 * multiply by a small constant.
 */
static __kds_always_inline size_t __kds_genradix_recip_split(size_t idx, size_t obj_size,
							 unsigned int depth, size_t *leaf)
{
	int shift = __kds_genradix_recip_shift(depth, obj_size) & 63;
	kds_u64 t = (kds_u64)idx * __kds_genradix_recip(depth, obj_size);
	kds_u64 mask = ((kds_u64)1 << shift) - 1;
	kds_u64 used = (kds_u64)__kds_genradix_per_leaf(obj_size) * obj_size;

	/*
	 * GCC would spell the multiply by @used as shifts and subtractions
	 * (4080 = 255 * 16: four instructions and a copy); in a register it
	 * stays one multiply, and the load of the constant leaves loops.
	 */
	__KDS_OPTIMIZER_HIDE_VAR(used);
	*leaf = (size_t)(t >> shift);
	return (size_t)(((t & mask) * used) >> shift);
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

/*
 * Index of the last entry of @obj_size a tree of @depth spans (a
 * constant), counted in 64 bits: where size_t has 32, the deepest inline
 * tree spans every byte offset, so with 1-byte entries the count is
 * 2^32 and the last index SIZE_MAX.
 */
#define __KDS_GENRADIX_LAST_ENTRY64(depth, obj_size)				\
	((kds_u64)__KDS_GENRADIX_LEAVES(depth) * __kds_genradix_per_leaf(obj_size) - 1)
#define __KDS_GENRADIX_LAST_ENTRY(depth, obj_size)				\
	(__KDS_GENRADIX_LAST_ENTRY64(depth, obj_size) > (kds_u64)SIZE_MAX ? SIZE_MAX :	\
	 (size_t)__KDS_GENRADIX_LAST_ENTRY64(depth, obj_size))

/*
 * One depth of __kds_genradix_lookup(): range check on the index, then
 * the leaf number and the entry's position in its leaf, then the walk.
 */
#define __KDS_GENRADIX_WALK_DEPTH(d)					\
	if (__KDS_GENRADIX_INLINE_DEPTH >= (d) && depth == (d)) {	\
		size_t last = __KDS_GENRADIX_LAST_ENTRY(d, obj_size);	\
									\
		if (__kds_unlikely(idx > last))				\
			return NULL;					\
		if (__kds_genradix_recip_fits(d, obj_size)) {		\
			offset = __kds_genradix_recip_split(idx, obj_size, d, &leaf); \
		} else if (!__KDS_IS_POW2(obj_size)) {			\
			leaf = __kds_genradix_leaf_nr(idx, obj_size, last); \
			/*						\
			 * GCC would compute the quotient's multiply	\
			 * again for the remainder on the way out;	\
			 * hiding its value keeps it to one.		\
			 */						\
			__KDS_OPTIMIZER_HIDE_VAR(leaf);			\
			offset = __kds_genradix_leaf_pos(idx, leaf, obj_size) * obj_size; \
		}							\
		n = __kds_genradix_descend(r, leaf, d);			\
		goto found;						\
	}

/*
 * The lookup, expanded at the call site where the entry size is a
 * constant: read the root word once, then the straight-line walk for the
 * tree's depth. The range check compares the index with a constant (which
 * also rejects indices beyond kds_genradix_last_pos()); below it the leaf
 * number and the entry's place in the leaf are a shift and a mask (entry
 * sizes that are a power of two), one multiply by a reciprocal
 * (__kds_genradix_recip_split()), or, where that product would not fit in
 * 64 bits, a constant division; each level is a shift, a mask, a load and
 * a NULL test. The root and every child
 * pointer are read with kds_load_dependent(): in the kernel READ_ONCE()
 * with the address dependency ordering the reads of the node (as Linux's
 * lookup does), in userspace an acquire load. Either pairs with the release
 * that published the node. Trees deeper than __KDS_GENRADIX_INLINE_DEPTH
 * take the out-of-line walk when @deep is true; with @deep false (the
 * first step of kds_genradix_ptr_alloc(), whose out-of-line function
 * walks such trees itself) the lookup returns NULL for them, so that the
 * tree is not walked twice.
 */
static __kds_always_inline void *__kds_genradix_lookup(struct __kds_genradix *radix,
						   size_t idx, size_t obj_size,
						   bool deep)
{
	struct kds_genradix_root *r = kds_load_dependent(&radix->root);
	unsigned char depth = (unsigned char)__kds_genradix_lookup_depth(r);
	struct kds_genradix_node *n;
	size_t leaf = 0, pos = 0, offset = 0;

	/*
	 * With a power-of-two entry size the leaf number and the position in
	 * the leaf are a shift and a mask, the same at every depth: computed
	 * once here, and the position is scaled where the address is formed,
	 * where the scale folds into the addressing mode. Otherwise each
	 * depth's branch computes the leaf number and the byte offset itself
	 * (the multiply that does it depends on the depth's range).
	 */
	if (__KDS_IS_POW2(obj_size)) {
		leaf = __kds_genradix_leaf_nr(idx, obj_size, SIZE_MAX);
		pos = __kds_genradix_leaf_pos(idx, leaf, obj_size);
	}
	__KDS_GENRADIX_WALK_DEPTH(1)
	__KDS_GENRADIX_WALK_DEPTH(2)
	__KDS_GENRADIX_WALK_DEPTH(3)
	__KDS_GENRADIX_WALK_DEPTH(4)
	__KDS_GENRADIX_WALK_DEPTH(5)
	if (!depth) {
		/* A single leaf, or an empty tree (a NULL node). */
		if (__kds_unlikely(idx >= __kds_genradix_per_leaf(obj_size)))
			return NULL;
		if (!__KDS_IS_POW2(obj_size))
			offset = idx * obj_size;
		n = __kds_genradix_node(r);
		goto found;
	}
	if (!deep)
		return NULL;
	return __kds_genradix_ptr_idx(radix, idx, obj_size);
found:
	if (__kds_unlikely(!n))
		return NULL;
	return &n->data[__KDS_IS_POW2(obj_size) ? pos * obj_size : offset];
}

static __kds_always_inline void *__kds_genradix_ptr_inl(struct __kds_genradix *radix,
						    size_t idx, size_t obj_size)
{
	return __kds_genradix_lookup(radix, idx, obj_size, true);
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

	/*
	 * With a spare, the inline lookup must also walk the deep trees
	 * itself: an existing entry leaves the spare with its caller, and
	 * the out-of-line call would take it. Without one (a constant NULL at
	 * kds_genradix_ptr_alloc_inlined()'s call sites) the out-of-line call
	 * walks those trees, once.
	 */
	if (inl) {
		p = __kds_genradix_lookup(radix, idx, obj_size, spare != NULL);
		if (__kds_likely(p))
			return p;
	}
	if (__kds_unlikely(!__kds_genradix_offset(idx, obj_size, &offset))) {
		__kds_genradix_consume(spare);
		return NULL;
	}
	return __KDS_GR_FN(ptr_alloc)(radix, offset, spare, gfp);
}

/* ----------------------------------------------------------- spare nodes */

static inline struct kds_genradix_node *kds_genradix_alloc_node(kds_gfp_t gfp)
{
	return (struct kds_genradix_node *)kds_node_alloc(KDS_GENRADIX_NODE_SIZE, gfp);
}

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
 * kds_genradix_iter_peek_prev()) that also caches the leaf found in @c:
 * the out-of-line call caches the leaf's parent, and the leaf's bounds are
 * computed here, where @obj_size is a constant (the offset of the leaf's
 * last entry is then a mask and an add, not a division).
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
	c->start = iter->offset & ~(size_t)__KDS_GENRADIX_OFFSET_MASK;
	c->base = (unsigned long)*p - iter->offset;
	c->last = c->start + (__kds_genradix_per_leaf(obj_size) - 1) * obj_size;
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
 * The loop behind kds_genradix_for_each(), kds_genradix_for_each_from()
 * and kds_genradix_for_each_reverse(); @_c names the loop's cursor.
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

/* ------------------------------------------------ geometry helpers */

static __kds_always_inline int kds_genradix_depth_shift(unsigned int depth)
{
	return __kds_genradix_span_shift(depth);
}

static __kds_always_inline size_t kds_genradix_depth_size(unsigned int depth)
{
	return (size_t)1 << kds_genradix_depth_shift(depth);
}

static __kds_always_inline unsigned int
kds_genradix_root_to_depth(struct kds_genradix_root *r)
{
	return __kds_genradix_depth(r);
}

static __kds_always_inline struct kds_genradix_node *
kds_genradix_root_to_node(struct kds_genradix_root *r)
{
	return __kds_genradix_node(r);
}

__KDS_END_DECLS

#endif /* KDS_STATIC_GENRADIX_H */
