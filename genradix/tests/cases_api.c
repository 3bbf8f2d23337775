// SPDX-License-Identifier: GPL-2.0
/*
 * cases_api.c - every genradix entry point, for every tested entry size,
 * run in both worlds (suite kds_genradix_api: //genradix:cases_test and
 * kds_test.ko): lookups, allocation, depth boundaries, the top of the
 * index space, iteration both ways across holes, prealloc and
 * preallocated nodes, Linux's internal names, and genradix used as kernel
 * code uses it (gr_kernel_user.h).
 *
 * Allocation counts are taken relative to the case's start
 * (kds_alloc_live() counts the whole port). What needs the user port's
 * failure injection stays in failure_test.c.
 */
#include "kds_port.h"
#include "kds_expect.h"
#include "gr_test.h"
#include "gr_kernel_user.h"

/* Every entry size; failures name the size. */
#define FOR_EACH_OPS(ops)						\
	for (const struct gr_ops *ops = gr_ops_all;			\
	     ops < gr_ops_all + gr_ops_count &&				\
	     (kds_expect_ctx(e, "size %zu, node %zu", ops->size,	\
			     (size_t)GR_NODE), true);			\
	     ops++)

/* Port allocations made since the case began (live0, its first line). */
#define GR_LIVE()	(kds_alloc_live() - live0)

static unsigned int root_depth(struct gr_radix *r)
{
	return (unsigned long)r->tree.root & 15;
}

static bool count_visit(void *ctx, size_t pos, void *p)
{
	(*(size_t *)ctx)++;
	return true;
}

/* The entries a forward walk of @r visits. */
static size_t gr_count(const struct gr_ops *ops, struct gr_radix *r)
{
	size_t n = 0;

	ops->for_each(r, count_visit, &n);
	return n;
}

static void genradix_api_empty_tree(struct kds_expect *e)
{
	FOR_EACH_OPS(ops) {
		struct gr_radix r;
		struct genradix_iter it;
		size_t n = 0;

		genradix_init(&r);
		KDS_EXPECT(e, !(ops->ptr(&r, 0)));
		KDS_EXPECT(e, !(ops->ptr_inlined(&r, 0)));
		KDS_EXPECT(e, !(ops->ptr(&r, ops->last_pos)));
		KDS_EXPECT(e, !(ops->ptr(&r, SIZE_MAX)));
		ops->iter_init(&r, &it, 0);
		KDS_EXPECT(e, !(ops->peek(&r, &it)));
		ops->iter_init(&r, &it, ops->last_pos);
		KDS_EXPECT(e, !(ops->peek_prev(&r, &it)));
		KDS_EXPECT_EQ(e, ops->for_each(&r, count_visit, &n), 0);
		KDS_EXPECT_EQ(e, ops->for_each_reverse(&r, count_visit, &n), 0);
		ops->free(&r);
		ops->free(&r);
		KDS_EXPECT(e, !r.tree.root);
	}
}

static void genradix_api_last_pos_is_exact(struct kds_expect *e)
{
	FOR_EACH_OPS(ops) {
		size_t last = ops->last_pos, per_leaf = gr_per_leaf(ops);

		if (is_power_of_2(ops->size)) {
			KDS_EXPECT_EQ(e, last, SIZE_MAX / ops->size);
		} else {
			KDS_EXPECT_EQ(e, last / per_leaf, SIZE_MAX >> GR_SHIFT);
			KDS_EXPECT_EQ(e, last % per_leaf, per_leaf - 1);
		}
	}
}

static void genradix_api_leaf_neighbours_exist_and_read_zero(struct kds_expect *e)
{
	long live0 = kds_alloc_live();

	FOR_EACH_OPS(ops) {
		struct gr_radix r;
		size_t per_leaf = gr_per_leaf(ops), i;
		size_t idx = per_leaf > 5 ? 5 : 0;
		u8 *p, *q;

		genradix_init(&r);
		p = ops->alloc(&r, idx, GFP_KERNEL);
		KDS_ASSERT(e, p);
		KDS_EXPECT_EQ(e, ((unsigned long)p - (idx % per_leaf) * ops->size) % GR_NODE, 0);
		memset(p, 0xa5, ops->size);
		KDS_EXPECT_PTR_EQ(e, ops->ptr(&r, idx), (void *)p);
		KDS_EXPECT_PTR_EQ(e, ops->alloc(&r, idx, GFP_KERNEL), (void *)p); /* second alloc moves */
		for (i = 0; i < per_leaf; i++) {
			q = ops->ptr(&r, i);
			/* Every index of the leaf exists. */
			kds_expect_ctx(e, "size %zu, idx %zu", ops->size, i);
			KDS_ASSERT(e, q);
			KDS_EXPECT_PTR_EQ(e, q, (u8 *)p + ((long)i - (long)idx) * (long)ops->size);
			if (i != idx) {
				KDS_EXPECT_EQ(e, gr_get(ops, q), 0);
				KDS_EXPECT(e, gr_tail_zero(ops, q));
				KDS_EXPECT_EQ(e, q[ops->size - 1], 0);
			}
		}
		KDS_EXPECT(e, !(ops->ptr(&r, per_leaf))); /* next leaf absent */
		KDS_EXPECT_EQ(e, GR_LIVE(), 1); /* a single leaf */
		ops->free(&r);
		KDS_EXPECT_EQ(e, GR_LIVE(), 0);
	}
}

static void genradix_api_depth_boundaries(struct kds_expect *e)
{
	FOR_EACH_OPS(ops) {
		struct gr_radix r;
		unsigned int d;

		genradix_init(&r);
		for (d = 1; ; d++) {
			size_t b = gr_first_idx_at_depth(ops, d);
			size_t idx[2] = { b - 1, b };
			int k;

			if (!b)
				break;
			for (k = 0; k < 2; k++) {
				void *p = ops->alloc(&r, idx[k], GFP_KERNEL);

				KDS_ASSERT(e, p);
				gr_put(ops, p, idx[k] * 7 + 1);
			}
			KDS_EXPECT_EQ(e, root_depth(&r), d);
		}
		/* And the very top. */
		KDS_ASSERT(e, ops->alloc(&r, ops->last_pos, GFP_KERNEL));
		gr_put(ops, ops->ptr(&r, ops->last_pos), 3);
		KDS_EXPECT_EQ(e, root_depth(&r), gr_depth_for((size_t)gr_leaf_of(ops, ops->last_pos) << GR_SHIFT));
		/* Everything written survived each growth step. */
		for (d = 1; gr_first_idx_at_depth(ops, d); d++) {
			size_t b = gr_first_idx_at_depth(ops, d);

			KDS_EXPECT_EQ(e, gr_get(ops, ops->ptr(&r, b - 1)), ((b - 1) * 7 + 1) & gr_mask(ops));
			KDS_EXPECT_EQ(e, gr_get(ops, ops->ptr_inlined(&r, b)), (b * 7 + 1) & gr_mask(ops));
		}
		KDS_EXPECT_EQ(e, gr_get(ops, ops->ptr(&r, ops->last_pos)), 3);
		KDS_EXPECT(e, gr_count(ops, &r) > 0);
		ops->free(&r);
	}
}

