// SPDX-License-Identifier: GPL-2.0
/*
 * api_test.c - every genradix entry point, for every tested entry size:
 * lookups, allocation, depth boundaries, the top of the index space,
 * iteration both ways across holes, prealloc and preallocated nodes.
 */
#include "kds_testing.h"
#include "gr_test.h"

KDS_TEST_SUITE(genradix_api);

#define FOR_EACH_OPS(ops) \
	for (const struct gr_ops *ops = gr_ops_all; ops < gr_ops_all + gr_ops_count; ops++)

static unsigned int root_depth(struct gr_radix *r)
{
	return (unsigned long)r->tree.root & 15;
}

static bool count_visit(void *ctx, size_t pos, void *p)
{
	(*(size_t *)ctx)++;
	return true;
}

Test(genradix_api, empty_tree)
{
	FOR_EACH_OPS(ops) {
		struct gr_radix r;
		struct genradix_iter it;
		size_t n = 0;

		genradix_init(&r);
		cr_assert_null(ops->ptr(&r, 0));
		cr_assert_null(ops->ptr_inlined(&r, 0));
		cr_assert_null(ops->ptr(&r, ops->last_pos));
		cr_assert_null(ops->ptr(&r, SIZE_MAX));
		ops->iter_init(&r, &it, 0);
		cr_assert_null(ops->peek(&r, &it));
		ops->iter_init(&r, &it, ops->last_pos);
		cr_assert_null(ops->peek_prev(&r, &it));
		cr_assert_eq(ops->for_each(&r, count_visit, &n), 0);
		cr_assert_eq(ops->for_each_reverse(&r, count_visit, &n), 0);
		ops->free(&r);
		ops->free(&r);
		cr_assert_null(r.tree.root);
	}
}

Test(genradix_api, last_pos_is_exact)
{
	FOR_EACH_OPS(ops) {
		size_t last = ops->last_pos, per_leaf = gr_per_leaf(ops);

		if (is_power_of_2(ops->size)) {
			cr_assert_eq(last, SIZE_MAX / ops->size, "size %zu", ops->size);
		} else {
			cr_assert_eq(last / per_leaf, SIZE_MAX >> GR_SHIFT, "size %zu", ops->size);
			cr_assert_eq(last % per_leaf, per_leaf - 1, "size %zu", ops->size);
		}
	}
}

Test(genradix_api, leaf_neighbours_exist_and_read_zero)
{
	FOR_EACH_OPS(ops) {
		struct gr_radix r;
		size_t per_leaf = gr_per_leaf(ops), i;
		size_t idx = per_leaf > 5 ? 5 : 0;
		u8 *p, *q;

		genradix_init(&r);
		p = ops->alloc(&r, idx, GFP_KERNEL);
		cr_assert_not_null(p, "size %zu", ops->size);
		cr_assert_eq(((unsigned long)p - (idx % per_leaf) * ops->size) % GR_NODE, 0);
		memset(p, 0xa5, ops->size);
		cr_assert_eq(ops->ptr(&r, idx), (void *)p);
		cr_assert_eq(ops->alloc(&r, idx, GFP_KERNEL), (void *)p, "second alloc moves");
		for (i = 0; i < per_leaf; i++) {
			q = ops->ptr(&r, i);
			cr_assert_not_null(q, "size %zu idx %zu shares the leaf", ops->size, i);
			cr_assert_eq(q, (u8 *)p + ((long)i - (long)idx) * (long)ops->size);
			if (i != idx) {
				cr_assert_eq(gr_get(ops, q), 0);
				cr_assert(gr_tail_zero(ops, q));
				cr_assert_eq(q[ops->size - 1], 0);
			}
		}
		cr_assert_null(ops->ptr(&r, per_leaf), "next leaf absent");
		cr_assert_eq(kds_alloc_live(), 1, "a single leaf");
		ops->free(&r);
		cr_assert_eq(kds_alloc_live(), 0);
	}
}

