# SPDX-License-Identifier: BSD-3-Clause
# trace.sh: sourced by cycles.sh and limits.sh. Runs a counting program
# (test/measure/count/count_chksum.c) under qemu with one translation block per
# guest instruction, no chaining and the exec log on, so the log has one
# "Trace" line per executed instruction; finds the calls through a pointer
# in its main (or another function), the ones test/measure/count/cycles.awk
# counts.
#
# CORE: a bare-metal core under qemu-system (cortex-m0plus, cortex-m3,
# cortex-m4, cortex-m33, rv32imc, lx106) on board MACHINE, its arguments through
# semihosting; or a static Linux program under qemu-user (arm, aarch64,
# riscv64, x86_64; MACHINE "user"). The sourcing script sets here, this
# directory.

. "$here/../../../mk/lib.sh"

trace_cores="cortex-m0plus cortex-m3 cortex-m4 cortex-m33 rv32imc lx106 arm aarch64 riscv64 x86_64"

# trace_check_core CORE: exits with a one-line error unless CORE is known
# and its emulator installed
trace_check_core() {
  case " $trace_cores " in
    *" $1 "*) ;;
    *) echo "error: core $1: not one of $trace_cores" >&2; exit 2 ;;
  esac
  set -- $(trace_qemu "$1")
  command -v "$1" >/dev/null ||
    { echo "error: $1 not found (apt-get install qemu-user qemu-system-arm qemu-system-misc)" >&2; exit 2; }
}

# trace_qemu CORE: the emulator's command. x86_64: a fixed CPU, Haswell
# (AVX2, no AVX-512) less the system features qemu does not emulate, so that
# the paths fastsum and glibc choose by CPUID do not change with qemu's
# default; enforce: a qemu that cannot emulate all of it fails.
trace_qemu() {
  case $1 in
    x86_64) echo qemu-x86_64 -cpu Haswell-v4,-pcid,-x2apic,-tsc-deadline,-invpcid,-spec-ctrl,enforce ;;
    lx106) echo qemu-system-xtensa -cpu lx106 ;;
    rv32imc) echo qemu-system-riscv32 -bios none ;;
    cortex-*) echo qemu-system-arm ;;
    *) echo "qemu-$1" ;;
  esac
}

# trace_objdump CORE: the disassembler for its programs, one line per
# instruction (x86's long encodings otherwise go on to a second line)
trace_objdump() {
  case $1 in
    x86_64) echo x86_64-linux-gnu-objdump --insn-width=16 ;;
    lx106) echo xtensa-lx106-elf-objdump ;;
    rv32imc) echo riscv64-unknown-elf-objdump ;;
    cortex-*) echo arm-none-eabi-objdump ;;
    arm) echo arm-linux-gnueabihf-objdump ;;
    *) echo "$1-linux-gnu-objdump" ;;
  esac
}

# trace_disassemble CORE PROG DIR [FUNCTION]: PROG's disassembly in
# DIR/PROGNAME.dis, the addresses of the calls through a pointer in
# FUNCTION (main: count_chksum's calls of the function counted) in
# DIR/PROGNAME.sites
trace_disassemble() {
  d=$3/$(basename "$2")
  $(trace_objdump "$1") -d "$2" >"$d.dis" || { echo "error: $2: cannot disassemble" >&2; exit 1; }
  awk -F'\t' -v f=" <${4:-main}>:" '/^[0-9a-f]+ </ && index($0, f) { m = 1; next } m && /^$/ { m = 0 }
    m && $3 ~ /^(blx|blr|jalr|callx0|call +\*)/ { a = $1; gsub(/[ :]/, "", a); s = s (s ? "," : "") a }
    END { if (s != "") print s }' "$d.dis" >"$d.sites"
  [ -s "$d.sites" ] || { echo "error: $2: no call through a pointer in ${4:-main}" >&2; exit 1; }
}

# trace_run CORE MACHINE PROG TRACE ARG...: runs PROG with the ARGs, the
# instruction log in TRACE; a failed run prints its output and exits
trace_run() {
  core=$1 machine=$2 prog=$3 trace=$4
  shift 4
  emulator=$(trace_qemu "$core")
  case $machine in
    user)
      timeout 120 $emulator "$(qemu_one_insn "${emulator%% *}")" -d exec,nochain -D "$trace" "$prog" "$@" \
        </dev/null >"$trace.out" 2>&1 ;;
    *)
      args=
      # a comma in an argument is doubled for -semihosting-config
      for a in "$@"; do args="$args,arg=$(echo "$a" | sed "s/,/,,/g")"; done
      timeout 120 $emulator -M "$machine" -display none -monitor none -serial none \
        -singlestep -d exec,nochain -D "$trace" \
        -semihosting-config "enable=on,target=native$args" -kernel "$prog" </dev/null >"$trace.out" 2>&1 ;;
  esac || { cat "$trace.out" >&2; echo "error: $prog $*: the run failed" >&2; exit 1; }
}
