#!/usr/bin/env bash
# kernels.sh - the kernels kds supports: one line per Debian kernel series,
#
#   KVER VERSION
#
# (e.g. "6.1.0-57-amd64 6.1.192-3"), the series' headers package
# linux-headers-KVER at VERSION. The series are Debian 12's kernels, named
# by their metapackages below; this list is the supported range, the only
# place kernel versions appear: what differs between the kernels is decided
# by kds's API probes (kernel/probes/), never by a version.
#
#   kernel/kernels.sh [--first|--names]
#
# A series' version is that of its metapackage when it is installed (the
# headers then are in /lib/modules/KVER/build), else the candidate in the
# package lists (its headers are fetched into kds's cache by
# kernel/kernel_tree.sh, never installed). --first prints only the first
# series' KVER: the kernel single-kernel tools default to. --names prints
# every KVER on one line, as the tests name the kernels they covered.
#
# Adding the next kernel: add its metapackage to SERIES, run
# ./bazelw test //...: the probes show what changed (kernel/kds_kcompat.h).
#
# Exit status: 0; 1 when a series cannot be resolved (no package lists:
# apt-get update), saying which.
set -euo pipefail

SERIES=(
	linux-headers-amd64		# Debian 12's default kernel (6.1)
	linux-headers-6.12-amd64	# Debian 12's second kernel, Debian 13's default (6.12)
)

first=0 names=0
case ${1:-} in
'') ;;
--first) first=1 ;;
--names) names=1 ;;
*) echo "usage: kernel/kernels.sh [--first|--names]" >&2; exit 2 ;;
esac

# installed PACKAGE: its version when installed.
installed() {
	local s
	s=$(dpkg-query -W -f='${db:Status-Abbrev}|${Version}' "$1" 2>/dev/null || true)
	case $s in "ii |"?*) echo "${s#ii |}" ;; esac
}

for meta in "${SERIES[@]}"; do
	dep=
	if [ -n "$(installed "$meta")" ]; then
		dep=$(dpkg-query -W -f='${Depends}' "$meta" | tr ',' '\n' |
			sed -n 's/^ *\(linux-headers-[0-9][^ ]*\).*/\1/p' | head -n 1)
	fi
	if [ -z "$dep" ]; then
		dep=$(apt-cache depends "$meta" 2>/dev/null |
			sed -n 's/^ *Depends: \(linux-headers-[0-9][^ ]*\)$/\1/p' | head -n 1)
	fi
	[ -n "$dep" ] || { echo "kernels.sh: cannot resolve $meta (no package lists? apt-get update)" >&2; exit 1; }
	kver=${dep#linux-headers-}
	version=$(installed "$dep")
	if [ -z "$version" ]; then
		version=$(apt-cache policy "$dep" 2>/dev/null | sed -n 's/^ *Candidate: //p')
		case $version in '' | '(none)') echo "kernels.sh: no version of $dep in the package lists (apt-get update)" >&2; exit 1 ;; esac
	fi
	echo "$kver $version"
	[ "$first" = 0 ] || exit 0
done | if [ "$first" = 1 ]; then
	cut -d' ' -f1
elif [ "$names" = 1 ]; then
	cut -d' ' -f1 | paste -sd ' '
else
	cat
fi
