#!/bin/sh
# zc_speed.sh - zc-speed with a tiny -T: its JSON parses, every requested
# cell is there (a number, or n/a with a reason), a backend removed with
# ZCRYPT_CAPS=none is reported and not measured, no cell fell back, the
# other formats print, and the SVG is well-formed XML.
#
# usage: zc_speed.sh VERSION ZC-SPEED [WRAPPER...]   (WRAPPER: e.g. qemu-s390x-static -cpu max)
set -u
version=$1
shift
fail=0
check() { # description, then a command
    d=$1
    shift
    if "$@"; then echo "ok: $d"; else echo "FAIL: $d"; fail=1; fi
}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
algs=aes-128-cbc,aes-256-gcm,sha512,sha256,rc4,hmac-sha256,tdes-192-cbc,random
backends=cpacf,protected,cex,software,openssl

"$@" --version >"$tmp/out" 2>&1
check "--version" [ "$(cat "$tmp/out")" = "zc-speed (libzcrypt) $version" ]
"$@" --help >"$tmp/out" 2>"$tmp/err"
check "--help exits 0 on stdout" grep -q '^usage: ' "$tmp/out"
"$@" -a no-such-alg >"$tmp/out" 2>"$tmp/err"
check "unknown algorithm: status 2" [ $? -eq 2 ]

# A bad argument names itself in one line, instead of a screenful of usage.
bad_arg() { # expected message, then the arguments
    m=$1
    shift
    "$@" >"$tmp/out" 2>"$tmp/err"
    rc=$?
    check "bad argument $*: status 2, says '$m'" \
        sh -c '[ "$1" -eq 2 ] && [ "$(wc -l <"$2")" -eq 1 ] && grep -qF -- "$3" "$2"' \
        - "$rc" "$tmp/err" "$m"
}
bad_arg '-s 1k: not a number of bytes' "$@" -s 1k
bad_arg '-s 16,1.5: not a number of bytes' "$@" -s 16,1.5
bad_arg '-t 0: not a thread count' "$@" -t 0
bad_arg '-T soon: not a number of seconds' "$@" -T soon
bad_arg '-r 99: not a repeat count' "$@" -r 99
bad_arg '--format xml: not one of table, capacity, csv, json' "$@" --format xml
bad_arg '-a aes,nope: unknown algorithm' "$@" -a aes,nope
bad_arg '-b hsm: unknown backend' "$@" -b hsm
bad_arg '-s: needs a value' "$@" -s
bad_arg '--fast: unknown option' "$@" --fast

"$@" -a "$algs" -b "$backends" -s 16,1024 -T 0.02 -r 1 --format json --svg "$tmp/c.svg" \
    >"$tmp/j" 2>"$tmp/err"
check "json run exits 0" [ $? -eq 0 ]
# cells: 8 algorithms x 5 backends x 2 sizes
check "json parses, all cells present, numbers or reasons, nothing fell back" \
    python3 - "$tmp/j" 80 <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
cells = d["cells"]
assert len(cells) == int(sys.argv[2]), len(cells)
ok = 0
for c in cells:
    assert c["status"] in ("ok", "n/a"), c
    if c["status"] == "ok":
        assert c["ops_per_s"] > 0 and c["bytes_per_s"] > 0, c
        ok += 1
    else:
        assert c["reason"], c
# software always measures (random: where it runs)
sw = [c for c in cells if c["backend"] == "software" and c["algorithm"] != "random"]
assert all(c["status"] == "ok" for c in sw), sw
assert ok >= len(sw)
PY
check "svg is well-formed XML with bars" python3 -c "
import sys, xml.dom.minidom as m
d = m.parse(sys.argv[1])
assert d.documentElement.tagName == 'svg'
assert d.getElementsByTagName('rect')" "$tmp/c.svg"

# Removed by ZCRYPT_CAPS: reported as n/a with the reason, never measured.
ZCRYPT_CAPS=none "$@" -a sha512,aes-128-cbc -b cpacf -s 64 -T 0.02 -r 1 --format json \
    >"$tmp/n" 2>"$tmp/err"
check "caps=none: cpacf cells n/a with a reason" python3 - "$tmp/n" <<'PY'
import json, sys
cells = json.load(open(sys.argv[1]))["cells"]
assert len(cells) == 2
for c in cells:
    assert c["status"] == "n/a" and c["reason"] and "ops_per_s" not in c, c
PY

# -a takes what openssl speed users type: families and aes-128 style
# prefixes; the rows come in the order of -a.
sel() { "$@" -b software -s 16 -T 0.001 -r 1 --format csv 2>/dev/null |
        sed 1d | cut -d, -f1 | tr '\n' ' '; }
check "-a aes: every AES mode and key size" \
    [ "$(sel "$@" -a aes | wc -w)" -eq "$("$@" --help | grep -o 'aes-[0-9]*-[a-z]*' | sort -u | wc -l)" ]
check "-a sha: SHA-1 and SHA-2, not SHA-3" \
    [ "$(sel "$@" -a sha)" = "sha1 sha224 sha256 sha384 sha512 " ]
check "-a sha3" [ "$(sel "$@" -a sha3)" = "sha3-256 sha3-512 " ]
check "-a des,tdes" [ "$(sel "$@" -a des,tdes)" = "des-cbc tdes-128-cbc tdes-192-cbc " ]
check "-a hmac" [ "$(sel "$@" -a hmac)" = "hmac-sha256 hmac-sha512 " ]
check "-a rsa-1024 (a prefix)" [ "$(sel "$@" -a rsa-1024)" = "rsa-1024-sign rsa-1024-verify " ]
check "-a aes-128: the AES-128 modes only" \
    sh -c 'for n in $1; do case $n in aes-128-*) ;; *) exit 1;; esac; done; [ $(echo $1 | wc -w) -ge 7 ]' \
    - "$(sel "$@" -a aes-128)"
