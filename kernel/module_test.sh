#!/usr/bin/env bash
# Test: kds.ko builds from the shared sources with no warning, resolves every
# symbol, and neither exports nor defines a global name the kernel already
# has (the kernel exports __genradix_* and has its own dax bus). It exports
# exactly the public entry points, all in the KDS namespace, carries the
# version of kds/version.h, and the sample driver builds against its
# Module.symvers alone. build.sh honours KDIR over KVER and refuses a
# kernel it cannot find; the shipped Kbuild carries no -Werror.
#
#   kernel/module_test.sh [--foreign]
#
# Without --foreign: the host architecture's kernels (kernel/kernels.sh),
# the build.sh checks and the planted probe faults. With --foreign: the
# other architectures' kernels (kernels.sh --all), cross-built, and a
# planted 64-bit division the 32-bit kernel must refuse. Two tests, so
# that the quick configuration keeps the host's builds and leaves the
# cross builds (minutes) to the full suite.
set -euo pipefail
scope=host
case ${1:-} in
--foreign) scope=foreign ;;
'') ;;
*) echo "usage: kernel/module_test.sh [--foreign]" >&2; exit 2 ;;
esac
root=$(cd "$(dirname "$(readlink -f "${BASH_SOURCE[0]}")")/.." && pwd)
if [ -n "${TEST_SRCDIR:-}" ]; then
	root="$TEST_SRCDIR/kds"
fi
out=$(mktemp -d "${TEST_TMPDIR:-/tmp}/kds-module.XXXXXX")
trap 'rm -rf "$out"' EXIT

fail=0
# check_probes
. "$root/kernel/probes/check.sh"

# A kernel that is not there: a clear error before anything is built.
[ "$scope" = foreign ] ||
for bad in "KVER=0.0-no-such-kernel" "KDIR=$out/no-such-dir"; do
	if env "$bad" "$root/kernel/build.sh" "$out/bad" >"$out/bad.log" 2>&1; then
		echo "FAIL: build.sh accepted $bad"; fail=1
	elif ! grep -q 'no kernel build tree at' "$out/bad.log"; then
		echo "FAIL: build.sh with $bad did not say why:"; cat "$out/bad.log"; fail=1
	fi
done
if [ "$scope" = host ] && grep -v '^[[:space:]]*#' "$root/kernel/Kbuild" | grep -- '-Werror'; then
	echo "FAIL: the shipped kernel/Kbuild carries -Werror"; fail=1
fi

