#!/usr/bin/env bash
# stackinit_flags_test: every object of kds.ko, built by kernel/build.sh
# with kernel/Kbuild's own flags against the installed headers, is
# compiled with stack auto-initialisation to zero. Debian's 6.1 config
# sets CONFIG_INIT_STACK_ALL_ZERO, so the kernel's Makefile adds
# -ftrivial-auto-var-init=zero; this test reads the command Kbuild
# recorded for each object (its .<object>.cmd file) and checks that the
# last -ftrivial-auto-var-init= on it (the one the compiler obeys) is
# =zero. It then builds again with KCFLAGS=-ftrivial-auto-var-init=uninitialized
# (flags that come after the kernel's, as a Kbuild ccflags-y would) and
# requires the check to fail there: it can tell the difference. The
# run-time proof is the stackinit cases (kernel/tests/stackinit.c) in
# kds_test.ko.
set -euo pipefail
root=$(cd "$(dirname "$(readlink -f "${BASH_SOURCE[0]}")")/.." && pwd)
if [ -n "${TEST_SRCDIR:-}" ]; then
	root="$TEST_SRCDIR/kds"
fi
kver=$("$root/kernel/kver.sh" --headers-only)
kdir=/lib/modules/$kver/build
tmp=$(mktemp -d "${TEST_TMPDIR:-/tmp}/kds-stackinit.XXXXXX")
trap 'rm -rf "$tmp"' EXIT

if ! grep -qx 'CONFIG_INIT_STACK_ALL_ZERO=y' "$kdir/include/config/auto.conf"; then
	echo "FAIL: $kver is not configured with CONFIG_INIT_STACK_ALL_ZERO=y;"
	echo "      kernel/Kbuild must add ccflags-y += -ftrivial-auto-var-init=zero"
	exit 1
fi

# check OUTDIR: every object of kds.ko was compiled with auto-init to zero.
# Prints the objects that were not and returns 1 for any.
check() {
	local out=$1 objs o cmd last bad=0 n=0
	# The objects kds.o links: Kbuild's list, kds.mod.
	objs=$(cat "$out/kds.mod" 2>/dev/null || true)
	[ -n "$objs" ] || { echo "no objects in $out/kds.mod"; return 1; }
	for o in $objs; do
		o=${o#"$out"/}
		cmd="$out/$(dirname "$o")/.$(basename "$o").cmd"
		[ -r "$cmd" ] || { echo "$o: no $cmd"; bad=1; continue; }
		n=$((n + 1))
		last=$(grep -m1 '^cmd_' "$cmd" | grep -oE -- '-ftrivial-auto-var-init=[a-z]+' | tail -n 1 || true)
		if [ "$last" != -ftrivial-auto-var-init=zero ]; then
			echo "$o: ${last:-no -ftrivial-auto-var-init}"
			bad=1
		fi
	done
	[ "$n" -gt 0 ] || { echo "no object command read"; return 1; }
	echo "$n object(s) read"
	return $bad
}

"$root/kernel/build.sh" "$tmp/out" >"$tmp/build.log" 2>&1 || {
	tail -n 40 "$tmp/build.log"; echo "FAIL: kds.ko did not build"; exit 1; }
if ! check "$tmp/out" >"$tmp/check.log"; then
	cat "$tmp/check.log"
	echo "FAIL: objects of kds.ko are compiled without -ftrivial-auto-var-init=zero"
	exit 1
fi
objects=$(tail -n 1 "$tmp/check.log")

KCFLAGS=-ftrivial-auto-var-init=uninitialized \
	"$root/kernel/build.sh" "$tmp/planted" >"$tmp/build.log" 2>&1 || {
	tail -n 40 "$tmp/build.log"; echo "FAIL: the planted build did not build"; exit 1; }
if check "$tmp/planted" >"$tmp/check.log"; then
	cat "$tmp/check.log"
	echo "FAIL: the check passed a build whose objects end in -ftrivial-auto-var-init=uninitialized"
	exit 1
fi
echo "ok: $kver compiles every object of kds.ko with -ftrivial-auto-var-init=zero ($objects);"
echo "    a build that overrides it with =uninitialized is caught"
