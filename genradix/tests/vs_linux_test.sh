#!/usr/bin/env bash
# vs_linux_test.sh - kds's genradix against Linux's own code, in
# userspace. Extracts lib/generic-radix-tree.c and
# include/linux/generic-radix-tree.h from the installed kernel source
# tarball (linux-source-6.1) into the test's temporary directory, builds
# them over the shim in tests/linux_shim into a shared object, and runs
# vs_linux (one build per kds node size) against it.
#
# Linux 6.1 sizes its nodes by PAGE_SIZE only. The 512-byte kds variant is
# compared with the same 6.1 code built with the shim's PAGE_SHIFT set to
# 9: its nodes are then 512 bytes, the node size Linux 6.9 adopted
# (GENRADIX_NODE_SHIFT 9). It is 6.1's code with a smaller node, not 6.9's.
#
# Without the tarball the test fails: it is the test's input.
# LINUX_SOURCE_TARBALL gives its path outside Bazel; VS_LINUX_OPS the operations per size.
set -uo pipefail
root=${TEST_SRCDIR:+$TEST_SRCDIR/kds}
root=${root:-$(cd "$(dirname "$0")/../.." && pwd)}
cc=${CC:-cc}
kds_tarball_for="no Linux genradix to compare with"
. "$root/testing/linux_tarball.sh"
ops=${VS_LINUX_OPS:-8000}
tmp=$(mktemp -d "${TEST_TMPDIR:-/tmp}/vs_linux.XXXXXX") || exit 1
trap 'rm -rf "$tmp"' EXIT

# Only the two files; their directory prefix in the tarball is not assumed.
if ! tar -xJf "$tarball" -C "$tmp" --wildcards \
	'*/lib/generic-radix-tree.c' '*/include/linux/generic-radix-tree.h'; then
	echo "FAIL: could not extract genradix from $tarball"
	exit 1
fi
src=$(find "$tmp" -path '*/lib/generic-radix-tree.c' | head -n 1)
hdr=$(find "$tmp" -path '*/include/linux/generic-radix-tree.h' | head -n 1)
if [ -z "$src" ] || [ -z "$hdr" ]; then
	echo "FAIL: $tarball holds no lib/generic-radix-tree.c or its header"
	exit 1
fi
mkdir -p "$tmp/build/include/linux" "$tmp/build/lib"
cp "$hdr" "$tmp/build/include/linux/"
cp "$src" "$tmp/build/lib/"

fail=0
for variant in "12 vs_linux" "9 vs_linux_512"; do
	# shellcheck disable=SC2086
	set -- $variant
	shift_bits=$1 driver="$root/genradix/$2"
	so="$tmp/linux_genradix_$shift_bits.so"
	if ! $cc -std=gnu11 -O1 -fPIC -shared -w -DVS_LINUX_PAGE_SHIFT="$shift_bits" \
		-I"$tmp/build/include" -I"$tmp/build" \
		-I"$root/genradix/tests/linux_shim" -I"$root/genradix/tests" -I"$root/user" \
		-o "$so" "$root/genradix/tests/linux_side.c" >"$tmp/cc.log" 2>&1; then
		echo "FAIL: Linux's genradix does not build over the shim (PAGE_SHIFT $shift_bits):"
		head -n 30 "$tmp/cc.log"
		fail=1
		continue
	fi
	out="$tmp/run.log"
	"$driver" "$so" "$ops" >"$out" 2>&1
	rc=$?
	grep -v '^size ' "$out" | head -n 20
	grep -c '^size .* 0 mismatch' "$out" | sed "s/^/entry sizes without a mismatch: /"
	if [ $rc -ne 0 ]; then
		echo "FAIL: $2 against Linux with PAGE_SHIFT $shift_bits (exit $rc)"
		fail=1
	fi
done
[ $fail -eq 0 ] && echo "vs_linux_test: kds matches Linux's genradix for both node sizes"
exit $fail