# check_kernel KVER KDIR: build kds.ko and the sample against KDIR and check
# them.
check_kernel() {
local kver=$1 kdir=$2 mods ko sample bad clash missing extra wrong symvers
local public_headers h want_version got_version modinfo unresolved np n switches parms shipped tko
ksyms=$kdir/Module.symvers
# Another architecture's kernel: its cross compiler, named here because
# KDIR (with a bogus KVER) is what build.sh is given.
local cross objdump=objdump prefetch='prefetch(t[0-2]|nta|w)?'
cross=$("$root/kernel/kernels.sh" --kbuild "$kver")
if [ -n "$cross" ]; then
	export ARCH=${cross%% *} CROSS_COMPILE=${cross#* }
	objdump=${CROSS_COMPILE}objdump
	[ "$ARCH" != arm64 ] || prefetch=prfm
	# i686 (686-pae's -march) has no prefetch instruction: GCC emits
	# none for __builtin_prefetch(), the kernel patches its own in.
	[ "$CROSS_COMPILE" != i686-linux-gnu- ] || prefetch=
else
	unset ARCH CROSS_COMPILE
fi
rm -rf "$out/build"
# KDIR wins over KVER (a bogus KVER is never looked at).
# W=1 and sparse on every file too (KDS_KBUILD_CHECKS): no report.
mods=$(KDS_KBUILD_CHECKS=1 KDIR=$kdir KVER=0.0-no-such-kernel "$root/kernel/build.sh" --sample "$out/build")
ko=$(printf '%s\n' "$mods" | tail -n 1)
sample=$(printf '%s\n' "$mods" | grep '/kds_sample\.ko$')

# The test-only fault switches: none in the module as shipped (a build
# without --tests, as DKMS and the packages make it), all three in the
# test build (build.sh --tests), where the guest's tests set them.
switches="dax_fail_driver dax_fail_kmem_add dax_fail_mapping"
modinfo=$(command -v modinfo || echo /sbin/modinfo)
parms=$("$modinfo" -F parm "$ko" | sed 's/:.*//' | sort)
shipped=$(printf '%s\n' "$parms" | grep '^dax_fail_' || true)
if [ -n "$shipped" ]; then
	echo "FAIL: the shipped kds.ko has test-only fault switches:"; echo "$shipped"; fail=1
fi
tko=$(KDIR=$kdir KVER=0.0-no-such-kernel "$root/kernel/build.sh" --tests "$out/testbuild" | tail -n 1)
got=$("$modinfo" -F parm "$tko" | sed 's/:.*//' | grep '^dax_fail_' | sort | tr '\n' ' ')
if [ "$got" != "$switches " ]; then
	echo "FAIL: the test build's fault switches are '$got', want '$switches '"; fail=1
fi

# Global symbols the module defines: only kds_ names and module boilerplate.
# Its files use each other one way (kernel/glue_circles.sh).
if ! (cd "$out/build" && find . -name '*.o' ! -name '*.mod.o' ! -name kds.o ! -path './kernel/probes/*' ! -path './sample/*' -print0 |
	xargs -0 env NM="${CROSS_COMPILE:-}nm" "$root/kernel/glue_circles.sh") >"$out/circles" 2>&1; then
	echo "FAIL: $kver: kds.ko's files use each other both ways:"; head -n 5 "$out/circles"; fail=1
else
	echo "$kver: kds.ko's files use each other one way: $(cat "$out/circles")"
fi
nm --defined-only "$ko" | awk '$2 ~ /^[A-Z]$/ { print $3 }' | sort -u >"$out/defined"
# (__pfx_: the padding symbol later kernels put before each function;
# __start/__stop_alloc_tags: the bounds of a section every module of later
# kernels carries.)
bad=$(grep -vE '^(__pfx_)?(kds_|init_module$|cleanup_module$|__this_module$)' "$out/defined" |
	grep -vE '^__(start|stop)_alloc_tags$' || true)
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

# Exports: exactly the kds_ functions and tables kds.ko defines that a
# public header names, each EXPORT_SYMBOL_GPL in the namespace KDS.
symvers=$(dirname "$ko")/Module.symvers
# <kds/...> with the inline implementation under kds/static/ (kds/port.h's
# userspace-only controls are not defined by kds.ko, so they drop out) and
# the kernel port a vendored in-tree driver may use.
public_headers=("$root/kernel/kds_port.h")
for h in "$root"/kds/*.h "$root"/kds/static/*.h; do public_headers+=("$h"); done
cat "${public_headers[@]}" 2>/dev/null | grep -ow 'kds_[A-Za-z0-9_]*' | sort -u >"$out/public-names"
grep '^kds_' "$out/defined" | comm -12 - "$out/public-names" >"$out/want-exports"
awk '{ print $2 }' "$symvers" | sort -u >"$out/exports"
missing=$(comm -23 "$out/want-exports" "$out/exports")
extra=$(comm -13 "$out/want-exports" "$out/exports")
if [ -n "$missing" ]; then
	echo "FAIL: public entry points kds.ko does not export (add them to kernel/exports.c):"; echo "$missing"; fail=1
fi
if [ -n "$extra" ]; then
	echo "FAIL: exported but named by no public header:"; echo "$extra"; fail=1
fi
wrong=$(awk '$4 != "EXPORT_SYMBOL_GPL" || $5 != "KDS"' "$symvers")
if [ -n "$wrong" ]; then
	echo "FAIL: exports outside EXPORT_SYMBOL_NS_GPL(..., KDS):"; echo "$wrong"; fail=1
fi
[ -s "$out/exports" ] || { echo "FAIL: kds.ko exports nothing"; fail=1; }

# The version: MODULE_VERSION from kds/version.h.
modinfo=$(command -v modinfo || echo /sbin/modinfo)
want_version=$("$root/tools/version.sh")
got_version=$("$modinfo" -F version "$ko")
[ "$got_version" = "$want_version" ] || {
	echo "FAIL: kds.ko version '$got_version', kds/version.h says '$want_version'"; fail=1; }

# The sample driver: built from its own file only, every kds_ symbol it
# uses resolved by kds.ko's exports, importing KDS, depending on kds.
nm --undefined-only "$sample" | awk '$2 ~ /^kds_/ { print $2 }' | sort -u >"$out/sample-uses"
unresolved=$(comm -23 "$out/sample-uses" "$out/exports")
[ -s "$out/sample-uses" ] || { echo "FAIL: kds_sample.ko uses no kds_ symbol"; fail=1; }
[ -z "$unresolved" ] || { echo "FAIL: kds_sample.ko needs unexported:"; echo "$unresolved"; fail=1; }
if nm --defined-only "$sample" | grep -qE ' [Tt] kds_(genradix|dma|dax)_'; then
	echo "FAIL: kds_sample.ko carries its own copy of kds code"; fail=1
fi
[ "$("$modinfo" -F import_ns "$sample")" = KDS ] || { echo "FAIL: kds_sample.ko does not import KDS"; fail=1; }
[ "$("$modinfo" -F depends "$sample")" = kds ] || { echo "FAIL: kds_sample.ko does not depend on kds"; fail=1; }

# The for_each walk prefetches the next leaf (genradix/genradix.c). GCC
# counts a prefetch as free of side effects and has deleted every call of
# a helper that did nothing else: the walk must carry them itself, inlined
# (the helpers are __always_inline).
if [ -n "$prefetch" ]; then
	np=$("$objdump" -d --disassemble=kds_genradix_iter_next "$ko" | grep -cE "\s$prefetch\s")
	[ "$np" -ge 1 ] || { echo "FAIL: kds_genradix_iter_next in kds.ko for $kver has no prefetch instruction"; fail=1; }
fi

n=$(wc -l <"$out/defined")
echo "kds.ko $got_version for $kver: $n global symbols, all kds_-prefixed and unique to kds;" \
	"$(wc -l <"$out/exports") exported in KDS; kds_sample.ko uses $(wc -l <"$out/sample-uses") of them"
check_probes "$kver" "$out/build/kernel/kds_probes.h"
}

# planted KDIR NAME WANT EDIT FILE...: lay the sources out, apply the sed
# EDIT to the FILEs, build against KDIR (with W=1 and sparse, as above):
# the build must fail, or warn (sparse, which build.sh turns into a
# failure), and say WANT. An EDIT of "new" writes FILE anew with the text
# in $plant.
planted() {
	local kdir=$1 name=$2 want=$3 edit=$4 f
	shift 4
	rm -rf "$out/planted"
	"$root/kernel/build.sh" --layout "$out/planted" >/dev/null
	for f in "$@"; do
		if [ "$edit" = new ]; then printf '%s\n' "$plant" >"$out/planted/$f"; else sed -i "$edit" "$out/planted/$f"; fi
	done
	if make -C "$kdir" M="$out/planted" KCFLAGS=-Werror W=1 C=2 modules >"$out/planted.log" 2>&1 &&
		! grep -q 'warning:' "$out/planted.log"; then
		echo "FAIL: planted fault '$name' built without a word"; fail=1
	elif ! grep -qF -- "$want" "$out/planted.log"; then
		echo "FAIL: planted fault '$name' failed the build without saying '$want':"
		grep -E 'error|kds:' "$out/planted.log" | head -n 5
		fail=1
	else
		echo "planted fault '$name': caught, the build says '$want'"
	fi
}

# Every supported kernel, each with its own probe answers: the host's, or
# the other architectures', cross-built.
if [ "$scope" = host ]; then
	mapfile -t kernels < <("$root/kernel/kernels.sh")
	want=2 what="Debian's 6.1 and 6.12 on the host's architecture"
else
	mapfile -t kernels < <("$root/kernel/kernels.sh" --all | grep -vxF -f <("$root/kernel/kernels.sh"))
	want=3 what="Debian's 6.1 and 6.12 on arm64, 6.1 on i386"
fi
[ "${#kernels[@]}" -ge "$want" ] || { echo "FAIL: kernel/kernels.sh lists ${#kernels[@]} $scope kernel(s); kds supports $what"; fail=1; }
covered=()
for k in "${kernels[@]}"; do
	kver=${k%% *}
	if ! kdir=$("$root/kernel/kernel_tree.sh" "$kver"); then
		echo "FAIL: no build tree for supported kernel $kver"; fail=1; continue
	fi
	check_kernel "$kver" "$kdir"
	covered+=("$kver")
done
echo "kernels covered: ${covered[*]}"
unset ARCH CROSS_COMPILE

if [ "$scope" = foreign ]; then
	# A 64-bit "/" links on a 64-bit kernel only: the 32-bit kernel's build
	# must stop on it (div64_u64() and friends are the way).
	for k in "${kernels[@]}"; do
		[ "${k##* }" = i386 ] || continue
		cross=$("$root/kernel/kernels.sh" --kbuild "${k%% *}")
		kdir=$("$root/kernel/kernel_tree.sh" "${k%% *}")
		plant='#include <linux/types.h>
u64 kds_planted(u64 a, u64 b);
u64 kds_planted(u64 a, u64 b) { return a / b; }'
		ARCH=${cross%% *} CROSS_COMPILE=${cross#* } \
			planted "$kdir" "a 64-bit division on ${k%% *}" '"__udivdi3" [' new genradix/kds_planted.c
		break
	done
	exit $fail
fi

# The loop check fails on a loop: two files calling each other, planted.
printf 'int kds_b(void);\nint kds_a(void) { return kds_b(); }\n' >"$out/loop_a.c"
printf 'int kds_a(void);\nint kds_b(void) { return kds_a(); }\n' >"$out/loop_b.c"
gcc -c -o "$out/loop_a.o" "$out/loop_a.c" && gcc -c -o "$out/loop_b.o" "$out/loop_b.c"
if (cd "$out" && "$root/kernel/glue_circles.sh" ./loop_a.o ./loop_b.o) >"$out/circles" 2>&1; then
	echo "FAIL: planted loop between two files passed the loop check"; fail=1
elif ! grep -q '^loop: loop_a.o (kds_b) -> loop_b.o (kds_a) -> loop_a.o$\|^loop: loop_b.o (kds_a) -> loop_a.o (kds_b) -> loop_b.o$' "$out/circles"; then
	echo "FAIL: planted loop reported otherwise:"; head -n 3 "$out/circles"; fail=1
else
	echo "planted fault 'two files calling each other': caught, $(cat "$out/circles")"
fi

# The probes fail loudly (planted, against the first kernel): a second form
# that compiles, no form that compiles, a misspelt answer.
kdir=$("$root/kernel/kernel_tree.sh" "${kernels[0]%% *}")
planted "$kdir" "two forms of class_create compile" \
	"kds: kernel API probe failed: class_create: more than one form compiles" \
	's/^\treturn class_create(.*/\treturn NULL;/' kernel/probes/class_create_owner.c kernel/probes/class_create_name.c
planted "$kdir" "no form of vm_flags compiles" \
	"kds: kernel API probe failed: vm_flags: no form kds knows compiles" \
	's/^\(\t.*vm_flags.*;\)$/\1 kds_no_such_call();/' kernel/probes/vm_flags_set.c kernel/probes/vm_flags_assign.c
planted "$kdir" "a misspelt probe answer" "KDS_PROBE_CLASS_CREATE_OWNR" \
	's/#if KDS_PROBE_CLASS_CREATE_OWNER/#if KDS_PROBE_CLASS_CREATE_OWNR/' kernel/kds_api_forms.h
planted "$kdir" "an #ifdef on a probe answer" "tests a probe answer with #ifdef" \
	's/#if KDS_PROBE_CLASS_CREATE_OWNER/#ifdef KDS_PROBE_CLASS_CREATE_OWNER/' kernel/kds_api_forms.h
planted "$kdir" "the canary fails" "kds: kernel API probe failed: the canary probe" \
	's/return 0;/return kds_no_such_call();/' kernel/probes/canary.c
# and sparse reads every file: an address-space slip only it sees.
plant='#include <linux/compiler.h>
int kds_planted(int __user *p);
int kds_planted(int __user *p) { return *(int *)p; }'
planted "$kdir" "a sparse-only fault" "removes address space" new genradix/kds_planted.c
exit $fail
