#!/usr/bin/env bash
# vm_kernel_test: the VM's kernel comes from kds's cache, never from /boot.
# On a cache of its own (KDS_CACHE_DIR) and with a made-up linux-image .deb
# (KDS_VM_KERNEL_DEB; nothing is downloaded):
#   - kernel/vm_kernel.sh --cached finds nothing in an empty cache, and
#     fetches nothing;
#   - kernel/vm_kernel.sh unpacks the package of the installed headers'
#     version into <cache>/vm-kernel/<kver>_<version>/ (vmlinuz, modules/
#     with the dax modules the VM loads, package), and then finds it there;
#   - kernel/vm/run.sh --print-kernel names that vmlinuz and modules folder
#     (this machine may have a kernel in /boot: it must not be the one);
#     with KDS_VM_KERNEL and KDS_VM_MODULES set it takes those without
#     looking at the cache;
#   - a package of another version than the installed headers, of another
#     name, or without boot/vmlinuz-<kver> is refused, saying why, and
#     nothing is cached; a version without installed headers is refused.
set -uo pipefail
root=${TEST_SRCDIR:+$TEST_SRCDIR/kds}
root=${root:-$(cd "$(dirname "$(readlink -f "${BASH_SOURCE[0]}")")/.." && pwd)}
. "$root/testing/sh_lib.sh"
test_begin vm-kernel

kver=$("$root/kernel/kver.sh") || { echo "FAIL: kernel/kver.sh found no kernel headers"; exit 1; }
version=$(dpkg-query -W -f='${Version}' "linux-headers-$kver")
unset KDS_VM_KERNEL KDS_VM_MODULES KVER KDIR KDS_VM_KERNEL_DEB

# fake_deb FILE PACKAGE VERSION [nokernel]: a linux-image-like package with
# a recognisable vmlinuz and the dax modules.
fake_deb() {
	local d=$tmp/pkg-$RANDOM
	mkdir -p "$d/DEBIAN" "$d/boot" "$d/lib/modules/$kver/kernel/drivers/dax/hmem"
	printf 'Package: %s\nVersion: %s\nArchitecture: amd64\nMaintainer: kds <kds@localhost>\nDescription: made-up kernel image for vm_kernel_test\n' \
		"$2" "$3" >"$d/DEBIAN/control"
	[ "${4:-}" = nokernel ] || echo "made-up vmlinuz $2 $3" >"$d/boot/vmlinuz-$kver"
	echo "made-up config" >"$d/boot/config-$kver"
	for m in device_dax kmem hmem/dax_hmem; do
		echo "made-up $m" >"$d/lib/modules/$kver/kernel/drivers/dax/$m.ko"
	done
	dpkg-deb --root-owner-group -Zgzip -b "$d" "$1" >/dev/null || { echo "FAIL: dpkg-deb -b"; exit 1; }
}
vmk() { "$root/kernel/vm_kernel.sh" "$@" >"$tmp/out" 2>"$tmp/err"; }

export KDS_CACHE_DIR=$tmp/cache
want=$KDS_CACHE_DIR/vm-kernel/${kver}_$version
fake_deb "$tmp/good.deb" "linux-image-$kver" "$version"

if vmk --cached; then
	bad "vm_kernel.sh --cached found an image in an empty cache: $(shows "$tmp/out")"
elif [ -s "$tmp/out" ] || [ -e "$KDS_CACHE_DIR/vm-kernel/${kver}_$version" ]; then
	bad "vm_kernel.sh --cached printed or made something: $(shows "$tmp/out")"
else
	ok "an empty cache has no image ($(shows "$tmp/err"))"
fi

if KDS_VM_KERNEL_DEB=$tmp/good.deb vmk; then
	dir=$(cat "$tmp/out")
	[ "$dir" = "$want" ] || bad "vm_kernel.sh unpacked into '$dir', not $want"
	grep -qx "made-up vmlinuz linux-image-$kver $version" "$want/vmlinuz" 2>/dev/null ||
		bad "$want/vmlinuz is not the package's boot/vmlinuz-$kver"
	for m in device_dax kmem hmem/dax_hmem; do
		[ -f "$want/modules/kernel/drivers/dax/$m.ko" ] || bad "no modules/kernel/drivers/dax/$m.ko in $want"
	done
	[ "$(cat "$want/kernel.release" 2>/dev/null)" = "$kver" ] || bad "kernel.release is not $kver"
	sum=$(sha256sum <"$tmp/good.deb" | cut -d' ' -f1)
	[ "$(cat "$want/package" 2>/dev/null)" = "linux-image-$kver $version $sum" ] ||
		bad "package file: '$(cat "$want/package" 2>/dev/null)'"
	ok "linux-image-$kver $version unpacked into $want"
