#!/bin/sh
# programs_ec.sh - zc-ec on its own and against the openssl command, on
# each curve: keys made by either side read by the other (PKCS#8, SEC1,
# SPKI; PEM and DER; a compressed point; openssl ecparam's EC PARAMETERS
# block), signatures made by either side verified by the other, ECDH
# secrets equal both ways, a changed file or signature rejected with
# status 1 and "Verification failure", and bad inputs (a missing file,
# a wrong curve, truncated or padded DER, a mismatched public key, a
# public key to sign with, /dev/full as the output) refused with a
# message and a status of 2 or more, leaving no file behind. X25519 and
# X448 keys (ECDH only) likewise: PKCS#8 and SPKI both ways, the raw
# u-coordinate, secrets equal both ways; --sec1, signing and a peer of
# small order refused. Ed25519 and Ed448 keys (EdDSA only) likewise: keys
# both ways, signatures made by either side (openssl pkeyutl -rawin)
# verified by the other and equal (RFC 8032 is deterministic), a changed
# message or signature rejected; -a, --sec1 and derive refused.
#
# usage: programs_ec.sh [--quick] ZC-EC [WRAPPER...]
#
# --quick (the emulated s390x smoke run) is one small round trip on
# P-256 each way, and Ed25519 against openssl once. Without the openssl
# command the zc-ec-only checks run and the test ends as skipped (77),
# saying so.
set -u
here=$(cd "$(dirname "$0")" && pwd)
abs() { case $1 in /*) echo "$1" ;; *) echo "$PWD/$1" ;; esac; }
quick=0
if [ "${1:-}" = --quick ]; then
    quick=1
    shift
fi
ec=$(abs "$1")
shift
wrapper="$*"
# shellcheck source=tests/programs_lib.sh
. "$here/programs_lib.sh"
no_temp() { [ -z "$(find . -name '.*.??????' | head -n 1)" ]; }
same() { [ -s "$1" ] && cmp -s "$1" "$2"; }     # not two empty files
says() { # pattern (grep -E) that the one line of err must match
    [ "$(wc -l < err)" -eq 1 ] && grep -Eq "^zc-ec: $1" err
}
flip() { # file, offset: change that byte for certain (xor 4), whatever it held
    byte=$(od -An -tu1 -j "$2" -N 1 "$1" | tr -d ' ')
    printf "\\$(printf %o $((byte ^ 4)))" | dd of="$1" bs=1 seek="$2" conv=notrunc 2> /dev/null
}
refused() { # description, status wanted, message pattern, zc-ec args...
    d=$1
    want=$2
    msg=$3
    shift 3
    run "$ec" "$@" > out 2> err
    rc=$?
    check "$d: status $want ($rc)" [ "$rc" -eq "$want" ]
    check "  says why: $msg" says "$msg"
}

printf 'abc' > abc
printf 'abd' > abd
head -c 100000 /dev/urandom > big

if [ "$quick" -eq 1 ]; then
    curves="p256"
else
    curves="p256 p384 p521"
fi
hash_of() { case $1 in p256) echo sha256 ;; p384) echo sha384 ;; p521) echo sha512 ;; esac; }
size_of() {
    case $1 in
    p256 | x25519 | ed25519) echo 32 ;; p384) echo 48 ;; p521) echo 66 ;; x448) echo 56 ;;
    ed448) echo 57 ;;
    esac
}
name_of() {
    case $1 in
    p256) echo P-256 ;; p384) echo P-384 ;; p521) echo P-521 ;;
    x25519) echo X25519 ;; x448) echo X448 ;; ed25519) echo Ed25519 ;; ed448) echo Ed448 ;;
    esac
}
# Ed25519 and Ed448 (the emulated quick run: Ed25519 against openssl once)
if [ "$quick" -eq 1 ]; then ed_curves="ed25519"; else ed_curves="ed25519 ed448"; fi

# rfc8410_keys CURVE: an X or Ed key pair made by zc-ec, PEM and DER,
# read back, and its raw public key (k.C.pem, p.C.pem, k2.C.der,
# p2.C.der, pt.C); f and n are the curve's size and name
rfc8410_keys() {
    run "$ec" genkey -c "$1" -o "k.$1.pem" --public-out "p.$1.pem" &&
        run "$ec" genkey -c "$n" --der -o "k2.$1.der" --public-out "p2.$1.der"
    check "$1: genkey (PKCS#8 and SPKI; PEM, and DER with the curve as $n)" [ $? -eq 0 ]
    check "  the private key has mode 0600" [ "$(stat -c %a "k.$1.pem")" = 600 ]
    run "$ec" pubkey -k "k.$1.pem" > got
    check "  pubkey of the private key = --public-out" same got "p.$1.pem"
    run "$ec" pubkey -k "p.$1.pem" --raw -o "pt.$1"
    check "  pubkey --raw: the $f bytes of the public key" [ "$(wc -c < "pt.$1")" -eq "$f" ]
    run "$ec" pubkey -k "pt.$1" -c "$1" > got
    check "  the raw key read back with --curve" same got "p.$1.pem"
}
# rfc8410_openssl CURVE: an X or Ed key made by openssl read by zc-ec (its
# files ok.C.pem, op.C.pem, ok.C.der, op.C.der), and zc-ec's key read by
# openssl (zk.C.pem, zp.C.pem, zk.C.der, zp.C.der); n the curve's name
rfc8410_openssl() {
    ossl genpkey -algorithm "$n" -out "ok.$1.pem"
    ossl pkey -in "ok.$1.pem" -pubout -out "op.$1.pem"
    ossl pkey -in "ok.$1.pem" -outform DER -out "ok.$1.der"
    ossl pkey -in "ok.$1.pem" -pubout -outform DER -out "op.$1.der"
    for k in "ok.$1.pem" "ok.$1.der" "op.$1.der"; do
        run "$ec" pubkey -k "$k" > got
        check "$1: zc-ec reads openssl's $k (the same SPKI)" same got "op.$1.pem"
    done
    run "$ec" genkey -c "$1" -o "zk.$1.pem" --public-out "zp.$1.pem"
    check "  openssl checks zc-ec's PKCS#8 PEM key" ossl pkey -in "zk.$1.pem" -check -noout
    openssl pkey -in "zk.$1.pem" -pubout -out want 2> /dev/null
    check "  openssl reads zc-ec's SPKI (the same public key)" same want "zp.$1.pem"
    run "$ec" genkey -c "$1" --der -o "zk.$1.der" --public-out "zp.$1.der"
    openssl pkey -inform DER -in "zk.$1.der" -pubout -outform DER -out want 2> /dev/null
    check "  and its DER PKCS#8 and SPKI" same want "zp.$1.der"
}

# ---- zc-ec on its own -------------------------------------------------------
for c in $curves; do
    h=$(hash_of "$c")
    f=$(size_of "$c")
    run "$ec" genkey -c "$c" -o "k.$c.pem" --public-out "p.$c.pem"
    check "$c: genkey (PKCS#8 and SPKI PEM)" [ $? -eq 0 ]
    check "  the private key has mode 0600" [ "$(stat -c %a "k.$c.pem")" = 600 ]
    check "  PEM labels" sh -c "head -n 1 k.$c.pem | grep -qx -- '-----BEGIN PRIVATE KEY-----' &&
        head -n 1 p.$c.pem | grep -qx -- '-----BEGIN PUBLIC KEY-----'"
    run "$ec" pubkey -k "k.$c.pem" > got
    check "  pubkey of the private key = --public-out" same got "p.$c.pem"
    run "$ec" sign -k "k.$c.pem" -a "$h" -o "sig.$c" big &&
        run "$ec" verify -k "p.$c.pem" -a "$h" -s "sig.$c" big > out
    check "  sign and verify ($h, DER)" grep -qx 'Verified OK' out
    run "$ec" verify -k "p.$c.pem" -a "$h" -s "sig.$c" abc > out 2> err
    check "  another file: status 1 ($?)" [ $? -eq 1 ]
    check "  Verification failure" grep -qx 'Verification failure' out
    run "$ec" sign -k "k.$c.pem" --raw -o "rs.$c" abc &&
        run "$ec" verify -k "p.$c.pem" --raw -s "rs.$c" abc > out
    check "  --raw: r || s of $((2 * f)) bytes, verified" \
        sh -c "grep -qx 'Verified OK' out && [ \$(wc -c < rs.$c) -eq $((2 * f)) ]"
    run "$ec" sign -k "k.$c.pem" --deterministic -a sha3-256 -o d1 abc &&
        run "$ec" sign -k "k.$c.pem" --deterministic -a sha3-256 -o d2 abc
    check "  --deterministic: the same signature twice" same d1 d2
    run "$ec" verify -k "k.$c.pem" -a sha3-256 -s d1 abc > out
    check "  and it verifies (SHA3-256, private key as the key)" grep -qx 'Verified OK' out
    run "$ec" sign -k "k.$c.pem" -o h1 abc && run "$ec" sign -k "k.$c.pem" -o h2 abc
    check "  hedged: two signatures differ" sh -c '[ -s h1 ] && [ -s h2 ] && ! cmp -s h1 h2'
    [ "$quick" -eq 1 ] && continue

    run "$ec" genkey -c "$(name_of "$c")" --sec1 --der -o "s.$c.der" --public-out "sp.$c.der"
    check "$c: genkey --sec1 --der (curve as $(name_of "$c"))" [ $? -eq 0 ]
    run "$ec" pubkey -k "s.$c.der" --der > got
    check "  pubkey --der of the SEC1 key = --public-out" same got "sp.$c.der"
    run "$ec" pubkey -k "sp.$c.der" --raw -o "pt.$c"
    check "  pubkey --raw: the point 04 || X || Y" \
        sh -c "[ \$(wc -c < pt.$c) -eq $((2 * f + 1)) ] && [ \$(od -An -tx1 -N1 pt.$c) = 04 ]"
    run "$ec" pubkey -k "pt.$c" -c "$c" --der > got
    check "  the raw point read back with --curve" same got "sp.$c.der"
    run "$ec" genkey -c "$c" -o /dev/null --raw --public-out "pt2.$c"
    check "  genkey --raw --public-out: a point" [ "$(wc -c < "pt2.$c")" -eq $((2 * f + 1)) ]
    run "$ec" sign -k "s.$c.der" -o sig abc &&
        run "$ec" verify -k "pt.$c" -c "$c" -s sig abc > out
    check "  a raw point verifies" grep -qx 'Verified OK' out
    run "$ec" derive -k "k.$c.pem" -p "sp.$c.der" -o x1 &&
        run "$ec" derive -k "s.$c.der" -p "p.$c.pem" -o x2
    check "  derive both ways: the same $f bytes" \
        sh -c "[ -s x1 ] && cmp -s x1 x2 && [ \$(wc -c < x1) -eq $f ] &&
            [ \$(stat -c %a x1) = 600 ]"
    cp "sig.$c" bad
    flip bad 10
    run "$ec" verify -k "p.$c.pem" -a "$h" -s bad big > out 2> err
    check "  a changed signature: status 1 ($?)" [ $? -eq 1 ]
    check "  Verification failure" grep -qx 'Verification failure' out
    run "$ec" verify -k "p.$c.pem" -s "rs.$c" abc > out 2> err
    check "  r || s without --raw: status 1 ($?), with a hint" \
        sh -c "[ $? -eq 1 ] && grep -q 'needs --raw' err"
done

if [ "$quick" -eq 0 ]; then
    refused "a missing key file" 4 'nosuch: No such file or directory$' sign -k nosuch abc
    refused "a missing input file" 3 'nosuch: No such file or directory$' \
        sign -k k.p256.pem nosuch
    refused "a missing signature file" 3 'nosuch: No such file or directory$' \
        verify -k k.p256.pem -s nosuch abc
    head -c 60 s.p256.der > trunc.der
    refused "truncated DER" 4 'trunc.der: truncated or malformed DER$' pubkey -k trunc.der
    { cat s.p256.der; printf 'x'; } > padded.der
    refused "DER with a byte after it" 4 'padded.der: malformed DER: bytes after the key' \
        pubkey -k padded.der
    # the public key inside a SEC1 key (its last 65 bytes) from another key
    run "$ec" genkey --sec1 --der -o ma.der && run "$ec" genkey --sec1 --der -o mb.der
    { head -c $(($(wc -c < ma.der) - 65)) ma.der; tail -c 65 mb.der; } > mismatch.der
    check "a SEC1 key with another key's public key: the same length, other bytes" \
        sh -c '[ $(wc -c < mismatch.der) -eq $(wc -c < ma.der) ] &&
            ! cmp -s ma.der mismatch.der'
    refused "  refused" 4 'mismatch.der: malformed DER or an invalid key' pubkey -k mismatch.der
    head -c 300 big > long.sig
    run "$ec" verify -k p.p256.pem -s long.sig abc > out 2> err
    check "a 300-byte signature: status 1 ($?), Verification failure" \
        sh -c "[ $? -eq 1 ] && grep -qx 'Verification failure' out &&
            grep -q 'longer than any' err"
    : > empty
    refused "an empty key file" 4 'empty: empty file$' pubkey -k empty
    refused "a text file as the key" 4 'abc: not a key' pubkey -k abc
    refused "a raw point without --curve" 4 \
        'pt.p256: a raw public key \(SEC1 point\) needs --curve' \
        pubkey -k pt.p256
    refused "a raw point of another curve" 4 'pt.p256: not a P-384 public key' \
        pubkey -k pt.p256 -c p384
    refused "a key on another curve than --curve" 4 'k.p256.pem: a P-256 key, not P-521' \
        sign -c secp521r1 -k k.p256.pem abc
    refused "sign with a public key" 4 'p.p256.pem: sign needs a private key' \
        sign -k p.p256.pem abc
    refused "derive with a public key" 4 'p.p256.pem: derive needs a private key' \
        derive -k p.p256.pem -p p.p256.pem
    refused "derive across curves" 4 \
        'p.p384.pem: a P-384 key, but k.p256.pem is P-256: derive needs both on one curve' \
        derive -k k.p256.pem -p p.p384.pem -o secret
    check "  no secret written" [ ! -e secret ]
    refused "derive without -p" 2 'derive needs the peer' derive -k k.p256.pem
    refused "verify without -s" 2 'verify needs the signature' verify -k k.p256.pem abc
    refused "an unknown curve" 2 "unknown curve 'p192'" genkey -c p192
    refused "an unknown hash (SHAKE has no fixed size)" 2 "unknown hash 'shake256'" \
        sign -k k.p256.pem -a shake256 abc
    run "$ec" -k k.p256.pem > out 2> err
    check "no command: status 2 ($?), saying what to do" \
        sh -c "[ $? -eq 2 ] && grep -q '^zc-ec: say what to do: genkey, pubkey' err"
    run "$ec" sign -k k.p256.pem -o sig.sha1 -a sha1 abc && cp sig.sha1 keep
    refused "--no-clobber on an existing file" 3 'sig.sha1: not overwritten' \
        sign -n -k k.p256.pem -o sig.sha1 abc
    check "  the file kept" same sig.sha1 keep
    if [ -w /dev/full ]; then
        for a in "genkey" "genkey -o /dev/full" "pubkey -k k.p256.pem" \
            "sign -k k.p256.pem abc" "derive -k k.p256.pem -p p.p256.pem -o /dev/full" \
            "verify -k p.p256.pem -s sig.p256 big" "--help" "--version"; do
            # shellcheck disable=SC2086 # a command line
            run "$ec" $a > /dev/full 2> err
            rc=$?
            check "zc-ec $a > /dev/full: status 3 ($rc)" [ "$rc" -eq 3 ]
            check "  says why" grep -q 'No space left on device' err
        done
    fi
    ZCRYPT_POLICY=hw-only run "$ec" genkey > /dev/null 2> err
    rc=$?
    if [ "$rc" -ne 0 ]; then    # EC runs in software in this release
        check "genkey under hw-only: status 5 ($rc)" [ "$rc" -eq 5 ]
        check "  refused by the policy" \
            grep -q 'generating a P-256 key: refused by ZCRYPT_POLICY=hw-only' err
    fi
    check "no temporary file left behind" no_temp

    # X25519 and X448: ECDH only
    for c in x25519 x448; do
        f=$(size_of "$c")
        n=$(name_of "$c")
        rfc8410_keys "$c"
        run "$ec" derive -k "k.$c.pem" -p "p2.$c.der" -o x1 &&
            run "$ec" derive -k "k2.$c.der" -p "pt.$c" -c "$c" -o x2
        check "  derive both ways (a raw peer key once): the same $f bytes" \
            sh -c "[ -s x1 ] && cmp -s x1 x2 && [ \$(wc -c < x1) -eq $f ] &&
                [ \$(stat -c %a x1) = 600 ]"
        refused "  sign with $n" 4 "$n keys make no signatures \(ECDH only: derive\)" \
            sign -k "k.$c.pem" abc
        refused "  verify with $n" 4 "$n keys make no signatures" \
            verify -k "p.$c.pem" -s "sig.p256" abc
        refused "  genkey --sec1" 2 "--sec1: $n keys have no SEC1 form" \
            genkey -c "$c" --sec1 -o nokey
        check "  no key written" [ ! -e nokey ]
        head -c "$f" /dev/zero > "zero.$c"
        refused "  a peer of small order (u = 0)" 5 \
            "deriving: zero.$c: the secret is all zero \(a peer key of small order\)" \
            derive -k "k.$c.pem" -p "zero.$c" -c "$c" -o secret
        check "  no secret written" [ ! -e secret ]
        refused "  a P-256 point as $n" 4 "pt.p256: not an $n public key" \
            pubkey -k pt.p256 -c "$c"
        refused "  derive with a P-256 peer" 4 \
            "p.p256.pem: a P-256 key, but k.$c.pem is $n: derive needs both on one curve" \
            derive -k "k.$c.pem" -p p.p256.pem
    done
    # Ed25519 and Ed448: EdDSA only
    for c in $ed_curves; do
        f=$(size_of "$c")
        n=$(name_of "$c")
        rfc8410_keys "$c"
        run "$ec" sign -k "k.$c.pem" -o "sig.$c" big
        check "  sign: the $((2 * f)) bytes of R || S" [ "$(wc -c < "sig.$c")" -eq $((2 * f)) ]
        run "$ec" sign -k "k.$c.pem" < big > got
        check "  the same signature again, from standard input" same got "sig.$c"
        run "$ec" verify -k "p.$c.pem" -s "sig.$c" big > out
        check "  verify with the public key: Verified OK, status 0" \
            sh -c "[ $? -eq 0 ] && grep -qx 'Verified OK' out"
        run "$ec" verify -k "pt.$c" -c "$c" -s "sig.$c" - < big > out
        check "  and with the raw public key, the message on standard input" \
            grep -qx 'Verified OK' out
        flip "sig.$c" 5
        run "$ec" verify -k "k.$c.pem" -s "sig.$c" big > out
        check "  a changed signature: status 1, Verification failure" \
            sh -c "[ $? -eq 1 ] && grep -qx 'Verification failure' out"
        run "$ec" sign -k "k.$c.pem" -o "sig.$c" abc &&
            run "$ec" verify -k "k.$c.pem" -s "sig.$c" abd > out
        check "  a changed message: status 1" sh -c "[ $? -eq 1 ] && grep -qx 'Verification failure' out"
        head -c 3 "sig.$c" > short
        run "$ec" verify -k "k.$c.pem" -s short abc > out
        check "  a short signature: status 1" [ $? -eq 1 ]
        refused "  -a with $n" 2 "-a: $n signs the message itself \(PureEdDSA\)" \
            sign -k "k.$c.pem" -a sha512 abc
        refused "  derive with $n" 4 "$n keys do no ECDH \(EdDSA only: sign, verify\)" \
            derive -k "k.$c.pem" -p "p2.$c.der"
        refused "  sign with the public key" 4 "p.$c.pem: sign needs a private key" \
            sign -k "p.$c.pem" abc
        refused "  genkey --sec1" 2 "--sec1: $n keys have no SEC1 form" \
            genkey -c "$c" --sec1 -o nokey
        check "  no key written" [ ! -e nokey ]
        refused "  an X25519 key as $n" 4 "k.x25519.pem: an X25519 key, not $n" \
            sign -k k.x25519.pem -c "$c" abc
    done
    ZCRYPT_POLICY=hw-only run "$ec" genkey -c x25519 > /dev/null 2> err
    rc=$?
    if [ "$rc" -ne 0 ]; then    # no ZC_ALGO row to ask: the policy said all the same
        check "X25519 genkey under hw-only: status 5 ($rc)" [ "$rc" -eq 5 ]
        check "  refused by the policy" \
            grep -q 'generating an X25519 key: refused by ZCRYPT_POLICY=hw-only' err
    fi
    check "no temporary file left behind" no_temp
fi

# ---- against the openssl command ---------------------------------------------
if ! command -v openssl > /dev/null; then
    echo "skip: openssl not found: the checks against the openssl command"
    [ "$fail" -eq 0 ] && exit 77
    exit 1
fi
ossl() { openssl "$@" > /dev/null 2>&1; }
for c in $curves; do
    h=$(hash_of "$c")
    n=$(name_of "$c")
    rm -f want got sig osig out      # nothing of the curve before passes for this one
    ossl genpkey -algorithm EC -pkeyopt "ec_paramgen_curve:$n" -out ok.pem
    ossl pkey -in ok.pem -pubout -out op.pem
    if [ "$quick" -eq 1 ]; then
        run "$ec" sign -k ok.pem -o sig abc
        check "$c: openssl verifies zc-ec's signature" ossl dgst -sha256 -verify op.pem \
            -signature sig abc
        ossl dgst -sha256 -sign ok.pem -out sig abc
        run "$ec" verify -k op.pem -s sig abc > out
        check "$c: zc-ec verifies openssl's signature" grep -qx 'Verified OK' out
        run "$ec" genkey -o zk.pem --public-out zp.pem
        check "$c: openssl checks zc-ec's key" ossl pkey -in zk.pem -check -noout
        openssl pkeyutl -derive -inkey ok.pem -peerkey zp.pem -out want 2> /dev/null
        run "$ec" derive -k zk.pem -p op.pem -o got
        check "$c: zc-ec derive = openssl pkeyutl -derive" same want got
        continue
    fi

    # openssl's keys in every form zc-ec reads: the same public key
    ossl pkey -in ok.pem -outform DER -out ok.der
    ossl ec -in ok.pem -out ok1.pem
    ossl ec -in ok.pem -outform DER -out ok1.der
    ossl pkey -in ok.pem -pubout -outform DER -out op.der
    ossl ec -in ok.pem -pubout -conv_form compressed -outform DER -out opc.der
    ossl ecparam -name "$(case $c in p256) echo prime256v1 ;; *) echo "secp${c#p}r1" ;; esac)" \
        -genkey -out ep.pem
    for k in ok.pem ok.der ok1.pem ok1.der op.der opc.der; do
        run "$ec" pubkey -k $k > got
        check "$c: zc-ec reads openssl's $k (the same SPKI)" same got op.pem
    done
    check "  ok1.pem is SEC1 (EC PRIVATE KEY)" grep -q 'BEGIN EC PRIVATE KEY' ok1.pem
    check "  opc.der holds a compressed point" \
        sh -c "[ \$(wc -c < opc.der) -lt \$(wc -c < op.der) ]"
    ossl ec -in ep.pem -pubout -out want
    run "$ec" pubkey -k ep.pem > got
    check "  openssl ecparam -genkey's file (EC PARAMETERS first)" same got want

    # zc-ec signs, openssl verifies; openssl signs, zc-ec verifies
    for k in ok.pem ok1.der; do
        run "$ec" sign -k $k -a "$h" -o sig big
        check "$c: openssl dgst -$h verifies zc-ec's signature ($k)" \
            ossl dgst "-$h" -verify op.pem -signature sig big
    done
    run "$ec" sign -k ok.pem --deterministic -a sha3-384 -o sig abc
    check "  and a deterministic one (SHA3-384)" \
        ossl dgst -sha3-384 -verify op.pem -signature sig abc
    run "$ec" sign -k ok.pem -a sha1 -o sig abc
    check "  and one with SHA-1 (through openssl pkeyutl)" sh -c \
        'openssl dgst -sha1 -binary abc > dg && openssl pkeyutl -verify -pubin -inkey op.pem \
            -in dg -sigfile sig > /dev/null 2>&1'
    ossl dgst "-$h" -sign ok.pem -out osig big
    for k in op.pem op.der opc.der ok.pem ok1.pem; do
        run "$ec" verify -k $k -a "$h" -s osig big > out
        check "$c: zc-ec verifies openssl dgst -$h's signature ($k)" grep -qx 'Verified OK' out
    done
    cp big big2
    flip big2 5000
    run "$ec" verify -k op.pem -a "$h" -s osig big2 > out 2> err
    check "  over a changed file: status 1 ($?)" [ $? -eq 1 ]
    check "  Verification failure" grep -qx 'Verification failure' out
    run "$ec" verify -k op.pem -a sha3-256 -s osig big > out 2> err
    check "  with another hash than openssl's: status 1 ($?)" [ $? -eq 1 ]

    # zc-ec's keys read by openssl, and used by it
    run "$ec" genkey -c "$c" -o zk.pem --public-out zp.pem
    check "$c: openssl checks zc-ec's PKCS#8 PEM key" ossl pkey -in zk.pem -check -noout
    openssl pkey -in zk.pem -pubout -out want 2> /dev/null
    check "  openssl reads zc-ec's SPKI (the same public key)" same want zp.pem
    run "$ec" genkey -c "$c" --sec1 --der -o zs.der --public-out zsp.der
    check "  openssl checks zc-ec's SEC1 DER key" ossl ec -inform DER -in zs.der -check -noout
    openssl pkey -pubin -inform DER -in zsp.der -outform DER -out want 2> /dev/null
    check "  openssl reads zc-ec's SPKI DER" same want zsp.der
    run "$ec" genkey -c "$c" --sec1 -o zs.pem
    check "  zc-ec's SEC1 PEM is an EC PRIVATE KEY" grep -q 'BEGIN EC PRIVATE KEY' zs.pem
    check "  openssl reads it" ossl ec -in zs.pem -check -noout
    ossl dgst "-$h" -sign zk.pem -out osig big
    run "$ec" verify -k zp.pem -a "$h" -s osig big > out
    check "  zc-ec verifies openssl's signature with zc-ec's key" grep -qx 'Verified OK' out
    openssl dgst "-$h" -sign zs.der -keyform DER -out osig abc 2> /dev/null
    run "$ec" verify -k zsp.der -a "$h" -s osig abc > out
    check "  and with zc-ec's SEC1 DER key" grep -qx 'Verified OK' out

    # ECDH: the same secret whoever computes it
    openssl pkeyutl -derive -inkey ok.pem -peerkey zp.pem -out want 2> /dev/null
    run "$ec" derive -k zk.pem -p op.pem -o got
    check "$c: zc-ec derive = openssl pkeyutl -derive" same want got
    run "$ec" derive -k ok1.der -p zk.pem -o got
    check "  with openssl's SEC1 DER key and zc-ec's private key as the peer" same want got
    openssl pkeyutl -derive -inkey zs.der -keyform DER -peerkey op.der -peerform DER \
        -out want 2> /dev/null
    run "$ec" derive -k ok.pem -p zsp.der -o got
    check "  openssl with zc-ec's SEC1 DER key" same want got
done

# X25519 and X448 against openssl: keys both ways, the same secret
if [ "$quick" -eq 0 ]; then
    for c in x25519 x448; do
        n=$(name_of "$c")
        f=$(size_of "$c")
        rm -f want got
        rfc8410_openssl "$c"
        run "$ec" pubkey -k "op.$c.pem" --raw > got
        tail -c "$f" "op.$c.der" > want      # the SPKI's BIT STRING ends with u
        check "  pubkey --raw: the u of openssl's SPKI" same want got
        openssl pkeyutl -derive -inkey "ok.$c.pem" -peerkey "zp.$c.pem" -out want 2> /dev/null
        run "$ec" derive -k "zk.$c.pem" -p "op.$c.pem" -o got
        check "$c: zc-ec derive = openssl pkeyutl -derive" same want got
        openssl pkeyutl -derive -inkey "zk.$c.pem" -peerkey "op.$c.pem" -out want 2> /dev/null
        check "  openssl with zc-ec's key" same want got
        run "$ec" derive -k "ok.$c.der" -p "zk.$c.pem" -o got
        check "  zc-ec with openssl's DER key and zc-ec's private key as the peer" same want got
        refused "  sign with openssl's $n key" 4 "$n keys make no signatures" \
            sign -k "ok.$c.pem" abc
    done
fi

# Ed25519 and Ed448 against openssl: keys both ways, signatures both ways
for c in $ed_curves; do
    n=$(name_of "$c")
    rm -f want got osig zsig
    rfc8410_openssl "$c"
    # openssl's key: zc-ec signs, openssl verifies; openssl signs, zc-ec verifies
    run "$ec" sign -k "ok.$c.pem" -o zsig big
    check "  zc-ec signs with openssl's key, openssl pkeyutl -verify -rawin accepts" \
        ossl pkeyutl -verify -pubin -inkey "op.$c.pem" -rawin -in big -sigfile zsig
    openssl pkeyutl -sign -inkey "ok.$c.der" -keyform DER -rawin -in big -out osig 2> /dev/null
    check "  the same bytes as openssl pkeyutl -sign -rawin (RFC 8032 is deterministic)" \
        same osig zsig
    run "$ec" verify -k "op.$c.der" -s osig big > out
    check "  zc-ec verifies openssl's signature" grep -qx 'Verified OK' out
    flip osig 9
    run "$ec" verify -k "op.$c.pem" -s osig big > out
    check "  and rejects it changed (status 1)" [ $? -eq 1 ]
    # zc-ec's key (read by openssl above): openssl signs with it and
    # verifies zc-ec's signature
    run "$ec" sign -k "zk.$c.der" -o zsig abc
    check "  openssl verifies zc-ec's signature with zc-ec's DER SPKI" \
        ossl pkeyutl -verify -pubin -inkey "zp.$c.der" -keyform DER -rawin -in abc -sigfile zsig
    openssl pkeyutl -sign -inkey "zk.$c.der" -keyform DER -rawin -in abc -out osig 2> /dev/null
    run "$ec" verify -k "zp.$c.der" -s osig abc > out
    check "  zc-ec verifies openssl's signature with zc-ec's key" grep -qx 'Verified OK' out
    check "  the same signature" same osig zsig
    check "  openssl rejects it over another message" \
        sh -c "! openssl pkeyutl -verify -pubin -inkey zp.$c.der -keyform DER -rawin -in abd \
            -sigfile zsig > /dev/null 2>&1"
done

if [ "$quick" -eq 0 ]; then
    ossl ec -in ok.pem -param_enc explicit -out explicit.pem
    refused "explicit curve parameters" 4 'explicit.pem: explicit curve parameters are not' \
        pubkey -k explicit.pem
    ossl genpkey -algorithm EC -pkeyopt ec_paramgen_curve:secp256k1 -out k1.pem
    refused "secp256k1" 4 'k1.pem: the curve is not supported' pubkey -k k1.pem
    ossl genpkey -algorithm RSA -pkeyopt rsa_keygen_bits:1024 -out rsa.pem
    refused "an RSA key" 4 'rsa.pem: an RSA key: use zc-rsa' pubkey -k rsa.pem
    ossl pkcs8 -topk8 -in ok.pem -passout pass:secret -out enc.pem
    refused "an encrypted PKCS#8 key" 4 'enc.pem: encrypted keys are not supported' \
        pubkey -k enc.pem
    ossl pkcs8 -topk8 -in ok.pem -passout pass:secret -outform DER -out enc.der
    refused "  in DER" 4 'enc.der: encrypted keys are not supported' pubkey -k enc.der
    openssl req -x509 -new -key ok.pem -subj /CN=zc-ec -out cert.pem > /dev/null 2>&1
    refused "a certificate" 4 'cert.pem: PEM label "CERTIFICATE" is not an EC key' \
        pubkey -k cert.pem
fi
exit $fail
