#!/usr/bin/env bash
# vendor_test: kernel/vendor.sh puts kds into a real Linux source tree and
# that tree builds it, for every kernel kds supports on every architecture
# (kernel/kernels.sh --all): Debian's linux-source-6.1 and
# linux-source-6.12, each configured with the Debian config of the same
# kernel's headers (installed, or fetched into kds's cache by
# kernel/kernel_tree.sh); the arm64 and 686-pae kernels cross-compiled
# (ARCH and CROSS_COMPILE in the environment: kernel/kernels.sh --kbuild).
#
# What runs, in a fresh tree of /usr/src/linux-source-<series>.tar.xz (each
# series extracted once, and reset to the tarball's files between kernels):
#  - vendor.sh refuses bad input (no tree, ".." in SUBDIR, a directory it
#    did not make) and changes nothing then;
#  - vendor.sh twice: lib/Kconfig and lib/Makefile carry exactly one hook
#    line each; the copy has no symlink and no path back to the checkout;
#  - the tree's own Kconfig takes the entry: with the Debian config of the
#    installed headers plus CONFIG_KDS_SAMPLE=m, 'make olddefconfig' keeps
#    it and selects CONFIG_KDS=m (an unknown symbol would be dropped);
#  - 'make modules_prepare', then 'make M=lib/kds modules' builds kds.ko in
#    the tree with the tree's Kbuild (Module.symvers of the same Debian
#    kernel is copied in first, so modpost checks every symbol: the tree
#    has not built vmlinux);
#  - an in-tree driver (kds's sample driver in drivers/misc/kds_sample) that
#    selects KDS: CONFIG_KDS_SAMPLE=m makes CONFIG_KDS=m, and the driver
#    builds against lib/kds's Module.symvers (depends: kds, import_ns KDS);
#  - CONFIG_KDS_SAMPLE=y selects CONFIG_KDS=y and 'make lib/kds/
#    drivers/misc/kds_sample/' compiles both built in;
#  - the vendored directory also builds as an external module against the
#    same kernel's headers (make -C KDIR M=TREE/lib/kds);
#  - the probes answered in the tree's own build as kernel/probes/expected
#    pins them for the series.
# Any compiler or modpost warning fails the test.
set -euo pipefail
root=${TEST_SRCDIR:+$TEST_SRCDIR/kds}
root=${root:-$(cd "$(dirname "$(readlink -f "${BASH_SOURCE[0]}")")/.." && pwd)}
. "$root/testing/sh_lib.sh"
test_begin vendor
# check_probes
. "$root/kernel/probes/check.sh"
jobs=$(nproc 2>/dev/null || echo 2)

# The files a run changes besides what it adds: vendor.sh's two hook
# lines and the sample driver's two.
hooked=(lib/Kconfig lib/Makefile drivers/misc/Kconfig drivers/misc/Makefile)
# tree_paths TREE: every path in TREE, sorted.
tree_paths() { (cd "$1" && find . | LC_ALL=C sort); }
# fresh_tree SERIES: $tmp/linux-source-SERIES as the tarball has it. A
# series' tarball is extracted once, and reset between its kernels
# (and architectures) as 'git clean -dfx' and 'git checkout' would reset
# a clone: what the run added goes (reset_tree), the hooked files are put
# back. The reset tree must have exactly the paths of the extracted one,
# and the hooked files their contents.
fresh_tree() {
	local series=$1 tree=$tmp/linux-source-$1 tarball=/usr/src/linux-source-$1.tar.xz
	local keep=$tmp/pristine-$1
	if [ -d "$tree" ]; then
		step "reusing $tree, reset"
		tree_paths "$tree" | cmp -s - "$keep/paths" ||
			{ bad "the reset $tree's paths differ from the tarball's:"; tree_paths "$tree" |
				diff "$keep/paths" - | head -n 10 || true; return 1; }
		(cd "$tree" && md5sum "${hooked[@]}") | cmp -s - "$keep/hooked.md5" ||
			{ bad "the reset $tree's ${hooked[*]} differ from the tarball's"; return 1; }
		return 0
	fi
	step "extracting $tarball"
	tar -xJf "$tarball" -C "$tmp"
	mkdir -p "$keep"
	tree_paths "$tree" >"$keep/paths"
	(cd "$tree" && cp --parents "${hooked[@]}" "$keep/" && md5sum "${hooked[@]}") >"$keep/hooked.md5"
}
# reset_tree SERIES: remove every path the tarball does not have (Kbuild's
# outputs, objtool's, the vendored copy, the sample driver), put the
# hooked files back.
reset_tree() {
	local series=$1 tree=$tmp/linux-source-$1 keep=$tmp/pristine-$1 n
	tree_paths "$tree" | LC_ALL=C comm -13 "$keep/paths" - >"$tmp/added"
	n=$(wc -l <"$tmp/added")
	(cd "$tree" && tr '\n' '\0' <"$tmp/added" | xargs -0 -r rm -rf --)
	(cd "$keep" && cp --parents "${hooked[@]}" "$tree/")
	step "reset $tree: removed the $n paths the run made"
}

