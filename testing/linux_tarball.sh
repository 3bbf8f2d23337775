# SPDX-License-Identifier: GPL-2.0
#
# linux_tarball.sh - sourced (no arguments) by the tests that read Debian's
# kernel source tarball (genradix/tests/vs_linux_test.sh,
# testing/user/ktap_format_test.sh). Takes a leading --tarball=PATH off the
# caller's arguments (Bazel passes @linux_source//:tarball there; the path
# is empty when /usr/src has no tarball) and sets $tarball; outside Bazel,
# LINUX_SOURCE_TARBALL or the installed path. An unreadable tarball fails
# the test, saying what it would have compared: $kds_tarball_for.
tarball=${LINUX_SOURCE_TARBALL:-/usr/src/linux-source-6.1.tar.xz}
case ${1:-} in
--tarball=*)
	tarball=${1#--tarball=}
	[ -z "$tarball" ] || tarball=$(readlink -f "$tarball")
	shift ;;
esac
if [ ! -r "$tarball" ]; then
	echo "FAIL: the Linux source tarball is not among the test's inputs"
	echo "(${tarball:-none}; the Debian package linux-source-6.1 provides it,"
	echo "./bazelw installs it): ${kds_tarball_for:-nothing to test with}."
	exit 1
fi
