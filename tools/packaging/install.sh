#!/usr/bin/env bash
# install.sh - install the kds userspace library.
#
#   ./bazelw run //:install -- --prefix DIR [--libdir DIR] [--includedir DIR]
#
# Installs, under the prefix (default /usr/local; a relative one is taken
# from the directory bazel was run in; $DESTDIR is prepended if set):
#   lib/libkds.a, lib/libkds.so         every shared component + the port
#   include/kds/kds_port.h              the userspace port
#   include/kds/<component>/<name>.h    the component headers
#   lib/pkgconfig/kds.pc                Cflags -I.../include/kds, Libs -lkds
# so that '#include "kds_port.h"' and '#include "genradix/genradix.h"'
# resolve with the flags 'pkg-config --cflags --libs kds' prints.
set -euo pipefail
KDS_VERSION=0.1.0

usage() {
	echo "usage: install.sh [--prefix DIR] [--libdir DIR] [--includedir DIR]" >&2
	exit 2
}

prefix=/usr/local libdir= includedir=
while [ "$#" -gt 0 ]; do
	case $1 in
	--prefix) [ "$#" -ge 2 ] || usage; prefix=$2; shift 2 ;;
	--prefix=*) prefix=${1#*=}; shift ;;
	--libdir) [ "$#" -ge 2 ] || usage; libdir=$2; shift 2 ;;
	--libdir=*) libdir=${1#*=}; shift ;;
	--includedir) [ "$#" -ge 2 ] || usage; includedir=$2; shift 2 ;;
	--includedir=*) includedir=${1#*=}; shift ;;
	-h|--help) sed -n '2,14p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
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

dest=${DESTDIR:-}
put() { # put MODE SRC DST
	mkdir -p "$(dirname "$3")"
	cp -fL "$2" "$3.tmp.$$"
	chmod "$1" "$3.tmp.$$"
	mv -f "$3.tmp.$$" "$3"
}
mkdir -p "$dest$libdir/pkgconfig" "$dest$includedir/kds"
put 0644 "$src/lib/libkds.a" "$dest$libdir/libkds.a"
put 0755 "$src/lib/libkds.so" "$dest$libdir/libkds.so"
(cd "$src/include/kds" && find -L . -name '*.h' -type f) | sort | while read -r h; do
	put 0644 "$src/include/kds/$h" "$dest$includedir/kds/${h#./}"
done

cat >"$dest$libdir/pkgconfig/kds.pc" <<PC
prefix=$prefix
libdir=$libdir
includedir=$includedir

Name: kds
Description: Linux kernel data structures, built for userspace
Version: $KDS_VERSION
Cflags: -I\${includedir}/kds
Libs: -L\${libdir} -lkds
Libs.private: -pthread
PC
echo "installed kds $KDS_VERSION: $dest$libdir/libkds.{a,so}, $dest$includedir/kds, $dest$libdir/pkgconfig/kds.pc"
