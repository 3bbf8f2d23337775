#!/bin/sh
# version.sh [HEADER] - print the kds version ("major.minor.patch", or just
# the major number with --major) read from kds/version.h, the one place it
# is written. Used by the packaging and dkms scripts.
set -eu
what=full
if [ "${1:-}" = --major ]; then what=major; shift; fi
h=${1:-$(dirname "$0")/../kds/version.h}
[ -r "$h" ] || { echo "version.sh: cannot read $h" >&2; exit 1; }
get() {
	v=$(sed -n "s/^#define KDS_VERSION_$1[[:space:]]\{1,\}\([0-9]\{1,\}\)[[:space:]]*$/\1/p" "$h")
	case $v in
	''|*[!0-9]*) echo "version.sh: no numeric KDS_VERSION_$1 in $h" >&2; exit 1 ;;
	esac
	echo "$v"
}
major=$(get MAJOR)
if [ "$what" = major ]; then echo "$major"; exit 0; fi
echo "$major.$(get MINOR).$(get PATCH)"
