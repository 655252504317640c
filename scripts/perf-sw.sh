#!/bin/sh
# perf-sw.sh - the software backend against its peers (issue 15, "Software on
# x86_64" and "Software on s390x"), printed in one run. A benchmark, not a test:
# it prints figures and met / MISSED against the issue's targets, and exits
# non-zero only when something cannot be built or run.
#
#   sh scripts/perf-sw.sh [rounds]
#
# 1. x86_64 (any native host): build/native/tests/sw_peers, ours vs OpenSSL's
#    libcrypto with AES-NI, PCLMULQDQ, VAES and the SHA extensions masked
#    (OPENSSL_ia32cap, set here and checked by the program) vs BearSSL, 8 KiB
#    messages, median of alternating rounds (default 9).
# 2. s390x guest instructions per block (hashes) and per operation (RSA-2048)
#    under qemu-s390x with the insncount plugin, ours (software forced) vs
#    OpenSSL 3.0's s390x code with its CPACF use masked (OPENSSL_s390xcap).
#    Needs the insncount tool ($INSNCOUNT, default ../shared/tools/insncount
#    beside the repository), qemu-user (/usr/bin/qemu-s390x: the static QEMU
#    cannot load plugins) and the s390x cross build; libssl-dev:s390x for the
#    OpenSSL column. Whatever is missing gives a SKIP line.
#
# Set PERF_SW_PART=x86 or PERF_SW_PART=s390x to run one half only.
set -eu
cd "$(dirname "$0")/.."
root=$PWD
rounds=${1:-9}
part=${PERF_SW_PART:-all}
status=0

# AES-NI (bit 57) and PCLMULQDQ (bit 33) of CPUID.1; SHA (bit 29), VAES (41)
# and VPCLMULQDQ (42) of CPUID.7 (tests/bench/sw_peers.c says the same).
OPENSSL_ia32cap=${OPENSSL_ia32cap:-'~0x200000200000000:~0x60020000000'}
export OPENSSL_ia32cap

setup() { # dir, meson options...
    d=$1
    shift
    if [ ! -f "$d/build.ninja" ]; then
        meson setup "$d" "$@" >"$d.perf-setup.log" 2>&1 ||
            { cat "$d.perf-setup.log" >&2; return 1; }
    fi
}

if [ "$part" != s390x ]; then
    echo "=== software on $(uname -m): side by side, one process ($(grep -m1 'model name' /proc/cpuinfo 2>/dev/null | sed 's/.*: //'), $(nproc) CPUs)"
    setup build/native -Dtests=enabled
    ninja -C build/native tests/sw_peers >/dev/null 2>&1 ||
        ninja -C build/native tests/sw_peers
    if [ -x build/native/tests/sw_peers ]; then
        build/native/tests/sw_peers "$rounds" || status=1
    else
        echo "SKIP x86 side by side: neither OpenSSL libcrypto nor BearSSL (libbearssl-dev) was found"
    fi
    echo
fi

[ "$part" != x86 ] || exit $status

echo "=== software on s390x: guest instructions under qemu-s390x (insncount)"
tool=${INSNCOUNT:-$root/../shared/tools/insncount}
if [ ! -x "$tool/percall.sh" ]; then
    echo "SKIP s390x instruction counts: no insncount tool at $tool (set INSNCOUNT)"
    exit $status
fi
if [ ! -x /usr/bin/qemu-s390x ]; then
    echo "SKIP s390x instruction counts: qemu-user (/usr/bin/qemu-s390x) is not installed"
    exit $status
fi
if ! command -v s390x-linux-gnu-gcc >/dev/null; then
    echo "SKIP s390x instruction counts: no s390x cross compiler"
    exit $status
fi
setup build/s390x --cross-file tests/cross/s390x-linux-gnu.ini -Dtests=enabled -Dtest_expect=qemu
ninja -C build/s390x tests/sw_insns >/dev/null 2>&1 || ninja -C build/s390x tests/sw_insns
bin=$root/build/s390x/tests/sw_insns

# Clear OpenSSL's KIMD/KLMD bits of SHA-256 (function code 2), SHA-512 (3)
# and SHA3-256 (33): bit n of the 64-bit query word counted from the left.
s390xcap='kimd:~0x3000000040000000:~0;klmd:~0x3000000040000000:~0'

percall() { # n impl alg len -> instructions per call
    bash "$tool/percall.sh" -n "$1" -e "OPENSSL_s390xcap=$s390xcap" -- \
        "$bin" "$2" "$3" "$4" @N@ | sed -n 's/^total\/call=\([0-9.]*\) .*/\1/p'
}

has_openssl=no
if /usr/bin/qemu-s390x "$bin" openssl sha256 0 0 2>/dev/null; then
    has_openssl=yes
fi

# Per block: the difference between 40-block and 8-block messages, so that
# init, padding and final cancel out.
per_block() { # impl alg block
    a=$(percall 10 "$1" "$2" $((8 * $3)))
    b=$(percall 10 "$1" "$2" $((40 * $3)))
    [ -n "$a" ] && [ -n "$b" ] || return 1
    awk -v a="$a" -v b="$b" 'BEGIN { printf "%.0f", (b - a) / 32 }'
}

printf '%-26s %12s %12s %7s %s\n' "call" "ours" "OpenSSL" "ratio" "target (ours/OpenSSL)"
row() { # label ours openssl target
    if [ "$3" = - ]; then
        printf '%-26s %12s %12s %7s %s\n' "$1" "$2" - - "(no s390x libcrypto: libssl-dev:s390x)"
        return
    fi
    awk -v l="$1" -v o="$2" -v s="$3" -v t="$4" 'BEGIN {
        r = o / s
        v = t == "" ? "(report)" : sprintf("<= %s %s", t, r <= t ? "met" : "MISSED")
        printf "%-26s %12s %12s %7.2f %s\n", l, o, s, r, v }'
}
for spec in sha256:64:SHA-256 sha512:128:SHA-512 sha3-256:136:SHA3-256; do
    alg=${spec%%:*}
    rest=${spec#*:}
    blk=${rest%%:*}
    name=${rest#*:}
    ours=$(per_block ours "$alg" "$blk") || { status=1; continue; }
    theirs=-
    [ $has_openssl = no ] || theirs=$(per_block openssl "$alg" "$blk") || { status=1; continue; }
    row "$name per ${blk} B block" "$ours" "$theirs" 1.2
done
for op in rsa-private rsa-public; do
    ours=$(percall 4 ours $op 0) || { status=1; continue; }
    theirs=-
    [ $has_openssl = no ] || theirs=$(percall 4 openssl $op 0) || { status=1; continue; }
    row "RSA-2048 ${op#rsa-} op" "${ours%.*}" "${theirs%.*}" ""
done
echo "(OPENSSL_s390xcap=$s390xcap; ours: ZC_BACKEND_SOFTWARE; qemu-s390x 7.2 TCG, deterministic counts)"
exit $status
