#!/usr/bin/env bash
# packaging_test: install kds into a fresh prefix with //:install, then
# build tools/packaging/consumer.c against it with pkg-config, once linked
# to libkds.so and once to libkds.a, and run both.
#
#   packaging_test.sh INSTALL_SH CONSUMER_C [SANITIZER_FLAGS...]
#
# A sanitizer configuration compiled libkds with instrumentation, so the
# consumer is linked with the same -fsanitize flags (passed as arguments).
set -euo pipefail
install_sh=$1 consumer=$2
shift 2
san=("$@")
tmp=$(mktemp -d "${TEST_TMPDIR:-/tmp}/kds-packaging.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
fail=0
bad() { echo "FAIL: $*"; fail=1; }

prefix="$tmp/prefix"
RUNFILES_DIR=${TEST_SRCDIR:-} "$install_sh" --prefix "$prefix" >"$tmp/install.log"
cat "$tmp/install.log"
for f in lib/libkds.a lib/libkds.so lib/pkgconfig/kds.pc include/kds/kds_port.h; do
	[ -f "$prefix/$f" ] || bad "not installed: $f"
done
headers=$(cd "$prefix/include/kds" && find . -name '*.h' | sort | tr '\n' ' ')
echo "installed headers: $headers"

# Bad arguments are refused, and nothing is half-installed by them.
if "$install_sh" --bogus >/dev/null 2>&1; then bad "install.sh accepted --bogus"; fi
if "$install_sh" --prefix >/dev/null 2>&1; then bad "install.sh accepted --prefix without a value"; fi

export PKG_CONFIG_PATH="$prefix/lib/pkgconfig"
pkg-config --exists kds || bad "pkg-config does not find kds"
cflags=$(pkg-config --cflags kds | sed "s/ *$//")
libdir=$(pkg-config --variable=libdir kds)
[ "$libdir" = "$prefix/lib" ] || bad "kds.pc libdir is '$libdir'"
echo "pkg-config --cflags --libs kds: $(pkg-config --cflags --libs kds)"

[ "$cflags" = "-I$prefix/include/kds" ] || bad "unexpected Cflags: $cflags"

# Shared: -L libdir -lkds picks libkds.so.
# shellcheck disable=SC2046 # pkg-config output is meant to be split
gcc -std=gnu11 -Wall -Wextra -Werror "${san[@]}" "$consumer" -o "$tmp/consumer_shared" \
	$(pkg-config --cflags --libs kds)
readelf -d "$tmp/consumer_shared" >"$tmp/shared.dyn"
grep -q 'NEEDED.*\[libkds.so\]' "$tmp/shared.dyn" ||
	bad "the shared consumer does not load libkds.so"
if LD_LIBRARY_PATH="$libdir" "$tmp/consumer_shared"; then
	echo "ok: shared consumer"
else
	bad "the shared consumer failed"
fi

# Static: the same program with libkds.a linked in (-lkds read as the
# archive, plus the private flags pkg-config --static adds).
# shellcheck disable=SC2046
gcc -std=gnu11 -Wall -Wextra -Werror "${san[@]}" "$consumer" -o "$tmp/consumer_static" \
	$(pkg-config --cflags --static --libs kds | sed 's/-lkds\b/-l:libkds.a/')
readelf -d "$tmp/consumer_static" >"$tmp/static.dyn"
if grep -q 'libkds' "$tmp/static.dyn"; then
	bad "the static consumer still needs libkds.so"
fi
nm "$tmp/consumer_static" >"$tmp/static.nm"
grep -q ' T kds_kmalloc$' "$tmp/static.nm" || bad "kds_kmalloc not linked in statically"
if "$tmp/consumer_static"; then
	echo "ok: static consumer"
else
	bad "the static consumer failed"
fi
exit $fail
