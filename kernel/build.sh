#!/usr/bin/env bash
# Build kds.ko from the shared sources with Kbuild.
#
#   kernel/build.sh [OUTDIR]      (default: kernel/build)
#
# Lays genradix/, dax_bus/, dma/, benchmarks/flex_array/ and kernel/ side by
# side in OUTDIR with kernel/Kbuild at its root, then runs the kernel's
# out-of-tree module build against the installed Debian headers. Fails on
# any compiler or modpost warning. Prints the path of kds.ko last.
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
out=${1:-$root/kernel/build}
kver=$("$root/kernel/kver.sh" --headers-only)
kdir=/lib/modules/$kver/build

rm -rf "$out"
mkdir -p "$out"
out=$(cd "$out" && pwd)
for d in genradix dax_bus dma kernel benchmarks/flex_array; do
	[ -d "$root/$d" ] || continue
	mkdir -p "$out/$d"
	# Top-level sources and headers only: tests and build files stay behind.
	find -L "$root/$d" -maxdepth 1 -type f \( -name '*.c' -o -name '*.h' \) \
		-exec cp {} "$out/$d/" \;
done
cp "$root/kernel/Kbuild" "$out/Kbuild"

log="$out/build.log"
if ! make -C "$kdir" M="$out" modules >"$log" 2>&1; then
	cat "$log" >&2
	echo "build.sh: module build failed" >&2
	exit 1
fi
if grep -E 'warning:|WARNING:' "$log" >&2; then
	echo "build.sh: the module build printed warnings (treated as errors)" >&2
	exit 1
fi
echo "$out/kds.ko"
