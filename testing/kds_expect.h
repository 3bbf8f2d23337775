/* SPDX-License-Identifier: GPL-2.0 */
/*
 * kds_expect.h - the one assertion dialect of kds's tests, for cases that
 * run both inside the kernel (kds_test.ko) and in userspace (a plain
 * program over the user port, so it also runs under TSan). Both worlds
 * print the same KTAP version 1 document.
 *
 * A case file includes only "kds_port.h", component headers and this
 * file. Each case is a static function taking a struct kds_expect, listed
 * in a struct kds_case table, and the file exposes one suite:
 *
 *	static void my_case(struct kds_expect *e)
 *	{
 *		KDS_EXPECT_EQ(e, ilog2(8u), 3);
 *	}
 *	static const struct kds_case my_cases[] = { KDS_CASE(my_case) };
 *	KDS_SUITE(kds_suite_my, "kds_my", my_cases, NULL);
 *
 * A failed expectation prints its operands; each case prints at most
 * KDS_KTAP_MAX_NOTES diagnostics and then how many it did not show.
 * The runner (testing/ktap.c, shared) checks that every case freed
 * what it allocated. Only the primitives at the end of this file differ
 * per world: kernel/tests/main.c and testing/user/expect.c.
 *
 * Several threads of one case may fail expectations at once (the
 * userspace-only concurrency programs pass @e to their threads): the
 * failure count and the diagnostic cap are atomic. kds_expect_ctx() is for
 * the case's own thread while no other thread of the case runs.
 */
#ifndef KDS_EXPECT_H
#define KDS_EXPECT_H

#include "kds_port.h"

/**
 * struct kds_expect - the state of one running test case.
 * @name: the case's name.
 * @failures: failed expectations so far (atomic: threads of the case may
 *	fail concurrently).
 * @ctx: what the case is looking at (kds_expect_ctx()), appended to every
 *	failure; empty when unset.
 */
struct kds_expect {
	const char *name;
	atomic_t failures;
	char ctx[96];
};

/**
 * struct kds_case - one entry of a case table.
 * @name: the case's name, as reported (KTAP test name).
 * @run: the case body.
 */
struct kds_case {
	const char *name;
	void (*run)(struct kds_expect *e);
};

/**
 * KDS_CASE() - a case-table entry named after its function.
 * @fn: a function of type void (struct kds_expect *).
 */
#define KDS_CASE(fn)	{ .name = #fn, .run = fn }

/**
 * struct kds_suite - a named table of cases.
 * @name: the suite's name (KTAP test name at the top level).
 * @cases: the case table.
 * @nr_cases: number of entries in @cases.
 * @skip: optional; returns why the suite cannot run here (the suite is
 *	then reported as "ok N name # SKIP reason"), or NULL to run it.
 */
struct kds_suite {
	const char *name;
	const struct kds_case *cases;
	size_t nr_cases;
	const char *(*skip)(void);
};

/**
 * KDS_SUITE() - define a suite over a case table.
 * @var: the variable to define (global, kds_-prefixed).
 * @sname: the suite's name.
 * @table: the case table (an array, not a pointer).
 * @skipfn: a skip function or NULL.
 */
#define KDS_SUITE(var, sname, table, skipfn)				\
	const struct kds_suite var = {					\
		.name = sname,						\
		.cases = table,						\
		.nr_cases = ARRAY_SIZE(table),				\
		.skip = skipfn,						\
	}

/* Diagnostics printed per case before the rest are only counted. */
#define KDS_KTAP_MAX_NOTES	16

/**
 * kds_ktap_run() - run suites and print them as one KTAP document.
 * @suites: the suites, in order.
 * @nr: number of suites.
 *
 * Context: process context (module init, or a test program's main thread).
 * Return: the number of failed suites.
 */
int kds_ktap_run(const struct kds_suite *const *suites, size_t nr);

/**
 * kds_expect_run() - run one case with the runner's checks, printing its
 *	diagnostics but not its result line.
 * @c: the case.
 *
 * Besides the case's own expectations, the case fails when it leaves an
 * allocation of kds's unfreed, frees badly, or warns where it did not say
 * it would. kds_ktap_run() prints the result line; a KUnit test reports
 * the result as its own (kernel/kunit/kds_kunit.c).
 *
 * Context: process context.
 * Return: true when the case passed.
 */
bool kds_expect_run(const struct kds_case *c);

/*
 * Seed and length of the randomized cases: kds_test.seed= and steps= in
 * the kernel (kernel/tests/main.c); KDS_TEST_SEED and KDS_TEST_STEPS in
 * userspace (testing/user/main.c).
 */
extern unsigned long kds_test_seed;
extern unsigned long kds_test_steps;

/*
 * Per world (kernel/tests/main.c, testing/user/expect.c): print one
 * KTAP line, format a message, count bad frees and unexpected warnings
 * (0 in the kernel, which has no such counters: there the VM runner
 * judges every warning on the console, kernel/vm/check.awk).
 */
void kds_ktap_printf(const char *fmt, ...) __printf(1, 2);
void kds_ktap_vformat(char *buf, size_t size, const char *fmt, va_list ap);
unsigned long kds_ktap_bad_frees(void);
unsigned long kds_ktap_unexpected_warnings(void);

/**
 * kds_expect_fail() - record a failed expectation and print why.
 * @e: the running case.
 * @file: source file of the expectation.
 * @line: source line of the expectation.
 * @fmt: printf-style explanation.
 *
 * Context: the case's context (process context in the kernel).
 */
void kds_expect_fail(struct kds_expect *e, const char *file, int line,
		     const char *fmt, ...) __printf(4, 5);

