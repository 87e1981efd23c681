#!/bin/sh
# SPDX-License-Identifier: BSD-3-Clause
# prove.sh MODE PROOF: one CBMC proof (docs/proofs.md).
#
#   MODE prove  the proof's harness at every bound; prints one line:
#               proof, property, bound, result, seconds
#   MODE fails  the harness must fail on each of its planted bugs (a copy
#               of the real source, fastsum's src/ or lwIP's, with one
#               change, or pristine lwIP's file, made in OUT) and every
#               PROVE of it must be reached (-DPROVE_REACHED: each PROVE
#               fails where reached; one that CBMC reports as holding was
#               never reached)
#
# Environment (from test/product/proofs/Dir.mk): TOP (the checkout),
# CBMC_ROOT (cbmc-root.sh's root), LWIP and PRISTINE (the patched and the
# pristine lwIP tree), OUT (a work folder), FULL (1: the full bounds). Exit status 1 if a proof does not hold or a plant is not caught,
# 2 on bad usage.
set -eu
. "$(dirname "$0")/../../../mk/lib.sh"
[ $# -eq 2 ] || die "usage: $0 prove|fails PROOF"
mode=$1 proof=$2
here=$TOP/test/product/proofs
mkdir -p "$OUT"
log=$OUT/$proof.log
: > "$log"

cbmc() { "$here/cbmc.sh" "$CBMC_ROOT" cbmc "$@"; }

# run SRCDIR DEFINES...: the proof's harness on the sources in SRCDIR
# (fastsum's src/, or lwIP's src/ for a proof with lwip_files); 0 if every
# property holds, 1 if one fails, 2 if CBMC stopped otherwise
run() {
  src=$1
  shift
  if [ -n "$lwip_files" ]; then
    # pbuf_cat's walk to the chain's end: two pbufs at most here, which
    # CBMC does not see through the heap without a bound
    # shellcheck disable=SC2086
    set -- $(printf "$src/%s " $lwip_files) -I"$src" -I"$src/include" -I"$here/lwip" \
      -I"$TOP/lwip-port/common" -I"$TOP/lwip-port/include" --unwindset pbuf_cat.2:2 $defines "$@"
  else
    set -- "$src/fastsum_portable.c" -I"$src" -I"$src/include" "$@"
  fi
  status=0
  # shellcheck disable=SC2086
  cbmc "$here/$harness" "$TOP/test/product/common/rfc1071.c" -I"$here" \
    -I"$TOP/test/product/common" "$@" \
    --function harness --object-bits 12 --unwind "$unwind" $opts --unwinding-assertions \
    --bounds-check --pointer-check >> "$log" 2>&1 || status=$?
  case $status in 0|10) return $((status / 10)) ;; *) return 2 ;; esac
}

# the property CBMC found violated (--stop-on-fail), on one line
violated() {
  grep -A 3 '^Violated property:' "$log" | sed -n '2,3s/^ *//p' | tr '\n' ' '
}

# plant NAME FILE SED LEN OFF DOFF [VARIANT]: the sources (of $base) in
# OUT/plant-NAME with the one change SED made to FILE, or with SED
# "pristine" pristine lwIP's FILE; the harness must fail on it at length
# LEN, offsets OFF and DOFF (and VARIANT's define)
plant() {
  dir=$OUT/plant-$proof-$(printf %s "$1" | tr -c 'A-Za-z0-9' -)
  rm -rf "$dir" && mkdir -p "$dir" && cp -R "$base/." "$dir/"
  if [ "$3" = pristine ]; then
    cp "$PRISTINE/src/$2" "$dir/$2"
  else
    sed -i "$3" "$dir/$2"
  fi
  ! cmp -s "$base/$2" "$dir/$2" || die "$proof: plant '$1' changes nothing in $2"
  status=0
  run "$dir" -DLEN="$4" -DOFF="$5" -DDOFF="$6" ${7:+"$7"} --stop-on-fail || status=$?
  case $status in
    1) echo "prove-fails: $proof: fails on '$1' (len $4, offsets $5 $6): $(violated)"
       : > "$log" ;;
    0) echo "prove-fails: $proof: HOLDS with '$1' planted (len $4, offsets $5 $6): the proof cannot see it" >&2; exit 1 ;;
    *) tail -n 5 "$log" >&2; die "$proof: cbmc stopped on '$1' (log: $log)" ;;
  esac
}

