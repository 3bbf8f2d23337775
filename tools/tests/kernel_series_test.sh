#!/usr/bin/env bash
# kernel_series_test.sh CHECKER README - the kernel series have one home
# (tools/kernel_series.py over the source tree README belongs to), and the
# check fails on each fault it exists for, planted in a copy of the files
# that name series: a series kernels.sh does not list, a pinned kernel
# release, a series without its probe answers, a series added to
# kernels.sh alone.
set -uo pipefail
[ $# -eq 2 ] || { echo "usage: $0 CHECKER README" >&2; exit 2; }
checker=$1
root=$(dirname "$(readlink -f "$2")")
tmp=${TEST_TMPDIR:-$(mktemp -d)}
errors=0
fail() { echo "FAIL: $*"; errors=$((errors + 1)); }
[ -f "$root/kernel/kernels.sh" ] || { echo "FAIL: $root is not the source tree"; exit 1; }

if python3 "$checker" "$root" >"$tmp/real.txt" 2>&1; then
	echo "ok: $(cat "$tmp/real.txt")"
else
	fail "the tree names kernel series outside kernel/kernels.sh:"
	head -n 20 "$tmp/real.txt" | sed 's/^/    /'
fi

# fake: a copy of every file that names a series, which must pass as the
# tree does before a fault is planted in it.
fake() {
	rm -rf "$tmp/fake"
	mkdir -p "$tmp/fake/kernel/probes" "$tmp/fake/kernel/vm"
	cp "$root/bazelw" "$root/WORKSPACE" "$tmp/fake/"
	cp "$root/kernel/kernels.sh" "$root/kernel/BUILD" "$tmp/fake/kernel/"
	cp "$root/kernel/probes/expected" "$tmp/fake/kernel/probes/"
	cp "$root/kernel/vm/debug_kernel_key.sh" "$tmp/fake/kernel/vm/"
	cp -r "$root/kernel/vm/linux_differs" "$tmp/fake/kernel/vm/"
}
# planted WHAT PATTERN: the check fails on the fake tree, saying PATTERN.
planted() {
	if python3 "$checker" "$tmp/fake" >"$tmp/out" 2>&1; then
		fail "$1: the check passed"
	elif ! grep -qE "$2" "$tmp/out"; then
		fail "$1: the check failed without /$2/:"
		head -n 5 "$tmp/out" | sed 's/^/    /'
	else
		echo "ok: $1 fails: $(grep -m1 -E "$2" "$tmp/out")"
	fi
}

fake
python3 "$checker" "$tmp/fake" >"$tmp/out" 2>&1 || { fail "the unplanted copy fails:"; head -n 5 "$tmp/out"; }

fake
sed -i 's/^\(\tlinux-source-6\.12\t.*\)$/\1\n\tlinux-source-6.6/' "$tmp/fake/bazelw"
planted "a linux-source package of a series kernels.sh does not list" \
	'^bazelw:[0-9]+: names series 6\.6 \(linux-source-6\.6\)'

fake
# not-a-series: the plant below
printf '#!/bin/sh\nexec kernel/build.sh 6.1.0-57-amd64\n' >"$tmp/fake/kernel/pinned.sh"
planted "a pinned kernel release" '^kernel/pinned\.sh:2: pins kernel version 6\.1\.0-57-amd64'

fake
sed -i '/^6\.12\./d' "$tmp/fake/kernel/probes/expected"
planted "a series without its probe answers" '^kernel/probes/expected: no row for 6\.12'

fake
# not-a-series: the plant below
sed -i 's/^\(\t"amd64 6\.12 linux-headers-6\.12-amd64"\)/\1\n\t"amd64 6.6 linux-headers-6.6-amd64"/' "$tmp/fake/kernel/kernels.sh"
planted "a series added to kernels.sh alone" '^bazelw: does not install linux-source-6\.6'

fake
printf 'variant=kasan\nseries=6.9\n' >>"$tmp/fake/kernel/vm/debug_kernel_key.sh"
planted "a debug kernel built from a series kernels.sh does not list" \
	'^kernel/vm/debug_kernel_key\.sh:[0-9]+: names series 6\.9 \(series=6\.9\)'

if [ "$errors" -gt 0 ]; then
	echo "$errors failure(s)"
	exit 1
fi
echo "kernel series: one home, every planted fault caught"
