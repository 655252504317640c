#!/bin/bash
# hotpath.sh - the library's own instructions on one call, listed one by
# one as executed, from entry to the CPACF instruction and back: zc_hash
# SHA-512 (KLMD) and AES on a prepared CPACF key (KM, KMC, KMCTR).
#
#   tests/bench/hotpath.sh [-v] [BUILDDIR]     (default build/s390x)
#
# QEMU 7.2 has no AES function codes, so the AES calls run in
# tests/bench/aes_calls (the decision wrapped, the instruction completed by
# a signal handler outside the library; see there), under qemu-s390x with
# one instruction per translation block and the "exec" log filtered to the
# library's address range: every logged address is one executed library
# instruction. The last of the calls (the steady state, after the warm-up
# calls that detect and decide) is cut out at the entry of the public
# function and annotated from the s390x disassembly. Prints per call the
# count and the instructions before and after the CPACF instruction; -v
# also the listing.
#
# Needs qemu-user's qemu-s390x (apt-get install qemu-user); prints SKIP and
# exits 0 without it or without the s390x build.
set -euo pipefail
cd "$(dirname "$0")/../.."
verbose=0
[ "${1:-}" = -v ] && { verbose=1; shift; }
build=${1:-build/s390x}
QEMU=${QEMU:-/usr/bin/qemu-s390x}
prog=$build/tests/bench/aes_calls
lib=$build/libzcrypt.a
nm=${S390X_NM:-s390x-linux-gnu-nm}
objdump=${S390X_OBJDUMP:-s390x-linux-gnu-objdump}
if [ ! -x "$QEMU" ]; then
    echo "hotpath: SKIP (no $QEMU: apt-get install qemu-user)"
    exit 0
fi
if [ ! -x "$prog" ]; then
    echo "hotpath: SKIP (no $prog: build the s390x tree first)"
    exit 0
fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# The library's range in a static binary (as in insncount.sh), and its
# disassembly: sets lo, hi, $tmp/syms, $tmp/dis.
"$nm" --defined-only "$lib" | awk 'NF == 3 && $2 ~ /[Tt]/ { print $3 }' | sort -u >"$tmp/libsyms"
range_of() { # binary
    "$nm" -S --defined-only "$1" | awk 'NF == 4 && $3 ~ /[Tt]/ { print $4, $1, $2 }' |
        sort -k1,1 | join - "$tmp/libsyms" >"$tmp/syms"
    lo= hi=0
    while read -r _ a sz; do
        a=$((16#$a))
        [ -n "$lo" ] && [ "$a" -ge "$lo" ] || lo=$a
        [ $((a + 16#$sz)) -le "$hi" ] || hi=$((a + 16#$sz))
    done <"$tmp/syms"
    "$objdump" -d --no-show-raw-insn --start-address=$lo --stop-address=$hi "$1" >"$tmp/dis"
}

# trace PROG OP LEN FUNCTION MNEMONIC
trace() {
    local prog=$1 op=$2 len=$3 fn=$4 mn=$5 entry
    range_of "$prog"
    entry=$(awk -v f="$fn" '$1 == f { print $2 }' "$tmp/syms")
    "$QEMU" -cpu max -singlestep -d exec,nochain -dfilter "$(printf '0x%x+0x%x' "$lo" $((hi - lo)))" \
        -D "$tmp/log" "$prog" "$op" "$len" 1 >/dev/null
    # guest address = the second field inside [...]
    sed -n 's/^Trace [0-9]*: [^[]*\[[0-9a-f]*\/\([0-9a-f]*\)\/.*/\1/p' "$tmp/log" |
        awk -v e="$entry" 'BEGIN { sub(/^0+/, "", e) } { a = $1; sub(/^0+/, "", a); x[NR] = a; if (a == e) s = NR }
                           END { for (i = s; i <= NR; i++) print x[i] }' >"$tmp/path"
    awk -v mn="$mn" -v fn="$fn" -v op="$op" -v len="$len" -v verbose="$verbose" '
        FNR == NR {
            if ($0 ~ /^[0-9a-f]+ <.*>:$/) { f = $2; gsub(/[<>:]/, "", f) }
            else if (match($0, /^ +[0-9a-f]+:/)) {
                a = substr($0, RSTART, RLENGTH); gsub(/[ :]/, "", a)
                line[a] = sprintf("%-26s %s", f, substr($0, RLENGTH + 1)); ins[a] = $2
                ops[a] = $3 " " $4
            }
            next
        }
        done { next }
        {
            n++; if (ins[$1] == mn && !at) at = n; l[n] = $1
            # the call ends at the return of the entry function: calls into
            # the library nest, calls through the PLT leave the range
            if (ins[$1] ~ /^bras/ && ops[$1] !~ /@plt/) depth++
            else if (ins[$1] == "br" && ops[$1] ~ /^%r14/ && depth-- == 0) done = 1
        }
        END {
            printf "%-20s %6s bytes: %4d library instructions per call: %3d before %s, %s, %3d after\n",
                fn, len, n, at - 1, toupper(mn), toupper(mn), n - at
            if (verbose) for (i = 1; i <= n; i++)
                printf "    %4d  %8s  %s\n", i, l[i], line[l[i]]
        }' "$tmp/dis" "$tmp/path"
}
hp=$build/tests/bench/insn_calls
[ ! -x "$hp" ] || trace "$hp" hash512 64 zc_hash klmd
trace "$prog" ecb 16 zc_aes_ecb_encrypt km
trace "$prog" cbc 16 zc_aes_cbc_encrypt kmc
trace "$prog" cbc 1024 zc_aes_cbc_encrypt kmc
trace "$prog" ctr 16 zc_aes_ctr_crypt kmctr
trace "$prog" ctr 1024 zc_aes_ctr_crypt kmctr
