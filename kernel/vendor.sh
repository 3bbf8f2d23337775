#!/usr/bin/env bash
# vendor.sh - copy kds into a Linux kernel source tree so that the tree
# builds it in-tree.
#
#   ./bazelw run //kernel:vendor -- KERNEL_TREE [SUBDIR]     (SUBDIR: lib/kds)
#   kernel/vendor.sh KERNEL_TREE [SUBDIR]
#
# Copies what kernel/build.sh --layout lays out (the top-level .c/.h of the
# component folders of tools/components.bzl and of their kernel glue, kds/
# with kds/static/ and the generated kds/components.h, and the kernel port: kernel/kds_port.h,
# kernel/port.c, kernel/main.c, kernel/exports.c) into KERNEL_TREE/SUBDIR, writes a Kconfig
# (config KDS, tristate) and a Makefile there, and hooks them into the
# parent directory: 'source "SUBDIR/Kconfig"' in its Kconfig and
# 'obj-$(CONFIG_KDS) += <name>/' in its Makefile. Running it again updates
# the copy and leaves the hooks as they are (one line each). The copy is
# self-contained: no link or path back to this checkout.
#
# A relative KERNEL_TREE is taken from the directory bazel ran in (for
# ./bazelw, the kds checkout).
set -euo pipefail

die() { echo "vendor.sh: $*" >&2; exit 1; }
[ "$#" -ge 1 ] && [ "$#" -le 2 ] || {
	sed -n '5,6p' "$0" | sed 's/^# */usage: /' >&2; exit 2; }

tree=$1
sub=${2:-lib/kds}
case $tree in /*) ;; *) tree=${BUILD_WORKING_DIRECTORY:-$PWD}/$tree ;; esac
[ -d "$tree" ] || die "no such directory: $tree"
tree=$(cd "$tree" && pwd -P)
[ -f "$tree/Makefile" ] && [ -f "$tree/Kconfig" ] && grep -q '^KERNELRELEASE\|^VERSION = ' "$tree/Makefile" ||
	die "$tree does not look like a Linux kernel source tree (no top-level Makefile/Kconfig)"
case /$sub/ in
*/../*|*/./*|//*) die "SUBDIR must be a plain relative path inside the tree: $sub" ;;
esac
sub=${sub%/}
parent=$(dirname "$sub")
name=$(basename "$sub")
[ "$parent" != . ] || die "SUBDIR must be inside a directory of the tree (e.g. lib/kds): $sub"
[ -f "$tree/$parent/Kconfig" ] && [ -f "$tree/$parent/Makefile" ] ||
	die "$parent/ has no Kconfig and Makefile to hook $name/ into"
dest=$tree/$sub
if [ -e "$dest" ] && [ ! -f "$dest/.kds-vendored" ]; then
	die "$sub exists and was not made by vendor.sh; refusing to overwrite it"
fi

# The kds sources: this script's runfiles (bazel run) or its checkout.
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
src=
for d in "${RUNFILES_DIR:-}/kds" "$0.runfiles/kds" "$here/.."; do
	if [ -f "$d/kernel/build.sh" ] && [ -f "$d/tools/components.bzl" ]; then
		src=$(cd "$d" && pwd); break
	fi
done
[ -n "$src" ] || die "cannot find the kds sources next to $0"

# Build the new copy beside the old one, then swap: a failure leaves the
# tree as it was.
stage=$(mktemp -d "$tree/$parent/.kds-vendor.XXXXXX")
trap 'rm -rf "$stage"' EXIT
"$src/kernel/build.sh" --layout --kunit "$stage" >/dev/null
# The in-tree Makefile below replaces the layout's Kbuild and its fragment;
# build.sh's marker (.kds-build) has no place in a kernel tree.
rm -f "$stage/Kbuild" "$stage/components.mk" "$stage/.kds-build"
# The module's objects: every source but the API probes (kernel/probes/),
# which probes.mk compiles on their own, and the KUnit suite with what it
# runs (CONFIG_KDS_KUNIT_TEST: kernel/kunit/, testing/, */tests/).
mapfile -t objs < <(cd "$stage" && find . -name '*.c' -not -path './kernel/probes/*' \
	-not -path './kernel/kunit/*' -not -path './testing/*' -not -path './*/tests/*' |
	sed 's|^\./||; s|\.c$|.o|' | sort)
