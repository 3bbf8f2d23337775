#!/usr/bin/env bash
# compile_test.sh - what genradix.h refuses at compile time, and what fails
# to link:
#  - for every node size (4 KiB, 512 and the smallest, 128 bytes): entry
#    types larger than a node or of size 0, and loop pointers of the wrong
#    type (Linux's loop macros warn there; -Werror makes it an error);
#  - node-size mismatches: a node shift without its variant (the code would
#    call the page-sized tree's functions), a variant that is not the node
#    size in bytes, a node size below 16 pointers or above a page;
#  - objects of different node sizes linked together: a user of one size
#    against the genradix of the other (C), and a tree or a spare node
#    handed across sizes (C++, where parameter types reach the linker).
# Each refusal must carry its own diagnostic, and the correct snippet must
# compile (and link), proving the failures come from the checks.
set -uo pipefail
root=${TEST_SRCDIR:+$TEST_SRCDIR/kds}
root=${root:-$(cd "$(dirname "$0")/../.." && pwd)}
cc=${CC:-cc}
cxx=${CXX:-c++}
src="$root/genradix/tests/compile_checks.c"
tmp=$(mktemp -d "${TEST_TMPDIR:-${TMPDIR:-/tmp}}/kds-compile-test.XXXXXX") || exit 1
trap 'rm -rf "$tmp"' EXIT
log=$tmp/log
fail=0
incs=(-I"$root/compat" -I"$root/user" -I"$root")
V512="-DKDS_GENRADIX_NODE_SHIFT=9 -DKDS_GENRADIX_VARIANT=512"
V128="-DKDS_GENRADIX_NODE_SHIFT=7 -DKDS_GENRADIX_VARIANT=128"

