#!/bin/sh
exec "$(dirname "$(readlink -f "$0")")/cc.sh" i686-linux-gnu i386 "$@"
