# SPDX-License-Identifier: GPL-2.0
# check.sh - sourced by the tests that build kds.ko (module_test,
# vendor_test, kunit_test): check_probes compares a build's
# kernel/kds_probes.h with kernel/probes/expected. The caller defines
# $root (the checkout) and $fail (set to 1 on a mismatch).

# check_probes KVER HEADER: HEADER's answers are those kernel/probes/expected
# gives for KVER (the first line whose pattern matches it), every probe
# answered.
check_probes() {
	local kver=$1 header=$2 line want got p
	[ -f "$header" ] || { echo "FAIL: $kver: no kernel/kds_probes.h in the build"; fail=1; return; }
	local key rest
	line=
	while read -r key rest; do
		case $key in '' | '#'*) continue ;; esac
		# shellcheck disable=SC2254 # the key is a pattern
		case $kver in $key) line="$key $rest"; break ;; esac
	done <"$root/kernel/probes/expected"
	[ -n "$line" ] || { echo "FAIL: $kver: kernel/probes/expected has no line for this kernel's series"; fail=1; return; }
	want=$(printf '%s\n' $line | tail -n +2 | sort)
	got=$(sed -n 's/^#define KDS_PROBE_\([A-Z0-9_]*\) 1$/\1/p' "$header" | tr 'A-Z' 'a-z' | sort)
	local was=$fail
	fail=0
	if [ "$want" != "$got" ]; then
		echo "FAIL: $kver: probe answers differ from kernel/probes/expected (< expected, > answered):"
		diff <(printf '%s\n' "$want") <(printf '%s\n' "$got") | grep '^[<>]' | head -n 20
		fail=1
	fi
	for p in "$root"/kernel/probes/*.c; do
		p=$(basename "$p" .c | tr 'a-z' 'A-Z')
		grep -qE "^#define KDS_PROBE_$p [01]\$" "$header" || { echo "FAIL: $kver: probe ${p,,} has no answer in kds_probes.h"; fail=1; }
	done
	[ "$fail" = 1 ] || echo "probes for $kver: $(wc -w <<<"$got") of $(ls "$root"/kernel/probes/*.c | wc -l) answer 1, as kernel/probes/expected says"
	[ "$was" = 0 ] || fail=1
}
