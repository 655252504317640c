#!/bin/sh
# zc_info.sh - zc-info's command line: --help on stdout with status 0,
# --version, a bad option on stderr with status 2, the ignored ZCRYPT_CAPS
# items by name, and the CPACF summary line at the top.
#
# usage: zc_info.sh VERSION ZC-INFO [WRAPPER...]   (WRAPPER: e.g. qemu-s390x-static -cpu max)
set -u
version=$1
shift
fail=0
check() { # description, then a shell test
    d=$1
    shift
    if "$@"; then echo "ok: $d"; else echo "FAIL: $d"; fail=1; fi
}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

"$@" --help >"$tmp/out" 2>"$tmp/err"
check "--help exits 0" [ $? -eq 0 ]
check "--help on stdout" grep -q '^usage: .*--help' "$tmp/out"
check "--help nothing on stderr" [ ! -s "$tmp/err" ]

"$@" --version >"$tmp/out" 2>&1
check "--version exits 0" [ $? -eq 0 ]
check "--version prints $version" [ "$(cat "$tmp/out")" = "zc-info (libzcrypt) $version" ]

"$@" --no-such-option >"$tmp/out" 2>"$tmp/err"
check "bad option exits 2" [ $? -eq 2 ]
check "bad option: nothing on stdout" [ ! -s "$tmp/out" ]
check "bad option: usage on stderr" grep -q '^usage:' "$tmp/err"

ZCRYPT_CAPS='-KIMD:SHA512,bogus,+KM' "$@" >"$tmp/out" 2>&1
check "ignored items named" grep -q 'ignored, 2 item(s) that do not parse: bogus,+KM$' "$tmp/out"
check "SHA512 spelling accepted" test "$(grep -c 'SHA512' "$tmp/out")" -eq 1

ZCRYPT_POLICY=hw-only ZCRYPT_STATS=1 "$@" >"$tmp/out" 2>&1
check "policy shown" grep -q '^ZCRYPT_POLICY: hw-only' "$tmp/out"
check "statistics shown" grep -q '^ZCRYPT_STATS: on' "$tmp/out"
"$@" --json >"$tmp/out" 2>&1
check "json: policy and statistics" grep -q '"policy": "any",' "$tmp/out"

# Settings that are not understood are named; an unknown policy is hw-only.
ZCRYPT_POLICY=hw_only ZCRYPT_STATS=yes "$@" >"$tmp/out" 2>&1
check "unknown policy counts as hw-only" grep -q '^ZCRYPT_POLICY: hw-only' "$tmp/out"
check "settings not understood named" \
    grep -q 'off): ZCRYPT_POLICY=hw_only,ZCRYPT_STATS=yes$' "$tmp/out"
ZCRYPT_POLICY=HW-ONLY "$@" >"$tmp/out" 2>&1
check "HW-ONLY understood" grep -q '^ZCRYPT_POLICY: hw-only' "$tmp/out"
check "  and not listed" sh -c "! grep -q 'not understood' '$tmp/out'"
check "hw-only: RC4 refused, not software" grep -q '^  RC4-128 *refused  (refused by the hw-only policy' "$tmp/out"
check "hw-only: no row says software" sh -c "! grep -q '^  [A-Z][^ ]* *software ' '$tmp/out'"
ZCRYPT_POLICY=hw_only ZCRYPT_STATS=yes "$@" --json >"$tmp/out" 2>&1
check "json: settings not understood" \
    grep -q '"settings_ignored": \["ZCRYPT_POLICY=hw_only", "ZCRYPT_STATS=yes"\],' "$tmp/out"

# RSA: the sizes people use; no CPACF instruction named for RC4 and RSA.
"$@" >"$tmp/out" 2>&1
check "RSA-3072 row" grep -q '^  RSA-3072 ' "$tmp/out"
check "RSA-4096 row" grep -q '^  RSA-4096 ' "$tmp/out"
check "the protected XTS double-key row" \
    grep -q '^Protected XTS double keys (full XTS, KM 90/92): ' "$tmp/out"
"$@" --json >"$tmp/out" 2>&1
check "json: RC4 names no instruction" \
    grep -q '"RC4-128": {.*"instruction": null, "fc": null}' "$tmp/out"
check "json: RSA names no instruction" \
    grep -q '"RSA-2048": {.*"instruction": null, "fc": null}' "$tmp/out"
