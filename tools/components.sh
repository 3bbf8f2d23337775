#!/usr/bin/env bash
# components.sh - read the kds component manifest (tools/components.bzl)
# for the shell and Make side of the build.
#
#   components.sh [-m MANIFEST] list     one line per component:
#                                        NAME FOLDER HEADER PUBLIC KERNEL
#                                        (PUBLIC yes/no; KERNEL "-" if none)
#   components.sh [-m MANIFEST] folders [--public]
#                                        the component folders
#   components.sh [-m MANIFEST] headers [--public]
#                                        the public headers, as included
#   components.sh [-m MANIFEST] kernel-folders
#                                        the folders of kernel-only glue
#   components.sh [-m MANIFEST] include-dirs
#                                        what a shared source may include
#                                        from: every folder, and the folder
#                                        of every public header
#   components.sh [-m MANIFEST] mk       the Kbuild fragment components.mk
#   components.sh [-m MANIFEST] header [--public]
#                                        kds/components.h: KDS_HAVE_<NAME>
#                                        for every (public) component
#
# MANIFEST defaults to $KDS_MANIFEST, else components.bzl next to this
# script. A malformed manifest (a line that is not one component, an
# unknown or missing key, a bad value, a repeated name or folder) is
# refused with its line number and nothing is printed on stdout.
set -euo pipefail

usage() {
	sed -n '5,20p' "$0" | sed 's/^# \{0,1\}/  /' >&2
	exit 2
}

manifest=${KDS_MANIFEST:-$(dirname "${BASH_SOURCE[0]}")/components.bzl}
if [ "${1:-}" = -m ]; then
	[ $# -ge 2 ] || usage
	manifest=$2
	shift 2
fi
[ $# -ge 1 ] || usage
cmd=$1
shift
public_only=0
if [ "${1:-}" = --public ]; then
	public_only=1
	shift
fi
[ $# -eq 0 ] || usage
[ -f "$manifest" ] || { echo "components.sh: no manifest at $manifest" >&2; exit 1; }

# The manifest's lines between "KDS_COMPONENTS = [" and "]", checked,
# as NAME FOLDER HEADER PUBLIC KERNEL.
parse() {
	awk -v file="$manifest" '
	function bad(msg) {
		printf "%s:%d: %s\n", file, NR, msg > "/dev/stderr"
		err = 1
		exit 1
	}
	/^KDS_COMPONENTS = \[[ \t]*$/ { inlist = 1; seen = 1; next }
	inlist && /^\][ \t]*$/ { inlist = 0; next }
	!inlist { next }
	/^[ \t]*(#.*)?$/ { next }
	{
		line = $0
		if (line !~ /^[ \t]*\{.*\},?[ \t]*$/)
			bad("not one component on one line: " line)
		sub(/^[ \t]*\{[ \t]*/, "", line)
		sub(/[ \t]*\},?[ \t]*$/, "", line)
		delete f
		n = 0
		while (line != "") {
			if (!match(line, /^"[a-z]+"[ \t]*:[ \t]*"[^"\\]*"[ \t]*(,[ \t]*)?/))
				bad("expected \"key\": \"value\" at: " line)
			pair = substr(line, 1, RLENGTH)
			line = substr(line, RLENGTH + 1)
			split(pair, q, "\"")
			key = q[2]; val = q[4]
			if (key !~ /^(name|folder|header|public|kernel)$/)
				bad("unknown key \"" key "\"")
			if (key in f)
				bad("key \"" key "\" given twice")
			f[key] = val
			n++
		}
		if (!("name" in f) || !("folder" in f) || !("header" in f) || !("public" in f))
			bad("a component needs name, folder, header and public")
		if (f["name"] !~ /^[a-z][a-z0-9_]*$/)
			bad("name must be lower case letters, digits and _: " f["name"])
		if (f["folder"] !~ /^[a-z0-9_]+(\/[a-z0-9_]+)*$/)
			bad("folder must be a plain relative path: " f["folder"])
		if (f["header"] !~ /^[a-z0-9_]+(\/[a-z0-9_]+)*\.h$/)
			bad("header must be a relative path to a .h file: " f["header"])
		if (f["public"] !~ /^(yes|no)$/)
			bad("public must be \"yes\" or \"no\": " f["public"])
		if ("kernel" in f && f["kernel"] !~ /^kernel\/[a-z0-9_]+(\/[a-z0-9_]+)*$/)
			bad("kernel glue must be a folder under kernel/: " f["kernel"])
		if (f["name"] in names)
			bad("component " f["name"] " listed twice")
		if (f["folder"] in folders)
			bad("folder " f["folder"] " listed twice")
		names[f["name"]] = 1
		folders[f["folder"]] = 1
		out[++nr] = f["name"] " " f["folder"] " " f["header"] " " f["public"] " " \
			(("kernel" in f) ? f["kernel"] : "-")
	}
	END {
		if (err)
			exit 1
		if (!seen) {
			printf "%s: no \"KDS_COMPONENTS = [\" line\n", file > "/dev/stderr"
			exit 1
		}
		if (inlist) {
			printf "%s: KDS_COMPONENTS is not closed by a \"]\" line\n", file > "/dev/stderr"
			exit 1
		}
		if (!nr) {
			printf "%s: KDS_COMPONENTS lists no component\n", file > "/dev/stderr"
			exit 1
		}
		for (i = 1; i <= nr; i++)
			print out[i]
	}' "$manifest"
}

rows=$(parse)
selected() { # the rows, public ones only under --public
	if [ "$public_only" = 1 ]; then
		awk '$4 == "yes"' <<<"$rows"
	else
		printf '%s\n' "$rows"
	fi
}

case $cmd in
list) selected ;;
folders) selected | awk '{ print $2 }' ;;
headers) selected | awk '{ print $3 }' ;;
kernel-folders) selected | awk '$5 != "-" { print $5 }' ;;
include-dirs)
	selected | awk '{
		d = $3; sub(/\/[^\/]*$/, "", d)
		if (!($2 in s)) { s[$2] = 1; print $2 }
		if (d != $3 && !(d in s)) { s[d] = 1; print d }
	}'
	;;
mk)
	echo "# Generated from tools/components.bzl by tools/components.sh: do not edit."
	echo "# The component folders (every top-level .c is a shared source) and the"
	echo "# folders of kernel-only glue."
	echo "kds-folders := $(selected | awk '{ print $2 }' | paste -sd ' ')"
	echo "kds-kernel-folders := $(selected | awk '$5 != "-" { print $5 }' | paste -sd ' ')"
	;;
header)
	cat <<'EOF'
/* SPDX-License-Identifier: GPL-2.0 */
/*
 * kds/components.h - the components this kds build carries: one
 * KDS_HAVE_<NAME> per component. Generated from tools/components.bzl by
 * tools/components.sh: do not edit.
 */
#ifndef KDS_COMPONENTS_H
#define KDS_COMPONENTS_H

EOF
	selected | awk '{ printf "#define KDS_HAVE_%s 1\t/* %s */\n", toupper($1), $3 }'
	printf '\n#endif /* KDS_COMPONENTS_H */\n'
	;;
*) usage ;;
esac