/*
 * The inline lookup at the top of each depth it walks: the last two leaves
 * a tree of depth d spans, every entry allocated and read back through
 * both lookups, each at its leaf's base plus its position times the entry
 * size, and the first index beyond the span absent. There the lookup's
 * division by the entries per leaf (a multiply by a reciprocal) has its
 * largest error.
 */
static void genradix_api_lookup_at_the_top_of_each_depth(struct kds_expect *e)
{
	FOR_EACH_OPS(ops) {
		size_t per_leaf = gr_per_leaf(ops);
		unsigned int d;

		for (d = 1; d <= __KDS_GENRADIX_INLINE_DEPTH; d++) {
			size_t end = gr_first_idx_at_depth(ops, d + 1);
			size_t first, idx, bad = 0;
			struct gr_radix r;

			if (!end || end < 2 * per_leaf)
				break;
			first = end - 2 * per_leaf;
			genradix_init(&r);
			for (idx = first; idx < end; idx++) {
				void *p = ops->alloc(&r, idx, GFP_KERNEL);

				KDS_ASSERT(e, p);
				gr_put(ops, p, idx * 5 + 1);
			}
			KDS_EXPECT_EQ(e, root_depth(&r), d);
			for (idx = first; idx < end; idx++) {
				char *p = ops->ptr(&r, idx);
				char *base = ops->ptr(&r, idx - idx % per_leaf);

				if (p && p == ops->ptr_inlined(&r, idx) &&
				    p == base + idx % per_leaf * ops->size &&
				    gr_get(ops, p) == ((idx * 5 + 1) & gr_mask(ops)))
					continue;
				if (bad++ < 3)
					kds_expect_fail(e, __FILE__, __LINE__,
							"depth %u, index %zu: entry %p, leaf base %p",
							d, idx, p, base);
			}
			KDS_EXPECT_EQ(e, bad, 0);
			KDS_EXPECT(e, !ops->ptr(&r, end));
			KDS_EXPECT(e, !ops->ptr_inlined(&r, end));
			ops->free(&r);
		}
	}
}

/*
 * The split of an index into leaf number and byte offset by a multiply
 * (__kds_genradix_recip_split()) against a division and a remainder, for
 * every entry size up to a node that is not a power of two, at each depth
 * it serves: the first and the last two leaves' worth of indices (its
 * error grows with the index). Every size has it at depth 1.
 */
static void genradix_api_reciprocal_split_is_exact(struct kds_expect *e)
{
	size_t size, checked = 0, bad = 0;

	for (size = 3; size <= GR_NODE; size++) {
		size_t per_leaf = GR_NODE / size;
		unsigned int d;

		if (!(size & (size - 1)))
			continue;
		KDS_EXPECT(e, __kds_genradix_recip_fits(1, size));
		for (d = 1; d <= __KDS_GENRADIX_INLINE_DEPTH; d++) {
			size_t entries = __KDS_GENRADIX_LAST_ENTRY(d, size) + 1, k;

			if (!__kds_genradix_recip_fits(d, size))
				continue;
			for (k = 0; k < 4 * per_leaf; k++) {
				size_t idx = k < 2 * per_leaf ? k : entries - 1 - (k - 2 * per_leaf);
				size_t leaf, off = __kds_genradix_recip_split(idx, size, d, &leaf);

				checked++;
				if (leaf == idx / per_leaf && off == idx % per_leaf * size)
					continue;
				if (bad++ < 3)
					kds_expect_fail(e, __FILE__, __LINE__,
							"size %zu, depth %u, index %zu: leaf %zu offset %zu",
							size, d, idx, leaf, off);
			}
		}
		if (!(size % 64))
			cond_resched();
	}
	KDS_EXPECT_EQ(e, bad, 0);
	KDS_EXPECT(e, checked > 0);
}

static void genradix_api_top_of_index_space(struct kds_expect *e)
{
	FOR_EACH_OPS(ops) {
		struct gr_radix r;
		struct genradix_iter it;
		size_t last = ops->last_pos;
		void *p;

		genradix_init(&r);
		p = ops->alloc(&r, last, GFP_KERNEL);
		KDS_ASSERT(e, p);
		KDS_EXPECT_PTR_EQ(e, ops->ptr(&r, last), p);
		if (last != SIZE_MAX) {
			KDS_EXPECT(e, !(ops->alloc(&r, last + 1, GFP_KERNEL)));
			KDS_EXPECT(e, !(ops->alloc_inlined(&r, last + 1, GFP_KERNEL)));
			KDS_EXPECT(e, !(ops->ptr(&r, last + 1)));
			KDS_EXPECT(e, !(ops->ptr_inlined(&r, SIZE_MAX)));
			KDS_EXPECT(e, !(ops->alloc(&r, SIZE_MAX, GFP_KERNEL)));
			KDS_EXPECT_EQ(e, ops->prealloc(&r, last + 1, GFP_KERNEL), -ENOMEM);
			ops->iter_init(&r, &it, last + 1);
			KDS_EXPECT(e, !(ops->peek(&r, &it))); /* init beyond last_pos is past the end */
			KDS_EXPECT_PTR_EQ(e, ops->peek_prev(&r, &it), p); /* and peek_prev finds the last entry */
			KDS_EXPECT_EQ(e, it.pos, last);
			KDS_EXPECT_EQ(e, ops->prealloc(&r, SIZE_MAX, GFP_KERNEL), -ENOMEM); /* prealloc(SIZE_MAX) */
		}

		/* Forward over the last entry ends cleanly (no wrap to 0). */
		ops->iter_init(&r, &it, last);
		KDS_EXPECT_PTR_EQ(e, ops->peek(&r, &it), p);
		KDS_EXPECT_EQ(e, it.pos, last);
		ops->advance(&r, &it);
		KDS_EXPECT(e, !(ops->peek(&r, &it)));
		KDS_EXPECT(e, !(ops->peek(&r, &it)));
		ops->advance(&r, &it);
		KDS_EXPECT(e, !(ops->peek(&r, &it))); /* advancing a finished iterator */

		/* Backward from the top finds the last entry first. */
		ops->iter_init(&r, &it, last);
		KDS_EXPECT_PTR_EQ(e, ops->peek_prev(&r, &it), p);
		KDS_EXPECT_EQ(e, it.pos, last);
		ops->free(&r);
	}
}

struct collect {
	size_t n, cap;
	size_t *pos;
	void **p;
};

static bool collect_visit(void *ctx, size_t pos, void *p)
{
	struct collect *c = ctx;

	if (c->n < c->cap) {
		c->pos[c->n] = pos;
		c->p[c->n] = p;
	}
	c->n++;
	return true;
}

