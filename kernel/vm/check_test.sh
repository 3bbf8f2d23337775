#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
#
# Test of kernel/vm/check.awk without a VM: a recorded passing console log
# (testdata/pass.log) passes, and each way the console can go wrong (the
# init script's failures, kernel warnings, oopses, leaks, the debug
# kernel's checkers), applied to a copy of it, fails with the matching
# problem.
#
# check_test.sh --kunit tests kernel/vm/ktap_parse.sh, the one judge of the
# KTAP structure (the kernel's kunit.py parser and kds's rules on its
# tree), the same way: it accepts the passing log and rejects each
# structural fault (a failed case or suite, a missing, misnumbered or
# cut-off result, a missing or empty plan, a second document, bad
# indentation, a skip for want of a reference) and extracts the KTAP; a
# missing log is a setup error.
set -euo pipefail
here=$(cd "$(dirname "$(readlink -f "${BASH_SOURCE[0]}")")" && pwd)
if [ -n "${TEST_SRCDIR:-}" ]; then
	here="$TEST_SRCDIR/kds/kernel/vm"
fi
check=$here/check.awk
good=$here/testdata/pass.log
# Variables for check.awk (-v NAME=VALUE), set by a case that needs them.
vars=()
judge() { awk ${vars[@]+"${vars[@]}"} -f "$check" "$1"; }
if [ "${1:-}" = --kunit ]; then
	judge() { "$here/ktap_parse.sh" "$1" 2>&1; }