check "-a sha512,aes-128-cbc,sha: rows in the order of -a, each once" \
    [ "$(sel "$@" -a sha512,aes-128-cbc,sha)" = "sha512 aes-128-cbc sha1 sha224 sha256 sha384 " ]
"$@" -a sha256,aes-128-cbc -b software -s 16 -T 0.001 -r 1 >"$tmp/out" 2>&1
check "table: rows in the order of -a" \
    [ "$(grep -E '^(sha256|aes-128-cbc)/' "$tmp/out" | cut -d/ -f1 | tr '\n' ' ')" = "sha256 aes-128-cbc " ]

# The spread: the slowest and the fastest measurement beside the median, so
# a noisy cell shows; with one measurement all three are that one.
for r in 1 5; do
    "$@" -a sha256,aes-128-ctr -b software -s 64,1024 -T 0.02 -r $r --format json \
        >"$tmp/sp" 2>"$tmp/err"
    check "-r $r: json has min <= median <= max for every cell" python3 - "$tmp/sp" $r <<'PY'
import json, sys
cells = json.load(open(sys.argv[1]))["cells"]
assert len(cells) == 4
for c in cells:
    lo, med, hi = c["ops_per_s_min"], c["ops_per_s"], c["ops_per_s_max"]
    assert 0 < lo <= med <= hi, c
    if sys.argv[2] == "1":
        assert lo == med == hi, c
PY
done
"$@" -a sha256 -b software -s 64 -T 0.02 -r 3 >"$tmp/sp" 2>"$tmp/err"
check "table: median (min-max)" grep -Eq '^sha256/software +[0-9.]+k \([0-9]+-[0-9]+\)$' "$tmp/sp"
"$@" -a sha256 -b software -s 64 -T 0.02 -r 3 --format csv >"$tmp/sp" 2>"$tmp/err"
check "csv: min and max columns" python3 - "$tmp/sp" <<'PY'
import csv, sys
r = list(csv.DictReader(open(sys.argv[1])))[0]
assert float(r["transactions_per_s_min"]) <= float(r["transactions_per_s"]) \
    <= float(r["transactions_per_s_max"]), r
PY

# A size a mode cannot take costs that column only; XTS steals ciphertext,
# so 17 bytes is measured.
"$@" -a aes-128-cbc,aes-128-xts -b software -s 7,17,32 -T 0.01 -r 1 --format json \
    >"$tmp/j7" 2>"$tmp/err"
check "-s 7,17,32: only the sizes a mode cannot take are n/a" python3 - "$tmp/j7" <<'PY'
import json, sys
st = {(c["algorithm"], c["size"]): c["status"] for c in json.load(open(sys.argv[1]))["cells"]}
want = {("aes-128-cbc", 7): "n/a", ("aes-128-cbc", 17): "n/a", ("aes-128-cbc", 32): "ok",
        ("aes-128-xts", 7): "n/a", ("aes-128-xts", 17): "ok", ("aes-128-xts", 32): "ok"}
assert st == want, st
PY
"$@" -a aes-128-xts,sha256 -b software -s 7,17 -T 0.01 -r 1 >"$tmp/t7" 2>"$tmp/err"
check "table: the 7-byte n/a is a note, the 17-byte column a number" \
    grep -Eq '^aes-128-xts/software +n/a\[1\] +[0-9.]+k \([0-9]+-[0-9]+\)$' "$tmp/t7"
check "table: the note gives the reason" grep -q '^\[1\] XTS takes at least 16 bytes' "$tmp/t7"

# The reasons speak of the machine, not of the library's functions.
names=aes-128-cbc,aes-128-xts,tdes-192-cbc,sha256,hmac-sha256,rc4,rsa-1024-verify,random
for caps in "" none; do
    ZCRYPT_CAPS=$caps "$@" -a $names -b $backends -s 64 -T 0.01 -r 1 \
        >"$tmp/msg" 2>&1
    ZCRYPT_CAPS=$caps "$@" -a $names -b $backends -s 64 -T 0.01 -r 1 --format json \
        >>"$tmp/msg" 2>&1
    check "ZCRYPT_CAPS='$caps': no internal function name in any message" \
        sh -c '! grep -E "zc_[a-z0-9_]+" "$1"' - "$tmp/msg"
done

for f in table capacity csv; do
    "$@" -a sha256 -b software -s 64 -T 0.02 -r 1 --format $f >"$tmp/$f" 2>"$tmp/err"
    check "--format $f exits 0" [ $? -eq 0 ]
done
check "table: sha256/software row" grep -q '^sha256/software' "$tmp/table"
check "capacity: header" grep -q 'transactions/s' "$tmp/capacity"
check "csv: header and one row" [ "$(wc -l <"$tmp/csv")" -eq 2 ]

# --raw: each operation gets a ratio or says why not, never a made-up figure.
"$@" --raw -s 64 -T 0.04 -r 2 >"$tmp/raw" 2>&1
check "--raw exits 0" [ $? -eq 0 ]
for op in aes-128-ecb aes-128-cbc sha512; do
    check "--raw: $op measured or not on this machine" \
        grep -Eq "^$op +(64 +[0-9.]+ +[0-9.]+ +[0-9.]+% |not on this machine: )" "$tmp/raw"
done
ZCRYPT_CAPS=none "$@" --raw -s 64 -T 0.04 -r 2 >"$tmp/raw" 2>&1
check "--raw, caps=none: no figure" [ "$(grep -c 'not on this machine' "$tmp/raw")" -eq 3 ]
"$@" --raw -a sha512 >/dev/null 2>&1
check "--raw with -a: status 2" [ $? -eq 2 ]
exit $fail
