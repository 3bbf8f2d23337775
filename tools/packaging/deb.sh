#!/usr/bin/env bash
# deb.sh - kds's Debian packages, built from the tree with Debian's tools.
#
#   ./bazelw run //:deb -- OUTDIR      build libkds0, libkds-dev, kds-dkms,
#                                      kds-doc (and libkds0-dbgsym) into OUTDIR
#   ./bazelw run //:deb -- --stage DIR only lay out what debian/rules packages
#   ./bazelw run //:deb -- --arch ARCH OUTDIR
#                                      libkds0 and libkds-dev (and
#                                      libkds0-dbgsym) for another Debian
#                                      architecture, i386 or arm64: the
#                                      library //:kds_libs_ARCH cross-built,
#                                      dpkg-buildpackage -a ARCH -B
#
# OUTDIR receives the .deb files, the .ddeb, the .changes and the
# .buildinfo. The build runs offline: Bazel has built the library, the
# headers and the HTML reference (//:kds_package); this script lays them
# out in a stage with the install script and the dkms source tree
# (kernel/dkms.sh) as .kds-stage/ in a scratch source tree, copies debian/
# beside it and runs 'dpkg-buildpackage -b -us -uc' there (debian/rules),
# without the pre-build clean that would remove the stage. SOURCE_DATE_EPOCH, when not set, is the commit
# time of the checkout's HEAD (bazel run from a git checkout) or else the
# date of debian/changelog's entry; the same commit gives the same bytes.
# DPKG_BUILDPACKAGE_FLAGS replaces -b (the packaging test builds the
# architecture-dependent packages alone with -B).
set -euo pipefail

