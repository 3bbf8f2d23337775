// SPDX-License-Identifier: GPL-2.0
/*
 * check_cap_test.c - KDS_CHECK output is bounded: 100,000 failed checks
 * print KDS_CHECK_REPORTS lines, are all counted, and kds_check_exit()
 * reports the total and fails.
 */
#include <unistd.h>

#include "kds_check.h"

#define FAILS 100000

static size_t count_lines(FILE *f, size_t *bytes)
{
	size_t lines = 0;
	int c;

	*bytes = 0;
	rewind(f);
	while ((c = fgetc(f)) != EOF) {
		(*bytes)++;
		lines += c == '\n';
	}
	return lines;
}

int main(void)
{
	FILE *f = tmpfile();
	int saved = dup(2), status, ok = 1;
	size_t lines, bytes;
	char last[256] = "";

	if (!f || saved < 0) {
		perror("check_cap_test: setup");
		return 1;
	}
	fflush(stderr);
	dup2(fileno(f), 2);
	for (int i = 0; i < FAILS; i++)
		KDS_CHECK(i < 0, "failure %d", i);
	status = kds_check_exit("check_cap_test (expected to fail)");
	fflush(stderr);
	dup2(saved, 2);

	lines = count_lines(f, &bytes);
	rewind(f);
	while (fgets(last, sizeof(last), f))
		;
	if (kds_check_failures != FAILS) {
		fprintf(stderr, "counted %lu failures, expected %d\n", kds_check_failures, FAILS);
		ok = 0;
	}
	if (lines != KDS_CHECK_REPORTS + 1 || bytes > 200 * (KDS_CHECK_REPORTS + 1)) {
		fprintf(stderr, "%zu lines (%zu bytes) of output, expected %d\n", lines, bytes,
			KDS_CHECK_REPORTS + 1);
		ok = 0;
	}
	if (!strstr(last, "100000 check(s) failed") || !strstr(last, "first 20 printed")) {
		fprintf(stderr, "the summary line does not give the total: %s", last);
		ok = 0;
	}
	if (status != 1) {
		fprintf(stderr, "kds_check_exit() returned %d after failures\n", status);
		ok = 0;
	}
	printf("check_cap_test: %s\n", ok ? "output bounded, every failure counted" : "FAILED");
	return ok ? 0 : 1;
}
