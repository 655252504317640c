#!/bin/sh
# hardening.sh - the hardening checks of issue 8 (called by scripts/test.sh
# after the three tiers; also runs on its own).
#
#   sh scripts/hardening.sh [--long] [check...]
#
# Checks (default: all, in this order):
#   asan-ubsan      the native tier built with AddressSanitizer and
#                   UndefinedBehaviorSanitizer, -fno-sanitize-recover=all
#   valgrind        memcheck over every native test binary (CK_FORK=no):
#                   0 errors, 0 leaks
#   tsan            ThreadSanitizer build of tests/test_threads.c
#   fuzz            the libFuzzer targets of tests/fuzz/ (clang)
#   ct-taint        secrets marked undefined for memcheck (tests/ct/): no
#                   branch or index on them in the symmetric, hash and RSA
#                   paths, and the planted leaks are caught
#   error-contract  docs/error-contract.md against the library's behaviour
#   cppcheck        static analysis of lib/, clean
#
# Every run is bounded (timeout(1): 30 minutes for a whole sanitizer or
# memcheck tier, 5-10 minutes for single programs, the fuzz time + 5
# minutes per target); a timeout is a FAIL.
#
# Each check prints exactly one line, `hardening <name>: PASS <figures>` or
# `hardening <name>: FAIL <why>` (then the end of its log on stderr), and
# keeps its build and log under build/hardening-<name>/ or build/<name>/.
# The exit status is non-zero when any check failed.
#
# Time: every fuzz target runs ZC_FUZZ_SECONDS (default 25) seconds. Long
# mode (--long, or ZC_HARDENING_LONG=1) runs every target for
# ZC_FUZZ_LONG_SECONDS (default 14400: four hours) with its corpus kept in
# build/fuzz/corpus-<target>/ across runs; only the fuzz check changes.
set -eu
cd "$(dirname "$0")/.."

long=${ZC_HARDENING_LONG:-0}
if [ "${1:-}" = --long ]; then
    long=1
    shift
fi
fuzz_seconds=${ZC_FUZZ_SECONDS:-25}
[ "$long" = 1 ] && fuzz_seconds=${ZC_FUZZ_LONG_SECONDS:-14400}

status=0
mkdir -p build

# setup builddir meson-args...: configure quietly (reconfigure if present).
setup() {
    dir=$1
    shift
    if [ -f "$dir/build.ninja" ]; then
        meson setup --reconfigure "$dir" "$@"
    else
        meson setup "$dir" "$@"
    fi
}

# One summary line per check; on failure the end of its log goes to stderr.
pass() { echo "hardening $name: PASS $*"; }
fail() {
    echo "hardening $name: FAIL $*"
    if [ -n "${log:-}" ] && [ -f "$log" ]; then
        echo "--- last lines of $log" >&2
        tail -n 60 "$log" >&2
    fi
    status=1
}
elapsed() { echo "$(( $(date +%s) - t0 ))s"; }
# need PROGRAM PACKAGE: a check whose tool is missing is skipped, said so
# in its one line with the Debian package that brings it (install-deps.sh
# test installs them all).
need() {
    command -v "$1" >/dev/null 2>&1 && return 0
    echo "hardening $name: SKIP (no $1: apt-get install $2)"
    return 1
}

# --------------------------------------------------------------------------
check_asan_ubsan() {
    dir=build/asan
    log=$dir-hardening.log
    t0=$(date +%s)
    if ! { setup $dir -Dtests=enabled -Dtest_expect=native \
               -Db_sanitize=address,undefined -Db_lundef=false \
               -Dc_args=-fno-sanitize-recover=all &&
           ninja -C $dir; } >"$log" 2>&1; then
        fail "build failed"
        return
    fi
    # A report makes the test fail: ASan aborts, UBSan halts (no recover).
    # The packaging suite builds outside programs against the installed
    # library; an ASan-built library cannot link into them, and it tests
    # the install, not memory safety.
    if ! ASAN_OPTIONS=detect_leaks=1:halt_on_error=1:strict_string_checks=1 \
         UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1 \
         timeout -k 10 1800 meson test -C $dir --print-errorlogs --no-suite packaging >>"$log" 2>&1; then
        fail "$(grep -c -E 'ERROR: AddressSanitizer|runtime error:' "$dir/meson-logs/testlog.txt") reports; see $dir/meson-logs/testlog.txt"
        return
    fi
    n=$(grep -c -E '^ *[0-9]+/[0-9]+ .* OK ' "$log" || true)
    reports=$(grep -c -E 'ERROR: AddressSanitizer|runtime error:' "$dir/meson-logs/testlog.txt" || true)
    if [ "$reports" -ne 0 ]; then
        fail "$reports sanitizer reports in passing tests"
        return
    fi
    pass "$n tests, 0 reports, $(elapsed)"
}