else
	bad "vm_kernel.sh refused the package of the headers' version: $(shows "$tmp/err")"
fi
if vmk --cached && [ "$(cat "$tmp/out")" = "$want" ]; then
	ok "vm_kernel.sh --cached finds it"
else
	bad "vm_kernel.sh --cached does not find the unpacked image: $(shows "$tmp/out") $(shows "$tmp/err")"
fi

# run.sh boots what the cache holds.
if "$root/kernel/vm/run.sh" --print-kernel >"$tmp/out" 2>"$tmp/err"; then
	if [ "$(cat "$tmp/out")" = "$(printf 'kernel %s\nmodules %s' "$want/vmlinuz" "$want/modules")" ]; then
		ok "run.sh boots $want/vmlinuz with $want/modules"
	else
		bad "run.sh would boot, not the cached image: $(shows "$tmp/out")"
	fi
else
	bad "run.sh --print-kernel failed: $(shows "$tmp/err")"
fi
# Both variables set: no cache, no headers needed.
echo kernel >"$tmp/bzImage"
mkdir "$tmp/mods"
if KDS_CACHE_DIR=$tmp/no-cache KVER=0.0-no-such-kernel KDS_VM_KERNEL=$tmp/bzImage KDS_VM_MODULES=$tmp/mods \
	"$root/kernel/vm/run.sh" --print-kernel >"$tmp/out" 2>"$tmp/err" &&
	[ "$(cat "$tmp/out")" = "$(printf 'kernel %s\nmodules %s' "$tmp/bzImage" "$tmp/mods")" ]; then
	[ ! -e "$tmp/no-cache" ] || bad "run.sh touched the cache though KDS_VM_KERNEL and KDS_VM_MODULES were set"
	ok "KDS_VM_KERNEL and KDS_VM_MODULES win"
else
	bad "run.sh with KDS_VM_KERNEL and KDS_VM_MODULES: $(shows "$tmp/out") $(shows "$tmp/err")"
fi

# refused WHAT DEB REGEX: into a fresh cache, refused with a message
# matching REGEX, nothing cached.
refused() {
	local rc=0
	KDS_CACHE_DIR=$tmp/cache-$RANDOM KDS_VM_KERNEL_DEB=$2 "$root/kernel/vm_kernel.sh" >"$tmp/out" 2>"$tmp/err" || rc=$?
	if [ "$rc" = 0 ]; then
		bad "vm_kernel.sh accepted $1: $(shows "$tmp/out")"
	elif ! grep -qE -- "$3" "$tmp/err"; then
		bad "vm_kernel.sh refused $1 without saying /$3/: $(shows "$tmp/err")"
	elif [ -n "$(find "$tmp"/cache-* -mindepth 2 -maxdepth 2 ! -name '*.lock')" ]; then
		bad "vm_kernel.sh left something in the cache after refusing $1: $(find "$tmp"/cache-* | head -n 5)"
	else
		ok "refuses $1: $(tail -n 1 "$tmp/err")"
	fi
	rm -rf "$tmp"/cache-*
}
fake_deb "$tmp/old.deb" "linux-image-$kver" "0.1-older"
refused "an image of another version than the headers" "$tmp/old.deb" "0\\.1-older.*$version"
fake_deb "$tmp/other.deb" "linux-image-9.9.9-other" "$version"	# not-a-series
refused "another package" "$tmp/other.deb" "not linux-image-$kver"
fake_deb "$tmp/nokernel.deb" "linux-image-$kver" "$version" nokernel
refused "a package without boot/vmlinuz-$kver" "$tmp/nokernel.deb" "no boot/vmlinuz-$kver"
echo "not a package" >"$tmp/junk.deb"
refused "a file that is not a package" "$tmp/junk.deb" "not a Debian package"

# A version without headers: no image can match it.
rc=0
"$root/kernel/vm_kernel.sh" 0.0-no-such-kernel >"$tmp/out" 2>"$tmp/err" || rc=$?
# not-a-series: the next line's package is made up
if [ "$rc" = 2 ] && grep -q "linux-headers-0.0-no-such-kernel is not installed" "$tmp/err"; then
	ok "refuses a version without installed headers"
else
	bad "vm_kernel.sh 0.0-no-such-kernel: status $rc, $(shows "$tmp/err")"
fi
exit $fail
