#!/usr/bin/env bash
# vm_kernel.sh - the Debian kernel the test VM boots, unpacked into kds's
# cache; nothing is installed and the machine's boot kernel is not touched.
#
#   kernel/vm_kernel.sh [--cached] [KVER]        (KVER default: kernel/kver.sh)
#
# Prints the cache folder of Debian's linux-image-KVER package at the
# version of linux-headers-KVER, installed or fetched by
# kernel/kernel_tree.sh (the headers kds.ko is built against, so the
# module and the kernel that loads it are one build),
# fetching and unpacking the package first when it is missing:
#   vmlinuz          the package's boot/vmlinuz-KVER (what QEMU boots)
#   modules/         its lib/modules/KVER (kernel/drivers/dax/device_dax.ko,
#                    dax_hmem.ko, kmem.ko, ...)
#   config, System.map, kernel.release (KVER)
#   package          "<package> <version> <sha256 of the .deb>"
#
# Fetching: "apt-get download linux-image-KVER=VERSION" (no root needed;
# the -unsigned package when the signed one is not offered), then
# "dpkg-deb -x" into a temporary folder next to the cache, renamed into
# place once complete (one fetch at a time per version: flock), so an
# interrupted fetch leaves nothing that looks finished. The package's
# Package and Version fields must be the ones asked for.
#
# Cache: $KDS_CACHE_DIR/vm-kernel/KVER_VERSION/, KDS_CACHE_DIR defaulting
# to ~/.cache/kds (the home directory from the password database, as for
# the debug kernel: a Bazel test's HOME is a temporary folder). A folder of
# an older version may be deleted at any time.
#
# Environment: KDS_CACHE_DIR (above); KDS_VM_KERNEL_DEB, a linux-image-KVER
# .deb to unpack instead of downloading one (a machine without network).
#
# --cached: print the folder only if it is already there; never fetch.
#
# Exit status: 0 and the folder on stdout; 1 when it is not cached
# (--cached) or the fetch failed (apt-get's or dpkg-deb's output on
# stderr); 2 on a setup error.
set -euo pipefail

here=$(cd "$(dirname "$(readlink -f "${BASH_SOURCE[0]}")")" && pwd)
die() { echo "vm_kernel.sh: $*" >&2; exit 2; }
cached_only=0
if [ "${1:-}" = "--cached" ]; then
	cached_only=1
	shift
