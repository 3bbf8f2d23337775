#!/usr/bin/env bash
# wrong_world_test.sh - a kds header used in the wrong world, without the
# configuration it needs, or included on its own when it is the inline
# implementation of another, stops the build with one #error that names
# the fix (at most one more diagnostic, the deliberate stop after it), not
# a cascade. Each case is compiled with -fsyntax-only; the first error must
# be kds's own, with its text, and a correct build of the same include must
# compile, so the refusal comes from the check.
set -uo pipefail
root=${TEST_SRCDIR:+$TEST_SRCDIR/kds}
root=${root:-$(cd "$(dirname "$0")/../.." && pwd)}
cc=${CC:-cc}
tmp=$(mktemp -d "${TEST_TMPDIR:-/tmp}/kds-ww.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
fail=0

compile() { # compile SNIPPET FLAGS... : output in $tmp/log
	local snippet=$1
	shift
	printf '%b\n' "$snippet" >"$tmp/t.c"
	# shellcheck disable=SC2068
	$cc -std=gnu11 -Wall -Werror -fsyntax-only $@ "$tmp/t.c" >"$tmp/log" 2>&1
}

# refused NAME SNIPPET PATTERN FLAGS...: must fail, first error /PATTERN/,
# at most two errors.
refused() {
	local name=$1 snippet=$2 pattern=$3 first n
	shift 3
	if compile "$snippet" "$@"; then
		echo "FAIL: $name compiled"; fail=1; return
	fi
	first=$(grep -m1 -E 'error' "$tmp/log")
	n=$(grep -cE '(^|: )(fatal )?error' "$tmp/log")
	if ! grep -qE "$pattern" <<<"$first"; then
		echo "FAIL: $name: first error is not kds's /$pattern/:"; head -c 2000 "$tmp/log"; fail=1
	elif [ "$n" -gt 2 ]; then
		echo "FAIL: $name: $n errors, a cascade:"; head -c 2000 "$tmp/log"; fail=1
	else
		echo "ok: $name: $(sed 's/.*#error //' <<<"$first" | cut -c1-110)"
	fi
}

compiles() { # compiles NAME SNIPPET FLAGS...
	local name=$1 snippet=$2
	shift 2
	if ! compile "$snippet" "$@"; then
		echo "FAIL: $name does not compile:"; head -c 2000 "$tmp/log"; fail=1
	fi
}

pub="-I$root"
compat="-I$root/compat -I$root/user -I$root"

compiles "public header in userspace" '#include <kds/genradix.h>\nint x;' $pub
refused "public header with __KERNEL__ outside Kbuild" '#include <kds/genradix.h>' \
	'__KERNEL__ is defined outside a Kbuild build.*kernel/README.md' $pub -D__KERNEL__
refused "<kds/dma.h> with __KERNEL__ outside Kbuild" '#include <kds/dma.h>' \
	'__KERNEL__ is defined outside a Kbuild build' $pub -D__KERNEL__
refused "<kds/port.h> in a kernel build" '#include <kds/port.h>' \
	'<kds/port.h> controls the userspace library.*Do not include it in kernel code' $pub -D__KERNEL__

compiles "compat genradix in userspace" '#include <linux/generic-radix-tree.h>\nint x;' $compat
refused "compat <linux/generic-radix-tree.h> in a kernel build" \
	'#include <linux/generic-radix-tree.h>' \
	"compat folder .* is for userspace builds. In a kernel build remove its -I" $compat -D__KERNEL__
refused "compat <linux/dma-mapping.h> in a kernel build" '#include <linux/dma-mapping.h>' \
	"compat folder .* is for userspace builds" $compat -D__KERNEL__

refused "userspace port in a kernel build" '#include "kds_port.h"' \
	"user/kds_port.h is kds's userspace port: a kernel build puts kds's kernel/ folder first" \
	-I"$root/user" $pub -D__KERNEL__
refused "kernel port in userspace" '#include "kds_port.h"' \
	"kernel/kds_port.h is kds's kernel port: a userspace build takes user/kds_port.h" \
	-I"$root/kernel" $pub

# The inline implementation comes with <kds/genradix.h>, which includes it
# at its end; on its own it is refused. Included after the API header it
# adds nothing (its guard), so the usual order compiles.
refused "<kds/static/genradix.h> included directly" '#include <kds/static/genradix.h>' \
	'<kds/static/genradix.h> is the inline implementation of <kds/genradix.h>, which includes it: include <kds/genradix.h> instead' $pub
compiles "<kds/genradix.h> and then <kds/static/genradix.h>" \
	'#include <kds/genradix.h>\n#include <kds/static/genradix.h>\nint x;' $pub

compiles "a genradix variant with its shift" '#include <kds/genradix.h>\nint x;' $pub \
	-DKDS_GENRADIX_NODE_SHIFT=9 -DKDS_GENRADIX_VARIANT=512
refused "a genradix variant without its shift" '#include <kds/genradix.h>' \
	'KDS_GENRADIX_VARIANT names a node-size variant, so KDS_GENRADIX_NODE_SHIFT must be defined' \
	$pub -DKDS_GENRADIX_VARIANT=512

[ $fail -eq 0 ] && echo "wrong_world_test: every misuse stops at kds's #error"
exit $fail
