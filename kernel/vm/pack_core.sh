# SPDX-License-Identifier: GPL-2.0
# pack_core.sh - sourced by kernel/vm/run.sh for a guest of another
# architecture (the core guest: vm/core_guest.sh): /etc/kds-vm.conf with
# what the kernel's configuration allows, and kds.ko as the system's dax
# bus (vm/system_dax.sh's core stage) driven by the real daxctl of that
# architecture: Debian's, with the libraries it names and its loader,
# from the sysroot testing/arch/sysroot.sh unpacked. Uses run.sh's $ir,
# $here, $image, $core, $sysroot, $inject, die and pack_builtin_names;
# sets no_hmem.
no_hmem="a guest of $core runs the core stages only"
# What the kernel's configuration allows a backed region (core_guest.sh's
# region 8): memory hot-plug and hot-remove, struct pages for a range;
# and whether its dax bus is a module (DAX=m: kds.ko can take the name
# "dax" first) or built in.
[ -r "$image/config" ] || die "$image/config missing: the core guest reads the kernel's configuration there"
hotplug=n zone_device=n dax=n
grep -q '^CONFIG_MEMORY_HOTREMOVE=y$' "$image/config" && hotplug=y
grep -q '^CONFIG_ZONE_DEVICE=y$' "$image/config" && zone_device=y
dax=$(sed -n 's/^CONFIG_DAX=\([ym]\)$/\1/p' "$image/config")
printf "INJECT=%s\nNO_HMEM='%s'\nCORE=%s\nMEMORY_HOTPLUG=%s\nZONE_DEVICE=%s\nDAX=%s\n" \
	"$inject" "$no_hmem" "$core" "$hotplug" "$zone_device" "${dax:-n}" >"$ir/etc/kds-vm.conf"

cp "$here/system_dax.sh" "$ir/lib/kds/system_dax.sh"
case $core in
i386) multiarch=i386-linux-gnu ;;
arm64) multiarch=aarch64-linux-gnu ;;
*) die "no multiarch folder known for $core's libraries" ;;
esac
# pack_foreign PATH [AS]: the sysroot's PATH (an ELF file of $core) at
# AS (default PATH) in the guest, then its loader and every library it
# names, found in the sysroot's lib/ and usr/lib/ $multiarch folders,
# each at its own path.
pack_foreign() {
	local f=$1 as=${2:-$1} need lib interp
	[ -e "$ir$as" ] && return 0
	[ -e "$sysroot$f" ] || die "$sysroot$f missing (testing/arch/sysroot.sh $core)"
	mkdir -p "$ir$(dirname "$as")"
	cp -L "$sysroot$f" "$ir$as"
	interp=$(readelf -l "$sysroot$f" | sed -n 's/.*Requesting program interpreter: \(.*\)]$/\1/p')
	[ -z "$interp" ] || pack_foreign "$interp"
	for need in $(readelf -d "$sysroot$f" | sed -n 's/.*(NEEDED).*\[\(.*\)\]$/\1/p'); do
		for lib in /lib/$multiarch/$need /usr/lib/$multiarch/$need ''; do
			[ -z "$lib" ] || [ ! -e "$sysroot$lib" ] || break
		done
		[ -n "$lib" ] || die "$need, which $f needs, is not in $sysroot"
		pack_foreign "$lib"
	done
}
pack_foreign /usr/bin/daxctl /bin/daxctl
pack_builtin_names
