#!/usr/bin/env bash
# failure_report_test.sh CASES - run the deliberately failing Criterion
# binary CASES (failure_report_cases.c) and check how it reports: the run
# fails; a test that failed gets its own failure and no leak report; a test
# that passed but leaked gets exactly one leak report and fails; a test
# whose warning nothing named fails (quiet or not), one whose warning was
# named does not; the XML
# report written to $XML_OUTPUT_FILE has one testcase per test with the
# right status.
set -uo pipefail
[ $# -eq 1 ] || { echo "usage: $0 CASES" >&2; exit 2; }
cases=$1
tmp=${TEST_TMPDIR:-$(mktemp -d)}
log=$tmp/console.txt
xml=$tmp/report.xml
errors=0
fail() { echo "FAIL: $*"; errors=$((errors + 1)); }

# Its own report file, not this test's: one job, so the output is in order.
XML_OUTPUT_FILE=$xml "$cases" --jobs 1 --color=never >"$log" 2>&1
rc=$?
echo "--- console output of $(basename "$cases") (exit status $rc):"
head -n 60 "$log"
echo "---"

[ "$rc" -ne 0 ] || fail "the run exits 0 although tests failed or leaked"

# The console: which test each leak report belongs to. Criterion prints a
# test's assertion blocks before the test's own [FAIL]/[ERR ] line.
leaks=$(grep -c 'allocation(s) leaked' "$log")
[ "$leaks" -eq 1 ] || fail "$leaks leak reports, want exactly 1"
grep -q 'deliberate failure' "$log" || fail "the failed assertion is not reported"
grep -q 'deliberate expectation failure' "$log" ||
	fail "the failed expectation is not reported"
owner=$(awk '/allocation\(s\) leaked/ { want = 1; next }
	want && /failure_report::/ { sub(/^\[[A-Z ]+\] /, ""); sub(/: .*/, "");
	print; exit }' "$log")
[ "$owner" = failure_report::passes_but_leaks ] ||
	fail "the leak report belongs to '${owner:-nothing}', not passes_but_leaks"
grep -q 'passes_clean' "$log" && fail "passes_clean is mentioned: it passed"
grep -q 'Synthesis: Tested: 8 ' "$log" || fail "not 8 tests in the synthesis"

# The XML report: one testcase per test, and its status.
[ -s "$xml" ] || fail "no XML report at \$XML_OUTPUT_FILE"
status() {
	sed -n "s/.*<testcase name=\"$1\".* status=\"\([A-Z]*\)\".*/\1/p" "$xml"
}
n=$(grep -c '<testcase ' "$xml")
[ "$n" -eq 8 ] || fail "$n testcases in the XML report, want 8"
for t in assert_fails_after_allocating expect_fails_after_allocating \
	passes_but_leaks warns_outside_any_expectation warns_not_the_named_one \
	warns_quietly_unnamed; do
	[ "$(status "$t")" = FAILED ] || fail "$t is '$(status "$t")' in the XML, want FAILED"
done
for t in passes_clean warns_the_named_one; do
	[ "$(status "$t")" = PASSED ] || fail "$t is '$(status "$t")' in the XML, want PASSED"
	grep -q "failure_report::$t" "$log" && fail "$t is mentioned: it passed"
done
[ "$(grep -c 'CDATA\[[^]]*2 unexpected warning(s)' "$xml")" -eq 1 ] ||
	fail "warns_outside_any_expectation's two warnings are not reported once"
[ "$(grep -c 'CDATA\[[^]]*1 unexpected warning(s)' "$xml")" -eq 2 ] ||
	fail "warns_not_the_named_one's and warns_quietly_unnamed's warnings are not reported once each"
grep -q 'CDATA\[[^]]*allocation(s) leaked' "$xml" ||
	fail "the XML report does not carry the leak message"
[ "$(grep -c 'allocation(s) leaked' "$xml")" -eq 1 ] ||
	fail "the XML report has a leak message for more than one test"

[ "$errors" -eq 0 ] || { echo "$errors check(s) failed"; exit 1; }
echo "failure reports: as expected"