static void genradix_api_iteration_across_holes(struct kds_expect *e)
{
	FOR_EACH_OPS(ops) {
		struct gr_model m;
		size_t per_leaf = gr_per_leaf(ops);
		size_t far = min_t(size_t, 1UL << 30, gr_leaf_of(ops, ops->last_pos));
		size_t leaves[] = { 3, 4, 9, 700, 70000, far };
		size_t i;

		gr_model_init(&m, ops);
		for (i = 0; i < ARRAY_SIZE(leaves); i++) {
			size_t idx = gr_first_idx(ops, leaves[i]) + (per_leaf - 1) / 2;
			void *p = ops->alloc(&m.r, idx, GFP_KERNEL);

			KDS_ASSERT(e, p);
			gr_model_add_leaf(&m, 0);
			gr_model_add_leaf(&m, leaves[i]);
		}
		if (!KDS_EXPECT(e, gr_model_check_all(&m)))
			kds_expect_note(e, "%s", m.err);

		/* for_each_from a hole lands on the next leaf's first entry. */
		{
			size_t buf_pos[4];
			void *buf_p[4];
			struct collect c = { .cap = 4, .pos = buf_pos, .p = buf_p };

			ops->for_each_from(&m.r, gr_first_idx(ops, 10), collect_visit, &c);
			KDS_EXPECT_EQ(e, c.n, 2 * per_leaf + per_leaf);
			KDS_EXPECT_EQ(e, buf_pos[0], gr_first_idx(ops, 700));
			KDS_EXPECT_PTR_EQ(e, buf_p[0], ops->ptr(&m.r, buf_pos[0]));
		}
		/* peek_prev from a hole lands on the previous leaf's last entry. */
		{
			struct genradix_iter it;

			ops->iter_init(&m.r, &it, gr_first_idx(ops, 699));
			KDS_ASSERT(e, ops->peek_prev(&m.r, &it));
			KDS_EXPECT_EQ(e, it.pos, gr_first_idx(ops, 10) - 1);
			ops->rewind(&m.r, &it);
			KDS_EXPECT_EQ(e, it.pos, gr_first_idx(ops, 10) - 2);
			KDS_ASSERT(e, ops->peek_prev(&m.r, &it));
			if (per_leaf > 1)
				KDS_EXPECT_EQ(e, it.pos, gr_first_idx(ops, 10) - 2);
			else
				KDS_EXPECT_EQ(e, it.pos, 4); /* leaves 5..8 are holes */
		}
		gr_model_destroy(&m);
	}
}

static void genradix_api_iterator_ends_and_zero_init(struct kds_expect *e)
{
	FOR_EACH_OPS(ops) {
		struct gr_radix r;
		struct genradix_iter it;
		void *p0;

		genradix_init(&r);
		p0 = ops->alloc(&r, 0, GFP_KERNEL);
		KDS_ASSERT(e, p0);

		/* A zero-filled iterator is at index 0. */
		memset(&it, 0, sizeof(it));
		KDS_EXPECT_PTR_EQ(e, ops->peek(&r, &it), p0);
		KDS_EXPECT_EQ(e, it.pos, 0);

		/*
		 * Rewinding from 0 goes before the start: pos stays 0 (as in
		 * Linux), it does not wrap to the top, and it stays there.
		 */
		ops->iter_init(&r, &it, 0);
		KDS_EXPECT_PTR_EQ(e, ops->peek_prev(&r, &it), p0);
		ops->rewind(&r, &it);
		KDS_EXPECT_EQ(e, it.pos, 0);
		KDS_EXPECT(e, !(ops->peek_prev(&r, &it)));
		KDS_EXPECT_EQ(e, it.pos, 0);
		KDS_EXPECT(e, !(ops->peek(&r, &it)));
		ops->rewind(&r, &it);
		KDS_EXPECT_EQ(e, it.pos, 0);
		KDS_EXPECT(e, !(ops->peek_prev(&r, &it)));

		/* Forward across the whole of leaf 0, then the end. */
		ops->iter_init(&r, &it, 0);
		for (size_t i = 0; i < gr_per_leaf(ops); i++) {
			void *p = ops->peek(&r, &it);

			KDS_EXPECT_EQ(e, it.pos, i);
			KDS_EXPECT_PTR_EQ(e, p, ops->ptr(&r, i));
			ops->advance(&r, &it);
		}
		KDS_EXPECT(e, !(ops->peek(&r, &it)));
		ops->free(&r);
	}
}

static void genradix_api_iterator_sees_growth_after_caching(struct kds_expect *e)
{
	FOR_EACH_OPS(ops) {
		struct gr_radix r;
		struct genradix_iter it;
		size_t far = gr_first_idx(ops, 5000);

		genradix_init(&r);
		KDS_ASSERT(e, ops->alloc(&r, 0, GFP_KERNEL));
		ops->iter_init(&r, &it, gr_per_leaf(ops) - 1);
		KDS_ASSERT(e, ops->peek(&r, &it));
		ops->advance(&r, &it);
		KDS_EXPECT(e, !(ops->peek(&r, &it)));
		/* The tree grows under the iterator; the next peek finds it. */
		KDS_ASSERT(e, ops->alloc(&r, far, GFP_KERNEL));
		KDS_ASSERT(e, ops->peek(&r, &it));
		KDS_EXPECT_EQ(e, it.pos, far);
		ops->free(&r);
	}
}

static void genradix_api_prealloc_covers_nr_inclusive(struct kds_expect *e)
{
	long live0 = kds_alloc_live();

	FOR_EACH_OPS(ops) {
		struct gr_radix r;
		size_t per_leaf = gr_per_leaf(ops);

		genradix_init(&r);
		KDS_EXPECT_EQ(e, ops->prealloc(&r, 0, GFP_KERNEL), 0);
		KDS_EXPECT_EQ(e, GR_LIVE(), 1);
		KDS_ASSERT(e, ops->ptr(&r, 0));
		ops->free(&r);

		/* nr = last index of leaf 0: one leaf. */
		KDS_EXPECT_EQ(e, ops->prealloc(&r, per_leaf - 1, GFP_KERNEL), 0);
		KDS_EXPECT_EQ(e, GR_LIVE(), 1);
		KDS_ASSERT(e, ops->ptr(&r, per_leaf - 1));
		KDS_EXPECT(e, !(ops->ptr(&r, per_leaf)));
		ops->free(&r);

		/* nr = first index of leaf 1: entry nr is present too (nr + 1 entries). */
		KDS_EXPECT_EQ(e, ops->prealloc(&r, per_leaf, GFP_KERNEL), 0);
		KDS_EXPECT_EQ(e, GR_LIVE(), 3); /* two leaves and their parent */
		KDS_ASSERT(e, ops->ptr(&r, per_leaf));
		KDS_EXPECT(e, !(ops->ptr(&r, 2 * per_leaf)));
		KDS_EXPECT_EQ(e, gr_count(ops, &r), 2 * per_leaf);
		/* Prealloc again allocates nothing new. */
		KDS_EXPECT_EQ(e, ops->prealloc(&r, per_leaf, GFP_KERNEL), 0);
		KDS_EXPECT_EQ(e, GR_LIVE(), 3);
		ops->free(&r);

		/* A larger table: exactly the leaves 0..leaf(nr). */
		KDS_EXPECT_EQ(e, ops->prealloc(&r, 37 * per_leaf + (per_leaf - 1) / 2, GFP_KERNEL), 0);
		KDS_EXPECT_EQ(e, gr_count(ops, &r), 38 * per_leaf);
		ops->free(&r);
	}
}

