#!/usr/bin/env bash
# apt_arch.sh - apt-get or apt-cache reading the package lists of one
# Debian architecture, without changing the host's apt configuration.
#
#   kernel/apt_arch.sh ARCH apt-get|apt-cache ARGS...
#
# For the host's own architecture (dpkg --print-architecture) this is the
# plain command. For another one (arm64, i386), the command runs with a
# private apt state in kds's cache, $KDS_CACHE_DIR/apt/ARCH: its own
# package lists, its own download cache, the host's sources copied, ARCH as
# the only architecture and an empty dpkg status, so nothing of the host's
# apt or dpkg state is read for packages or written. The lists are fetched
# (apt-get update, under a lock) when missing or older than a day.
#
# What the kernel tools use it for: kernel/kernels.sh resolves a foreign
# series' version, kernel/kernel_tree.sh downloads its headers and
# kernel/vm_kernel.sh its image with "apt-get download" (no root needed).
#
# Exit status: the command's; 1 when the lists cannot be fetched (apt-get
# update's output on stderr); 2 on a usage error.
set -euo pipefail
here=$(cd "$(dirname "$(readlink -f "${BASH_SOURCE[0]}")")" && pwd)
die() { echo "apt_arch.sh: $*" >&2; exit 2; }
[ $# -ge 2 ] || die "usage: kernel/apt_arch.sh ARCH apt-get|apt-cache ARGS..."
arch=$1 cmd=$2
shift 2
case $arch in '' | */* | .* | -*) die "not an architecture: '$arch'" ;; esac
case $cmd in apt-get | apt-cache) ;; *) die "runs apt-get or apt-cache, not '$cmd'" ;; esac
if [ "$arch" = "$(dpkg --print-architecture)" ]; then
	exec "$cmd" "$@"
fi

state=$("$here/cache_dir.sh")/apt/$arch
opts=(-o "APT::Architectures::=$arch" -o "APT::Architecture=$arch"
	-o "Dir::State::Lists=$state/lists" -o "Dir::Cache=$state/cache"
	-o "Dir::Etc::SourceList=$state/etc/sources.list"
	-o "Dir::Etc::SourceParts=$state/etc/sources.list.d"
	-o "Dir::State::status=/dev/null" -o "Debug::NoLocking=1")

# fresh: the lists were fetched less than a day ago.
fresh() { [ -n "$(find "$state/lists/.updated" -mmin -1440 2>/dev/null)" ]; }
if ! fresh; then
	mkdir -p "$state"
	exec 9>"$state/.lock"
	flock 9
	if ! fresh; then
		mkdir -p "$state/lists/partial" "$state/cache/archives/partial" "$state/etc/sources.list.d"
		rm -f "$state"/etc/sources.list.d/*
		: >"$state/etc/sources.list"
		[ ! -f /etc/apt/sources.list ] || cp /etc/apt/sources.list "$state/etc/sources.list"
		for f in /etc/apt/sources.list.d/*.list /etc/apt/sources.list.d/*.sources; do
			[ ! -f "$f" ] || cp "$f" "$state/etc/sources.list.d/"
		done
		# apt drops privileges to _apt for downloads.
		if [ "$(id -u)" = 0 ] && getent passwd _apt >/dev/null; then
			chown -R _apt "$state/lists/partial" "$state/cache/archives/partial"
		fi
		echo "apt_arch.sh: fetching the $arch package lists into $state (the host's apt state is not touched)" >&2
		if ! apt-get "${opts[@]}" -q update >"$state/update.log" 2>&1; then
			tail -n 20 "$state/update.log" >&2
			echo "apt_arch.sh: apt-get update for $arch failed" >&2
			exit 1
		fi
		touch "$state/lists/.updated"
	fi
	exec 9>&-
fi
exec "$cmd" "${opts[@]}" "$@"
