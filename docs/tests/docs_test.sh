#!/usr/bin/env bash
# docs_test: the API reference builds with zero Doxygen warnings, the Linux
# kernel's scripts/kernel-doc reads the same comments with zero warnings,
# and both checks fail on a header with documentation gaps.
#
#   docs_test.sh [SOURCE...]
#
# The SOURCEs (docs/BUILD passes the inputs of //docs, workspace-relative)
# must be exactly the sources the test documents: the API headers kds/*.h,
# never the inline implementation under kds/static/, and the public
# components' top-level sources.
set -euo pipefail
root=${TEST_SRCDIR:+$TEST_SRCDIR/kds}
root=${root:-$(cd "$(dirname "$(readlink -f "${BASH_SOURCE[0]}")")/../.." && pwd)}
. "$root/testing/sh_lib.sh"
test_begin docs
docs=$root/docs
fix=$docs/tests/fixtures

# scripts/kernel-doc of the Debian kernel kds builds against; when its
# headers lack it, the same file from Debian's linux-source-6.1 tarball.
kver=$("$root/kernel/kver.sh" --headers-only)
kdoc=/lib/modules/$kver/build/scripts/kernel-doc
if [ ! -f "$kdoc" ]; then
	tarball=/usr/src/linux-source-6.1.tar.xz
	tar -xJf "$tarball" -C "$tmp" linux-source-6.1/scripts/kernel-doc
	kdoc=$tmp/linux-source-6.1/scripts/kernel-doc
fi
kerneldoc() { perl "$kdoc" -none -Werror "$@"; }

