#!/bin/sh
# SPDX-License-Identifier: BSD-3-Clause
# bochs.sh MODEL 'PATH...' 'PATH...' IMAGE
#
# Boots the x86_64 test image IMAGE (a raw disk image: boot.S, image.ld)
# under Bochs on the CPU model MODEL (bochs -help cpu lists them) and judges
# the run by what the image printed to port 0xE9: Bochs itself ends every
# run with status 1 (its shutdown port is a "panic"). Passes when the image
# listed exactly the fastsum paths of the first list as run on this CPU
# and those of the second as built but not run, printed "NAME: N passed,
# 0 failed" for fastsum_chksum and each path run, no other count of
# failures, and exited with status 0; a run longer than BAREMETAL_TIMEOUT
# seconds (default 900) fails. Bochs's files and its output are in IMAGE's
# directory, under bochs-MODEL/.
set -eu
[ $# -eq 4 ] || { echo "usage: bochs.sh MODEL 'PATH...' 'PATH...' IMAGE" >&2; exit 2; }
model=$1 paths=$2 not_run=$3 image=$4
[ -f "$image" ] || { echo "error: $image: no such image" >&2; exit 2; }
command -v bochs >/dev/null || { echo "error: bochs not found (apt-get install bochs bochs-term bochsbios vgabios)" >&2; exit 2; }
bios=/usr/share/bochs/BIOS-bochs-latest vgabios=/usr/share/vgabios/vgabios.bin
for f in "$bios" "$vgabios"; do
  [ -f "$f" ] || { echo "error: $f not found (apt-get install bochsbios vgabios)" >&2; exit 2; }
done
dir=$(dirname "$image")/bochs-$model
rm -rf "$dir"
mkdir -p "$dir"
# A disk of whole cylinders (16 heads, 63 sectors): Bochs takes the
# geometry of a flat image from its size. Each run has its own copy.
cylinder=$((16 * 63 * 512))
size=$(wc -c <"$image")
cp "$image" "$dir/disk.img"
truncate -s $(((size + cylinder - 1) / cylinder * cylinder)) "$dir/disk.img"
# rfb with timeout=0: this Bochs has no "nogui", and does not wait for a
# viewer. The debugger is compiled in: "c" (continue) keeps it from
# stopping at its prompt before the first instruction.
cat >"$dir/bochsrc" <<EOF
megs: 128
romimage: file=$bios
vgaromimage: file=$vgabios
cpu: model=$model, reset_on_triple_fault=0
ata0-master: type=disk, path=$dir/disk.img, mode=flat
boot: disk
display_library: rfb, options="timeout=0"
port_e9_hack: enabled=1
sound: waveoutdrv=dummy, waveindrv=dummy, midioutdrv=dummy
speaker: enabled=0
clock: sync=none
log: $dir/bochs.log
EOF
echo c >"$dir/debugger.rc"
limit=${BAREMETAL_TIMEOUT:-900}
status=0
timeout "$limit" bochs -q -f "$dir/bochsrc" -rc "$dir/debugger.rc" </dev/null >"$dir/output" 2>"$dir/stderr" || status=$?
# the image's lines: Bochs's banner and its debugger's lines left out
grep -v -e '^(0)' -e '^Next at t=' -e '^==*$' -e '^  *Bochs x86 Emulator' -e '^  *Built from' -e '^  *Timestamp:' \
  "$dir/output" | tee "$dir/console"
fail() {
  echo "error: $model: $1 (Bochs's files: $dir)" >&2
  exit 1
}
[ $status -ne 124 ] || fail "no exit within $limit s"
# the words of $1, sorted, one a line
words() {
  printf '%s\n' "$1" | tr -s ' ' '\n' | sed '/^$/d' | sort
}
run=$(sed -n 's/^fastsum paths on this CPU: *//p' "$dir/console" | sed 's/ (+copy)//g')
[ "$(words "$run")" = "$(words "$paths")" ] || fail "the paths run are '$run', expected '$paths'"
built=$(sed -n 's/^fastsum path \([^ ]*\): built, not run.*/\1/p' "$dir/console" | paste -sd ' ' -)
[ "$(words "$built")" = "$(words "$not_run")" ] || fail "the paths built but not run are '$built', expected '$not_run'"
! grep -Eq ' [1-9][0-9]* failed$' "$dir/console" || fail "$(grep -E ' [1-9][0-9]* failed$' "$dir/console" | paste -sd ';' -)"
for p in fastsum_chksum $paths; do
  grep -Eqx "$p: [1-9][0-9]* passed, 0 failed" "$dir/console" || fail "no \"$p: N passed, 0 failed\" line"
done
grep -qx 'exit status 0' "$dir/console" || fail "no \"exit status 0\" line"
echo "bochs $model: passed on $paths${not_run:+ (built, not run: $not_run)}"
