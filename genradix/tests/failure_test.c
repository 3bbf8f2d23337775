// SPDX-License-Identifier: GPL-2.0
/*
 * failure_test.c - allocation failure at every point: a scenario is re-run
 * failing its 1st, 2nd, ... allocation until it runs clean. Every call must
 * fail cleanly (NULL or -ENOMEM), values stored before stay intact, the
 * tree stays valid for lookups and iteration, and genradix_free() releases
 * every node.
 *
 * Also prealloc failing part-way, and the kernel-style users of
 * gr_kernel_user.h (SCTP stream table, /proc map_files) out of memory.
 *
 * Userspace only: failure injection (kds_alloc_fail_nth) and the count of
 * allocation attempts are the user port's. What runs in both worlds is
 * cases.c (the model sequences) and cases_api.c (the API semantics).
 */
#include "kds_testing.h"
#include "gr_test.h"
#include "gr_kernel_user.h"

KDS_TEST_SUITE(genradix_failure);

#define N_STEPS 9

/*
 * The scenario: growth from empty, growth of an existing tree by several
 * levels, a deep allocation, prealloc over several leaves and a
 * preallocated insert. Returns which steps succeeded in @ok.
 */
static void scenario(struct gr_model *m, bool ok[N_STEPS], size_t idx[N_STEPS],
		     struct genradix_node *spare)
{
	const struct gr_ops *ops = m->ops;
	size_t per_leaf = gr_per_leaf(ops);
	int s = 0;

	idx[0] = 5 * per_leaf + 1;
	idx[1] = gr_first_idx_at_depth(ops, 3) + 2;
	idx[2] = ops->last_pos - 1;
	idx[3] = 2;
	idx[4] = 7 * per_leaf;		/* prealloc count */
	idx[5] = gr_first_idx_at_depth(ops, 2) + per_leaf;
	idx[6] = gr_first_idx_at_depth(ops, 2) + 3 * per_leaf;
	idx[7] = 9 * per_leaf;
	idx[8] = ops->last_pos;

	for (s = 0; s < 4; s++)
		ok[s] = ops->alloc(&m->r, idx[s], GFP_KERNEL) != NULL;
	ok[4] = ops->prealloc(&m->r, idx[4], GFP_KERNEL) == 0;
	ok[5] = ops->alloc_inlined(&m->r, idx[5], GFP_KERNEL) != NULL;
	ok[6] = ops->alloc_pre(&m->r, idx[6], &spare, GFP_KERNEL) != NULL;
	genradix_free_node(spare);
	spare = NULL;
	ok[7] = ops->alloc_pre_inlined(&m->r, idx[7], &spare, GFP_KERNEL) != NULL;
	genradix_free_node(spare);
	ok[8] = ops->alloc(&m->r, idx[8], GFP_KERNEL) != NULL;
}

/* What a walk over the tree after a failure saw. */
struct walk_check {
	const struct gr_ops *ops;
	struct gr_radix *r;
	const size_t *want;	/* indices that must be visited */
	size_t nwant;
	bool seen[N_STEPS + 1];
	size_t last, n, bad_order, bad_ptr;
	bool started;
};

/*
 * Every visited entry must come after the previous one and be the entry
 * genradix_ptr() finds at its index; the indices in @want are marked as
 * seen. The walk always continues, so one bad entry does not hide the
 * rest.
 */
static bool walk_check(void *ctx, size_t pos, void *p)
{
	struct walk_check *w = ctx;
	size_t i;

	if (w->started && pos <= w->last)
		w->bad_order++;
	if (w->ops->ptr(w->r, pos) != p)
		w->bad_ptr++;
	for (i = 0; i < w->nwant; i++)
		if (w->want[i] == pos)
			w->seen[i] = true;
	w->last = pos;
	w->started = true;
	w->n++;
	return true;
}

