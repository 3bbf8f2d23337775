#!/usr/bin/env bash
# dkms_nonroot_test: kernel/dkms_test.sh run by a user who is not root
# never passes without running dkms. Run as an unprivileged user (nobody,
# through setpriv, when this test itself is root):
#   - with no sudo on PATH: it fails and says there is no sudo;
#   - with a sudo that wants a password (as sudo -n answers: "a password
#     is required", status 1): it fails and says sudo -n cannot run it;
#   - with a sudo that lets it through: it hands itself to "sudo -n", and
#     its status is that run's (the stand-in sudo records its arguments
#     and exits 7 for the root run).
# The stand-ins replace sudo only; nothing here becomes root.
set -uo pipefail
root=$(cd "$(dirname "$(readlink -f "${BASH_SOURCE[0]}")")/.." && pwd)
if [ -n "${TEST_SRCDIR:-}" ]; then
	root="$TEST_SRCDIR/kds"
fi
# A folder the unprivileged user can read and write (a Bazel test's own
# folders may sit under root's home).
tmp=$(mktemp -d /tmp/kds-dkms-nonroot.XXXXXX)
trap 'rm -rf "$tmp"' EXIT
chmod 755 "$tmp"
cp "$root/kernel/dkms_test.sh" "$tmp/dkms_test.sh"
mkdir -m 1777 "$tmp/scratch"
fail=0
bad() { echo "FAIL: $*"; fail=1; }

# PATH folders: the tools dkms_test.sh needs before it runs dkms, without
# sudo; and each stand-in sudo on top of them.
mkdir "$tmp/bin" "$tmp/sudo-password" "$tmp/sudo-ok"
for t in bash env id readlink dirname head cat true; do
	ln -s "$(command -v "$t")" "$tmp/bin/$t"
done
cat >"$tmp/sudo-password/sudo" <<'EOF'
#!/bin/bash
echo "sudo: a password is required" >&2
exit 1
EOF
cat >"$tmp/sudo-ok/sudo" <<EOF
#!/bin/bash
[ "\$*" = "-n true" ] && exit 0
printf '%s\n' "\$*" >>"$tmp/scratch/sudo.args"
exit 7
EOF
chmod 755 "$tmp/sudo-password/sudo" "$tmp/sudo-ok/sudo"

if [ "$(id -u)" = 0 ]; then
	as_user=(setpriv --reuid=65534 --regid=65534 --clear-groups)
else
	as_user=()
fi
# run PATH: dkms_test.sh as the unprivileged user; its status in $rc and
# its output in $tmp/scratch/out.
run() {
	rc=0
	${as_user[@]+"${as_user[@]}"} env -i PATH="$1" TEST_TMPDIR="$tmp/scratch" \
		"$tmp/bin/bash" "$tmp/dkms_test.sh" >"$tmp/scratch/out" 2>&1 || rc=$?
}
# shows: what the run printed, bounded.
shows() { head -c 2000 "$tmp/scratch/out"; }

# refused PATH WHAT PATTERN: dkms_test.sh run with PATH by a user who is
# not root (WHAT: how sudo stands) fails, saying why (PATTERN, a grep
# pattern of its output).
refused() {
	run "$1"
	if [ "$rc" = 0 ]; then
		bad "dkms_test.sh passed for a user who is not root, $2: $(shows)"
	elif ! grep -q "$3" "$tmp/scratch/out"; then
		bad "dkms_test.sh failed (status $rc) for a user who is not root, $2, without saying why: $(shows)"
	else
		echo "ok: not root, $2: fails ($(head -n 1 "$tmp/scratch/out"))"
	fi
}
refused "$tmp/bin" "no sudo" "only as root.*no sudo"
refused "$tmp/sudo-password:$tmp/bin" "a sudo that wants a password" \
	"only as root.*sudo -n.*a password is required"

run "$tmp/sudo-ok:$tmp/bin"
args=$(cat "$tmp/scratch/sudo.args" 2>/dev/null)
if [ "$rc" != 7 ]; then
	bad "dkms_test.sh through sudo exited $rc, not the root run's 7: $(shows)"
elif [ "$(printf '%s\n' "$args" | wc -l)" != 1 ] ||
	! printf '%s\n' "$args" | grep -qE "^-n env .*bash $tmp/dkms_test\.sh\$"; then
	bad "dkms_test.sh did not hand itself to sudo -n once: sudo got '$args'"
else
	echo "ok: not root, sudo -n allowed: runs as 'sudo $args' and exits with its status"
fi
exit $fail
