// SPDX-License-Identifier: GPL-2.0
/*
 * genradix.c - kds generic radix tree: node allocation, lock-free growth,
 * iteration and teardown. Data layout: kds/genradix.h, kds/static/genradix.h.
 *
 * Publication protocol: a node becomes reachable only through a successful
 * compare-and-swap with release ordering (of the root word, or of a NULL
 * child slot). Lookups load the root and child pointers with
 * kds_load_dependent() (READ_ONCE() and the address dependency in the
 * kernel, acquire in userspace), so they see a node's zeroed contents, and
 * for a new root its children[0], before they can follow the pointer.
 * Nodes are never unlinked except by genradix_free(), which callers
 * serialise against everything.
 */
#include "kds_port.h"
#include "kds/genradix.h"

/*
 * This file defines the linker functions behind the typed macros of
 * kds/genradix.h, which share their names: drop those macros here, and in
 * a variant build give the functions the variant's names
 * (kds_genradix512_ptr, ...).
 */
#undef kds_genradix_ptr
#undef kds_genradix_ptr_alloc
#undef kds_genradix_iter_peek
#undef kds_genradix_iter_peek_prev
#undef kds_genradix_prealloc
#undef kds_genradix_free
#ifdef KDS_GENRADIX_VARIANT
#define kds_genradix_ptr		KDS_GENRADIX_SYM(ptr)
#define kds_genradix_ptr_alloc		KDS_GENRADIX_SYM(ptr_alloc)
#define kds_genradix_iter_peek		KDS_GENRADIX_SYM(iter_peek)
#define kds_genradix_iter_peek_prev	KDS_GENRADIX_SYM(iter_peek_prev)
#define kds_genradix_iter_next		KDS_GENRADIX_SYM(iter_next)
#define kds_genradix_prealloc		KDS_GENRADIX_SYM(prealloc)
#define kds_genradix_free		KDS_GENRADIX_SYM(free)
#endif

static struct kds_genradix_node *kds_genradix_new_node(gfp_t gfp)
{
	return kds_node_alloc(KDS_GENRADIX_NODE_SIZE, gfp);
}

static void kds_genradix_drop_node(struct kds_genradix_node *n)
{
	kds_node_free(n, KDS_GENRADIX_NODE_SIZE);
}

static struct kds_genradix_root *kds_genradix_tag(struct kds_genradix_node *n,
					      unsigned int depth)
{
	return (struct kds_genradix_root *)((unsigned long)n | depth);
}

/* The last byte offset a tree of depth d spans (2^span_shift(d) - 1). */
#define KDS_GENRADIX_SPAN_BITS(d)					\
	(KDS_GENRADIX_NODE_SHIFT + __KDS_GENRADIX_ARY_SHIFT * (d))
#define KDS_GENRADIX_SPAN_LAST(d)					\
	(KDS_GENRADIX_SPAN_BITS(d) >= __KDS_GENRADIX_SIZE_BITS ? SIZE_MAX :	\
	 ((size_t)1 << (KDS_GENRADIX_SPAN_BITS(d) >= __KDS_GENRADIX_SIZE_BITS ? \
			0 : KDS_GENRADIX_SPAN_BITS(d))) - 1)

/* Indexed by every value the depth bits of a root word can take. */
static const size_t kds_genradix_span_last[__KDS_GENRADIX_DEPTH_MASK + 1] = {
	KDS_GENRADIX_SPAN_LAST(0),  KDS_GENRADIX_SPAN_LAST(1),
	KDS_GENRADIX_SPAN_LAST(2),  KDS_GENRADIX_SPAN_LAST(3),
	KDS_GENRADIX_SPAN_LAST(4),  KDS_GENRADIX_SPAN_LAST(5),
	KDS_GENRADIX_SPAN_LAST(6),  KDS_GENRADIX_SPAN_LAST(7),
	KDS_GENRADIX_SPAN_LAST(8),  KDS_GENRADIX_SPAN_LAST(9),
	KDS_GENRADIX_SPAN_LAST(10), KDS_GENRADIX_SPAN_LAST(11),
	KDS_GENRADIX_SPAN_LAST(12), KDS_GENRADIX_SPAN_LAST(13),
	KDS_GENRADIX_SPAN_LAST(14), KDS_GENRADIX_SPAN_LAST(15),
};

