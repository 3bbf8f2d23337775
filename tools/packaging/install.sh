#!/usr/bin/env bash
# install.sh - install (or uninstall) the kds userspace library.
#
#   ./bazelw run //:install -- [--prefix DIR] [--libdir DIR] [--includedir DIR]
#   ./bazelw run //:uninstall -- [--prefix DIR]
#   (install.sh --uninstall [--prefix DIR] is the same as //:uninstall)
#
# Installs, under the prefix (default /usr/local; a relative one is taken
# from the directory bazel was run in; $DESTDIR is prepended if set):
#   lib/libkds.so.M.m.p, lib/libkds.so.M -> it, lib/libkds.so -> libkds.so.M
#                                        (soname libkds.so.M), lib/libkds.a
#   include/kds/<name>.h                 the public headers: types.h, port.h,
#                                        version.h, genradix.h, dma.h, dax_bus.h,
#                                        components.h (KDS_HAVE_<NAME>)
#   include/kds/static/genradix.h        the inline implementation genradix.h
#                                        includes (never included directly)
#   include/kds/compat/                  the opt-in kernel names: linux/*.h
#                                        and the userspace port under them
#   lib/pkgconfig/kds.pc                 Cflags -I.../include
#   lib/pkgconfig/kds-linux.pc           kds plus -I.../include/kds/compat
#   share/doc/kds/html/                  the API reference
#   share/kds/manifest                   what was installed, for uninstall
# so that <kds/genradix.h> resolves with 'pkg-config --cflags --libs kds',
# and <linux/generic-radix-tree.h> too with kds-linux. Installing over
# an earlier install removes the files of the earlier one it does not
# write again; uninstall removes every file the manifest lists and the
# kds directories left empty.
set -euo pipefail

usage() {
	echo "usage: install.sh [--prefix DIR] [--libdir DIR] [--includedir DIR] | --uninstall [--prefix DIR]" >&2
	exit 2
}

prefix=/usr/local libdir= includedir= uninstall=0
while [ "$#" -gt 0 ]; do
	case $1 in
	--prefix) [ "$#" -ge 2 ] || usage; prefix=$2; shift 2 ;;
	--prefix=*) prefix=${1#*=}; shift ;;
	--libdir) [ "$#" -ge 2 ] || usage; libdir=$2; shift 2 ;;
	--libdir=*) libdir=${1#*=}; shift ;;
	--includedir) [ "$#" -ge 2 ] || usage; includedir=$2; shift 2 ;;
	--includedir=*) includedir=${1#*=}; shift ;;
	--uninstall) uninstall=1; shift ;;
	-h|--help) sed -n '2,27p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
	*) echo "install.sh: unknown argument: $1" >&2; usage ;;
	esac
done
[ -n "$prefix" ] || usage

