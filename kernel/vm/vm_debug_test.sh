#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
#
# vm_debug_test.sh - kds.ko and kds_test.ko on the debug kernel.
#
#   kernel/vm/vm_debug_test.sh [--faults] [--cases PROG]... [kasan|kcsan]
#
# Gets the cached debug kernel (kernel/vm/debug_kernel.sh: built on the
# first run), builds kds.ko and kds_test.ko against its build tree and runs
# run.sh on it with -smp 2 and 1 GiB: the whole VM suite, the
# sysfs script, then stress.sh (a kmemleak baseline before
# kds.ko loads, a concurrent stress of the kds_dax bus with rmmod/insmod of
# kds.ko, then kmemleak scans). The run fails on anything
# check.awk fails on, which on this kernel includes KASAN, UBSAN,
# lockdep, list-corruption, ODEBUG and KCSAN reports, kmemleak reports
# naming a kds module, any object kmemleak reports after kds.ko's final
# unload (new since the baseline), and kmemleak switching itself off or
# refusing a command (run.sh --kmemleak).
#
# What this kernel does not run: the daxctl comparison on the kernel's own
# dax bus. Its config has no EFI, so no DEV_DAX_HMEM (dax_hmem.ko, which
# makes dax0.0 from soft-reserved memory); run.sh is told so
# (KDS_VM_NO_HMEM) and the guest says it. Everything else of
# run.sh runs, the id cross-check against device_dax.ko included.
#
# --cases PROG (repeatable): passed to run.sh: every shared suite PROG runs
# in userspace must have run in kds_test.ko with the same plan.
#
# --faults: the runner's self-test. Builds the test-only kernel/vm/faults
# module, loads it with faults=lock,leak,uaf (kcsan: faults=race, and the
# run must name KCSAN's data race in kds_faults_race_fn) after kds.ko's unload (the
# stress is skipped), and passes only when the run fails and names each
# planted bug: lockdep's circular dependency between kds_faults_a and
# kds_faults_b, KASAN's use-after-free in kds_faults_uaf, kmemleak's
# unreferenced object allocated by kds_faults_leak, and the same object
# again from the final scan's rule (every object new since the baseline
# fails, whatever its backtrace names), while the real suites still pass.
# That rule on an object with no kds frame at all is proven on recorded
# logs (check_test.sh): a leak kds cannot plant deterministically
# in the kernel (a reference kept to a task or file is found again on a
# cached stack, on some runs, and not reported).
#
# Environment: as run.sh (KDS_VM_TIMEOUT defaults to 1200 here,
# KDS_VM_SMP to 2, KDS_VM_MEM to 1G), KDS_STRESS_SECS (default 10), and
# KDS_DEBUG_KERNEL_CACHED_ONLY=1: take the kernel only if it is already
# built (debug_kernel_cached.sh) and fail otherwise, never build it
# (.ci/run's KCSAN run).
set -uo pipefail
here=$(cd "$(dirname "$(readlink -f "${BASH_SOURCE[0]}")")" && pwd)
if [ -n "${TEST_SRCDIR:-}" ]; then
	here="$TEST_SRCDIR/kds/kernel/vm"
fi

faults=0
cases=()
while [ $# -gt 0 ]; do
	case $1 in
	--faults) faults=1; shift ;;
	--cases) cases+=(--cases "$2"); shift 2 ;;
	-*) echo "usage: $0 [--faults] [--cases PROG]... [kasan|kcsan]" >&2; exit 2 ;;
	*) break ;;
	esac
done
variant=${1:-kasan}

if [ "${KDS_DEBUG_KERNEL_CACHED_ONLY:-0}" = 1 ]; then
	dir=$("$here/debug_kernel_cached.sh" "$variant") || {
		echo "FAIL: KDS_DEBUG_KERNEL_CACHED_ONLY=1 and the $variant debug kernel is not built: not building it here"
		exit 1
	}
else
	dir=$("$here/debug_kernel.sh" "$variant") || exit 1
fi
work=$(mktemp -d "${TEST_TMPDIR:-/tmp}/kds-vm-debug.XXXXXX")
trap 'rm -rf "$work"' EXIT

export KDIR=$dir/build
KVER=$(cat "$dir/kernel.release")
export KVER
export KDS_VM_KERNEL=$dir/bzImage
export KDS_VM_MODULES=$dir/modules
export KDS_VM_SMP=${KDS_VM_SMP:-2}
export KDS_VM_MEM=${KDS_VM_MEM:-1G}
export KDS_VM_TIMEOUT=${KDS_VM_TIMEOUT:-1200}
export KDS_VM_NO_HMEM="the debug kernel has no dax_hmem.ko (EFI is off in kernel/vm/configs/common.config, and DEV_DAX_HMEM needs EFI_SOFT_RESERVE)"
echo "vm_debug_test: $variant debug kernel $KVER from $dir"

