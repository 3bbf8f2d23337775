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
# 1. The folder comes from debug_kernel_key.sh, as debug_kernel.sh's does.
# It is a separate script because debug_kernel.sh's own text is one of the
# key's inputs: a query added there would change the key of every kernel
# already built. //kernel:debug_kernel_cached_test checks that both name
# the same folder.
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
dest=$("$here/debug_kernel_key.sh" "$variant") || exit 2
if [ -f "$dest/kernel.release" ]; then
	echo "$dest"
	exit 0
fi
echo "debug_kernel_cached.sh: no $variant debug kernel built at $dest (kernel/vm/debug_kernel.sh $variant builds it)" >&2
exit 1
