#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
#
# debug_kernel_key.sh - the cache folder of a debug kernel configuration.
#
#   kernel/vm/debug_kernel_key.sh kasan|kcsan [--inputs|--tarball]
#
# Prints $cache/debug-kernel/<variant>-<key>, where the cache root is
# kernel/cache_dir.sh's and <key> hashes everything the kernel is built
# from: the configuration name, the SHA-256 of the source tarball
# (KDS_LINUX_SOURCE, default the variant's: kasan is built from Debian's
# linux-source-6.12, so the code only 6.12 takes runs under KASAN,
# lockdep and kmemleak; kcsan from linux-source-6.1, so 6.1's runs under
# KCSAN; --tarball prints it), of
# configs/common.config, of configs/<variant>.config, of debug_kernel.sh
# and of this script, and the first line of gcc --version and ld
# --version. A change to any of them names a new folder, so the next
# build makes a new kernel. debug_kernel.sh builds into the folder;
# debug_kernel_cached.sh only asks whether it is complete: both take the
# key from here, so they cannot disagree. With --inputs, prints the
# hashed lines instead (debug_kernel.sh records them in info.txt).
#
# Exit status: 0 and the folder on stdout; 2 on a setup error.
set -euo pipefail

here=$(cd "$(dirname "$(readlink -f "${BASH_SOURCE[0]}")")" && pwd)
die() { echo "debug_kernel_key.sh: $*" >&2; exit 2; }
[ $# = 1 ] || { [ $# = 2 ] && { [ "$2" = --inputs ] || [ "$2" = --tarball ]; }; } ||
	die "usage: kernel/vm/debug_kernel_key.sh kasan|kcsan [--inputs|--tarball]"
variant=$1
case $variant in
kasan) series=6.12 ;;
kcsan) series=6.1 ;;
*) die "unknown configuration '$variant' (kasan or kcsan)" ;;
esac
tarball=${KDS_LINUX_SOURCE:-/usr/src/linux-source-$series.tar.xz}
[ -r "$tarball" ] || die "$tarball missing (apt-get install linux-source-$series)"
if [ "${2:-}" = --tarball ]; then
	echo "$tarball"
	exit 0
fi
for tool in gcc ld sha256sum; do
	command -v "$tool" >/dev/null || die "$tool not found (apt-get install build-essential)"
done

inputs=$(
	echo "variant $variant"
	echo "tarball $(sha256sum <"$tarball" | cut -d' ' -f1)"
	for f in "$here/configs/common.config" "$here/configs/$variant.config" \
		"$here/debug_kernel.sh" "$here/debug_kernel_key.sh"; do
		echo "$(basename "$f") $(sha256sum <"$f" | cut -d' ' -f1)"
	done
	echo "gcc $(gcc --version | head -n 1)"
	echo "ld $(ld --version | head -n 1)"
)
if [ $# = 2 ]; then
	printf '%s\n' "$inputs"
	exit 0
fi
echo "$("$here/../cache_dir.sh")/debug-kernel/$variant-$(printf '%s\n' "$inputs" | sha256sum | cut -c1-16)"