build() { # build DEFS... : compile src, output in $log
	# shellcheck disable=SC2068
	$cc -std=gnu11 -Wall -Werror -Wundef -fsyntax-only $@ "${incs[@]}" "$src" >"$log" 2>&1
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

for defs in "" "$V512" "$V128"; do
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

# Node-size configurations: the page size spelled out is the default and
# compiles; every mismatch is refused, in users and in genradix.c alike.
if ! build -DCASE_OK -DKDS_GENRADIX_NODE_SHIFT=12; then
	echo "FAIL: the default node shift spelled out does not compile:"; head -n 20 "$log"; fail=1
fi
no_variant="KDS_GENRADIX_NODE_SHIFT other than KDS_PAGE_SHIFT needs KDS_GENRADIX_VARIANT"
not_size="KDS_GENRADIX_VARIANT must be the node size in bytes"
bounds="genradix nodes must be 16 pointers \(128 bytes on 64-bit\) \.\. a page"
refused CASE_OK "$no_variant" "-DKDS_GENRADIX_NODE_SHIFT=9"
refused CASE_OK "$not_size" "-DKDS_GENRADIX_NODE_SHIFT=10 -DKDS_GENRADIX_VARIANT=512"
refused CASE_OK "$not_size" "-DKDS_GENRADIX_NODE_SHIFT=9 -DKDS_GENRADIX_VARIANT=4096"
refused CASE_OK "$not_size" "-DKDS_GENRADIX_NODE_SHIFT=9 -DKDS_GENRADIX_VARIANT=small"
refused CASE_OK "$bounds" "-DKDS_GENRADIX_NODE_SHIFT=6 -DKDS_GENRADIX_VARIANT=64"
refused CASE_OK "$bounds" "-DKDS_GENRADIX_NODE_SHIFT=13 -DKDS_GENRADIX_VARIANT=8192"
src="$root/genradix/genradix.c" refused GENRADIX_C "$no_variant" "-DKDS_GENRADIX_NODE_SHIFT=9"
src="$root/genradix/genradix.c" refused GENRADIX_C "$not_size" "-DKDS_GENRADIX_NODE_SHIFT=10 -DKDS_GENRADIX_VARIANT=512"

# Linking: the real port and genradix.c for each node size, then users of
# either size into a shared object that must resolve every symbol.
obj() { # obj OUT COMPILER STD SRC DEFS...
	local out=$1 comp=$2 std=$3 file=$4
	shift 4
	# shellcheck disable=SC2068
	if ! $comp -std="$std" -Wall -Werror -fPIC -c $@ "${incs[@]}" "$file" -o "$tmp/$out" >"$log" 2>&1; then
		echo "FAIL: $file ($*) does not compile:"; head -n 20 "$log"; fail=1
	fi
}
links() { # links OBJ... : output in $log
	local objs=()
	for o in "$@"; do objs+=("$tmp/$o"); done
	$cxx -shared -Wl,-z,defs "${objs[@]}" -o "$tmp/out.so" >"$log" 2>&1
}
link_ok() { # link_ok WHAT OBJ...
	local what=$1
	shift
	links "$@" || { echo "FAIL: $what does not link:"; head -n 20 "$log"; fail=1; }
}
link_refused() { # link_refused WHAT PATTERN... -- OBJ...
	local what=$1 p
	local pats=()
	shift
	while [ "$1" != -- ]; do pats+=("$1"); shift; done
	shift
	if links "$@"; then
		echo "FAIL: $what linked"; fail=1; return
	fi
	for p in "${pats[@]}"; do
		grep -qE "$p" "$log" || { echo "FAIL: $what refused without /$p/:"; head -n 20 "$log"; fail=1; }
	done
}

# The port's runtime, one object of its files (ld -r), as the links below want one.
port_objs=()
for f in "$root"/user/*.c; do
	b=$(basename "$f" .c)
	obj "port_$b.o" "$cc" gnu11 "$f"
	port_objs+=("$tmp/port_$b.o")
done
ld -r "${port_objs[@]}" -o "$tmp/port.o" || { echo "FAIL: the port's objects do not combine"; fail=1; }
obj gr.o "$cc" gnu11 "$root/genradix/genradix.c"
# shellcheck disable=SC2086
obj gr512.o "$cc" gnu11 "$root/genradix/genradix.c" $V512
obj ok.o "$cc" gnu11 "$src" -DCASE_OK
# shellcheck disable=SC2086
obj ok512.o "$cc" gnu11 "$src" -DCASE_OK $V512
mix="$root/genradix/tests/variant_mix.cc"
obj taker.o "$cxx" c++17 "$mix" -pedantic -DMIX_TAKER
# shellcheck disable=SC2086
obj taker512.o "$cxx" c++17 "$mix" -pedantic -DMIX_TAKER $V512
obj giver.o "$cxx" c++17 "$mix" -pedantic -DMIX_GIVER
# shellcheck disable=SC2086
obj giver512.o "$cxx" c++17 "$mix" -pedantic -DMIX_GIVER $V512

link_ok "a 4 KiB user with the 4 KiB genradix" ok.o gr.o port.o
link_ok "a 512-byte user with the 512-byte genradix" ok512.o gr512.o port.o
link_refused "a 512-byte user with the 4 KiB genradix only" \
	"undefined reference to .kds_genradix512_" -- ok512.o gr.o port.o
link_refused "a 4 KiB user with the 512-byte genradix only" \
	"undefined reference to .kds_genradix_" -- ok.o gr512.o port.o
link_ok "a tree and a spare handed between 4 KiB files" taker.o giver.o gr.o port.o
link_ok "a tree and a spare handed between 512-byte files" taker512.o giver512.o gr512.o port.o
link_refused "a 512-byte tree and spare handed to 4 KiB code" \
	"undefined reference to .mix_take_tree\(__kds_genradix512\*" \
	"undefined reference to .mix_take_spare\(.*kds_genradix512_node\*\*" \
	-- taker.o giver512.o gr.o gr512.o port.o
link_refused "a 4 KiB tree and spare handed to 512-byte code" \
	"undefined reference to .mix_take_tree\(__kds_genradix\*" \
	"undefined reference to .mix_take_spare\(.*kds_genradix_node\*\*" \
	-- taker512.o giver.o gr.o gr512.o port.o

[ $fail -eq 0 ] && echo "compile_test: oversized and zero-sized entries, mistyped loop pointers and node-size mismatches are refused; mixed node sizes do not link"
exit $fail
