// SPDX-License-Identifier: GPL-2.0
/*
 * ktap.c - kernel side of the kds_expect.h shim and the KTAP runner.
 *
 * Output format (KTAP version 1, one printk per line, no prefix):
 *
 *	KTAP version 1
 *	1..<suites>
 *	    KTAP version 1
 *	    # Subtest: <suite>
 *	    1..<cases>
 *	    # <case>: <file>:<line>: expected ...
 *	    not ok 1 <case>
 *	    ok 2 <case>
 *	not ok 1 <suite>
 *	ok 2 <suite> # SKIP <reason>
 */
#include "kds_port.h"
#include "kds_expect.h"
#include "kds_ktap.h"

/* Diagnostics printed per case before the rest are only counted. */
#define KDS_KTAP_MAX_NOTES	16

static unsigned int kds_ktap_notes;

void kds_expect_fail(struct kds_expect *e, const char *file, int line,
		     const char *fmt, ...)
{
	char msg[192];
	va_list ap;

	e->failures++;
	if (kds_ktap_notes++ >= KDS_KTAP_MAX_NOTES)
		return;
	va_start(ap, fmt);
	vscnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	pr_info("    # %s: %s:%d: %s\n", e->name, kbasename(file), line, msg);
}

void kds_expect_note(struct kds_expect *e, const char *fmt, ...)
{
	char msg[192];
	va_list ap;

	if (kds_ktap_notes++ >= KDS_KTAP_MAX_NOTES)
		return;
	va_start(ap, fmt);
	vscnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	pr_info("    # %s: %s\n", e->name, msg);
}

/*
 * The VM runner accepts kernel warnings only between these two markers;
 * any other WARNING on the console fails the run.
 */
void kds_expect_warnings_begin(struct kds_expect *e, const char *what)
{
	pr_info("kds_test: expect-warning begin: %s: %s\n", e->name, what);
}

void kds_expect_warnings_end(struct kds_expect *e)
{
	pr_info("kds_test: expect-warning end: %s\n", e->name);
}

static bool kds_ktap_run_case(const struct kds_case *c, unsigned int nr)
{
	struct kds_expect e = { .name = c->name, .failures = 0 };
	long live = kds_alloc_live();
	long left;

	kds_ktap_notes = 0;
	c->run(&e);
	left = kds_alloc_live() - live;
	if (left)
		kds_expect_fail(&e, __FILE__, __LINE__,
				"%ld allocation(s) not freed by the case", left);
	if (kds_ktap_notes > KDS_KTAP_MAX_NOTES)
		pr_info("    # %s: %u more diagnostic(s) not shown\n", c->name,
			kds_ktap_notes - KDS_KTAP_MAX_NOTES);
	pr_info("    %s %u %s\n", e.failures ? "not ok" : "ok", nr, c->name);
	cond_resched();
	return !e.failures;
}

int kds_ktap_run(const struct kds_suite *const *suites, size_t nr)
{
	int failed_suites = 0;
	size_t i, j;

	pr_info("KTAP version 1\n");
	pr_info("1..%zu\n", nr);
	for (i = 0; i < nr; i++) {
		const struct kds_suite *s = suites[i];
		const char *why = s->skip ? s->skip() : NULL;
		unsigned int failed = 0;

		if (why) {
			pr_info("ok %zu %s # SKIP %s\n", i + 1, s->name, why);
			continue;
		}
		pr_info("    KTAP version 1\n");
		pr_info("    # Subtest: %s\n", s->name);
		pr_info("    1..%zu\n", s->nr_cases);
		for (j = 0; j < s->nr_cases; j++)
			if (!kds_ktap_run_case(&s->cases[j], j + 1))
				failed++;
		if (failed) {
			pr_info("    # %s: %u of %zu case(s) failed\n", s->name,
				failed, s->nr_cases);
			failed_suites++;
		}
		pr_info("%s %zu %s\n", failed ? "not ok" : "ok", i + 1, s->name);
	}
	return failed_suites;
}
