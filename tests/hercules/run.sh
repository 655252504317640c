#!/usr/bin/env bash
# run.sh - IPL a bare-metal test image under Hercules 3.13 and check it.
#
# usage: run.sh IMAGE.bin [OUTDIR]
#
# Writes the Hercules config, the .ins load list and the rc (command) file
# into OUTDIR (default: a new temporary directory, removed again when the
# run passes), runs Hercules in daemon mode under a hard timeout, and
# checks both result channels of the guest:
#   - its console lines ("BM: ..." in hercules.log, sent with DIAG 8),
#   - its result block at 0x9000, dumped by an automatic-operator rule
#     when the guest loads its final disabled-wait PSW.
# Results: OUTDIR/results.txt and OUTDIR/results.json. Stdout gets every
# INFO and TEST line and ends with the line "N passed, N failed".
#
# Exit status: 0 all tests passed and the guest ended normally
#              1 test failures
#              2 harness problem: timeout, program check, no END, result
#                block missing or inconsistent, no test run, ...
#              3 the image does not exist
# A harness problem (2, 3) counts as one extra failure in the last line,
# so "0 failed" is printed only by a clean run.
#
# Environment: BM_TIMEOUT  seconds before Hercules is killed (default 480)
#              BM_HERCULES the hercules binary (default: hercules)
set -u
export LC_ALL=C

