#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
#
# debug_kernel.sh - build (once) and print the cached debug kernel kds.ko is
# tested in.
#
#   kernel/vm/debug_kernel.sh [kasan|kcsan]        (default: kasan)
#
# Prints the cache directory of the requested configuration, building it
# first when it is missing. The directory holds:
#   bzImage          the kernel to boot
#   build/           a module build tree (what Debian's linux-headers package
#                    ships: Makefiles, include/, scripts/, arch/x86 headers,
#                    generated headers, Module.symvers, .config, objtool):
#                    KDIR for kernel/build.sh
#   modules/         the in-tree modules (modules_install: device_dax.ko)
#   kernel.release   the version string (KVER)
#   System.map, config, info.txt (the cache key's inputs, the build time)
#
# The configuration is configs/common.config plus configs/<variant>.config,
# applied with "make allnoconfig KCONFIG_ALLCONFIG=..." to the variant's
# Debian kernel source (debug_kernel_key.sh --tarball: kasan from
# linux-source-6.12, kcsan from linux-source-6.1) in a separate O= folder;
# every line of the fragment must survive olddefconfig, or the build fails
# (Kconfig silently drops an option whose dependencies are missing). A line
# naming an option the source's Kconfig does not define at all is one a
# later kernel retired (UBSAN_SANITIZE_ALL, whose behaviour 6.9 made the
# default): it is left out, and info.txt names it.
#
# Cache: $KDS_CACHE_DIR/debug-kernel/<key>/, KDS_CACHE_DIR defaulting to
# ~/.cache/kds (kernel/cache_dir.sh: the home directory from the password
# database, so a Bazel test, whose HOME is a temporary folder, finds the
# same cache). <key> is debug_kernel_key.sh's: a SHA-256 over the
# tarball's content, the two fragment files, this script, the key script
# and the compiler's and linker's version lines: change any of them and
# the next run builds a new kernel. One build at a time per key (flock); it is
# made in a temporary folder next to the cache and renamed into place when
# complete, so an interrupted build leaves nothing that looks finished.
#
# Environment: KDS_CACHE_DIR (above), KDS_DEBUG_KERNEL_JOBS (make -j,
# default nproc), KDS_LINUX_SOURCE (the tarball, default the variant's).
#
# Exit status: 0 and the directory on stdout; 1 on a failed build (the end
# of the build log on stderr); 2 on a setup error.
set -euo pipefail

here=$(cd "$(dirname "$(readlink -f "${BASH_SOURCE[0]}")")" && pwd)
variant=${1:-kasan}
die() { echo "debug_kernel.sh: $*" >&2; exit 2; }

case $variant in
kasan | kcsan) ;;
*) die "unknown configuration '$variant' (kasan or kcsan)" ;;
esac
tarball=$("$here/debug_kernel_key.sh" "$variant" --tarball) || exit 2
for tool in gcc ld make flex bison bc flock sha256sum tar xz; do
	command -v "$tool" >/dev/null ||
		die "$tool not found (apt-get install build-essential flex bison bc xz-utils)"
done
[ -e /usr/include/libelf.h ] || die "libelf.h missing (apt-get install libelf-dev)"

# ---- the key (debug_kernel_key.sh: the folder debug_kernel_cached.sh asks for)
dest=$("$here/debug_kernel_key.sh" "$variant") || exit 2
inputs=$("$here/debug_kernel_key.sh" "$variant" --inputs) || exit 2
cache=$(dirname "$dest")
key=$(basename "$dest")
mkdir -p "$cache"
fragments=("$here/configs/common.config" "$here/configs/$variant.config")
if [ -f "$dest/kernel.release" ]; then
	echo "$dest"
	exit 0
fi

exec 9>"$cache/$key.lock"
if ! flock -n 9; then
	echo "debug_kernel.sh: waiting for another build of $key" >&2
	flock 9
fi
if [ -f "$dest/kernel.release" ]; then
	echo "$dest"
	exit 0