Test(genradix_api, depth_boundaries)
{
	FOR_EACH_OPS(ops) {
		struct gr_radix r;
		unsigned int d;
		size_t n = 0;

		genradix_init(&r);
		for (d = 1; ; d++) {
			size_t b = gr_first_idx_at_depth(ops, d);
			size_t idx[2] = { b - 1, b };
			int k;

			if (!b)
				break;
			for (k = 0; k < 2; k++) {
				void *p = ops->alloc(&r, idx[k], GFP_KERNEL);

				cr_assert_not_null(p, "size %zu idx %zu", ops->size, idx[k]);
				gr_put(ops, p, idx[k] * 7 + 1);
			}
			cr_assert_eq(root_depth(&r), d, "size %zu: depth %u after idx %zu",
				     ops->size, root_depth(&r), b);
		}
		/* And the very top. */
		cr_assert_not_null(ops->alloc(&r, ops->last_pos, GFP_KERNEL));
		gr_put(ops, ops->ptr(&r, ops->last_pos), 3);
		cr_assert_eq(root_depth(&r),
			     gr_depth_for((size_t)gr_leaf_of(ops, ops->last_pos) << GR_SHIFT));
		/* Everything written survived each growth step. */
		for (d = 1; gr_first_idx_at_depth(ops, d); d++) {
			size_t b = gr_first_idx_at_depth(ops, d);

			cr_assert_eq(gr_get(ops, ops->ptr(&r, b - 1)), ((b - 1) * 7 + 1) & gr_mask(ops));
			cr_assert_eq(gr_get(ops, ops->ptr_inlined(&r, b)), (b * 7 + 1) & gr_mask(ops));
		}
		cr_assert_eq(gr_get(ops, ops->ptr(&r, ops->last_pos)), 3);
		ops->for_each(&r, count_visit, &n);
		cr_assert_gt(n, 0);
		ops->free(&r);
	}
}

