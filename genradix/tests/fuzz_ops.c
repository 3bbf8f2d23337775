// SPDX-License-Identifier: GPL-2.0
/*
 * fuzz_ops.c - libFuzzer target: the input is a sequence of genradix
 * operations (entry size, then op/argument records), applied to a real
 * tree and to the reference model of cases_model.c and compared after every
 * operation. Any divergence, sanitizer report or leak aborts.
 *
 * Userspace only (libFuzzer); the same model runs in both worlds from
 * cases.c.
 */
#include "gr_test.h"

#define GR_FUZZ_MAX_OPS	2000

int LLVMFuzzerTestOneInput(const u8 *data, size_t size);

static u64 take(const u8 **p, const u8 *end, size_t n)
{
	u64 v = 0;
	size_t i;

	for (i = 0; i < n && *p < end; i++, (*p)++)
		v |= (u64)**p << (8 * i);
	return v;
}

int LLVMFuzzerTestOneInput(const u8 *data, size_t size)
{
	const u8 *p = data, *end = data + size;
	struct gr_model m;
	unsigned int n = 0;

	if (!size)
		return 0;
	kds_warn_set_quiet(true);
	kds_warn_reset();
	gr_model_init(&m, &gr_ops_all[take(&p, end, 1) % gr_ops_count]);
	while (p < end && n++ < GR_FUZZ_MAX_OPS) {
		unsigned int op = (unsigned int)take(&p, end, 1);
		/* Short arguments are common in fuzz input: widen them. */
		u64 a = take(&p, end, 1 + (op >> 5) % 8);
		u64 b = take(&p, end, 2);

		if ((op >> 4) & 1)
			a = (a << 4) | (a & 15);
		if (!gr_model_step(&m, op, a, b)) {
			fprintf(stderr, "genradix fuzz: size %zu op %u: %s\n",
				m.ops->size, op % GR_MODEL_OPS, m.err);
			abort();
		}
	}
	if (m.nleaves * gr_per_leaf(m.ops) <= (1u << 16) && !gr_model_check_all(&m)) {
		fprintf(stderr, "genradix fuzz: final check: %s\n", m.err);
		abort();
	}
	gr_model_destroy(&m);
	/* quiet holds back messages, never a warning nothing expected */
	if (kds_warn_unexpected_count()) {
		fprintf(stderr, "genradix fuzz: %lu unexpected warning(s)\n",
			kds_warn_unexpected_count());
		abort();
	}
	if (kds_alloc_live()) {
		fprintf(stderr, "genradix fuzz: %ld node(s) leaked\n", kds_alloc_live());
		abort();
	}
	return 0;
}