# --------------------------------------------------------------------------
# The ZCRYPT_CAPS variants of a suite differ only on s390x: natively they
# run the same code, so memcheck runs each binary once with ZCRYPT_CAPS
# unset, plus the caps suite (which is about the variable itself). The
# taint test marks memory undefined on purpose: it is check ct-taint. Test
# cases tagged "slow" (16 MiB of XTS) are left out, and the randomized
# length sweeps take every 7th length (ZC_TEST_QUICK): at memcheck's speed
# the full sweeps alone take several minutes; the sanitizer build runs
# them in full.
check_valgrind() {
    need valgrind valgrind || return 0
    dir=build/native
    log=build/valgrind-hardening.log
    t0=$(date +%s)
    if ! { setup $dir -Dtests=enabled -Dtest_expect=native && ninja -C $dir; } >"$log" 2>&1; then
        fail "build failed"
        return
    fi
    # Only the test programs the build made (not scripts, not the
    # ThreadSanitizer builds, which memcheck cannot run: those named and
    # every test that sets TSAN_OPTIONS; not the tests that run memcheck
    # themselves), each once: the ZCRYPT_CAPS variants run the same code
    # on x86.
    tests=$(meson introspect --tests $dir | python3 -c '
import json, os, re, sys
build = os.path.realpath(sys.argv[1])
skip = re.compile(r"^[a-z0-9-]+-(none|mask|long|spell)$|^(ct-taint|ct-rsa|ct-ec|sim-threads|sim-prot-threads|stats-shared-tsan|stats-env)$")
for t in json.load(sys.stdin):
    exe = os.path.realpath(t["cmd"][0])
    tsan = "TSAN_OPTIONS" in (t.get("env") or {})
    if exe.startswith(build + os.sep) and not skip.match(t["name"]) and not tsan:
        print(t["name"])
' $dir)
    n=$(echo "$tests" | wc -l)
    # shellcheck disable=SC2086
    if ! CK_FORK=no CK_EXCLUDE_TAGS=slow ZC_TEST_QUICK=1 timeout -k 10 1800 \
            meson test -C $dir --print-errorlogs --timeout-multiplier 20 \
            --wrapper "valgrind --error-exitcode=99 --leak-check=full \
                       --show-leak-kinds=definite,indirect,possible \
                       --errors-for-leak-kinds=definite,indirect,possible" $tests >>"$log" 2>&1; then
        fail "memcheck errors or leaks; see $dir/meson-logs/testlog-valgrind.txt"
        return
    fi
    # meson names the log of a wrapped run after the wrapper
    vlog=$dir/meson-logs/testlog-valgrind.txt
    summaries=$(grep -c 'ERROR SUMMARY: 0 errors' "$vlog" || true)
    bad=$(grep 'ERROR SUMMARY:' "$vlog" | grep -c -v 'ERROR SUMMARY: 0 errors' || true)
    if [ "$bad" -ne 0 ] || [ "$summaries" -lt "$n" ]; then
        fail "$bad runs with errors, $summaries clean of $n"
        return
    fi
    pass "$n binaries under memcheck, 0 errors, 0 leaks, $(elapsed)"
}

# --------------------------------------------------------------------------
# Every run races the first-time detection anew (a fresh process), so the
# threaded test runs several times; TSan stops at the first report.
check_tsan() {
    dir=build/tsan
    log=$dir-hardening.log
    runs=${ZC_TSAN_RUNS:-10}
    t0=$(date +%s)
    if ! { setup $dir -Dtests=enabled -Dtest_expect=native -Db_sanitize=thread \
               -Db_lundef=false &&
           ninja -C $dir tests/test_threads; } >"$log" 2>&1; then
        fail "build failed"
        return
    fi
    i=0
    while [ $i -lt "$runs" ]; do
        # High-entropy ASLR breaks TSan's memory layout: run without it.
        if ! ZCRYPT_CAPS=-KMC:AES-256,bogus TSAN_OPTIONS=halt_on_error=1:exitcode=66 \
             timeout -k 10 300 setarch "$(uname -m)" -R $dir/tests/test_threads >>"$log" 2>&1; then
            fail "run $((i + 1)) failed: $(grep -c 'WARNING: ThreadSanitizer' "$log") reports"
            return
        fi
        i=$((i + 1))
    done
    reports=$(grep -c 'WARNING: ThreadSanitizer' "$log" || true)
    if [ "$reports" -ne 0 ]; then
        fail "$reports reports"
        return
    fi
    pass "$runs runs of $(sed -n 's/ on shared keys.*//p' "$log" | head -n 1) (detection raced at start), 0 reports, $(elapsed)"
}

# --------------------------------------------------------------------------
# libFuzzer targets; each writes what it finds to build/fuzz/corpus-<t>/
# (the committed seeds in tests/fuzz/corpus/<t>/ are only read).
fuzz_targets="fuzz_caps fuzz_stream fuzz_gcm fuzz_ccm fuzz_rsa fuzz_stats_segment fuzz_ec fuzz_openssl"
check_fuzz() {
    need clang 'clang libclang-rt-dev' || return 0
    dir=build/fuzz
    log=$dir-hardening.log
    t0=$(date +%s)
    if ! { CC=clang setup $dir -Dfuzz=true -Dtests=disabled \
               -Db_sanitize=address,undefined -Db_lundef=false \
               "-Dc_args=-fsanitize=fuzzer-no-link -fno-sanitize-recover=all" &&
           ninja -C $dir; } >"$log" 2>&1; then
        fail "build failed"
        return
    fi
    figures=""
    for t in $fuzz_targets; do
        # fuzz_openssl is built only where OpenSSL is (meson says so).
        if ! grep -q "^build tests/fuzz/$t:" $dir/build.ninja; then
            figures="$figures${figures:+, }$t skipped (libssl-dev)"
            continue
        fi
        mkdir -p $dir/corpus-$t
        if ! timeout -k 10 $((fuzz_seconds + 300)) \
                $dir/tests/fuzz/$t -max_total_time="$fuzz_seconds" -print_final_stats=1 \
                -timeout=20 -rss_limit_mb=2048 -artifact_prefix=$dir/crash-$t- \
                $dir/corpus-$t tests/fuzz/corpus/$t >$dir/$t.log 2>&1; then
            log=$dir/$t.log
            fail "$t crashed; input saved as $(ls $dir/crash-$t-* 2>/dev/null | head -n 1)"
            return
        fi
        execs=$(sed -n 's/^stat::number_of_executed_units: *//p' $dir/$t.log)
        figures="$figures${figures:+, }$t $execs execs"
    done
    pass "$figures (${fuzz_seconds}s each), 0 crashes, $(elapsed)"
}

# --------------------------------------------------------------------------
# tests/ct/ct_taint.c under memcheck: no report on the library's secret
# paths, and a report for each planted leak.
check_ct_taint() {
    need valgrind valgrind || return 0
    dir=build/ct
    log=$dir-hardening.log
    t0=$(date +%s)
    if ! { setup $dir -Dtests=enabled -Dtest_expect=native -Dct_taint=true &&
           ninja -C $dir tests/ct_taint tests/test_rsa_ct tests/test_ec_ct; } >"$log" 2>&1; then
        fail "build failed"
        return
    fi
    vg="timeout -k 10 600 valgrind --error-exitcode=99 --track-origins=yes"
    if ! $vg $dir/tests/ct_taint >>"$log" 2>&1; then
        fail "secret-dependent branches or indexes: $(grep -c -E 'uninitialised value|depends on uninitialised' "$log") reports"
        return
    fi
    paths=$(sed -n 's/^\([0-9]*\) passed, 0 failed$/\1/p' "$log")
    # The RSA private paths: its own program (the RSA sources built with
    # ZC_CT_VALGRIND, random bytes marked secret).
    if ! $vg $dir/tests/test_rsa_ct >$dir/rsa.log 2>&1; then
        log=$dir/rsa.log
        fail "RSA: secret-dependent branches or indexes: $(grep -c -E 'uninitialised value|depends on uninitialised' "$log") reports"
        return
    fi
    # The EC private paths, the same way: scalar multiplication, signing,
    # ECDH and key generation.
    if ! $vg $dir/tests/test_ec_ct >$dir/ec.log 2>&1; then
        log=$dir/ec.log
        fail "EC: secret-dependent branches or indexes: $(grep -c -E 'uninitialised value|depends on uninitialised' "$log") reports"
        return
    fi
    caught=0
    for leak in planted-index planted-branch; do
        if $vg $dir/tests/ct_taint $leak >$dir/$leak.log 2>&1; then
            log=$dir/$leak.log
            fail "the $leak leak was not caught"
            return
        fi
        grep -q 'ERROR SUMMARY: [1-9]' $dir/$leak.log && caught=$((caught + 1))
    done
    if [ "$caught" -ne 2 ] || [ -z "$paths" ]; then
        fail "planted leaks caught: $caught of 2; checks passed: ${paths:-none}"
        return
    fi
    pass "$paths checks over AES (ECB, CBC, CTR, CFB, OFB, CFB-8, XTS, GCM, CMAC, CCM) x3 key sizes, DES/TDES (ECB, CBC, CFB, OFB, CTR, CMAC), hashes, HMAC and the verifies; RSA private operation, signing, decryption and key generation; EC scalar multiplication, ECDSA signing, ECDH and key generation: 0 reports; 2 of 2 planted leaks caught, $(elapsed)"
}

# --------------------------------------------------------------------------
# docs/error-contract.md: a row for every ZC_API function in include/, and
# tests/test_error_contract.c walks the rows with bad input.
check_error_contract() {
    dir=build/native
    log=build/error-contract-hardening.log
    t0=$(date +%s)
    api=$(sed -n '/ZC_API/,/;/p' include/zcrypt/*.h | grep -o 'zc_[a-z0-9_]*(' | tr -d '(' | sort -u)
    doc=$(grep -o '^| `zc_[a-z0-9_]*`' docs/error-contract.md | tr -d '|` ' | sort -u)
    missing=$(echo "$api" | grep -v -x -F "$doc" || true)
    stale=$(echo "$doc" | grep -v -x -F "$api" || true)
    if [ -n "$missing$stale" ]; then
        fail "docs/error-contract.md out of date: missing rows:" $missing "; rows without a function:" $stale
        return
    fi
    if ! { setup $dir -Dtests=enabled -Dtest_expect=native &&
           ninja -C $dir tests/test_error_contract; } >"$log" 2>&1; then
        fail "build failed"
        return
    fi
    if ! ZC_ERROR_CONTRACT=docs/error-contract.md timeout -k 10 300 \
            $dir/tests/test_error_contract >>"$log" 2>&1; then
        fail "$(grep -c '^FAIL' "$log") violations (first: $(grep -m 1 '^FAIL' "$log"))"
        return
    fi
    pass "$(grep 'functions in the contract' "$log"), $(sed -n 's/ passed, 0 failed$//p' "$log") checks, 0 violations, $(elapsed)"
}

# --------------------------------------------------------------------------
# cppcheck over lib/ in both configurations (x86_64 and s390x CPACF code).
# Check set: warning, performance, portability. The style group is left
# out: its findings here are the project's declarations-at-the-top style
# (variableScope), register-sized parameter-block members only the s390x
# assembly reads (unusedStructMember), and cppcheck 2.10 misreading
# "n = min(...)" loops (knownConditionTrueFalse). One check is suppressed:
# ctuuninitvar, which follows a parameter block into the instruction
# wrappers and calls it uninitialised where the function code uses only a
# part of it (an AES-128 key fills 16 of the key field's 32 bytes; the
# instruction reads no more): it cannot know what the instruction reads.
check_cppcheck() {
    need cppcheck cppcheck || return 0
    log=build/cppcheck-hardening.log
    t0=$(date +%s)
    : >"$log"
    for config in -U__s390x__ -D__s390x__; do
        if ! timeout -k 10 600 cppcheck -q --std=c11 --enable=warning,performance,portability \
                --error-exitcode=1 --inline-suppr -I include -I lib -I . \
                -DZC_VERSION_STRING='"0"' --suppress=ctuuninitvar \
                "$config" lib/ >>"$log" 2>&1; then
            fail "$(grep -c ': \(error\|warning\|performance\|portability\|style\):' "$log") findings ($config)"
            return
        fi
    done
    if grep -q . "$log"; then
        fail "findings: $(head -n 1 "$log")"
        return
    fi
    files=$(find lib -name '*.c' | wc -l)
    pass "$files files of lib/, checks warning+performance+portability, x86_64 and s390x configurations, 0 findings, $(elapsed)"
}

# --------------------------------------------------------------------------
all="asan-ubsan valgrind tsan fuzz ct-taint error-contract cppcheck"
[ $# -gt 0 ] || set -- $all
for name in "$@"; do
    log=""
    case $name in
    asan-ubsan) check_asan_ubsan ;;
    valgrind) check_valgrind ;;
    tsan) check_tsan ;;
    fuzz) check_fuzz ;;
    ct-taint) check_ct_taint ;;
    error-contract) check_error_contract ;;
    cppcheck) check_cppcheck ;;
    *) echo "hardening.sh: unknown check '$name' (known: $all)" >&2; exit 2 ;;
    esac
done
exit "$status"