prog=${0##*/}
timeout_s=${BM_TIMEOUT:-480}
hercules=${BM_HERCULES:-hercules}

# The result block (bm.h): address, size, magic "ZCBMRES1" in hex.
blk_addr=9000
blk_end=90FF
blk_size=256
blk_magic=5a43424d52455331

# Harness failure before Hercules ran: report, print the closing line.
die() { # exit-code message
    echo "$prog: $2" >&2
    echo "0 passed, 1 failed"
    exit "$1"
}

if [ $# -lt 1 ] || [ $# -gt 2 ]; then
    die 2 "usage: $prog IMAGE.bin [OUTDIR]"
fi
image=$1
if [ ! -f "$image" ] || [ ! -r "$image" ]; then
    die 3 "image not found: $image"
fi
case $timeout_s in
    '' | *[!0-9]*) die 2 "BM_TIMEOUT must be a number of seconds: '$timeout_s'" ;;
esac
command -v "$hercules" >/dev/null 2>&1 || die 2 "hercules not found ($hercules)"
image=$(cd "$(dirname "$image")" && pwd)/$(basename "$image")

if [ $# -ge 2 ]; then
    out=$2
    mkdir -p "$out" || die 2 "cannot create $out"
    temp_out=0
else
    out=$(mktemp -d "${TMPDIR:-/tmp}/zc-hercules.XXXXXX") || die 2 "mktemp failed"
    temp_out=1
fi
out=$(cd "$out" && pwd)
log=$out/hercules.log
rm -f "$out/results.txt" "$out/results.json" "$out/console.txt" "$log" \
      "$out/hercules.err" "$out/result_block.hex" "$out/image.bin"

# ---- Hercules input files -------------------------------------------------
# Hercules resolves names in a .ins file relative to the .ins file and
# refuses symlinks and '..', so the image is copied next to it.
cp "$image" "$out/image.bin" || die 2 "cannot copy $image to $out"
echo "image.bin 0x00000000" >"$out/bm.ins"

# CODEPAGE 819/037 matches the guest's ASCII->EBCDIC table, so every
# printable character round-trips; the default table garbles [ ] ^ |.
# One device is needed or Hercules will not start; MAINSIZE (MiB) must
# cover bm.ld's layout (BM_MAINSIZE).
cat >"$out/hercules.cnf" <<'EOF'
ARCHMODE   z/Arch
MAINSIZE   64
XPNDSIZE   0
NUMCPU     1
MAXCPU     1
CPUSERIAL  000001
CPUMODEL   2817
LPARNAME   ZCBM
DIAG8CMD   ENABLE NOECHO
CODEPAGE   819/037
PANRATE    SLOW
000E 1403 /dev/null
EOF

# Daemon mode ignores stdin: commands come from HERCULES_RC, as rules of
# the automatic operator (HAO). The final wait is logged as two lines,
# "HHCCP011I ... Disabled wait state" and "PSW=...", so the first rule
# triggers on the PSW line itself (z/Arch wait mask 00020001) and dumps the
# result block. Quitting at the same moment loses the dump now and then
# (the logger stops before it has written it), so the second rule quits
# only once HAO has seen the last dump line. ESA/390 (the switch to z/Arch
# failed) and load errors quit at once; anything else ends by timeout.
cat >"$out/bm.rc" <<EOF
hao tgt ^PSW=00020001
hao cmd r $blk_addr-$blk_end
hao tgt ^R:$(printf '%016X' $((16#$blk_end - 15))):
hao cmd quit
hao tgt ^PSW=000A0000
hao cmd quit
hao tgt ^HHCSC0[0-9][0-9]E
hao cmd quit
ipl bm.ins
EOF

# ---- run --------------------------------------------------------------------
t0=$(date +%s%N)
# The explicit exit keeps bash from exec'ing timeout in the subshell: if
# timeout has to SIGKILL, the subshell then reports "Killed" into
# hercules.err instead of this script onto stderr.
(cd "$out" && HERCULES_RC=bm.rc timeout -k 5 "$timeout_s" \
    "$hercules" -f hercules.cnf -d; exit $?) >"$log" 2>"$out/hercules.err" </dev/null
hrc=$?
t1=$(date +%s%N)
wall_ms=$(((t1 - t0) / 1000000))

# ---- channel 1: console lines ----------------------------------------------
# "BM: " starts a logical line, "BM+ " continues it (bm_console.c).
# Anything but printable ASCII is replaced so the JSON stays valid.
awk '/^BM: /  { if (n) print cur; cur = substr($0, 5); n = 1; next }
     /^BM\+ / { cur = cur substr($0, 5); n = 1; next }
     END      { if (n) print cur }' "$log" | tr -c '\040-\176\n' '.' >"$out/console.txt"
console=$out/console.txt
nlog=$(grep -a -c -E '^BM[:+] ' "$log")
npass=$(grep -c -E '^TEST [^ ]+ PASS( |$)' "$console")
nfail=$(grep -c -E '^TEST [^ ]+ FAIL( |$)' "$console")
ntest=$(grep -c '^TEST ' "$console")
summary=$(grep '^SUMMARY ' "$console" | tail -n 1)

# ---- final wait PSW ------------------------------------------------------------
# z/Arch: "PSW=00020001 80000000 <16 hex digits>", ESA/390: two words.
psw=$(awk '/^HHCCP011I/ { getline; if ($1 ~ /^PSW=/) p = $0 } END { print p }' "$log")
read -r -a pswords <<<"$psw"
case ${#pswords[@]} in
    3) wait=${pswords[2]} ;;
    2) wait=ESA:${pswords[1]} ;;
    *) wait="" ;;
esac

# ---- channel 2: the result block -----------------------------------------------
# "R:0000000000009000:K:06=5A43424D 52455331 00000002 00000005  ascii"
blk=$(awk -v cmd="r $blk_addr-$blk_end" -v base=$((16#$blk_addr)) '
    $0 == cmd { on = 1; n = 0; next }
    on && index($0, sprintf("R:%016X:", base + 16 * n)) == 1 {
        s = substr($0, index($0, "=") + 1, 35); gsub(/ /, "", s)
        printf "%s", tolower(s); n++; next }
    on { on = 0 }' "$log")
[ ${#blk} -eq $((2 * blk_size)) ] && echo "$blk" >"$out/result_block.hex"

hx() { echo "${blk:$(($1 * 2)):$(($2 * 2))}"; }         # offset length
num() { echo $((16#$(hx "$1" "$2"))); }
ascii() { # offset length -> printable characters up to the first NUL
    hx "$1" "$2" | awk -v hex=0123456789abcdef '{ for (i = 1; i < length($0); i += 2) {
        c = index(hex, substr($0, i, 1)) * 16 + index(hex, substr($0, i + 1, 1)) - 17
        if (c == 0) break
        printf "%c", (c >= 32 && c < 127) ? c : 46 } }'
}

jstr() { # JSON string literal
    local s=$1
    s=${s//\\/\\\\}
    s=${s//\"/\\\"}
    printf '"%s"' "$(printf '%s' "$s" | tr '\000-\037' ' ')"
}
jnum() { if [ -n "$1" ]; then printf '%s' "$1"; else printf 'null'; fi; }

# ---- verdict ----------------------------------------------------------------------
status=0
reasons=()
problem() { # severity message; the first harness problem is the main reason
    local r
    [ "$1" -gt "$status" ] && status=$1
    for r in ${reasons[@]+"${reasons[@]}"}; do
        [ "$r" = "$2" ] && return
    done
    reasons+=("$2")
}
no_tests="no test ran (bm_run_tests reported no result)"
pgm_json=null
crashed=0       # the guest did not finish: skip the end-of-run checks

symbol_of() { # address (hex) -> " in FUNCTION", if the ELF is at hand
    local elf=${image%.bin}.elf fn
    [ -f "$elf" ] && command -v s390x-linux-gnu-addr2line >/dev/null 2>&1 || return 0
    fn=$(s390x-linux-gnu-addr2line -f -e "$elf" "0x$1" 2>/dev/null | head -n 1)
    [ -n "$fn" ] && [ "$fn" != "??" ] && printf ' in %s' "$fn"
}

pgm_name() {
    case $1 in
        1) echo operation ;; 2) echo privileged-operation ;; 3) echo execute ;;
        4) echo protection ;; 5) echo addressing ;; 6) echo specification ;;
        7) echo data ;; 8) echo fixed-point-overflow ;; 9) echo fixed-point-divide ;;
        16) echo segment-translation ;; 17) echo page-translation ;;
        19) echo special-operation ;; 21) echo operand ;; *) echo unknown ;;
    esac
}