[ "${#objs[@]}" -gt 0 ] || die "no sources were laid out from $src"
mapfile -t kunit_objs < <(cd "$stage" && find ./kernel/kunit ./testing ./*/tests -name '*.c' |
	sed 's|^\./||; s|\.c$|.o|' | sort)
[ "${#kunit_objs[@]}" -gt 2 ] || die "no KUnit suite or case files were laid out from $src"

version=unknown
if [ -n "${BUILD_WORKSPACE_DIRECTORY:-}" ]; then
	version=$(git -C "$BUILD_WORKSPACE_DIRECTORY" describe --always --dirty 2>/dev/null || echo unknown)
elif git -C "$src" rev-parse >/dev/null 2>&1; then
	version=$(git -C "$src" describe --always --dirty 2>/dev/null || echo unknown)
fi
printf 'kds %s, vendored by kernel/vendor.sh\n' "$version" >"$stage/.kds-vendored"

cat >"$stage/Kconfig" <<KCONFIG
# SPDX-License-Identifier: GPL-2.0
#
# kds: kernel data structures whose sources also build as a userspace
# library. Vendored by kds's kernel/vendor.sh; edit upstream, not here.

config KDS
	tristate "kds: kernel data structures shared with userspace"
	help
	  Generic radix trees, the device-dax bus core, a DMA capability
	  mask model and the flex_array baseline, built from the same
	  sources as the kds userspace library. Every linker symbol carries
	  the kds_ prefix, and so does every name its public headers
	  (<kds/genradix.h>, <kds/dma.h>, <kds/dax_bus.h>) define, so kds.ko
	  links beside the kernel's own genradix and dax bus, and one file
	  may include both kds's <kds/genradix.h> and the kernel's
	  <linux/generic-radix-tree.h>.

	  A driver that uses kds selects KDS, adds -I\$(srctree)/$sub to
	  its ccflags-y, includes <kds/...> and says MODULE_IMPORT_NS(KDS):
	  kds exports its API in the KDS symbol namespace.

	  To compile this as a module, choose M here: the module will be
	  called kds.

	  If unsure, say N.

config KDS_KUNIT_TEST
	bool "KUnit tests for kds" if !KUNIT_ALL_TESTS
	depends on KDS && KUNIT
	depends on KDS=m || KUNIT=y
	default KUNIT_ALL_TESTS
	help
	  Builds into kds the KUnit suites of its components' shared case
	  files, the cases kds also runs in userspace and in its own test
	  module: genradix against a reference model and as kernel code uses
	  it, the dax bus's id matching, driver core and address space, and
	  the DMA capability masks. Every case is a parameter of its suite's
	  test, reported by name. Run them with

	    ./tools/testing/kunit/kunit.py run --kunitconfig $sub

	  If unsure, say N.
KCONFIG

{
	echo "# SPDX-License-Identifier: GPL-2.0"
	echo "#"
	echo "# kds, vendored by kds's kernel/vendor.sh; edit upstream, not here."
	echo "# The shared sources include \"kds_port.h\" (the kernel port, in"
	echo "# kernel/) and the public headers as \"kds/genradix.h\", ..."
	echo
	echo "obj-\$(CONFIG_KDS) += kds.o"
	echo
	printf 'kds-y :='
	printf ' \\\n\t%s' "${objs[@]}"
	echo
	echo
	echo "# The KUnit suites of the shared case files (CONFIG_KDS_KUNIT_TEST),"
	echo "# built into kds itself: they reach its internals, and its allocation"
	echo "# counter sees what every case leaves behind."
	printf 'kds-$(CONFIG_KDS_KUNIT_TEST) +='
	printf ' \\\n\t%s' "${kunit_objs[@]}"
	echo
	echo
	echo "# \$(src) is relative to the source tree in-tree, and absolute for an"
	echo "# external module (M=) and, since Linux 6.10, in a tree built with O=."
	echo "kds_dir := \$(if \$(filter /%,\$(src)),\$(src),\$(srctree)/\$(src))"
	echo "ccflags-y := -I\$(kds_dir)/kernel -I\$(kds_dir)"
	echo "ccflags-\$(CONFIG_KDS_KUNIT_TEST) += -I\$(kds_dir)/testing"
	echo "ccflags-y += -Wvla -Wmissing-prototypes -Wstrict-prototypes"
	echo
	echo "# The kernel API probes: kernel/kds_probes.h for this tree, and"
	echo "# -Wdeclaration-after-statement where its headers allow it."
	echo "kds-probe-src := \$(kds_dir)"
	echo "kds-probe-objs := \$(kds-y)"
	echo "include \$(kds_dir)/kernel/probes/probes.mk"
} >"$stage/Makefile"

# What kunit.py needs to run the suites: --kunitconfig SUBDIR.
printf 'CONFIG_KUNIT=y\nCONFIG_KDS=y\nCONFIG_KDS_KUNIT_TEST=y\n' >"$stage/.kunitconfig"

rm -rf "$dest"
mkdir -p "$(dirname "$dest")"
mv "$stage" "$dest"
chmod 0755 "$dest"
trap - EXIT

# Hook into the parent directory, once.
kline="source \"$sub/Kconfig\""
mline="obj-\$(CONFIG_KDS) += $name/"
grep -qxF "$kline" "$tree/$parent/Kconfig" ||
	printf '\n%s\n' "$kline" >>"$tree/$parent/Kconfig"
grep -qxF "$mline" "$tree/$parent/Makefile" ||
	printf '\n%s\n' "$mline" >>"$tree/$parent/Makefile"

n=$(find "$dest" -type f \( -name '*.c' -o -name '*.h' \) | wc -l)
echo "vendored kds ($version): $n sources into $dest; CONFIG_KDS in $parent/Kconfig, $parent/Makefile"
