#!/usr/bin/env bash
# packaging_test: install kds into a fresh prefix with //:install, check
# what was installed (versioned soname and links, both genradix node sizes,
# no flex_array baseline, the HTML reference), build
# tools/packaging/consumer.c (written against the kernel's names) against
# it with pkg-config kds-linux (kds plus the compat folder), linked to libkds.so
# and to libkds.a, and with the 512-byte genradix variant, run them all,
# then reinstall over it and uninstall.
#
#   packaging_test.sh INSTALL_SH CONSUMER_C [SANITIZER_FLAGS...]
#
# A sanitizer configuration compiled libkds with instrumentation, so the
# consumer is linked with the same -fsanitize flags (passed as arguments).
set -euo pipefail
root=${TEST_SRCDIR:+$TEST_SRCDIR/kds}
root=${root:-$(cd "$(dirname "$(readlink -f "${BASH_SOURCE[0]}")")/../.." && pwd)}
. "$root/testing/sh_lib.sh"
test_begin packaging
install_sh=$1 consumer=$2
shift 2
san=("$@")

prefix="$tmp/prefix"
export RUNFILES_DIR=${TEST_SRCDIR:-}
"$install_sh" --prefix "$prefix" >"$tmp/install.log"
cat "$tmp/install.log"
version=$(sed -n 's/^Version: //p' "$prefix/lib/pkgconfig/kds.pc")
major=${version%%.*}
[[ $version =~ ^[0-9]+\.[0-9]+\.[0-9]+$ ]] || bad "kds.pc Version is '$version'"
for f in lib/libkds.a "lib/libkds.so.$version" lib/pkgconfig/kds.pc lib/pkgconfig/kds-linux.pc \
	include/kds/types.h include/kds/port.h include/kds/version.h include/kds/components.h include/kds/genradix.h \
	include/kds/static/genradix.h \
	include/kds/dma.h include/kds/dax_bus.h include/kds/compat/kds_port.h include/kds/compat/kds_atomic.h \
	include/kds/compat/linux/generic-radix-tree.h include/kds/compat/linux/dma-mapping.h \
	share/doc/kds/html/index.html share/kds/manifest; do
	[ -f "$prefix/$f" ] || bad "not installed: $f"
