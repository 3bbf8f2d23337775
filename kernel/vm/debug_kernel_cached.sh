#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
#
# debug_kernel_cached.sh - is a debug kernel already built? Never builds.
#
#   kernel/vm/debug_kernel_cached.sh [kasan|kcsan]        (default: kasan)
#
# Prints the cache folder debug_kernel.sh would print for the same
# configuration, if that kernel is complete there (its kernel.release
# exists), and exits 0; otherwise says which folder is missing and exits
# 1. It computes debug_kernel.sh's cache key from the same inputs, in the
# same order and the same form (the configuration name, the SHA-256 of the
# tarball, of common.config, of <variant>.config and of debug_kernel.sh,
# and the first line of gcc --version and ld --version), under the same
# cache root (KDS_CACHE_DIR, else ~/.cache/kds from the password database)
# and tarball (KDS_LINUX_SOURCE). It is a separate script because
# debug_kernel.sh's own text is one of the key's inputs: a query added
# there would change the key of every kernel already built.
# //kernel:debug_kernel_cached_test checks that both name the same folder.
#
# .ci/run asks it whether the KCSAN kernel is there before it runs
# //kernel:vm_kcsan_test (a KCSAN build is never started by CI).
#
# Exit status: 0 and the folder on stdout; 1 when not cached; 2 on a setup
# error.
set -euo pipefail

here=$(cd "$(dirname "$(readlink -f "${BASH_SOURCE[0]}")")" && pwd)
variant=${1:-kasan}
die() { echo "debug_kernel_cached.sh: $*" >&2; exit 2; }

case $variant in
kasan | kcsan) ;;
*) die "unknown configuration '$variant' (kasan or kcsan)" ;;
esac
[ $# -le 1 ] || die "usage: kernel/vm/debug_kernel_cached.sh [kasan|kcsan]"
tarball=${KDS_LINUX_SOURCE:-/usr/src/linux-source-6.1.tar.xz}
[ -r "$tarball" ] || die "$tarball missing (apt-get install linux-source-6.1)"
for tool in gcc ld sha256sum; do
	command -v "$tool" >/dev/null || die "$tool not found (apt-get install build-essential)"
done

cache=$("$here/../cache_dir.sh")/debug-kernel

# The key, exactly as debug_kernel.sh computes it.
fragments=("$here/configs/common.config" "$here/configs/$variant.config")
inputs=$(
	echo "variant $variant"
	echo "tarball $(sha256sum <"$tarball" | cut -d' ' -f1)"
	for f in "${fragments[@]}" "$here/debug_kernel.sh"; do
		echo "$(basename "$f") $(sha256sum <"$f" | cut -d' ' -f1)"
	done
	echo "gcc $(gcc --version | head -n 1)"
	echo "ld $(ld --version | head -n 1)"
)
key=$variant-$(printf '%s\n' "$inputs" | sha256sum | cut -c1-16)
dest=$cache/$key
if [ -f "$dest/kernel.release" ]; then
	echo "$dest"
	exit 0
fi
echo "debug_kernel_cached.sh: no $variant debug kernel built at $dest (kernel/vm/debug_kernel.sh $variant builds it)" >&2
exit 1
