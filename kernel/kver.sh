#!/usr/bin/env bash
# Print the Debian kernel version kds builds against: the newest one that has
# both headers (/lib/modules/V/build) and an image (/boot/vmlinuz-V), so the
# module it builds can also be booted. The running kernel (uname -r) is not
# used: this machine cannot load modules into it.
set -euo pipefail
best=
for d in /lib/modules/*/build; do
	[ -e "$d/Makefile" ] || continue
	v=$(basename "$(dirname "$d")")
	[ -e "/boot/vmlinuz-$v" ] || [ "${1:-}" = "--headers-only" ] || continue
	best=$(printf '%s\n%s\n' "$best" "$v" | sed '/^$/d' | sort -V | tail -n 1)
done
if [ -z "$best" ]; then
	echo "kver.sh: no kernel with headers and image installed (apt-get install linux-headers-amd64 linux-image-amd64)" >&2
	exit 1
fi
echo "$best"