fi
[ $# -le 1 ] || die "usage: kernel/vm_kernel.sh [--cached] [KVER]"
case ${1:-} in -*) die "unknown option $1" ;; esac
kver=${1:-$("$here/kver.sh")}
case $kver in
'' | */* | .*) die "not a kernel version: '$kver'" ;;
esac

# The version: that of the headers kds.ko is built against, installed or
# (a supported kernel whose headers are not installed) the one
# kernel/kernels.sh names, which kernel/kernel_tree.sh fetches.
headers=linux-headers-$kver
version=$(dpkg-query -W -f='${db:Status-Abbrev}|${Version}' "$headers" 2>/dev/null || true)
case $version in
"ii |"?*) version=${version#ii |} ;;
*)
	version=$("$here/kernels.sh" --row "$kver" 2>/dev/null | awk '{ print $2 }' || true)
	[ -n "$version" ] || die "$headers is not installed and $kver is not a kernel kds supports (kernel/kernels.sh), so no image version can match it (apt-get install linux-headers-amd64; or set KDS_VM_KERNEL and KDS_VM_MODULES to a kernel of your own)"
	;;
esac

# Its architecture: another one's image comes from that architecture's
# package lists (kernel/apt_arch.sh).
arch=$(dpkg --print-architecture)
if [ -n "$("$here/kernels.sh" --kbuild "$kver" 2>/dev/null)" ]; then
	arch=$("$here/kernels.sh" --row "$kver" | awk '{ print $3 }')
fi

cache=$("$here/cache_dir.sh")/vm-kernel
name=${kver}_$(printf '%s' "$version" | tr ':/' '__')
dest=$cache/$name
complete() { [ -f "$dest/package" ] && [ -f "$dest/vmlinuz" ] && [ -d "$dest/modules" ]; }
if complete; then
	echo "$dest"
	exit 0
fi
if [ "$cached_only" = 1 ]; then
	echo "vm_kernel.sh: linux-image-$kver $version is not in $cache" >&2
	exit 1
fi

mkdir -p "$cache"
exec 9>"$cache/$name.lock"
if ! flock -n 9; then
	echo "vm_kernel.sh: waiting for another fetch of $name" >&2
	flock 9
fi
if complete; then
	echo "$dest"
	exit 0
fi
rm -rf "$cache/.$name".*
tmp=$(mktemp -d "$cache/.$name.XXXXXX")
trap 'rm -rf "$tmp"' EXIT

# fail WHAT LOG: the fetch failed; show the end of LOG.
fail() {
	echo "vm_kernel.sh: $1" >&2
	[ -z "${2:-}" ] || tail -n 20 "$2" >&2
	exit 1
}
if [ -n "${KDS_VM_KERNEL_DEB:-}" ]; then
	[ -r "$KDS_VM_KERNEL_DEB" ] || die "KDS_VM_KERNEL_DEB=$KDS_VM_KERNEL_DEB is not readable"
	deb=$KDS_VM_KERNEL_DEB
	echo "vm_kernel.sh: unpacking $deb into $dest" >&2
else
	echo "vm_kernel.sh: fetching linux-image-$kver $version into $dest (the VM's kernel; nothing is installed)" >&2
	mkdir "$tmp/deb"
	# As root apt hands the download to its _apt user, which needs to
	# write the folder.
	chmod 755 "$tmp" "$tmp/deb"
	if [ "$(id -u)" = 0 ] && getent passwd _apt >/dev/null; then
		chown _apt "$tmp/deb"
	fi
	got=
	for pkg in "linux-image-$kver" "linux-image-$kver-unsigned"; do
		if (cd "$tmp/deb" && "$here/apt_arch.sh" "$arch" apt-get download -q "$pkg=$version") >>"$tmp/apt.log" 2>&1; then
			got=$pkg
			break
		fi
	done
	[ -n "$got" ] || fail "apt-get download found no linux-image-$kver (or -unsigned) at version $version, the version of $headers (stale package lists: apt-get update; a version no longer offered: install the current linux-headers-amd64); apt-get said:" "$tmp/apt.log"
	deb=$(find "$tmp/deb" -name '*.deb' | head -n 1)
	[ -n "$deb" ] || fail "apt-get download left no .deb" "$tmp/apt.log"
fi

pkg=$(dpkg-deb -f "$deb" Package 2>"$tmp/deb.err") || fail "$deb is not a Debian package:" "$tmp/deb.err"
got_version=$(dpkg-deb -f "$deb" Version)
case $pkg in
"linux-image-$kver" | "linux-image-$kver-unsigned") ;;
*) fail "$deb is $pkg, not linux-image-$kver" ;;
esac
[ "$got_version" = "$version" ] ||
	fail "$deb is $pkg $got_version; $headers is $version (an image and headers of one build only)"
dpkg-deb -x "$deb" "$tmp/root" 2>"$tmp/deb.err" || fail "dpkg-deb -x $deb failed:" "$tmp/deb.err"
[ -f "$tmp/root/boot/vmlinuz-$kver" ] || fail "$pkg $version holds no boot/vmlinuz-$kver"
[ -d "$tmp/root/lib/modules/$kver" ] || fail "$pkg $version holds no lib/modules/$kver"

out=$tmp/out
mkdir "$out"
mv "$tmp/root/boot/vmlinuz-$kver" "$out/vmlinuz"
mv "$tmp/root/lib/modules/$kver" "$out/modules"
for f in config System.map; do
	[ ! -f "$tmp/root/boot/$f-$kver" ] || mv "$tmp/root/boot/$f-$kver" "$out/$f"
done
echo "$kver" >"$out/kernel.release"
echo "$pkg $version $(sha256sum <"$deb" | cut -d' ' -f1)" >"$out/package"
rm -rf "$dest"
mv "$out" "$dest"
echo "$dest"
