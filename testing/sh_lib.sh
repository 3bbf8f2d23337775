# SPDX-License-Identifier: GPL-2.0
# sh_lib.sh - what kds's shell tests share. A test finds the tree first
# ($root: the checkout, or $TEST_SRCDIR/kds under Bazel), then sources this
# file and calls test_begin:
#
#   test_begin NAME  $tmp, a fresh folder under $TEST_TMPDIR (or /tmp)
#                    named kds-NAME.*, removed at exit; fail=0
#   ok WHAT          prints "ok: WHAT"
#   bad WHAT         prints "FAIL: WHAT" and sets fail=1
#   shows FILE       FILE's first 2000 bytes, for a failure's message
#   step WHAT        prints "-- WHAT (Ns)", N the seconds since test_begin
#   test_each_kernel FN [--all]
#                    FN KVER for every kernel kds supports on this host
#                    (kernel/kernels.sh; --all: every architecture's, FN
#                    running with ARCH and CROSS_COMPILE in its
#                    environment for another architecture's kernel, as
#                    kernel/kernels.sh --kbuild says), then "kernels
#                    covered: ..."
#
# The test ends with "exit $fail" (or its own summary of it).

test_begin() {
	tmp=$(mktemp -d "${TEST_TMPDIR:-/tmp}/kds-$1.XXXXXX")
	# shellcheck disable=SC2064 # $tmp is fixed from here on
	trap "rm -rf '$tmp'" EXIT
	fail=0
	t0=$SECONDS
}
ok() { echo "ok: $*"; }
bad() { echo "FAIL: $*"; fail=1; }
shows() { head -c 2000 "$1"; }
step() { echo "-- $* ($((SECONDS - t0))s)"; }
test_each_kernel() {
	local kernels kver _ kbuild karch cross
	# shellcheck disable=SC2086 # ${2:-}: --all or no argument
	kernels=$("$root/kernel/kernels.sh" ${2:-}) || {
		bad "the supported kernels could not be resolved (kernel/kernels.sh ${2:-})"
		return 1
	}
	while read -r kver _; do
		kbuild=$("$root/kernel/kernels.sh" --kbuild "$kver") || { bad "$kver: kernel/kernels.sh --kbuild"; continue; }
		if [ -n "$kbuild" ]; then
			read -r karch cross <<<"$kbuild"
			ARCH=$karch CROSS_COMPILE=$cross "$1" "$kver"
		else
			# (an empty ARCH would override Kbuild's own)
			"$1" "$kver"
		fi
	done <<<"$kernels"
	# shellcheck disable=SC2086
	echo "kernels covered: $("$root/kernel/kernels.sh" ${2:-} --names)"
}