done
# Every public component of the manifest (tools/components.bzl): its
# header, and its KDS_HAVE_<NAME> in kds/components.h; no other component.
components=${TEST_SRCDIR:+$TEST_SRCDIR/kds/}tools/components.sh
[ -x "$components" ] || components=$(dirname "$(readlink -f "$0")")/../components.sh
while read -r name _ header public _; do
	have=$(grep -c "^#define KDS_HAVE_${name^^} 1" "$prefix/include/kds/components.h" || true)
	if [ "$public" = yes ]; then
		# kds/NAME.h installs as include/kds/NAME.h; any other path under include/kds/.
		case $header in kds/*) inst=include/$header ;; *) inst=include/kds/$header ;; esac
		[ -f "$prefix/$inst" ] || bad "not installed: $inst"
		[ "$have" = 1 ] || bad "kds/components.h does not define KDS_HAVE_${name^^}"
	else
		[ "$have" = 0 ] || bad "kds/components.h defines KDS_HAVE_${name^^} of non-public $name"
	fi
done < <("$components" list)
[ "$(grep -c '^#define KDS_HAVE_' "$prefix/include/kds/components.h")" = \
	"$("$components" headers --public | wc -l)" ] ||
	bad "kds/components.h and the manifest's public components differ"
[ "$(readlink "$prefix/lib/libkds.so.$major")" = "libkds.so.$version" ] ||
	bad "lib/libkds.so.$major does not point at libkds.so.$version"
[ "$(readlink "$prefix/lib/libkds.so")" = "libkds.so.$major" ] ||
	bad "lib/libkds.so does not point at libkds.so.$major"
soname=$(readelf -d "$prefix/lib/libkds.so.$version" | sed -n 's/.*(SONAME).*\[\(.*\)\]/\1/p')
[ "$soname" = "libkds.so.$major" ] || bad "soname is '$soname', want libkds.so.$major"
grep -qE "#define KDS_VERSION_MAJOR[[:space:]]+$major\$" "$prefix/include/kds/version.h" ||
	bad "kds.pc version $version does not match include/kds/version.h"
nm -D --defined-only "$prefix/lib/libkds.so.$version" >"$tmp/lib.syms"
for sym in kds_genradix_ptr_alloc kds_genradix512_ptr_alloc kds_genradix512_iter_peek \
	kds_dma_set_mask kds_dax_parse_id kds_kmalloc; do
	grep -q " T $sym\$" "$tmp/lib.syms" || bad "libkds.so does not define $sym"
done
# The flex_array baseline is the benchmarks' yardstick, not public API.
if grep -q 'flex_array' "$tmp/lib.syms"; then bad "libkds.so carries the flex_array baseline"; fi
if nm "$prefix/lib/libkds.a" 2>/dev/null | grep -q 'flex_array'; then bad "libkds.a carries the flex_array baseline"; fi
if [ -n "$(find "$prefix/include" -path '*flex_array*')" ]; then bad "flex_array headers installed"; fi
headers=$(cd "$prefix/include/kds" && find . -name '*.h' | sort | tr '\n' ' ')
echo "installed headers: $headers"
echo "installed reference: $(find "$prefix/share/doc/kds/html" -type f | wc -l) files"

# Bad arguments are refused, and nothing is half-installed by them.
if "$install_sh" --bogus >/dev/null 2>&1; then bad "install.sh accepted --bogus"; fi
if "$install_sh" --prefix >/dev/null 2>&1; then bad "install.sh accepted --prefix without a value"; fi

export PKG_CONFIG_PATH="$prefix/lib/pkgconfig"
pkg-config --exists kds || bad "pkg-config does not find kds"
cflags=$(pkg-config --cflags kds | sed "s/ *$//")
libdir=$(pkg-config --variable=libdir kds)
[ "$libdir" = "$prefix/lib" ] || bad "kds.pc libdir is '$libdir'"
echo "pkg-config --cflags --libs kds: $(pkg-config --cflags --libs kds-linux)"

[ "$cflags" = "-I$prefix/include" ] || bad "unexpected Cflags: $cflags"
linux_cflags=$(pkg-config --cflags kds-linux | sed "s/ *$//")
[ "$linux_cflags" = "-I$prefix/include/kds/compat -I$prefix/include" ] ||
	bad "unexpected kds-linux Cflags: $linux_cflags"
[ "$(pkg-config --modversion kds)" = "$version" ] || bad "pkg-config --modversion: $(pkg-config --modversion kds)"

# Shared: -L libdir -lkds picks libkds.so.
# shellcheck disable=SC2046 # pkg-config output is meant to be split
gcc -std=gnu11 -Wall -Wextra -Werror "${san[@]}" "$consumer" -o "$tmp/consumer_shared" \
	$(pkg-config --cflags --libs kds-linux)
readelf -d "$tmp/consumer_shared" >"$tmp/shared.dyn"
grep -q "NEEDED.*\[libkds.so.$major\]" "$tmp/shared.dyn" ||
	bad "the shared consumer does not load libkds.so.$major"
if LD_LIBRARY_PATH="$libdir" "$tmp/consumer_shared" >"$tmp/run.out"; then
	cat "$tmp/run.out"
	grep -q "consumer: kds $version: port genradix(4096-byte nodes)" "$tmp/run.out" ||
		bad "the shared consumer did not report kds $version with 4096-byte nodes"
	echo "ok: shared consumer"
else
	bad "the shared consumer failed"
fi

# The 512-byte-node variant from the same library.
# shellcheck disable=SC2046
gcc -std=gnu11 -Wall -Wextra -Werror "${san[@]}" -DKDS_GENRADIX_NODE_SHIFT=9 \
	-DKDS_GENRADIX_VARIANT=512 "$consumer" -o "$tmp/consumer_512" \
	$(pkg-config --cflags --libs kds-linux)
nm -u "$tmp/consumer_512" | grep -q 'kds_genradix512_ptr_alloc' ||
	bad "the 512 consumer does not call kds_genradix512_ptr_alloc"
if LD_LIBRARY_PATH="$libdir" "$tmp/consumer_512" >"$tmp/run512.out"; then
	cat "$tmp/run512.out"
	grep -q 'genradix(512-byte nodes)' "$tmp/run512.out" || bad "the 512 consumer used another node size"
	echo "ok: 512-byte-node consumer"
else
	bad "the 512-byte-node consumer failed"
fi

# Static: the same program with libkds.a linked in (-lkds read as the
# archive, plus the private flags pkg-config --static adds).
# shellcheck disable=SC2046
gcc -std=gnu11 -Wall -Wextra -Werror "${san[@]}" "$consumer" -o "$tmp/consumer_static" \
	$(pkg-config --cflags --static --libs kds-linux | sed 's/-lkds\b/-l:libkds.a/')
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

# Installing over an earlier install: files the earlier one listed and this
# one does not write go (an older library version, say); the rest stays.
touch "$prefix/lib/libkds.so.0.0.1"
echo "f $prefix/lib/libkds.so.0.0.1" >>"$prefix/share/kds/manifest"
"$install_sh" --prefix "$prefix" >/dev/null
[ -e "$prefix/lib/libkds.so.0.0.1" ] && bad "reinstall left the earlier install's libkds.so.0.0.1"
[ -f "$prefix/lib/libkds.so.$version" ] || bad "reinstall lost libkds.so.$version"

# Uninstall: nothing kds installed is left; a second uninstall is refused.
touch "$prefix/lib/unrelated.txt"
nfiles=$(grep -c '^f ' "$prefix/share/kds/manifest")
"$install_sh" --uninstall --prefix "$prefix"
left=$(cd "$prefix" && find . \( -type f -o -type l \) ! -name unrelated.txt | sort)
[ -z "$left" ] || bad "uninstall left: $left"
[ -f "$prefix/lib/unrelated.txt" ] || bad "uninstall removed a file it did not install"
for d in include/kds share/doc/kds share/kds; do
	[ -e "$prefix/$d" ] && bad "uninstall left $d"
done
if "$install_sh" --uninstall --prefix "$prefix" 2>"$tmp/again.err"; then
	bad "a second uninstall succeeded"
fi
grep -q 'no kds install' "$tmp/again.err" || bad "second uninstall: $(cat "$tmp/again.err")"
[ "$fail" = 0 ] && echo "ok: reinstall and uninstall ($nfiles files)"
exit $fail
