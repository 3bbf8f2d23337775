#!/usr/bin/env bash
# mklibs.sh STATIC SHARED VERSION_SH VERSION_H ARCHIVE... - merge the
# component archives into one static library and link a shared library
# holding every object of it, with the soname libkds.so.<major> (the major
# version of VERSION_H, read by VERSION_SH).
#
# CC, AR and NM are the C toolchain's of the configuration (the host's
# gcc, or a cross gcc of testing/arch/ for another architecture), set by
# tools/packaging/packaging.bzl; gcc, ar and nm when unset.
set -euo pipefail
CC=${CC:-gcc} AR=${AR:-ar} NM=${NM:-nm}
static=$1 shared=$2 version_sh=$3 version_h=$4
shift 4
major=$(sh "$version_sh" --major "$version_h")
rm -f "$static"
{
	echo "CREATE $static"
	for a in "$@"; do echo "ADDLIB $a"; done
	echo "SAVE"
	echo "END"
} | "$AR" -M
"$AR" s "$static"
# Every symbol must resolve in libc, except a sanitizer build's runtime hooks
# (the program that loads such a library brings the runtime).
strict=-Wl,--no-undefined
undefined=$("$NM" -u "$static")
if grep -qE ' __(asan|tsan|ubsan)_' <<<"$undefined"; then
	strict=
fi
"$CC" -shared -o "$shared" -Wl,-soname,libkds.so."$major" -Wl,-z,relro,-z,now \
	-Wl,--whole-archive "$static" -Wl,--no-whole-archive $strict -pthread
