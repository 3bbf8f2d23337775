#!/usr/bin/env bash
# run.sh - runs a test program of another architecture: Bazel's
# --run_under of .bazelrc's --config=i386 and --config=arm64.
#
#   KDS_TEST_ARCH=ARCH testing/arch/run.sh PROGRAM [ARGS...]
#
# The sysroot is the workspace's .kds-sysroot/ARCH (testing/arch/sysroot.sh),
# found from this script's own path.
# i386 runs natively (the host's /lib/ld-linux.so.2, from libc6-i386),
# with the libraries of the sysroot (testing/arch/sysroot.sh) on the
# library path, which a program that runs itself again (Criterion's
# workers) passes on. arm64 runs under qemu-aarch64 with the sysroot as
# its root for absolute paths. A script (Bazel's own test wrappers) is
# run as it is.
set -euo pipefail
[ $# -ge 1 ] || { echo "usage: testing/arch/run.sh PROGRAM [ARGS...]" >&2; exit 2; }
arch=${KDS_TEST_ARCH:?run.sh: KDS_TEST_ARCH names the architecture}
ws=$(cd "$(dirname "$(readlink -f "${BASH_SOURCE[0]}")")/../.." && pwd)
sysroot=$ws/.kds-sysroot/$arch
[ -d "$sysroot/usr/lib" ] || { echo "run.sh: no sysroot at $sysroot (testing/arch/sysroot.sh $arch)" >&2; exit 1; }
if [ "$(head -c 4 "$1" | od -An -c | tr -d ' ')" != '177ELF' ]; then
	exec "$@"
fi
case $arch in
i386)
	export LD_LIBRARY_PATH=$sysroot/lib/i386-linux-gnu:$sysroot/usr/lib/i386-linux-gnu${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}
	exec "$@" ;;
arm64)
	exec qemu-aarch64 -L "$sysroot" "$@" ;;
*)
	echo "run.sh: no way to run $arch programs" >&2
	exit 2 ;;
esac