# vendor_into KVER: the whole check in a fresh tree of KVER's series.
vendor_into() {
local kver=$1 series kdir tarball tree vendor kconfig_before n f h d drv modinfo vermagic s ext machine
series=$(printf '%s\n' "$kver" | sed -n 's/^\([0-9]*\.[0-9]*\).*/\1/p')
tarball=/usr/src/linux-source-$series.tar.xz
[ -f "$tarball" ] || { bad "$tarball missing (apt-get install linux-source-$series)"; return; }
kdir=$("$root/kernel/kernel_tree.sh" "$kver") || { bad "no headers of $kver"; return; }
echo "==== $kver: $tarball${ARCH:+ (ARCH=$ARCH CROSS_COMPILE=$CROSS_COMPILE)}"
fresh_tree "$series" || return 0 # (said why; set -e: not a status)
tree=$tmp/linux-source-$series
vendor=$root/kernel/vendor.sh
kconfig_before=$(md5sum <"$tree/lib/Kconfig")

step "refusals"
if "$vendor" "$tmp/no-such-tree" 2>/dev/null; then bad "accepted a missing tree"; fi
if "$vendor" "$tree" lib/../kds 2>/dev/null; then bad "accepted '..' in SUBDIR"; fi
if "$vendor" "$tree" lib/zlib_inflate 2>/dev/null; then bad "overwrote lib/zlib_inflate"; fi
[ -f "$tree/lib/zlib_inflate/inflate.c" ] || bad "lib/zlib_inflate was damaged"
[ "$(md5sum <"$tree/lib/Kconfig")" = "$kconfig_before" ] || bad "a refused run changed lib/Kconfig"

step "vendoring (twice)"
"$vendor" "$tree"
"$vendor" "$tree"
n=$(grep -cxF 'source "lib/kds/Kconfig"' "$tree/lib/Kconfig" || true)
[ "$n" = 1 ] || bad "lib/Kconfig has $n source lines for kds"
n=$(grep -cxF 'obj-$(CONFIG_KDS) += kds/' "$tree/lib/Makefile" || true)
[ "$n" = 1 ] || bad "lib/Makefile has $n obj lines for kds"
[ -z "$(find "$tree/lib/kds" -type l)" ] || bad "the vendored copy contains symlinks"
if grep -rqF "$root" "$tree/lib/kds"; then bad "the vendored copy refers to the checkout"; fi
for f in Kconfig Makefile kernel/kds_port.h kernel/port.c kernel/main.c kernel/exports.c kds/version.h \
	kds/components.h; do
	[ -f "$tree/lib/kds/$f" ] || bad "lib/kds/$f missing"
done
# Every public header, the inline implementation under kds/static/ too.
for f in "$root"/kds/*.h "$root"/kds/static/*.h; do
	h=${f#"$root"/}
	cmp -s "$f" "$tree/lib/kds/$h" || bad "lib/kds/$h missing or different"
done
for d in $("$root/tools/components.sh" folders) $("$root/tools/components.sh" kernel-folders); do
	[ -d "$tree/lib/kds/$d" ] || bad "lib/kds/$d (a component folder of tools/components.bzl) missing"
	for f in "$root/$d"/*.c "$root/$d"/*.h; do
		[ -f "$f" ] || continue
		cmp -s "$f" "$tree/lib/kds/$d/$(basename "$f")" || bad "lib/kds/$d/$(basename "$f") differs"
	done
done
[ "$fail" = 0 ] && ok "vendored: $(find "$tree/lib/kds" -name '*.[ch]' | wc -l) sources, one hook line each"

# An in-tree driver that uses kds the way the vendored Kconfig help says:
# it selects KDS, includes the kds headers from lib/kds and imports the KDS
# namespace. It is kds's sample driver (kernel/sample/kds_sample.c).
step "an in-tree driver that selects KDS (drivers/misc/kds_sample)"
drv=$tree/drivers/misc/kds_sample
mkdir -p "$drv"
cp "$root/kernel/sample/kds_sample.c" "$drv/"
printf 'config KDS_SAMPLE\n\ttristate "kds sample driver"\n\tselect KDS\n' >"$drv/Kconfig"
printf 'obj-$(CONFIG_KDS_SAMPLE) += kds_sample.o\nccflags-y := -I$(srctree)/lib/kds\n' >"$drv/Makefile"
printf '\nsource "drivers/misc/kds_sample/Kconfig"\n' >>"$tree/drivers/misc/Kconfig"
printf '\nobj-$(CONFIG_KDS_SAMPLE) += kds_sample/\n' >>"$tree/drivers/misc/Makefile"
grep -q 'select KDS' "$tree/lib/kds/Kconfig" && bad "lib/kds/Kconfig selects itself?"
grep -q 'MODULE_IMPORT_NS(KDS)' "$tree/lib/kds/Kconfig" || bad "the vendored Kconfig help does not say how a driver uses kds"

step "configuring (Debian config of $kver + CONFIG_KDS_SAMPLE=m, which selects KDS)"
cp "$kdir/.config" "$tree/.config"
(
	cd "$tree"
	# Signing keys are Debian's build secrets; building needs none.
	./scripts/config --set-str SYSTEM_TRUSTED_KEYS "" --set-str SYSTEM_REVOCATION_KEYS "" \
		--module KDS_SAMPLE
	make -s olddefconfig
) >"$tmp/config.log" 2>&1 || { cat "$tmp/config.log"; bad "olddefconfig failed"; }
grep -qx 'CONFIG_KDS_SAMPLE=m' "$tree/.config" || bad "Kconfig did not keep CONFIG_KDS_SAMPLE=m"
grep -qx 'CONFIG_KDS=m' "$tree/.config" || bad "CONFIG_KDS_SAMPLE=m did not select CONFIG_KDS=m"

build() { # build LOG ARGS...: run make in the tree, fail on warnings
	local log=$1
	shift
	if ! make -C "$tree" -j"$jobs" "$@" >"$log" 2>&1; then
		tail -n 40 "$log"; bad "make $* failed"; return 1
	fi
	if grep -E 'warning:|WARNING:' "$log"; then
		bad "make $* printed warnings"; return 1
	fi
}

step "make modules_prepare"
build "$tmp/prepare.log" modules_prepare || return
cp "$kdir/Module.symvers" "$tree/Module.symvers"

step "make M=lib/kds modules (in-tree, module)"
if build "$tmp/module.log" M=lib/kds modules; then
	modinfo=$(command -v modinfo || echo /sbin/modinfo)
	if [ -f "$tree/lib/kds/kds.ko" ]; then
		vermagic=$("$modinfo" -F vermagic "$tree/lib/kds/kds.ko")
		case $vermagic in
		"$series".*) ok "the tree built lib/kds/kds.ko (vermagic $vermagic)" ;;
		*) bad "lib/kds/kds.ko has vermagic '$vermagic'" ;;
		esac
		machine=$(readelf -h "$tree/lib/kds/kds.ko" | sed -n 's/^ *Machine: *//p')
		[ "$machine" = "$("$root/kernel/kernels.sh" --machine "$kver")" ] ||
			bad "lib/kds/kds.ko was built for '$machine'"
	else
		bad "no lib/kds/kds.ko"
	fi
	step "make M=drivers/misc/kds_sample modules (against lib/kds's exports)"
	if build "$tmp/sample.log" M=drivers/misc/kds_sample \
		KBUILD_EXTRA_SYMBOLS="$tree/lib/kds/Module.symvers" modules; then
		s=$drv/kds_sample.ko
		if [ -f "$s" ] && [ "$("$modinfo" -F depends "$s")" = kds ] &&
			[ "$("$modinfo" -F import_ns "$s")" = KDS ]; then
			ok "the tree built drivers/misc/kds_sample/kds_sample.ko (depends: kds, import_ns: KDS)"
		else
			bad "kds_sample.ko missing or not depending on kds in namespace KDS"
		fi
	fi
fi

step "make lib/kds/ drivers/misc/kds_sample/ with CONFIG_KDS_SAMPLE=y (built in, selects KDS=y)"
(cd "$tree" && ./scripts/config --enable KDS_SAMPLE && make -s olddefconfig) >>"$tmp/config.log" 2>&1
grep -qx 'CONFIG_KDS=y' "$tree/.config" || bad "CONFIG_KDS_SAMPLE=y did not select CONFIG_KDS=y"
if build "$tmp/builtin.log" lib/kds/ drivers/misc/kds_sample/; then
	[ -f "$tree/lib/kds/built-in.a" ] && ok "the tree built lib/kds/built-in.a" ||
		bad "no lib/kds/built-in.a"
	[ -f "$drv/built-in.a" ] && ok "the tree built drivers/misc/kds_sample/built-in.a" ||
		bad "no drivers/misc/kds_sample/built-in.a"
fi

step "external build of the vendored directory against $kver headers"
ext=$tmp/ext
cp -R "$tree/lib/kds" "$ext"
rm -f "$ext"/*.o "$ext"/*/*.o "$ext"/*.ko "$ext"/*.a
if make -C "$kdir" -j"$jobs" M="$ext" CONFIG_KDS=m modules >"$tmp/ext.log" 2>&1 &&
	! grep -E 'warning:|WARNING:' "$tmp/ext.log"; then
	[ -f "$ext/kds.ko" ] && ok "external build of the vendored copy: kds.ko" || bad "no external kds.ko"
else
	tail -n 40 "$tmp/ext.log"; bad "external build of the vendored copy failed"
fi
# The probes ran in the tree's own build, against that tree.
# Their answers are those kernel/probes/expected pins for the series,
# as in the out-of-tree build (module_test).
if [ -f "$tree/lib/kds/kernel/kds_probes.h" ]; then
	check_probes "$kver" "$tree/lib/kds/kernel/kds_probes.h"
else
	bad "the in-tree build wrote no lib/kds/kernel/kds_probes.h"
fi
rm -rf "$ext"
step "done with $kver"
}

# vendor_kernel KVER: vendor_into KVER, then its series' tree reset (also
# when a step failed part-way).
vendor_kernel() {
	local series
	series=$(printf '%s\n' "$1" | sed -n 's/^\([0-9]*\.[0-9]*\).*/\1/p')
	vendor_into "$1"
	[ ! -d "$tmp/linux-source-$series" ] || reset_tree "$series"
}

test_each_kernel vendor_kernel --all
exit $fail