/*
 * The out-of-line lookup by byte offset, behind genradix_ptr() for trees
 * deeper than its inline walk handles: the range check is one compare
 * against a table, then one shift, mask, load and NULL test per level.
 */
static __always_inline void *kds_genradix_walk(struct __kds_genradix *radix,
					       size_t offset)
{
	struct kds_genradix_root *r = kds_load_dependent(&radix->root);
	struct kds_genradix_node *n = __kds_genradix_node(r);
	unsigned int depth = __kds_genradix_depth(r);
	unsigned int shift;

	if (unlikely(offset > kds_genradix_span_last[depth]))
		return NULL;
	shift = KDS_GENRADIX_NODE_SHIFT + __KDS_GENRADIX_ARY_SHIFT * depth;
	/* A root word with a non-zero depth always carries a node. */
	while (depth) {
		depth--;
		shift -= __KDS_GENRADIX_ARY_SHIFT;
		n = kds_load_dependent(&n->children[(offset >> shift) &
						     (__KDS_GENRADIX_ARY - 1)]);
		if (unlikely(!n))
			return NULL;
	}
	return likely(n) ? &n->data[offset & __KDS_GENRADIX_OFFSET_MASK] : NULL;
}

/**
 * kds_genradix_ptr() - look up the entry at a byte offset.
 * @radix: the tree.
 * @offset: byte offset of the entry (see genradix.h).
 *
 * The out-of-line body of genradix_ptr().
 *
 * Context: any; may run concurrently with allocation.
 * Return: the entry, or NULL when its leaf is absent.
 */
void *kds_genradix_ptr(struct __kds_genradix *radix, size_t offset)
{
	return kds_genradix_walk(radix, offset);
}

/*
 * Raise the tree until its depth covers @offset. Each step puts one new
 * node above the current root (its children[0] pointing at the old root)
 * with one compare-and-swap. A node that loses the swap is kept in @spare
 * for the next step or for the descent, so its children[0] is cleared
 * first: it must not carry a pointer to the old root into a lower level of
 * the tree (CVE-2024-47668).
 *
 * Return: the root word covering @offset, or NULL on allocation failure.
 */
static struct kds_genradix_root *kds_genradix_grow(struct __kds_genradix *radix,
					       size_t offset,
					       struct kds_genradix_node **spare,
					       gfp_t gfp)
{
	struct kds_genradix_root *seen = kds_load_dependent(&radix->root);

	for (;;) {
		struct kds_genradix_node *top = __kds_genradix_node(seen);
		unsigned int depth = __kds_genradix_depth(seen);
		struct kds_genradix_root *want, *found;

		if (top && __kds_genradix_covers(offset, depth))
			return seen;

		if (!*spare) {
			*spare = kds_genradix_new_node(gfp);
			if (!*spare)
				return NULL;
		}
		/*
		 * An empty tree starts as one leaf at depth 0, the way Linux
		 * does: index 0's leaf exists in every non-empty tree.
		 */
		(*spare)->children[0] = top;
		want = kds_genradix_tag(*spare, top ? depth + 1 : 0);
		kds_race_point();
		found = cmpxchg_release(&radix->root, seen, want);
		if (found == seen) {
			*spare = NULL;
			seen = want;
		} else {
			(*spare)->children[0] = NULL;
			/* Synchronise with the winner before following it. */
			seen = kds_load_dependent(&radix->root);
		}
	}
}

/**
 * kds_genradix_ptr_alloc() - find or create the entry at a byte offset.
 * @radix: the tree.
 * @offset: byte offset of the entry.
 * @spare: NULL, or the caller's spare node slot: the call takes the node
 *	(it is used first, or freed if not needed) and leaves NULL there.
 * @gfp: allocation flags for new nodes.
 *
 * The out-of-line body of genradix_ptr_alloc() and its variants: one walk
 * from the root that grows the tree to cover @offset and installs every
 * missing node on the way down, finding the entry when its leaf exists.
 * genradix_ptr_alloc() has looked the entry up inline before calling here
 * (in trees its walk handles), so there is no separate lookup in front:
 * it would find no leaf again. Lock-free: every missing node is installed
 * with one compare-and-swap; a loser keeps its node for the next level
 * down, and frees it at the end.
 *
 * Context: may sleep if @gfp allows; concurrent with lookups and other
 * allocations on the same tree.
 * Return: the entry, or NULL on allocation failure.
 */
