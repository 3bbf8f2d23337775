#!/usr/bin/env bash
# mklibs.sh STATIC SHARED ARCHIVE... - merge the component archives into one
# static library and link a shared library holding every object of it.
set -euo pipefail
static=$1 shared=$2
shift 2
rm -f "$static"
{
	echo "CREATE $static"
	for a in "$@"; do echo "ADDLIB $a"; done
	echo "SAVE"
	echo "END"
} | ar -M
ranlib "$static"
# Every symbol must resolve in libc, except a sanitizer build's runtime hooks
# (the program that loads such a library brings the runtime).
strict=-Wl,--no-undefined
undefined=$(nm -u "$static")
if grep -qE ' __(asan|tsan|ubsan)_' <<<"$undefined"; then
	strict=
fi
gcc -shared -o "$shared" -Wl,-soname,libkds.so \
	-Wl,--whole-archive "$static" -Wl,--no-whole-archive $strict -pthread
