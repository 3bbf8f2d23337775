#!/usr/bin/env bash
# cache_dir.sh - print kds's cache root: $KDS_CACHE_DIR, else ~/.cache/kds
# with the home directory from the password database (a Bazel test's HOME
# is a temporary folder, so HOME alone would give every test a cache of
# its own). The VM's kernel (kernel/vm_kernel.sh) and the debug kernel
# (kernel/vm/debug_kernel_key.sh names its folder)
# live below it.
set -euo pipefail
if [ -n "${KDS_CACHE_DIR:-}" ]; then
	echo "$KDS_CACHE_DIR"
	exit 0
fi
# (a user the password database does not know, as in a user namespace: HOME)
home=$(getent passwd "$(id -u)" | cut -d: -f6 || true)
[ -n "$home" ] && [ -d "$home" ] || home=${HOME:?cache_dir.sh: no home directory for the kds cache: set KDS_CACHE_DIR}
echo "$home/.cache/kds"
