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
# statistics off and on (ZCRYPT_STATS=1), and AES-128 ECB/CBC/CTR on a
# prepared CPACF key (tests/bench/aes_calls.c: QEMU 7.2 has no AES codes,
# so the instruction is completed by a signal handler outside the
# library); AES-128 ECB also with the statistics off, in-process and
# shared (ZCRYPT_STATS=shared, on a segment of the run's own). "total" is the whole call with the harness; "library" only the
# instructions inside libzcrypt's code.
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
lib=$build/libzcrypt.a
nm=${S390X_NM:-s390x-linux-gnu-nm}

# The library's code in a static binary: one address range [lo, hi) from
# the symbols of libzcrypt.a's objects (the linker keeps them together);
# the harness and libc lie outside it.
lib_range() { # binary
    "$nm" --defined-only "$lib" 2>/dev/null | awk 'NF == 3 && $2 ~ /[Tt]/ { print $3 }' |
        sort -u >"$tmp/libsyms"
    "$nm" -S --defined-only "$1" | awk 'NF == 4 && $3 ~ /[Tt]/ { print $4, $1, $2 }' |
        sort -k1,1 | join - "$tmp/libsyms" | {
        lo= hi=0
        while read -r _ a sz; do
            a=$((16#$a))
            [ -n "$lo" ] && [ "$a" -ge "$lo" ] || lo=$a
            [ $((a + 16#$sz)) -le "$hi" ] || hi=$((a + 16#$sz))
        done
        printf '0x%x-0x%x\n' "$lo" "$hi"
    }
}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# per_call PROG OP LEN [VAR=VAL]: "total lib kimd klmd linear" for one call;
# lib = instructions inside the library's range
per_call() {
    local prog=$1 env=(-e QEMU_CPU=max) line range
    shift
    local kv
    for kv in ${3:-}; do    # VAR=VAL words
        env+=(-e "$kv")
    done
    range=$(lib_range "$prog")
    line=$("$tool/percall.sh" -n "$n" "${env[@]}" -p "range=$range" -- "$prog" "$1" "$2" @N@)
    awk -v l="$line" 'BEGIN {
        k = split(l, f, " "); t = "?"; r = 0; i = 0; m = 0; lin = "?"
        for (j = 1; j <= k; j++) {
            split(f[j], kv, "=")
            if (kv[1] == "total/call") t = kv[2]
            if (kv[1] == "range0/call") r = kv[2]
            if (kv[1] == "kimd/call") i = kv[2]
            if (kv[1] == "klmd/call") m = kv[2]
            if (kv[1] == "linear") lin = kv[2]
        }
        printf "%s %s %s %s %s\n", t, r, i, m, lin
    }'
}

printf '%-36s %6s %7s %7s %5s %5s %s\n' call bytes total library kimd klmd linear
row() { # label prog op len [env]
    local t r i m lin t2 r2
    read -r t r i m lin < <(per_call "$2" "$3" "$4" "${5:-}")
    if [ "$lin" != yes ] && { [ "$2" = "$ap" ] || [ "$2" = "${asp:-}" ]; }; then
        # The emulator's signal delivery (aes_calls) is not exactly linear;
        # the library's own count must be: compare it at N and 2N calls.
        n=$((2 * n))
        read -r t2 r2 _ < <(per_call "$2" "$3" "$4" "${5:-}")
        n=$((n / 2))
        [ "$r2" = "$r" ] && lin="yes (library)" || lin="no (library $r vs $r2)"
    fi
    printf '%-36s %6s %7.0f %7.0f %5.0f %5.0f %s\n' "$1" "$4" "$t" "$r" "$i" "$m" "$lin"
}
ap=$build/tests/bench/aes_calls
hp=$build/tests/bench/insn_calls
row "harness alone (nop)" "$hp" nop 64
for len in 64 16384; do
    row "raw KLMD SHA-512 (asm/ wrapper)" "$hp" raw512 $len
    row "zc_hash SHA-384" "$hp" hash384 $len
    row "zc_hash SHA-512" "$hp" hash512 $len
    row "zc_hash SHA-512, statistics on" "$hp" hash512 $len ZCRYPT_STATS=1
    row "init/update/final SHA-512" "$hp" stream512 $len
    row "init/update/final, statistics on" "$hp" stream512 $len ZCRYPT_STATS=1
done
if [ -x "$ap" ]; then
    for len in 16 1024; do
        row "zc_aes_ecb_encrypt AES-128 (KM)" "$ap" ecb $len
        row "zc_aes_cbc_encrypt AES-128 (KMC)" "$ap" cbc $len
        row "zc_aes_ctr_crypt AES-128 (KMCTR)" "$ap" ctr $len
    done
    row "zc_aes_cbc_encrypt, statistics on" "$ap" cbc 1024 ZCRYPT_STATS=1
    # The shared mode's price: off / in-process / shared, on a segment of
    # this run's own (ZCRYPT_STATS_SHM_NAME), removed at the end.
    # The segment is made first, so that every measured run opens it
    # (creating it is a one-time cost the differencing would not cancel).
    shm=/zct-insncount-$$
    asp=$build/tests/bench/aes_calls_shared
    env -i QEMU_CPU=max ZCRYPT_STATS=shared ZCRYPT_STATS_SHM_NAME=$shm \
        "${QEMU:-/usr/bin/qemu-s390x}" "$asp" ecb 16 1 > /dev/null
    for len in 16 1024; do
        row "zc_aes_ecb_encrypt, statistics off" "$asp" ecb $len
        row "zc_aes_ecb_encrypt, statistics on" "$asp" ecb $len ZCRYPT_STATS=1
        row "zc_aes_ecb_encrypt, statistics shared" "$asp" ecb $len \
            "ZCRYPT_STATS=shared ZCRYPT_STATS_SHM_NAME=$shm"
    done
    rm -f "/dev/shm$shm"
    row "zc_aes_ctr_crypt, statistics on" "$ap" ctr 1024 ZCRYPT_STATS=1
fi
echo "(guest instructions per call under qemu-s390x -cpu max, N=$n: total includes the"
echo " harness's loop and call; library = only instructions inside libzcrypt's code. 16 KiB:"
echo " QEMU stops KIMD/KLMD after 64 blocks with cc 3, and they are re-issued. AES: QEMU has"
echo " no AES codes, so tests/bench/aes_calls.c completes KM/KMC/KMCTR in a signal handler"
echo " outside the library: the library's path is the real one, the ciphertext is not."
echo " The off/on/shared rows run aes_calls_shared, whose library range also spans the"
echo " shared mode's object: compare those three rows with each other, by total.)"