static void run_size(const struct gr_ops *ops)
{
	unsigned long nth;

	for (nth = 1; ; nth++) {
		struct gr_model m;
		struct kds_alloc_stats st0, st1;
		bool ok[N_STEPS];
		size_t idx[N_STEPS], i, want[N_STEPS + 1], nwant = 0, visited;
		struct walk_check w = { .ops = ops, .r = &m.r };
		struct genradix_node *spare;
		void *pre;

		gr_model_init(&m, ops);
		/* Values present before failures start. */
		pre = ops->alloc(&m.r, 3 * gr_per_leaf(ops), GFP_KERNEL);
		cr_assert_not_null(pre);
		gr_put(ops, pre, 0x1234567);
		spare = genradix_alloc_node(GFP_KERNEL);
		cr_assert_not_null(spare);

		kds_alloc_stats(&st0);
		kds_alloc_fail_nth(nth);
		scenario(&m, ok, idx, spare);
		kds_alloc_fail_off();
		kds_alloc_stats(&st1);

		/* Earlier values intact; every step that succeeded is visible. */
		cr_assert_eq(ops->ptr(&m.r, 3 * gr_per_leaf(ops)), pre, "size %zu nth %lu",
			     ops->size, nth);
		cr_assert_eq(gr_get(ops, pre), 0x1234567 & gr_mask(ops));
		for (i = 0; i < N_STEPS; i++) {
			if (i == 4)
				continue;
			if (ok[i])
				cr_assert_not_null(ops->ptr(&m.r, idx[i]),
						   "size %zu nth %lu step %zu", ops->size, nth, i);
		}
		if (ok[4])
			cr_assert_not_null(ops->ptr(&m.r, idx[4]));
		/*
		 * Iteration stays ordered and consistent with lookups, and
		 * reaches every entry that was allocated (the value stored
		 * before, and each step that succeeded).
		 */
		want[nwant++] = 3 * gr_per_leaf(ops);
		for (i = 0; i < N_STEPS; i++)
			if (ok[i] && i != 4)
				want[nwant++] = idx[i];
		w.want = want;
		w.nwant = nwant;
		visited = ops->for_each(&m.r, walk_check, &w);
		cr_assert_eq(visited, w.n);
		cr_assert_eq(w.bad_order, 0, "size %zu nth %lu: %zu entries out of order",
			     ops->size, nth, w.bad_order);
		cr_assert_eq(w.bad_ptr, 0, "size %zu nth %lu: %zu entries differ from genradix_ptr()",
			     ops->size, nth, w.bad_ptr);
		for (i = 0; i < nwant; i++)
			cr_assert(w.seen[i], "size %zu nth %lu: entry %zu not visited",
				  ops->size, nth, want[i]);
		/* The tree still takes new entries. */
		for (i = 0; i < N_STEPS; i++)
			cr_assert_not_null(ops->alloc(&m.r, idx[i], GFP_KERNEL),
					   "size %zu nth %lu: retry of step %zu", ops->size, nth, i);
		cr_assert_eq(gr_get(ops, pre), 0x1234567 & gr_mask(ops));
		gr_model_destroy(&m);
		cr_assert_eq(kds_alloc_live(), 0, "size %zu nth %lu: leak", ops->size, nth);

		if (st1.failed == st0.failed) {
			/* The scenario ran clean: every failure point was covered. */
			for (i = 0; i < N_STEPS; i++)
				cr_assert(ok[i], "size %zu: step %zu failed without injection",
					  ops->size, i);
			cr_assert_gt(nth, 10, "the scenario allocates several nodes");
			break;
		}
		cr_assert_eq(st1.failed - st0.failed, 1);
		cr_assert(!ok[0] || !ok[1] || !ok[2] || !ok[3] || !ok[4] || !ok[5] ||
			  !ok[6] || !ok[7] || !ok[8], "nth %lu: a failure went unreported", nth);
	}
}

Test(genradix_failure, every_allocation_point)
{
	kds_warn_set_quiet(true);
	for (size_t k = 0; k < gr_ops_count; k++)
		run_size(&gr_ops_all[k]);
}

Test(genradix_failure, sticky_failure_from_empty)
{
	kds_warn_set_quiet(true);
	for (size_t k = 0; k < gr_ops_count; k++) {
		const struct gr_ops *ops = &gr_ops_all[k];
		struct gr_radix r;

		genradix_init(&r);
		kds_alloc_fail_after(0);
		cr_assert_null(ops->alloc(&r, 0, GFP_KERNEL));
		cr_assert_null(ops->alloc(&r, ops->last_pos, GFP_KERNEL));
		cr_assert_eq(ops->prealloc(&r, 10, GFP_KERNEL), -ENOMEM);
		kds_alloc_fail_off();
		cr_assert_null(r.tree.root);
		cr_assert_null(ops->ptr(&r, 0));
		/* Two nodes succeed, then failure: a partial deep path stays valid. */
		kds_alloc_fail_after(2);
		cr_assert_null(ops->alloc(&r, ops->last_pos, GFP_KERNEL));
		kds_alloc_fail_off();
		cr_assert_not_null(ops->ptr(&r, 0), "leaf 0 was installed");
		cr_assert_null(ops->ptr(&r, ops->last_pos));
		cr_assert_not_null(ops->alloc(&r, ops->last_pos, GFP_KERNEL));
		ops->free(&r);
	}
}

Test(genradix_failure, prealloc_failure_keeps_tree_valid)
{
	kds_warn_set_quiet(true);
	for (size_t k = 0; k < gr_ops_count; k++) {
		const struct gr_ops *ops = &gr_ops_all[k];
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

Test(genradix_failure, sctp_stream_table_enomem)
{
	struct sctp_stream stream;

	kds_warn_set_quiet(true);
	memset(&stream, 0, sizeof(stream));
	genradix_init(&stream.out);
	genradix_init(&stream.in);
	cr_assert_eq(sctp_stream_init(&stream, 8, 0, GFP_KERNEL), 0);
	kds_alloc_fail_after(1);
	cr_assert_eq(sctp_stream_init(&stream, 4000, 0, GFP_KERNEL), -ENOMEM);
	kds_alloc_fail_off();
	cr_assert_eq(stream.outcnt, 8, "the stream count is unchanged on failure");
	cr_assert_eq(SCTP_SO(&stream, 7)->state, SCTP_STREAM_OPEN);
	sctp_stream_free(&stream);
}

Test(genradix_failure, proc_map_files_enomem)
{
	struct fake_vma vmas[600];
	char out[64];
	int nr = -1, i;

	kds_warn_set_quiet(true);
	for (i = 0; i < 600; i++) {
		vmas[i].vm_start = i * 0x2000UL;
		vmas[i].vm_end = vmas[i].vm_start + 0x1000UL;
		vmas[i].has_file = true;
		vmas[i].f_mode = 0;
	}
	/* The second leaf fails: the whole collection fails, nothing leaks. */
	kds_alloc_fail_nth(2);
	cr_assert_eq(proc_map_files_collect(vmas, 600, out, sizeof(out), &nr), -ENOMEM);
	cr_assert_eq(nr, -1);
}