# reached LEN OFF DOFF [VARIANT]: every PROVE of the harness is reached there
reached() {
  status=0
  run "$base" -DLEN="$1" -DOFF="$2" -DDOFF="$3" ${4:+"$4"} -DPROVE_REACHED || status=$?
  hits=$(grep -c 'assertion !"reached": FAILURE' "$log" || true)
  if [ "$status" -ne 1 ] || grep -q 'assertion !"reached": SUCCESS' "$log" || [ "$hits" -eq 0 ]; then
    grep 'reached' "$log" >&2 || true
    echo "prove-fails: $proof: a PROVE is not reached at len $1, offsets $2 $3 (log: $log)" >&2
    exit 1
  fi
  echo "prove-fails: $proof: all $hits PROVE reached (len $1, offsets $2 $3)"
  : > "$log"
}

# lengths FROM TO: the harness for every length, at every source offset
# in $offs and destination offset in $doffs, with each define in
# $variants, each a run of its own
lengths() {
  len=$1
  while [ "$len" -le "$2" ]; do
    for off in $offs; do
      for doff in $doffs; do
        for v in $variants; do
          status=0
          run "$base" -DLEN="$len" -DOFF="$off" -DDOFF="$doff" "$v" || status=$?
          if [ "$status" -ne 0 ]; then
            grep -E 'FAILURE|error' "$log" | head -n 5 >&2
            result="FAILED at len $len, offsets $off $doff, $v (log: $log)"
            return 1
          fi
          : > "$log"
        done
      done
    done
    len=$((len + 1))
  done
  result=verified
}

full() { [ "${FULL:-0}" = 1 ] && echo "$2" || echo "$1"; }

# the longest data of sum and copy, their plants' included: the reference's
# loop runs once a byte, the ends' byte loop at most 7 times
LONGEST=9

