# SPDX-License-Identifier: GPL-2.0
#
# checks.sh - the check vocabulary of the test VM's stages: each check
# prints "kds-vm: sysfs: ok N what" or "... not ok N what"; a "not ok"
# fails the run (check.awk), and so does the summary's FAIL line. Sourced
# by /init (kernel/vm/init.sh) from /lib/kds/stages/, where run.sh packs
# it; it defines functions and their state, and adds the user "nobody".

B=/sys/bus/kds_dax
n=0
nfail=0
check() {
	n=$((n + 1))
	if [ "$1" = 0 ]; then
		say "sysfs: ok $n $2"
	else
		nfail=$((nfail + 1))
		say "sysfs: not ok $n $2"
	fi
}
# expect_eq WHAT GOT WANT
expect_eq() {
	if [ "$2" = "$3" ]; then check 0 "$1"; else check 1 "$1 (got '$2', want '$3')"; fi
}
# expect_write WHAT ok|ERRNO FILE TEXT: echo TEXT into FILE; the answer is ok
# or the errno named (errno_of)
expect_write() {
	local err got
	err=$( { echo "$4" >"$3"; } 2>&1 ) && got=ok || got=$(errno_of "$err")
	expect_eq "$1" "$got" "$2"
}
# errno_of MESSAGE: the errno a shell's error message names (strerror's
# text), or "other: MESSAGE": a write that must fail names its errno, so a
# wrong path (ENOENT) or another refusal does not pass for the one meant
errno_of() {
	case $1 in
	*"Invalid argument"*) echo EINVAL ;;
	*"resource busy"*) echo EBUSY ;;
	*"No space left"*) echo ENOSPC ;;
	*"No such device or address"*) echo ENXIO ;;
	*"No such device"*) echo ENODEV ;;
	*"Cannot allocate memory"*) echo ENOMEM ;;
	*"File exists"*) echo EEXIST ;;
	*"No such file"*) echo ENOENT ;;
	*"out of domain"*) echo EDOM ;;
	*"out of range"*) echo ERANGE ;;
	*"not supported"*) echo EOPNOTSUPP ;;
	*"Permission denied"*) echo EACCES ;;
	*) echo "other: $1" ;;
	esac
}
# expect_printf WHAT ok|ERRNO FILE FORMAT: the bytes printf FORMAT
# makes (newlines and NULs where FORMAT puts them), written to FILE in one
# write by cat, which names the error (busybox printf does not)
expect_printf() {
	local err got
	printf "$4" >/tmp/kds.bytes
	err=$( { cat /tmp/kds.bytes >"$3"; } 2>&1 ) && got=ok || got=$(errno_of "$err")
	expect_eq "$1" "$got" "$2"
}
# expect_table echo|printf: for each line "WANT|FILE|WHAT|TEXT" of stdin,
# expect_write (echo TEXT) or expect_printf (TEXT a printf format) of
# $B/FILE, named WHAT
expect_table() {
	local how=$1 want file what text
	while IFS='|' read -r want file what text; do
		expect_$([ "$how" = echo ] && echo write || echo printf) "$what" "$want" "$B/$file" "$text"
	done
}
mode_of() { stat -c %a "$1" 2>/dev/null || echo "<missing>"; }
# as_nobody CMD...: run CMD as an unprivileged user
as_nobody() { su -s /bin/sh nobody -c "$*" 2>/dev/null; }
grep -q '^nobody:' /etc/passwd 2>/dev/null ||
	echo 'nobody:x:65534:65534:nobody:/:/bin/sh' >>/etc/passwd
drv_of() { [ -L "$1/driver" ] && basename "$(readlink "$1/driver")" || echo none; }
attr() { cat "$1" 2>/dev/null || echo "<missing>"; }
# BLK: the scratch block device of kds-devdax's O_DIRECT (brd's /dev/ram0,
# loaded in every guest below, with device mapper for devdax_odirect).
BLK=
# devdax_line FILE CALL: the answer kds-devdax printed for CALL
devdax_line() { sed -n "s/^devdax: $2: //p" "$1" | head -n 1; }
