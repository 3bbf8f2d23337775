#!/usr/bin/env bash
# seam_check.sh - enforce the rules that keep shared sources buildable in
# both worlds (see README, "The seam").
#
#   seam_check.sh check LIB.so [LIB.a] [FILE...]
#                                        check a library and shared sources
#                                        (default: every shared source of the
#                                        component manifest, found under the
#                                        runfiles or the checkout)
#   seam_check.sh self-test              prove each rule catches a violation
#
# The components are the manifest's (tools/components.bzl, read through
# tools/components.sh next to this script; KDS_MANIFEST overrides it).
# Rules for a shared source (a top-level .c/.h of a component folder):
#   - includes only "kds_port.h" and "<folder>/<header>.h" in quotes, where
#     <folder> is a component folder or the folder of a public header of
#     the manifest (kds/ for "kds/<name>.h"): never a <...> platform header;
#   - never branches on __KERNEL__;
#   - no raw compiler atomics (__atomic_*, __sync_*): the port's idioms;
#   - no module glue (EXPORT_SYMBOL*, MODULE_*, module_init/exit).
# Rules for a public header (kds/<name>.h, and kds/static/<name>.h, the
# inline implementation an API header includes):
#   - never includes the port ("kds_port.h"): it builds on "kds/types.h";
#   - every macro, struct/union/enum tag and typedef it defines is
#     kds_/KDS_/__kds_/__KDS_-prefixed (kds/types.h may define the
#     kernel's own names under prefixed aliases, never the reverse).
# Rule for the userspace library: every global symbol it defines is kds_*.
# (ASan adds an __odr_asan.<name> twin for each global variable; its name
# is the variable's own, so the rule applies to that.)
set -uo pipefail

here=$(dirname "$0")
components=$here/components.sh

# The include directories a shared source may name, as one regex
# alternation: "genradix|dax_bus|...".
include_dirs() {
	local dirs
	dirs=$("$components" include-dirs) || return 1
	printf '%s\n' "$dirs" | paste -sd '|'
}

check_sources() {
	local bad=0 f dirs
	dirs=$(include_dirs) || { echo "seam_check: cannot read the component manifest"; return 1; }
	for f in "$@"; do
		if grep -nE '^\s*#\s*include\s*<' "$f"; then
			echo "$f: includes a platform header directly (use \"kds_port.h\")"; bad=1
		fi
		if grep -nE '^\s*#\s*include\s*"' "$f" |
		   grep -vE "#\\s*include\\s*\"(kds_port\\.h|($dirs)/[a-z_]+\\.h)\""; then
			echo "$f: includes something other than the port and component headers"; bad=1
		fi
		if grep -nE '__KERNEL__' "$f"; then
			echo "$f: branches on __KERNEL__ (put the difference in kernel/ or user/)"; bad=1
		fi
		if grep -nE '__(atomic|sync)_[a-z_]+\s*\(' "$f"; then
			echo "$f: raw compiler atomics (use the port's READ_ONCE, smp_load_acquire, cmpxchg, ...)"; bad=1
		fi
		if grep -nE '^\s*(EXPORT_SYMBOL|MODULE_[A-Z_]+\s*\(|module_(init|exit)\s*\()' "$f"; then
			echo "$f: module glue belongs in kernel/"; bad=1
		fi
	done
	return $bad
}

# The names a public header defines: macros, tags, typedef names.
public_names() {
	sed -E 's|/\*.*\*/||' "$1" | grep -v '^\s*\*' | {
		grep -oE '^\s*#\s*define\s+[A-Za-z_][A-Za-z0-9_]*' | awk '{ print $NF }'
	}
	sed -E 's|/\*.*\*/||' "$1" | grep -v '^\s*\*' |
		grep -oE '^\s*(typedef\s+)?(struct|union|enum)\s+[A-Za-z_][A-Za-z0-9_]*\s*\{' |
		awk '{ print $(NF - 1) == "{" ? $(NF - 2) : $(NF - 1) }' | sed 's/{$//'
	sed -E 's|/\*.*\*/||' "$1" | grep -oE '^\s*}\s*[A-Za-z_][A-Za-z0-9_]*\s*;' |
		grep -oE '[A-Za-z_][A-Za-z0-9_]*'
	sed -E 's|/\*.*\*/||' "$1" | grep -E '^\s*typedef\s' | grep -v '{' |
		grep -oE '[A-Za-z_][A-Za-z0-9_]*\s*;' | grep -oE '[A-Za-z_][A-Za-z0-9_]*'
	sed -E 's|/\*.*\*/||' "$1" | grep -oE '^\s*typedef\s.*\(\s*\*\s*[A-Za-z_][A-Za-z0-9_]*\s*\)' |
		grep -oE '[A-Za-z_][A-Za-z0-9_]*\s*\)$' | tr -d ' )'
}