usage() {
	echo "usage: deb.sh [--arch ARCH] OUTDIR | deb.sh [--arch ARCH] --stage DIR" >&2
	exit 2
}
arch=
if [ $# -ge 2 ] && [ "$1" = --arch ]; then
	arch=$2
	shift 2
fi
[ $# = 1 ] || [ $# = 2 ] || usage
mode=build
if [ "$1" = --stage ]; then
	[ $# = 2 ] || usage
	mode=stage
	shift
fi
[ $# = 1 ] || usage
case $1 in
/*) target=$1 ;;
*) target=${BUILD_WORKING_DIRECTORY:-$PWD}/$1 ;;
esac

# The files: this script's runfiles (bazel run, bazel test) or bazel-bin.
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
src=
for d in "${RUNFILES_DIR:-}/kds" "${TEST_SRCDIR:-}/kds" "$0.runfiles/kds" "$here/../.."; do
	if [ -f "$d/lib/libkds.so" ] && [ -f "$d/debian/control" ]; then
		src=$(cd "$d" && pwd)
		break
	fi
done
if [ -z "$src" ]; then
	echo "deb.sh: the built library or debian/ is missing; run it as: ./bazelw run //:deb -- OUTDIR" >&2
	exit 1
fi
version=$(sh "$src/tools/version.sh" "$src/include/kds/version.h")
# The libraries: the host's, or another architecture's (//:kds_libs_ARCH).
libs=$src/lib
cross='' type=-b
if [ -n "$arch" ] && [ "$arch" != "$(dpkg --print-architecture)" ]; then
	libs=$src/kds_libs_$arch/lib
	if [ ! -f "$libs/libkds.so" ]; then
		echo "deb.sh: no libkds.so built for '$arch' (architectures: $(cd "$src" && find . -maxdepth 1 -name 'kds_libs_*' | sed 's|^./kds_libs_||' | sort | tr '\n' ' '))" >&2
		exit 2
	fi
	cross="-a $arch" type=-B
	# libc6 of that architecture for dpkg-shlibdeps (debian/rules): the
	# tree KDS_CROSS_LIBC_TREE names, else testing/arch/sysroot.sh's. The
	# host's dpkg database stays as it is.
	if [ -z "${KDS_CROSS_LIBC_TREE:-}" ]; then
		KDS_CROSS_LIBC_TREE=$("$src/testing/arch/sysroot.sh" "$arch") || {
			echo "deb.sh: no $arch sysroot (testing/arch/sysroot.sh said why above)" >&2
			exit 1
		}
	fi
	libc_arch=$(sed -n 's/^Architecture: //p' "$KDS_CROSS_LIBC_TREE/DEBIAN/control" 2>/dev/null || true)
	if [ "$libc_arch" != "$arch" ]; then
		echo "deb.sh: $KDS_CROSS_LIBC_TREE holds no libc6 of $arch (its DEBIAN/control says '$libc_arch')" >&2
		exit 1
	fi
	export KDS_CROSS_LIBC_TREE
fi

# stage DIR: lay out what debian/rules packages.
stage() {
	local dir=$1
	if [ -e "$dir" ] && [ -n "$(ls -A "$dir" 2>/dev/null)" ]; then
		echo "deb.sh: $dir exists and is not empty" >&2
		return 1
	fi
	mkdir -p "$dir/lib" "$dir/include" "$dir/docs" "$dir/tools/packaging" "$dir/dkms"
	cp -L "$libs/libkds.a" "$libs/libkds.so" "$dir/lib/"
	cp -RL "$src/include/kds" "$dir/include/"
	cp -RL "$src/docs/html" "$dir/docs/"
	cp -L "$src/tools/version.sh" "$dir/tools/"
	cp -L "$src/tools/packaging/install.sh" "$dir/tools/packaging/"
	# Doxygen's graph checksums: build bookkeeping, not reference.
	find "$dir/docs/html" -name '*.md5' -delete
	"$src/kernel/dkms.sh" "$dir/dkms" >/dev/null
	chmod -R u+w,go-w "$dir"
}

if [ "$mode" = stage ]; then
	stage "$target"
	echo "deb.sh: staged kds $version in $target"
	exit 0
fi

for tool in dpkg-buildpackage dh dh_dkms; do
	command -v "$tool" >/dev/null || {
		echo "deb.sh: $tool is missing (apt-get install debhelper dh-dkms; ./bazelw installs them)" >&2
		exit 1
	}
done
mkdir -p "$target"
work=$(mktemp -d "${TMPDIR:-/tmp}/kds-deb.XXXXXX")
trap 'rm -rf "$work"' EXIT
tree=$work/kds-$version
mkdir -p "$tree"
cp -RL "$src/debian" "$tree/"
chmod -R u+w "$tree/debian"
chmod +x "$tree/debian/rules" "$tree/debian/tests/consumer"
stage "$tree/.kds-stage"
changelog_version=$(cd "$tree" && dpkg-parsechangelog -S Version)
if [ "$changelog_version" != "$version" ]; then
	echo "deb.sh: debian/changelog's version is $changelog_version; kds/version.h says $version" >&2
	exit 1
fi
if [ -z "${SOURCE_DATE_EPOCH:-}" ] && [ -n "${BUILD_WORKSPACE_DIRECTORY:-}" ] &&
	git -C "$BUILD_WORKSPACE_DIRECTORY" rev-parse --verify -q HEAD >/dev/null 2>&1; then
	SOURCE_DATE_EPOCH=$(git -C "$BUILD_WORKSPACE_DIRECTORY" log -1 --format=%ct HEAD)
	export SOURCE_DATE_EPOCH
fi
# debian/rules installs from the stage alone: install.sh would otherwise
# take the library of the runfiles this script was found in (the host's).
unset RUNFILES_DIR
# Another architecture's packages are its architecture-dependent ones
# (-B): kds-dkms and kds-doc are the same for all.
# shellcheck disable=SC2086 # DPKG_BUILDPACKAGE_FLAGS is a list of arguments
if ! (cd "$tree" && dpkg-buildpackage $cross ${DPKG_BUILDPACKAGE_FLAGS:-$type} -us -uc --no-pre-clean) >"$work/build.log" 2>&1; then
	tail -n 60 "$work/build.log" >&2
	echo "deb.sh: dpkg-buildpackage failed (the last lines of its log are above)" >&2
	exit 1
fi
n=0
for f in "$work"/*.deb "$work"/*.ddeb "$work"/*.changes "$work"/*.buildinfo; do
	[ -f "$f" ] || continue
	cp "$f" "$target/"
	echo "deb.sh: $target/$(basename "$f")"
	n=$((n + 1))
done
[ "$n" -gt 0 ] || { echo "deb.sh: dpkg-buildpackage made no package" >&2; exit 1; }
