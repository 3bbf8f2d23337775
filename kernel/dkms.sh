#!/usr/bin/env bash
# dkms.sh - lay out kds.ko's dkms source tree.
#
#   kernel/dkms.sh [DIR]          (default: /usr/src)
#
# Creates DIR/kds-<version>/ (the version of kds/version.h) holding the
# sources kernel/build.sh builds kds.ko from, the Kbuild at its root and a
# dkms.conf, then prints its path. Then, as root:
#
#   dkms add -m kds -v <version>
#   dkms build -m kds -v <version> [-k <kernel version>]
#   dkms install -m kds -v <version>
#
# Refuses a DIR/kds-<version> that already exists (dkms remove it first,
# or delete it).
set -euo pipefail
root=$(cd "$(dirname "$(readlink -f "${BASH_SOURCE[0]}")")/.." && pwd)
[ $# -le 1 ] || { echo "usage: kernel/dkms.sh [DIR]" >&2; exit 2; }
dir=${1:-/usr/src}
[ -d "$dir" ] || { echo "dkms.sh: no such directory: $dir" >&2; exit 1; }
version=$("$root/tools/version.sh")
dest=$dir/kds-$version
if [ -e "$dest" ]; then
	echo "dkms.sh: $dest exists; remove it first (dkms remove -m kds -v $version --all)" >&2
	exit 1
fi
stage=$(mktemp -d "$dir/.kds-dkms.XXXXXX")
trap 'rm -rf "$stage"' EXIT
"$root/kernel/build.sh" --layout "$stage/kds" >/dev/null
# build.sh's marker: not part of the package's sources.
rm -f "$stage/kds/.kds-build"
sed "s/@KDS_VERSION@/$version/" "$root/kernel/dkms.conf" >"$stage/kds/dkms.conf"
grep -q '@KDS_VERSION@' "$stage/kds/dkms.conf" && { echo "dkms.sh: version not substituted" >&2; exit 1; }
mv "$stage/kds" "$dest"
echo "$dest"
