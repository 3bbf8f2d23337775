#!/usr/bin/env bash
# Build kds.ko from the shared sources with Kbuild.
#
#   kernel/build.sh [--tests] [OUTDIR]      (default: kernel/build)
#
# Lays genradix/, dax_bus/, dma/, benchmarks/flex_array/ and kernel/ side by
# side in OUTDIR with kernel/Kbuild at its root, then runs the kernel's
# out-of-tree module build against the installed Debian headers. Fails on
# any compiler or modpost warning. Prints the path of kds.ko last.
#
# Environment (the kernel to build against):
#   KDIR  a kernel build tree (default /lib/modules/$KVER/build)
#   KVER  its version (default: kernel/kver.sh --headers-only, or the
#         kernel.release KDIR names when only KDIR is given)
#
# --tests also builds the test module kds_test.ko in OUTDIR/kds_test (its
# own copy of the shared sources, kernel/port.c, kernel/tests/*.c and the
# components' test tables <component>/tests/*.h, with kernel/tests/Kbuild)
# and prints its path before the path of kds.ko.
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
tests=0
if [ "${1:-}" = "--tests" ]; then
	tests=1
	shift
fi
out=${1:-$root/kernel/build}
if [ -n "${KVER:-}" ]; then
	kver=$KVER
elif [ -n "${KDIR:-}" ] && [ -r "$KDIR/include/config/kernel.release" ]; then
	kver=$(cat "$KDIR/include/config/kernel.release")
else
	kver=$("$root/kernel/kver.sh" --headers-only)
fi
kdir=${KDIR:-/lib/modules/$kver/build}
if [ ! -e "$kdir/Makefile" ]; then
	echo "build.sh: $kdir is not a kernel build tree (no Makefile); set KDIR or KVER" >&2
	exit 1
fi

# copy_top SRC DST: the top-level .c and .h files of SRC into DST.
copy_top() {
	mkdir -p "$2"
	find -L "$1" -maxdepth 1 -type f \( -name '*.c' -o -name '*.h' \) \
		-exec cp {} "$2/" \;
}

# kbuild DIR: run the out-of-tree module build in DIR; fail on warnings.
kbuild() {
	local log="$1/build.log"
	if ! make -j"$(nproc)" -C "$kdir" M="$1" modules >"$log" 2>&1; then
		cat "$log" >&2
		echo "build.sh: module build failed ($1)" >&2
		exit 1
	fi
	if grep -E 'warning:|WARNING:' "$log" >&2; then
		echo "build.sh: the module build printed warnings (treated as errors)" >&2
		exit 1
	fi
}

rm -rf "$out"
mkdir -p "$out"
out=$(cd "$out" && pwd)
for d in genradix dax_bus dma kernel kernel/dax_bus benchmarks/flex_array; do
	[ -d "$root/$d" ] || continue
	# Top-level sources and headers only: tests and build files stay behind.
	copy_top "$root/$d" "$out/$d"
done
cp "$root/kernel/Kbuild" "$out/Kbuild"
kbuild "$out"

if [ "$tests" = 1 ]; then
	t=$out/kds_test
	for d in genradix dax_bus dma benchmarks/flex_array; do
		[ -d "$root/$d" ] || continue
		copy_top "$root/$d" "$t/$d"
		# The component's shared case tables (headers only).
		if [ -d "$root/$d/tests" ]; then
			mkdir -p "$t/$d/tests"
			find -L "$root/$d/tests" -maxdepth 1 -type f -name '*.h' \
				-exec cp {} "$t/$d/tests/" \;
		fi
	done
	mkdir -p "$t/kernel"
	cp "$root/kernel/kds_port.h" "$root/kernel/port.c" "$t/kernel/"
	copy_top "$root/kernel/tests" "$t/kernel/tests"
	cp "$root/kernel/tests/Kbuild" "$t/Kbuild"
	kbuild "$t"
	echo "$t/kds_test.ko"
fi
echo "$out/kds.ko"
