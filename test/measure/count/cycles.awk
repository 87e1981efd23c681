# SPDX-License-Identifier: BSD-3-Clause
# cycles.awk -v core=CORE -v sites=ADDR[,ADDR]... [-v each=1] DISASSEMBLY TRACE
#
# Estimated cycles of the calls in an exact instruction trace on a Cortex-M
# core at zero wait states. DISASSEMBLY: `objdump -d` of the program; TRACE:
# qemu's `-singlestep -d exec,nochain` log of a run (one "Trace" line per
# executed instruction, the PC the second field inside [...]); sites: the
# hex addresses of the call instructions whose callees are counted, from
# the callee's first instruction to its return (the call itself is not).
# Prints "CALLS INSTRUCTIONS CYCLES", with each=1 first "INSTRUCTIONS
# CYCLES" of every call in turn. CORE: cortex-m0, cortex-m0plus, cortex-m3,
# cortex-m4; or a core without a cost table here, whose CYCLES are 0:
# cortex-m33, lx106 (ESP8266), rv32imc, and the Linux programs' arm,
# aarch64, riscv64, x86_64 (objdump --insn-width=16: an instruction a line).
# The cost of each instruction class and the Arm Technical Reference
# Manual table it comes from are in docs/count.md; a taken branch is one
# whose next traced PC is not the next instruction.
function hex(s,    i, v) {
  v = 0
  for (i = 1; i <= length(s); i++) v = v * 16 + index("0123456789abcdef", substr(s, i, 1)) - 1
  return v
}
function die(msg) { print "cycles.awk: error: " msg > "/dev/stderr"; failed = 1; exit 2 }
function regnum(r) {
  if (r ~ /^r[0-9]+$/) return substr(r, 2) + 0
  if (r == "sl") return 10
  if (r == "fp") return 11
  if (r == "ip") return 12
  if (r == "sp") return 13
  if (r == "lr") return 14
  if (r == "pc") return 15
  die("register " r)
}
# number of registers in the {...} list of operands, and whether pc is one
function reglist(ops,    l, n, i, k, parts, ab) {
  l = ops
  sub(/^[^{]*\{/, "", l)
  sub(/\}.*$/, "", l)
  gsub(/ /, "", l)
  k = split(l, parts, ",")
  n = 0
  has_pc = 0
  for (i = 1; i <= k; i++) {
    if (split(parts[i], ab, "-") == 2) {
      n += regnum(ab[2]) - regnum(ab[1]) + 1
      if (regnum(ab[2]) == 15) has_pc = 1
    } else {
      n++
      if (parts[i] == "pc") has_pc = 1
    }
  }
  return n
}
BEGIN {
  # addresses are array subscripts: exact decimal strings above 2^31 too
  # (mawk formats such numbers with CONVFMT)
  CONVFMT = "%.17g"
  n = split(sites, site_list, ",")
  if (n == 0) die("no call sites")
  for (i = 1; i <= n; i++) site[hex(site_list[i])] = 1
  cond = "(eq|ne|cs|hs|cc|lo|mi|pl|vs|vc|hi|ls|ge|lt|gt|le|al)?"
  re_b = "^b" cond "$"
  re_bl = "^bl" cond "$"
  re_bx = "^(bx|blx)" cond "$"
  re_ldr = "^(ldr|ldrb|ldrh|ldrsb|ldrsh)" cond "$"
  re_str = "^(str|strb|strh)" cond "$"
  re_tb = "^(tbb|tbh)$"
  re_div = "^(sdiv|udiv)" cond "$"
  re_mla = "^(mla|mls)" cond "$"
  re_mull = "^(smull|umull)" cond "$"
  re_mlal = "^(smlal|umlal)" cond "$"
  # P: pipeline refill after a taken branch on Cortex-M3/M4 (1 to 3 by the
  # TRMs, depending on target alignment and width): 2 here.
  P = 2
  if (core == "cortex-m0") {
    branch = 3; bl = 4; bx = 3; pop_pc = 3; pc_write = 3; pipelined_ls = 0
  } else if (core == "cortex-m0plus") {
    branch = 2; bl = 3; bx = 2; pop_pc = 2; pc_write = 2; pipelined_ls = 0
  } else if (core == "cortex-m3" || core == "cortex-m4") {
    branch = 1 + P; bl = 1 + P; bx = 1 + P; pop_pc = P; pc_write = 1 + P; pipelined_ls = 1
    # the longest division (2 to 12 cycles, by the operands); long
    # multiplies: the most on Cortex-M3 (3 to 5, 4 to 7)
    table_branch = 2 + P; divide = 12
    if (core == "cortex-m3") { mla = 2; mull = 5; mlal = 7 } else { mla = 1; mull = 1; mlal = 1 }
  } else if (core ~ /^(cortex-m33|lx106|rv32imc|arm|aarch64|riscv64|x86_64)$/) {
    count_only = 1
  } else {
    die("unknown core " core " (cortex-m0, cortex-m0plus, cortex-m3, cortex-m4, cortex-m33, lx106, rv32imc, arm, aarch64, riscv64, x86_64)")
  }
}
# the disassembly: address, raw encoding, mnemonic, operands (tab-separated)
FNR == NR {
  if ($0 !~ /^ *[0-9a-f]+:\t[0-9a-f]/) next
  # on x86 a line of bytes only is the rest of the encoding above it: the
  # size would be wrong (trace.sh asks objdump for wide enough lines)
  if (split($0, f, "\t") < 3 && core == "x86_64") die("an instruction on two lines of the disassembly: " $0)
  addr = f[1]
  gsub(/[ :]/, "", addr)
  pc = hex(addr)
  raw = f[2]
  gsub(/ /, "", raw)
  size[pc] = length(raw) / 2
  m = f[3]
  gsub(/ /, "", m)
  sub(/\.(w|n)$/, "", m)
  mnem[pc] = m
  ops[pc] = f[4]
  next
}
/^Trace / {
  s = $0
  sub(/^[^[]*\[[^\/]*\//, "", s)
  sub(/\/.*$/, "", s)
  pc = hex(s)
  if (have_prev) {
    if (prev_inside) account(prev, pc)
    if (prev in site) {
      inside = 1
      return_to = prev + size[prev]
      call_instructions = instructions
      call_cycles = cycles
    } else if (prev_inside && pc == return_to) {
      inside = 0
      calls++
      if (each) print instructions - call_instructions, cycles - call_cycles
    }
  }
  prev = pc
  prev_inside = inside
  have_prev = 1
}
# The class of the instruction at pc, once per address: kind[pc] is
# "branch" (cost[pc] when taken, 1 when not), "load" or "store" (a single
# load or store: 1 cycle when it follows a single load on Cortex-M3/M4,
# cost[pc] otherwise) or "fixed" (cost[pc]). On Cortex-M3/M4, base[pc] is
# the address register of a load or store (one more cycle when the
# instruction before computed it), dest[pc] the register a data-processing
# instruction writes.
function classify(pc,    m, o, n, b) {
  if (!(pc in mnem)) die(sprintf("pc 0x%x is not in the disassembly", pc))
  m = mnem[pc]
  o = ops[pc]
  kind[pc] = "fixed"
  if (m ~ re_b || m ~ /^(cbz|cbnz)$/) {
    kind[pc] = "branch"; cost[pc] = branch
  } else if (m ~ re_bl) {
    cost[pc] = bl
  } else if (m ~ re_bx) {
    cost[pc] = bx
  } else if (m ~ re_tb) {
    cost[pc] = table_branch
  } else if (m ~ re_div) {
    cost[pc] = divide
  } else if (m ~ re_mla) {
    cost[pc] = mla
  } else if (m ~ re_mull) {
    cost[pc] = mull
  } else if (m ~ re_mlal) {
    cost[pc] = mlal
  } else if (m ~ /^(pop|ldm)/) {
    n = reglist(o)
    cost[pc] = 1 + n + (has_pc ? pop_pc : 0)
  } else if (m ~ /^(push|stm)/) {
    cost[pc] = 1 + reglist(o)
  } else if (m ~ /^(ldrd|strd)/) {
    cost[pc] = 3
  } else if (m ~ re_ldr) {
    kind[pc] = "load"; cost[pc] = 2 + (o ~ /^pc,/ ? pc_write : 0)
  } else if (m ~ re_str) {
    # a store with an immediate offset retires into the write buffer
    kind[pc] = "store"; cost[pc] = (pipelined_ls && o !~ /\[[a-z0-9]+, *[a-z]/) ? 1 : 2
  } else if (m ~ /^(mov|add)/ && o ~ /^pc,/) {
    cost[pc] = pc_write
  } else {
    cost[pc] = 1
    if (m !~ /^(cmp|cmn|tst|teq|it|nop)/ && o ~ /^[a-z0-9]+,/) {
      dest[pc] = o
      sub(/,.*$/, "", dest[pc])
    }
  }
  if (kind[pc] == "load" || kind[pc] == "store") {
    b = o
    sub(/^[^[]*\[/, "", b)
    sub(/[],].*$/, "", b)
    base[pc] = b
  }
}
# one instruction at pc, followed by the one at next_pc
function account(pc, next_pc,    k, c) {
  instructions++
  if (count_only) return
  if (!(pc in kind)) classify(pc)
  k = kind[pc]
  c = cost[pc]
  if (k == "branch") {
    if (next_pc == pc + size[pc]) c = 1
  } else if (k == "load" || k == "store") {
    if (pipelined_ls && prev_load) c = 1
    if (pipelined_ls && base[pc] == prev_dest) c++
  }
  prev_load = (k == "load")
  prev_dest = (pc in dest) ? dest[pc] : ""
  cycles += c
}
END {
  if (failed) exit 2
  if (inside) die("the trace ends inside a call")
  print calls + 0, instructions + 0, cycles + 0
}
