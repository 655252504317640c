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

# The default run is short: its plan (cells and estimate; timing it here
# would measure the shared machine) stays within two minutes, and a run of
# the defaults measures exactly the cells planned.
"$@" --plan >"$tmp/plan" 2>"$tmp/err"
check "--plan exits 0" [ $? -eq 0 ]
check "default plan: at least 10 cells, estimate consistent, at most 120 s" python3 - "$tmp/plan" <<'PY'
import re, sys
m = re.match(r"plan: (\d+) cells to measure of (\d+), ([0-9.]+) s each .*about (\d+) s$",
             open(sys.argv[1]).readline())
assert m, open(sys.argv[1]).read()
n, total, each, est = int(m[1]), int(m[2]), float(m[3]), int(m[4])
assert 10 <= n <= total, m.groups()
assert abs(n * each - est) <= 0.01 * n + 1, m.groups()
assert est <= 120, m.groups()
PY
"$@" -T 0.001 -r 1 --plan >"$tmp/plan" 2>"$tmp/err"
"$@" -T 0.001 -r 1 --format json >"$tmp/dj" 2>"$tmp/err"
check "the default run measures the cells its plan names" python3 - "$tmp/plan" "$tmp/dj" <<'PY'
import json, re, sys
m = re.match(r"plan: (\d+) cells to measure of (\d+),", open(sys.argv[1]).readline())
cells = json.load(open(sys.argv[2]))["cells"]
assert len(cells) == int(m[2]), (len(cells), m.groups())
assert sum(c["status"] == "ok" for c in cells) == int(m[1]), m.groups()
PY

# Progress with an estimate on a terminal only.
check "a terminal sees progress and the time left" python3 - "$@" <<'PY'
import os, pty, sys
pid, fd = pty.fork()
if pid == 0:
    os.execvp(sys.argv[1], sys.argv[1:] + ["-a", "sha256,sha512", "-b", "software", "-s", "64",
                                           "-T", "0.05", "-r", "1"])
out = b""
while True:
    try:
        d = os.read(fd, 4096)
    except OSError:
        break
    if not d:
        break
    out += d
os.waitpid(pid, 0)
out = out.decode()
assert "plan: 2 cells to measure" in out, out
assert "[1/2] sha256/software" in out and "[2/2] sha512/software" in out, out
assert " s left" in out, out
PY
# long enough (3 s) that the old progress line would have started
"$@" -a sha256 -b software -s 64 -T 1 -r 3 >"$tmp/out" 2>"$tmp/err"
check "no terminal: no progress, no plan, no carriage return" \
    sh -c '! grep -q "left\|plan:" "$1" && ! tr "\r" "#" <"$1" | grep -q "#"' - "$tmp/err"

# n/a rows are not shown; one line says how many, per backend, and why.
"$@" -a sha256,aes-128-cbc -b software,cpacf,cex,protected -s 16 -T 0.01 -r 1 --format json \
    >"$tmp/hj" 2>"$tmp/err"
"$@" -a sha256,aes-128-cbc -b software,cpacf,cex,protected -s 16 -T 0.01 -r 1 \
    >"$tmp/ht" 2>"$tmp/err"
"$@" -a sha256,aes-128-cbc -b software,cpacf,cex,protected -s 16 -T 0.01 -r 1 --show-na \
    >"$tmp/hs" 2>"$tmp/err"
check "n/a rows hidden, one summary line, --show-na shows them" python3 - "$tmp/hj" "$tmp/ht" "$tmp/hs" <<'PY'
import json, re, sys
cells = json.load(open(sys.argv[1]))["cells"]
table, shown = open(sys.argv[2]).read(), open(sys.argv[3]).read()
rows = lambda t: [l.split()[0] for l in t.splitlines() if re.match(r"^[a-z0-9-]+/[a-z]+ ", l)]
na = [c for c in cells if c["status"] == "n/a"]
ok = [c["algorithm"] + "/" + c["backend"] for c in cells if c["status"] == "ok"]
assert na, "nothing n/a: the test needs a backend this machine lacks (cex for sha256)"
assert rows(table) == ok, (rows(table), ok)
assert len(rows(shown)) == len(cells), rows(shown)
summary = [l for l in table.splitlines() if l.startswith("not shown:")]
assert len(summary) == 1, summary
assert summary[0].startswith("not shown: %d rows n/a here" % len(na)), summary
for be in set(c["backend"] for c in na):
    n = sum(c["backend"] == be for c in na)
    assert re.search(r"[:;] %s %d \(" % (be, n), summary[0]), (be, summary)
    assert any(c["reason"] in summary[0] for c in na if c["backend"] == be), summary