void *kds_genradix_ptr_alloc(struct __kds_genradix *radix, size_t offset,
				  struct kds_genradix_node **spare, gfp_t gfp)
{
	struct kds_genradix_node *fresh = NULL;
	struct kds_genradix_root *root;
	struct kds_genradix_node *n;
	unsigned int depth;
	int shift;
	void *entry = NULL;

	if (spare)
		swap(fresh, *spare);

	root = kds_genradix_grow(radix, offset, &fresh, gfp);
	if (!root)
		goto out;
	n = __kds_genradix_node(root);
	depth = __kds_genradix_depth(root);
	shift = __kds_genradix_span_shift(depth);

	while (depth--) {
		struct kds_genradix_node **slot;
		struct kds_genradix_node *child;

		shift -= __KDS_GENRADIX_ARY_SHIFT;
		slot = &n->children[(offset >> shift) & (__KDS_GENRADIX_ARY - 1)];
		child = kds_load_dependent(slot);
		if (!child) {
			if (!fresh) {
				fresh = kds_genradix_new_node(gfp);
				if (!fresh)
					goto out;
			}
			kds_race_point();
			child = cmpxchg_release(slot, NULL, fresh);
			if (!child) {
				child = fresh;
				fresh = NULL;
			} else {
				/* Lost the race: use the winner's node. */
				child = kds_load_dependent(slot);
			}
		}
		n = child;
	}
	entry = &n->data[offset & __KDS_GENRADIX_OFFSET_MASK];
out:
	/* Like Linux, the call owns the caller's spare: free what is unused. */
	if (unlikely(fresh))
		kds_genradix_drop_node(fresh);
	return entry;
}

/*
 * Start loading the leaf a forward iteration will reach next: leaves are
 * separate allocations, so the hardware's stream prefetcher does not run
 * ahead across them (it matters most with 512-byte nodes).
 *
 * Always inline: GCC counts __builtin_prefetch() as no side effect, so a
 * function that only prefetches is found to be const by its
 * interprocedural analysis, and a call to a const function returning
 * nothing is deleted, prefetches and all (GCC 12 -O2 did so while this
 * was a function of its own).
 */
static __always_inline void kds_genradix_prefetch_leaf(const struct kds_genradix_node *leaf)
{
	if (!leaf)
		return;
	/*
	 * The first 512 bytes of the leaf (all of a 512-byte one), one
	 * 64-byte line at a time: written out, since a loop of 8 turns
	 * costs more than the prefetches with small leaves of large
	 * entries. Enough for the hardware to stream the rest of a 4 KiB
	 * leaf on its own; prefetching 1, 2 or 4 KiB of it measured slower
	 * (8-byte entries at 256 MiB: 0.55 ns per entry with 512 bytes, 0.64
	 * with 1 KiB, 0.74 with 2 KiB; with one line, as slow as none).
	 */
#define KDS_GENRADIX_PREFETCH(line)					\
	do {								\
		if ((line) * 64 < KDS_GENRADIX_NODE_SIZE)		\
			__builtin_prefetch(&leaf->data[(line) * 64]);	\
	} while (0)
	KDS_GENRADIX_PREFETCH(0);  KDS_GENRADIX_PREFETCH(1);
	KDS_GENRADIX_PREFETCH(2);  KDS_GENRADIX_PREFETCH(3);
	KDS_GENRADIX_PREFETCH(4);  KDS_GENRADIX_PREFETCH(5);
	KDS_GENRADIX_PREFETCH(6);  KDS_GENRADIX_PREFETCH(7);
#undef KDS_GENRADIX_PREFETCH
}

/* log2 of the bytes spanned by an interior node directly above leaves. */
#define KDS_GENRADIX_PARENT_SHIFT (KDS_GENRADIX_NODE_SHIFT + __KDS_GENRADIX_ARY_SHIFT)

