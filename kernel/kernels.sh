#!/usr/bin/env bash
# kernels.sh - the kernels kds supports: one line per Debian kernel series
# and architecture,
#
#   KVER VERSION ARCH
#
# (e.g. "6.1.0-57-amd64 6.1.192-3 amd64"), the series' headers package
# linux-headers-KVER at VERSION, of Debian architecture ARCH. The series
# are Debian 12's kernels, named by their metapackages below; this list is
# the supported range: what differs between the kernels is decided by
# kds's API probes (kernel/probes/), never by a version. Other files name
# a series only where they record what it answers (kernel/probes/expected,
# kernel/vm/linux_differs/) or which kernel source a debug kernel or a
# comparison is built from (kernel/vm/debug_kernel_key.sh,
# testing/linux_tarball.sh, the linux-source-SERIES packages in bazelw and
# WORKSPACE); //tools:kernel_series_test fails when any of them names a
# series this list does not, when a series here lacks its probe answers,
# Linux differences or source package, or when a kernel release or package
# version is pinned anywhere but in this comment.
#
#   kernel/kernels.sh [--all] [--first|--names|--series]
#   kernel/kernels.sh --row KVER | --kbuild KVER | --machine KVER
#
# Without --all, only the host architecture's series (those this machine
# boots under KVM and builds without a cross compiler); --all adds every
# other architecture's, which are cross-built (kernel/build.sh) and booted
# under emulation.
#
# A host series' version is that of its metapackage when it is installed
# (the headers then are in /lib/modules/KVER/build), else the candidate in
# the package lists (its headers are fetched into kds's cache by
# kernel/kernel_tree.sh, never installed); a foreign series' is the
# candidate in that architecture's lists (kernel/apt_arch.sh). --first
# prints only the first series' KVER: the kernel single-kernel tools default
# to. --names prints every KVER on one line, as the tests name the kernels
# they covered. --series prints the series of SERIES below, one a line,
# in order, without asking apt. --row prints KVER's line (the host's series are looked up
# first, so a host kernel never reads another architecture's lists).
# --kbuild prints how Kbuild builds for KVER's architecture:
# "ARCH CROSS_COMPILE" (e.g. "arm64 aarch64-linux-gnu-"), nothing for the
# host's own. --machine prints the ELF machine (as readelf -h names it)
# of KVER's modules.
#
# Adding the next kernel: add its metapackage to SERIES (a new
# architecture: its line in KBUILD too), run ./bazelw test //...: the
# probes show what changed (kernel/kds_api_forms.h, kernel/probes/expected).
#
# Exit status: 0; 1 when a series cannot be resolved (no package lists:
# apt-get update), saying which.
set -euo pipefail
here=$(cd "$(dirname "$(readlink -f "${BASH_SOURCE[0]}")")" && pwd)

# ARCH SERIES METAPACKAGE (the metapackage's kernel must be of SERIES:
# checked when it is resolved)
SERIES=(
	"amd64 6.1 linux-headers-amd64"		# Debian 12's default kernel
	"amd64 6.12 linux-headers-6.12-amd64"	# Debian 12's second kernel, Debian 13's default
	"arm64 6.1 linux-headers-arm64"		# no ZONE_DEVICE
	"arm64 6.12 linux-headers-6.12-arm64"
	"i386 6.1 linux-headers-686-pae"	# 32-bit x86 with PAE (64-bit phys_addr_t)
)
# Debian ARCH, the kernel's ARCH, the cross compiler's prefix (Debian's
# gcc-<triplet> packages), the modules' ELF machine (readelf -h)
KBUILD=(
	"amd64 x86 x86_64-linux-gnu- Advanced Micro Devices X86-64"
	"arm64 arm64 aarch64-linux-gnu- AArch64"
	"i386 x86 i686-linux-gnu- Intel 80386"
)

