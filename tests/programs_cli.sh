#!/bin/sh
# programs_cli.sh - what zc-sum, zc-encrypt and zc-rsa say and how they end:
# zc-sum's -a in any case, -z and --quiet with -w against coreutils; write
# errors on standard output exit non-zero; the hw-only policy's refusal is
# named as such; zc-rsa names why a key is refused (size, encryption,
# RSA-PSS) and verifies openssl's default PSS signatures (--salt-len auto),
# and signs with --salt-len digest and max for openssl to verify.
#
# usage: programs_cli.sh ZC-SUM ZC-ENCRYPT ZC-RSA [WRAPPER...]
set -u
here=$(cd "$(dirname "$0")" && pwd)
abs() { case $1 in /*) echo "$1" ;; *) echo "$PWD/$1" ;; esac; }
sum=$(abs "$1")
enc=$(abs "$2")
rsa=$(abs "$3")
shift 3
wrapper="$*"
# shellcheck source=tests/programs_lib.sh
. "$here/programs_lib.sh"
printf 'abc' > abc
printf 'x\n' > 'new
line'
head -c 32 /dev/urandom > key

# ---- zc-sum like sha256sum ------------------------------------------------
sha256sum abc > want
run "$sum" -a SHA256 abc > got 2>&1
check "zc-sum -a SHA256 (upper case)" cmp -s want got
run "$sum" -a Sha3-256 abc > /dev/null 2>&1
check "zc-sum -a Sha3-256 (mixed case)" [ $? -eq 0 ]
if sha256sum -z abc > /dev/null 2>&1; then
    sha256sum -z abc 'new
line' > want
    run "$sum" -z abc 'new
line' > got 2>&1
    check "zc-sum -z = sha256sum -z (NUL-terminated, names unescaped)" cmp -s want got
    sha256sum -z --tag abc > want
    run "$sum" --zero --tag abc > got 2>&1
    check "zc-sum --zero --tag = sha256sum -z --tag" cmp -s want got
    run "$sum" -c -z want > /dev/null 2>&1
    check "zc-sum -c -z refused (status 2)" [ $? -eq 2 ]
fi
sha256sum abc > list
echo "not a checksum line" >> list
sha256sum -c -w --quiet list > want 2> want.err
run "$sum" -c -w --quiet list > got 2> got.err
sed 's/^sha256sum:/zc-sum:/' want.err > want.err2
check "zc-sum -c -w --quiet: the line warning silenced, as coreutils" cmp -s want.err2 got.err
check "  the summary kept" grep -q 'WARNING: 1 line is improperly formatted' got.err

# ---- write errors on standard output --------------------------------------
if [ -w /dev/full ]; then
    for c in "$sum abc" "$sum --help" "$sum --version" "$enc --help" "$enc --version" \
        "$rsa --help" "$rsa --version"; do
        # shellcheck disable=SC2086 # a command line
        run $c > /dev/full 2> err
        check "$(basename "${c%% *}") ${c#* } > /dev/full exits non-zero" [ $? -ne 0 ]
        check "  and says why" grep -q 'No space left on device' err
    done
fi

# ---- the hw-only policy's refusal, in words --------------------------------
ZCRYPT_POLICY=hw-only run "$sum" -a sha256 abc > /dev/null 2> err
if [ $? -ne 0 ]; then           # SHA-256 would run in software here
    check "zc-sum under hw-only: refused by the policy" \
        grep -q '^zc-sum: SHA256: refused by ZCRYPT_POLICY=hw-only' err
fi
ZCRYPT_POLICY=hw-only run "$enc" -e -k key abc > /dev/null 2> err
if [ $? -ne 0 ]; then
    check "zc-encrypt under hw-only: refused by the policy" \
        grep -q 'refused by ZCRYPT_POLICY=hw-only' err
    check "  not 'not supported'" sh -c "! grep -q 'not supported' err"
fi
ZCRYPT_POLICY=hw-only run "$rsa" genkey --bits 1024 > /dev/null 2> err
if [ $? -ne 0 ]; then
    check "zc-rsa genkey under hw-only: refused by the policy" \
        grep -q 'generating a 1024-bit key: refused by ZCRYPT_POLICY=hw-only' err
fi

# ---- zc-rsa against openssl -------------------------------------------------
if ! command -v openssl > /dev/null; then
    echo "skip: openssl not found"
    exit $fail
fi
key_msg() { # file, expected message (a grep -E pattern)
    run "$rsa" pubkey -k "$1" > /dev/null 2> err
    rc=$?
    check "zc-rsa refuses $1 with status 4 ($rc)" [ "$rc" -eq 4 ]
    check "  on one line" [ "$(wc -l < err)" -eq 1 ]
    check "  saying why: $2" grep -Eq "^zc-rsa: $1: $2" err
}
openssl genpkey -algorithm RSA -pkeyopt rsa_keygen_bits:8192 -out k8192.pem 2> /dev/null
key_msg k8192.pem 'private keys above 4096 bits are not supported \(this one has 8192\)'
openssl pkey -in k8192.pem -outform DER -out k8192.der
key_msg k8192.der 'private keys above 4096 bits are not supported'
openssl genpkey -algorithm RSA -pkeyopt rsa_keygen_bits:2048 -out k.pem 2> /dev/null
openssl pkcs8 -topk8 -in k.pem -passout pass:secret -out enc.pem
key_msg enc.pem 'encrypted keys are not supported: decrypt with openssl pkcs8 first'
openssl pkcs8 -topk8 -in k.pem -passout pass:secret -outform DER -out enc.der
key_msg enc.der 'encrypted keys are not supported: decrypt with openssl pkcs8 first'
openssl genpkey -algorithm RSA-PSS -pkeyopt rsa_keygen_bits:2048 -out pss.pem 2> /dev/null
key_msg pss.pem 'RSA-PSS keys \(id-RSASSA-PSS\) are not supported'
openssl pkey -in pss.pem -pubout -out psspub.pem
key_msg psspub.pem 'RSA-PSS keys \(id-RSASSA-PSS\) are not supported'

# openssl's default PSS signature (the largest salt) verifies as it is.
openssl pkey -in k.pem -pubout -out pub.pem
openssl dgst -sha256 -sign k.pem -sigopt rsa_padding_mode:pss -out osig abc
run "$rsa" verify --pss -k pub.pem -s osig abc > out 2> err
check "zc-rsa verify --pss: openssl's default PSS signature (salt auto)" grep -q '^Verified OK$' out
run "$rsa" verify --pss --salt-len auto -k pub.pem -s osig abc > out 2> err
check "  --salt-len auto" grep -q '^Verified OK$' out
run "$rsa" verify --pss --salt-len 32 -k pub.pem -s osig abc > out 2> err
check "  an exact wrong length still fails (status 1)" [ $? -eq 1 ]
printf 'abd' > abd
run "$rsa" verify --pss -k pub.pem -s osig abd > out 2> err
check "  another message fails under auto (status 1)" [ $? -eq 1 ]
for s in max digest; do
    run "$rsa" sign --pss --salt-len $s -k k.pem -o zsig abc
    check "zc-rsa sign --pss --salt-len $s" [ $? -eq 0 ]
    openssl dgst -sha256 -verify pub.pem -sigopt rsa_padding_mode:pss \
        -sigopt rsa_pss_saltlen:$s -signature zsig abc > out 2>&1
    check "  openssl verifies it with rsa_pss_saltlen:$s" grep -q 'Verified OK' out
done
run "$rsa" sign --pss --salt-len auto -k k.pem -o zsig abc &&
    openssl dgst -sha256 -verify pub.pem -sigopt rsa_padding_mode:pss \
        -sigopt rsa_pss_saltlen:max -signature zsig abc > out 2>&1
check "zc-rsa sign --salt-len auto is max, as openssl" grep -q 'Verified OK' out
if [ -w /dev/full ]; then
    run "$rsa" verify --pss -k pub.pem -s osig abc > /dev/full 2> err
    check "zc-rsa verify > /dev/full exits non-zero" [ $? -ne 0 ]
fi
exit $fail