# is_public FILE: FILE is a public header, a .h directly in a folder named
# kds or in its static/ folder.
is_public() {
	local dir
	dir=$(dirname "$1")
	[ "${1%.h}" != "$1" ] || return 1
	[ "$(basename "$dir")" = kds ] && return 0
	[ "$(basename "$dir")" = static ] && [ "$(basename "$(dirname "$dir")")" = kds ]
}

# public_headers_of TOP: the public headers of the tree at TOP, kds/*.h and
# kds/static/*.h, one a line.
public_headers_of() {
	local d
	for d in "$1/kds" "$1/kds/static"; do
		[ -d "$d" ] && find -L "$d" -maxdepth 1 -name '*.h' -type f
	done | sort
}

check_public_headers() {
	local bad=0 f names
	for f in "$@"; do
		if grep -nE '^\s*#\s*include\s*"kds_port\.h"' "$f"; then
			echo "$f: a public header includes the port (build on \"kds/types.h\")"; bad=1
		fi
		names=$(public_names "$f" | sort -u | grep -vE '^(__)?(kds|KDS)_')
		if [ -n "$names" ]; then
			echo "$f: defines unprefixed names:"; echo "$names" | head -n 20; bad=1
		fi
	done
	return $bad
}

check_library() {
	local lib=$1 syms n
	n=$(nm -D --defined-only "$lib" | awk '$2 ~ /^[A-Z]$/ && $3 ~ /^kds_/' | wc -l)
	if [ "$n" -eq 0 ]; then
		echo "$lib: defines no kds_ symbol at all: the library is empty"
		return 1
	fi
	syms=$(nm -D --defined-only "$lib" | awk '$2 ~ /^[A-Z]$/ { print $3 }' |
	       grep -vE '^(_init|_fini|_edata|_end|__bss_start)$' | grep -vE '^(__odr_asan\.)?kds_')
	if [ -n "$syms" ]; then
		echo "$lib: global symbols without the kds_ prefix:"; echo "$syms"
		return 1
	fi
	return 0
}