/*
 * Where a walk ended: the leaf holding the iterator's (updated) position,
 * the interior node above it (NULL when the leaf is the root) and the
 * leaf's slot there.
 */
struct kds_genradix_found {
	struct kds_genradix_node	*leaf;
	struct kds_genradix_node	*parent;
	size_t			slot;
};

/* Record where a walk ended: @leaf, its @parent and the @slot under it. */
static __always_inline bool kds_genradix_found_at(struct kds_genradix_found *f,
						  struct kds_genradix_node *leaf,
						  struct kds_genradix_node *parent,
						  size_t slot)
{
	f->leaf = leaf;
	f->parent = parent;
	f->slot = slot;
	return true;
}

/*
 * Walk from the root to the first existing leaf at or after @iter's
 * position, skipping absent subtrees whole and moving @iter to the first
 * entry of each one skipped. False when there is none.
 */
static bool kds_genradix_walk_forward(struct kds_genradix_iter *iter,
				      struct __kds_genradix *radix, size_t obj_size,
				      struct kds_genradix_found *f)
{
	size_t offset = iter->offset, slot = 0;
	struct kds_genradix_node *n, *parent;
	struct kds_genradix_root *root;
	unsigned int depth;
	int shift;

	if (__kds_genradix_iter_done(iter, obj_size))
		return false;
restart:
	root = kds_load_dependent(&radix->root);
	n = __kds_genradix_node(root);
	depth = __kds_genradix_depth(root);
	if (!n || !__kds_genradix_covers(offset, depth))
		return false;
	shift = __kds_genradix_span_shift(depth);
	parent = NULL;

	while (depth--) {
		size_t span_mask;
		struct kds_genradix_node *child;

		shift -= __KDS_GENRADIX_ARY_SHIFT;
		span_mask = ((size_t)1 << shift) - 1;
		slot = (offset >> shift) & (__KDS_GENRADIX_ARY - 1);
		while (!(child = kds_load_dependent(&n->children[slot]))) {
			/* Absent subtree: jump to the start of the next one. */
			if ((offset | span_mask) == SIZE_MAX) {
				__kds_genradix_iter_past_end(iter, obj_size);
				return false;
			}
			offset = (offset | span_mask) + 1;
			iter->offset = offset;
			/* (a division, but only when a hole is skipped) */
			iter->pos = (offset >> KDS_GENRADIX_NODE_SHIFT) *
				__kds_genradix_per_leaf(obj_size);
			if (++slot == __KDS_GENRADIX_ARY)
				goto restart;	/* past this node: walk down again */
		}
		if (!depth)
			parent = n;
		n = child;
	}
	return kds_genradix_found_at(f, n, parent, slot);
}

/* Bytes from a leaf's start back to the last entry of the leaf before it. */
static size_t kds_genradix_back(size_t obj_size)
{
	return KDS_GENRADIX_NODE_SIZE % obj_size + obj_size;
}

/*
 * Walk from the root to the last existing leaf at or before @iter's
 * position. An iterator past the end starts from genradix_last_pos(), a
 * position beyond the tree's extent from the last entry the tree can
 * hold. False when there is none (the iterator is then before the start).
 */
static bool kds_genradix_walk_backward(struct kds_genradix_iter *iter,
				       struct __kds_genradix *radix, size_t obj_size,
				       struct kds_genradix_found *f)
{
	size_t offset, slot = 0;
	struct kds_genradix_node *n, *parent;
	struct kds_genradix_root *root;
	unsigned int depth;
	int shift;

	if (__kds_genradix_iter_done(iter, obj_size)) {
		if (!iter->pos)
			return false;	/* before the start */
		iter->pos = __KDS_GENRADIX_LAST_POS(obj_size);
		__kds_genradix_offset(iter->pos, obj_size, &iter->offset);
	}
	offset = iter->offset;
restart:
	root = kds_load_dependent(&radix->root);
	n = __kds_genradix_node(root);
	depth = __kds_genradix_depth(root);
	if (!n)
		return false;
	shift = __kds_genradix_span_shift(depth);
	if (!__kds_genradix_covers(offset, depth)) {
		/* The tree spans 2^shift bytes (shift < bits of size_t here). */
		size_t end = (size_t)1 << shift;

		offset = end - kds_genradix_back(obj_size);
		iter->offset = offset;
		iter->pos = (end >> KDS_GENRADIX_NODE_SHIFT) *
			__kds_genradix_per_leaf(obj_size) - 1;
	}
	parent = NULL;

