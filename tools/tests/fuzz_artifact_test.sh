#!/usr/bin/env bash
# fuzz_artifact_test.sh FUZZ_TEST_SH CRASH_SRC - run tools/fuzz_test.sh on
# a target that fails on one known input (tests/fuzz_crash.c), as Bazel
# would run a kds_fuzz_test, and check that the failing input is saved in
# the undeclared outputs, that one replay line is printed and, run where
# Bazel leaves the outputs (zipped), reproduces the failure, and that the
# replay mode passes a harmless input and refuses a missing one.
set -uo pipefail
[ $# -eq 2 ] || { echo "usage: $0 FUZZ_TEST_SH CRASH_SRC" >&2; exit 2; }
fuzz=$PWD/$1 src=$2
tmp=${TEST_TMPDIR:-$(mktemp -d)}
errors=0
fail() { echo "FAIL: $*"; errors=$((errors + 1)); }
show() { echo "--- $1, the end:"; tail -n 25 "$2"; echo "---"; }
label=//tools/tests:fuzz_crash

# fuzz_test.sh with its own temporary and outputs folders; "kds!" = 6b647321.
run() {
	local dir=$1; shift
	mkdir -p "$tmp/$dir"
	TEST_TMPDIR=$tmp/$dir TEST_TARGET=$label "$@"
}

mkdir -p "$tmp/outputs"
TEST_UNDECLARED_OUTPUTS_DIR=$tmp/outputs run fuzz "$fuzz" -t 20 -s 1 \
	-x 6b647321 fuzz_crash "$src" >"$tmp/fuzz.log" 2>&1
rc=$?
show "the fuzz run (exit status $rc)" "$tmp/fuzz.log"
[ "$rc" -ne 0 ] || fail "the fuzz run passed although its seed fails"

saved=("$tmp"/outputs/fuzz_crash-crash-*)
if [ "${#saved[@]}" -ne 1 ] || [ ! -f "${saved[0]}" ]; then
	fail "want one fuzz_crash-crash-* in the outputs, have: $(ls "$tmp/outputs")"
	member=missing
else
	member=${saved[0]##*/}
	[ "$(cat "${saved[0]}")" = 'kds!' ] ||
		fail "the saved input is not the failing one: $(od -c "${saved[0]}" | head -n 2)"
fi
line=$(grep -A1 'replay it with:$' "$tmp/fuzz.log" | tail -n 1)
want="  d=\$(mktemp -d) && cp -R bazel-testlogs/tools/tests/fuzz_crash/test.outputs/. \"\$d\" && KDS_FUZZ_REPLAY=\"\$d/$member\" ./bazelw run $label"
[ "$line" = "$want" ] || fail "the replay line is '$line', want '$want'"
n=$(grep -c 'KDS_FUZZ_REPLAY=' "$tmp/fuzz.log")
[ "$n" -eq 1 ] || fail "$n replay lines, want 1"

# Run the replay line where Bazel would leave the outputs (zipped), with a
# ./bazelw that runs the test's script as `bazel run` would.
ws=$tmp/ws
mkdir -p "$ws/bazel-testlogs/tools/tests/fuzz_crash/test.outputs"
(cd "$tmp/outputs" && python3 -m zipfile -c \
	"$ws/bazel-testlogs/tools/tests/fuzz_crash/test.outputs/outputs.zip" ./*) ||
	fail "cannot zip the outputs"
cat >"$ws/bazelw" <<EOS
#!/usr/bin/env bash
[ "\$*" = "run $label" ] || { echo "unexpected: bazelw \$*"; exit 3; }
BUILD_WORKING_DIRECTORY=\$PWD TEST_TMPDIR=$tmp/replay TEST_TARGET=$label \\
	exec "$fuzz" fuzz_crash "$src"
EOS
chmod +x "$ws/bazelw"
mkdir -p "$tmp/replay"
(cd "$ws" && bash -c "$line") >"$tmp/replay.log" 2>&1
rc=$?
show "the replay line (exit status $rc)" "$tmp/replay.log"
[ "$rc" -ne 0 ] || fail "the replay of the saved input passed"
grep -q 'deadly signal' "$tmp/replay.log" || fail "the replay did not reproduce the abort"

# A relative path, against the folder `bazel run` was started in.
printf 'ok' >"$tmp/harmless.input"
BUILD_WORKING_DIRECTORY=$tmp KDS_FUZZ_REPLAY=harmless.input run harmless "$fuzz" \
	fuzz_crash "$src" >"$tmp/harmless.log" 2>&1 ||
	{ show "the replay of a harmless input" "$tmp/harmless.log"
	  fail "the replay of a harmless input failed"; }

KDS_FUZZ_REPLAY=$tmp/no-such-input run missing "$fuzz" fuzz_crash "$src" \
	>"$tmp/missing.log" 2>&1
rc=$?
[ "$rc" -eq 2 ] && grep -q 'no input file' "$tmp/missing.log" ||
	{ show "the replay of a missing input (exit status $rc)" "$tmp/missing.log"
	  fail "a missing replay input is not refused with status 2"; }

[ "$errors" -eq 0 ] || { echo "$errors check(s) failed"; exit 1; }
echo "fuzz artifacts: saved and replayable"