host=$(dpkg --print-architecture)
first=0 names=0 all=0
while [ $# -gt 0 ]; do
	case $1 in
	--all) all=1 ;;
	--first) first=1 ;;
	--names) names=1 ;;
	--series)
		for line in "${SERIES[@]}"; do
			set -- $line
			echo "$2"
		done | awk '!seen[$0]++'
		exit 0 ;;
	--row)
		[ $# = 2 ] || { echo "usage: kernel/kernels.sh --row KVER" >&2; exit 2; }
		row=$("$0" | awk -v k="$2" '$1 == k')
		# Another architecture's lists are read only for a KVER of one of
		# its flavours (the metapackage's name without linux-headers- and
		# a series: arm64, 686-pae).
		if [ -z "$row" ]; then
			for line in "${SERIES[@]}"; do
				[ "${line%% *}" != "$host" ] || continue
				flavour=$(sed -E 's/^linux-headers-([0-9]+\.[0-9]+-)?//' <<<"${line##* }")
				case $2 in *-"$flavour") row=$("$0" --all | awk -v k="$2" '$1 == k'); break ;; esac
			done
		fi
		[ -n "$row" ] || { echo "kernels.sh: $2 is not a kernel kds supports" >&2; exit 1; }
		echo "$row"
		exit 0 ;;
	--kbuild | --machine)
		[ $# = 2 ] || { echo "usage: kernel/kernels.sh $1 KVER" >&2; exit 2; }
		arch=$("$0" --row "$2" | awk '{ print $3 }')
		[ -n "$arch" ] || { echo "kernels.sh: $2 is not a kernel kds supports" >&2; exit 1; }
		[ "$arch" != "$host" ] || [ "$1" = --machine ] || exit 0
		opt=$1
		for k in "${KBUILD[@]}"; do
			set -- $k
			[ "$1" = "$arch" ] || continue
			if [ "$opt" = --kbuild ]; then echo "$2 $3"; else shift 3; echo "$*"; fi
			exit 0
		done
		echo "kernels.sh: no Kbuild line for $arch (KBUILD)" >&2
		exit 1 ;;
	*) echo "usage: kernel/kernels.sh [--all] [--first|--names|--series] | --row KVER | --kbuild KVER | --machine KVER" >&2; exit 2 ;;
	esac
	shift
done

# installed PACKAGE: its version when installed.
installed() {
	local s
	s=$(dpkg-query -W -f='${db:Status-Abbrev}|${Version}' "$1" 2>/dev/null || true)
	case $s in "ii |"?*) echo "${s#ii |}" ;; esac
}

# of_series KVER SERIES: KVER is a kernel of SERIES (6.1.0-57-amd64 of 6.1).
of_series() {
	case $1 in "$2".*) return 0 ;; esac
	echo "kernels.sh: $1 is not a $2 kernel (SERIES names it $2)" >&2
	return 1
}

for line in "${SERIES[@]}"; do
	read -r arch series meta <<<"$line"
	[ "$all" = 1 ] || [ "$arch" = "$host" ] || continue
	if [ "$arch" != "$host" ]; then
		dep=$("$here/apt_arch.sh" "$arch" apt-cache depends "$meta" 2>/dev/null |
			sed -n 's/^ *Depends: \(linux-headers-[0-9][^ ]*\)$/\1/p' | head -n 1)
		[ -n "$dep" ] || { echo "kernels.sh: cannot resolve $meta for $arch (kernel/apt_arch.sh $arch apt-get update)" >&2; exit 1; }
		version=$("$here/apt_arch.sh" "$arch" apt-cache policy "$dep" 2>/dev/null | sed -n 's/^ *Candidate: //p')
		case $version in '' | '(none)') echo "kernels.sh: no version of $dep in the $arch package lists" >&2; exit 1 ;; esac
		of_series "${dep#linux-headers-}" "$series" || exit 1
		echo "${dep#linux-headers-} $version $arch"
		[ "$first" = 0 ] || exit 0
		continue
	fi
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
	of_series "$kver" "$series" || exit 1
	version=$(installed "$dep")
	if [ -z "$version" ]; then
		version=$(apt-cache policy "$dep" 2>/dev/null | sed -n 's/^ *Candidate: //p')
		case $version in '' | '(none)') echo "kernels.sh: no version of $dep in the package lists (apt-get update)" >&2; exit 1 ;; esac
	fi
	echo "$kver $version $arch"
	[ "$first" = 0 ] || exit 0
done | if [ "$first" = 1 ]; then
	cut -d' ' -f1
elif [ "$names" = 1 ]; then
	cut -d' ' -f1 | paste -sd ' '
else
	cat
fi