	while (depth--) {
		size_t start;
		struct kds_genradix_node *child;

		shift -= __KDS_GENRADIX_ARY_SHIFT;
		slot = (offset >> shift) & (__KDS_GENRADIX_ARY - 1);
		while (!(child = kds_load_dependent(&n->children[slot]))) {
			/* Absent subtree: jump to the end of the one before. */
			start = offset & ~(((size_t)1 << shift) - 1);
			if (!start) {
				iter->offset = SIZE_MAX;	/* before the start */
				iter->pos = 0;
				return false;
			}
			offset = start - kds_genradix_back(obj_size);
			iter->offset = offset;
			iter->pos = (start >> KDS_GENRADIX_NODE_SHIFT) *
				__kds_genradix_per_leaf(obj_size) - 1;
			if (slot-- == 0)
				goto restart;	/* before this node: walk down again */
			child = kds_load_dependent(&n->children[slot]);
		}
		if (!depth)
			parent = n;
		n = child;
	}
	return kds_genradix_found_at(f, n, parent, slot);
}

/* Going forward, start loading the next leaf under the same parent. */
static __always_inline void kds_genradix_prefetch_next(const struct kds_genradix_found *f,
				       bool forward)
{
	if (forward && f->parent && f->slot + 1 < __KDS_GENRADIX_ARY)
		kds_genradix_prefetch_leaf(kds_load_dependent(&f->parent->children[f->slot + 1]));
}

/* The entry a walk from the root finds at or after (or before) @iter. */
static __always_inline void *kds_genradix_peek(struct kds_genradix_iter *iter,
					       struct __kds_genradix *radix,
					       size_t obj_size, bool forward)
{
	struct kds_genradix_found f;
	bool found = forward ?
		kds_genradix_walk_forward(iter, radix, obj_size, &f) :
		kds_genradix_walk_backward(iter, radix, obj_size, &f);

	return found ? &f.leaf->data[iter->offset & __KDS_GENRADIX_OFFSET_MASK] : NULL;
}

/**
 * kds_genradix_iter_peek() - move an iterator forward to an existing entry.
 * @iter: the iterator (a position only).
 * @radix: the tree.
 * @obj_size: entry size in bytes.
 *
 * The body of genradix_iter_peek(). The walk starts at the root and skips
 * absent subtrees whole.
 *
 * Context: any; concurrent with allocation.
 * Return: the entry at or after @iter's position, or NULL.
 */
void *kds_genradix_iter_peek(struct kds_genradix_iter *iter,
			     struct __kds_genradix *radix, size_t obj_size)
{
	return kds_genradix_peek(iter, radix, obj_size, true);
}

/**
 * kds_genradix_iter_peek_prev() - move an iterator backward to an
 *	existing entry.
 * @iter: the iterator (a position only).
 * @radix: the tree.
 * @obj_size: entry size in bytes.
 *
 * The body of genradix_iter_peek_prev(). An iterator past the end starts
 * from genradix_last_pos(); a position beyond the tree's current extent is
 * pulled back to the last entry the tree can hold; the walk starts at the
 * root and skips absent subtrees whole.
 *
 * Context: any; concurrent with allocation.
 * Return: the entry at or before @iter's position, or NULL (the iterator
 * is then before the start).
 */
void *kds_genradix_iter_peek_prev(struct kds_genradix_iter *iter,
				  struct __kds_genradix *radix, size_t obj_size)
{
	return kds_genradix_peek(iter, radix, obj_size, false);
}

