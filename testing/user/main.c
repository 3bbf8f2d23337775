// SPDX-License-Identifier: GPL-2.0
/*
 * main.c - a plain program running shared suites in userspace
 * (KDS_RUN_SUITES, "KDS_RUN(a)KDS_RUN(b)...", set by the kds_case_test macro):
 * the KTAP document kds_test.ko prints for them, on stdout; exit status 1
 * when a case fails.
 * Without Criterion, it also runs under TSan.
 */
#include "kds_port.h"
#include "kds_expect.h"

#define KDS_RUN(s)	extern const struct kds_suite s;
KDS_RUN_SUITES
#undef KDS_RUN

/* The randomized cases' seed and length (kds_test.seed=, steps= in the kernel). */
/* Truncated to its low half where unsigned long has 32 bits. */
unsigned long kds_test_seed = (unsigned long)0x6b64735f67720001ULL;
unsigned long kds_test_steps = 100000;

int main(void)
{
#define KDS_RUN(s)	&s,
	static const struct kds_suite *const suites[] = { KDS_RUN_SUITES };
#undef KDS_RUN
	const char *seed = getenv("KDS_TEST_SEED"), *steps = getenv("KDS_TEST_STEPS");

	if (seed)
		kds_test_seed = strtoul(seed, NULL, 0);
	if (steps)
		kds_test_steps = strtoul(steps, NULL, 0);
	return kds_ktap_run(suites, ARRAY_SIZE(suites)) ? 1 : 0;
}