check "json: the Crypto Express section" grep -q '^  "crypto_express": {"status": ' "$tmp/out"
check "json: the self-test notes" grep -q '^  "selftests": \[' "$tmp/out"
check "json: protected XTS double keys" \
    grep -q '^  }, "xts_double_available": \(true\|false\), "xts_double_status": "' "$tmp/out"
if command -v python3 >/dev/null; then
    check "json parses" python3 -m json.tool "$tmp/out" /dev/null
fi

# EC: a row per curve. Every curve runs software here with the query's
# reason and its first code named (no emulator has MSA-9): KDSA's sign
# code for the NIST and Edwards curves, PCC's for X25519 and X448; under
# hw-only refused, saying import is allowed.
ec_rows='P-256 P-384 P-521 X25519 X448 Ed25519 Ed448'
ec_re='\(P-256\|P-384\|P-521\|X25519\|X448\|Ed25519\|Ed448\)'
"$@" >"$tmp/out" 2>&1
for c in P-256:ECDSA-SIGN-P256 P-384:ECDSA-SIGN-P384 P-521:ECDSA-SIGN-P521 \
         Ed25519:EDDSA-SIGN-ED25519 Ed448:EDDSA-SIGN-ED448; do
    check "${c%:*} row: software, KDSA's sign code named" \
        grep -q "^  ${c%:*}  *software (.*: KDSA ${c#*:})$" "$tmp/out"
done
for c in X25519 X448; do
    check "$c row: software, PCC's code named" \
        grep -q "^  $c  *software (.*: PCC SCALAR-MULTIPLY-$c)$" "$tmp/out"
done
ZCRYPT_POLICY=hw-only "$@" >"$tmp/out" 2>&1
check "hw-only: the EC rows refused, import allowed" \
    test "$(grep -c "^  $ec_re  *refused  (refused by the hw-only policy; key import is allowed)\$" \
            "$tmp/out")" -eq 7
"$@" --json >"$tmp/out" 2>&1
check "json: the X rows name PCC 80/81" \
    test "$(grep -c '"X\(25519\|448\)": {"backend": "software", .*"instruction": "PCC", "fc": 8[01]}' \
            "$tmp/out")" -eq 2
check "json: the Ed rows name KDSA 40/44" \
    test "$(grep -c '"Ed\(25519\|448\)": {"backend": "software", .*"instruction": "KDSA", "fc": 4[04]}' \
            "$tmp/out")" -eq 2

# Write errors are errors.
if [ -w /dev/full ]; then
    for a in "" --json --sizes --help --version; do
        # shellcheck disable=SC2086 # $a is one word or none
        "$@" $a >/dev/full 2>"$tmp/err"
        check "zc-info $a > /dev/full exits non-zero" [ $? -ne 0 ]
        check "  and says why" grep -q 'No space left on device' "$tmp/err"
    done
fi

"$@" >"$tmp/out" 2>&1
check "default policy shown" grep -q '^ZCRYPT_POLICY: any' "$tmp/out"
sed -n 2p "$tmp/out" >"$tmp/line2"
check "CPACF summary on line 2" grep -q '^CPACF: ' "$tmp/line2"
if grep -q 'answer their query' "$tmp/line2"; then
    ZCRYPT_CAPS=none "$@" >"$tmp/out" 2>&1
    check "none: installed but removed" grep -q 'installed, but removed for this process' "$tmp/out"
    sed -n 2p "$tmp/out" >"$tmp/line2"
    check "none: nothing usable" grep -q ' 0 function codes usable' "$tmp/line2"
    # exactly one usable function code: "1 function code", singular
    if command -v python3 >/dev/null; then
        "$@" --json >"$tmp/json" 2>&1
        keep_one=$(python3 -c '
import json, sys
j = json.load(open(sys.argv[1]))
items = ["-%s:%d" % (i, f["fc"]) for i, v in j["instructions"].items()
         for f in v["functions"] if f["usable"]]
print(",".join(items[1:]))' "$tmp/json")
        if [ -n "$keep_one" ]; then
            ZCRYPT_CAPS=$keep_one "$@" >"$tmp/out" 2>&1
            sed -n 2p "$tmp/out" >"$tmp/line2"
            check "one usable: singular" grep -q ' 1 function code usable' "$tmp/line2"
        fi
    fi
fi
exit $fail
