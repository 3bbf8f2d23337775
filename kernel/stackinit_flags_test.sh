#!/usr/bin/env bash
# stackinit_flags_test: the kernel kds.ko is built for zero-initialises every
# stack variable of every module object. Debian's 6.1 config sets
# CONFIG_INIT_STACK_ALL_ZERO, so the kernel's own Makefile adds
# -ftrivial-auto-var-init=zero to KBUILD_CFLAGS; this test builds a module
# with kds's Kbuild flags against the installed headers (V=1) and checks
# that the compiler really received the flag. The run-time proof is the
# stackinit cases (kernel/tests/stackinit.c) in kds_test.ko.
set -euo pipefail
root=$(cd "$(dirname "$(readlink -f "${BASH_SOURCE[0]}")")/.." && pwd)
if [ -n "${TEST_SRCDIR:-}" ]; then
	root="$TEST_SRCDIR/kds"
fi
kver=$("$root/kernel/kver.sh" --headers-only)
kdir=/lib/modules/$kver/build
tmp=$(mktemp -d "${TEST_TMPDIR:-/tmp}/kds-stackinit.XXXXXX")
trap 'rm -rf "$tmp"' EXIT

if ! grep -qx 'CONFIG_INIT_STACK_ALL_ZERO=y' "$kdir/include/config/auto.conf"; then
	echo "FAIL: $kver is not configured with CONFIG_INIT_STACK_ALL_ZERO=y;"
	echo "      kernel/Kbuild must add ccflags-y += -ftrivial-auto-var-init=zero"
	exit 1
fi

mkdir -p "$tmp/m/kernel" "$tmp/m/kds"
cp "$root/kernel/kds_port.h" "$tmp/m/kernel/"
cp "$root"/kds/*.h "$tmp/m/kds/"	# the port builds on <kds/types.h>
cat >"$tmp/m/probe.c" <<'C'
// SPDX-License-Identifier: GPL-2.0
#include <linux/module.h>
#include "kds_port.h"
static int __init kds_probe_init(void) { return 0; }
module_init(kds_probe_init);
MODULE_LICENSE("GPL");
C
cat >"$tmp/m/Kbuild" <<'K'
obj-m := kds_probe.o
kds_probe-y := probe.o
ccflags-y := -I$(src)/kernel -I$(src)
K
make -C "$kdir" M="$tmp/m" V=1 modules >"$tmp/build.log" 2>&1 || {
	cat "$tmp/build.log"; echo "FAIL: the probe module did not build"; exit 1; }
line=$(grep -E 'gcc.* -c -o .*probe\.o .*probe\.c' "$tmp/build.log" | head -n 1 || true)
if [ -z "$line" ]; then
	cat "$tmp/build.log"; echo "FAIL: no compiler command for probe.c in the V=1 log"; exit 1
fi
if ! grep -q -- '-ftrivial-auto-var-init=zero' <<<"$line"; then
	echo "$line"; echo "FAIL: module objects are compiled without -ftrivial-auto-var-init=zero"; exit 1
fi
echo "ok: $kver compiles module objects with -ftrivial-auto-var-init=zero (CONFIG_INIT_STACK_ALL_ZERO=y)"
