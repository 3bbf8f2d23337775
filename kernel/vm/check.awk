# SPDX-License-Identifier: GPL-2.0
#
# check.awk - judge the serial console log of a kds test VM run for what
# the KTAP parser cannot see: the init script's own verdicts and the
# kernel's reports. The KTAP structure (plans, results, skips, a document
# cut off) is ktap_parse.sh's, the kernel's own parser's, alone.
#
#   awk -f check.awk [-v unloads=N] [-v kmemleak=1] console.log
#                                                    (exit 0: pass, 1: fail)
#
# The log passes when all of these hold:
#   - the init script started and finished ("kds-vm: init start", "kds-vm:
#     done") and reported no step failure ("kds-vm: FAIL: ...") and no
#     failed sysfs check ("kds-vm: sysfs: not ok N ...");
#   - the sample driver reported no failed check ("kds_sample: FAIL: ...");
#   - no kernel WARNING outside a "kds_test: expect-warning begin/end"
#     bracket, at least one inside each bracket, none inside one whose
#     report (its "cut here" line through its "WARNING:" line) lacks the
#     text the bracket names ("begin: <case>: <what>"), and no BUG, oops, panic,
#     call trace, UBSAN/KASAN report or hung-task report anywhere;
#   - no "allocation(s) leaked" report, and at least `unloads` modules (2:
#     kds and kds_test) reported "unloaded, no allocation outstanding";
#   - on a debug kernel: no lockdep, list-corruption or ODEBUG report
#     (even inside an expect-warning bracket), no KCSAN report whose
#     stacks name a kds module ("[kds...]"; a report with none is one of
#     the kernel's own races, which the strict KCSAN kernel reports in
#     RCU, the scheduler and pipes: counted, the first 3 printed), no
#     KCSAN report cut off before its closing line, and no kmemleak report (as
#     the guest prints it: "kds-vm: kmemleak: unreferenced object ...")
#     whose backtrace names a kds module ("[kds...]") or an address in
#     module space without a symbol (a module since unloaded: the test VM
#     unloads only kds modules);
#   - kmemleak never switched itself off ("Kernel memory leak detector
#     disabled", on any kernel);
#   - no message of kds.ko names a physical address (0x and five or more
#     hex digits, or a bare hex range), the whole console read: the guest's
#     dmesg is a ring buffer the test module's output can overrun;
#   - with -v kmemleak=1 (a kernel with kmemleak, kernel/vm/stress.sh):
#     its "baseline" scan (before kds.ko loads) and its "final" scan (after
#     kds.ko's last unload) both ran to the end ("kds-vm: kmemleak: end
#     <label>"), and the final scan found no unreferenced object at all:
#     the baseline cleared the kernel's own earlier reports, so anything
#     reported then is new since kds.ko was first loaded, whoever allocated
#     it (the driver core and sysfs allocate for kds with no kds frame).
#
# Console lines carry a printk timestamp ("[    1.234567] "), which is
# removed before matching.

function problem(msg) {
	problems[++nproblems] = msg
}

# A report of the final kmemleak scan (after kds.ko's unload, all new since
# the baseline) fails, named by its first backtrace frame when it has one.
function new_leak(frame) {
	if (final_head == "")
		return
	problem("kmemleak: new since the baseline scan, after kds.ko's unload: " final_head \
		(frame != "" ? " first frame " frame : ""))
	final_head = ""
}

BEGIN {
	if (unloads == "")
		unloads = 2
	nproblems = 0
	in_bracket = 0
	report = ""
	expected_warnings = 0
	clean_unloads = 0
	init_start = 0
	init_done = 0
	kcsan = ""
	kcsan_kernel = 0
}

# The end of a KCSAN report: kds's when a stack frame named a kds module.
function kcsan_end() {
	if (kcsan_kds)
		problem("checker: " kcsan)
	else if (++kcsan_kernel <= 3)
		kcsan_own[kcsan_kernel] = kcsan
	kcsan = ""
}