conf=$work/kds-debug.conf
args=(--extra "$here/stress.sh" --kmemleak --add "$conf" --keep "$work/keep" ${cases[@]+"${cases[@]}"})
# The first system-dax stage (kds.ko as the system's dax bus, the real
# daxctl, system_dax.sh) runs on this kernel, which builds dax as a module:
# it must run every check it has. Counted from a full run; a change to the
# stage's checks changes this number.
SYSTEM_DAX_CHECKS=159

if [ "$faults" = 0 ]; then
	echo "STRESS_SECS=${KDS_STRESS_SECS:-10}" >"$conf"
	"$here/run.sh" "${args[@]}"
	rc=$?
	log=$work/keep/console.log
	# what the stress did (bounded)
	tr -d '\r' <"$log" | grep -aE '^kds-vm: (stress|devdax: stress): ' | head -n 20
	ran=$(tr -d '\r' <"$log" | sed -n 's/.*kds-vm: system-dax: first stage ran \([0-9]*\) check(s), 0 failed$/\1/p')
	oks=$(tr -d '\r' <"$log" | grep -cE 'kds-vm: system-dax: ok [0-9]+ ')
	if [ "$ran" != "$SYSTEM_DAX_CHECKS" ] || [ "$oks" -lt "$SYSTEM_DAX_CHECKS" ]; then
		echo "FAIL: the system-dax stage ran ${ran:-no} check(s) without failure and printed $oks ok line(s); want $SYSTEM_DAX_CHECKS"
		tr -d '\r' <"$log" | grep -E 'kds-vm: system-dax: (first stage|FAIL)' | head -n 5
		rc=1
	else
		echo "ok: the system-dax stage ran its $ran checks"
	fi
	exit $rc
fi

# ---- --faults
mkdir -p "$work/faults"
cp "$here/faults/Kbuild" "$here/faults/kds_faults.c" "$work/faults/"
if ! make -C "$KDIR" M="$work/faults" modules >"$work/faults/build.log" 2>&1; then
	cat "$work/faults/build.log"
	echo "FAIL: kds_faults.ko does not build"
	exit 1
fi
# The KASAN kernel plants the lock inversion, the leak and the
# use-after-free; the KCSAN kernel a data race.
planted=lock,leak,uaf
[ "$variant" = kcsan ] && planted=race
printf 'STRESS_SECS=0\nFAULTS=%s\n' "$planted" >"$conf"
out=$work/run.out
"$here/run.sh" "${args[@]}" --add "$work/faults/kds_faults.ko" >"$out" 2>&1
rc=$?
fail=0
if [ "$rc" != 1 ]; then
	echo "FAIL: run.sh exited $rc with planted faults (want 1)"
	fail=1
fi
# want FILE REGEX: the report (run.sh's output) or the console log has it.
want() {
	if grep -qE -- "$2" "$1"; then
		echo "ok: found /$2/"
	else
		echo "FAIL: $(basename "$1") lacks /$2/"
		fail=1
	fi
}
log=$work/keep/console.log
if [ "$variant" = kcsan ]; then
	want "$out" 'checker: BUG: KCSAN: data-race in kds_faults_race_fn'
else
	want "$out" 'checker: .*possible circular locking dependency'
	want "$log" 'kds_faults_[ab]\).*at: kds_faults_lock'
	want "$out" 'kernel error: BUG: KASAN: [a-z-]*use-after-free in kds_faults_uaf'
	want "$out" 'kmemleak: unreferenced object .* \(size 64\):.* from kds_faults_leak.*\[kds_faults\]'
	# every object the final kmemleak scan reports fails, by the baseline rule
	want "$out" "kmemleak: new since the baseline scan, after kds.ko's unload: unreferenced object .* \(size 64\): first frame "
fi
want "$out" '^ok [0-9]+ kds_port$'
want "$out" '^ok [0-9]+ kds_genradix_vs_linux$'
want "$out" '^kds-vm: ktap: PASS: [0-9]+ suite\(s\), [0-9]+ case\(s\), 0 failed'
if [ "$fail" != 0 ]; then
	echo "---- run.sh output"
	cat "$out"
fi
exit $fail