/**
 * kds_expect_ctx() - name what the following expectations look at (a table
 * row, a size, a step), so a failure says which one failed.
 * @e: the running case.
 * @fmt: printf-style text; replaces the previous context.
 *
 * Context: the case's context.
 */
void kds_expect_ctx(struct kds_expect *e, const char *fmt, ...) __printf(2, 3);

/**
 * kds_expect_note() - print a diagnostic line that is not a failure.
 * @e: the running case.
 * @fmt: printf-style text.
 *
 * Context: the case's context.
 */
void kds_expect_note(struct kds_expect *e, const char *fmt, ...) __printf(2, 3);

/**
 * kds_expect_warnings_begin() - the code that follows warns on purpose.
 * @e: the running case.
 * @what: the text every warning inside the bracket holds (e.g.
 *	"refcount_t:"; printed in the bracket marker, no newline). A string
 *	that outlives the bracket.
 *
 * A case fails on any warning outside a bracket, on a warning inside
 * one that does not hold @what, and on a bracket with no warning in it.
 * In the kernel this prints a marker the VM runner recognises
 * (kernel/vm/check.awk judges the console: a warning's report is its
 * "cut here" lines through its "WARNING:" line). In userspace the port
 * counts and silences the warnings that hold @what and reports any other.
 *
 * Context: the case's context.
 */
void kds_expect_warnings_begin(struct kds_expect *e, const char *what);

/**
 * kds_expect_warnings_end() - close a kds_expect_warnings_begin() bracket.
 * @e: the running case.
 *
 * Context: the case's context.
 */
void kds_expect_warnings_end(struct kds_expect *e);

/**
 * KDS_EXPECT() - expect @cond to be true; evaluates to @cond.
 * @e: the running case.
 * @cond: the condition.
 */
#define KDS_EXPECT(e, cond) ({						\
	bool _kds_xok = !!(cond);					\
	if (!_kds_xok)							\
		kds_expect_fail(e, __FILE__, __LINE__,			\
				"expected %s", #cond);			\
	_kds_xok;							\
})

/**
 * KDS_EXPECT_MSG() - expect @cond to be true and say what was looked at
 *	when it is not (for threads, which cannot use kds_expect_ctx());
 *	evaluates to @cond.
 * @e: the running case.
 * @cond: the condition.
 * @fmt: printf-style text appended to the failure.
 */
#define KDS_EXPECT_MSG(e, cond, fmt, ...) ({				\
	bool _kds_xok = !!(cond);					\
	if (!_kds_xok)							\
		kds_expect_fail(e, __FILE__, __LINE__,			\
				"expected %s: " fmt, #cond, ##__VA_ARGS__); \
	_kds_xok;							\
})

/**
 * KDS_EXPECT_EQ() - expect two integers to be equal; evaluates to the result.
 * @e: the running case.
 * @a: first value (compared as long long).
 * @b: second value (compared as long long).
 */
#define KDS_EXPECT_EQ(e, a, b) ({					\
	long long _kds_xa = (long long)(a), _kds_xb = (long long)(b);	\
	bool _kds_xok = _kds_xa == _kds_xb;				\
	if (!_kds_xok)							\
		kds_expect_fail(e, __FILE__, __LINE__,			\
				"expected %s == %s (%lld vs %lld)",	\
				#a, #b, _kds_xa, _kds_xb);		\
	_kds_xok;							\
})

/**
 * KDS_EXPECT_U64_EQ() - expect two unsigned 64-bit values to be equal.
 * @e: the running case.
 * @a: first value.
 * @b: second value.
 */
#define KDS_EXPECT_U64_EQ(e, a, b) ({					\
	unsigned long long _kds_xa = (unsigned long long)(a);		\
	unsigned long long _kds_xb = (unsigned long long)(b);		\
	bool _kds_xok = _kds_xa == _kds_xb;				\
	if (!_kds_xok)							\
		kds_expect_fail(e, __FILE__, __LINE__,			\
				"expected %s == %s (0x%llx vs 0x%llx)",	\
				#a, #b, _kds_xa, _kds_xb);		\
	_kds_xok;							\
})

/**
 * KDS_EXPECT_PTR_EQ() - expect two pointers to be equal.
 * @e: the running case.
 * @a: first pointer.
 * @b: second pointer.
 */
#define KDS_EXPECT_PTR_EQ(e, a, b) ({					\
	const void *_kds_xa = (a), *_kds_xb = (b);			\
	bool _kds_xok = _kds_xa == _kds_xb;				\
	if (!_kds_xok)							\
		kds_expect_fail(e, __FILE__, __LINE__,			\
				"expected %s == %s (%p vs %p)",		\
				#a, #b, _kds_xa, _kds_xb);		\
	_kds_xok;							\
})

/**
 * KDS_EXPECT_STREQ() - expect two NUL-terminated strings to be equal.
 * @e: the running case.
 * @a: first string (not NULL).
 * @b: second string (not NULL).
 */
#define KDS_EXPECT_STREQ(e, a, b) ({					\
	const char *_kds_xa = (a), *_kds_xb = (b);			\
	bool _kds_xok = strcmp(_kds_xa, _kds_xb) == 0;			\
	if (!_kds_xok)							\
		kds_expect_fail(e, __FILE__, __LINE__,			\
				"expected %s == %s (\"%s\" vs \"%s\")",	\
				#a, #b, _kds_xa, _kds_xb);		\
	_kds_xok;							\
})

/**
 * KDS_ASSERT() - like KDS_EXPECT(), but return from the case when false.
 * @e: the running case.
 * @cond: the condition.
 */
#define KDS_ASSERT(e, cond) do {					\
	if (!KDS_EXPECT(e, cond))					\
		return;							\
} while (0)

#endif /* KDS_EXPECT_H */