# Each proof: its harness, property and bound (lengths first..n at every source
# offset in offs and destination offset in doffs, with each define in
# variants; n as make prove runs it, and with FULL=1), and the length,
# offsets and define at which its PROVEs are shown reached besides the
# first of each (near), and the offsets (and define) at length n. A proof over
# lwIP names the files of lwIP's src/ it compiles (lwip_files). Its planted
# bugs are in the table below; defines are the proof's in every run, opts its
# further cbmc options (loop bounds), unwind the most iterations of any loop
# (--unwinding-assertions fails a run whose loops go further): kept near
# what the loops need, since CBMC unwinds to it every loop whose count it
# cannot fold to a constant (fastsum's ends depend on the address, which
# is symbolic). The SAT solver is CBMC's MiniSat
# (trixie's CBMC has no CaDiCaL built in; Debian's cadical through a CNF
# file was no faster at make prove's bounds, and far slower on ip4_frag).
base=$TOP/src lwip_files= defines= opts= unwind=140 variants=-DPROVE_ONE_VARIANT near="0 0 0" first=0
lwip_core="core/def.c core/inet_chksum.c core/mem.c core/memp.c core/pbuf.c core/netif.c core/ip.c core/ipv4/ip4_addr.c"
per_netif="-DLWIP_CHECKSUM_CTRL_PER_NETIF=0 -DLWIP_CHECKSUM_CTRL_PER_NETIF=1"
case $proof in
  sum) harness=sum.c n=$(full 6 8) offs="0 1 2 3 4 5 6 7" doffs=0 far="3 0" unwind=$((LONGEST + 2))
    property="fastsum_chksum_portable = byte-wise RFC 1071, reads only its bytes"
    bound="every length 0..$n, start at every address mod 8" ;;
  copy) harness=copy.c n=$(full 5 9) offs="0 1 2 3" doffs="0 1 2 3" far="1 2" unwind=$((LONGEST + 2))
    property="fastsum_chksum_copy_portable copies and = byte-wise RFC 1071, touches only its bytes"
    bound="every length 0..$n, source and destination each at every address mod 4" ;;
  fold) harness=fold.c n=0 offs=0 doffs=0 far="0 0"
    property="fastsum_fold64, fastsum_fold_count = end-around addition, RFC 1071 fold; fold64 = sum mod 0xffff"
    bound="every 64-bit input (fold_count: every carry count)" ;;
  output) harness=output.c n=$(full 4 40) offs=$(full 1 "0 1") doffs=0
    near="1 0 0 -DLWIP_CHECKSUM_CTRL_PER_NETIF=0" far="1 0 -DLWIP_CHECKSUM_CTRL_PER_NETIF=1"
    base=$LWIP/src unwind=45 variants=$per_netif lwip_files=$lwip_core
    property="lwIP ip4_output_if_opt_src: fields as given, checksum = complement of the header's RFC 1071 sum or 0 per netif"
    bound="every TOS, TTL, protocol, ID, source, destination, payload length; option bytes 0..$n of any content; header at $(full 'an odd address' 'odd and even addresses'); LWIP_CHECKSUM_CTRL_PER_NETIF 0 and 1" ;;
  forward) harness=forward.c n=8 offs=$(full 1 "0 1 2 3") doffs=0 near="0 1 0 -DLWIP_CHECKSUM_CTRL_PER_NETIF=1"
    far="1 0 -DLWIP_CHECKSUM_CTRL_PER_NETIF=1" base=$LWIP/src unwind=45 variants=$per_netif lwip_files=$lwip_core
    property="lwIP ip4_forward: only TTL >= 2 forwarded, TTL one less, the header verifies or is 0 per netif; every other byte as it came but the transport checksum, 0 exactly where the output netif offloads it (not a fragment, whole transport header); nothing written outside the pbufs' data"
    bound="every header of 20 bytes that verifies: every TOS, length, ID, fragment field, TTL, protocol, checksum, source, destination (sent for every TTL >= 2: class A unicast); any number of transport bytes of any content, 0..$n of them in the header's pbuf, the rest in a second; header at $(full 'an odd address' 'every address mod 4'); LWIP_CHECKSUM_CTRL_PER_NETIF 0 and 1" ;;
  icmp) harness=icmp.c n=$(full 0 4) offs=$(full 1 "0 1 2 3") doffs=0 near="0 1 0 -DLWIP_CHECKSUM_CTRL_PER_NETIF=1"
    far="1 0 -DLWIP_CHECKSUM_CTRL_PER_NETIF=1" base=$LWIP/src unwind=45 variants=$per_netif
    lwip_files="$lwip_core core/ipv4/icmp.c core/ipv4/ip4.c"
    property="lwIP icmp_input: one echo reply to netif->output, addresses swapped, TTL ICMP_TTL, the header verifies or is 0 per netif"
    bound="every echo request with a 20-byte header that verifies: every TOS, ID, DF, TTL, source, checksum, to the netif's unicast address; echo header and data bytes 0..$n of any content that verify; header at $(full 'an odd address' 'every address mod 4'); LWIP_CHECKSUM_CTRL_PER_NETIF 0 and 1" ;;
  reass) harness=reass.c n=2 first=2 offs=0 doffs=0 near="2 0 0" far="0 0" variants=$(full -DPROVE_ONE_VARIANT -DFRAG_ANY)
    base=$LWIP/src unwind=3 defines=-DIP_FRAG=0 opts="--unwindset prove_header_sum_in.0:11" lwip_files=$lwip_core
    property="lwIP ip4_reass: a datagram only of fragments from offset 0 without gap, MF on all but the last, header fields kept, total length its data's, offset 0, verifies; fragments disagreeing about the end dropped, nothing returned"
    bound="$n fragments of one datagram, in turn: every TOS, TTL, protocol, ID, source, destination, checksum, MF, DF; $(full 'offsets 0..24 and payload lengths 0..31 bytes' 'any offset and payload length within 65515 bytes')" ;;
  frag) harness=frag.c n=0 offs=1 doffs=0 near="0 1 0 -DLWIP_CHECKSUM_CTRL_PER_NETIF=1"
    base=$LWIP/src unwind=11 variants=$(full -DLWIP_CHECKSUM_CTRL_PER_NETIF=1 "$per_netif")
    lwip_files="$lwip_core core/ipv4/ip4_frag.c"
    # at most two fragments of 48 bytes and more: ip4_frag's loop, the
    # fragment's chain (header and one reference), pbuf_free's walk of it
    # and its call back into pbuf_free for the datagram
    defines=-DFRAG_MAX=64 opts="--no-malloc-may-fail --unwindset ip4_frag.4:3,ip4_frag.3:2,pbuf_free.4:3,pbuf_free:1,ipfrag_free_pbuf_custom:1,check_fragment.0:2,rfc1071_fold.0:3"
    property="lwIP ip4_frag: every fragment has the datagram's fields, total length <= MTU, a header that verifies or is 0 per netif, MF but on the last (there too if the datagram had it), offsets contiguous in 8s, its own payload bytes; together all of them"
    bound="every MTU 68..1500; payload 0..64 bytes (up to two fragments); every TOS, ID, TTL, protocol, checksum, length, source, destination, fragment offset and MF (DF clear); header and payload in one PBUF_REF pbuf, at an odd address; memory never runs out; LWIP_CHECKSUM_CTRL_PER_NETIF $(full '1 (a netif flag: both checksum paths)' '0 and 1')" ;;
  *) die "no proof named '$proof'" ;;
