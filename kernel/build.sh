#!/usr/bin/env bash
# Build kds.ko from the shared sources with Kbuild.
#
#   kernel/build.sh [--tests] [--sample] [--layout [--kunit]] [OUTDIR]   (default: kernel/build)
#
# Lays the component folders of the manifest (tools/components.bzl: their
# top-level sources), their kernel glue, kds/ (the public headers,
# <kds/...>, with the inline implementation in kds/static/) and kernel/
# side by side in
# OUTDIR with kernel/Kbuild at its root, writes components.mk (the folders,
# for Kbuild) and kds/components.h (KDS_HAVE_<NAME> per component) there
# from the manifest, then runs the kernel's out-of-tree module build
# against the installed Debian headers.
# kds's own builds fail on any compiler or modpost warning (-Werror comes
# from here, not from the shipped Kbuild). Prints the path of kds.ko last.
#
# Environment (the kernel to build against):
#   KDIR  a kernel build tree (default /lib/modules/$KVER/build when
#         linux-headers-$KVER is installed, else the headers of a supported
#         kernel in kds's cache: kernel/kernel_tree.sh)
#   KVER  its version (default: kernel/kver.sh --headers-only, or the
#         kernel.release KDIR names when only KDIR is given)
#   ARCH, CROSS_COMPILE  Kbuild's, for a kernel of another architecture
#         (default: what kernel/kernels.sh --kbuild says for KVER, e.g.
#         arm64 and aarch64-linux-gnu- for an arm64 kernel)
#   KDS_MANIFEST  the component manifest (default tools/components.bzl)
#   KDS_KBUILD_CHECKS  1: build with W=1 and sparse (C=2) too, failing on
#         their warnings as on the compiler's
#
# --tests builds kds.ko with its test-only fault switches (module
# parameters dax_fail_driver, dax_fail_mapping, dax_fail_kmem_add: see
# kernel/Kbuild) and also builds the test module kds_test.ko in
# OUTDIR/kds_test (its
# own copy of the shared sources, kernel/port.c, kernel/tests/*.c, the
# shared test harness testing/ (its top-level kds_expect.h and ktap.c), the
# components' test tables and case files <component>/tests/{*.h,cases*.c}
# and kernel-only tests <component>/tests/kernel/*.{c,h},
# compat/'s list of Linux's genradix names,
# with kernel/tests/Kbuild)
# and prints its path before the path of kds.ko.
#
# --sample also builds kernel/sample/kds_sample.ko in OUTDIR/sample as an
# external driver would: against kds.ko's Module.symvers
# (KBUILD_EXTRA_SYMBOLS), with no kds source of its own; its path is
# printed before the path of kds.ko.
#
# --layout only lays the sources out (no kernel needed, nothing built):
# the tree a dkms package or a vendored copy starts from. With --kunit it
# also lays out the KUnit suite a vendored copy carries
# (kernel/kunit/kds_kunit.c, CONFIG_KDS_KUNIT_TEST) and what it runs: the
# components' case tables and case files, testing/'s harness and compat/'s
# list of Linux's genradix names; kernel/Kbuild builds none of them.
#
# OUTDIR is replaced as a whole, so build.sh deletes only a folder it made
# itself: it takes a folder that does not exist yet or is empty, and one
# that holds its marker file .kds-build (written at the start of every
# build); a non-empty folder without the marker, or anything that is not a
# folder, is refused before anything is built or deleted
# (kernel/build_outdir_test.sh).
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
tests=0 sample=0 layout=0 kunit=0
while [ $# -gt 0 ]; do
	case $1 in
	--tests) tests=1 ;;
	--sample) sample=1 ;;
	--layout) layout=1 ;;
	--kunit) kunit=1 ;;
	-*) echo "build.sh: unknown option $1" >&2; exit 2 ;;
	*) break ;;
	esac
	shift
