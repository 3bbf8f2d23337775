#!/usr/bin/env bash
# Print the Debian kernel version kds's single-kernel tools build against
# and boot by default: the first kernel kds supports (kernel/kernels.sh,
# Debian 12's default series), whether its headers are installed or
# fetched into kds's cache (kernel/kernel_tree.sh). The tests that cover
# every supported kernel read kernel/kernels.sh themselves; headers a user
# installed for another kernel change neither answer. The test VM boots
# the image of the same version and package build (kernel/vm_kernel.sh),
# never a kernel installed in /boot. The running kernel (uname -r) is not
# used: this machine cannot load modules into it.
#
#   kernel/kver.sh [--headers-only]
#
# --headers-only, which the build scripts pass to say they need only the
# headers, gives the same answer. Without package lists to resolve the
# supported kernels (apt-get update never run), the newest installed
# headers answer.
set -euo pipefail
here=$(cd "$(dirname "$(readlink -f "${BASH_SOURCE[0]}")")" && pwd)
case ${1:-} in
'' | --headers-only) ;;
*) echo "usage: kernel/kver.sh [--headers-only]" >&2; exit 2 ;;
esac
if first=$("$here/kernels.sh" --first 2>/dev/null) && [ -n "$first" ]; then
	echo "$first"
	exit 0
fi
best=
for d in /lib/modules/*/build; do
	[ -e "$d/Makefile" ] || continue
	v=$(basename "$(dirname "$d")")
	best=$(printf '%s\n%s\n' "$best" "$v" | sed '/^$/d' | sort -V | tail -n 1)
done
if [ -z "$best" ]; then
	echo "kver.sh: no supported kernel resolved (kernel/kernels.sh: apt-get update) and no kernel headers installed (apt-get install linux-headers-amd64; ./bazelw installs them)" >&2
	exit 1
fi
echo "$best"
