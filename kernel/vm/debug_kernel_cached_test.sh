#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
#
# debug_kernel_cached_test: debug_kernel_cached.sh names the folder
# debug_kernel.sh builds into and reads from, and never builds. On a cache
# of its own with a made-up source tarball (KDS_CACHE_DIR,
# KDS_LINUX_SOURCE; no kernel is built: the made-up tree has no Makefile,
# so debug_kernel.sh stops at its first make after naming its folder):
#   - with nothing cached, debug_kernel_cached.sh kcsan exits 1 naming a
#     folder, and makes nothing in the cache;
#   - debug_kernel.sh kcsan, starting a build, names the same folder;
#   - with a kernel.release in that folder, debug_kernel_cached.sh prints
#     it and exits 0, and debug_kernel.sh prints it without building;
#   - that kcsan folder does not count for kasan; an unknown configuration
#     is refused.
set -uo pipefail
here=${TEST_SRCDIR:+$TEST_SRCDIR/kds/kernel/vm}
here=${here:-$(cd "$(dirname "$(readlink -f "${BASH_SOURCE[0]}")")" && pwd)}
. "$here/../../testing/sh_lib.sh"
test_begin debug-cached

mkdir -p "$tmp/src/linux-made-up"
echo "not a kernel" >"$tmp/src/linux-made-up/README"
tar -cJf "$tmp/linux.tar.xz" -C "$tmp/src" linux-made-up
export KDS_CACHE_DIR=$tmp/cache KDS_LINUX_SOURCE=$tmp/linux.tar.xz KDS_DEBUG_KERNEL_JOBS=1
cached() { "$here/debug_kernel_cached.sh" "$@" >"$tmp/out" 2>"$tmp/err"; }

rc=0
cached kcsan || rc=$?
asked=$(sed -n 's/^debug_kernel_cached.sh: no kcsan debug kernel built at \([^ ]*\) .*/\1/p' "$tmp/err")
if [ "$rc" != 1 ] || [ -s "$tmp/out" ] || [ -z "$asked" ]; then
	bad "nothing cached: status $rc (want 1), printed '$(shows "$tmp/out")', said '$(shows "$tmp/err")'"
elif [ -n "$(find "$KDS_CACHE_DIR" -mindepth 1 2>/dev/null)" ]; then
	bad "debug_kernel_cached.sh made something in the cache: $(find "$KDS_CACHE_DIR" | head -n 5)"
else
	ok "nothing cached: exits 1 naming $asked"
fi

rc=0
"$here/debug_kernel.sh" kcsan >"$tmp/build.out" 2>"$tmp/build.err" || rc=$?
built=$(sed -n 's/^debug_kernel.sh: building the kcsan debug kernel into \([^ ]*\) .*/\1/p' "$tmp/build.err")
if [ -z "$built" ]; then
	bad "debug_kernel.sh kcsan (status $rc) named no folder: $(shows "$tmp/build.err")"
elif [ "$rc" = 0 ]; then
	bad "debug_kernel.sh built something from a made-up tarball: $(shows "$tmp/build.out")"
elif [ "$built" != "$asked" ]; then
	bad "debug_kernel.sh builds into $built, debug_kernel_cached.sh looks in $asked (the keys differ)"
else
	ok "debug_kernel.sh builds into the same folder"
fi

if [ -n "$built" ]; then
	mkdir -p "$built"
	echo 6.1.0-made-up >"$built/kernel.release"
	if cached kcsan && [ "$(cat "$tmp/out")" = "$built" ]; then
		ok "cached: debug_kernel_cached.sh prints $built"
	else
		bad "cached: debug_kernel_cached.sh printed '$(shows "$tmp/out")', said '$(shows "$tmp/err")'"
	fi
	if "$here/debug_kernel.sh" kcsan >"$tmp/build.out" 2>"$tmp/build.err" &&
		[ "$(cat "$tmp/build.out")" = "$built" ] && ! grep -q building "$tmp/build.err"; then
		ok "debug_kernel.sh takes the same folder as built"
	else
		bad "debug_kernel.sh with $built complete: '$(shows "$tmp/build.out")' '$(shows "$tmp/build.err")'"
	fi
	rc=0
	cached kasan || rc=$?
	[ "$rc" = 1 ] && [ ! -s "$tmp/out" ] || bad "the kcsan kernel counted for kasan: status $rc, '$(shows "$tmp/out")'"
fi
rc=0
cached kmsan || rc=$?
if [ "$rc" = 2 ] && grep -q "unknown configuration 'kmsan'" "$tmp/err"; then
	ok "an unknown configuration is refused"
else
	bad "kmsan: status $rc, '$(shows "$tmp/err")'"
fi
exit $fail