self_test() {
	local t rc=0
	t=$(mktemp -d)
	trap 'rm -rf "$t"' RETURN
	mkdir -p "$t/genradix"
	printf '#include "kds_port.h"\n#include "kds/genradix.h"\nint kds_ok;\n' >"$t/genradix/good.c"
	printf '#include <stdlib.h>\n' >"$t/genradix/libc.c"
	printf '#include "../user/kds_port.h"\n' >"$t/genradix/path.c"
	printf '#ifdef __KERNEL__\n#endif\n' >"$t/genradix/ifdef.c"
	printf 'EXPORT_SYMBOL(kds_x);\n' >"$t/genradix/glue.c"
	printf 'int kds_v(int *p) { return __atomic_load_n(p, 2); }\n' >"$t/genradix/atomic.c"
	mkdir -p "$t/kds"
	printf '#include "kds/types.h"\n#define KDS_OK 1\nstruct kds_ok { int a; };\ntypedef int kds_int_t;\n' >"$t/kds/good.h"
	printf '#include "kds_port.h"\n' >"$t/kds/port.h"
	printf '#define max(a, b) a\n' >"$t/kds/macro.h"
	printf 'struct list_head {\n\tint a;\n};\n' >"$t/kds/tag.h"
	printf 'typedef unsigned int gfp_t;\n' >"$t/kds/typedef.h"
	check_public_headers "$t/kds/good.h" >/dev/null || { echo "self-test: a clean public header was refused"; rc=1; }
	for f in port macro tag typedef; do
		check_public_headers "$t/kds/$f.h" >/dev/null && { echo "self-test: kds/$f.h was not caught"; rc=1; }
	done
	# The inline implementation under kds/static/ is a public header too,
	# found with the others and held to the same rules; a static/ folder
	# elsewhere is not.
	mkdir -p "$t/kds/static" "$t/genradix/static"
	printf '#define max(a, b) a\n' >"$t/kds/static/impl.h"
	printf 'int kds_x;\n' >"$t/genradix/static/impl.h"
	public_headers_of "$t" | grep -qx "$t/kds/static/impl.h" ||
		{ echo "self-test: kds/static/impl.h is not among the public headers"; rc=1; }
	is_public "$t/kds/static/impl.h" || { echo "self-test: kds/static/impl.h is not public"; rc=1; }
	is_public "$t/genradix/static/impl.h" && { echo "self-test: genradix/static/impl.h taken for public"; rc=1; }
	is_public "$t/kds/static/impl.c" && { echo "self-test: a .c file taken for a public header"; rc=1; }
	check_public_headers "$t/kds/static/impl.h" >/dev/null &&
		{ echo "self-test: kds/static/impl.h was not caught"; rc=1; }
	check_sources "$t/genradix/good.c" >/dev/null || { echo "self-test: a clean file was refused"; rc=1; }
	printf '#include "kds_port.h"\n#include "nowhere/nowhere.h"\n' >"$t/genradix/unlisted.c"
	for f in libc path ifdef glue atomic unlisted; do
		check_sources "$t/genradix/$f.c" >/dev/null && { echo "self-test: $f.c was not caught"; rc=1; }
	done
	# The rule follows the manifest: without genradix in it, a header of
	# the genradix folder is no component header any more (the public
	# kds/ headers stay includable); a broken manifest refuses all.
	printf '#include "kds_port.h"\n#include "genradix/internal.h"\nint kds_ok;\n' >"$t/genradix/folder.c"
	check_sources "$t/genradix/folder.c" >/dev/null ||
		{ echo "self-test: an include from a listed component folder was refused"; rc=1; }
	sed '/"name": "genradix"/d' "${KDS_MANIFEST:-$here/components.bzl}" >"$t/reduced.bzl"
	KDS_MANIFEST=$t/reduced.bzl check_sources "$t/genradix/folder.c" >/dev/null &&
		{ echo "self-test: an include of a component missing from the manifest was not caught"; rc=1; }
	printf 'KDS_COMPONENTS = [\n]\n' >"$t/empty.bzl"
	KDS_MANIFEST=$t/empty.bzl check_sources "$t/genradix/good.c" >/dev/null 2>&1 &&
		{ echo "self-test: an empty manifest was not refused"; rc=1; }
	printf 'int kds_fine(void) { return 0; }\nint leaked_name(void) { return 1; }\n' >"$t/lib.c"
	cc -shared -fPIC -o "$t/bad.so" "$t/lib.c"
	check_library "$t/bad.so" >/dev/null && { echo "self-test: unprefixed symbol not caught"; rc=1; }
	printf 'static int nothing;\n' >"$t/lib.c"
	cc -shared -fPIC -o "$t/empty.so" "$t/lib.c"
	check_library "$t/empty.so" >/dev/null && { echo "self-test: empty library not caught"; rc=1; }
	printf 'int kds_fine(void) { return 0; }\nstatic int hidden(void) { return 1; }\nint kds_use(void) { return hidden(); }\n' >"$t/lib.c"
	cc -shared -fPIC -o "$t/good.so" "$t/lib.c"
	check_library "$t/good.so" >/dev/null || { echo "self-test: clean library refused"; rc=1; }
	return $rc
}

case "${1:-}" in
check)
	shift
	lib=
	while [ $# -gt 0 ]; do
		case $1 in
		*.so) lib=$1; shift ;;
		*.a) shift ;;	# the static twin of the same objects
		*) break ;;
		esac
	done
	[ -n "$lib" ] || { echo "seam_check: no shared library given" >&2; exit 2; }
	if [ $# -eq 0 ]; then
		top=${TEST_SRCDIR:+$TEST_SRCDIR/kds}
		top=${top:-$(cd "$(dirname "$0")/.." && pwd)}
		folders=$("$components" folders) || exit 2
		dirs=()
		for d in $folders; do
			[ -d "$top/$d" ] || { echo "seam_check: component folder $d is missing under $top" >&2; exit 2; }
			dirs+=("$top/$d")
		done
		mapfile -t files < <(find -L "${dirs[@]}" -maxdepth 1 -type f \
			\( -name '*.c' -o -name '*.h' \) | sort)
		set -- "${files[@]}"
	fi
	rc=0
	publics=() shared=()
	for f in "$@"; do
		if is_public "$f"; then publics+=("$f"); else shared+=("$f"); fi
	done
	if [ ${#publics[@]} -eq 0 ]; then
		top=${TEST_SRCDIR:+$TEST_SRCDIR/kds}
		top=${top:-$(cd "$(dirname "$0")/.." && pwd)}
		mapfile -t publics < <(public_headers_of "$top")
	fi
	[ ${#publics[@]} -gt 0 ] || { echo "seam_check: no public header found"; rc=1; }
	set -- "${shared[@]}"
	check_public_headers "${publics[@]}" || rc=1
	check_sources "$@" || rc=1
	check_library "$lib" || rc=1
	[ $rc -eq 0 ] && echo "seam: $# shared source(s), ${#publics[@]} public header(s) and $(basename "$lib") clean"
	exit $rc
	;;
self-test)
	self_test && echo "seam self-test: every rule catches its violation"
	;;
*)
	echo "usage: $0 check LIB.so FILE... | self-test" >&2
	exit 2
	;;
esac
