#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
#
# Test of kernel/vm/ktap_parse.sh without a VM: kunit.py parse accepts the
# recorded passing console log (testdata/pass.log) and rejects copies of it
# with a failed case, a case missing from a subtest, results out of order,
# a cut-off subtest or no KTAP at all; a missing log is a setup error.
set -uo pipefail
here=$(cd "$(dirname "$(readlink -f "${BASH_SOURCE[0]}")")" && pwd)
if [ -n "${TEST_SRCDIR:-}" ]; then
	here="$TEST_SRCDIR/kds/kernel/vm"
fi
parse=$here/ktap_parse.sh
good=$here/testdata/pass.log
tmp=$(mktemp -d "${TEST_TMPDIR:-/tmp}/kds-ktap.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
failures=0

# expect NAME STATUS PATTERN: ktap_parse.sh on $tmp/log must exit STATUS
# and print a line matching PATTERN.
expect() {
	local name=$1 want=$2 pattern=$3 rc=0
	"$parse" "$tmp/log" >"$tmp/report" 2>&1 || rc=$?
	if [ "$rc" != "$want" ] || ! grep -qE -- "$pattern" "$tmp/report"; then
		echo "FAIL: $name: exit $rc (want $want), report:"
		head -n 30 "$tmp/report" | sed 's/^/    /'
		failures=$((failures + 1))
	else
		echo "ok: $name"
	fi
}

# mutate NAME STATUS PATTERN SED-SCRIPT
mutate() {
	sed -e "$4" "$good" >"$tmp/log"
	expect "$1" "$2" "$3"
}

cp "$good" "$tmp/log"
expect "the recorded passing log parses" 0 \
	'Testing complete\. Ran 13 tests: passed: 12, skipped: 1$'
sed 's/$/\r/' "$good" >"$tmp/log"
expect "CRLF line ends" 0 'Ran 13 tests: passed: 12, skipped: 1$'

mutate "a failed case" 1 '\[FAILED\] port_bit_math' \
	's/    ok 4 port_bit_math/    not ok 4 port_bit_math/'
mutate "a case missing from a subtest" 1 'kds_port: missing expected subtest' \
	'/ok 7 port_sysfs_streq/d; s/ok 8 port_list/ok 7 port_list/; s/ok 9 port_ref/ok 8 port_ref/; s/ok 10 port_ref/ok 9 port_ref/; s/ok 11 port_at/ok 10 port_at/; s/ok 12 port_locks/ok 11 port_locks/'
mutate "results out of order" 1 'Expected test number 5 but found 6' \
	'/ok 5 port_arith/d'
mutate "a cut-off subtest" 1 'missing expected subtest' \
	'/ok 11 port_atomics/,$d'
mutate "no KTAP at all" 1 'could not find any KTAP output' \
	'/KTAP version 1/d'

rm -f "$tmp/log"
expect "a missing log" 2 'cannot read'

if [ "$failures" != 0 ]; then
	echo "$failures case(s) failed"
	exit 1
fi
echo "all cases passed"
