#!/usr/bin/env bash
# cc.sh - the compiler of testing/arch/'s Bazel toolchains: Debian's
# cross gcc, linking Criterion from the sysroot testing/arch/sysroot.sh
# made in the workspace (.kds-sysroot/ARCH, found from this script's own
# path, as Bazel's options cannot name the workspace). A link without
# Criterion (libkds.so) needs no sysroot.
#
#   testing/arch/cc.sh TRIPLET ARCH GCC-ARGS...
set -euo pipefail
triplet=$1 arch=$2
shift 2
ws=$(cd "$(dirname "$(readlink -f "${BASH_SOURCE[0]}")")/../.." && pwd)
multiarch=$triplet
[ "$arch" != i386 ] || multiarch=i386-linux-gnu
lib=$ws/.kds-sysroot/$arch/usr/lib/$multiarch
for a in "$@"; do
	case $a in -c | -E | -S) exec "/usr/bin/$triplet-gcc" "$@" ;; esac
done
if [ ! -d "$lib" ]; then
	# Only Criterion comes from the sysroot: libkds.so links without it.
	case " $* " in
	*" -lcriterion "*)
		echo "cc.sh: no sysroot at $ws/.kds-sysroot/$arch (testing/arch/sysroot.sh $arch)" >&2
		exit 1 ;;
	esac
	exec "/usr/bin/$triplet-gcc" "$@"
fi
exec "/usr/bin/$triplet-gcc" "$@" -L"$lib" -Wl,-rpath-link,"$lib:$ws/.kds-sysroot/$arch/lib/$multiarch"
