#!/bin/sh
# SPDX-License-Identifier: BSD-3-Clause
# packets.sh [--limits] OUTPUT.md DIR "KEYS" "CORES" [BENCH_DIR]
#
# make count-packets: the tables of what a packet costs lwIP (OUTPUT.md)
# from the cells test/measure/packets/count-cell.sh wrote, DIR/KEY/CORE/BUILD.counts
# (BUILD: stock-alg2, stock-alg3, fastsum, each also -copy, whose only row
# is the TCP send with LWIP_CHECKSUM_ON_COPY 1; fastsum-complete,
# fastsum-checked, fastsum-checks-off, whose only rows are the copied ones),
# per lwIP tree KEY and core;
# the x86_64 host's ticks from make bench (BENCH_DIR/KEY.csv: build,row,ticks)
# where it has run. Also writes packets-summary.txt beside OUTPUT.md, the lines of make's
# report: the TCP receive row on Cortex-M4 and M0+ for the first KEY.
#
# Limits, checked by both (--limits: only them, for make count-limits):
# on every row and core, patched + fastsum executes no more instructions
# (Cortex-M0+, M3, M4: no more estimated cycles either) than the better of
# the stock builds; and on Cortex-M4 the TCP receive row costs at most 0.6x
# the estimated cycles of stock algorithm 2 and 0.8x those of algorithm 3.
# The copied TCP receive on Cortex-M4: its checksum share (the row less the
# checks-off build's, estimated cycles) with the complete sum at most 0.6x
# that of patched + fastsum. A checked frame (both copied rows, every core,
# instructions; Cortex-M0+, M3, M4 estimated cycles too) within 5% of the
# checks-off build. The copied rows with the complete sum within 2% of
# patched + fastsum on every bare-metal core (instructions; Cortex-M0+, M3,
# M4 estimated cycles too): fastsum_netif_take() never costs a driver more
# than pbuf_take() and lwIP's own check, less the option's bookkeeping.
# Status 1 when one is not met.
set -eu

limits_only=0
if [ $# -ge 1 ] && [ "$1" = --limits ]; then
  limits_only=1
  shift
fi
[ $# -ge 4 ] && [ $# -le 5 ] || {
  echo "usage: packets.sh [--limits] OUTPUT.md DIR \"KEYS\" \"CORES\" [BENCH_DIR]" >&2
  exit 2
}
out=$1 dir=$2 keys=$3 cores=$4 bench=${5:-}
[ -n "$keys" ] && [ -n "$cores" ] || { echo "error: no lwIP tree or no core" >&2; exit 2; }
BUILDS="stock-alg2 stock-alg3 fastsum stock-alg2-copy stock-alg3-copy fastsum-copy fastsum-complete
  fastsum-checked fastsum-checks-off"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT INT TERM

# every cell as "count KEY CORE BUILD ROW INSTRUCTIONS CYCLES", every
# benchmark sample as "ticks KEY BUILD ROW TICKS"
for k in $keys; do
  for c in $cores; do
    for b in $BUILDS; do
      f=$dir/$k/$c/$b.counts
      [ -s "$f" ] || { echo "error: $f: no such cell (make count-packets counts it)" >&2; exit 2; }
      sed "s|^|count $k $c $b |" "$f" >>"$tmp/cells"
    done
  done
  if [ -n "$bench" ] && [ -f "$bench/$k.csv" ]; then
    tr ',' ' ' <"$bench/$k.csv" | sed "s|^|ticks $k |" >>"$tmp/cells"
  fi
done

{
  qemu-system-arm --version | head -n 1
  arm-none-eabi-gcc --version | head -n 1
  case " $cores " in
    *" x86_64 "*)
      qemu-x86_64 --version | head -n 1
      x86_64-linux-gnu-gcc --version | head -n 1
      ldd --version | head -n 1 ;;
  esac
  [ -z "$bench" ] || [ ! -f "$bench/machine.txt" ] || head -n 1 "$bench/machine.txt"
} >"$tmp/versions"

awk -v limits_only=$limits_only -v keys="$keys" -v cores="$cores" -v summary="$tmp/summary" \
    -v versions="$tmp/versions" '
