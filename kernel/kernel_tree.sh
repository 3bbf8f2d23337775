#!/usr/bin/env bash
# kernel_tree.sh - the kernel build tree kds.ko is built against for a
# supported kernel (kernel/kernels.sh), without installing anything.
#
#   kernel/kernel_tree.sh [--cached] KVER
#
# Prints the tree's path: /lib/modules/KVER/build when linux-headers-KVER
# is installed, else the headers of that version unpacked into kds's cache,
#   $KDS_CACHE_DIR/headers/KVER_VERSION/usr/src/linux-headers-KVER
# fetched there first when missing: "apt-get download" of
# linux-headers-KVER, its -common package and linux-kbuild (no root
# needed; Debian's headers package depends on the kernel image, which
# installing would put in /boot), each "dpkg-deb -x" into one folder, the
# one absolute include of the arch Makefile pointed into that folder. Once
# per version, under a lock, renamed into place when complete, like
# kernel/vm_kernel.sh's image. A kernel of another architecture
# (kernel/kernels.sh --all) is fetched the same way from that
# architecture's package lists (kernel/apt_arch.sh), with the host's own
# linux-kbuild of the same version: its fixdep and modpost run here, the
# cross compiler builds (kernel/build.sh).
#
# --cached: print the tree only if it is there; never fetch.
# Exit status: 0 and the path; 1 when it is not there (--cached) or the
# fetch failed (apt-get's output on stderr); 2 on a usage error.
set -euo pipefail
here=$(cd "$(dirname "$(readlink -f "${BASH_SOURCE[0]}")")" && pwd)
die() { echo "kernel_tree.sh: $*" >&2; exit 2; }
cached_only=0
if [ "${1:-}" = "--cached" ]; then cached_only=1; shift; fi
[ $# = 1 ] || die "usage: kernel/kernel_tree.sh [--cached] KVER"
kver=$1
case $kver in '' | */* | .* | -*) die "not a kernel version: '$kver'" ;; esac

if [ -f "/lib/modules/$kver/build/Makefile" ] &&
	dpkg-query -W -f='${db:Status-Abbrev}' "linux-headers-$kver" 2>/dev/null | grep -q '^ii'; then
	echo "/lib/modules/$kver/build"
	exit 0
fi
read -r _ version arch < <("$here/kernels.sh" --row "$kver" 2>/dev/null) || true
[ -n "$version" ] || die "$kver is not a kernel kds supports (kernel/kernels.sh lists them) and its headers are not installed"

cache=$("$here/cache_dir.sh")/headers
name=${kver}_$(printf '%s' "$version" | tr ':/' '__')
dest=$cache/$name
tree=$dest/usr/src/linux-headers-$kver
complete() { [ -f "$dest/.complete" ] && [ -f "$tree/Makefile" ]; }
if complete; then echo "$tree"; exit 0; fi
if [ "$cached_only" = 1 ]; then
	echo "kernel_tree.sh: the headers of $kver ($version) are not in $cache" >&2
	exit 1
fi
mkdir -p "$cache"
exec 9>"$cache/$name.lock"
flock 9
if complete; then echo "$tree"; exit 0; fi
rm -rf "$cache/.$name".*
tmp=$(mktemp -d "$cache/.$name.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
echo "kernel_tree.sh: fetching the headers of $kver ($version) into $dest (nothing is installed)" >&2
mkdir "$tmp/deb"
chmod 755 "$tmp" "$tmp/deb"
if [ "$(id -u)" = 0 ] && getent passwd _apt >/dev/null; then chown _apt "$tmp/deb"; fi
# The -common and kbuild packages' names: from the headers package's own
# dependencies at that version.
deps=$("$here/apt_arch.sh" "$arch" apt-cache show "linux-headers-$kver=$version" 2>/dev/null | sed -n 's/^Depends: //p' | head -n 1 | tr ',' '\n' |
	sed -n 's/^ *\(linux-headers-[^ ]*-common\|linux-kbuild-[^ ]*\)\( .*\)\?$/\1/p')
[ -n "$deps" ] || { echo "kernel_tree.sh: apt-cache knows no linux-headers-$kver $version (apt-get update)" >&2; exit 1; }
# linux-kbuild holds programs the build runs (fixdep, modpost): the host's.
pkgs=("linux-headers-$kver=$version") host_pkgs=()
for d in $deps; do
	case $d in
	linux-kbuild-*) host_pkgs+=("$d=$version") ;;
	*) pkgs+=("$d=$version") ;;
	esac
done
if ! (cd "$tmp/deb" && "$here/apt_arch.sh" "$arch" apt-get download -q "${pkgs[@]}" &&
	{ [ ${#host_pkgs[@]} = 0 ] || apt-get download -q "${host_pkgs[@]}"; }) >"$tmp/apt.log" 2>&1; then
	echo "kernel_tree.sh: apt-get download ${pkgs[*]} ${host_pkgs[*]} failed:" >&2
	tail -n 20 "$tmp/apt.log" >&2
	exit 1
fi
for deb in "$tmp"/deb/*.deb; do
	dpkg-deb -x "$deb" "$tmp/root" || { echo "kernel_tree.sh: dpkg-deb -x $deb failed" >&2; exit 1; }
done
[ -f "$tmp/root/usr/src/linux-headers-$kver/Makefile" ] || { echo "kernel_tree.sh: the packages hold no usr/src/linux-headers-$kver" >&2; exit 1; }
# The arch tree includes the common one by absolute path: point it into
# the folder the headers end up in.
sed -i "s|^include /usr/src/|include $dest/usr/src/|" "$tmp/root/usr/src/linux-headers-$kver/Makefile"
grep -q "^include $dest/" "$tmp/root/usr/src/linux-headers-$kver/Makefile" ||
	{ echo "kernel_tree.sh: the arch Makefile of $kver has no include to rewrite" >&2; exit 1; }
for deb in "$tmp"/deb/*.deb; do
	printf '%s %s\n' "$(dpkg-deb -f "$deb" Package)" "$(sha256sum <"$deb" | cut -d' ' -f1)"
done >"$tmp/root/.complete"
rm -rf "$dest"
mv "$tmp/root" "$dest"
echo "$tree"