fi
tmp=$(mktemp -d "${TEST_TMPDIR:-/tmp}/kds-check.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
failures=0

# expect NAME STATUS PATTERN: the mutated log $tmp/log must give exit
# STATUS and a report matching PATTERN.
expect() {
	local name=$1 want=$2 pattern=$3 rc=0
	judge "$tmp/log" >"$tmp/report" || rc=$?
	if [ "$rc" != "$want" ] || ! grep -qE -- "$pattern" "$tmp/report"; then
		echo "FAIL: $name: exit $rc (want $want), report:"
		head -n 40 "$tmp/report" | sed 's/^/    /'
		failures=$((failures + 1))
	else
		echo "ok: $name"
	fi
}

# mutate NAME STATUS PATTERN SED-SCRIPT
mutate() {
	sed -e "$4" "$good" >"$tmp/log"
	expect "$1" "$2" "$3"
}

if [ "${1:-}" = --kunit ]; then
	# The KTAP structure: kunit.py's verdict (its summary) and kds's rules
	# on its tree ("kds-vm: problem: ..." lines).
	cp "$good" "$tmp/log"
	expect "the recorded passing log: kunit.py's verdict" 0 \
		'Testing complete\. Ran 13 tests: passed: 12, skipped: 1$'
	expect "the recorded passing log: kds's verdict" 0 \
		'^kds-vm: ktap: PASS: 2 suite\(s\), 12 case\(s\), 0 failed, 1 skipped$'
	sed 's/$/\r/' "$good" >"$tmp/log"
	expect "CRLF line ends" 0 'Ran 13 tests: passed: 12, skipped: 1$'
	mutate "a failed case: kunit.py's verdict" 1 '\[FAILED\] port_bit_math' \
		's/    ok 4 port_bit_math/    not ok 4 port_bit_math/'
	expect "a failed case: named" 1 '^kds-vm: problem: not ok: kds_port\.port_bit_math$'
	# kunit.py counts cases only: a suite reported "not ok" over passing
	# cases passes it; kds's rule fails it.
	mutate "a failed suite" 1 '^kds-vm: problem: not ok: kds_port$' \
		's/\] ok 1 kds_port/] not ok 1 kds_port/'
	mutate "a case missing from a subtest: kunit.py's verdict" 1 'kds_port: missing expected subtest' \
		'/ok 7 port_sysfs_streq/d; s/ok 8 port_list/ok 7 port_list/; s/ok 9 port_ref/ok 8 port_ref/; s/ok 10 port_ref/ok 9 port_ref/; s/ok 11 port_at/ok 10 port_at/; s/ok 12 port_locks/ok 11 port_locks/'
	expect "a case missing from a subtest: counted" 1 'problem: KTAP: subtest kds_port ran 11 of 12 planned$'
	mutate "results out of order" 1 'Expected test number 5 but found 6' \
		'/ok 5 port_arith/d'
	# A misnumbered result with every case present: kunit.py prints an
	# [ERROR] and passes the log; kds's rule fails it.
	mutate "a misnumbered result" 1 "problem: KTAP: kunit's parser reported 1 error" \
		's/    ok 5 port_arith/    ok 15 port_arith/'
	mutate "a short top-level plan" 1 'problem: KTAP: the top level ran 1 of 2 planned$' \
		'/ok 2 kds_injected/d'
	mutate "no plan" 1 'problem: KTAP: the top level has no plan$' \
		'/\] 1\.\.2$/d'
	mutate "no plan in a subtest" 1 'problem: KTAP: subtest kds_port has no plan$' \
		'/\]     1\.\.12$/d'
	mutate "an empty top-level plan" 1 'problem: KTAP: empty top-level plan$' \
		's/\] 1\.\.2$/] 1..0/'
	mutate "no KTAP at all" 1 'could not find any KTAP output' \
		'/KTAP version 1/d'
	expect "no KTAP at all: kds's verdict" 1 '^kds-vm: problem: kunit\.py parse rejects the KTAP'
	mutate "a second KTAP document" 1 'problem: KTAP: a second KTAP document' \
		's/^\(.*kds_test: 0 suite(s) failed\)$/\1\nKTAP version 1/'
	mutate "a cut-off subtest: kunit.py's verdict" 1 'missing expected subtest' \
		'/ok 11 port_atomics/,$d'
	expect "a cut-off subtest: counted" 1 'problem: KTAP: subtest kds_port ran 10 of 12 planned$'
	mutate "mis-indented KTAP" 1 'problem: KTAP: result "ok 3 port_node_alloc_aligned_zeroed" indented 2 spaces, not 4$' \
		's/    ok 3 port_node/  ok 3 port_node/'

	# A suite may skip only for a reason of the build or the runner; a
	# cross-check skipped for want of its reference in the guest fails.
	mutate "a suite skipped for want of the kernel's reference" 1 \
		"problem: skipped: kds_injected # SKIP the kernel's device_dax driver is not loaded" \
		"s/# SKIP no fault injected/# SKIP the kernel's device_dax driver is not loaded/"
	mutate "a suite skipped for want of kds.ko's bus" 1 'problem: skipped: kds_injected # SKIP kds.ko' \
		"s/# SKIP no fault injected/# SKIP kds.ko (with its kds_dax bus) is not loaded/"
	mutate "a suite whose component is not part of the build" 0 '^kds-vm: ktap: PASS: .* 1 skipped$' \
		"s/# SKIP no fault injected/# SKIP dax_bus is not part of this build/"

	# Extraction (--ktap) keeps exactly the KTAP document.
	"$here/ktap_parse.sh" --ktap "$tmp/ktap" "$good" >/dev/null 2>&1 || true
	if [ "$(head -n 1 "$tmp/ktap")" = "KTAP version 1" ] && [ "$(wc -l <"$tmp/ktap")" = 19 ] &&
		[ "$(tail -n 1 "$tmp/ktap")" = "ok 2 kds_injected # SKIP no fault injected" ]; then
		echo "ok: extraction"
	else
		echo "FAIL: extraction:"; head -n 40 "$tmp/ktap"; failures=$((failures + 1))
	fi

	rm -f "$tmp/log"
	expect "a missing log" 2 'cannot read'
	[ "$failures" = 0 ] || { echo "$failures case(s) failed"; exit 1; }
	echo "all cases passed"
	exit 0
fi

# The console: the init script's verdicts and the kernel's reports.
cp "$good" "$tmp/log"
expect "the recorded passing log passes" 0 '^kds-vm: console: PASS: 1 expected warning line\(s\), 2 clean unload\(s\)$'

# Console lines with carriage returns (raw serial) parse the same.
sed 's/$/\r/' "$good" >"$tmp/log"
expect "CRLF line ends" 0 '^kds-vm: console: PASS'

mutate "a warning outside the bracket" 1 'kernel warning: WARNING: CPU: 0 PID: 90 at mm/slab' \
	's/^\(.*kds: loaded\)$/\1\n[    3.64] WARNING: CPU: 0 PID: 90 at mm\/slab.c:1 x+0x1\/0x2/'
mutate "a bracket with no warning in it" 1 'expect-warning bracket with no kernel warning in it: port_refcount_saturation: refcount_t:' \
	'/expect-warning begin/,/expect-warning end/{/WARNING:/d}'
mutate "another warning inside a bracket" 1 'kernel warning not the one its bracket names \(port_refcount_saturation: refcount_t:\): WARNING: CPU: 0 PID: 90 at dax_bus/region.c' \
	's/^\(.*kds_test: expect-warning begin.*\)$/\1\n[    3.64] ------------[ cut here ]------------\n[    3.64] WARNING: CPU: 0 PID: 90 at dax_bus\/region.c:1 x+0x1\/0x2/'
mutate "the bracket's warning with its message missing" 1 'kernel warning not the one its bracket names' \
	'/refcount_t: addition on 0/d'
mutate "an unclosed bracket" 1 'never closed|call trace' \
	'/expect-warning end/d'
mutate "an oops" 1 'kernel error: .*Oops' \
	's/^\(.*kds: loaded\)$/\1\n[    3.64] Oops: 0000 [#1] PREEMPT SMP NOPTI/'
mutate "a BUG" 1 'kernel error: BUG: unable' \
	's/^\(.*kds: loaded\)$/\1\n[    3.64] BUG: unable to handle page fault for address: 0000000000000008/'
mutate "DEBUG: is not a BUG" 0 '^kds-vm: console: PASS' \
	's/^\(.*kds: loaded\)$/\1\n[    3.64] DEBUG: something harmless/'
mutate "a panic" 1 'kernel error: Kernel panic' \
	's/^\(.*kds: loaded\)$/\1\n[    3.64] Kernel panic - not syncing: Fatal exception/'
mutate "a stray call trace" 1 'call trace' \
	's/^\(.*kds: loaded\)$/\1\n[    3.64] Call Trace:/'
mutate "a leak at unload" 1 'leak: kds_test: 1 allocation\(s\) leaked' \
	's/kds_test: unloaded, no allocation outstanding/kds_test: 1 allocation(s) leaked at unload/'
mutate "a missing unload" 1 'only 1 of 2 module unload' \
	'/kds: unloaded, no allocation outstanding/d'
mutate "an init step failure" 1 'init: kds-vm: FAIL: rmmod kds_test' \
	's/^kds-vm: done$/kds-vm: FAIL: rmmod kds_test\nkds-vm: done/'
mutate "a failed sysfs check" 1 'sysfs: not ok 3 dax7.0 bound' \
	's/^kds-vm: done$/kds-vm: sysfs: ok 1 create region 7\nkds-vm: sysfs: not ok 3 dax7.0 bound to the default driver\nkds-vm: done/'
mutate "a failed sample driver check" 1 'sample: kds_sample: FAIL: line 9' \
	's/^kds-vm: done$/[    3.70] kds_sample: FAIL: line 9: p != NULL\nkds-vm: done/'
mutate "a kds message naming a physical address" 1 "kds.ko's log names a physical address: kds dax: dax14.0: 0x10000000" \
	's/^\(.*kds: loaded\)$/\1\n[    3.64] kds dax: dax14.0: 0x10000000 reserved/'
mutate "a kds device message naming a bare range" 1 "kds.ko's log names a physical address: kds_device_dax dax14.0" \
	's/^\(.*kds: loaded\)$/\1\n[    3.64] kds_device_dax dax14.0: 10000000-17ffffff pinned/'
mutate "the test module's addresses are its own" 0 '^kds-vm: console: PASS' \
	's/^\(.*kds: loaded\)$/\1\n[    3.64] kds_test: region at 0x700000000/'
mutate "init never finished" 1 'did not finish' \
	'/^kds-vm: done$/d'
mutate "init never started" 1 'never started' \
	'/^kds-vm: init start/d'

# Debug-kernel reports (kernel/vm/debug_kernel.sh): lockdep even inside an
# expect-warning bracket; kmemleak only when the backtrace names a kds
# module or an unloaded module's address.
mutate "lockdep inside a bracket" 1 'checker: .*possible circular locking dependency' \
	's/^\(.*kds_test: expect-warning begin.*\)$/\1\n[    3.64] WARNING: possible circular locking dependency detected/'
mutate "sleeping in atomic context" 1 'checker: BUG: sleeping function called from invalid context' \
	's/^\(.*kds: loaded\)$/\1\n[    3.64] BUG: sleeping function called from invalid context at mm\/slab.h:1/'
mutate "list corruption" 1 'checker: .*list_add corruption' \
	's/^\(.*kds: loaded\)$/\1\n[    3.64] list_add corruption. next->prev should be prev/'
# KCSAN: a report whose stacks name a kds module fails; one with no kds
# frame is the kernel's own (listed, not failed); one never closed fails.
kcsan_report() { # HEAD FRAME: a report as 6.1 prints it, after "kds: loaded"
	printf 's/^\\(.*kds: loaded\\)$/\\1\\n[    3.63] ==================================================================\\n[    3.64] BUG: KCSAN: %s\\n[    3.64] \\n[    3.64] write to 0xffff888003f1c008 of 8 bytes by task 95 on cpu 1:\\n[    3.64]  %s\\n[    3.64]  kthread+0x1b4\\/0x1e0\\n[    3.64] \\n[    3.64] read (marked) to 0xffff888003f1c008 of 8 bytes by task 96 on cpu 0:\\n[    3.64]  rcu_all_qs+0x2a\\/0x100\\n[    3.64] \\n[    3.64] Reported by Kernel Concurrency Sanitizer on:\\n[    3.64] CPU: 0 PID: 96 Comm: kds_grc\\/3 Not tainted 6.1.192 #1\\n[    3.65] ==================================================================/' "$1" "$2"
}
mutate "a KCSAN race in kds's code" 1 'checker: BUG: KCSAN: data-race in kds_genradix_grow / kds_genradix_ptr' \
	"$(kcsan_report 'data-race in kds_genradix_grow \/ kds_genradix_ptr' 'kds_genradix_grow+0x1c0\/0x2f0 [kds_test]')"
mutate "a KCSAN race with kds's module deeper in the stack" 1 'checker: BUG: KCSAN: data-race in a / b' \
	"$(kcsan_report 'data-race in a \/ b' 'kds_faults_race_fn+0x31\/0x70 [kds_faults]')"
mutate "a KCSAN race of the kernel's own" 0 "^kds-vm: the kernel's own race \\(no kds frame\\): BUG: KCSAN: data-race in rcu_all_qs / rcu_report_qs_rdp" \
	"$(kcsan_report 'data-race in rcu_all_qs \/ rcu_report_qs_rdp' 'rcu_report_qs_rdp+0x2c7\/0x340')"
mutate "a KCSAN report cut off" 1 'checker: a KCSAN report cut off: BUG: KCSAN: data-race in a / b' \
	's/^\(.*kds: loaded\)$/\1\n[    3.64] BUG: KCSAN: data-race in a \/ b/'
mutate "a kmemleak report naming kds" 1 'kmemleak: unreferenced object 0xffff8880 \(size 64\): from kds_dax_glue_reserve\+0x1\/0x2 \[kds\]' \
	's/^kds-vm: done$/kds-vm: kmemleak: unreferenced object 0xffff8880 (size 64):\nkds-vm: kmemleak:   backtrace:\nkds-vm: kmemleak:     [<ffffffff81234567>] kmalloc_trace+0x1\/0x2\nkds-vm: kmemleak:     [<(____ptrval____)>] kds_dax_glue_reserve+0x1\/0x2 [kds]\nkds-vm: done/'
mutate "a kmemleak report naming kds, 6.12's format (no addresses)" 1 'kmemleak: unreferenced object 0xffff8880 \(size 64\): from kds_faults_leak\+0x31\/0x70 \[kds_faults\]' \
	's/^kds-vm: done$/kds-vm: kmemleak: unreferenced object 0xffff8880 (size 64):\nkds-vm: kmemleak:   comm "insmod", pid 1245, jiffies 4294955284\nkds-vm: kmemleak:   hex dump (first 32 bytes):\nkds-vm: kmemleak:     6b 6b 6b 6b 6b 6b 6b 6b 6b 6b 6b 6b 6b 6b 6b 6b  kkkkkkkkkkkkkkkk\nkds-vm: kmemleak:   backtrace (crc 445b551b):\nkds-vm: kmemleak:     __kmalloc_cache_noprof+0x1ed\/0x310\nkds-vm: kmemleak:     kds_faults_leak+0x31\/0x70 [kds_faults]\nkds-vm: kmemleak:     0xffffffffa001805d\nkds-vm: done/'
mutate "a kmemleak report from an unloaded module" 1 'kmemleak: unreferenced object 0xffff8880 \(size 32\): from 0xffffffffc0012345' \
	's/^kds-vm: done$/kds-vm: kmemleak: unreferenced object 0xffff8880 (size 32):\nkds-vm: kmemleak:     [<ffffffff81234567>] kmalloc_trace+0x1\/0x2\nkds-vm: kmemleak:     [<ffffffffc0012345>] 0xffffffffc0012345\nkds-vm: done/'
mutate "a kmemleak report of the kernel's own while kds.ko is loaded" 0 '^kds-vm: console: PASS' \
	's/^kds-vm: done$/kds-vm: kmemleak: begin loaded\nkds-vm: kmemleak: unreferenced object 0xffff8880 (size 32):\nkds-vm: kmemleak:     [<ffffffff81234567>] kmalloc_trace+0x1\/0x2\nkds-vm: kmemleak:     [<ffffffff81234599>] acpi_init+0x1\/0x2\nkds-vm: kmemleak: summary 0 naming a kds module, 1 other(s)\nkds-vm: kmemleak: end loaded\nkds-vm: done/'

# kmemleak itself (kernel/vm/stress.sh, run.sh --kmemleak): it must stay
# on, and its baseline scan (before kds.ko loads, whose reports it clears)
# and its final scan (after kds.ko's unload) must run to the end; any
# object the final scan reports is new since the baseline and fails,
# whether or not a kds frame is in its backtrace.
# scanned NAME STATUS PATTERN AFTER-START BEFORE-DONE: the passing log with
# the lines AFTER-START after "kds-vm: init start" (the baseline, before
# kds.ko loads) and BEFORE-DONE before "kds-vm: done" (the final scan).
scanned() {
	awk -v a="$4" -v b="$5" '
		$0 == "kds-vm: done" && b != "" { print b }
		{ print }
		/^kds-vm: init start/ && a != "" { print a }' "$good" >"$tmp/log"
	expect "$1" "$2" "$3"
}
k='kds-vm: kmemleak:'
base_ok="$k begin baseline
$k unreferenced object 0xffff888001234000 (size 16):
$k   comm \"swapper/0\", pid 1, jiffies 4294892296 (age 9.100s)
$k   backtrace:
$k     [<ffffffff81234599>] acpi_init+0x1/0x2
$k summary 0 naming a kds module, 1 other(s)
$k end baseline"
final_ok="$k begin final
$k summary 0 unreferenced object(s) new since the baseline
$k end final"
refused="kds-vm: FAIL: kmemleak: 'scan' refused (sh: write error: Operation not permitted): kmemleak is off"
off="[    3.50] kmemleak: Kernel memory leak detector disabled"
mutate "kmemleak switched itself off" 1 'checker: kmemleak switched itself off: .*Kernel memory leak detector disabled' \
	's/^\(.*kds: loaded\)$/\1\n[    3.64] kmemleak: Kernel memory leak detector disabled/'
vars=(-v kmemleak=1)
scanned "kmemleak: baseline and final scans, nothing new" 0 '^kds-vm: console: PASS' "$base_ok" "$final_ok"
scanned "kmemleak: no scan at all" 1 'the baseline scan .* did not run' "" ""
scanned "kmemleak: no final scan" 1 'the final scan .* did not run' "$base_ok" ""
scanned "kmemleak: no baseline scan" 1 'the baseline scan .* did not run' "" "$final_ok"
scanned "kmemleak: a refused write ends the final scan" 1 "init: kds-vm: FAIL: kmemleak: 'scan' refused" \
	"$base_ok" "$k begin final
$refused"
scanned "kmemleak: a final scan cut short has no end line" 1 'the final scan .* did not run' \
	"$base_ok" "$k begin final
$refused"
scanned "kmemleak: turned off before the baseline" 1 'checker: kmemleak switched itself off' \
	"$off
$k begin baseline
${refused/scan/stack=off}" "$k begin loaded
${refused/scan/stack=off}
$k begin final
${refused/scan/stack=off}"
scanned "kmemleak: a new object after the unload, no kds frame" 1 \
	'kmemleak: new since the baseline scan, after kds.ko.s unload: unreferenced object 0xffff888004560000 \(size 64\): first frame kstrdup\+0x1/0x2$' \
	"$base_ok" "$k begin final
$k unreferenced object 0xffff888004560000 (size 64):
$k   comm \"sh\", pid 120, jiffies 4294900000 (age 30.000s)
$k   backtrace:
$k     [<ffffffff81234567>] kstrdup+0x1/0x2
$k     [<ffffffff81234599>] dev_err_probe+0x1/0x2
$k summary 1 unreferenced object(s) new since the baseline
$k end final"
scanned "kmemleak: the baseline's own reports are the kernel's" 0 '^kds-vm: console: PASS' "$base_ok" "$final_ok"
vars=()

if [ "$failures" != 0 ]; then
	echo "$failures check(s) failed"
	exit 1
fi
echo "all checks passed"