fi
# Folders of builds that were interrupted.
rm -rf "$cache/.$key".*
tmp=$(mktemp -d "$cache/.$key.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
jobs=${KDS_DEBUG_KERNEL_JOBS:-$(nproc)}
log=$tmp/build.log
start=$(date +%s)
echo "debug_kernel.sh: building the $variant debug kernel into $dest (first run only; several minutes)" >&2

# step WHAT CMD...: run CMD with its output in the log; fail with the log's end.
step() {
	local what=$1
	shift
	echo "== $what" >>"$log"
	if ! "$@" >>"$log" 2>&1; then
		echo "debug_kernel.sh: $what failed; the log ends:" >&2
		tail -n 60 "$log" >&2
		exit 1
	fi
}

src=$tmp/src
obj=$tmp/obj
out=$tmp/out
mkdir -p "$src" "$obj" "$out"
step "unpack $tarball" tar -xf "$tarball" -C "$src" --strip-components=1
# Options this source defines anywhere; a fragment line naming another is
# one the kernel retired, left out (and named in info.txt).
find "$src" -name 'Kconfig*' -type f -exec sed -n 's/^[[:space:]]*\(menu\)\{0,1\}config[[:space:]]\{1,\}\([A-Z0-9_]\{1,\}\).*/CONFIG_\2/p' {} + |
	sort -u >"$tmp/options"
[ -s "$tmp/options" ] || { echo "debug_kernel.sh: no Kconfig options found in $tarball" >&2; exit 1; }
retired=
while IFS= read -r line; do
	opt=$(printf '%s\n' "$line" | sed -n 's/^\(CONFIG_[A-Z0-9_]*\)=.*/\1/p; s/^# \(CONFIG_[A-Z0-9_]*\) is not set$/\1/p')
	if [ -n "$opt" ] && ! grep -qxF "$opt" "$tmp/options"; then
		retired="$retired $opt"
		continue
	fi
	printf '%s\n' "$line"
done < <(cat "${fragments[@]}") >"$tmp/fragment.config"
step "allnoconfig" make -C "$src" O="$obj" allnoconfig KCONFIG_ALLCONFIG="$tmp/fragment.config"
step "olddefconfig" make -C "$src" O="$obj" olddefconfig
# Every fragment line must be in the final .config.
lost=$(grep -E '^CONFIG_[A-Z0-9_]+=' "$tmp/fragment.config" | while read -r line; do
	grep -qxF -- "$line" "$obj/.config" || echo "$line"
done)
if [ -n "$lost" ]; then
	echo "debug_kernel.sh: Kconfig dropped these fragment lines (missing dependencies):" >&2
	echo "$lost" >&2
	exit 1
fi
step "make bzImage modules" make -C "$src" O="$obj" -j"$jobs" bzImage modules
step "modules_install" make -C "$src" O="$obj" INSTALL_MOD_PATH="$tmp/root" modules_install

release=$(cat "$obj/include/config/kernel.release")
cp "$obj/arch/x86/boot/bzImage" "$out/bzImage"
cp "$obj/System.map" "$out/System.map"
cp "$obj/.config" "$out/config"
mv "$tmp/root/lib/modules/$release" "$out/modules"
rm -f "$out/modules/build" "$out/modules/source"

# The module build tree, as Debian's linux-headers package lays it out:
# source-side Makefiles, include/, scripts/ and arch headers, then the
# generated side over them.
b=$out/build
mkdir -p "$b"
(
	cd "$src"
	find . arch/x86 -maxdepth 1 -name 'Makefile*'
	find include scripts -type f -o -type l
	find arch/x86 -name Kbuild.platforms -o -name Platform
	# shellcheck disable=SC2046 # the folder list, one word each
	find $(find arch/x86 -name include -o -name scripts -type d) -type f
) >"$tmp/srcfiles"
tar -c -f - -C "$src" -T "$tmp/srcfiles" | tar -x -f - -C "$b"
(
	cd "$obj"
	[ -x tools/objtool/objtool ] && echo tools/objtool/objtool
	find arch/x86/include Module.symvers include scripts -type f
) >"$tmp/objfiles"
tar -c -f - -C "$obj" -T "$tmp/objfiles" | tar -x -f - -C "$b"
cp "$obj/.config" "$b/.config"

secs=$(($(date +%s) - start))
{
	echo "kernel.release $release"
	printf '%s\n' "$inputs"
	echo "retired fragment options (not in this source's Kconfig):${retired:- none}"
	echo "build seconds $secs (make -j$jobs, $(nproc) CPUs)"
	echo "built $(date -u '+%Y-%m-%d %H:%M UTC')"
} >"$out/info.txt"
echo "$release" >"$out/kernel.release"
mv "$out" "$dest"
echo "debug_kernel.sh: $key built in ${secs}s ($(du -sh "$dest" | cut -f1))" >&2
echo "$dest"
