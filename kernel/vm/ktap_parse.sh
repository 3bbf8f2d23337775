#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
#
# ktap_parse.sh LOG - judge the KTAP structure of a console log with the
# kernel's own parser, `kunit.py parse` (tools/testing/kunit of Debian's
# linux-source-6.1), as a second opinion next to check.awk: plans, test
# numbering, nesting and results as KUnit's tooling reads them. It knows
# nothing of kds's own rules (oopses, warning brackets, leaks, the top-level
# plan being present), which stay check.awk's.
#
# Prints kunit.py's summary (bounded: at most 80 lines, its last lines, the
# verdict, always among them). Exit status: 0 when kunit.py parses
# the log and every test passed or was skipped, 1 when it reports a failure
# or a parse error, 2 on a setup error.
#
# kunit.py is extracted once from $KDS_LINUX_SOURCE (default
# /usr/src/linux-source-6.1.tar.xz, installed by ./bazelw) into
# $KDS_CACHE_DIR/kunit/<key>/, KDS_CACHE_DIR defaulting to ~/.cache/kds as
# for kernel/vm/debug_kernel.sh (the password database's home, so a
# Bazel test finds the same cache). <key> follows the tarball's size and
# modification time.
set -euo pipefail
die() { echo "ktap_parse.sh: $*" >&2; exit 2; }
[ $# -eq 1 ] || die "usage: $0 LOG"
log=$1
[ -r "$log" ] || die "cannot read $log"
command -v python3 >/dev/null || die "python3 not found"
tarball=${KDS_LINUX_SOURCE:-/usr/src/linux-source-6.1.tar.xz}
[ -r "$tarball" ] || die "$tarball missing (apt-get install linux-source-6.1)"

if [ -z "${KDS_CACHE_DIR:-}" ]; then
	home=$(getent passwd "$(id -u)" | cut -d: -f6)
	[ -n "$home" ] && [ -d "$home" ] || home=${HOME:?}
	KDS_CACHE_DIR=$home/.cache/kds
fi
cache=$KDS_CACHE_DIR/kunit
key=$(stat -L -c '%s-%Y' "$tarball")
kunit=$cache/$key/tools/testing/kunit
if [ ! -f "$kunit/kunit.py" ]; then
	mkdir -p "$cache"
	exec 9>"$cache/$key.lock"
	flock 9
	if [ ! -f "$kunit/kunit.py" ]; then
		echo "ktap_parse.sh: extracting kunit.py from $tarball (first run only)" >&2
		rm -rf "$cache/.$key".*
		tmp=$(mktemp -d "$cache/.$key.XXXXXX")
		top=$(tar -tJf "$tarball" | head -n 1 | cut -d/ -f1) ||
			true
		[ -n "$top" ] || { rm -rf "$tmp"; die "cannot list $tarball"; }
		tar -xJf "$tarball" -C "$tmp" --strip-components=1 \
			"$top/tools/testing/kunit" ||
			{ rm -rf "$tmp"; die "cannot extract tools/testing/kunit from $tarball"; }
		rm -rf "${cache:?}/$key"
		mv "$tmp" "$cache/$key"
	fi
	exec 9>&-
fi

# kunit.py keeps the lines from "KTAP version" on, minus the prefix (the
# console timestamp) that line has; it needs no kernel tree or build.
out=$(mktemp)
trap 'rm -f "$out"' EXIT
rc=0
tr -d '\r' <"$log" | python3 "$kunit/kunit.py" parse >"$out" 2>&1 || rc=$?
# The first 76 lines, and always the last 3: kunit.py ends with its
# verdict ("Testing complete. Ran N tests: passed: ..., failed: ...",
# "Failures: suite.case").
n=$(wc -l <"$out")
if [ "$n" -le 80 ]; then
	cat "$out"
else
	head -n 76 "$out"
	echo "ktap_parse.sh: ... $((n - 79)) more line(s)"
	tail -n 3 "$out"
fi
case $rc in
0) exit 0 ;;
*) exit 1 ;;
esac
