#!/usr/bin/env bash
# Print the Debian kernel version kds builds against and boots: the newest
# one whose headers are installed (/lib/modules/V/build, from
# linux-headers-V). The test VM boots the image of that same version and
# package build, unpacked into kds's cache by kernel/vm_kernel.sh, never a
# kernel installed in /boot. The running kernel (uname -r) is not used:
# this machine cannot load modules into it.
#
#   kernel/kver.sh [--headers-only]
#
# --headers-only, which the build scripts pass to say they need only the
# headers, gives the same answer: the headers alone decide the version.
set -euo pipefail
case ${1:-} in
'' | --headers-only) ;;
*) echo "usage: kernel/kver.sh [--headers-only]" >&2; exit 2 ;;
esac
best=
for d in /lib/modules/*/build; do
	[ -e "$d/Makefile" ] || continue
	v=$(basename "$(dirname "$d")")
	best=$(printf '%s\n%s\n' "$best" "$v" | sed '/^$/d' | sort -V | tail -n 1)
done
if [ -z "$best" ]; then
	echo "kver.sh: no kernel headers installed (apt-get install linux-headers-amd64; ./bazelw installs them)" >&2
	exit 1
fi
echo "$best"
