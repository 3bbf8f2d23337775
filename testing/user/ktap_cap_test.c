// SPDX-License-Identifier: GPL-2.0
/*
 * ktap_cap_test.c - the shared runner's failure output is bounded and
 * complete: a case failing 100,000 times prints KDS_KTAP_MAX_NOTES
 * diagnostics and the count of the rest, as does one whose threads fail
 * 100,000 times between them at once (every failure counted, none lost to
 * a race; TSan checks the counters too), a case that leaks is failed for
 * it, a warning bracket with no warning in it fails its case, so do a
 * warning outside any bracket and one inside a bracket that names
 * another, the named warning passes, and kds_ktap_run() reports the
 * failed suite.
 */
#include <pthread.h>
#include <unistd.h>

#include "kds_port.h"
#include "kds_expect.h"

#define FAILS 100000

static void fails_often(struct kds_expect *e)
{
	int i;

	for (i = 0; i < FAILS; i++)
		KDS_EXPECT_EQ(e, i, -1);
}

static void leaks(struct kds_expect *e)
{
	static void *kept;

	kfree(kept);		/* the previous run's, if any */
	kept = kmalloc(8, GFP_KERNEL);
}

static void passes(struct kds_expect *e)
{
	KDS_EXPECT_EQ(e, 1 + 1, 2);
}

/* Announces warnings and provokes none: the bracket fails the case. */
static void brackets_nothing(struct kds_expect *e)
{
	kds_expect_warnings_begin(e, "nothing provoked");
	kds_expect_warnings_end(e);
}

/* A warning outside any bracket fails the case. */
static void warns_outside(struct kds_expect *e)
{
	WARN_ON(e != NULL);
}

/* A bracket accepts only the warning it names: this one fails the case. */
static void warns_other_in_bracket(struct kds_expect *e)
{
	kds_expect_warnings_begin(e, "refcount_t:");
	WARN_ON(e != NULL);
	kds_expect_warnings_end(e);
}

/* The warning a bracket names passes. */
static void warns_named_in_bracket(struct kds_expect *e)
{
	refcount_t r = REFCOUNT_INIT(0);

	kds_expect_warnings_begin(e, "refcount_t:");
	refcount_inc(&r);
	kds_expect_warnings_end(e);
}

#define THREADS 4

static void *fail_in_thread(void *arg)
{
	struct kds_expect *e = arg;
	int i;

	for (i = 0; i < FAILS / THREADS; i++)
		KDS_EXPECT_MSG(e, i < 0, "failure %d", i);
	return NULL;
}

static void fails_from_threads(struct kds_expect *e)
{
	pthread_t t[THREADS];
	int i, n;

	/* Join the threads that started, even when one could not. */
	for (n = 0; n < THREADS; n++)
		if (!KDS_EXPECT(e, pthread_create(&t[n], NULL, fail_in_thread, e) == 0))
			break;
	for (i = 0; i < n; i++)
		pthread_join(t[i], NULL);
}

static const struct kds_case cap_cases[] = {
	KDS_CASE(fails_often), KDS_CASE(leaks), KDS_CASE(passes), KDS_CASE(fails_from_threads),
	KDS_CASE(brackets_nothing), KDS_CASE(warns_outside), KDS_CASE(warns_other_in_bracket),
	KDS_CASE(warns_named_in_bracket),
};

static KDS_SUITE(cap_suite, "kds_cap", cap_cases, NULL);

int main(void)
{
	static const struct kds_suite *const suites[] = { &cap_suite };
	FILE *f = tmpfile();
	int saved = dup(1), failed, c, ok = 1;
	size_t lines = 0, bytes = 0;
	char line[256], all[16384] = "";

	if (!f || saved < 0) {
		perror("ktap_cap_test: setup");
		return 1;
	}
	fflush(stdout);
	dup2(fileno(f), 1);
	failed = kds_ktap_run(suites, ARRAY_SIZE(suites));
	fflush(stdout);
	dup2(saved, 1);
	rewind(f);
	while ((c = fgetc(f)) != EOF) {
		bytes++;
		lines += c == '\n';
	}
	rewind(f);
	while (fgets(line, sizeof(line), f) && strlen(all) + strlen(line) < sizeof(all))
		strcat(all, line);
	printf("%s", all);
	/*
	 * 2 + 3 headers, 2 * (16 + 1) notes, 1 leak note, 2 bracket notes,
	 * 1 + 3 + 1 warning notes, 8 results, 1 summary, 1 suite
	 */
	if (lines != 57 || bytes > 200 * 57) {
		printf("# %zu lines (%zu bytes), expected 57\n", lines, bytes);
		ok = 0;
	}
	if (!strstr(all, "# fails_often: 99984 more diagnostic(s) not shown\n") ||
	    !strstr(all, "expected i == -1 (0 vs -1)") ||
	    !strstr(all, "# leaks: ktap.c:") || !strstr(all, "1 allocation(s) not freed") ||
	    !strstr(all, "    not ok 1 fails_often\n") || !strstr(all, "    not ok 2 leaks\n") ||
	    !strstr(all, "    ok 3 passes\n") || !strstr(all, "\nnot ok 1 kds_cap\n") ||
	    !strstr(all, "# fails_from_threads: 99984 more diagnostic(s) not shown\n") ||
	    !strstr(all, "expected i < 0: failure 0") ||
	    !strstr(all, "    not ok 4 fails_from_threads\n") ||
	    !strstr(all, "the bracket expected warnings but none was reported") ||
	    !strstr(all, "    not ok 5 brackets_nothing\n") ||
	    !strstr(all, "# warns_outside: ktap.c:") ||
	    !strstr(all, "1 warning(s) outside an expect-warning bracket or not the one it names") ||
	    !strstr(all, "    not ok 6 warns_outside\n") ||
	    !strstr(all, "    not ok 7 warns_other_in_bracket\n") ||
	    !strstr(all, "    ok 8 warns_named_in_bracket\n") ||
	    !strstr(all, "# kds_cap: 6 of 8 case(s) failed\n")) {
		printf("# the report lacks a line it must have\n");
		ok = 0;
	}
	if (failed != 1) {
		printf("# kds_ktap_run() returned %d, expected 1\n", failed);
		ok = 0;
	}
	printf("# ktap_cap_test: %s\n", ok ? "output bounded, every failure reported" : "FAILED");
	return ok ? 0 : 1;
}
