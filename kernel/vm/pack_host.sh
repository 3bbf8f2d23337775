# SPDX-License-Identifier: GPL-2.0
# pack_host.sh - sourced by kernel/vm/run.sh for a guest of the host's
# architecture: the stages past kds_test.ko (the kds_dax bus from the
# shell, the real daxctl, device-dax beside Linux's driver, O_DIRECT), the
# host programs and kernel modules they need, and /etc/kds-vm.conf. Uses
# run.sh's $ir, $here, $root, $work, $moddir, $inject and its die and
# pack_module; sets no_hmem.
no_hmem=
if ! pack_module dax/hmem/dax_hmem || ! pack_module dax/kmem; then
	no_hmem=${KDS_VM_NO_HMEM:-}
	[ -n "$no_hmem" ] ||
		die "$moddir lacks drivers/dax/hmem/dax_hmem.ko or drivers/dax/kmem.ko (set KDS_VM_NO_HMEM to the reason this kernel has none)"
	case $no_hmem in *"'"*) die "KDS_VM_NO_HMEM must not contain a single quote" ;; esac
	rm -f "$ir/lib/kds/dax_hmem.ko" "$ir/lib/kds/kmem.ko"
fi
# kds.ko as the system's dax bus (vm/system_dax.sh) and the real daxctl it
# runs, with the libraries ldd names; a host without daxctl cannot run the
# test (modules.builtin: run.sh's pack_builtin_names).
cp "$here/system_dax.sh" "$ir/lib/kds/system_dax.sh"
# pack_program NAME PACKAGE: the host's NAME (on the PATH, or in /usr/sbin
# or /sbin, which a Bazel test's PATH lacks) into the guest's /bin, with
# the libraries ldd names; a host without it cannot run the test.
pack_program() {
	local bin lib
	bin=$(PATH=$PATH:/usr/sbin:/sbin command -v "$1") || die "$1 not found (apt-get install $2)"
	cp "$bin" "$ir/bin/$1"
	for lib in $(ldd "$bin" | awk '$2 == "=>" && $3 ~ /^\// { print $3 } $1 ~ /^\// { print $1 }'); do
		[ -e "$ir$lib" ] && continue
		mkdir -p "$ir$(dirname "$lib")"
		cp -L "$lib" "$ir$lib"
	done
}
pack_program daxctl daxctl
# The device-dax applications, run on Linux's dax_hmem device and on kds's
# (devdax_apps.sh): only where the kernel has dax_hmem, the
# reference they are compared with (fio's libraries are 80 MB of RAM).
# brd (/dev/ram0): the block device kds-devdax's O_DIRECT goes through, in
# every guest; device mapper (dm-mod.ko, driven by dmsetup) holds an
# O_DIRECT read in flight over it (pin_wait.sh's devdax_odirect).
pack_module block/brd || die "$moddir has no drivers/block/brd.ko (the O_DIRECT checks need /dev/ram0)"
pack_module md/dm-mod || die "$moddir has no drivers/md/dm-mod.ko (the O_DIRECT hold needs device mapper)"
pack_program dmsetup dmsetup
if [ -z "$no_hmem" ]; then
	pack_program fio fio
	pack_program daxio pmdk-tools
fi
pack_builtin_names
# libdaxctl's writes, byte for byte, for the guest (static: no libc there).
mkdir -p "$work/daxctl"
printf '#include <errno.h>\n#include <stddef.h>\n#define __maybe_unused __attribute__((unused))\n' \
	>"$work/daxctl/kds_port.h"
cc -std=gnu11 -O2 -Wall -Werror -static -I"$work/daxctl" -I"$root" \
	-o "$ir/bin/kds-daxctl" "$here/daxctl.c" || die "cannot compile kernel/vm/daxctl.c"
# What an application sees of /dev/dax<r>.<n>, for the side-by-side run of
# Linux's device_dax and kds's on the same range (linux_compare.sh).
cc -std=gnu11 -O2 -Wall -Werror -static -o "$ir/bin/kds-devdax" "$here"/devdax/*.c ||
	die "cannot compile kernel/vm/devdax/"
# ALIGN_RANGE: the second soft-reserved range (below, with dax_hmem)
align_range=
[ -n "$no_hmem" ] || align_range="0x108000000 0x78000000"
# MEMORY_FAILURE: the kernel has CONFIG_MEMORY_FAILURE (its config file,
# beside its modules folder or in KDIR), so the guest must run memory
# failure on a parked page (/sys/devices/system/memory/hard_offline_page)
memory_failure=n
cfg=$(dirname "$moddir")/config
[ -r "$cfg" ] || cfg=${KDIR:-/nonexistent}/.config
[ -r "$cfg" ] || die "no kernel config beside $moddir or in KDIR: the guest must know whether it has memory failure"
grep -q '^CONFIG_MEMORY_FAILURE=y' "$cfg" && memory_failure=y
printf "INJECT=%s\nNO_HMEM='%s'\nALIGN_RANGE='%s'\nMEMORY_FAILURE=%s\n" "$inject" "$no_hmem" "$align_range" "$memory_failure" >"$ir/etc/kds-vm.conf"

# The malformed-id table of dax_bus/tests/id_cases.h for the guest shell:
# a host program compiled from that very header prints one row per case
# (see kds_dax_id_rows below); /init writes each row to kds.ko's new_id and
# remove_id with echo -n and with echo.
idgen=$work/idgen
mkdir -p "$idgen"
cat >"$idgen/kds_port.h" <<'PORT'
#include <errno.h>
#include <stddef.h>
#define __maybe_unused __attribute__((unused))
PORT
cat >"$idgen/idgen.c" <<'GEN'
/*
 * Row: "<echo -n result> <echo result> x<bytes as \0NNN escapes>", result
 * "ok" or "EINVAL"; "skip ..." for inputs with a NUL (a shell argument
 * cannot carry one). echo -n writes the case's bytes: its result is the
 * table's. echo appends a newline: a name accepted without one stays
 * accepted, anything else (already ending in a newline, or refused) is
 * refused. An empty echo -n writes nothing, which sysfs answers with
 * success before any store runs.
 */
#include <stdio.h>
#include <string.h>
#include "dax_bus/tests/id_cases.h"
int main(void)
{
	size_t i, j;

	for (i = 0; i < sizeof(kds_dax_id_cases) / sizeof(kds_dax_id_cases[0]); i++) {
		const struct kds_dax_id_case *c = &kds_dax_id_cases[i];
		int ok = c->expected == 0;

		if (memchr(c->input, 0, c->len)) {
			printf("skip %s\n", c->what);
			continue;
		}
		printf("%s %s x", ok || c->len == 0 ? "ok" : "EINVAL",
		       ok && c->input[c->len - 1] != '\n' ? "ok" : "EINVAL");
		for (j = 0; j < c->len; j++)
			printf("\\0%03o", (unsigned char)c->input[j]);
		printf("\n");
	}
	return 0;
}
GEN
cc -std=gnu11 -Wall -Werror -I"$idgen" -I"$root" -o "$idgen/idgen" "$idgen/idgen.c" ||
	die "cannot compile the id table generator"
"$idgen/idgen" >"$ir/etc/kds-dax-ids"
