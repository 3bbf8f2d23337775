#!/usr/bin/env bash
# components_test: the component manifest (tools/components.bzl) and the
# tree agree, every reader sees the same list, and a component left out of
# the manifest is left out everywhere.
#
#   components_test.sh [STARLARK_LIST]
#
# STARLARK_LIST is the manifest as Bazel evaluated it (one
# "NAME FOLDER HEADER PUBLIC KERNEL" line per component, written by
# //tools:components_starlark); it must equal what tools/components.sh
# reads. Checks:
#  - every listed folder exists with top-level .c sources and its public
#    header; every kernel glue folder exists with .c sources;
#  - every package of the tree that declares shared sources (a BUILD with
#    kds_component(), kds_component_filegroups() or a "shared_srcs"
#    filegroup; the root's is the union of theirs) is listed;
#  - malformed manifests are refused, with the line, and print nothing;
#  - the Kbuild object lists (kernel/Kbuild, kernel/tests/Kbuild), the
#    layout of kernel/build.sh, kds/components.h and the seam check's
#    include rule follow the manifest, also with a component removed.
set -euo pipefail
root=$(cd "$(dirname "$(readlink -f "${BASH_SOURCE[0]}")")/.." && pwd)
if [ -n "${TEST_SRCDIR:-}" ]; then
	root=$TEST_SRCDIR/kds
fi
# The checkout itself, for the scan of its packages: under Bazel, where the
# manifest in the runfiles points.
tree=$(cd "$(dirname "$(readlink -f "$root/tools/components.bzl")")/.." && pwd)
components=$root/tools/components.sh
tmp=$(mktemp -d "${TEST_TMPDIR:-/tmp}/kds-components.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
fail=0
ok() { echo "ok: $*"; }
bad() { echo "FAIL: $*"; fail=1; }

"$components" list >"$tmp/list"
n=$(wc -l <"$tmp/list")
[ "$n" -gt 0 ] || bad "the manifest lists no component"

# 1. Starlark and the shell reader see the same components.
if [ $# -ge 1 ]; then
	if diff -u "$1" "$tmp/list"; then
		ok "Bazel and tools/components.sh read the same $n components"
	else
		bad "Bazel (-) and tools/components.sh (+) read different manifests"
	fi
fi

# 2. The manifest names what is in the tree.
while read -r name folder header public kernel; do
	[ -d "$root/$folder" ] || { bad "$name: no folder $folder"; continue; }
	ls "$root/$folder"/*.c >/dev/null 2>&1 || bad "$name: $folder has no top-level .c source"
	[ -f "$root/$header" ] || bad "$name: public header $header missing"
	if [ "$kernel" != - ]; then
		ls "$root/$kernel"/*.c >/dev/null 2>&1 || bad "$name: kernel glue $kernel has no .c source"
	fi
	: "$public"
done <"$tmp/list"
listed=$(awk '{ print $2 }' "$tmp/list" | sort)
declared=$(cd "$tree" && grep -rlE --include=BUILD --include=BUILD.bazel \
	'kds_component(_filegroups)?\(|name = "shared_srcs"' . |
	grep -vE '^\./(BUILD|bazel-|third_party/|\.git/)' | sed 's|^\./||; s|/BUILD[^/]*$||' | sort)
[ -n "$declared" ] || bad "no package in $tree declares shared sources"
unlisted=$(comm -13 <(printf '%s\n' "$listed") <(printf '%s\n' "$declared"))
[ -z "$unlisted" ] || bad "packages with shared sources missing from tools/components.bzl: $unlisted"
nodecl=$(comm -23 <(printf '%s\n' "$listed") <(printf '%s\n' "$declared"))
[ -z "$nodecl" ] || bad "listed folders whose BUILD declares no shared sources: $nodecl"
[ "$fail" = 0 ] && ok "manifest and tree agree: $(printf '%s\n' "$listed" | paste -sd ' ')"

# 3. Malformed manifests are refused with their line number.
refuse() { # refuse WHAT MANIFEST-BODY
	printf 'KDS_COMPONENTS = [\n%b]\n' "$2" >"$tmp/bad.bzl"
	if "$components" -m "$tmp/bad.bzl" list >"$tmp/bad.out" 2>"$tmp/bad.err"; then
		bad "accepted $1"
	elif [ -s "$tmp/bad.out" ]; then
		bad "printed components for $1"
	elif ! grep -q 'bad.bzl' "$tmp/bad.err"; then
		bad "refused $1 without saying where: $(head -c 300 "$tmp/bad.err")"
	fi
}
good='    {"name": "a", "folder": "a", "header": "a/a.h", "public": "yes"},\n'
refuse "an empty list" ''
refuse "a component over two lines" '    {"name": "a", "folder": "a",\n     "header": "a/a.h", "public": "yes"},\n'
refuse "an unknown key" '    {"name": "a", "folder": "a", "header": "a/a.h", "public": "yes", "colour": "x"},\n'
refuse "a missing header" '    {"name": "a", "folder": "a", "public": "yes"},\n'
refuse "public: maybe" '    {"name": "a", "folder": "a", "header": "a/a.h", "public": "maybe"},\n'
refuse "a folder with .." '    {"name": "a", "folder": "../a", "header": "a/a.h", "public": "yes"},\n'
refuse "kernel glue outside kernel/" '    {"name": "a", "folder": "a", "header": "a/a.h", "public": "yes", "kernel": "user/a"},\n'
refuse "a repeated name" "$good"'    {"name": "a", "folder": "b", "header": "b/b.h", "public": "no"},\n'
refuse "a repeated folder" "$good"'    {"name": "b", "folder": "a", "header": "b/b.h", "public": "no"},\n'
refuse "a non-string value" '    {"name": "a", "folder": "a", "header": "a/a.h", "public": True},\n'
printf 'KDS_COMPONENTS = [\n%b]\n' "$good" >"$tmp/good.bzl"
[ "$("$components" -m "$tmp/good.bzl" list)" = "a a a/a.h yes -" ] || bad "a one-component manifest misread"
[ "$fail" = 0 ] && ok "malformed manifests refused"

# 4. Every reader follows the manifest. kbuild_objs LAYOUT KBUILD VAR: the
# objects Kbuild lists, evaluated by make over a laid-out tree.
kbuild_objs() {
	make -s -f - <<MK
.DEFAULT_GOAL := all
src := $1
obj := $1
include $2
all: ; @echo \$(sort \$($3))
MK
}
# layout_objs LAYOUT DIR...: the objects of the top-level .c files of DIRs.
layout_objs() {
	local l=$1 d
	shift
	for d in "$@"; do
		for f in "$l/$d"/*.c; do [ -f "$f" ] && echo "${f#"$l/"}"; done
	done | sed 's/\.c$/.o/' | sort | paste -sd ' '
}
check_manifest() { # check_manifest LABEL MANIFEST
	local label=$1 m=$2 out=$tmp/layout-$1 folders glue want got d name
	folders=$("$components" -m "$m" folders | paste -sd ' ')
	glue=$("$components" -m "$m" kernel-folders | paste -sd ' ')
	KDS_MANIFEST=$m "$root/kernel/build.sh" --layout "$out" >/dev/null
	# shellcheck disable=SC2086
	want=$(printf '%s\n' kernel/exports.o kernel/main.o kernel/port.o $(layout_objs "$out" $folders $glue) |
		sort | paste -sd ' ')
	got=$(kbuild_objs "$out" "$out/Kbuild" kds-y)
	[ "$got" = "$want" ] || bad "$label: kernel/Kbuild lists '$got', want '$want'"
	# shellcheck disable=SC2086
	# ... and, with the dax bus's glue, its iomem removal (kds_dax_iomem).
	want=$(printf '%s\n' kernel/port.o $(layout_objs "$out" $folders) \
		$(case " $glue " in *" kernel/dax_bus "*) echo kernel/dax_bus/iomem.o ;; esac) |
		sort | paste -sd ' ')
	got=$(kbuild_objs "$out" "$root/kernel/tests/Kbuild" kds_test-y)
	[ "$got" = "$want" ] || bad "$label: kernel/tests/Kbuild lists '$got', want '$want'"
	# Folders: the manifest's, kds/ with its kds/static/ (the public
	# headers), and kernel/ with its API probes (kernel/probes/).
	for d in "$out"/*/ "$out"/*/*/; do
		d=${d%/}
		d=${d#"$out/"}
		case " kds kds/static kernel kernel/probes $folders $glue " in
		*" $d "*) ;;
		*) case " $folders $glue " in *" $d/"*) ;; *) bad "$label: layout has $d, which the manifest does not list" ;; esac ;;
		esac
	done
	while read -r name _; do
		grep -q "^#define KDS_HAVE_${name^^} 1" "$out/kds/components.h" ||
			bad "$label: kds/components.h lacks KDS_HAVE_${name^^}"
	done < <("$components" -m "$m" list)
	[ "$(grep -c '^#define KDS_HAVE_' "$out/kds/components.h")" = "$("$components" -m "$m" list | wc -l)" ] ||
		bad "$label: kds/components.h has a component the manifest does not list"
}
check_manifest full "$root/tools/components.bzl"
# Without dma and without dax_bus (the component with kernel glue).
sed '/"name": "dma"/d; /"name": "dax_bus"/d' "$root/tools/components.bzl" >"$tmp/reduced.bzl"
[ "$(wc -l <"$tmp/reduced.bzl")" = "$(($(wc -l <"$root/tools/components.bzl") - 2))" ] ||
	bad "the reduced manifest did not lose exactly two lines"
