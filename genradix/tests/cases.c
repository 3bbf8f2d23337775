// SPDX-License-Identifier: GPL-2.0
/*
 * cases.c - randomized genradix operations against the reference model
 * (cases_model.c), one case per entry size, run in both worlds:
 * //genradix:cases_test (both node sizes) in userspace and kds_test.ko in
 * the kernel, where genradix/tests/kernel/genradix_vs_linux.c runs the same
 * sequences on the running kernel's own genradix.
 *
 * Each sequence is seeded (kds_test_seed: KDS_TEST_SEED in userspace,
 * kds_test.seed= in the kernel; a failure prints it) and kds_test_steps
 * long (100,000 steps in userspace, fewer in the VM by default).
 */
#include "kds_port.h"
#include "kds_expect.h"
#include "gr_test.h"

void kds_gr_model_run(struct kds_expect *e, const struct gr_ops *ops, u64 seed,
		      unsigned long steps)
{
	u64 s = (seed ^ (ops->size * 0x100000001b3ULL)) ? : 1;
	struct gr_model m;
	unsigned long step;

	kds_expect_ctx(e, "%s size %zu, node %zu, seed %#llx", ops->name, ops->size,
		       gr_node(ops), (unsigned long long)seed);
	gr_model_init(&m, ops);
	for (step = 0; step < steps; step++) {
		unsigned int op = (unsigned int)(gr_rand(&s) % GR_MODEL_OPS);
		u64 a = gr_rand(&s), b = gr_rand(&s);

		if (!gr_model_step(&m, op, a, b)) {
			kds_expect_fail(e, __FILE__, __LINE__, "step %lu, op %u: %s",
					step, op, m.err);
			break;
		}
		if (!(step % 64))
			cond_resched();
	}
	if (step == steps && !gr_model_check_all(&m))
		kds_expect_fail(e, __FILE__, __LINE__, "final check: %s", m.err);
	gr_model_destroy(&m);
}

#define GR_MODEL_CASE(SZ)						\
static void genradix_model_size_##SZ(struct kds_expect *e)		\
{									\
	kds_gr_model_run(e, gr_ops_for(SZ), kds_test_seed, kds_test_steps); \
}

GR_MODEL_CASE(1)
GR_MODEL_CASE(3)
GR_MODEL_CASE(8)
GR_MODEL_CASE(24)
GR_MODEL_CASE(100)
#if KDS_GENRADIX_NODE_SHIFT >= 9
GR_MODEL_CASE(512)
#endif
#if KDS_GENRADIX_NODE_SHIFT >= 12
GR_MODEL_CASE(4096)
#endif

static const struct kds_case kds_gr_model_cases[] = {
	KDS_CASE(genradix_model_size_1),
	KDS_CASE(genradix_model_size_3),
	KDS_CASE(genradix_model_size_8),
	KDS_CASE(genradix_model_size_24),
	KDS_CASE(genradix_model_size_100),
#if KDS_GENRADIX_NODE_SHIFT >= 9
	KDS_CASE(genradix_model_size_512),
#endif
#if KDS_GENRADIX_NODE_SHIFT >= 12
	KDS_CASE(genradix_model_size_4096),
#endif
};

KDS_SUITE(kds_suite_genradix, "kds_genradix", kds_gr_model_cases, NULL);
