#!/usr/bin/env bash
# compile_test.sh - what genradix.h refuses at compile time, for both node
# sizes: entry types larger than a node or of size 0, and loop pointers of
# the wrong type (Linux's loop macros warn there; -Werror makes it an
# error). Each refusal must carry its own diagnostic, and the correct
# snippet must compile, proving the failures come from the checks.
set -uo pipefail
root=${TEST_SRCDIR:+$TEST_SRCDIR/kds}
root=${root:-$(cd "$(dirname "$0")/../.." && pwd)}
cc=${CC:-cc}
src="$root/genradix/tests/compile_checks.c"
log=${TEST_TMPDIR:-/tmp}/compile_test.$$.log
fail=0

build() { # build DEFS... : compile src, output in $log
	# shellcheck disable=SC2068
	$cc -std=gnu11 -Wall -Werror -fsyntax-only $@ -I"$root/compat" -I"$root/user" -I"$root" \
		"$src" >"$log" 2>&1
}

refused() { # refused CASE PATTERN DEFS
	local case=$1 pattern=$2 defs=$3
	# shellcheck disable=SC2086
	if build -D"$case" $defs; then
		echo "FAIL: $case compiled ($defs)"; fail=1
	elif ! grep -qiE "$pattern" "$log"; then
		echo "FAIL: $case refused without the expected diagnostic /$pattern/ ($defs):"
		head -n 20 "$log"; fail=1
	fi
}

for defs in "" "-DKDS_GENRADIX_NODE_SHIFT=9 -DKDS_GENRADIX_VARIANT=512"; do
	# shellcheck disable=SC2086
	if ! build -DCASE_OK $defs; then
		echo "FAIL: the correct snippet does not compile ($defs):"
		head -n 20 "$log"; fail=1
	fi
	refused CASE_OVERSIZE "genradix entry type is larger than a node" "$defs"
	refused CASE_ZERO_STRUCT "genradix entry type has size 0" "$defs"
	refused CASE_ZERO_ARRAY "genradix entry type has size 0" "$defs"
	for c in CASE_FOR_EACH CASE_FOR_EACH_FROM CASE_FOR_EACH_REV; do
		refused $c "incompatible[- ]pointer[- ]type" "$defs"
	done
done
rm -f "$log"
[ $fail -eq 0 ] && echo "compile_test: oversized and zero-sized entries and mistyped loop pointers are refused"
exit $fail
