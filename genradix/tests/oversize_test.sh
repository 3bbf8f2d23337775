#!/usr/bin/env bash
# oversize_test.sh - an entry type larger than a node is a compile error,
# for both node sizes; an entry exactly one node large compiles.
set -uo pipefail
root=${TEST_SRCDIR:+$TEST_SRCDIR/kds}
root=${root:-$(cd "$(dirname "$0")/../.." && pwd)}
cc=${CC:-cc}
src="$root/genradix/tests/oversize.c"
fail=0
for defs in "" "-DKDS_GENRADIX_NODE_SHIFT=9 -DKDS_GENRADIX_VARIANT=512"; do
	# shellcheck disable=SC2086
	if ! $cc -std=gnu11 -Wall -Werror -fsyntax-only -DOVERSIZE_OK $defs \
		-I"$root/user" -I"$root" "$src"; then
		echo "FAIL: a node-sized entry does not compile ($defs)"; fail=1
	fi
	# shellcheck disable=SC2086
	if $cc -std=gnu11 -Wall -Werror -fsyntax-only $defs \
		-I"$root/user" -I"$root" "$src" 2>/dev/null; then
		echo "FAIL: an entry larger than a node compiled ($defs)"; fail=1
	fi
done
[ $fail -eq 0 ] && echo "oversize: entries larger than a node are refused at compile time"
exit $fail
