// SPDX-License-Identifier: GPL-2.0
#include "kds_check.h"

unsigned long kds_check_failures;

int kds_check_exit(const char *name)
{
	struct kds_alloc_stats st;

	kds_alloc_stats(&st);
	KDS_CHECK(st.live == 0, "%ld allocation(s) leaked", st.live);
	KDS_CHECK(st.bad_frees == 0, "%lu bad free(s)", st.bad_frees);
	if (kds_check_failures) {
		if (kds_check_failures > KDS_CHECK_REPORTS)
			fprintf(stderr, "%s: %lu check(s) failed (only the first %d printed)\n",
				name, kds_check_failures, KDS_CHECK_REPORTS);
		else
			fprintf(stderr, "%s: %lu check(s) failed\n", name, kds_check_failures);
		return 1;
	}
	printf("%s: all checks passed\n", name);
	return 0;
}
