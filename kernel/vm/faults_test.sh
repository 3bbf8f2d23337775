#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
#
# The VM runner must fail a run with planted faults and name each one:
# kds_test.ko loaded with inject=fail,leak,warn fails a case, WARNs outside
# an expect-warning bracket and leaks an allocation until unload.
#
#   kernel/vm/faults_test.sh [--cases PROG]...   (options passed to run.sh)
#
# The planted faults must be the only failures: the run's report
# (check.awk's problems, ktap_parse.sh's, the --cases comparison) must
# hold exactly the problems the three faults cause, one line each, and
# nothing else. A real failure anywhere else (another suite's "not ok", a
# skipped cross-check, a sysfs check, a second warning or call trace, a
# leak of kds.ko's) fails this test.
#
# The VM gets 6 GiB here (KDS_VM_MEM, unless set): the real suites, which
# must still pass, then see 1 GiB of RAM above the 1 GiB align
# comparison's range (4224 MiB to 6 GiB) and an active swiotlb, so the
# DMA cross-check covers a second platform (//kernel:vm_test uses 5 GiB,
# whose RAM above 4 GiB is the 128 MiB below that range).
set -uo pipefail
here=$(cd "$(dirname "$(readlink -f "${BASH_SOURCE[0]}")")" && pwd)
if [ -n "${TEST_SRCDIR:-}" ]; then
	here="$TEST_SRCDIR/kds/kernel/vm"
fi
out=$(mktemp "${TEST_TMPDIR:-/tmp}/kds-faults.XXXXXX")
trap 'rm -f "$out" "$out".*' EXIT

KDS_VM_MEM=${KDS_VM_MEM:-6G} "$here/run.sh" --inject fail,leak,warn "$@" >"$out" 2>&1
rc=$?
fail=0
if [ "$rc" != 1 ]; then
	echo "FAIL: run.sh exited $rc with planted faults (want 1)"
	fail=1
fi

# The report's problem lines (between "---- verdict" and the console).
awk '/^---- verdict/ { on = 1; next } /^---- console/ { on = 0 }
	on && /^kds-vm: problem: /' "$out" >"$out.problems"

# Each planted fault's consequences, one problem line each: the failed
# case and its suite; the warning (from injected.c) and its call trace;
# kds_test.ko's leak, hence one clean unload short; kunit.py's rejection
# of a failed case.
planted=(
	'^kds-vm: problem: not ok: kds_injected\.injected_failure$'
	'^kds-vm: problem: not ok: kds_injected$'
	'^kds-vm: problem: kernel warning: WARNING: .* at [^ ]*/tests/injected\.c:[0-9]+ injected_warning\+'
	'^kds-vm: problem: call trace: Call Trace:$'
	'^kds-vm: problem: leak: kds_test: 1 allocation\(s\) leaked at unload$'
	'^kds-vm: problem: only 2 of 3 module unload\(s\) reported no outstanding allocation$'
	'^kds-vm: problem: kunit\.py parse rejects the KTAP'
)
for want in "${planted[@]}"; do
	n=$(grep -cE -- "$want" "$out.problems")
	if [ "$n" = 1 ]; then
		echo "ok: one problem /$want/"
	else
		echo "FAIL: $n problem line(s) /$want/ (want exactly 1)"
		fail=1
	fi
done
unexpected=$(grep -vE -- "$(IFS='|'; echo "${planted[*]}")" "$out.problems" | head -n 20)
if [ -n "$unexpected" ]; then
	echo "FAIL: problems other than the planted faults:"
	printf '%s\n' "$unexpected" | sed 's/^/    /'
	fail=1
else
	echo "ok: no problem other than the planted faults"
fi

# The counts: two results failed (the case and its suite), nothing skipped
# but the runner's own, every other case passed in kunit.py's reading too.
for want in '^kds-vm: ktap: FAIL: [0-9]+ suite\(s\), [0-9]+ case\(s\), 2 failed, 0 skipped$' \
	'Testing complete\. Ran [0-9]+ tests: passed: [0-9]+, failed: 1$' \
	'Failures: kds_injected\.injected_failure$' \
	'facts: .*swiotlb 1'; do
	if grep -qE -- "$want" "$out"; then
		echo "ok: found /$want/"
	else
		echo "FAIL: the run's report lacks /$want/"
		fail=1
	fi
done
# With --cases, the comparison with userspace ran (its failures are
# problems, above) and compared at least one suite.
case " $* " in
*" --cases "*)
	if grep -qE '^kds-vm: cases: .* case\(s\) in both worlds$' "$out"; then
		echo "ok: --cases compared $(grep -cE '^kds-vm: cases: .* in both worlds$' "$out") suite(s)"
	else
		echo "FAIL: --cases given, but no suite was compared with userspace"
		fail=1
	fi
	;;
esac
if [ "$fail" != 0 ]; then
	echo "---- run.sh output"
	cat "$out"
fi
exit $fail
