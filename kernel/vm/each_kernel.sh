#!/usr/bin/env bash
# each_kernel.sh - run a kernel test once on every kernel kds supports.
#
#   kernel/vm/each_kernel.sh [--arch ARCH] SCRIPT [ARG...]
#
# Runs kernel/SCRIPT (e.g. vm/run.sh) with KVER set to each kernel
# kernel/kernels.sh lists (Debian's 6.1 and 6.12), or with --arch each
# kernel of that Debian architecture (kernels.sh --all), one after the other,
# each run's output prefixed with its kernel. Passes only when every
# supported kernel ran and passed: a kernel the list names whose headers
# or image cannot be had fails the run, it is not skipped. Ends with the
# kernels covered and the verdict of each.
set -uo pipefail
here=$(cd "$(dirname "$(readlink -f "${BASH_SOURCE[0]}")")" && pwd)
root=$(cd "$here/../.." && pwd)
if [ -n "${TEST_SRCDIR:-}" ]; then
	root="$TEST_SRCDIR/kds"
fi
arch=
if [ "${1:-}" = --arch ]; then
	arch=${2:?each_kernel.sh: --arch names a Debian architecture}
	shift 2
fi
[ $# -ge 1 ] || { echo "usage: kernel/vm/each_kernel.sh [--arch ARCH] SCRIPT [ARG...]" >&2; exit 2; }
script=$root/kernel/$1
shift
[ -x "$script" ] || { echo "each_kernel.sh: no script kernel/${script#"$root"/kernel/}" >&2; exit 2; }

if [ -n "$arch" ]; then
	kernels=$("$root/kernel/kernels.sh" --all) || { echo "FAIL: the supported kernels could not be resolved (kernel/kernels.sh --all)"; exit 1; }
	kernels=$(awk -v a="$arch" '$3 == a' <<<"$kernels")
	[ -n "$kernels" ] || { echo "FAIL: kernel/kernels.sh --all lists no $arch kernel"; exit 1; }
else
	kernels=$("$root/kernel/kernels.sh") || { echo "FAIL: the supported kernels could not be resolved (kernel/kernels.sh)"; exit 1; }
fi
status=0
verdicts=()
while read -r kver _; do
	echo "==== $kver"
	KVER=$kver "$script" "$@" 2>&1 </dev/null | sed "s|^|[$kver] |"
	rc=${PIPESTATUS[0]}
	if [ "$rc" = 0 ]; then
		verdicts+=("$kver: PASS")
	else
		verdicts+=("$kver: FAIL ($rc)")
		status=1
	fi
done <<<"$kernels"
n=$(wc -l <<<"$kernels")
if [ -z "$arch" ]; then
	[ "$n" -ge 2 ] || { echo "FAIL: kernel/kernels.sh lists $n kernel(s); kds supports Debian's 6.1 and 6.12"; status=1; }
fi
echo "kernels covered: $(awk '{ print $1 }' <<<"$kernels" | paste -sd ' ')"
printf '%s\n' "${verdicts[@]}"
exit $status