Test(genradix_api, top_of_index_space)
{
	FOR_EACH_OPS(ops) {
		struct gr_radix r;
		struct genradix_iter it;
		size_t last = ops->last_pos;
		void *p;

		genradix_init(&r);
		p = ops->alloc(&r, last, GFP_KERNEL);
		cr_assert_not_null(p, "size %zu", ops->size);
		cr_assert_eq(ops->ptr(&r, last), p);
		if (last != SIZE_MAX) {
			cr_assert_null(ops->alloc(&r, last + 1, GFP_KERNEL));
			cr_assert_null(ops->alloc_inlined(&r, last + 1, GFP_KERNEL));
			cr_assert_null(ops->ptr(&r, last + 1));
			cr_assert_null(ops->ptr_inlined(&r, SIZE_MAX));
			cr_assert_null(ops->alloc(&r, SIZE_MAX, GFP_KERNEL));
			cr_assert_eq(ops->prealloc(&r, last + 1, GFP_KERNEL), -ENOMEM);
			ops->iter_init(&r, &it, last + 1);
			cr_assert_null(ops->peek(&r, &it), "init beyond last_pos is past the end");
			cr_assert_eq(ops->peek_prev(&r, &it), p, "and peek_prev finds the last entry");
			cr_assert_eq(it.pos, last);
			cr_assert_eq(ops->prealloc(&r, SIZE_MAX, GFP_KERNEL), -ENOMEM,
				     "size %zu: prealloc(SIZE_MAX)", ops->size);
		}

		/* Forward over the last entry ends cleanly (no wrap to 0). */
		ops->iter_init(&r, &it, last);
		cr_assert_eq(ops->peek(&r, &it), p);
		cr_assert_eq(it.pos, last);
		ops->advance(&r, &it);
		cr_assert_null(ops->peek(&r, &it));
		cr_assert_null(ops->peek(&r, &it));
		ops->advance(&r, &it);
		cr_assert_null(ops->peek(&r, &it), "advancing a finished iterator");

		/* Backward from the top finds the last entry first. */
		ops->iter_init(&r, &it, last);
		cr_assert_eq(ops->peek_prev(&r, &it), p);
		cr_assert_eq(it.pos, last);
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

Test(genradix_api, iteration_across_holes)
{
	FOR_EACH_OPS(ops) {
		struct gr_model m;
		size_t per_leaf = gr_per_leaf(ops);
		size_t leaves[] = { 3, 4, 9, 700, 70000, 1UL << 30 };
		size_t i;

		gr_model_init(&m, ops);
		for (i = 0; i < ARRAY_SIZE(leaves); i++) {
			size_t idx = gr_first_idx(ops, leaves[i]) + (per_leaf - 1) / 2;
			void *p = ops->alloc(&m.r, idx, GFP_KERNEL);

			cr_assert_not_null(p);
			gr_model_add_leaf(&m, 0);
			gr_model_add_leaf(&m, leaves[i]);
		}
		cr_assert(gr_model_check_all(&m), "size %zu: %s", ops->size, m.err);

		/* for_each_from a hole lands on the next leaf's first entry. */
		{
			size_t buf_pos[4];
			void *buf_p[4];
			struct collect c = { .cap = 4, .pos = buf_pos, .p = buf_p };

			ops->for_each_from(&m.r, gr_first_idx(ops, 10), collect_visit, &c);
			cr_assert_eq(c.n, 2 * per_leaf + per_leaf);
			cr_assert_eq(buf_pos[0], gr_first_idx(ops, 700));
			cr_assert_eq(buf_p[0], ops->ptr(&m.r, buf_pos[0]));
		}
		/* peek_prev from a hole lands on the previous leaf's last entry. */
		{
			struct genradix_iter it;

			ops->iter_init(&m.r, &it, gr_first_idx(ops, 699));
			cr_assert_not_null(ops->peek_prev(&m.r, &it));
			cr_assert_eq(it.pos, gr_first_idx(ops, 10) - 1);
			ops->rewind(&m.r, &it);
			cr_assert_eq(it.pos, gr_first_idx(ops, 10) - 2);
			cr_assert_not_null(ops->peek_prev(&m.r, &it));
			if (per_leaf > 1)
				cr_assert_eq(it.pos, gr_first_idx(ops, 10) - 2);
			else
				cr_assert_eq(it.pos, 4, "leaves 5..8 are holes");
		}
		gr_model_destroy(&m);
	}
}

Test(genradix_api, iterator_ends_and_zero_init)
{
	FOR_EACH_OPS(ops) {
		struct gr_radix r;
		struct genradix_iter it;
		void *p0;

		genradix_init(&r);
		p0 = ops->alloc(&r, 0, GFP_KERNEL);
		cr_assert_not_null(p0);

		/* A zero-filled iterator is at index 0. */
		memset(&it, 0, sizeof(it));
		cr_assert_eq(ops->peek(&r, &it), p0);
		cr_assert_eq(it.pos, 0);

		/*
		 * Rewinding from 0 goes before the start: pos stays 0 (as in
		 * Linux), it does not wrap to the top, and it stays there.
		 */
		ops->iter_init(&r, &it, 0);
		cr_assert_eq(ops->peek_prev(&r, &it), p0);
		ops->rewind(&r, &it);
		cr_assert_eq(it.pos, 0);
		cr_assert_null(ops->peek_prev(&r, &it));
		cr_assert_eq(it.pos, 0);
		cr_assert_null(ops->peek(&r, &it));
		ops->rewind(&r, &it);
		cr_assert_eq(it.pos, 0);
		cr_assert_null(ops->peek_prev(&r, &it));

		/* Forward across the whole of leaf 0, then the end. */
		ops->iter_init(&r, &it, 0);
		for (size_t i = 0; i < gr_per_leaf(ops); i++) {
			void *p = ops->peek(&r, &it);

			cr_assert_eq(it.pos, i);
			cr_assert_eq(p, ops->ptr(&r, i));
			ops->advance(&r, &it);
		}
		cr_assert_null(ops->peek(&r, &it));
		ops->free(&r);
	}
}

Test(genradix_api, iterator_sees_growth_after_caching)
{
	FOR_EACH_OPS(ops) {
		struct gr_radix r;
		struct genradix_iter it;
		size_t far = gr_first_idx(ops, 5000);

		genradix_init(&r);
		cr_assert_not_null(ops->alloc(&r, 0, GFP_KERNEL));
		ops->iter_init(&r, &it, gr_per_leaf(ops) - 1);
		cr_assert_not_null(ops->peek(&r, &it));
		ops->advance(&r, &it);
		cr_assert_null(ops->peek(&r, &it));
		/* The tree grows under the iterator; the next peek finds it. */
		cr_assert_not_null(ops->alloc(&r, far, GFP_KERNEL));
		cr_assert_not_null(ops->peek(&r, &it));
		cr_assert_eq(it.pos, far);
		ops->free(&r);
	}
}

Test(genradix_api, prealloc_covers_nr_inclusive)
{
	FOR_EACH_OPS(ops) {
		struct gr_radix r;
		size_t per_leaf = gr_per_leaf(ops), n;

		genradix_init(&r);
		cr_assert_eq(ops->prealloc(&r, 0, GFP_KERNEL), 0);
		cr_assert_eq(kds_alloc_live(), 1);
		cr_assert_not_null(ops->ptr(&r, 0));
		ops->free(&r);

		/* nr = last index of leaf 0: one leaf. */
		cr_assert_eq(ops->prealloc(&r, per_leaf - 1, GFP_KERNEL), 0);
		cr_assert_eq(kds_alloc_live(), 1, "size %zu", ops->size);
		cr_assert_not_null(ops->ptr(&r, per_leaf - 1));
		cr_assert_null(ops->ptr(&r, per_leaf));
		ops->free(&r);

		/* nr = first index of leaf 1: entry nr is present too (nr + 1 entries). */
		cr_assert_eq(ops->prealloc(&r, per_leaf, GFP_KERNEL), 0);
		cr_assert_eq(kds_alloc_live(), 3, "two leaves and their parent");
		cr_assert_not_null(ops->ptr(&r, per_leaf));
		cr_assert_null(ops->ptr(&r, 2 * per_leaf));
		n = 0;
		ops->for_each(&r, count_visit, &n);
		cr_assert_eq(n, 2 * per_leaf);
		/* Prealloc again allocates nothing new. */
		cr_assert_eq(ops->prealloc(&r, per_leaf, GFP_KERNEL), 0);
		cr_assert_eq(kds_alloc_live(), 3);
		ops->free(&r);

		/* A larger table: exactly the leaves 0..leaf(nr). */
		cr_assert_eq(ops->prealloc(&r, 37 * per_leaf + (per_leaf - 1) / 2, GFP_KERNEL), 0);
		n = 0;
		ops->for_each(&r, count_visit, &n);
		cr_assert_eq(n, 38 * per_leaf);
		ops->free(&r);
	}
}

Test(genradix_api, prealloc_failure_keeps_tree_valid)
{
	kds_warn_set_quiet(true);
	FOR_EACH_OPS(ops) {
		struct gr_radix r;
		size_t per_leaf = gr_per_leaf(ops);
		unsigned long before;
		void *p;

		genradix_init(&r);
		p = ops->alloc(&r, 1, GFP_KERNEL);
		cr_assert_not_null(p);
		gr_put(ops, p, 0x5a);
		kds_alloc_fail_nth(3);
		cr_assert_eq(ops->prealloc(&r, 20 * per_leaf, GFP_KERNEL), -ENOMEM);
		kds_alloc_fail_off();
		cr_assert_eq(ops->ptr(&r, 1), p);
		cr_assert_eq(gr_get(ops, p), 0x5a & gr_mask(ops));
		/* An unrepresentable count fails before allocating anything. */
		before = kds_alloc_attempts();
		if (ops->last_pos != SIZE_MAX)
			cr_assert_eq(ops->prealloc(&r, ops->last_pos + 1, GFP_KERNEL), -ENOMEM);
		cr_assert_eq(kds_alloc_attempts(), before);
		/* And the retry succeeds. */
		cr_assert_eq(ops->prealloc(&r, 20 * per_leaf, GFP_KERNEL), 0);
		cr_assert_not_null(ops->ptr(&r, 20 * per_leaf));
		ops->free(&r);
	}
}

Test(genradix_api, preallocated_spare_node)
{
	FOR_EACH_OPS(ops) {
		struct gr_radix r;
		struct genradix_node *spare;
		unsigned long before;
		void *p;

		genradix_init(&r);
		/* An empty tree needs one node: the spare, and nothing else. */
		spare = genradix_alloc_node(GFP_KERNEL);
		cr_assert_not_null(spare);
		before = kds_alloc_attempts();
		p = ops->alloc_pre(&r, 0, &spare, GFP_NOWAIT);
		cr_assert_not_null(p);
		cr_assert_null(spare, "the spare was used");
		cr_assert_eq(kds_alloc_attempts(), before);
		cr_assert_eq((void *)((unsigned long)p & ~(GR_NODE - 1)),
			     (void *)__kds_genradix_node(r.tree.root));

		/*
		 * An existing entry: the inlined variant finds it inline and
		 * leaves the spare with the caller (as Linux's does); the
		 * out-of-line one takes the spare and frees it (as Linux's
		 * __genradix_ptr_alloc() does).
		 */
		spare = genradix_alloc_node(GFP_KERNEL);
		cr_assert_eq(ops->alloc_pre_inlined(&r, 0, &spare, GFP_NOWAIT), p);
		cr_assert_not_null(spare);
		cr_assert_eq(kds_alloc_live(), 2);
		cr_assert_eq(ops->alloc_pre(&r, 0, &spare, GFP_NOWAIT), p);
		cr_assert_null(spare, "the call owns the spare");
		cr_assert_eq(kds_alloc_live(), 1, "the unused spare was freed");

		/* Two levels needed, one spare: the second node is allocated. */
		spare = genradix_alloc_node(GFP_KERNEL);
		before = kds_alloc_attempts();
		p = ops->alloc_pre(&r, gr_per_leaf(ops), &spare, GFP_KERNEL);
		cr_assert_not_null(p);
		cr_assert_null(spare);
		cr_assert_eq(kds_alloc_attempts(), before + 1);
		cr_assert_eq(kds_alloc_live(), 3);

		/* A spare that is not needed is freed, not handed back. */
		spare = genradix_alloc_node(GFP_KERNEL);
		cr_assert_not_null(ops->alloc_pre(&r, gr_per_leaf(ops), &spare,
						  GFP_KERNEL));
		cr_assert_null(spare);
		cr_assert_eq(kds_alloc_live(), 3);
		spare = genradix_alloc_node(GFP_KERNEL);
		cr_assert_not_null(ops->alloc_pre_inlined(&r, 2 * gr_per_leaf(ops), &spare,
							  GFP_KERNEL));
		cr_assert_null(spare, "slow path: the call owns the spare");
		cr_assert_eq(kds_alloc_live(), 4, "one new leaf, the spare");

		/* A NULL spare slot behaves like genradix_ptr_alloc. */
		spare = NULL;
		cr_assert_not_null(ops->alloc_pre(&r, 3 * gr_per_leaf(ops), &spare, GFP_KERNEL));
		cr_assert_null(spare);
		genradix_free_node(spare);
		ops->free(&r);
	}
}

/*
 * A caller written for Linux never frees the spare after the call: with
 * kds it must not leak either, on any path.
 */
Test(genradix_api, preallocated_linux_caller_does_not_leak)
{
	FOR_EACH_OPS(ops) {
		struct gr_radix r;
		size_t idx[] = { 0, 1, gr_per_leaf(ops), gr_first_idx(ops, 700),
				 gr_first_idx(ops, 700) + 1, ops->last_pos };
		size_t i;

		genradix_init(&r);
		for (i = 0; i < ARRAY_SIZE(idx); i++) {
			struct genradix_node *spare = genradix_alloc_node(GFP_KERNEL);

			cr_assert_not_null(ops->alloc_pre(&r, idx[i], &spare, GFP_KERNEL));
			cr_assert_null(spare, "size %zu idx %zu", ops->size, idx[i]);
		}
		ops->free(&r);
		cr_assert_eq(kds_alloc_live(), 0, "size %zu: leak", ops->size);
	}
}

Test(genradix_api, unrepresentable_preallocated_takes_spare)
{
	FOR_EACH_OPS(ops) {
		struct gr_radix r;
		struct genradix_node *spare;

		if (ops->last_pos == SIZE_MAX)
			continue;
		genradix_init(&r);
		spare = genradix_alloc_node(GFP_KERNEL);
		cr_assert_null(ops->alloc_pre(&r, ops->last_pos + 1, &spare, GFP_KERNEL));
		cr_assert_null(spare);
		spare = genradix_alloc_node(GFP_KERNEL);
		cr_assert_null(ops->alloc_pre_inlined(&r, SIZE_MAX, &spare, GFP_KERNEL));
		cr_assert_null(spare);
		cr_assert_null(r.tree.root);
		cr_assert_eq(kds_alloc_live(), 0, "both spares freed");
	}
}

Test(genradix_api, ilog2_zero_and_offset_zero)
{
	volatile size_t zero = 0;

	cr_assert_eq(ilog2(zero), -1);
	FOR_EACH_OPS(ops) {
		struct gr_radix r;

		genradix_init(&r);
		cr_assert_not_null(ops->alloc(&r, zero, GFP_KERNEL));
		cr_assert_eq(root_depth(&r), 0);
		cr_assert_not_null(ops->ptr(&r, zero));
		ops->free(&r);
	}
}

struct big { u64 a[3]; };
static DEFINE_GENRADIX(static_radix, struct big);

Test(genradix_api, define_init_free_reuse)
{
	struct genradix_iter iter;
	struct big *b;
	size_t n = 0;

	b = genradix_ptr_alloc(&static_radix, 1000, GFP_KERNEL);
	cr_assert_not_null(b);
	b->a[2] = 99;
	genradix_for_each_from(&static_radix, iter, b, 999) {
		cr_assert_eq(iter.pos, 999 + n);
		n++;
		if (iter.pos == 1000)
			cr_assert_eq(b->a[2], 99);
	}
	genradix_free(&static_radix);
	cr_assert_null(genradix_ptr(&static_radix, 1000));
	genradix_init(&static_radix);
	cr_assert_null(genradix_ptr(&static_radix, 0));
	cr_assert_eq(genradix_prealloc(&static_radix, 3, GFP_KERNEL), 0);
	cr_assert_not_null(genradix_ptr_inlined(&static_radix, 3));
	genradix_free(&static_radix);
}

/*
 * peek_prev from a position past the end (genradix_iter_init(SIZE_MAX), or
 * an iterator advanced off the end) returns the last entry, as in Linux.
 */
Test(genradix_api, peek_prev_from_past_the_end)
{
	FOR_EACH_OPS(ops) {
		struct gr_radix r;
		struct genradix_iter it;
		size_t far = gr_first_idx(ops, 5000);
		void *pf;

		genradix_init(&r);
		pf = ops->alloc(&r, far, GFP_KERNEL);
		cr_assert_not_null(ops->alloc(&r, 3, GFP_KERNEL));
		cr_assert_not_null(pf);

		ops->iter_init(&r, &it, SIZE_MAX);
		cr_assert_null(ops->peek(&r, &it), "size %zu", ops->size);
		cr_assert_eq(ops->peek_prev(&r, &it), ops->ptr(&r, gr_first_idx(ops, 5001) - 1),
			     "size %zu: the last entry of far's leaf", ops->size);
		cr_assert_eq(it.pos, gr_first_idx(ops, 5001) - 1);

		/* Off the end by advancing: forward NULL, backward the last entry. */
		ops->iter_init(&r, &it, ops->last_pos);
		ops->advance(&r, &it);
		cr_assert_null(ops->peek(&r, &it));
		cr_assert_not_null(ops->peek_prev(&r, &it));
		cr_assert_eq(it.pos, gr_first_idx(ops, 5001) - 1);

		/* Only the last entry of the index space exists beyond far's leaf. */
		cr_assert_not_null(ops->alloc(&r, ops->last_pos, GFP_KERNEL));
		ops->iter_init(&r, &it, SIZE_MAX);
		cr_assert_eq(ops->peek_prev(&r, &it), ops->ptr(&r, ops->last_pos));
		cr_assert_eq(it.pos, ops->last_pos, "size %zu", ops->size);
		ops->free(&r);
	}
}

/*
 * An iterator is a position only (16 bytes, as in Linux): the same
 * iterator works on another tree, and across genradix_free().
 */
Test(genradix_api, iterator_is_a_position)
{
	cr_assert_eq(sizeof(struct genradix_iter), 2 * sizeof(size_t));
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
		cr_assert_eq(ops->peek(&a, &it), pa);
		cr_assert_eq(ops->peek(&b, &it), pb, "size %zu: peek b with a's iterator",
			     ops->size);
		cr_assert_eq(gr_get(ops, ops->peek(&b, &it)), 222 & gr_mask(ops));
		cr_assert_eq(ops->peek_prev(&b, &it), pb);

		/* Across genradix_free() of the tree the iterator was used on. */
		ops->free(&a);
		cr_assert_null(ops->peek(&a, &it));
		cr_assert_null(ops->peek_prev(&a, &it));
		pa = ops->alloc(&a, gr_first_idx(ops, 9), GFP_KERNEL);
		/* (leaf 0 exists in every non-empty tree) */
		cr_assert_eq(ops->peek(&a, &it), gr_per_leaf(ops) > 7 ? ops->ptr(&a, 7) : pa);
		cr_assert_eq(it.pos, gr_per_leaf(ops) > 7 ? 7 : gr_first_idx(ops, 9));
		ops->free(&a);
		ops->free(&b);
		cr_assert_eq(kds_alloc_live(), 0);
	}
}

/*
 * The loop macros keep their leaf in a hidden variable: an iterator moved
 * by the loop body, or a nested loop over another tree with its own
 * iterator, must not be served from a stale leaf.
 */
Test(genradix_api, loop_cursor_follows_the_iterator)
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
		cr_assert_eq(p, genradix_ptr(&a, ia.pos));
		if (*p >= 1000) {
			cr_assert_eq(*p, 1000 + ia.pos / 1000);
			n++;
		}
		/* Jump the iterator ahead from the body: to the next value. */
		ia = genradix_iter_init(&a, ia.pos - ia.pos % 1000 + 999);
		genradix_for_each(&b, ib, q)
			if (*q)
				inner++;
	}
	cr_assert_eq(n, 4);
	cr_assert_eq(inner, 4 * 4);
	n = 0;
	genradix_for_each_reverse(&a, ia, p)
		if (*p)
			n++;
	cr_assert_eq(n, 4);
	genradix_free(&a);
	genradix_free(&b);
}