BEGIN {
  nrows = split("tcp-rx-1460 tcp-rx-536 tcp-tx-1460 tcp-tx-1460-copy udp-rx-64 udp-rx-1472 " \
    "udp-tx-64 udp-tx-1472 icmp-echo-56 forward-1500 forward-576 reass-4000", rows, " ")
  label["tcp-rx-1460"] = "TCP receive 1460 B + ACK"
  label["tcp-rx-536"] = "TCP receive 536 B + ACK"
  label["tcp-tx-1460"] = "TCP send 1460 B"
  label["tcp-tx-1460-copy"] = "TCP send 1460 B, checksum on copy"
  label["udp-rx-64"] = "UDP receive 64 B"
  label["udp-rx-1472"] = "UDP receive 1472 B"
  label["udp-tx-64"] = "UDP send 64 B"
  label["udp-tx-1472"] = "UDP send 1472 B"
  label["icmp-echo-56"] = "ICMP echo 56 B, answered"
  label["forward-1500"] = "forward 1500 B to MTU 1500"
  label["forward-576"] = "forward 1500 B to MTU 576 (3 fragments)"
  label["reass-4000"] = "reassemble 4000 B (3 fragments)"
  ncopied = split("copied-tcp-rx-1460 copied-udp-rx-1472", copied, " ")
  label["copied-tcp-rx-1460"] = "TCP receive 1460 B + ACK"
  label["copied-udp-rx-1472"] = "UDP receive 1472 B"
  name["cortex-m0plus"] = "Cortex-M0+ (RP2040)"
  name["cortex-m3"] = "Cortex-M3"
  name["cortex-m4"] = "Cortex-M4 (STM32F4)"
  name["cortex-m33"] = "Cortex-M33 (RP2350)"
  name["rv32imc"] = "rv32imc (ESP32-C3)"
  name["lx106"] = "lx106 (ESP8266)"
  name["x86_64"] = "x86_64 (qemu-user, Haswell: AVX2 path)"
  nconfigs = split("stock-alg2 stock-alg3 fastsum", configs, " ")
  nrx = split("stock-alg2 stock-alg3 fastsum fastsum-complete fastsum-checked fastsum-checks-off", rx, " ")
  nkeys = split(keys, key_list, " ")
  ncores = split(cores, core_list, " ")
}
# a -copy build counts the TCP send row with LWIP_CHECKSUM_ON_COPY 1
$1 == "count" {
  build = $4; row = $5
  if (build ~ /-copy$/) { sub(/-copy$/, "", build); row = row "-copy" }
  instr[$2, $3, build, row] = $6; cyc[$2, $3, build, row] = $7
  next
}
$1 == "ticks" {
  build = $3; row = $4
  if (build ~ /-copy$/) { sub(/-copy$/, "", build); row = row "-copy" }
  ticks[$2, build, row] = $5; have_ticks[$2] = 1
  next
}
function priced(core) { return core ~ /^cortex-m(0plus|3|4)$/ }
function pct(new, old) { return sprintf("%.0f%%", 100 * (1 - new / old)) }
function cost(k, c, b, r) { return priced(c) ? cyc[k, c, b, r] : instr[k, c, b, r] }
function need(k, c, b, r) {
  if (!((k, c, b, r) in instr)) { print "error: " k " " c " " b ": no count of row " r > "/dev/stderr"; exit 2 }
}
function min(a, b) { return a + 0 < b + 0 ? a : b }
END {
  status = 0
  for (i = 1; i <= nkeys; i++) {
    k = key_list[i]
    for (j = 1; j <= ncores; j++) {
      c = core_list[j]
      over = ""
      for (n = 1; n <= nrows + ncopied; n++) {
        r = n <= nrows ? rows[n] : copied[n - nrows]
        for (m = 1; m <= nconfigs; m++) need(k, c, configs[m], r)
        f = instr[k, c, "fastsum", r]; best = min(instr[k, c, "stock-alg2", r], instr[k, c, "stock-alg3", r])
        if (f + 0 > best + 0) over = over " " r ": " f " > " best " instructions;"
        f = cyc[k, c, "fastsum", r]; best = min(cyc[k, c, "stock-alg2", r], cyc[k, c, "stock-alg3", r])
        if (priced(c) && f + 0 > best + 0) over = over " " r ": " f " > " best " cycles;"
      }
      what = priced(c) ? "instructions and estimated cycles" : "instructions"
      if (over == "") {
        verdict[k, c] = k ", " c ": patched + fastsum <= the better stock build in " what " on every row: met"
      } else {
        verdict[k, c] = k ", " c ": patched + fastsum <= the better stock build in " what ": NOT MET:" over
        status = 1
      }
    }
    # the Cortex-M4 targets for the TCP receive row
    for (j = 1; j <= ncores; j++) if (core_list[j] == "cortex-m4") {
      r = "tcp-rx-1460"; c = "cortex-m4"
      f = cyc[k, c, "fastsum", r]; a2 = cyc[k, c, "stock-alg2", r]; a3 = cyc[k, c, "stock-alg3", r]
      ok = f <= 0.6 * a2 && f <= 0.8 * a3
      target[k] = sprintf("%s, Cortex-M4, %s: patched + fastsum %d estimated cycles, %.2fx of stock algorithm 2 (target 0.6x), %.2fx of algorithm 3 (target 0.8x): %s", \
        k, label[r], f, f / a2, f / a3, ok ? "met" : "NOT MET")
      if (!ok) status = 1
    }
    # the copied rows: the receive checksum state against checks off, and
    # the complete sum against pbuf_take() and software verification
    slow = ""; dearer = ""
    for (j = 1; j <= ncores; j++) {
      c = core_list[j]
      for (n = 1; n <= ncopied; n++) {
        r = copied[n]
        for (m = 1; m <= nrx; m++) need(k, c, rx[m], r)
        f = instr[k, c, "fastsum-checked", r]; off = instr[k, c, "fastsum-checks-off", r]
        if (f > 1.05 * off) slow = slow " " c " " r ": " f " > 1.05 x " off " instructions;"
        f = cyc[k, c, "fastsum-checked", r]; off = cyc[k, c, "fastsum-checks-off", r]
        if (priced(c) && f > 1.05 * off) slow = slow " " c " " r ": " f " > 1.05 x " off " cycles;"
        # not on x86_64, whose fused copy executes as many instructions as
        # memcpy and the sum (docs/count.md)
        if (c == "x86_64") continue
        f = instr[k, c, "fastsum-complete", r]; p = instr[k, c, "fastsum", r]
        if (f > 1.02 * p) dearer = dearer " " c " " r ": " f " > 1.02 x " p " instructions;"
        f = cyc[k, c, "fastsum-complete", r]; p = cyc[k, c, "fastsum", r]
        if (priced(c) && f > 1.02 * p) dearer = dearer " " c " " r ": " f " > 1.02 x " p " cycles;"
      }
      if (c == "cortex-m4") {
        r = "copied-tcp-rx-1460"; off = cyc[k, c, "fastsum-checks-off", r]
        f = cyc[k, c, "fastsum", r] - off; sc = cyc[k, c, "fastsum-complete", r] - off
        ok = f > 0 && sc <= 0.6 * f
        share[k] = sprintf("%s, Cortex-M4, %s, copied by the driver: checksum share (the row less checks off) with the complete sum %d estimated cycles, %s of patched + fastsum'\''s %d (target 0.6x): %s", \
          k, label[r], sc, f > 0 ? sprintf("%.2fx", sc / f) : "no share", f, ok ? "met" : "NOT MET")
        if (!ok) status = 1
      }
    }
    checked[k] = k ", copied rows: a checked frame within 5% of checks off (instructions; Cortex-M0+, M3, M4 estimated cycles too) on every core: " \
      (slow == "" ? "met" : "NOT MET:" slow)
    if (slow != "") status = 1
    complete[k] = k ", copied rows: with the complete sum within 2% of patched + fastsum (instructions; Cortex-M0+, M3, M4 estimated cycles too) on every bare-metal core: " \
      (dearer == "" ? "met" : "NOT MET:" dearer)
    if (dearer != "") status = 1
  }
  if (!limits_only) {
    while ((getline line < versions) > 0) version_text = version_text (version_text ? "; " : "") line
    print "# What a packet costs lwIP, stock and patched with fastsum"
    print ""
    print "Each row: one packet, from the frame entering the netif'\''s input function"
    print "(or the application'\''s send) until lwIP returns, every frame it sends in reply"
    print "through a driver that discards it (test/measure/packets/rows.c). Builds: stock lwIP"
    print "with LWIP_CHKSUM_ALGORITHM 2 (lwIP'\''s default, ESP-IDF'\''s) and 3 (the Pico SDK"
    print "examples'\''), and lwIP with the patch series and fastsum (fastsum_lwipopts.h); every"
    print "checksum in software; the other options the Pico SDK examples'\'' (test/measure/packets/lwipopts.h)."
    print "Counted under qemu (`-singlestep -d exec,nochain`), -O2 with picolibc; x86_64 static with"
    print "glibc under qemu-user on its Haswell CPU (AVX2, no AVX-512: fastsum'\''s AVX2 path from 384"
    print "bytes). Cortex-M0+, M3 and M4 in estimated cycles (docs/count.md), instructions in"
    print "parentheses; the other cores in instructions. Saved: what patched + fastsum saves against"
    print "each stock build."
    print ""
    print version_text "."
    for (i = 1; i <= nkeys; i++) {
      k = key_list[i]
      print ""
      print "## " k
      for (j = 1; j <= ncores; j++) {
        c = core_list[j]
        print ""
        print "### " name[c] ": " (priced(c) ? "estimated cycles (instructions)" : "instructions")
        print ""
        print "| row | stock alg 2 | stock alg 3 | patched + fastsum | saved vs alg 2 | saved vs alg 3 |"
        print "|---|---|---|---|---|---|"
        for (n = 1; n <= nrows; n++) {
          r = rows[n]
          line = "| " label[r] " |"
          for (m = 1; m <= nconfigs; m++) {
            b = configs[m]
            line = line " " (priced(c) ? cyc[k, c, b, r] " (" instr[k, c, b, r] ")" : instr[k, c, b, r]) " |"
          }
          f = cost(k, c, "fastsum", r)
          print line " " pct(f, cost(k, c, "stock-alg2", r)) " | " pct(f, cost(k, c, "stock-alg3", r)) " |"
        }
      }
      print ""
      print "### Received by a driver that copies the frame"
      print ""
      print "From the driver'\''s copy of the frame out of its buffer into a pool pbuf until lwIP returns:"
      print "stock and patched + fastsum copy with pbuf_take() and verify in software; + complete sum:"
      print "fastsum_netif_take() sums as it copies (LWIP_CHECKSUM_CHECK_PER_PBUF 1); + checked marks:"
      print "pbuf_take() and the IPv4 header and transport marked checked, as by a MAC; checks off:"
      print "patched + fastsum with CHECKSUM_CHECK_* 0. Share: the checksums'\'' part (the row less checks"
      print "off) of patched + fastsum and with the complete sum. Cortex-M0+, M3, M4 in estimated cycles"
      print "(instructions), the others in instructions."
      print ""
      print "| core | row | stock alg 2 | stock alg 3 | patched + fastsum | + complete sum | + checked marks | checks off | share: fastsum / complete |"
      print "|---|---|---|---|---|---|---|---|---|"
      for (j = 1; j <= ncores; j++) {
        c = core_list[j]
        for (n = 1; n <= ncopied; n++) {
          r = copied[n]
          line = "| " name[c] " | " label[r] " |"
          for (m = 1; m <= nrx; m++) {
            b = rx[m]
            line = line " " (priced(c) ? cyc[k, c, b, r] " (" instr[k, c, b, r] ")" : instr[k, c, b, r]) " |"
          }
          off = cost(k, c, "fastsum-checks-off", r)
          print line " " cost(k, c, "fastsum", r) - off " / " cost(k, c, "fastsum-complete", r) - off " |"
        }
      }
      if (have_ticks[k]) {
        print ""
        print "### x86_64 (this host, make bench): ticks, median"
        print ""
        print "| row | stock alg 2 | stock alg 3 | patched + fastsum | saved vs alg 2 | saved vs alg 3 |"
        print "|---|---|---|---|---|---|"
        for (n = 1; n <= nrows; n++) {
          r = rows[n]
          if (!((k, "fastsum", r) in ticks)) continue
          f = ticks[k, "fastsum", r]
          print "| " label[r] " | " ticks[k, "stock-alg2", r] " | " ticks[k, "stock-alg3", r] " | " f " | " \
            pct(f, ticks[k, "stock-alg2", r]) " | " pct(f, ticks[k, "stock-alg3", r]) " |"
        }
        print ""
        print "| copied by the driver | stock alg 2 | stock alg 3 | patched + fastsum | + complete sum | + checked marks | checks off |"
        print "|---|---|---|---|---|---|---|"
        for (n = 1; n <= ncopied; n++) {
          r = copied[n]
          if (!((k, "fastsum-complete", r) in ticks)) continue
          line = "| " label[r] " |"
          for (m = 1; m <= nrx; m++) line = line " " ticks[k, rx[m], r] " |"
          print line
        }
      }
    }
    print ""
    print "Limits:"
    print ""
  }
  for (i = 1; i <= nkeys; i++) {
    for (j = 1; j <= ncores; j++) print "- " verdict[key_list[i], core_list[j]]
    if (key_list[i] in target) print "- " target[key_list[i]]
    if (key_list[i] in share) print "- " share[key_list[i]]
    print "- " checked[key_list[i]]
    print "- " complete[key_list[i]]
  }
  k = key_list[1]; r = "tcp-rx-1460"
  for (j = 1; j <= ncores; j++) {
    c = core_list[j]
    if (c != "cortex-m4" && c != "cortex-m0plus") continue
    f = cyc[k, c, "fastsum", r]
    printf "%s, %s, %s: %d / %d / %d estimated cycles (stock alg 2 / alg 3 / patched + fastsum), saves %s / %s\n", \
      label[r], k, name[c], cyc[k, c, "stock-alg2", r], cyc[k, c, "stock-alg3", r], f, \
      pct(f, cyc[k, c, "stock-alg2", r]), pct(f, cyc[k, c, "stock-alg3", r]) > summary
  }
  exit status
}' "$tmp/cells" >"$tmp/report" || status=$?
status=${status:-0}
[ "$status" -le 1 ] || { cat "$tmp/report"; exit "$status"; }
cp "$tmp/report" "$out"
cp "$tmp/summary" "$(dirname "$out")/packets-summary.txt"
cat "$tmp/report"
exit "$status"
