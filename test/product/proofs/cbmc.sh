#!/bin/sh
# SPDX-License-Identifier: BSD-3-Clause
# cbmc.sh ROOT TOOL ARGS...: runs TOOL (cbmc, goto-cc, goto-instrument) of
# the trixie root ROOT (cbmc-root.sh) on this machine, through the root's
# dynamic loader and libraries: trixie's binaries need trixie's C library.
set -eu
[ $# -ge 2 ] || { echo "usage: $0 ROOT TOOL ARGS..." >&2; exit 2; }
root=$1 tool=$2
shift 2
lib=$root/usr/lib/x86_64-linux-gnu
exec "$lib/ld-linux-x86-64.so.2" --library-path "$lib:$root/usr/lib" "$root/usr/bin/$tool" "$@"
