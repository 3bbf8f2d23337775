# SPDX-License-Identifier: GPL-2.0
#
# core_guest.sh - the end of a guest of another architecture (run.sh:
# CORE=<arch>): the later stages run the host's programs (daxctl, fio,
# dmsetup), so such a guest checks what its kernel itself shows and powers
# off. Sourced by /init (kernel/vm/init.sh) from /lib/kds/stages/, where
# run.sh packs it.

# core_guest: the checks, then power off.
core_guest() {
	say "core guest of $CORE ($(uname -m)): the later stages are not run here"
	# kds.ko as the system's dax bus with $CORE's daxctl (system_dax.sh's
	# core stage, run first thing by /init): it must have run to its end
	# wherever the kernel's dax bus is a module (CONFIG_DAX=m).
	if [ "$DAX" = m ] && [ "${system_dax_core_done:-0}" != 1 ]; then
		fail "core: CONFIG_DAX=m, but system-dax's core stage did not run to its end"
	elif [ "$DAX" != m ]; then
		say "core: CONFIG_DAX=$DAX: the kernel's dax bus is there from boot, kds.ko is not the system's dax bus here"
	fi
	# Physical addresses past 4 GiB in the bus's files, every bit of them
	# (a 32-bit kernel's unsigned long holds 32): a dynamic region in no
	# resource at 0x1030000000, its device's resource, size and mapping.
	R=/sys/bus/kds_dax/devices/dax9.0
	if [ "$kds_loaded" = 1 ] &&
		echo "9 0x1030000000 0x8000000 0x200000 0 dynamic" >/sys/bus/kds_dax/create_region; then
		got="$(cat $R/resource) $(cat $R/size) $(cat $R/mapping0/start) $(cat $R/mapping0/end)"
		want="0x1030000000 134217728 0x1030000000 0x1037ffffff"
		if [ "$got" = "$want" ]; then
			say "core: region 9 past 4 GiB: resource, size, mapping0: $got"
		else
			fail "core: region 9 past 4 GiB: got '$got', want '$want'"
		fi
		echo 9 >/sys/bus/kds_dax/delete_region || fail "core: delete_region 9"
	else
		fail "core: create_region 9 past 4 GiB"
	fi
	# A backed region: the Soft Reserved range x86's memmap= makes at 256
	# MiB (run.sh), as far as the kernel's configuration lets it go (the
	# image's, in kds-vm.conf). Without memory hot-plug and hot-remove
	# (i386's 686-pae) create_region refuses it with EOPNOTSUPP and one
	# line naming why; without ZONE_DEVICE the bind to kds_device_dax is
	# refused the same way; with both, the device binds. Nothing stays
	# behind: the region deletes.
	D=/sys/bus/kds_dax/drivers/kds_device_dax
	if [ "$kds_loaded" = 1 ] && grep -qE '^ *10000000-17ffffff : Soft Reserved$' /proc/iomem; then
		err=$( { echo "8 0x10000000 0x8000000 0x200000 0" >/sys/bus/kds_dax/create_region; } 2>&1 ) && got=created || got=$err
		why='region 8: Soft Reserved, but this kernel cannot hot-add and remove memory: refused$'
		case $MEMORY_HOTPLUG:$got in
		n:*"Operation not supported"*)
			if [ "$(dmesg | grep -c "$why")" = 1 ] && [ ! -e /sys/bus/kds_dax/devices/dax8.0 ]; then
				say "core: no memory hot-plug: create_region over Soft Reserved refused with EOPNOTSUPP, and said why"
			else
				fail "core: no memory hot-plug: region 8's refusal said why $(dmesg | grep -c "$why") time(s) (want 1), or left dax8.0"
			fi ;;
		y:created)
			[ -e /sys/bus/kds_dax/devices/dax8.0/driver ] && echo dax8.0 >$D/unbind
			err=$( { echo dax8.0 >$D/bind; } 2>&1 ) && got=bound || got=$err
			why='dax8\.0: this kernel has no ZONE_DEVICE: the range cannot be mapped$'
			case $ZONE_DEVICE:$got in
			y:bound)
				say "core: region 8 (Soft Reserved) bound to kds_device_dax"
				echo dax8.0 >$D/unbind ;;
			n:*"Operation not supported"*)
				if [ "$(dmesg | grep -c "$why")" -ge 1 ] && [ ! -e /sys/bus/kds_dax/devices/dax8.0/driver ]; then
					say "core: no ZONE_DEVICE: binding dax8.0 refused with EOPNOTSUPP, and said why"
				else
					fail "core: no ZONE_DEVICE: dax8.0's refusal did not say why, or left it bound"
				fi ;;
			*) fail "core: binding dax8.0 with ZONE_DEVICE=$ZONE_DEVICE: $got" ;;
			esac
			echo 8 >/sys/bus/kds_dax/delete_region || fail "core: delete_region 8" ;;
		*) fail "core: create_region 8 over Soft Reserved with MEMORY_HOTPLUG=$MEMORY_HOTPLUG: $got" ;;
		esac
	elif [ "$kds_loaded" = 1 ]; then
		say "core: no Soft Reserved range at 256 MiB (not an x86 guest): no backed region"
	fi
	if [ "$kds_loaded" = 1 ]; then
		rmmod kds || fail "rmmod kds"
	fi
	say "done"
	sync
	poweroff -f
}
