#!/bin/bash
# insncount.sh - guest instructions per call of the hash path on CPACF,
# counted under qemu-s390x by the insncount tool (its percall.sh: the
# difference of runs with N and 0 calls, divided by N; deterministic).
#
#   tests/bench/insncount.sh [BUILDDIR]     (default build/s390x)
#
# Prints one table row per measured call: the harness's own cost (nop), the
# raw KLMD loop through the asm/ wrapper (the floor), zc_hash SHA-384 and
# SHA-512 and the streaming init/update/final, at 64 B and 16 KiB, with
# statistics off and on (ZCRYPT_STATS=1). "lib" is the call minus the
# harness (nop). QEMU 7.2 has SHA-512 (and so SHA-384) KIMD/KLMD but no
# SHA-1/256/3 and no AES codes: those are not measured here.
#
# The tool is looked for in $INSNCOUNT_DIR, then /work/shared/tools/insncount.
# Without it (or without qemu-user's dynamic qemu-s390x, which plugins need)
# the script prints a SKIP line and exits 0: CI machines may not have it.
set -euo pipefail
cd "$(dirname "$0")/../.."
build=${1:-build/s390x}
tool=
for d in ${INSNCOUNT_DIR:-} /work/shared/tools/insncount; do
    if [ -x "$d/percall.sh" ]; then
        tool=$d
        break
    fi
done
if [ -z "$tool" ]; then
    echo "insncount: SKIP (no insncount tool: set INSNCOUNT_DIR)"
    exit 0
fi
if [ ! -x "${QEMU:-/usr/bin/qemu-s390x}" ]; then
    echo "insncount: SKIP (no ${QEMU:-/usr/bin/qemu-s390x}: apt-get install qemu-user)"
    exit 0
fi
prog=$build/tests/bench/insn_calls
if [ ! -x "$prog" ]; then
    echo "insncount: SKIP (no $prog: build the s390x tree first)"
    exit 0
fi
n=${INSNCOUNT_N:-50}

# per_call OP LEN [VAR=VAL]: "total kimd klmd linear" of one call
per_call() {
    local env=(-e QEMU_CPU=max) line
    [ -z "${3:-}" ] || env+=(-e "$3")
    line=$("$tool/percall.sh" -n "$n" "${env[@]}" -- "$prog" "$1" "$2" @N@)
    awk -v l="$line" 'BEGIN {
        k = split(l, f, " "); t = "?"; i = 0; m = 0; lin = "?"
        for (j = 1; j <= k; j++) {
            split(f[j], kv, "=")
            if (kv[1] == "total/call") t = kv[2]
            if (kv[1] == "kimd/call") i = kv[2]
            if (kv[1] == "klmd/call") m = kv[2]
            if (kv[1] == "linear") lin = kv[2]
        }
        printf "%s %s %s %s\n", t, i, m, lin
    }'
}

read -r nop _ _ _ < <(per_call nop 64)
printf '%-34s %6s %8s %8s %6s %6s %s\n' call len total lib kimd klmd linear
printf '%-34s %6s %8.0f %8s %6s %6s %s\n' "harness (nop)" - "$nop" - - - yes
row() { # label op len [env]
    local t i m lin
    read -r t i m lin < <(per_call "$2" "$3" "${4:-}")
    printf '%-34s %6s %8.0f %8.0f %6.0f %6.0f %s\n' "$1" "$3" "$t" \
        "$(awk -v a="$t" -v b="$nop" 'BEGIN { print a - b }')" "$i" "$m" "$lin"
}
for len in 64 16384; do
    row "raw KLMD SHA-512 (asm/ wrapper)" raw512 $len
    row "zc_hash SHA-384" hash384 $len
    row "zc_hash SHA-512" hash512 $len
    row "zc_hash SHA-512, statistics on" hash512 $len ZCRYPT_STATS=1
    row "init/update/final SHA-512" stream512 $len
    row "init/update/final, statistics on" stream512 $len ZCRYPT_STATS=1
done
echo "(instructions per call under qemu-s390x -cpu max, N=$n; lib = total - harness;"
echo " 16 KiB: QEMU stops KIMD/KLMD after 64 blocks with cc 3, so they are re-issued)"
