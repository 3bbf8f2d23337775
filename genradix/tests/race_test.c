// SPDX-License-Identifier: GPL-2.0
/*
 * race_test.c - lost compare-and-swap races, forced deterministically.
 *
 * The userspace port's race hook (kds_race_inject_nth()) runs a competing
 * allocation just before the n-th compare-and-swap that publishes a node,
 * on the same thread, so that compare-and-swap loses. Every point of an
 * allocation that grows the tree by one or more levels is made to lose in
 * turn: the root swap of each level of growth, and the child-slot swap of
 * each level of the descent. The competitor allocates either the same
 * index (it installs the same slots first) or an index at the same depth
 * in another subtree (it raises the root, but leaves the loser's path to
 * be built from its spare node: the path where a node that lost the root
 * swap must not keep its pointer to the old root, CVE-2024-47668).
 *
 * After each run the tree must equal the model (every entry, forward and
 * backward), hold every value written, and free without a leak or a bad
 * free.
 *
 * Userspace only: the race hook is the user port's (the kernel port has
 * none).
 */
#include "kds_testing.h"
#include "gr_test.h"

KDS_TEST_SUITE(genradix_race);

struct racer {
	struct gr_model *m;
	size_t idx;
	bool ok;
};

static void race(void *ctx)
{
	struct racer *r = ctx;

	r->ok = gr_model_alloc(r->m, r->idx, 0, 0x5eed0000 + r->idx);
}

/* Build the starting tree: empty (@d0 < 0), or leaf 0 and depth @d0. */
static void setup(struct gr_model *m, int d0)
{
	const struct gr_ops *ops = m->ops;

	gr_model_init(m, ops);
	if (d0 < 0)
		return;
	cr_assert(gr_model_alloc(m, 0, 0, 0xa11ce), "%s", m->err);
	if (d0 > 0)
		cr_assert(gr_model_alloc(m, gr_first_idx_at_depth(ops, (unsigned int)d0), 0,
					 0xb0b), "%s", m->err);
}

/* Race points one allocation of @target passes on a tree built by setup(). */
static unsigned long race_points(const struct gr_ops *ops, int d0, size_t target)
{
	struct gr_model m;
	unsigned long before;

	m.ops = ops;
	setup(&m, d0);
	before = kds_race_points();
	cr_assert(gr_model_alloc(&m, target, 0, 1), "%s", m.err);
	before = kds_race_points() - before;
	gr_model_destroy(&m);
	return before;
}

static void run(const struct gr_ops *ops, int d0, size_t target, size_t competitor,
		unsigned long *runs)
{
	unsigned long points = race_points(ops, d0, target), nth;

	for (nth = 1; nth <= points; nth++) {
		struct kds_alloc_stats st;
		struct gr_model m;
		struct racer r = { .m = &m, .idx = competitor, .ok = false };
		unsigned long fired = kds_race_fired();
		unsigned int how = (unsigned int)(nth % 4);

		m.ops = ops;
		setup(&m, d0);
		cr_assert_eq(kds_race_inject_nth(nth, race, &r), 0);
		cr_assert(gr_model_alloc(&m, target, how, 0xc0ffee + nth),
			  "size %zu from depth %d: alloc(%zu) (variant %u) losing race %lu of %lu to alloc(%zu): %s",
			  ops->size, d0, target, how, nth, points, competitor, m.err);
		kds_race_inject_off();
		cr_assert_eq(kds_race_fired(), fired + 1, "race point %lu was reached", nth);
		cr_assert(r.ok, "competitor alloc(%zu): %s", competitor, m.err);
		/* Both entries are where lookups find them, with their values. */
		cr_assert_neq(ops->ptr(&m.r, target), ops->ptr(&m.r, 0));
		if (m.nleaves * gr_per_leaf(ops) <= 1 << 16)
			cr_assert(gr_model_check_all(&m),
				  "size %zu from depth %d: alloc(%zu) losing race %lu to alloc(%zu): %s",
				  ops->size, d0, target, nth, competitor, m.err);
		gr_model_destroy(&m);
		kds_alloc_stats(&st);
		cr_assert_eq(st.live, 0, "size %zu: leak after race %lu", ops->size, nth);
		cr_assert_eq(st.bad_frees, 0,
			     "size %zu from depth %d: alloc(%zu) losing race %lu to alloc(%zu): node freed twice",
			     ops->size, d0, target, nth, competitor);
		(*runs)++;
	}
}

Test(genradix_race, every_lost_compare_and_swap)
{
	unsigned long runs = 0;

	for (size_t k = 0; k < gr_ops_count; k++) {
		const struct gr_ops *ops = &gr_ops_all[k];

		for (int d0 = -1; d0 <= 2; d0++) {
			for (unsigned int d = (unsigned int)(d0 < 1 ? 1 : d0 + 1); d <= 4; d++) {
				size_t target = gr_first_idx_at_depth(ops, d);
				size_t sibling = 2 * target;

				if (!target)
					break;
				run(ops, d0, target, target, &runs);
				if (sibling > target && sibling <= ops->last_pos)
					run(ops, d0, target, sibling, &runs);
				run(ops, d0, target, ops->last_pos, &runs);
			}
			/* The deepest index: growth by every remaining level. */
			run(ops, d0, ops->last_pos, ops->last_pos, &runs);
			run(ops, d0, ops->last_pos, gr_first_idx_at_depth(ops, 1), &runs);
		}
	}
	cr_assert_gt(runs, 100, "%lu races run", runs);
}
