#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
#
# relaxed_install_test.sh PROG - the stress program built over genradix.c
# with its publishing compare-and-swaps made relaxed (//genradix:
# stress_relaxed_install, under --config=tsan) must be stopped by
# ThreadSanitizer with a data race in genradix's own code: the check that
# keeps the release ordering of a node install from being dropped
# unnoticed. The unplanted code passes the same program
# (//genradix:stress_test under --config=tsan).
set -uo pipefail
prog=${1:?usage: relaxed_install_test.sh PROG}
out=$(mktemp "${TEST_TMPDIR:-/tmp}/relaxed.XXXXXX")
trap 'rm -f "$out"' EXIT
export TSAN_OPTIONS="halt_on_error=1 ${TSAN_OPTIONS:-}"
"$prog" >"$out" 2>&1
rc=$?
if [ "$rc" = 0 ]; then
	echo "FAIL: the stress passed with relaxed node installs (no data race reported)"
	tail -n 5 "$out"
	exit 1
fi
# The report's first stack frames (bounded).
report=$(grep -m1 -A30 'WARNING: ThreadSanitizer: data race' "$out")
if [ -z "$report" ]; then
	echo "FAIL: the stress exited $rc without a ThreadSanitizer data race report"
	tail -n 20 "$out"
	exit 1
fi
if ! printf '%s\n' "$report" | grep -qE ' kds_genradix_[a-z_]+'; then
	echo "FAIL: the data race reported is not in genradix's code:"
	printf '%s\n' "$report" | head -n 20
	exit 1
fi
echo "ok: ThreadSanitizer stops the stress on the relaxed install (exit $rc):"
printf '%s\n' "$report" | grep -E 'data race|^  (Write|Read|Atomic)|#[0-3] ' | head -n 12
