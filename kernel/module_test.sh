#!/usr/bin/env bash
# Test: kds.ko builds from the shared sources with no warning, resolves every
# symbol, and neither exports nor defines a global name the kernel already
# has (the kernel exports __genradix_* and has its own dax bus).
set -euo pipefail
root=$(cd "$(dirname "$(readlink -f "${BASH_SOURCE[0]}")")/.." && pwd)
if [ -n "${TEST_SRCDIR:-}" ]; then
	root="$TEST_SRCDIR/kds"
fi
out=$(mktemp -d "${TEST_TMPDIR:-/tmp}/kds-module.XXXXXX")
trap 'rm -rf "$out"' EXIT

ko=$("$root/kernel/build.sh" "$out/build")
kver=$("$root/kernel/kver.sh" --headers-only)
ksyms=/lib/modules/$kver/build/Module.symvers
fail=0

# Global symbols the module defines: only kds_ names and module boilerplate.
nm --defined-only "$ko" | awk '$2 ~ /^[A-Z]$/ { print $3 }' | sort -u >"$out/defined"
bad=$(grep -vE '^(kds_|init_module$|cleanup_module$|__this_module$)' "$out/defined" || true)
if [ -n "$bad" ]; then
	echo "FAIL: global symbols without the kds_ prefix:"; echo "$bad"; fail=1
fi

# No name the kernel already exports, whether we export it or just define it.
awk '{ print $2 }' "$ksyms" | sort -u >"$out/kernel-exports"
clash=$(comm -12 "$out/defined" "$out/kernel-exports")
if [ -n "$clash" ]; then
	echo "FAIL: names already exported by the kernel:"; echo "$clash"; fail=1
fi

# Every undefined symbol must be one the kernel exports.
nm --undefined-only "$ko" | awk '{ print $2 }' | sort -u >"$out/undefined"
missing=$(comm -23 "$out/undefined" "$out/kernel-exports" | grep -vE '^(__fentry__|__x86_return_thunk|__x86_indirect_thunk_.*)$' || true)
if [ -n "$missing" ]; then
	echo "FAIL: unresolved symbols:"; echo "$missing"; fail=1
fi

n=$(wc -l <"$out/defined")
echo "kds.ko for $kver: $n global symbols, all kds_-prefixed and unique to kds"
exit $fail
