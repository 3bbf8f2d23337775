#!/usr/bin/env bash
# doc_paths_test.sh CHECKER README - every repository path cited in the
# READMEs and docs/*.md of the source tree that README (the top-level one,
# a symlink into the tree under Bazel) belongs to exists
# (tools/doc_paths.py); and the checker flags missing paths of each kind in
# a small made-up tree while leaving prose paths alone.
set -uo pipefail
[ $# -eq 2 ] || { echo "usage: $0 CHECKER README" >&2; exit 2; }
checker=$1
tmp=${TEST_TMPDIR:-$(mktemp -d)}
errors=0
fail() { echo "FAIL: $*"; errors=$((errors + 1)); }

root=$(dirname "$(readlink -f "$2")")
[ -f "$root/WORKSPACE" ] || { echo "FAIL: $root is not the source tree"; exit 1; }
docs=()
while IFS= read -r d; do docs+=("$d"); done < <(
	find "$root" \( -name 'bazel-*' -o -name '.*' -o -name third_party \) -prune \
		-o -name README.md -print
	find "$root/docs" -maxdepth 1 -name '*.md' ! -name README.md)
[ "${#docs[@]}" -ge 5 ] || fail "only ${#docs[@]} documents found under $root"

if python3 "$checker" "$root" "${docs[@]}" >"$tmp/real.txt" 2>&1; then
	echo "ok: ${#docs[@]} documents cite only existing paths"
else
	fail "paths cited but missing from the tree:"
	head -n 50 "$tmp/real.txt" | sed 's/^/    /'
fi

# A made-up tree: four missing paths of different kinds are flagged, the
# rest (existing paths, prose paths, fenced code) is not.
fake=$tmp/fake
mkdir -p "$fake/kernel/vm" "$fake/dma"
touch "$fake/kernel/main.c" "$fake/kernel/vm/check.awk" "$fake/dma/mask.h"
cat >"$fake/kernel/README.md" <<'DOC'
Cites `main.c`, `vm/check.awk`, `check.awk`, `kernel/main.c`, `dma/mask.h`,
[the masks](../dma/mask.h) and [the VM](vm/) that exist; kernel-tree and
guest paths `lib/test_xarray.c`, `/sys/bus/kds_dax`, `OUTDIR/kds.ko`,
`console.log`, `<component>/tests/x.h`, `tests/*.h` that are prose; and
`vm/gone.sh`, `missing.h`, [a dead link](../dma/gone/) and NOTES.md that
do not exist; README.md is this file.
```
kernel/fenced.c
```
DOC
python3 "$checker" "$fake" "$fake/kernel/README.md" >"$tmp/fake.txt" 2>&1
rc=$?
printf 'kernel/README.md: %s\n' vm/gone.sh missing.h ../dma/gone/ NOTES.md | sort >"$tmp/want.txt"
sort "$tmp/fake.txt" >"$tmp/got.txt"
if [ "$rc" -ne 1 ] || ! cmp -s "$tmp/want.txt" "$tmp/got.txt"; then
	fail "the made-up tree: exit $rc (want 1), reported:"
	head -n 20 "$tmp/got.txt" | sed 's/^/    /'
	echo "  want:"; sed 's/^/    /' "$tmp/want.txt"
else
	echo "ok: the made-up tree's four missing paths, and only those"
fi

python3 "$checker" "$fake" >/dev/null 2>&1
[ $? -eq 2 ] || fail "no documents is not refused with status 2"

[ "$errors" -eq 0 ] || { echo "$errors check(s) failed"; exit 1; }
echo "document paths: all exist"
