#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
#
# ktap_parse.sh [--ktap FILE] LOG - judge the KTAP structure of a console
# log: the one judge of it. The kernel's own parser, the kunit_parser of
# `kunit.py parse` (tools/testing/kunit of Debian's linux-source-6.1),
# reads the log, and ktap_judge.py checks kds's rules on the tree it
# builds: kunit.py's verdict, no parse error, the plans present and
# complete, no "not ok" at any level, no skip but the build's or the
# runner's, four spaces per nesting level, one document (ktap_judge.py
# says which rule kunit.py alone does not enforce). check.awk judges the
# rest of the console (oopses, warnings, leaks, the init script).
#
# Prints kunit's summary (bounded: at most 80 lines, its last lines, the
# verdict, always among them), then kds's problem lines ("kds-vm: problem:
# ...", at most 21) and a summary line "kds-vm: ktap: PASS|FAIL: N
# suite(s), M case(s), F failed, S skipped". --ktap FILE: also writes the
# KTAP document's lines, without the console's other lines and prefixes,
# to FILE. Exit status: 0 when the KTAP passes, 1 when it fails, 2 on a
# setup error.
#
# kunit.py is extracted once from $KDS_LINUX_SOURCE (default
# /usr/src/linux-source-6.1.tar.xz, installed by ./bazelw) into
# $KDS_CACHE_DIR/kunit/<key>/, KDS_CACHE_DIR defaulting to ~/.cache/kds as
# for kernel/vm/debug_kernel.sh (the password database's home, so a
# Bazel test finds the same cache). <key> follows the tarball's size and
# modification time.
set -euo pipefail
here=$(cd "$(dirname "$(readlink -f "${BASH_SOURCE[0]}")")" && pwd)
die() { echo "ktap_parse.sh: $*" >&2; exit 2; }
ktap=
if [ "${1:-}" = --ktap ] && [ $# -ge 2 ]; then
	ktap=$2
	shift 2
fi
[ $# -eq 1 ] || die "usage: $0 [--ktap FILE] LOG"
log=$1
[ -r "$here/ktap_judge.py" ] || die "$here/ktap_judge.py missing"
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

# kunit's parser keeps the lines from "KTAP version" on, minus the prefix
# (the console timestamp) that line has; it needs no kernel tree or build.
out=$(mktemp)
report=$(mktemp)
trap 'rm -f "$out" "$report"' EXIT
rc=0
tr -d '\r' <"$log" |
	python3 "$here/ktap_judge.py" "$kunit" "$report" ${ktap:+"$ktap"} >"$out" 2>&1 || rc=$?
# The first 76 lines, and always the last 3: kunit's parser ends with its
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
cat "$report"
case $rc in
0) exit 0 ;;
1) exit 1 ;;
*) echo "ktap_parse.sh: ktap_judge.py failed (status $rc)" >&2; exit 2 ;;
esac
