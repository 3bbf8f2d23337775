#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
#
# The VM runner must fail a run with planted faults and name each one:
# kds_test.ko loaded with inject=fail,leak,warn fails a case, WARNs outside
# an expect-warning bracket and leaks an allocation until unload.
#
# The VM gets 5 GiB here (KDS_VM_MEM, unless set): the real suites, which
# must still pass, then see RAM above 4 GiB and an active swiotlb, so the
# DMA cross-check covers a second platform (//kernel:vm_test uses 512 MiB).
set -uo pipefail
here=$(cd "$(dirname "$(readlink -f "${BASH_SOURCE[0]}")")" && pwd)
if [ -n "${TEST_SRCDIR:-}" ]; then
	here="$TEST_SRCDIR/kds/kernel/vm"
fi
out=$(mktemp "${TEST_TMPDIR:-/tmp}/kds-faults.XXXXXX")
trap 'rm -f "$out"' EXIT

KDS_VM_MEM=${KDS_VM_MEM:-5G} "$here/run.sh" --inject fail,leak,warn >"$out" 2>&1
rc=$?
fail=0
if [ "$rc" != 1 ]; then
	echo "FAIL: run.sh exited $rc with planted faults (want 1)"
	fail=1
fi
for want in 'not ok: kds_injected\.injected_failure' \
	'not ok: kds_injected$' \
	'kernel warning: WARNING: .*injected\.c' \
	'leak: kds_test: 1 allocation\(s\) leaked at unload' \
	'^ok [0-9]+ kds_port$' \
	'^ok [0-9]+ kds_genradix_vs_linux$' \
	'^ok [0-9]+ kds_dma_vs_linux$' \
	'facts: .*swiotlb 1'; do
	if grep -qE -- "$want" "$out"; then
		echo "ok: found /$want/"
	else
		echo "FAIL: the run's report lacks /$want/"
		fail=1
	fi
done
if [ "$fail" != 0 ]; then
	echo "---- run.sh output"
	cat "$out"
fi
exit $fail