/* The upstream internal names kds provides mean what they mean in Linux. */
Test(genradix_api, upstream_internal_names)
{
	typedef GENRADIX(u64) u64_radix;
	u64_radix r;
	struct genradix_node *spare;
	size_t far = (size_t)1 << (GR_SHIFT + GENRADIX_ARY_SHIFT);
	u64 *p;

	cr_assert_eq(GENRADIX_ARY, GR_NODE / sizeof(void *));
	cr_assert_eq((size_t)1 << GENRADIX_ARY_SHIFT, GENRADIX_ARY);
	cr_assert_eq(genradix_depth_shift(0), GR_SHIFT);
	cr_assert_eq(genradix_depth_shift(2), GR_SHIFT + 2 * GENRADIX_ARY_SHIFT);
	cr_assert_eq(genradix_depth_size(1), (size_t)GR_NODE << GENRADIX_ARY_SHIFT);
	cr_assert_geq(genradix_depth_shift(GENRADIX_MAX_DEPTH), 64);
	cr_assert_lt(genradix_depth_shift(GENRADIX_MAX_DEPTH - 1), 64);
	cr_assert_geq(GENRADIX_DEPTH_MASK, GENRADIX_MAX_DEPTH);

	genradix_init(&r);
	spare = genradix_alloc_node(GFP_KERNEL);
	p = __genradix_ptr_alloc(&r.tree, far, &spare, GFP_KERNEL);
	cr_assert_not_null(p);
	cr_assert_null(spare, "the spare was taken");
	cr_assert_eq(__genradix_ptr(&r.tree, far), p);
	cr_assert_eq(genradix_ptr(&r, far / 8), p);
	cr_assert_null(__genradix_ptr(&r.tree, far + GR_NODE));
	cr_assert_eq(genradix_root_to_depth(r.tree.root), 2);
	cr_assert_eq((void *)genradix_root_to_node(r.tree.root),
		     (void *)((unsigned long)r.tree.root & ~GENRADIX_DEPTH_MASK));
	__genradix_free(&r.tree);
	cr_assert_null(r.tree.root);
	cr_assert_eq(kds_alloc_live(), 0);
}
