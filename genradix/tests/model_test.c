// SPDX-License-Identifier: GPL-2.0
/*
 * model_test.c - randomized operations against a reference model, for every
 * entry size: at least 100,000 operations per size, seeded and reproducible
 * (the seed is printed on failure; GR_SEED=<n> in the environment replays
 * one).
 */
#include "kds_testing.h"
#include "gr_test.h"

KDS_TEST_SUITE(genradix_model);

#define GR_MODEL_STEPS	100000

static u64 seed_base(void)
{
	const char *s = getenv("GR_SEED");

	return s ? strtoull(s, NULL, 0) : 0x9e3779b97f4a7c15ULL;
}

Test(genradix_model, random_operations, .timeout = 240)
{
	for (size_t k = 0; k < gr_ops_count; k++) {
		const struct gr_ops *ops = &gr_ops_all[k];
		u64 seed = seed_base() ^ (ops->size * 0x100000001b3ULL);
		u64 s = seed;
		struct gr_model m;
		unsigned long step;

		gr_model_init(&m, ops);
		for (step = 0; step < GR_MODEL_STEPS; step++) {
			unsigned int op = (unsigned int)(gr_rand(&s) % GR_MODEL_OPS);
			u64 a = gr_rand(&s), b = gr_rand(&s);

			if (!gr_model_step(&m, op, a, b))
				cr_assert_fail("size %zu, node %zu, seed %#llx, step %lu, op %u: %s",
					       ops->size, (size_t)GR_NODE,
					       (unsigned long long)seed_base(), step, op, m.err);
		}
		cr_assert(gr_model_check_all(&m), "size %zu, seed %#llx, final check: %s",
			  ops->size, (unsigned long long)seed_base(), m.err);
		gr_model_destroy(&m);
	}
}