assert not [l for l in shown.splitlines() if l.startswith("not shown:")]
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
check "-a ecc: the fifteen EC rows, curve by curve" \
    [ "$(sel "$@" -a ecc)" = "ecdsa-p256-sign ecdsa-p256-verify ecdh-p256 ecdsa-p384-sign ecdsa-p384-verify ecdh-p384 ecdsa-p521-sign ecdsa-p521-verify ecdh-p521 x25519 x448 ed25519-sign ed25519-verify ed448-sign ed448-verify " ]
check "-a ecdsa-p384 (a prefix)" [ "$(sel "$@" -a ecdsa-p384)" = "ecdsa-p384-sign ecdsa-p384-verify " ]
check "-a ed448 (a prefix)" [ "$(sel "$@" -a ed448)" = "ed448-sign ed448-verify " ]
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

# The reasons say what is true: CPACF has no RSA; a mode names its own
# instruction; the hw-only policy's refusal is named as such.
"$@" -a rsa-1024-sign -b cpacf -T 0.02 -r 1 --show-na >"$tmp/out" 2>&1
check "rsa on cpacf: CPACF has no RSA" grep -q 'rsa-1024-sign/cpacf .*n/a: CPACF has no RSA' "$tmp/out"
check "  and no KM named" sh -c "! grep -q 'KM' '$tmp/out'"
"$@" -a aes-128-ctr,aes-128-cmac -b cpacf -T 0.02 -r 1 --show-na >"$tmp/out" 2>&1
check "modes do not blame KM AES-128" sh -c "! grep -q 'KM AES-128' '$tmp/out'"
ZCRYPT_POLICY=hw-only "$@" -a sha256 -b software -T 0.02 -r 1 --show-na >"$tmp/out" 2>&1
check "hw-only: refused by the policy, not 'not supported'" \
    grep -q 'sha256/software .*n/a: refused by ZCRYPT_POLICY=hw-only' "$tmp/out"

# EC: operations per second at f bytes, software measured, the CPACF
# column n/a with the reason (no KDSA/PCC on this machine for the NIST
# curves, not used yet for the others), nothing fell back; under hw-only
# the software rows are the policy's refusal.
"$@" -a ecc -b cpacf,software,cex -T 0.02 -r 1 --format json >"$tmp/ec" 2>"$tmp/err"
check "ecc json run exits 0" [ $? -eq 0 ]
check "ecc: 15 rows x 3 backends, one size each, software ok, cpacf n/a" python3 - "$tmp/ec" <<'PY'
import json, sys
cells = json.load(open(sys.argv[1]))["cells"]
assert len(cells) == 45, len(cells)
bits = {"p256": (256, 32), "p384": (384, 48), "p521": (521, 66), "x25519": (256, 32),
        "x448": (448, 56), "ed25519": (256, 32), "ed448": (448, 57)}
def curve(c):                           # ecdsa-p256-sign, ecdh-p256; x25519, ed25519-sign
    a = c["algorithm"].split("-")
    return a[1] if a[0] in ("ecdsa", "ecdh") else a[0]
for c in cells:
    kb, f = bits[curve(c)]
    assert c["key_bits"] == kb and c["size"] == f, c
    if c["backend"] == "software":
        assert c["status"] == "ok" and c["ops_per_s"] > 0, c
        assert abs(c["bytes_per_s"] - c["ops_per_s"] * f) < 1e-3 * c["bytes_per_s"] + 1, c
    elif c["backend"] == "cpacf":
        assert c["status"] == "n/a", c
        # the backend query's reason, for every curve
        assert "not used" not in c["reason"] and c["reason"], c
    else:
        assert c["status"] == "n/a" and "RSA only" in c["reason"], c
PY
"$@" -a ecdsa-p256-sign -b software -T 0.02 -r 1 >"$tmp/out" 2>&1
check "table: ecdsa-p256-sign in operations per second" \
    grep -Eq '^ecdsa-p256-sign/software +[0-9.]+/s \([0-9.]+-[0-9.]+\)$' "$tmp/out"
ZCRYPT_POLICY=hw-only "$@" -a ecc -b software -T 0.02 -r 1 --format json >"$tmp/out" 2>&1
check "hw-only: every EC software row refused by the policy" python3 - "$tmp/out" <<'PY'
import json, sys
cells = json.load(open(sys.argv[1]))["cells"]
assert len(cells) == 15, cells
for c in cells:
    assert c["status"] == "n/a" and "refused by ZCRYPT_POLICY=hw-only" in c["reason"], c
PY

# Write errors are errors.
if [ -w /dev/full ]; then
    "$@" -a sha256 -b software -s 64 -T 0.02 -r 1 >/dev/full 2>"$tmp/err"
    check "> /dev/full exits non-zero" [ $? -ne 0 ]
    check "  and says why" grep -q 'No space left on device' "$tmp/err"
    "$@" --help >/dev/full 2>/dev/null
    check "--help > /dev/full exits non-zero" [ $? -ne 0 ]
fi
exit $fail
