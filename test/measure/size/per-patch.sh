#!/bin/sh
# SPDX-License-Identifier: BSD-3-Clause
# per-patch.sh WORKDIR TREE SERIES_DIR "CORE=COMPILE COMMAND"...: what each
# patch of the series costs, for `make size`. A copy of the pristine TREE in
# WORKDIR gets the patches of SERIES_DIR/series one at a time; after each,
# ip4.c, ip4_frag.c and icmp.c are compiled for every CORE with its command
# (compiler and flags; the size tool is the compiler's name with `size` for
# `gcc`) and the text of the three objects added up. Last, the whole series
# with LWIP_INLINE_IP_CHKSUM 0. Prints a Markdown table: each total and its
# difference to the row before.
set -eu
. "$(dirname "$0")/../../../mk/lib.sh"
[ $# -ge 4 ] || die "usage: per-patch.sh WORKDIR TREE SERIES_DIR \"CORE=COMPILE COMMAND\"..."
work=$1 tree=$2 series=$3
shift 3
[ -f "$tree/src/core/ipv4/ip4.c" ] || die "$tree: not an lwIP tree"
[ -f "$series/series" ] || die "$series: no series file"
ncores=0
for c in "$@"; do
  case $c in ?*=?*) ;; *) die "'$c': not CORE=COMPILE COMMAND" ;; esac
  ncores=$((ncores + 1))
  eval "core_$ncores=\${c%%=*} cc_$ncores=\${c#*=}"
done

rm -rf "$work"
mkdir -p "$work"
cp -R "$tree" "$work/tree"

# text CORE COMMAND [FLAG]: text bytes of the three objects of the tree now
text() {
  size=$(echo "${2%% *}" | sed 's/gcc$/size/')
  total=0
  for f in ip4 ip4_frag icmp; do
    # shellcheck disable=SC2086 # the command is words
    $2 ${3:-} -I"$work/tree/src/include" -c "$work/tree/src/core/ipv4/$f.c" -o "$work/$1-$f.o" ||
      die "$1: $f.c does not compile"
    total=$((total + $("$size" -B "$work/$1-$f.o" | awk 'NR == 2 { print $1 }')))
  done
  echo "$total"
}

# row LABEL COMPARED-TO [FLAG]: one line, each core's total and its
# difference to the totals named COMPARED-TO (prev: the row before, stock);
# every row's totals become prev, the first one's stock too.
row() {
  printf '| %s |' "$1"
  i=0
  while [ $i -lt $ncores ]; do
    i=$((i + 1))
    eval "v=\$(text \"\$core_$i\" \"\$cc_$i\" ${3:-})"
    eval "p=\${$2_$i:-}"
    if [ -z "$p" ]; then printf ' %s |' "$v"; else printf ' %s (%+d) |' "$v" $((v - p)); fi
    eval "prev_$i=$v; stock_$i=\${stock_$i:-$v}"
  done
  printf '\n'
}

echo "## -Os: text of ip4.o + ip4_frag.o + icmp.o after each patch"
echo
printf '| after patch |'
i=0
while [ $i -lt $ncores ]; do i=$((i + 1)); eval "printf ' %s |' \"\$core_$i\""; done
printf '\n|---|'
i=0
while [ $i -lt $ncores ]; do i=$((i + 1)); printf -- '---:|'; done
printf '\n'

row "stock" prev
n=0
for p in $(series_patches "$series"); do
  n=$((n + 1))
  patch -p1 -s --batch --no-backup-if-mismatch -d "$work/tree" <"$series/$p" >/dev/null ||
    die "$p does not apply after the patches before it"
  # the subject, with the lines git format-patch folded it into
  subject=$(awk '/^Subject: / { s = $0; sub(/^Subject: \[PATCH[^]]*\] /, "", s); f = 1; next }
    f && /^ / { s = s $0; next } f { print s; exit }' "$series/$p")
  row "$n $subject" prev
done
printf '| the series, against stock |'
i=0
while [ $i -lt $ncores ]; do
  i=$((i + 1))
  eval "v=\$prev_$i s=\$stock_$i"
  printf ' %+d (%s %%) |' $((v - s)) "$(awk "BEGIN { printf \"%+.1f\", ($v - $s) * 100 / $s }")"
done
printf '\n'
row "the series with LWIP_INLINE_IP_CHKSUM 0, against stock" stock -DLWIP_INLINE_IP_CHKSUM=0