static void genradix_api_preallocated_spare_node(struct kds_expect *e)
{
	long live0 = kds_alloc_live();

	FOR_EACH_OPS(ops) {
		struct gr_radix r;
		struct genradix_node *spare;
		long before;
		void *p;

		genradix_init(&r);
		/* An empty tree needs one node: the spare, and nothing else. */
		spare = genradix_alloc_node(GFP_KERNEL);
		KDS_ASSERT(e, spare);
		before = GR_LIVE();
		p = ops->alloc_pre(&r, 0, &spare, GFP_NOWAIT);
		KDS_ASSERT(e, p);
		KDS_EXPECT(e, !spare); /* the spare was used */
		KDS_EXPECT_EQ(e, GR_LIVE(), before);
		KDS_EXPECT_PTR_EQ(e, (void *)((unsigned long)p & ~(GR_NODE - 1)), (void *)__kds_genradix_node(r.tree.root));

		/*
		 * An existing entry: the inlined variant finds it inline and
		 * leaves the spare with the caller (as Linux's does); the
		 * out-of-line one takes the spare and frees it (as Linux's
		 * __genradix_ptr_alloc() does).
		 */
		spare = genradix_alloc_node(GFP_KERNEL);
		KDS_EXPECT_PTR_EQ(e, ops->alloc_pre_inlined(&r, 0, &spare, GFP_NOWAIT), p);
		KDS_ASSERT(e, spare);
		KDS_EXPECT_EQ(e, GR_LIVE(), 2);
		KDS_EXPECT_PTR_EQ(e, ops->alloc_pre(&r, 0, &spare, GFP_NOWAIT), p);
		KDS_EXPECT(e, !spare); /* the call owns the spare */
		KDS_EXPECT_EQ(e, GR_LIVE(), 1); /* the unused spare was freed */

		/* Two levels needed, one spare: the second node is allocated. */
		spare = genradix_alloc_node(GFP_KERNEL);
		before = GR_LIVE();
		p = ops->alloc_pre(&r, gr_per_leaf(ops), &spare, GFP_KERNEL);
		KDS_ASSERT(e, p);
		KDS_EXPECT(e, !spare);
		KDS_EXPECT_EQ(e, GR_LIVE(), before + 1);
		KDS_EXPECT_EQ(e, GR_LIVE(), 3);

		/* A spare that is not needed is freed, not handed back. */
		spare = genradix_alloc_node(GFP_KERNEL);
		KDS_ASSERT(e, ops->alloc_pre(&r, gr_per_leaf(ops), &spare, GFP_KERNEL));
		KDS_EXPECT(e, !spare);
		KDS_EXPECT_EQ(e, GR_LIVE(), 3);
		spare = genradix_alloc_node(GFP_KERNEL);
		KDS_ASSERT(e, ops->alloc_pre_inlined(&r, 2 * gr_per_leaf(ops), &spare, GFP_KERNEL));
		KDS_EXPECT(e, !spare); /* slow path: the call owns the spare */
		KDS_EXPECT_EQ(e, GR_LIVE(), 4); /* one new leaf, the spare */

		/* A NULL spare slot behaves like genradix_ptr_alloc. */
		spare = NULL;
		KDS_ASSERT(e, ops->alloc_pre(&r, 3 * gr_per_leaf(ops), &spare, GFP_KERNEL));
		KDS_EXPECT(e, !spare);
		genradix_free_node(spare);
		ops->free(&r);
	}
}

/*
 * A caller written for Linux never frees the spare after the call: with
 * kds it must not leak either, on any path.
 */
static void genradix_api_preallocated_linux_caller_does_not_leak(struct kds_expect *e)
{
	long live0 = kds_alloc_live();

	FOR_EACH_OPS(ops) {
		struct gr_radix r;
		size_t idx[] = { 0, 1, gr_per_leaf(ops), gr_first_idx(ops, 700),
				 gr_first_idx(ops, 700) + 1, ops->last_pos };
		size_t i;

		genradix_init(&r);
		for (i = 0; i < ARRAY_SIZE(idx); i++) {
			struct genradix_node *spare = genradix_alloc_node(GFP_KERNEL);

			KDS_ASSERT(e, ops->alloc_pre(&r, idx[i], &spare, GFP_KERNEL));
			KDS_EXPECT(e, !spare);
		}
		ops->free(&r);
		KDS_EXPECT_EQ(e, GR_LIVE(), 0); /* leak */
	}
}

/*
 * The inlined preallocated insert of an existing entry leaves the spare
 * with its caller at every depth the tree can reach, the deep trees the
 * inline walk leaves to the out-of-line one included (4 KiB nodes: past
 * 8 GiB of entries); the out-of-line variant takes and frees it there too.
 */
static void genradix_api_preallocated_inlined_existing_every_depth(struct kds_expect *e)
{
	long live0 = kds_alloc_live();

	FOR_EACH_OPS(ops) {
		struct gr_radix r;
		struct genradix_node *spare;
		unsigned int d;
		size_t idx;
		void *p;

		genradix_init(&r);
		for (d = 0; d == 0 || gr_first_idx_at_depth(ops, d); d++) {
			long before;

			idx = d ? gr_first_idx_at_depth(ops, d) : 0;
			kds_expect_ctx(e, "%s, depth %u, index %zu", ops->name, d, idx);
			p = ops->alloc(&r, idx, GFP_KERNEL);
			KDS_ASSERT(e, p);
			KDS_EXPECT_EQ(e, genradix_root_to_depth(r.tree.root), d);
			spare = genradix_alloc_node(GFP_KERNEL);
			KDS_ASSERT(e, spare);
			before = GR_LIVE();
			KDS_EXPECT_PTR_EQ(e, ops->alloc_pre_inlined(&r, idx, &spare, GFP_NOWAIT), p);
			KDS_EXPECT(e, spare);	/* still the caller's */
			KDS_EXPECT_EQ(e, GR_LIVE(), before);
			KDS_EXPECT_PTR_EQ(e, ops->alloc_pre(&r, idx, &spare, GFP_NOWAIT), p);
			KDS_EXPECT(e, !spare);	/* taken and freed */
			KDS_EXPECT_EQ(e, GR_LIVE(), before - 1);
			genradix_free_node(spare);
		}
		kds_expect_ctx(e, "%s", ops->name);
		KDS_EXPECT(e, d >= 2);
		ops->free(&r);
		KDS_EXPECT_EQ(e, GR_LIVE(), 0);
	}
}

