# SPDX-License-Identifier: BSD-3-Clause
# lib.sh: the shell functions the project's scripts share (mk/*.sh,
# test/**/*.sh), sourced by them: `. "$top/mk/lib.sh"`. POSIX sh.

# ---- errors ------------------------------------------------------------------
# die MESSAGE...: the one-line error on stderr ("error: MESSAGE", after
# "$tag: " where the script set tag), exit status 2 (bad usage, setup).
# die_with STATUS MESSAGE...: the same with another exit status.
die_with() {
  die_status=$1
  shift
  echo "${tag:+$tag: }error: $*" >&2
  exit "$die_status"
}
die() { die_with 2 "$@"; }

# ---- patch series ------------------------------------------------------------
# series_patches DIR: the patches of the series in DIR, in order: the
# first word of each line of DIR/series (quilt's format; # comments).
series_patches() { sed -e 's/#.*//' -e 's/[ \t].*//' -e '/^$/d' "$1/series"; }
# series_field DIR NAME: what DIR/series records in its "# NAME VALUE" line
# (lwip-version, base-files, patches, made-from: mk/series.sh).
series_field() { sed -n "s/^# $2 //p" "$1/series"; }
# series_touched DIR: the files the patches of the series in DIR touch
series_touched() {
  (cd "$1" && sed -n 's|^diff --git a/\([^ ]*\) b/.*|\1|p' $(series_patches .) | sort -u)
}
# series_hash DIR: the SHA-256 of the patches of the series in DIR, in
# order (what "# patches" records)
series_hash() {
  for series_p in $(series_patches "$1"); do cat "$1/$series_p"; done | sha256sum | cut -d' ' -f1
}

# ---- emulators ---------------------------------------------------------------
# qemu_one_insn EMULATOR: the option of qemu-user's EMULATOR for one guest
# instruction per translation block (qemu 8.1 renamed -singlestep).
qemu_one_insn() {
  if "$1" -h | grep -q -- '-one-insn-per-tb'; then echo -one-insn-per-tb; else echo -singlestep; fi
}