{
	line = $0
	gsub(/\r/, "", line)
	sub(/^\[ *[0-9]+\.[0-9]+\] /, "", line)

	# ---- the init script
	if (line ~ /^kds-vm: init start/)
		init_start = 1
	if (line ~ /^kds-vm: done/)
		init_done = 1
	if (line ~ /^kds-vm: FAIL/)
		problem("init: " line)
	if (line ~ /^kds-vm: sysfs: not ok /)
		problem("sysfs: " substr(line, 16))
	if (line ~ /^kds_sample: FAIL/)
		problem("sample: " line)

	# ---- KCSAN: "BUG: KCSAN: <kind> in A / B", both accesses' stacks, a
	# closing line of "="s: judged whole (kcsan_end), never as a BUG. The
	# other rules still see the lines in between (the guest's own lines
	# may interleave).
	if (kcsan != "" && line ~ /^==========+$/)
		kcsan_end()
	else if (kcsan != "" && line ~ /\[kds[a-z0-9_]*\]/)
		kcsan_kds = 1
	if (line ~ /BUG: KCSAN: /) {
		if (kcsan != "")
			problem("checker: a KCSAN report cut off: " kcsan)
		kcsan = line
		kcsan_kds = 0
		next
	}

	# ---- kernel health
	if (line ~ /kds_test: expect-warning begin/) {
		in_bracket = 1
		bracket_warnings = 0
		bracket_name = line
		sub(/.*kds_test: expect-warning begin: /, "", bracket_name)
		# "<case>: <what>": every warning in the bracket holds <what>.
		bracket_what = bracket_name
		sub(/^[^:]*: /, "", bracket_what)
	} else if (line ~ /kds_test: expect-warning end/) {
		# A bracket announces warnings: one that saw none did not provoke
		# what it claims to (the userspace side fails such a case too).
		if (in_bracket && !bracket_warnings)
			problem("expect-warning bracket with no kernel warning in it: " bracket_name)
		in_bracket = 0
	}
	# A warning's report: its "cut here" line, the message WARN() prints
	# after it, and the "WARNING:" line.
	if (line ~ /-+\[ cut here \]-+/)
		report = " "
	else if (report != "" && line !~ /WARNING:/)
		report = report " " line
	if (line ~ /WARNING:/) {
		report = report " " line
		if (!in_bracket)
			problem("kernel warning: " line)
		else if (bracket_what != "" && index(report, bracket_what) == 0)
			problem("kernel warning not the one its bracket names (" bracket_name "): " line)
		else {
			expected_warnings++
			bracket_warnings++
		}
		report = ""
	}
	if (line ~ /Call Trace:/ && !in_bracket)
		problem("call trace: " line)
	if (line ~ /(^|[^A-Za-z])BUG:|kernel BUG at|Oops:|Kernel panic|general protection fault|Unable to handle kernel|UBSAN:|KASAN:|INFO: task .* blocked/)
		problem("kernel error: " line)
	if (line ~ /allocation\(s\) leaked/)
		problem("leak: " line)
	if (line ~ /possible (circular|recursive) locking|suspicious RCU usage|inconsistent lock state|called from invalid context|list_[a-z_]+ corruption|ODEBUG: /)
		problem("checker: " line)
	if (line ~ /Kernel memory leak detector disabled/)
		problem("checker: kmemleak switched itself off: " line)
	if (line ~ /^kds-vm: kmemleak: (begin|end) [a-z]+$/) {
		new_leak("")
		split(line, kw, / /)
		if (kw[3] == "begin")
			leak_scan = kw[4]
		else {
			scan_done[kw[4]] = 1
			leak_scan = ""
		}
		leak_head = ""
	} else if (line ~ /^kds-vm: kmemleak: unreferenced object/) {
		new_leak("")
		leak_head = substr(line, 19)
		leak_named = 0
		if (leak_scan == "final")
			final_head = leak_head
	} else if (line ~ /^kds-vm: kmemleak: / && leak_head != "") {
		# A backtrace frame: 6.1 prints "[<address>] symbol+off/size",
		# 6.12 the symbol alone; an unloaded module's frame is its bare
		# address. Hex-dump and comm lines are neither.
		if (line ~ /^kds-vm: kmemleak: +(\[<[^>]*>\] )?([A-Za-z0-9_.]+\+0x[0-9a-f]+\/0x[0-9a-f]+|0x[0-9a-f]+$)/) {
			frame = line
			sub(/^kds-vm: kmemleak: +(\[<[^>]*>\] )?/, "", frame)
			new_leak(frame)
			if (!leak_named && (frame ~ /\[kds[a-z0-9_]*\]/ || frame ~ /^0xffffffff[a-f][0-9a-f]+$/)) {
				leak_named = 1
				problem("kmemleak: " leak_head " from " frame)
			}
		}
	} else if (line ~ /^kds-vm: /) {
		new_leak("")
		leak_head = ""	# kernel lines may interleave; the guest's next line ends it
	}
	if (line ~ /unloaded, no allocation outstanding/)
		clean_unloads++

	# ---- kds.ko's own messages name no physical address (only
	# pr_debug does, off by default): its prefixes ("kds:", "kds dax:"),
	# dev_printk()'s "<bus or driver> <device>:" for its bus, drivers and
	# regions (all named kds_...), and, loaded as the system's dax bus,
	# "dax|device_dax|kmem dax<r>.<n>:" for its devices (the kernel's own
	# are regions 0 and 1 in the guest); the test and sample modules'
	# lines are theirs. An address: 0x and five or more hex digits, or a
	# bare range of hex numbers ("10000000-17ffffff", as /proc/iomem).
	if (line ~ /^(kds( dax)?: |kds_[a-z_]*[0-9]* [a-z_]+[0-9.]*: |(dax|device_dax|kmem) dax([2-9]|[1-9][0-9]+)\.[0-9]+: )/ &&
	    line !~ /^kds_(test|sample):/ &&
	    line ~ /(0x[0-9a-f][0-9a-f][0-9a-f][0-9a-f][0-9a-f]+|(^|[^0-9a-zA-Z_])[0-9a-f][0-9a-f][0-9a-f][0-9a-f][0-9a-f]+-[0-9a-f][0-9a-f][0-9a-f][0-9a-f][0-9a-f]+([^0-9a-zA-Z_]|$))/)
		problem("kds.ko's log names a physical address: " line)
}