esac

# proof@planted bug@file of fastsum's or lwIP's src/@the sed command that
# plants it (or "pristine")@length and offsets (and define) at which the
# harness must fail
plants() {
  # shellcheck disable=SC2086
  grep "^$proof@" <<'EOF' | while IFS='@' read -r _ name file change at; do plant "$name" "$file" "$change" $at; done
sum@fold32 drops the end-around carry@fastsum_private.h@s/return (uint16_t)((s + ((s << 16) | (s >> 16))) >> 16);/return (uint16_t)((s + (s << 16)) >> 16);/@4 0 0
sum@odd start not byte-swapped@fastsum_portable.c@s/return odd ? fastsum_swap16(fastsum_fold64(s0 + s1)) :/return odd ? fastsum_fold64(s0 + s1) :/@3 1 0
sum@last odd byte read one past the end@fastsum_private.h@s/s += fastsum_half_from_bytes(\*p, 0);/s += fastsum_half_from_bytes(p[n \& 2], 0);/@3 0 0
copy@misaligned source shifted by the wrong count@fastsum_portable.c@s/uint32_t out = carry | to_later_bytes(next, 4 - k);/uint32_t out = carry | to_later_bytes(next, k);/@9 1 0
copy@misaligned loop loads a word past the source@fastsum_portable.c@s/for (; 4 \* i + 8 - k <= n; i++) {/for (; 4 * i + 4 - k <= n; i++) {/@9 1 0
copy@odd destination not byte-swapped@fastsum_portable.c@s/return odd ? fastsum_swap16(fastsum_fold64(sum)) :/return odd ? fastsum_fold64(sum) :/@3 0 1
fold@fold32 drops the end-around carry@fastsum_private.h@s/return (uint16_t)((s + ((s << 16) | (s >> 16))) >> 16);/return (uint16_t)((s + (s << 16)) >> 16);/@0 0 0
fold@fold_count drops the carry of s + c@fastsum_private.h@s/  s += s < c;/  s += 0;/@0 0 0
output@the ID left out of the inline sum@core/ipv4/ip4.c@/^    chk_sum += id_n;$/d@0 1 0 -DLWIP_CHECKSUM_CTRL_PER_NETIF=0
output@TTL and protocol added byte-swapped@core/ipv4/ip4.c@s/PP_HTONS((u16_t)((ttl << 8) | proto))/((u16_t)((ttl << 8) | proto))/@4 0 0 -DLWIP_CHECKSUM_CTRL_PER_NETIF=1
output@the sum stored with per-netif generation off@core/ipv4/ip4.c@/^      IPH_CHKSUM_SET(iphdr, 0);$/d@4 1 0 -DLWIP_CHECKSUM_CTRL_PER_NETIF=1
forward@pristine 2.2.1's ip4.c@core/ipv4/ip4.c@pristine@0 1 0 -DLWIP_CHECKSUM_CTRL_PER_NETIF=0
forward@a datagram arriving with TTL 0 forwarded@core/ipv4/ip4.c@s/^  if (IPH_TTL(iphdr) != 0) {$/  if (1) {/@0 1 0 -DLWIP_CHECKSUM_CTRL_PER_NETIF=0
forward@the first-pbuf test weakened to the IP header alone@core/ipv4/ip4.c@s/^  if (p->len >= hlen + th_len) {$/  if (p->len >= hlen) {/@0 1 0 -DLWIP_CHECKSUM_CTRL_PER_NETIF=1
forward@the checksum not zeroed past the first pbuf@core/ipv4/ip4.c@s/^  } else if (p->tot_len >= hlen + th_len) {$/  } else if (0) {/@0 1 0 -DLWIP_CHECKSUM_CTRL_PER_NETIF=1
forward@the input netif's ICMP flag@core/ipv4/ip4.c@s/NETIF_CHECKSUM_ENABLED(netif, NETIF_CHECKSUM_GEN_ICMP)/NETIF_CHECKSUM_ENABLED(inp, NETIF_CHECKSUM_GEN_ICMP)/@8 1 0 -DLWIP_CHECKSUM_CTRL_PER_NETIF=1
forward@a first fragment's checksum zeroed (MF left out of the test)@core/ipv4/ip4.c@s/^  if ((IPH_OFFSET(iphdr) \& PP_HTONS(IP_OFFMASK | IP_MF)) == 0) {$/  if ((IPH_OFFSET(iphdr) \& PP_HTONS(IP_OFFMASK)) == 0) {/@3 1 0 -DLWIP_CHECKSUM_CTRL_PER_NETIF=1
icmp@the old TTL not taken out of the updated sum@core/ipv4/icmp.c@/^          ip_sum += (u16_t)~PP_HTONS((u16_t)((IPH_TTL(iphdr) << 8) | IPH_PROTO(iphdr)));$/d@0 1 0 -DLWIP_CHECKSUM_CTRL_PER_NETIF=0
icmp@the updated sum folded once@core/ipv4/icmp.c@0,/^            ip_sum = FOLD_U32T(ip_sum);$/{//d}@0 1 0 -DLWIP_CHECKSUM_CTRL_PER_NETIF=0
icmp@the request's checksum kept where the netif does not generate it@core/ipv4/icmp.c@/^        IPH_CHKSUM_SET(iphdr, 0);$/d@0 1 0 -DLWIP_CHECKSUM_CTRL_PER_NETIF=1
icmp@the reply sent to the request's destination@core/ipv4/icmp.c@/^        ip4_addr_copy(iphdr->dest, \*ip4_current_src_addr());$/d@0 1 0 -DLWIP_CHECKSUM_CTRL_PER_NETIF=0
reass@pristine 2.2.1's ip4_frag.c@core/ipv4/ip4_frag.c@pristine@2 0 0
reass@the total length left out of the reassembled header's sum@core/ipv4/ip4_frag.c@s/ip4_hdr_invariant_sum(fraghdr), IPH_LEN(fraghdr), 0)/ip4_hdr_invariant_sum(fraghdr), 0, 0)/@2 0 0
frag@pristine 2.2.1's ip4_frag.c@core/ipv4/ip4_frag.c@pristine@0 1 0 -DLWIP_CHECKSUM_CTRL_PER_NETIF=0
frag@the offset left out of the per-fragment sum@core/ipv4/ip4_frag.c@s/ip4_hdr_chksum_finish(invariant_sum, IPH_LEN(iphdr), IPH_OFFSET(iphdr))/ip4_hdr_chksum_finish(invariant_sum, IPH_LEN(iphdr), 0)/@0 1 0 -DLWIP_CHECKSUM_CTRL_PER_NETIF=0
EOF
}

if [ "$mode" = prove ]; then
  body() { lengths "$first" "$n"; }
else
  # shellcheck disable=SC2086
  body() { reached $near && { [ "$n" -eq 0 ] || reached "$n" $far; } && plants; }
fi

t0=$(date +%s)
rc=0
body || rc=$?
secs=$(( $(date +%s) - t0 ))
if [ "$mode" = prove ]; then
  printf 'prove: %-5s %s | %s | %s | %d s\n' "$proof" "$property" "$bound" "$result" "$secs"
elif [ "$rc" -eq 0 ]; then
  echo "prove-fails: $proof: every plant caught, every PROVE reached ($secs s)"
fi
exit "$rc"
