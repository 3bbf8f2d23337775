#!/usr/bin/env bash
# doxygen.sh - build the kds API reference with every warning an error.
#
#   docs/doxygen.sh OUTDIR DOXYFILE FILTER MAINPAGE [HEADER...]
#
# Runs doxygen with DOXYFILE plus the inputs given here (MAINPAGE and the
# headers, read through the kernel-doc FILTER), writes the HTML into OUTDIR
# and the warnings into OUTDIR.log. Exits non-zero, printing the warnings,
# if doxygen printed any: an undocumented public symbol fails the build.
set -euo pipefail
if [ "$#" -lt 4 ]; then
	echo "usage: doxygen.sh OUTDIR DOXYFILE FILTER MAINPAGE [HEADER...]" >&2
	exit 2
fi
out=$1 doxyfile=$2 filter=$3 mainpage=$4
shift 4
abs() { (cd "$(dirname "$1")" && printf '%s/%s\n' "$(pwd -P)" "$(basename "$1")"); }
filter=$(abs "$filter")
# The page layout beside the Doxyfile: every page opens with its overview.
layout=$(dirname "$doxyfile")/DoxygenLayout.xml
[ -f "$layout" ] || { echo "doxygen.sh: no $layout beside $doxyfile" >&2; exit 2; }
layout=$(abs "$layout")
mainpage=$(abs "$mainpage")
inputs=("$mainpage")
for h in "$@"; do inputs+=("$(abs "$h")"); done

mkdir -p "$out"
out=$(cd "$out" && pwd -P)
work=$(mktemp -d "${TMPDIR:-/tmp}/kds-doxygen.XXXXXX")
trap 'rm -rf "$work"' EXIT
log="$out.log"

# Paths are shown from the directory above every input (the workspace root
# for real headers), so "kds/genradix.h" reads as it is included.
strip=$(dirname "$(dirname "$mainpage")")
{
	cat "$doxyfile"
	echo "INPUT = ${inputs[*]}"
	echo "USE_MDFILE_AS_MAINPAGE = $mainpage"
	echo "LAYOUT_FILE = $layout"
	echo "FILTER_PATTERNS = \"*.h=python3 $filter\" \"*.c=python3 $filter\""
	echo "OUTPUT_DIRECTORY = $work"
	for tag in STRIP_FROM_PATH STRIP_FROM_INC_PATH; do
		echo "$tag = $strip"
		for h in "$@"; do
			echo "$tag += $(dirname "$(dirname "$(abs "$h")")")"
		done
	done
} >"$work/Doxyfile"

rc=0
doxygen "$work/Doxyfile" >"$work/stdout" 2>"$log" || rc=$?
if [ "$rc" -ne 0 ] || [ -s "$log" ]; then
	cat "$log" >&2
	echo "doxygen.sh: doxygen failed (exit $rc, $(wc -l <"$log") warning line(s))" >&2
	exit 1
fi
if [ ! -f "$work/html/index.html" ]; then
	echo "doxygen.sh: no HTML was produced" >&2
	exit 1
fi
cp -R "$work/html/." "$out/"
