#!/bin/sh
exec "$(dirname "$(readlink -f "$0")")/cc.sh" aarch64-linux-gnu arm64 "$@"
