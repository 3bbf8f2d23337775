#!/usr/bin/env bash
# dkms_test: Debian's real dkms takes kds's dkms package. kernel/dkms.sh
# lays out kds-<version>/ with its dkms.conf; dkms add, dkms build against
# the headers of every kernel kds supports (kernel/kernels.sh: installed,
# or fetched into kds's cache and named with --kernelsourcedir), modinfo on the module dkms built (name, version
# from kds/version.h, vermagic of the target kernel), dkms status, dkms
# remove, and nothing of kds left in the dkms tree. dkms runs on a private
# tree (--dkmstree, --sourcetree, signing key in the test's directory): the
# machine's /var/lib/dkms and /usr/src are not touched.
#
#   dkms_test.sh [--all] [--tree DIR]
#
# With --tree, the dkms source tree is DIR (kds-<version>/ with its
# dkms.conf, as the kds-dkms package installs it under /usr/src) instead of
# kernel/dkms.sh's layout; the same checks run over it. With --all, the
# kernels of the other architectures too (kernel/kernels.sh --all), each
# cross-built as a DKMS user does it: ARCH and CROSS_COMPILE in the
# environment (what kernel/kernels.sh --kbuild names) and dkms -a with
# that architecture's machine name; modinfo checks the module's vermagic
# and its ELF machine.
#
# dkms builds only as root. A test that is not root runs itself again
# through "sudo -n" (never asking for a password) and passes or fails as
# that run does; where that is impossible (no sudo, or sudo wants a
# password) it fails and says so: it never passes without having run. A
# missing dkms fails too (./bazelw installs it).
# //kernel:dkms_nonroot_test checks both paths as an unprivileged user.
set -euo pipefail
root=$(cd "$(dirname "$(readlink -f "${BASH_SOURCE[0]}")")/.." && pwd)
if [ -n "${TEST_SRCDIR:-}" ]; then
	root="$TEST_SRCDIR/kds"
fi
if [ "$(id -u)" != 0 ]; then
	sudo=$(command -v sudo || true)
	if [ -z "$sudo" ]; then
		echo "FAIL: dkms builds only as root; this test runs as $(id -un) and there is no sudo to run it as root"
		exit 1
	fi
	if ! "$sudo" -n true 2>"${TEST_TMPDIR:-/tmp}/kds-dkms-sudo.err"; then
		echo "FAIL: dkms builds only as root; this test runs as $(id -un) and 'sudo -n' cannot run it without a password: $(head -c 500 "${TEST_TMPDIR:-/tmp}/kds-dkms-sudo.err")"
		echo "      (run the test as root, or allow this user passwordless sudo)"
		exit 1
	fi
	echo "dkms_test: not root; running again through sudo -n"
	# sudo resets the environment: pass on where the sources and the
	# scratch space are.
	exec "$sudo" -n env ${TEST_SRCDIR:+TEST_SRCDIR="$TEST_SRCDIR"} \
		${TEST_TMPDIR:+TEST_TMPDIR="$TEST_TMPDIR"} PATH="$PATH:/usr/sbin:/sbin" \
		bash "$(readlink -f "${BASH_SOURCE[0]}")" "$@"
fi
dkms=$(command -v dkms || echo /usr/sbin/dkms)
if [ ! -x "$dkms" ]; then
	echo "FAIL: dkms is not installed (apt-get install dkms; ./bazelw installs it)"
	exit 1
fi
version=$("$root/tools/version.sh")
tmp=$(mktemp -d "${TEST_TMPDIR:-/tmp}/kds-dkms.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
fail=0
bad() { echo "FAIL: $*"; fail=1; }
mkdir -p "$tmp/src" "$tmp/dkms"
# dkms signs with this key pair, made on first use (not /var/lib/dkms/mok.*).
export mok_signing_key=$tmp/mok.key mok_certificate=$tmp/mok.pub
d() { "$dkms" --dkmstree "$tmp/dkms" --sourcetree "$tmp/src" "$@"; }

tree='' all=''
if [ "${1:-}" = --all ]; then
	all=--all
	shift
fi
case ${1:-} in
--tree) [ $# = 2 ] && [ -f "$2/dkms.conf" ] || { echo "FAIL: --tree needs a dkms source tree with its dkms.conf (got '${2:-}')"; exit 1; }
	tree=$(cd "$2" && pwd) ;;
'') ;;
*) echo "usage: dkms_test.sh [--all] [--tree DIR]" >&2; exit 2 ;;
esac
if [ -n "$tree" ]; then
	src=$tmp/src/kds-$version
	cp -R "$tree" "$src"
	echo "dkms source tree: $tree"
else
	src=$("$root/kernel/dkms.sh" "$tmp/src")
	[ "$src" = "$tmp/src/kds-$version" ] || bad "dkms.sh made '$src', not kds-$version"