absolute() {
	case $1 in
	/*) printf '%s\n' "$1" ;;
	*) printf '%s/%s\n' "${BUILD_WORKING_DIRECTORY:-$PWD}" "$1" ;;
	esac
}
prefix=$(absolute "$prefix")
libdir=$(absolute "${libdir:-$prefix/lib}")
includedir=$(absolute "${includedir:-$prefix/include}")
docdir=$prefix/share/doc/kds
datadir=$prefix/share/kds
dest=${DESTDIR:-}
manifest=$dest$datadir/manifest

# remove_listed MANIFEST [KEEP]: remove the files MANIFEST lists (those
# not listed in KEEP too), then its kds directories once empty.
remove_listed() {
	local kind path
	while read -r kind path; do
		[ "$kind" = f ] || continue
		rm -f "$dest$path"
	done < <(if [ -n "${2:-}" ]; then grep -vxF -f "$2" "$1" || true; else cat "$1"; fi)
	while read -r kind path; do
		[ "$kind" = d ] || continue
		[ -d "$dest$path" ] || continue
		find "$dest$path" -depth -type d -empty -delete
	done <"$1"
}

if [ "$uninstall" = 1 ]; then
	if [ ! -f "$manifest" ]; then
		echo "install.sh: no kds install under $dest$prefix (no $manifest)" >&2
		exit 1
	fi
	n=$(grep -c '^f ' "$manifest" || true)
	listed=$(mktemp)
	cp "$manifest" "$listed"
	remove_listed "$listed"
	rm -f "$manifest" "$listed"
	[ -d "$dest$datadir" ] && find "$dest$datadir" -depth -type d -empty -delete
	echo "uninstalled kds: $n files from $dest$prefix"
	exit 0
fi

# The files to install: this script's runfiles (bazel run) or bazel-bin.
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
src=
for d in "${RUNFILES_DIR:-}/kds" "$0.runfiles/kds" "$here/../.."; do
	if [ -f "$d/lib/libkds.a" ]; then src=$(cd "$d" && pwd); break; fi
done
if [ -z "$src" ]; then
	echo "install.sh: libkds.a not found; run it as: ./bazelw run //:install -- --prefix DIR" >&2
	exit 1
fi
version=$(sh "$src/tools/version.sh" "$src/include/kds/version.h")
major=$(sh "$src/tools/version.sh" --major "$src/include/kds/version.h")
[ -d "$src/docs/html" ] || { echo "install.sh: the API reference (docs/html) is missing" >&2; exit 1; }

new=$(mktemp)
trap 'rm -f "$new"' EXIT
# A file is written, and its mode set, inside a private folder made by
# mktemp in the target folder (0700, a name nobody can guess; in a
# group-writable /usr/local no other user can plant a link inside it or
# rename it), then renamed into place: no step follows a link another
# user planted.
put() { # put MODE SRC DST
	local t
	mkdir -p "$(dirname "$dest$3")"
	t=$(mktemp -d "$(dirname "$dest$3")/.kds-install.XXXXXX")
	cp -L "$2" "$t/f"
	chmod "$1" "$t/f"
	mv -f "$t/f" "$dest$3"
	rmdir "$t"
	echo "f $3" >>"$new"
}
link() { # link TARGET NAME
	mkdir -p "$(dirname "$dest$2")"
	ln -sfn "$1" "$dest$2"
	echo "f $2" >>"$new"
}
{
	echo "d $includedir/kds"
	echo "d $docdir"
	echo "d $datadir"
} >"$new"

put 0644 "$src/lib/libkds.a" "$libdir/libkds.a"
put 0755 "$src/lib/libkds.so" "$libdir/libkds.so.$version"
link "libkds.so.$version" "$libdir/libkds.so.$major"
link "libkds.so.$major" "$libdir/libkds.so"
while read -r h; do
	put 0644 "$src/include/kds/$h" "$includedir/kds/${h#./}"
done < <(cd "$src/include/kds" && find -L . -name '*.h' -type f | sort)
echo "d $includedir/kds/compat" >>"$new"
mkdir -p "$dest$docdir"
html=$(mktemp -d "$dest$docdir/.kds-install.XXXXXX")
cp -RL "$src/docs/html" "$html/html"
chmod -R u=rwX,go=rX "$html/html"
rm -rf "$dest$docdir/html"
mv "$html/html" "$dest$docdir/html"
rmdir "$html"
(cd "$dest$docdir/html" && find . -type f | sort) | sed "s|^\./|f $docdir/html/|" >>"$new"

mkdir -p "$dest$libdir/pkgconfig"
cat >"$dest$libdir/pkgconfig/kds.pc" <<PC
prefix=$prefix
libdir=$libdir
includedir=$includedir

Name: kds
Description: Linux kernel data structures, built for userspace
Version: $version
Cflags: -I\${includedir}
Libs: -L\${libdir} -lkds
Libs.private: -pthread
PC
cat >"$dest$libdir/pkgconfig/kds-linux.pc" <<PC
prefix=$prefix
includedir=$includedir

Name: kds-linux
Description: kds under the kernel's names: <linux/generic-radix-tree.h>, <linux/dma-mapping.h>, <linux/slab.h>, ... for userspace
Version: $version
Requires: kds = $version
Cflags: -I\${includedir}/kds/compat
PC
echo "f $libdir/pkgconfig/kds.pc" >>"$new"
echo "f $libdir/pkgconfig/kds-linux.pc" >>"$new"

mkdir -p "$dest$datadir"
echo "f $datadir/manifest" >>"$new"
if [ -f "$manifest" ]; then
	remove_listed "$manifest" "$new"
fi
cp "$new" "$manifest"
echo "installed kds $version: $dest$libdir/libkds.{a,so.$version,so.$major,so}," \
	"$dest$includedir/kds, $dest$libdir/pkgconfig/kds{,-linux}.pc, $dest$docdir/html"