static void genradix_api_unrepresentable_preallocated_takes_spare(struct kds_expect *e)
{
	long live0 = kds_alloc_live();

	FOR_EACH_OPS(ops) {
		struct gr_radix r;
		struct genradix_node *spare;

		if (ops->last_pos == SIZE_MAX)
			continue;
		genradix_init(&r);
		spare = genradix_alloc_node(GFP_KERNEL);
		KDS_EXPECT(e, !(ops->alloc_pre(&r, ops->last_pos + 1, &spare, GFP_KERNEL)));
		KDS_EXPECT(e, !spare);
		spare = genradix_alloc_node(GFP_KERNEL);
		KDS_EXPECT(e, !(ops->alloc_pre_inlined(&r, SIZE_MAX, &spare, GFP_KERNEL)));
		KDS_EXPECT(e, !spare);
		KDS_EXPECT(e, !r.tree.root);
		KDS_EXPECT_EQ(e, GR_LIVE(), 0); /* both spares freed */
	}
}

static void genradix_api_ilog2_zero_and_offset_zero(struct kds_expect *e)
{
	volatile size_t zero = 0;

	KDS_EXPECT_EQ(e, ilog2(zero), -1);
	FOR_EACH_OPS(ops) {
		struct gr_radix r;

		genradix_init(&r);
		KDS_ASSERT(e, ops->alloc(&r, zero, GFP_KERNEL));
		KDS_EXPECT_EQ(e, root_depth(&r), 0);
		KDS_ASSERT(e, ops->ptr(&r, zero));
		ops->free(&r);
	}
}

struct big { u64 a[3]; };
static DEFINE_GENRADIX(static_radix, struct big);

static void genradix_api_define_init_free_reuse(struct kds_expect *e)
{
	/* Iteration from 999 starts there, or at 1000's leaf if 999 is not in it. */
	const size_t leaf_start = 1000 - 1000 % (GR_NODE / sizeof(struct big));
	const size_t from = leaf_start > 999 ? leaf_start : 999;
	struct genradix_iter iter;
	struct big *b;
	size_t n = 0;

	b = genradix_ptr_alloc(&static_radix, 1000, GFP_KERNEL);
	KDS_ASSERT(e, b);
	b->a[2] = 99;
	genradix_for_each_from(&static_radix, iter, b, 999) {
		KDS_EXPECT_EQ(e, iter.pos, from + n);
		n++;
		if (iter.pos == 1000)
			KDS_EXPECT_EQ(e, b->a[2], 99);
	}
	genradix_free(&static_radix);
	KDS_EXPECT(e, !(genradix_ptr(&static_radix, 1000)));
	genradix_init(&static_radix);
	KDS_EXPECT(e, !(genradix_ptr(&static_radix, 0)));
	KDS_EXPECT_EQ(e, genradix_prealloc(&static_radix, 3, GFP_KERNEL), 0);
	KDS_ASSERT(e, genradix_ptr_inlined(&static_radix, 3));
	genradix_free(&static_radix);
}

/*
 * peek_prev from a position past the end (genradix_iter_init(SIZE_MAX), or
 * an iterator advanced off the end) returns the last entry, as in Linux.
 */
static void genradix_api_peek_prev_from_past_the_end(struct kds_expect *e)
{
	FOR_EACH_OPS(ops) {
		struct gr_radix r;
		struct genradix_iter it;
		size_t far = gr_first_idx(ops, 5000);
		void *pf;

		genradix_init(&r);
		pf = ops->alloc(&r, far, GFP_KERNEL);
		KDS_ASSERT(e, ops->alloc(&r, 3, GFP_KERNEL));
		KDS_ASSERT(e, pf);

		ops->iter_init(&r, &it, SIZE_MAX);
		KDS_EXPECT(e, !(ops->peek(&r, &it)));
		KDS_EXPECT_PTR_EQ(e, ops->peek_prev(&r, &it), ops->ptr(&r, gr_first_idx(ops, 5001) - 1)); /* the last entry of far's leaf */
		KDS_EXPECT_EQ(e, it.pos, gr_first_idx(ops, 5001) - 1);

		/* Off the end by advancing: forward NULL, backward the last entry. */
		ops->iter_init(&r, &it, ops->last_pos);
		ops->advance(&r, &it);
		KDS_EXPECT(e, !(ops->peek(&r, &it)));
		KDS_ASSERT(e, ops->peek_prev(&r, &it));
		KDS_EXPECT_EQ(e, it.pos, gr_first_idx(ops, 5001) - 1);

		/* Only the last entry of the index space exists beyond far's leaf. */
		KDS_ASSERT(e, ops->alloc(&r, ops->last_pos, GFP_KERNEL));
		ops->iter_init(&r, &it, SIZE_MAX);
		KDS_EXPECT_PTR_EQ(e, ops->peek_prev(&r, &it), ops->ptr(&r, ops->last_pos));
		KDS_EXPECT_EQ(e, it.pos, ops->last_pos);
		ops->free(&r);
	}
}

/*
 * An iterator is a position only (16 bytes, as in Linux): the same
 * iterator works on another tree, and across genradix_free().
 */
static void genradix_api_iterator_is_a_position(struct kds_expect *e)
{
	long live0 = kds_alloc_live();

	KDS_EXPECT_EQ(e, sizeof(struct genradix_iter), 2 * sizeof(size_t));
	FOR_EACH_OPS(ops) {
		struct gr_radix a, b;
		struct genradix_iter it;
		void *pa, *pb;

		genradix_init(&a);
		genradix_init(&b);
		pa = ops->alloc(&a, 7, GFP_KERNEL);
		pb = ops->alloc(&b, 7, GFP_KERNEL);
		gr_put(ops, pa, 111);
		gr_put(ops, pb, 222);

		ops->iter_init(&a, &it, 7);
		KDS_EXPECT_PTR_EQ(e, ops->peek(&a, &it), pa);
		KDS_EXPECT_PTR_EQ(e, ops->peek(&b, &it), pb); /* peek b with a's iterator */
		KDS_EXPECT_EQ(e, gr_get(ops, ops->peek(&b, &it)), 222 & gr_mask(ops));
		KDS_EXPECT_PTR_EQ(e, ops->peek_prev(&b, &it), pb);

		/* Across genradix_free() of the tree the iterator was used on. */
		ops->free(&a);
		KDS_EXPECT(e, !(ops->peek(&a, &it)));
		KDS_EXPECT(e, !(ops->peek_prev(&a, &it)));
		pa = ops->alloc(&a, gr_first_idx(ops, 9), GFP_KERNEL);
		/* (leaf 0 exists in every non-empty tree) */
		KDS_EXPECT_PTR_EQ(e, ops->peek(&a, &it), gr_per_leaf(ops) > 7 ? ops->ptr(&a, 7) : pa);
		KDS_EXPECT_EQ(e, it.pos, gr_per_leaf(ops) > 7 ? 7 : gr_first_idx(ops, 9));
		ops->free(&a);
		ops->free(&b);
		KDS_EXPECT_EQ(e, GR_LIVE(), 0);
	}
}