# The sources the reference is built from: the public headers (kds/) and
# the public components of the manifest (tools/components.bzl); kernel-doc
# lints every component's comments, the flex_array baseline's too.
sources_of() { # FOLDER...: their top-level .h and .c files
	local d f
	for d in "$@"; do
		[ -d "$root/$d" ] || bad "component folder $d missing"
		for f in "$root/$d"/*.h "$root/$d"/*.c; do
			[ -f "$f" ] && echo "$f"
		done
	done
}
mapfile -t srcs < <(sources_of kds $("$root/tools/components.sh" folders --public))
mapfile -t linted < <(sources_of kds kds/static $("$root/tools/components.sh" folders))
echo "documented sources: ${#srcs[@]}, linted: ${#linted[@]}"

# 0. //docs reads what this test documents: the API headers a program
# includes, not kds/static/ (installed beside them, included by
# <kds/genradix.h> only, no part of the reference).
if [ "$#" -gt 0 ]; then
	for f in "$@"; do
		case $f in kds/static/*) bad "//docs reads $f, the inline implementation (docs/BUILD: DOC_SRCS takes //:api_headers, the kds/ headers alone)" ;; esac
	done
	given=$(printf '%s\n' "$@" | grep -E '\.(h|c)$' | sort)
	want=$(printf '%s\n' "${srcs[@]#"$root"/}" | sort)
	if [ "$given" = "$want" ]; then
		ok "//docs reads the API headers and public sources, $(wc -l <<<"$given") files, nothing under kds/static/"
	else
		bad "//docs reads other files than the API headers and public sources:"
		diff <(echo "$want") <(echo "$given") | head -n 20 || true
	fi
fi

# 1. The real reference: zero warnings, a page per public header.
if "$docs/doxygen.sh" "$tmp/html" "$docs/Doxyfile" "$docs/kerneldoc_filter.py" \
	"$docs/mainpage.md" "${srcs[@]}" 2>"$tmp/doxygen.err"; then
	ok "doxygen: no warnings over ${#srcs[@]} sources"
	for f in "${srcs[@]}"; do
		case $f in *.h)
			page=$(basename "$f" .h | sed 's/_/__/g')_8h.html	# Doxygen doubles underscores
			[ -f "$tmp/html/$page" ] || bad "no page $page for $f"
		esac
	done
	# The reference is the public API: every component page opens with its
	# overview, the typed macros stand without their bodies, and neither the
	# linker functions behind them nor the benchmark baseline is listed.
	page=$tmp/html/genradix_8h.html
	if [ -f "$page" ]; then
		overview=$(grep -n 'Detailed Description' "$page" | head -n 1 | cut -d: -f1)
		members=$(grep -n 'name="define-members"' "$page" | head -n 1 | cut -d: -f1)
		[ -n "$overview" ] && [ -n "$members" ] && [ "$overview" -lt "$members" ] ||
			bad "genradix.h: the overview does not come before the member lists"
		grep -q 'kds_genradix_for_each' "$page" || bad "genradix.h: the typed macros are missing"
		grep -q '__KDS_GR_FN\|__kds_genradix_cast' "$page" && bad "genradix.h: macro bodies are shown"
		grep -qE 'struct (<a [^>]*>)?__kds_genradix(</a>)? \*' "$page" &&
			bad "genradix.h: the linker functions are listed as API"
	fi
	[ -e "$tmp/html/flex__array_8h.html" ] && bad "the flex_array baseline is in the API reference"
	grep -q 'kds_alloc_fail_nth' "$tmp/html/port_8h.html" 2>/dev/null ||
		bad "kds/port.h: the userspace port controls are not documented"
	ok "reference: overview first, macro API without bodies, no linker functions, no baseline"
else
	cat "$tmp/doxygen.err"
	bad "doxygen warned on the public sources (above)"
fi

# 2. kernel-doc lints the comments of every shared source.
if [ "${#linted[@]}" -gt 0 ]; then
	if kerneldoc "${linted[@]}" 2>"$tmp/kdoc.err" && ! grep -qE 'warning|error' "$tmp/kdoc.err"; then
		ok "kernel-doc: no warnings"
	else
		cat "$tmp/kdoc.err"
		bad "kernel-doc warned on the public sources (above)"
	fi
fi

# 3. The sample fixture (every construct the filter knows) is clean for both.
if "$docs/doxygen.sh" "$tmp/sample" "$docs/Doxyfile" "$docs/kerneldoc_filter.py" \
	"$docs/mainpage.md" "$fix/sample.h" 2>"$tmp/sample.err" &&
	kerneldoc "$fix/sample.h" 2>>"$tmp/sample.err"; then
	ok "sample fixture: clean for doxygen and kernel-doc"
else
	cat "$tmp/sample.err"; bad "sample fixture is not clean"
fi

# 4. The checks can fail: every gap in undocumented.h is reported.
if "$docs/doxygen.sh" "$tmp/gaps" "$docs/Doxyfile" "$docs/kerneldoc_filter.py" \
	"$docs/mainpage.md" "$fix/undocumented.h" 2>"$tmp/gaps.err"; then
	bad "doxygen accepted undocumented.h"
else
	for sym in "parameter 'b'" kds_gap_function absent kds_gap_struct KDS_GAP_MACRO; do
		grep -q -- "$sym" "$tmp/gaps.err" || bad "doxygen did not report $sym"
	done
	ok "doxygen fails on undocumented.h"
fi
if kerneldoc "$fix/undocumented.h" 2>"$tmp/gaps-kdoc.err"; then
	bad "kernel-doc accepted undocumented.h"
else
	for sym in "'b'" "'absent'"; do
		grep -q -- "$sym" "$tmp/gaps-kdoc.err" || bad "kernel-doc did not report $sym"
	done
	ok "kernel-doc fails on undocumented.h"
fi
# 5. The main page's examples compile against the headers they include.
# Every header an example names is in the test's inputs (docs/BUILD): one
# that is missing fails the test rather than skipping its example.
python3 - "$docs/mainpage.md" "$tmp" <<'PY'
import re, sys
text = open(sys.argv[1]).read()
for i, block in enumerate(re.findall(r"```c\n(.*?)```", text, re.S)):
    with open("%s/example%d.c" % (sys.argv[2], i), "w") as f:
        f.write(block)
PY
for ex in "$tmp"/example*.c; do
	hdr=$(sed -n 's/^#include "\(.*\/.*\.h\)"/\1/p' "$ex" | head -n 1)
	if [ -n "$hdr" ] && [ ! -f "$root/$hdr" ]; then
		bad "main page example $(basename "$ex") includes $hdr, which is not among the test's inputs"
		continue
	fi
	if gcc -std=gnu11 -fsyntax-only -Wall -Wextra -Werror -Wno-unused-function \
		-I"$root/user" -I"$root" "$ex" 2>"$tmp/ex.err"; then
		ok "main page example $(basename "$ex") compiles"
	else
		cat "$tmp/ex.err"; bad "main page example $(basename "$ex") does not compile"
	fi
done
exit $fail
