// SPDX-License-Identifier: GPL-2.0
/*
 * ktap.c - the runner of kds_expect.h suites, shared by both worlds:
 * kds_test.ko and the userspace case programs print the same document
 * (KTAP version 1; the per-world line printer is kds_ktap_printf()):
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

/* Diagnostics of the running case; atomic, as its threads may fail at once. */
static atomic_t kds_ktap_notes = ATOMIC_INIT(0);

static void kds_ktap_note(struct kds_expect *e, const char *where,
			  const char *fmt, va_list ap)
{
	char msg[192];

	if (atomic_inc_return(&kds_ktap_notes) > KDS_KTAP_MAX_NOTES)
		return;
	kds_ktap_vformat(msg, sizeof(msg), fmt, ap);
	kds_ktap_printf("    # %s: %s%s%s%s\n", e->name, where, msg,
			*where && e->ctx[0] ? ": " : "", *where ? e->ctx : "");
}

void kds_expect_ctx(struct kds_expect *e, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	kds_ktap_vformat(e->ctx, sizeof(e->ctx), fmt, ap);
	va_end(ap);
}

void kds_expect_fail(struct kds_expect *e, const char *file, int line,
		     const char *fmt, ...)
{
	const char *base = strrchr(file, '/');
	char where[96];
	va_list ap;

	atomic_inc(&e->failures);
	snprintf(where, sizeof(where), "%s:%d: ", base ? base + 1 : file, line);
	va_start(ap, fmt);
	kds_ktap_note(e, where, fmt, ap);
	va_end(ap);
}

void kds_expect_note(struct kds_expect *e, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	kds_ktap_note(e, "", fmt, ap);
	va_end(ap);
}

bool kds_expect_run(const struct kds_case *c)
{
	struct kds_expect e = { .name = c->name, .failures = ATOMIC_INIT(0) };
	unsigned long bad = kds_ktap_bad_frees();
	unsigned long warned = kds_ktap_unexpected_warnings();
	long live = kds_alloc_live();
	unsigned int notes;
	long left;

	atomic_set(&kds_ktap_notes, 0);
	c->run(&e);
	e.ctx[0] = '\0';
	left = kds_alloc_live() - live;
	if (left)
		kds_expect_fail(&e, __FILE__, __LINE__,
				"%ld allocation(s) not freed by the case", left);
	if (kds_ktap_bad_frees() != bad)
		kds_expect_fail(&e, __FILE__, __LINE__, "%lu bad free(s)",
				kds_ktap_bad_frees() - bad);
	if (kds_ktap_unexpected_warnings() != warned)
		kds_expect_fail(&e, __FILE__, __LINE__,
				"%lu warning(s) outside an expect-warning bracket or not the one it names",
				kds_ktap_unexpected_warnings() - warned);
	notes = atomic_read(&kds_ktap_notes);
	if (notes > KDS_KTAP_MAX_NOTES)
		kds_ktap_printf("    # %s: %u more diagnostic(s) not shown\n", c->name,
				notes - KDS_KTAP_MAX_NOTES);
	cond_resched();
	return !atomic_read(&e.failures);
}

int kds_ktap_run(const struct kds_suite *const *suites, size_t nr)
{
	int failed_suites = 0;
	size_t i, j;

	kds_ktap_printf("KTAP version 1\n");
	kds_ktap_printf("1..%zu\n", nr);
	for (i = 0; i < nr; i++) {
		const struct kds_suite *s = suites[i];
		const char *why = s->skip ? s->skip() : NULL;
		unsigned int failed = 0;

		if (why) {
			kds_ktap_printf("ok %zu %s # SKIP %s\n", i + 1, s->name, why);
			continue;
		}
		kds_ktap_printf("    KTAP version 1\n");
		kds_ktap_printf("    # Subtest: %s\n", s->name);
		kds_ktap_printf("    1..%zu\n", s->nr_cases);
		for (j = 0; j < s->nr_cases; j++) {
			bool ok = kds_expect_run(&s->cases[j]);

			kds_ktap_printf("    %s %zu %s\n", ok ? "ok" : "not ok", j + 1,
					s->cases[j].name);
			failed += !ok;
		}
		if (failed) {
			kds_ktap_printf("    # %s: %u of %zu case(s) failed\n", s->name,
					failed, s->nr_cases);
			failed_suites++;
		}
		kds_ktap_printf("%s %zu %s\n", failed ? "not ok" : "ok", i + 1, s->name);
	}
	return failed_suites;
}