/*
 * The loop macros keep their leaf in a hidden variable: an iterator moved
 * by the loop body, or a nested loop over another tree with its own
 * iterator, must not be served from a stale leaf.
 */
static void genradix_api_loop_cursor_follows_the_iterator(struct kds_expect *e)
{
	typedef GENRADIX(u64) u64_radix;
	u64_radix a, b;
	struct genradix_iter ia, ib;
	u64 *p, *q;
	size_t n = 0, inner = 0, i;

	genradix_init(&a);
	genradix_init(&b);
	for (i = 0; i < 4; i++) {
		*genradix_ptr_alloc(&a, i * 1000, GFP_KERNEL) = 1000 + i;
		*genradix_ptr_alloc(&b, i * 1000, GFP_KERNEL) = 2000 + i;
	}
	genradix_for_each(&a, ia, p) {
		KDS_EXPECT_PTR_EQ(e, p, genradix_ptr(&a, ia.pos));
		if (*p >= 1000) {
			KDS_EXPECT_EQ(e, *p, 1000 + ia.pos / 1000);
			n++;
		}
		/* Jump the iterator ahead from the body: to the next value. */
		ia = genradix_iter_init(&a, ia.pos - ia.pos % 1000 + 999);
		genradix_for_each(&b, ib, q)
			if (*q)
				inner++;
	}
	KDS_EXPECT_EQ(e, n, 4);
	KDS_EXPECT_EQ(e, inner, 4 * 4);
	n = 0;
	genradix_for_each_reverse(&a, ia, p)
		if (*p)
			n++;
	KDS_EXPECT_EQ(e, n, 4);
	genradix_free(&a);
	genradix_free(&b);
}

/*
 * A body that frees the tree it walks and leaves the loop at once, as the
 * header requires: nothing freed is read (ASan runs this case too), the
 * iterator is still a position (peeking the empty tree finds nothing),
 * and the tree is usable again.
 */
static void genradix_api_free_in_loop_then_leave(struct kds_expect *e)
{
	typedef GENRADIX(u64) u64_radix;
	long live0 = kds_alloc_live();
	u64_radix a;
	struct genradix_iter it;
	u64 *p;
	size_t i, seen = 0;

	genradix_init(&a);
	for (i = 0; i < 3000; i += 7)
		*genradix_ptr_alloc(&a, i, GFP_KERNEL) = i + 1;
	genradix_for_each(&a, it, p) {
		if (*p)
			seen++;
		if (it.pos == 700) {
			genradix_free(&a);
			break;
		}
	}
	KDS_EXPECT_EQ(e, seen, 101);
	KDS_EXPECT_EQ(e, it.pos, 700);
	KDS_EXPECT_EQ(e, GR_LIVE(), 0);
	KDS_EXPECT(e, !genradix_iter_peek(&it, &a));
	KDS_EXPECT(e, !genradix_ptr(&a, 0));
	KDS_ASSERT(e, genradix_ptr_alloc(&a, 5, GFP_KERNEL));
	seen = 0;
	genradix_for_each_reverse(&a, it, p)
		seen++;
	KDS_EXPECT_EQ(e, seen, GENRADIX_NODE_SIZE / sizeof(u64));
	genradix_free(&a);
}

/*
 * The loop macros walk a leaf at a time (an inner loop over the entries of
 * one leaf), but a loop body sees what it sees with Linux's macros:
 * continue moves to the next entry, break ends the whole loop on the
 * entry it was at (iterator and entry pointer included, and the iterator
 * stays usable), and a loop that runs to its end leaves the entry pointer
 * NULL. Leaves 0, 1, 2 and 5 exist; break is tried at the first, a middle
 * and the last entry of leaves and of the tree, both ways. 1-byte entries
 * are the size whose last index has the offset of an iterator past the
 * end; 24-byte ones leave an unused tail in every leaf.
 */
/* After a whole loop: @n entries visited, @kept past the continue, @p NULL. */
#define GR_EXPECT_WHOLE_LOOP(e, n, kept, want_n, want_kept, p) do {	\
	KDS_EXPECT_EQ(e, n, want_n);					\
	KDS_EXPECT_EQ(e, kept, want_kept);				\
	KDS_EXPECT(e, (p) == NULL);					\
} while (0)

/* @loop over @r until index @s, which breaks it; @n: entries visited. */
#define GR_LOOP_UNTIL(loop, r, iter, p, s, n) do {			\
	n = 0;								\
	loop(&r, iter, p) {						\
		n++;							\
		if (iter.pos == (s))					\
			break;						\
	}								\
} while (0)

/* A loop broken at @s stops there: the iterator and the cursor at @s. */
#define GR_EXPECT_STOPPED_AT(e, r, iter, p, s) do {			\
	KDS_EXPECT_EQ(e, iter.pos, s);					\
	KDS_EXPECT_PTR_EQ(e, p, genradix_ptr(&r, s));			\
} while (0)

#define GR_LOOP_SEMANTICS_CASE(name, T)					\
static size_t name##_rank(size_t pl, size_t idx)			\
{									\
	return idx < 3 * pl ? idx : idx - 2 * pl;			\
}									\
									\
static size_t name##_next(size_t pl, size_t idx)			\
{									\
	return idx + 1 == 3 * pl ? 5 * pl : idx + 1;			\
}									\
									\