check_manifest reduced "$tmp/reduced.bzl"
for d in dma dax_bus kernel/dax_bus; do
	[ ! -e "$tmp/layout-reduced/$d" ] || bad "reduced: $d laid out"
done
grep -q 'KDS_HAVE_DMA\|KDS_HAVE_DAX_BUS' "$tmp/layout-reduced/kds/components.h" &&
	bad "reduced: kds/components.h still has dma or dax_bus"
# The seam rule: an include from the dma/ folder passes with the full
# manifest only.
mkdir -p "$tmp/seam/genradix"
printf '#include "kds_port.h"\n#include "dma/internal.h"\n' >"$tmp/seam/genradix/uses_dma.c"
printf 'int kds_x(void) { return 0; }\n' >"$tmp/seam/lib.c"
cc -shared -fPIC -o "$tmp/seam/libkds_x.so" "$tmp/seam/lib.c"
"$root/tools/seam_check.sh" check "$tmp/seam/libkds_x.so" "$tmp/seam/genradix/uses_dma.c" >/dev/null ||
	bad "the seam check refused an include of a listed component"
if KDS_MANIFEST=$tmp/reduced.bzl "$root/tools/seam_check.sh" check "$tmp/seam/libkds_x.so" \
	"$tmp/seam/genradix/uses_dma.c" >/dev/null; then
	bad "the seam check accepted an include of a component the manifest does not list"
fi
[ "$fail" = 0 ] && ok "Kbuild lists, layout, kds/components.h and the seam rule follow the manifest (full and reduced)"
exit $fail