done
out=${1:-$root/kernel/build}
[ "$kunit" = 0 ] || [ "$layout" = 1 ] || { echo "build.sh: --kunit goes with --layout" >&2; exit 2; }
[ $# -le 1 ] || { echo "build.sh: one OUTDIR at most (got: $*)" >&2; exit 2; }
marker=.kds-build
# OUTDIR is deleted below: refuse anything build.sh did not make.
if [ -L "$out" ] || { [ -e "$out" ] && [ ! -d "$out" ]; }; then
	echo "build.sh: $out exists and is not a folder; refusing to replace it" >&2
	exit 1
fi
if [ -d "$out" ] && [ ! -f "$out/$marker" ] && [ -n "$(ls -A "$out")" ]; then
	echo "build.sh: $out is not empty and was not made by build.sh (no $marker in it); refusing to delete it (name a new or empty folder)" >&2
	exit 1
fi
if [ "$layout" = 0 ]; then
	if [ -n "${KVER:-}" ]; then
		kver=$KVER
	elif [ -n "${KDIR:-}" ] && [ -r "$KDIR/include/config/kernel.release" ]; then
		kver=$(cat "$KDIR/include/config/kernel.release")
	else
		kver=$("$root/kernel/kver.sh" --headers-only)
	fi
	if [ -n "${KDIR:-}" ]; then
		kdir=$KDIR
	else
		# Installed headers, or a supported kernel's fetched into the cache.
		tree_err=$(mktemp)
		kdir=$("$root/kernel/kernel_tree.sh" "$kver" 2>"$tree_err") || {
			cat "$tree_err" >&2
			kdir=/lib/modules/$kver/build
		}
		rm -f "$tree_err"
	fi
	[ -f "$kdir/Makefile" ] || {
		echo "build.sh: no kernel build tree at $kdir (set KDIR to one, or KVER to a kernel kds supports, kernel/kernels.sh, or one whose headers are installed)" >&2
		exit 1; }
	# A supported kernel of another architecture: its cross compiler.
	if [ -z "${ARCH:-}" ] && cross=$("$root/kernel/kernels.sh" --kbuild "$kver" 2>/dev/null) && [ -n "$cross" ]; then
		export ARCH=${cross%% *} CROSS_COMPILE=${cross#* }
	fi
	if [ -n "${CROSS_COMPILE:-}" ] && ! command -v "${CROSS_COMPILE}gcc" >/dev/null; then
		echo "build.sh: $kver is built with ${CROSS_COMPILE}gcc, which is not installed (apt-get install gcc-${CROSS_COMPILE%-}; ./bazelw installs it)" >&2
		exit 1
	fi
fi

# copy_top SRC DST: the top-level .c and .h files of SRC into DST.
copy_top() {
	mkdir -p "$2"
	find -L "$1" -maxdepth 1 -type f \( -name '*.c' -o -name '*.h' \) \
		-exec cp {} "$2/" \;
}

# kbuild DIR [MAKE-ARGS...]: run the out-of-tree module build in DIR; fail
# on warnings.
kbuild() {
	local log="$1/build.log" dir=$1
	shift
	if ! make -j"$(nproc)" -C "$kdir" M="$dir" KCFLAGS="${KCFLAGS:+$KCFLAGS }-Werror" \
		"${checks[@]}" "$@" modules >"$log" 2>&1; then
		cat "$log" >&2
		echo "build.sh: module build failed ($dir)" >&2
		exit 1
	fi
	if grep -E 'warning:|WARNING:' "$log" >&2; then
		echo "build.sh: the module build printed warnings (treated as errors)" >&2
		exit 1
	fi
}

# KDS_KBUILD_CHECKS=1: kds.ko also with the kernel's extra warnings (W=1)
# and sparse on every file (C=2); sparse's reports are warnings, so they
# fail the build.
checks=()
if [ "${KDS_KBUILD_CHECKS:-0}" = 1 ] && [ "$layout" = 0 ]; then
	command -v sparse >/dev/null || { echo "build.sh: KDS_KBUILD_CHECKS=1 needs sparse (apt-get install sparse)" >&2; exit 1; }
	checks=(W=1 C=2)
fi

# The manifest's view of the components, read before anything is removed.
components=$root/tools/components.sh
folders=$("$components" folders)
glue=$("$components" kernel-folders)
mk=$("$components" mk)
header=$("$components" header)
for d in $folders $glue; do
	[ -d "$root/$d" ] || { echo "build.sh: $d (in tools/components.bzl) is not in $root" >&2; exit 1; }
done

# lay_out DIR FOLDER...: the top-level sources of kds/ (with kds/static/,
# the inline implementation its API headers include) and FOLDERs in DIR,
# with the manifest's components.mk and kds/components.h.
lay_out() {
	local dir=$1 d
	shift
	for d in kds kds/static "$@"; do
		# Top-level sources and headers only: tests and build files stay behind.
		copy_top "$root/$d" "$dir/$d"
	done
	printf '%s\n' "$mk" >"$dir/components.mk"
	printf '%s\n' "$header" >"$dir/kds/components.h"
}

# copy_probes DIR: the kernel API probes (kernel/probes/: the probe files,
# probes.mk that runs them inside the Kbuild pass, gen.sh that writes
# kernel/kds_probes.h from their answers) into DIR/kernel/probes.
copy_probes() {
	mkdir -p "$1/kernel/probes/flags"
	cp "$root"/kernel/probes/*.c "$root/kernel/probes/probes.mk" \
		"$root/kernel/probes/gen.sh" "$1/kernel/probes/"
	cp "$root"/kernel/probes/flags/*.c "$1/kernel/probes/flags/"
}

# copy_cases DIR: the components' shared case tables and case files
# (<component>/tests/{*.h,cases*.c}), which run in both worlds, and the
# harness they are written for (testing/: kds_expect.h, ktap.c).
copy_cases() {
	local d
	for d in $folders; do
		if [ -d "$root/$d/tests" ]; then
			mkdir -p "$1/$d/tests"
			find -L "$root/$d/tests" -maxdepth 1 -type f \
				\( -name '*.h' -o -name 'cases*.c' \) \
				-exec cp {} "$1/$d/tests/" \;
		fi
	done
	copy_top "$root/testing" "$1/testing"
	copy_top "$root/testing/kernel" "$1/testing/kernel"
}

# Checked above: missing, empty, or build.sh's own.
rm -rf "$out"
mkdir -p "$out"
out=$(cd "$out" && pwd)
echo "made by kds's kernel/build.sh, which deletes and rebuilds this whole folder" >"$out/$marker"
# shellcheck disable=SC2086 # folder lists: plain relative paths
lay_out "$out" kernel $folders $glue
copy_probes "$out"
cp "$root/kernel/Kbuild" "$out/Kbuild"
if [ "$kunit" = 1 ]; then
	copy_top "$root/compat" "$out/compat"
	copy_cases "$out"
	copy_top "$root/kernel/kunit" "$out/kernel/kunit"
fi
if [ "$layout" = 1 ]; then
	echo "$out"
	exit 0
fi
# --tests: kds.ko with its test-only fault switches (kernel/Kbuild), which
# the tests that go with kds_test.ko set; a build without --tests is the
# module as shipped.
if [ "$tests" = 1 ]; then
	kbuild "$out" KDS_FAULT_SWITCHES=y
else
	kbuild "$out"
fi
# The checks are kds.ko's: the test module and the sample are not shipped.
checks=()

if [ "$tests" = 1 ]; then
	t=$out/kds_test
	# compat/: the one list of Linux's genradix names, which the tests
	# written against those names include (compat/kds_genradix_names.h).
	# shellcheck disable=SC2086
	lay_out "$t" compat $folders
	copy_cases "$t"
	for d in $folders; do
		# A component's kernel-only tests (tests/kernel/: suites and helpers that
		# reach the running kernel).
		if [ -d "$root/$d/tests/kernel" ]; then
			copy_top "$root/$d/tests/kernel" "$t/$d/tests/kernel"
		fi
	done
	mkdir -p "$t/kernel"
	cp "$root/kernel/kds_port.h" "$root/kernel/port.c" "$t/kernel/"
	copy_probes "$t"
	# kds_kmem's iomem removal, tested on the real iomem tree.
	case " $glue " in
	*" kernel/dax_bus "*)
		mkdir -p "$t/kernel/dax_bus"
		cp "$root/kernel/dax_bus/iomem.c" "$root/kernel/dax_bus/kds_dax_iomem.h" "$t/kernel/dax_bus/" ;;
	esac
	copy_top "$root/kernel/tests" "$t/kernel/tests"
	cp "$root/kernel/tests/Kbuild" "$t/Kbuild"
	kbuild "$t"
	echo "$t/kds_test.ko"
fi

if [ "$sample" = 1 ]; then
	# Only the sample's own files: kds comes from $out, as an installed
	# kds build would for any other driver.
	mkdir -p "$out/sample"
	cp "$root/kernel/sample/kds_sample.c" "$root/kernel/sample/Kbuild" "$out/sample/"
	kbuild "$out/sample" KDS_DIR="$out" KBUILD_EXTRA_SYMBOLS="$out/Module.symvers"
	echo "$out/sample/kds_sample.ko"
fi
echo "$out/kds.ko"