static void name(struct kds_expect *e)					\
{									\
	GENRADIX(T) r;							\
	struct genradix_iter iter;					\
	const size_t pl = GR_NODE / sizeof(T);				\
	const size_t stops[] = { 0, pl / 2, pl - 1, pl, 2 * pl - 1,	\
				 3 * pl - 1, 5 * pl, 6 * pl - 1 };	\
	size_t i, n, kept, want, want_kept = 0;				\
	T *p, *q;							\
									\
	genradix_init(&r);						\
	for (i = 0; i < 6; i++)						\
		if (i != 3 && i != 4)					\
			KDS_ASSERT(e, genradix_ptr_alloc(&r, i * pl, GFP_KERNEL)); \
	for (i = 0; i < 6 * pl; i++)					\
		if ((i < 3 * pl || i >= 5 * pl) && !(i % 3))		\
			want_kept++;					\
									\
	/* continue: every entry once, in order; the rest of the body skipped. */ \
	n = kept = want = 0;						\
	genradix_for_each(&r, iter, p) {				\
		if (!KDS_EXPECT_EQ(e, iter.pos, want) ||		\
		    !KDS_EXPECT_PTR_EQ(e, p, genradix_ptr(&r, iter.pos))) \
			break;						\
		want = name##_next(pl, iter.pos);			\
		n++;							\
		if (iter.pos % 3)					\
			continue;					\
		kept++;							\
	}								\
	GR_EXPECT_WHOLE_LOOP(e, n, kept, 4 * pl, want_kept, p);		\
	n = kept = 0;							\
	genradix_for_each_reverse(&r, iter, p) {			\
		n++;							\
		if (iter.pos % 3)					\
			continue;					\
		kept++;							\
	}								\
	GR_EXPECT_WHOLE_LOOP(e, n, kept, 4 * pl, want_kept, p);		\
									\
	/* break: the loop ends on that entry, whichever leaf it is in. */ \
	for (i = 0; i < ARRAY_SIZE(stops); i++) {			\
		size_t s = stops[i];					\
									\
		kds_expect_ctx(e, "%zu-byte entries, break at %zu", sizeof(T), s); \
		GR_LOOP_UNTIL(genradix_for_each, r, iter, p, s, n);	\
		KDS_EXPECT_EQ(e, n, name##_rank(pl, s) + 1);		\
		GR_EXPECT_STOPPED_AT(e, r, iter, p, s);			\
		genradix_iter_advance(&iter, &r);			\
		q = genradix_iter_peek(&iter, &r);			\
		if (s == 6 * pl - 1) {					\
			KDS_EXPECT(e, q == NULL);			\
		} else {						\
			KDS_EXPECT_EQ(e, iter.pos, name##_next(pl, s)); \
			KDS_EXPECT_PTR_EQ(e, q, genradix_ptr(&r, iter.pos)); \
		}							\
		GR_LOOP_UNTIL(genradix_for_each_reverse, r, iter, p, s, n); \
		KDS_EXPECT_EQ(e, n, 4 * pl - name##_rank(pl, s));	\
		GR_EXPECT_STOPPED_AT(e, r, iter, p, s);			\
	}								\
	genradix_free(&r);						\
}

GR_LOOP_SEMANTICS_CASE(genradix_api_loop_break_continue_1, u8)
GR_LOOP_SEMANTICS_CASE(genradix_api_loop_break_continue_8, u64)
GR_LOOP_SEMANTICS_CASE(genradix_api_loop_break_continue_24, struct big)

/*
 * A loop body that frees and allocates: each entry holds a kmalloc()ed
 * buffer that the body frees; at one entry the body allocates a leaf
 * ahead of the iterator after a hole, and an entry so far ahead that the
 * tree grows a level, and the loop visits both, as Linux's does (every
 * leaf after the first is found from the tree as it is then). Every
 * buffer freed means every entry was visited once. Then a body that
 * frees the tree and leaves the loop with break.
 */
static void genradix_api_loop_body_frees_and_allocates(struct kds_expect *e)
{
	typedef GENRADIX(void *) ptr_radix;
	long live0 = kds_alloc_live();
	const size_t pl = GR_NODE / sizeof(void *);
	size_t far = (size_t)1 << (GR_SHIFT + GENRADIX_ARY_SHIFT - ilog2(sizeof(void *)));
	struct genradix_iter iter;
	unsigned int depth0;
	ptr_radix r;
	size_t i, n = 0, held = 0;
	void **p;

	genradix_init(&r);
	for (i = 0; i < 2 * pl; i++) {
		p = genradix_ptr_alloc(&r, i, GFP_KERNEL);
		KDS_ASSERT(e, p);
		*p = kmalloc(16, GFP_KERNEL);
		KDS_ASSERT(e, *p);
	}
	depth0 = genradix_root_to_depth(r.tree.root);
	genradix_for_each(&r, iter, p) {
		n++;
		kfree(*p);
		*p = NULL;
		if (iter.pos == pl / 2) {
			void **ahead = genradix_ptr_alloc(&r, 4 * pl + 1, GFP_KERNEL);
			void **grown = genradix_ptr_alloc(&r, far, GFP_KERNEL);

			if (!KDS_EXPECT(e, ahead && grown))
				break;
			*ahead = kmalloc(8, GFP_KERNEL);
			*grown = kmalloc(8, GFP_KERNEL);
		}
	}
	KDS_EXPECT(e, genradix_root_to_depth(r.tree.root) > depth0);
	KDS_EXPECT_EQ(e, n, 4 * pl);
	genradix_for_each(&r, iter, p)
		if (*p)
			held++;
	KDS_EXPECT_EQ(e, held, 0);
	genradix_free(&r);
	KDS_EXPECT_EQ(e, GR_LIVE(), 0);

	KDS_ASSERT(e, genradix_prealloc(&r, 3 * pl, GFP_KERNEL) == 0);
	n = 0;
	genradix_for_each(&r, iter, p) {
		n++;
		if (iter.pos == pl + 1) {
			genradix_free(&r);
			break;
		}
	}
	KDS_EXPECT_EQ(e, n, pl + 2);
	KDS_EXPECT(e, genradix_ptr(&r, 0) == NULL);
	KDS_EXPECT_EQ(e, GR_LIVE(), 0);
}

/* The upstream internal names kds provides mean what they mean in Linux. */
static void genradix_api_linux_internal_names(struct kds_expect *e)
{
	typedef GENRADIX(u64) u64_radix;
	long live0 = kds_alloc_live();
	u64_radix r;
	struct genradix_node *spare;
	size_t far = (size_t)1 << (GR_SHIFT + GENRADIX_ARY_SHIFT);
	u64 *p;

	KDS_EXPECT_EQ(e, GENRADIX_ARY, GR_NODE / sizeof(void *));
	KDS_EXPECT_EQ(e, (size_t)1 << GENRADIX_ARY_SHIFT, GENRADIX_ARY);
	KDS_EXPECT_EQ(e, genradix_depth_shift(0), GR_SHIFT);
	KDS_EXPECT_EQ(e, genradix_depth_shift(2), GR_SHIFT + 2 * GENRADIX_ARY_SHIFT);
	KDS_EXPECT_EQ(e, genradix_depth_size(1), (size_t)GR_NODE << GENRADIX_ARY_SHIFT);
	KDS_EXPECT(e, genradix_depth_shift(GENRADIX_MAX_DEPTH) >= GR_OFFSET_BITS);
	KDS_EXPECT(e, genradix_depth_shift(GENRADIX_MAX_DEPTH - 1) < GR_OFFSET_BITS);
	KDS_EXPECT(e, GENRADIX_DEPTH_MASK >= GENRADIX_MAX_DEPTH);

	genradix_init(&r);
	spare = genradix_alloc_node(GFP_KERNEL);
	p = __genradix_ptr_alloc(&r.tree, far, &spare, GFP_KERNEL);
	KDS_ASSERT(e, p);
	KDS_EXPECT(e, !spare); /* the spare was taken */
	KDS_EXPECT_PTR_EQ(e, __genradix_ptr(&r.tree, far), p);
	KDS_EXPECT_PTR_EQ(e, genradix_ptr(&r, far / 8), p);
	KDS_EXPECT(e, !(__genradix_ptr(&r.tree, far + GR_NODE)));
	KDS_EXPECT_EQ(e, genradix_root_to_depth(r.tree.root), 2);
	KDS_EXPECT_PTR_EQ(e, (void *)genradix_root_to_node(r.tree.root), (void *)((unsigned long)r.tree.root & ~GENRADIX_DEPTH_MASK));
	__genradix_free(&r.tree);
	KDS_EXPECT(e, !r.tree.root);
	KDS_EXPECT_EQ(e, GR_LIVE(), 0);
}

/* ------------------------------------- as kernel code uses it */

static void genradix_ku_sctp_stream_table(struct kds_expect *e)
{
	struct sctp_stream stream;
	int i;

	memset(&stream, 0, sizeof(stream));
	genradix_init(&stream.out);
	genradix_init(&stream.in);

	KDS_EXPECT_EQ(e, sctp_stream_init(&stream, 10, 20, GFP_KERNEL), 0);
	for (i = 0; i < 10; i++)
		KDS_EXPECT_EQ(e, SCTP_SO(&stream, i)->state, SCTP_STREAM_OPEN);
	for (i = 0; i < 20; i++) {
		KDS_ASSERT(e, SCTP_SI(&stream, i));
		KDS_EXPECT_EQ(e, SCTP_SI(&stream, i)->fsn, 0);
	}
	/* Streams are independent entries. */
	SCTP_SO(&stream, 3)->mid = 77;
	KDS_EXPECT_EQ(e, SCTP_SO(&stream, 4)->mid, 0);
	KDS_EXPECT_EQ(e, sctp_stream_init_ext(&stream, 3), 0);
	KDS_EXPECT(e, list_empty(&SCTP_SO(&stream, 3)->ext->outq));

	/* Growing to 65535 streams (the u16 maximum) keeps existing state. */
	KDS_EXPECT_EQ(e, sctp_stream_init(&stream, 65535, 0, GFP_KERNEL), 0);
	KDS_EXPECT_EQ(e, SCTP_SO(&stream, 3)->mid, 77);
	KDS_ASSERT(e, SCTP_SO(&stream, 3)->ext);
	KDS_EXPECT_EQ(e, SCTP_SO(&stream, 65534)->state, SCTP_STREAM_OPEN);
	/* prealloc(outcnt) covers outcnt + 1 entries, as in Linux. */
	KDS_ASSERT(e, SCTP_SO(&stream, 65535));
	sctp_stream_free(&stream);
	KDS_EXPECT(e, !(SCTP_SO(&stream, 0)));
}

static void genradix_ku_proc_map_files(struct kds_expect *e)
{
	/* Off the stack: the kernel's is small. */
	struct fake_vma *vmas = kmalloc_array(400, sizeof(*vmas), GFP_KERNEL);
	size_t outlen = 32 * 400;
	char *out = kmalloc(outlen, GFP_KERNEL);
	int nr = 0, i, files = 0;

	if (!vmas || !out) {
		kds_expect_fail(e, __FILE__, __LINE__, "out of memory");
		goto out;
	}
	for (i = 0; i < 400; i++) {
		vmas[i].vm_start = 0x400000UL + i * 0x1000UL;
		vmas[i].vm_end = vmas[i].vm_start + 0x1000UL;
		vmas[i].has_file = i % 3 != 0;
		vmas[i].f_mode = i;
		files += vmas[i].has_file;
	}
	KDS_EXPECT_EQ(e, proc_map_files_collect(vmas, 400, out, outlen, &nr), 0);
	KDS_EXPECT_EQ(e, nr, files);
	if (KDS_EXPECT_EQ(e, strncmp(out, "401000-402000\n402000-403000\n404000-405000\n", 42), 0) == false)
		kds_expect_note(e, "got %.42s", out);
out:
	kfree(out);
	kfree(vmas);
}

static void genradix_ku_map_files_for_each(struct kds_expect *e)
{
	GENRADIX(struct map_files_info) fa;
	struct map_files_info *p;
	struct genradix_iter iter;
	unsigned long n = 0;

	genradix_init(&fa);
	for (n = 0; n < 1000; n++) {
		p = genradix_ptr_alloc(&fa, n, GFP_KERNEL);
		KDS_ASSERT(e, p);
		p->start = n << 12;
		p->end = (n + 1) << 12;
		p->mode = 1;
	}
	n = 0;
	genradix_for_each(&fa, iter, p) {
		if (!p->mode)
			break;	/* entries past the last written one read as zero */
		KDS_EXPECT_EQ(e, iter.pos, n);
		KDS_EXPECT_EQ(e, p->start, n << 12);
		n++;
	}
	KDS_EXPECT_EQ(e, n, 1000);
	n = 0;
	genradix_for_each_reverse(&fa, iter, p) {
		if (p->mode) {
			KDS_EXPECT_EQ(e, p->start, iter.pos << 12);
			n++;
		}
	}
	KDS_EXPECT_EQ(e, n, 1000);
	genradix_free(&fa);
}

static const struct kds_case kds_gr_api_cases[] = {
	KDS_CASE(genradix_api_empty_tree),
	KDS_CASE(genradix_api_last_pos_is_exact),
	KDS_CASE(genradix_api_leaf_neighbours_exist_and_read_zero),
	KDS_CASE(genradix_api_depth_boundaries),
	KDS_CASE(genradix_api_lookup_at_the_top_of_each_depth),
	KDS_CASE(genradix_api_reciprocal_split_is_exact),
	KDS_CASE(genradix_api_top_of_index_space),
	KDS_CASE(genradix_api_iteration_across_holes),
	KDS_CASE(genradix_api_iterator_ends_and_zero_init),
	KDS_CASE(genradix_api_iterator_sees_growth_after_caching),
	KDS_CASE(genradix_api_prealloc_covers_nr_inclusive),
	KDS_CASE(genradix_api_preallocated_spare_node),
	KDS_CASE(genradix_api_preallocated_linux_caller_does_not_leak),
	KDS_CASE(genradix_api_preallocated_inlined_existing_every_depth),
	KDS_CASE(genradix_api_unrepresentable_preallocated_takes_spare),
	KDS_CASE(genradix_api_ilog2_zero_and_offset_zero),
	KDS_CASE(genradix_api_define_init_free_reuse),
	KDS_CASE(genradix_api_peek_prev_from_past_the_end),
	KDS_CASE(genradix_api_iterator_is_a_position),
	KDS_CASE(genradix_api_loop_cursor_follows_the_iterator),
	KDS_CASE(genradix_api_free_in_loop_then_leave),
	KDS_CASE(genradix_api_loop_break_continue_1),
	KDS_CASE(genradix_api_loop_break_continue_8),
	KDS_CASE(genradix_api_loop_break_continue_24),
	KDS_CASE(genradix_api_loop_body_frees_and_allocates),
	KDS_CASE(genradix_api_linux_internal_names),
	KDS_CASE(genradix_ku_sctp_stream_table),
	KDS_CASE(genradix_ku_proc_map_files),
	KDS_CASE(genradix_ku_map_files_for_each),
};

KDS_SUITE(kds_suite_genradix_api, "kds_genradix_api", kds_gr_api_cases, NULL);
