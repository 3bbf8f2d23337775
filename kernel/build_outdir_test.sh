#!/usr/bin/env bash
# build_outdir_test: kernel/build.sh replaces its OUTDIR as a whole, so it
# must delete only a folder it made. It builds into a folder that does not
# exist or is empty, and rebuilds one that carries its marker (.kds-build),
# removing what an earlier build left; it refuses a non-empty folder
# without the marker, a file and a symbolic link, with and without
# --layout, before it deletes or builds anything, and leaves them as they
# were. A kernel/dkms.sh or kernel/vendor.sh copy carries no marker.
# Every run but the refused ones uses --layout: no kernel is built.
set -uo pipefail
root=${TEST_SRCDIR:+$TEST_SRCDIR/kds}
root=${root:-$(cd "$(dirname "$(readlink -f "${BASH_SOURCE[0]}")")/.." && pwd)}
. "$root/testing/sh_lib.sh"
test_begin outdir
build() { "$root/kernel/build.sh" "$@" >"$tmp/out" 2>"$tmp/err"; }

# A new folder: made, laid out, marked.
if build --layout "$tmp/new"; then
	[ -f "$tmp/new/.kds-build" ] || bad "no marker in a folder build.sh made"
	[ -f "$tmp/new/Kbuild" ] && [ -f "$tmp/new/kds/components.h" ] ||
		bad "build.sh --layout left no Kbuild or kds/components.h"
	[ "$(tail -n 1 "$tmp/out")" = "$tmp/new" ] || bad "build.sh printed '$(tail -n 1 "$tmp/out")', not $tmp/new"
	ok "a new folder is made and marked"
else
	bad "build.sh refused a new folder: $(head -c 2000 "$tmp/err")"
fi

# Its own folder again: replaced, what the last build left is gone.
echo stale >"$tmp/new/stale.c"
if build --layout "$tmp/new"; then
	[ ! -e "$tmp/new/stale.c" ] || bad "a rebuild kept a file of the earlier build"
	[ -f "$tmp/new/.kds-build" ] || bad "no marker after a rebuild"
	ok "a folder with the marker is rebuilt from scratch"
else
	bad "build.sh refused its own folder: $(head -c 2000 "$tmp/err")"
fi

# An empty folder: taken.
mkdir "$tmp/empty"
if build --layout "$tmp/empty"; then
	[ -f "$tmp/empty/.kds-build" ] || bad "no marker in a folder that was empty"
	ok "an empty folder is taken"
else
	bad "build.sh refused an empty folder: $(head -c 2000 "$tmp/err")"
fi

# refused WHAT PATH ARGS...: build.sh ARGS PATH fails, says why, and PATH's
# listing (names, sizes, contents' checksums) is unchanged.
snapshot() { (cd "$1" 2>/dev/null && find . -exec ls -ld --time-style=+ {} + | awk '{ $6 = ""; print }' | sort
	find . -type f -exec md5sum {} + | sort) || ls -ld "$1"; }
refused() {
	local what=$1 path=$2
	shift 2
	local before
	local rc=0
	before=$(snapshot "$path")
	build "$@" "$path" || rc=$?
	if [ "$(snapshot "$path")" != "$before" ]; then
		bad "build.sh${*:+ $*} deleted or changed $what (exit $rc)"
	elif [ "$rc" = 0 ]; then
		bad "build.sh${*:+ $*} accepted $what"
	elif ! grep -q "refusing" "$tmp/err"; then
		bad "build.sh${*:+ $*} refused $what without saying why: $(head -c 2000 "$tmp/err")"
	else
		ok "build.sh${*:+ $*} refuses $what: $(head -n 1 "$tmp/err")"
	fi
}

# A folder someone else owns: kept, in both modes (the plain build refuses
# before it looks for a kernel).
mkdir -p "$tmp/home/.config" "$tmp/home/src"
echo precious >"$tmp/home/notes.txt"
echo config >"$tmp/home/.config/app"
echo 'int main(void) { return 0; }' >"$tmp/home/src/main.c"
refused "a non-empty folder without the marker" "$tmp/home" --layout
refused "a non-empty folder without the marker" "$tmp/home"
refused "a non-empty folder without the marker" "$tmp/home" --tests --sample
# Only hidden files: still not empty.
mkdir "$tmp/dotonly"
echo x >"$tmp/dotonly/.profile"
refused "a folder holding only a hidden file" "$tmp/dotonly" --layout
# A marker elsewhere in the folder does not count.
mkdir -p "$tmp/deep/sub"
echo x >"$tmp/deep/sub/.kds-build"
echo keep >"$tmp/deep/keep"
refused "a folder whose marker is in a subfolder" "$tmp/deep" --layout
# Not a folder.
echo data >"$tmp/file"
refused "a file" "$tmp/file" --layout
ln -s "$tmp/new" "$tmp/link"
refused "a symbolic link" "$tmp/link" --layout
[ -f "$tmp/new/.kds-build" ] || bad "the folder behind the refused link lost its marker"

# The trees shipped from the layout carry no marker.
if dkms=$("$root/kernel/dkms.sh" "$tmp" 2>"$tmp/err"); then
	[ ! -e "$dkms/.kds-build" ] || bad "kernel/dkms.sh's tree carries build.sh's marker"
	[ -f "$dkms/dkms.conf" ] || bad "kernel/dkms.sh made no dkms.conf"
	ok "the dkms tree carries no marker"
else
	bad "kernel/dkms.sh failed: $(head -c 2000 "$tmp/err")"
fi
# vendor.sh into the smallest tree it takes (top-level Makefile and
# Kconfig, lib/ with its own): no marker in lib/kds.
mkdir -p "$tmp/linux/lib"
echo 'VERSION = 6' >"$tmp/linux/Makefile"
touch "$tmp/linux/Kconfig" "$tmp/linux/lib/Kconfig" "$tmp/linux/lib/Makefile"
if "$root/kernel/vendor.sh" "$tmp/linux" >"$tmp/out" 2>"$tmp/err"; then
	[ -f "$tmp/linux/lib/kds/.kds-vendored" ] || bad "kernel/vendor.sh left no .kds-vendored"
	[ ! -e "$tmp/linux/lib/kds/.kds-build" ] || bad "kernel/vendor.sh's copy carries build.sh's marker"
	ok "the vendored copy carries no marker"
else
	bad "kernel/vendor.sh failed: $(head -c 2000 "$tmp/err")"
fi
exit $fail
