#!/usr/bin/env bash
# sysroot.sh - the libraries the userspace tests link and load on another
# architecture, unpacked from Debian's packages of that architecture.
#
#   testing/arch/sysroot.sh ARCH      (ARCH: i386 or arm64)
#
# Downloads (apt-get download, through kernel/apt_arch.sh's private apt
# state: nothing is installed, the host's apt configuration is unchanged)
# libcriterion-dev of ARCH with everything libcriterion3 needs at run time
# (libc6 among them; the compiler's headers and libc are its own,
# libc6-dev-*-cross), busybox-static (bin/busybox: the init of
# kernel/vm/run.sh's guests of ARCH) and daxctl with everything it needs
# at run time (usr/bin/daxctl: the real daxctl those guests run against
# kds.ko as the system's dax bus), unpacks them with dpkg-deb -x into
# kds's cache,
#   $KDS_CACHE_DIR/sysroot/ARCH-<hash of the package list>/
# and points the workspace's .kds-sysroot/ARCH at it, the path .bazelrc's
# --config=ARCH links against and testing/arch/run.sh loads from. Once
# per package set, under a lock, renamed into place when complete.
# libc6's control files (its symbols and shlibs) are kept in the
# sysroot's DEBIAN/, which makes the sysroot a package build tree that
# dpkg-shlibdeps -S reads: tools/packaging/deb.sh --arch ARCH gives its
# libkds0 the dependency on libc6 of ARCH without multiarch on the host.
#
# Exit status: 0 and the sysroot's path; 1 when a download or unpack
# failed (saying which); 2 on a usage error.
set -euo pipefail
root=$(cd "$(dirname "$(readlink -f "${BASH_SOURCE[0]}")")/../.." && pwd)
[ $# = 1 ] || { echo "usage: testing/arch/sysroot.sh ARCH" >&2; exit 2; }
arch=$1
case $arch in i386 | arm64) ;; *) echo "sysroot.sh: no userspace test configuration for '$arch' (i386, arm64)" >&2; exit 2 ;; esac
apt=("$root/kernel/apt_arch.sh" "$arch")

# The packages: libcriterion-dev, and libcriterion3's and daxctl's
# run-time closure.
pkgs=$("${apt[@]}" apt-cache depends --recurse --no-recommends --no-suggests --no-conflicts \
	--no-breaks --no-replaces --no-enhances libcriterion3 daxctl libc6 2>/dev/null |
	grep -v '^ ' | grep -v '^<' | sort -u)
# busybox-static: the init of kernel/vm/run.sh's guests of ARCH.
pkgs=$(printf '%s\nlibcriterion-dev\nbusybox-static\n' "$pkgs" | sort -u)
for p in libcriterion3 daxctl; do
	grep -qx "$p" <<<"$pkgs" || { echo "sysroot.sh: apt-cache knows no $p for $arch" >&2; exit 1; }
done
# Each one's candidate version, from one apt-cache call (the names in
# the order of $pkgs, sorted, so the key below is the same every time).
# shellcheck disable=SC2086 # one package name a word
vers=$("${apt[@]}" apt-cache policy $pkgs |
	awk '/^[^ ].*:$/ { p = substr($0, 1, length($0) - 1) } /^  Candidate: / { print p "=" $2 }' | sort)
# (the layout is part of the key: DEBIAN/ came later)
key=$(printf 'layout 2: DEBIAN\n%s\n' "$vers" | sha256sum | cut -c1-12)
cache=$("$root/kernel/cache_dir.sh")/sysroot
dest=$cache/$arch-$key
link() {
	mkdir -p "$root/.kds-sysroot"
	ln -sfn "$dest" "$root/.kds-sysroot/$arch"
	echo "$dest"
}
[ ! -f "$dest/.complete" ] || { link; exit 0; }
mkdir -p "$cache"
exec 9>"$cache/$arch.lock"
flock 9
[ ! -f "$dest/.complete" ] || { link; exit 0; }
rm -rf "$cache/.$arch-$key".*
tmp=$(mktemp -d "$cache/.$arch-$key.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
mkdir "$tmp/deb"
chmod 755 "$tmp" "$tmp/deb"
if [ "$(id -u)" = 0 ] && getent passwd _apt >/dev/null; then chown _apt "$tmp/deb"; fi
echo "sysroot.sh: fetching $(wc -l <<<"$vers") $arch packages into $dest (nothing is installed)" >&2
# shellcheck disable=SC2086 # one package=version a word
if ! (cd "$tmp/deb" && "${apt[@]}" apt-get download -q $vers) >"$tmp/apt.log" 2>&1; then
	tail -n 20 "$tmp/apt.log" >&2
	echo "sysroot.sh: apt-get download failed for $arch" >&2
	exit 1
fi
for deb in "$tmp"/deb/*.deb; do
	dpkg-deb -x "$deb" "$tmp/root" || { echo "sysroot.sh: dpkg-deb -x $deb failed" >&2; exit 1; }
done
libc6=$(find "$tmp/deb" -name 'libc6_*.deb' | head -n 1)
if [ -z "$libc6" ] || ! dpkg-deb -e "$libc6" "$tmp/root/DEBIAN" || [ ! -f "$tmp/root/DEBIAN/symbols" ]; then
	echo "sysroot.sh: libc6's symbols file is missing from the $arch packages" >&2
	exit 1
fi
printf '%s\n' "$vers" >"$tmp/root/.complete"
rm -rf "$dest"
mv "$tmp/root" "$dest"
link
