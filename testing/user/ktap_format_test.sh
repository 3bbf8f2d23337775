#!/usr/bin/env bash
# ktap_format_test.sh - the KTAP the userspace case programs print is what
# the kernel's own parser reads: each program (argument) runs with a short
# sequence length and its output goes through tools/testing/kunit/kunit.py
# parse, extracted from the installed kernel source tarball, which must
# report every case as passed. The document ktap_cap_test prints (the
# argument after --failing; the program itself passes) must parse with
# exactly the failed cases it reports.
#
# Without the tarball the test fails: it is the test's input.
# LINUX_SOURCE_TARBALL gives its path outside Bazel.
set -uo pipefail
kds_tarball_for="no kunit.py to parse with"
testing=${TEST_SRCDIR:+$TEST_SRCDIR/kds/testing}
testing=${testing:-$(cd "$(dirname "$(readlink -f "$0")")/.." && pwd)}
. "$testing/linux_tarball.sh"
tmp=$(mktemp -d "${TEST_TMPDIR:-/tmp}/ktap_format.XXXXXX") || exit 1
trap 'rm -rf "$tmp"' EXIT

if ! tar -xJf "$tarball" -C "$tmp" --wildcards '*/tools/testing/kunit/*.py'; then
	echo "FAIL: could not extract tools/testing/kunit from $tarball"
	exit 1
fi
kunit=$(find "$tmp" -path '*/tools/testing/kunit/kunit.py' | head -n 1)
[ -n "$kunit" ] || { echo "FAIL: $tarball holds no kunit.py"; exit 1; }

fail=0
failing=
for prog in "$@"; do
	if [ "$prog" = --failing ]; then
		failing=1
		continue
	fi
	name=$(basename "$prog")
	KDS_TEST_STEPS=100 "$prog" >"$tmp/$name.ktap" 2>&1
	rc=$?
	python3 "$kunit" parse "$tmp/$name.ktap" >"$tmp/$name.parsed" 2>&1
	prc=$?
	summary=$(grep -E 'Testing complete|No tests' "$tmp/$name.parsed" | sed 's/^\[[0-9:]*\] //')
	cases=$(grep -cE '^ +(not )?ok [0-9]+ ' "$tmp/$name.ktap")
	if [ -n "$failing" ]; then
		# Its document reports failed cases; the parser must count each.
		nfailed=$(grep -cE '^ +not ok [0-9]+ ' "$tmp/$name.ktap")
		if [ "$rc" != 0 ] || [ "$prc" = 0 ] || [ "$nfailed" = 0 ] ||
		   ! grep -q "failed: $nfailed\$" <<<"$summary"; then
			echo "FAIL: $name: exit $rc, kunit.py $prc: $summary"
			fail=1
		else
			echo "ok: $name fails as kunit.py reads it: $summary"
		fi
		failing=
		continue
	fi
	if [ "$rc" != 0 ] || [ "$prc" != 0 ] || [ "$cases" = 0 ] ||
	   ! grep -q "Ran $cases tests: passed: $cases\$" <<<"$summary"; then
		echo "FAIL: $name: exit $rc, kunit.py $prc, $cases case line(s): $summary"
		head -c 4000 "$tmp/$name.parsed"
		fail=1
	else
		echo "ok: $name: $summary"
	fi
done
exit $fail