END {
	new_leak("")
	if (kcsan != "")
		problem("checker: a KCSAN report cut off: " kcsan)
	for (i = 1; i <= kcsan_kernel && i <= 3; i++)
		print "kds-vm: the kernel's own race (no kds frame): " kcsan_own[i]
	if (kcsan_kernel > 3)
		print "kds-vm: ... " kcsan_kernel " such KCSAN reports in all"
	if (!init_start)
		problem("the VM's init script never started")
	else if (!init_done)
		problem("the VM's init script did not finish (hang, crash or timeout)")
	if (in_bracket)
		problem("an expect-warning bracket was never closed")
	if (kmemleak) {
		if (!scan_done["baseline"])
			problem("kmemleak: the baseline scan (before kds.ko loads) did not run to the end")
		if (!scan_done["final"])
			problem("kmemleak: the final scan (after kds.ko's unload) did not run to the end")
	}
	if (clean_unloads < unloads)
		problem("only " clean_unloads " of " unloads " module unload(s) reported no outstanding allocation")

	for (i = 1; i <= nproblems; i++)
		print "kds-vm: problem: " problems[i]
	summary = expected_warnings " expected warning line(s), " clean_unloads " clean unload(s)"
	if (nproblems) {
		print "kds-vm: console: FAIL: " summary
		exit 1
	}
	print "kds-vm: console: PASS: " summary
	exit 0
}
