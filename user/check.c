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
		fprintf(stderr, "%s: %lu check(s) failed\n", name, kds_check_failures);
		return 1;
	}
	printf("%s: all checks passed\n", name);
	return 0;
}
