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

"$@" >"$tmp/out" 2>&1
check "default policy shown" grep -q '^ZCRYPT_POLICY: any' "$tmp/out"
sed -n 2p "$tmp/out" >"$tmp/line2"
check "CPACF summary on line 2" grep -q '^CPACF: ' "$tmp/line2"
if grep -q 'answer their query' "$tmp/line2"; then
    ZCRYPT_CAPS=none "$@" >"$tmp/out" 2>&1
    check "none: installed but removed" grep -q 'installed, but removed for this process' "$tmp/out"
    sed -n 2p "$tmp/out" >"$tmp/line2"
    check "none: nothing usable" grep -q ' 0 function codes usable' "$tmp/line2"
fi
exit $fail