if [ "$hrc" -eq 124 ] || [ "$hrc" -eq 137 ]; then
    problem 2 "timeout: Hercules killed after ${timeout_s}s (guest hung or never reached a disabled wait)"
    crashed=1
elif [ "$hrc" -ne 0 ]; then
    problem 2 "Hercules exited with status $hrc"
fi
if grep -a -q '^HHCSC0[0-9][0-9]E' "$log"; then
    problem 2 "Hercules could not load the image: $(grep -a -m 1 '^HHCSC0[0-9][0-9]E' "$log")"
    crashed=1
fi

case $wait in
    "")
        [ "$crashed" -eq 1 ] || problem 2 "the guest never reached a disabled wait"
        crashed=1 ;;
    0000000000000000) ;;
    000000000BAD????) ;;    # checked against the counts below
    000000000DE[AB]????)
        crashed=1
        code=$(((16#$wait - 16#0DEA0000) / 2))
        msg=$(printf 'program check %04X (%s)' "$code" "$(pgm_name "$code")")
        if [ ${#blk} -eq $((2 * blk_size)) ]; then
            pint=$(num 32 4)
            ilc=$(((pint >> 16) & 6))
            paddr=$(hx 48 8)
            iaddr=$(printf '%x' $((16#$paddr - ilc)))
            msg="$msg at 0x$iaddr$(symbol_of "$iaddr") (old PSW $(hx 40 8) $paddr, ILC $ilc)"
            last=$(ascii 64 64)
            [ -n "$last" ] && msg="$msg, after test '$last'"
            [ "$(num 36 4)" -gt 1 ] && msg="$msg [$(num 36 4) program checks: the handler itself failed]"
            pgm_json=$(printf '{"code": %d, "name": "%s", "address": "0x%s", "psw": "%s %s", "ilc": %d, "last_test": %s}' \
                "$code" "$(pgm_name "$code")" "$iaddr" "$(hx 40 8)" "$paddr" "$ilc" "$(jstr "$last")")
        fi
        problem 2 "$msg" ;;
    000000000E0E0000) problem 2 "$no_tests" ;;
    0000000005AC0000) problem 2 "stack overflow (the stack guard was overwritten)" ;;
    000000000000E1A0) problem 2 "unexpected restart interruption"; crashed=1 ;;
    000000000000E1B0) problem 2 "unexpected external interruption"; crashed=1 ;;
    000000000000E1C0) problem 2 "unexpected SVC interruption"; crashed=1 ;;
    000000000000E1E0) problem 2 "unexpected machine-check interruption"; crashed=1 ;;
    000000000000E1F0) problem 2 "unexpected I/O interruption"; crashed=1 ;;
    ESA:80000E90) problem 2 "SIGP SET ARCHITECTURE refused: the CPU stayed in ESA/390"; crashed=1 ;;
    ESA:*) problem 2 "unexpected interruption in ESA/390 mode (wait PSW ${wait#ESA:})"; crashed=1 ;;
    *) problem 2 "unknown wait code $wait"; crashed=1 ;;