/**
 * kds_genradix_iter_next() - the loop macros' step from one leaf to the
 *	next.
 * @iter: the loop's iterator.
 * @c: the loop's cursor (cached leaf and parent of the tree it walks).
 * @radix: the tree.
 * @obj_size: entry size in bytes.
 * @reverse: step backward (genradix_for_each_reverse()).
 *
 * Called when the iterator has left the leaf cached in @c (or the loop
 * starts). Sequential iteration moves from a leaf to its sibling: when the
 * position is under the cached parent and its leaf exists, the leaf comes
 * from there; otherwise the walk starts at the root, as
 * genradix_iter_peek() (or genradix_iter_peek_prev()) does. Nodes are
 * never unlinked while the tree lives, so the cached parent still covers
 * the same span. The leaf's parent is cached in @c; the caller derives
 * the leaf's bounds from the entry returned and the iterator's offset,
 * where the entry size is a constant (here it is not, and the offset of
 * the leaf's last entry would cost a division per leaf).
 *
 * Context: any; concurrent with allocation.
 * Return: the entry at or after (@reverse: at or before) @iter's position,
 * or NULL.
 */
void *kds_genradix_iter_next(struct kds_genradix_iter *iter,
			     struct __kds_genradix_cursor *c,
			     struct __kds_genradix *radix, size_t obj_size,
			     bool reverse)
{
	struct kds_genradix_found f;
	bool found = false;
	size_t offset;

	if (__kds_genradix_iter_done(iter, obj_size) && !reverse)
		return NULL;
	offset = iter->offset;
	if (c->parent && !__kds_genradix_iter_done(iter, obj_size) &&
	    (offset >> KDS_GENRADIX_PARENT_SHIFT) + 1 == c->parent_key) {
		f.slot = (offset >> KDS_GENRADIX_NODE_SHIFT) & (__KDS_GENRADIX_ARY - 1);
		f.parent = c->parent;
		f.leaf = kds_load_dependent(&f.parent->children[f.slot]);
		found = f.leaf != NULL;
	}
	if (!found) {
		found = reverse ? kds_genradix_walk_backward(iter, radix, obj_size, &f) :
				  kds_genradix_walk_forward(iter, radix, obj_size, &f);
		if (!found)
			return NULL;
		offset = iter->offset;
		if (f.parent) {
			c->parent = f.parent;
			c->parent_key = (offset >> KDS_GENRADIX_PARENT_SHIFT) + 1;
		}
	}
	kds_genradix_prefetch_next(&f, !reverse);
	return &f.leaf->data[offset & __KDS_GENRADIX_OFFSET_MASK];
}

/**
 * kds_genradix_prealloc() - allocate every leaf up to a byte offset.
 * @radix: the tree.
 * @last_offset: byte offset of the last entry to make present.
 * @gfp: allocation flags.
 *
 * The out-of-line body of genradix_prealloc().
 *
 * Context: may sleep if @gfp allows.
 * Return: 0, or -ENOMEM with the leaves allocated so far left in the tree.
 */
int kds_genradix_prealloc(struct __kds_genradix *radix, size_t last_offset,
			       gfp_t gfp)
{
	size_t last_leaf = last_offset >> KDS_GENRADIX_NODE_SHIFT;
	size_t leaf;

	for (leaf = 0; ; leaf++) {
		if (!kds_genradix_ptr_alloc(radix, leaf << KDS_GENRADIX_NODE_SHIFT,
						 NULL, gfp))
			return -ENOMEM;
		if (leaf == last_leaf)
			return 0;
	}
}

/* Free a subtree; recursion depth is bounded by __KDS_GENRADIX_MAX_DEPTH. */
static void kds_genradix_free_subtree(struct kds_genradix_node *n, unsigned int depth)
{
	size_t i;

	if (!n)
		return;
	if (depth)
		for (i = 0; i < __KDS_GENRADIX_ARY; i++)
			kds_genradix_free_subtree(n->children[i], depth - 1);
	kds_genradix_drop_node(n);
}

/**
 * kds_genradix_free() - free every node of a tree and leave it empty.
 * @radix: the tree.
 *
 * The body of genradix_free().
 *
 * Context: process context; the caller excludes every other user.
 */
void kds_genradix_free(struct __kds_genradix *radix)
{
	struct kds_genradix_root *root = xchg(&radix->root, NULL);
	unsigned int depth = __kds_genradix_depth(root);

	if (WARN_ON_ONCE(depth > __KDS_GENRADIX_MAX_DEPTH))
		return;
	kds_genradix_free_subtree(__kds_genradix_node(root), depth);
}