fi
grep -qx "PACKAGE_VERSION=\"$version\"" "$src/dkms.conf" || bad "dkms.conf does not carry version $version"
# Every public header, the inline implementation under kds/static/ too.
for f in "$root"/kds/*.h "$root"/kds/static/*.h; do
	h=${f#"$root"/}
	cmp -s "$f" "$src/$h" || bad "the dkms tree's $h is missing or different"
done
if [ -z "$tree" ]; then
	# A second layout over the first is refused and leaves it intact.
	if "$root/kernel/dkms.sh" "$tmp/src" 2>"$tmp/again.err"; then bad "dkms.sh overwrote $src"; fi
	grep -q 'exists' "$tmp/again.err" || bad "dkms.sh refused without saying why: $(cat "$tmp/again.err")"
	if "$root/kernel/dkms.sh" "$tmp/no-such-dir" 2>/dev/null; then bad "dkms.sh accepted a missing directory"; fi
fi

run() { # run LOG ARGS...: a dkms command; its output is shown on failure
	local log=$1
	shift
	if ! d "$@" >"$log" 2>&1; then
		tail -n 60 "$log"
		bad "dkms $*"
		return 1
	fi
}
# build_for KVER: dkms builds kds.ko for KVER; modinfo checks it.
build_for() {
	local kver=$1 kdir ko vermagic src_arg=() kbuild karch="" cross="" machine
	kdir=$("$root/kernel/kernel_tree.sh" "$kver") || { bad "no build tree for supported kernel $kver"; return; }
	[ "$kdir" = "/lib/modules/$kver/build" ] || src_arg=(--kernelsourcedir "$kdir")
	# Another architecture's kernel: "ARCH CROSS_COMPILE" (nothing for the host's).
	kbuild=$("$root/kernel/kernels.sh" --kbuild "$kver") || { bad "$kver: kernel/kernels.sh --kbuild"; return; }
	if [ -n "$kbuild" ]; then
		read -r karch cross <<<"$kbuild"
		# dkms's architecture is the machine name (uname -m): the triplet's first part.
		src_arg+=(-a "${cross%%-*}")
	fi
	# (an empty ARCH in the environment would override Kbuild's own)
	[ -z "$karch" ] || export ARCH=$karch CROSS_COMPILE=$cross
	run "$tmp/build-$kver.log" build -m kds -v "$version" -k "$kver" "${src_arg[@]}" || { unset ARCH CROSS_COMPILE; return; }
	unset ARCH CROSS_COMPILE
	ko=$(find "$tmp/dkms/kds/$version/$kver" -name 'kds.ko*' -type f | head -n 1)
	if [ -z "$ko" ]; then
		bad "dkms build left no kds.ko under $tmp/dkms/kds/$version/$kver"
		tail -n 40 "$tmp/build-$kver.log"
		return
	fi
	case $ko in
	*.xz) xz -dc "$ko" >"$tmp/kds.ko"; ko=$tmp/kds.ko ;;
	*.zst) zstd -qdc "$ko" >"$tmp/kds.ko"; ko=$tmp/kds.ko ;;
	esac
	modinfo=$(command -v modinfo || echo /sbin/modinfo)
	[ "$("$modinfo" -F name "$ko")" = kds ] || bad "$kver: modinfo name: $("$modinfo" -F name "$ko")"
	[ "$("$modinfo" -F version "$ko")" = "$version" ] || bad "$kver: modinfo version: $("$modinfo" -F version "$ko")"
	vermagic=$("$modinfo" -F vermagic "$ko")
	case $vermagic in
	"$kver "*) echo "ok: dkms built kds.ko $version for $kver (vermagic $vermagic)" ;;
	*) bad "modinfo vermagic '$vermagic' is not $kver" ;;
	esac
	[ "$("$modinfo" -F license "$ko")" = GPL ] || bad "$kver: modinfo license"
	machine=$(readelf -h "$ko" | sed -n 's/^ *Machine: *//p')
	[ "$machine" = "$("$root/kernel/kernels.sh" --machine "$kver")" ] ||
		bad "$kver: dkms built kds.ko for '$machine'"
	d status -m kds -v "$version" >"$tmp/status" 2>&1 || true
	grep -q "^kds/$version, $kver, [^:]*: built" "$tmp/status" ||
		bad "dkms status for $kver: $(cat "$tmp/status")"
}
kernels=$("$root/kernel/kernels.sh" $all) || bad "the supported kernels could not be resolved (kernel/kernels.sh)"
n=0
if run "$tmp/add.log" add -m kds -v "$version"; then
	while read -r kver _; do
		[ -n "$kver" ] || continue
		build_for "$kver"
		n=$((n + 1))
	done <<<"$kernels"
fi
[ "$n" -gt 0 ] || bad "dkms built for no kernel"
echo "kernels covered: $("$root/kernel/kernels.sh" $all --names)"
run "$tmp/remove.log" remove -m kds -v "$version" --all || true
if [ -e "$tmp/dkms/kds" ] && [ -n "$(ls -A "$tmp/dkms/kds")" ]; then
	bad "dkms remove left $(ls -A "$tmp/dkms/kds")"
fi
d status >"$tmp/status-after" 2>&1 || true
if grep -q '^kds/' "$tmp/status-after"; then bad "dkms status still lists kds after remove"; fi
[ "$fail" = 0 ] && echo "ok: dkms add, build, status and remove"
exit $fail