esac

bpass="" bfail="" bnlines=""
# After a crash the block only adds detail (used above); otherwise it must
# be complete and agree with the console.
if [ "$crashed" -eq 0 ]; then
    if [ ${#blk} -ne $((2 * blk_size)) ]; then
        problem 2 "result block dump missing or short (${#blk} of $((2 * blk_size)) hex digits)"
    elif [ "$(hx 0 8)" != "$blk_magic" ]; then
        problem 2 "result block has no magic (got $(hx 0 8)): the guest never initialised it"
    else
        bpass=$(num 12 4)
        bfail=$(num 16 4)
        bnlines=$(num 20 4)
        bwait=$(hx 24 8); bwait=${bwait^^}
        [ "$(num 8 4)" -eq 2 ] || problem 2 "result block state $(num 8 4): the guest did not finish"
        [ "$bwait" = "$wait" ] || problem 2 "wait code $wait differs from the result block's $bwait"
        if [ "$bpass" -ne "$npass" ] || [ "$bfail" -ne "$nfail" ]; then
            problem 2 "channels disagree: console pass=$npass fail=$nfail, result block pass=$bpass fail=$bfail"
        fi
        [ "$bnlines" -eq "$nlog" ] ||
            problem 2 "console lines lost: the guest issued $bnlines, the log has $nlog"
    fi
elif [ ${#blk} -eq $((2 * blk_size)) ] && [ "$(hx 0 8)" = "$blk_magic" ]; then
    bpass=$(num 12 4)
    bfail=$(num 16 4)
    bnlines=$(num 20 4)
fi

if [ "$crashed" -eq 0 ]; then
    grep -q '^START ' "$console" || problem 2 "no START line from the guest"
    grep -qx 'END' "$console" || problem 2 "no END line from the guest"
    [ "$summary" = "SUMMARY pass=$npass fail=$nfail" ] ||
        problem 2 "SUMMARY line '${summary:-missing}' does not match the TEST lines (pass=$npass fail=$nfail)"
    [ "$ntest" -eq $((npass + nfail)) ] ||
        problem 2 "$((ntest - npass - nfail)) malformed TEST line(s)"
    [ "$ntest" -gt 0 ] || problem 2 "$no_tests"
    case $wait in
        0000000000000000) [ "$nfail" -eq 0 ] || problem 2 "wait code says pass but $nfail test(s) failed" ;;
        000000000BAD????)
            want=$((nfail < 0x7fff ? nfail : 0x7fff))
            if [ $(((16#$wait - 16#0BAD0000) / 2)) -ne "$want" ] || [ "$nfail" -eq 0 ]; then
                problem 2 "wait code $wait does not match $nfail failed test(s)"
            fi ;;
    esac
fi
if [ "$nfail" -gt 0 ]; then
    problem 1 "$nfail test(s) failed: $(grep -E '^TEST [^ ]+ FAIL' "$console" | awk '{ print $2 }' | head -n 20 | tr '\n' ' ')"
fi
# ERROR lines explain a wait code already reported; alone they still count.
if [ "$status" -lt 2 ] && grep -q '^ERROR ' "$console"; then
    problem 2 "guest: $(grep -m 1 '^ERROR ' "$console")"
fi

case $status in
    0) verdict=pass ;;
    1) verdict=fail ;;
    *) verdict=error ;;
esac
reason=""
for r in ${reasons[@]+"${reasons[@]}"}; do
    reason="$reason${reason:+; }$r"
done
failed_total=$((nfail + (status >= 2 ? 1 : 0)))

# ---- results.txt and results.json -----------------------------------------------
{
    cat "$console"
    echo "---"
    echo "status $verdict (exit $status)"
    [ -n "$reason" ] && echo "reason $reason"
    echo "wait_code ${wait:-none}"
    echo "wall_ms $wall_ms"
    echo "$npass passed, $failed_total failed"
} >"$out/results.txt"

{
    printf '{\n'
    printf '  "image": %s,\n  "outdir": %s,\n' "$(jstr "$image")" "$(jstr "$out")"
    printf '  "status": "%s",\n  "exit_code": %d,\n' "$verdict" "$status"
    printf '  "reason": %s,\n' "$(jstr "$reason")"
    printf '  "passed": %d,\n  "failed": %d,\n  "harness_error": %s,\n' \
        "$npass" "$nfail" "$([ "$status" -ge 2 ] && echo true || echo false)"
    printf '  "wall_ms": %d,\n  "timeout_s": %d,\n  "hercules_rc": %d,\n' "$wall_ms" "$timeout_s" "$hrc"
    if [ -n "$wait" ]; then printf '  "wait_code": "%s",\n' "$wait"; else printf '  "wait_code": null,\n'; fi
    printf '  "result_block": {"pass": %s, "fail": %s, "lines": %s},\n' \
        "$(jnum "$bpass")" "$(jnum "$bfail")" "$(jnum "$bnlines")"
    printf '  "program_check": %s,\n' "$pgm_json"
    awk '
        function esc(s,   i, c, o) {
            o = ""
            for (i = 1; i <= length(s); i++) {
                c = substr(s, i, 1)
                if (c == "\\" || c == "\"") o = o "\\"
                o = o c
            }
            return "\"" o "\""
        }
        # text after the first n blank-separated words of line
        function rest(line, n,   i) {
            for (i = 0; i < n; i++) {
                sub(/^[^ ]* ?/, "", line)
            }
            return line
        }
        /^TEST /  { t[++nt] = sprintf("{\"name\": %s, \"status\": %s, \"detail\": %s}",
                        esc($2), esc($3), esc(rest($0, 3))) }
        /^INFO /  { f[++nf] = sprintf("{\"key\": %s, \"value\": %s}", esc($2), esc(rest($0, 2))) }
        /^ERROR / { e[++ne] = esc(rest($0, 1)) }
        END {
            printf "  \"info\": ["
            for (i = 1; i <= nf; i++) printf "%s\n    %s", (i > 1 ? "," : ""), f[i]
            printf "%s],\n  \"tests\": [", (nf ? "\n  " : "")
            for (i = 1; i <= nt; i++) printf "%s\n    %s", (i > 1 ? "," : ""), t[i]
            printf "%s],\n  \"errors\": [", (nt ? "\n  " : "")
            for (i = 1; i <= ne; i++) printf "%s%s", (i > 1 ? ", " : ""), e[i]
            printf "]\n"
        }' "$console"
    printf '}\n'
} >"$out/results.json"

# ---- report -------------------------------------------------------------------------
grep -E '^(INFO|TEST|ERROR) ' "$console"
if [ "$status" -ne 0 ]; then
    {
        echo "$prog: $verdict: $reason"
        echo "$prog: output kept in $out"
        echo "---- last 40 lines of $log ----"
        tail -n 40 "$log"
        if [ -s "$out/hercules.err" ]; then
            echo "---- $out/hercules.err ----"
            tail -n 20 "$out/hercules.err"
        fi
    } >&2
elif [ "$temp_out" -eq 1 ]; then
    rm -rf "$out"
fi
echo "$prog: $verdict in $wall_ms ms, wait code ${wait:-none}"
echo "$npass passed, $failed_total failed"
exit "$status"
