#!/bin/sh
# gen_rsa_kat.sh - regenerate tests/vectors/rsa_kat.h with the openssl
# command (the header in the tree was made with OpenSSL 3.0.19).
#
#   sh tests/vectors/gen_rsa_kat.sh > tests/vectors/rsa_kat.h
#
# Fresh keys each run: the header is the record of one run. PKCS#1 v1.5
# signatures and raw RSA are deterministic, so those entries are known
# answers in the strict sense; PSS signatures and OAEP / v1.5 ciphertexts
# are randomised, so their entries are answers that a correct verifier or
# decrypter must reproduce (the message, or "valid").
set -eu
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cd "$tmp"

hex() { xxd -p "$1" | tr -d '\n'; }
# a C string literal of hex, 64 characters a line
lit() { hex "$1" | fold -w 64 | sed 's/^/        "/; s/$/"/'; }

# key name, bits, exponent
keys="k1024:1024:65537 k1025:1025:3 k2048:2048:65537 k3072:3072:65537 k4096:4096:65537"
cat <<HDR
/*
 * rsa_kat.h - RSA known answers, cross-computed with OpenSSL 3.0 (the
 * openssl command; tests/vectors/gen_rsa_kat.sh made this file):
 *   keys     openssl genpkey -algorithm RSA -pkeyopt rsa_keygen_bits:B
 *            -pkeyopt rsa_keygen_pubexp:E; openssl rsa -traditional -outform DER
 *   raw      openssl pkeyutl -encrypt -pkeyopt rsa_padding_mode:none
 *   v1.5 sig openssl dgst -H -sign (deterministic: a strict known answer)
 *   PSS sig  openssl dgst -H -sigopt rsa_padding_mode:pss -sigopt rsa_pss_saltlen:S
 *   OAEP     openssl pkeyutl -encrypt -pkeyopt rsa_padding_mode:oaep
 *            -pkeyopt rsa_oaep_md:H -pkeyopt rsa_mgf1_md:H [-pkeyopt rsa_oaep_label:L]
 *   v1.5 enc openssl pkeyutl -encrypt -pkeyopt rsa_padding_mode:pkcs1
 * alg is the library's enum zc_hash_alg number (ZC_SHA1 = 0 ... ZC_SHA3_512 = 10).
 * Static const data only; no library include.
 */
#ifndef ZC_TEST_RSA_KAT_H
#define ZC_TEST_RSA_KAT_H

#include "kat.h"

struct zc_rsa_kat_key {
    const char *name;
    unsigned bits;
    const char *der;        /* RSAPrivateKey, hex */
};

HDR
echo "static const struct zc_rsa_kat_key zc_rsa_kat_keys[] ZC_KAT_UNUSED = {"
i=0
for k in $keys; do
    name=${k%%:*}; rest=${k#*:}; bits=${rest%%:*}; e=${rest#*:}
    openssl genpkey -algorithm RSA -pkeyopt rsa_keygen_bits:$bits \
        -pkeyopt rsa_keygen_pubexp:$e -out $name.pem 2>/dev/null
    openssl rsa -in $name.pem -traditional -outform DER -out $name.der 2>/dev/null
    echo "    { \"$name\", $bits,"
    lit $name.der
    echo "    },"
    eval "idx_$name=$i"
    i=$((i + 1))
done
echo "};"
echo "#define ZC_RSA_KAT_KEY_COUNT $i"
echo

printf 'abc' > abc
head -c 1000 /dev/zero | tr '\0' 'a' > a1000

# hash names: openssl name, enum number
algs="sha1:0 sha224:1 sha256:2 sha384:3 sha512:4 sha512-224:5 sha512-256:6 sha3-224:7 sha3-256:8 sha3-384:9 sha3-512:10"

cat <<HDR
struct zc_rsa_kat_sig {
    unsigned key;           /* index in zc_rsa_kat_keys */
    unsigned alg;
    int salt_len;           /* -1: PKCS#1 v1.5; else PSS with this salt length */
    const char *msg;        /* hex; the digest is zc_hash(alg, msg) */
    const char *sig;        /* hex */
};

HDR
echo "static const struct zc_rsa_kat_sig zc_rsa_kat_sigs[] ZC_KAT_UNUSED = {"
sig() { # key msgfile alg num salt
    if [ "$5" = -1 ]; then
        openssl dgst -$3 -sign $1.pem -out s $2
    else
        openssl dgst -$3 -sigopt rsa_padding_mode:pss -sigopt rsa_pss_saltlen:$5 -sign $1.pem -out s $2
    fi
    eval "ki=\$idx_$1"
    echo "    { $ki, $4, $5,"
    lit $2 | sed 's/$/ /' | tr -d '\n' | sed 's/ *$/,\n/'
    lit s
    echo "    },"
}
for a in $algs; do
    sig k2048 abc ${a%%:*} ${a#*:} -1
done
sig k1024 abc sha1 0 -1
sig k1025 a1000 sha256 2 -1
sig k3072 abc sha384 3 -1
sig k4096 a1000 sha512 4 -1
for s in 0 20 32 222; do sig k2048 abc sha256 2 $s; done
sig k1025 abc sha256 2 32
sig k1024 abc sha512 4 62
sig k4096 abc sha3-256 8 32
echo "};"
echo

cat <<HDR
struct zc_rsa_kat_enc {
    unsigned key;
    int alg;                /* -1: PKCS#1 v1.5 encryption; else OAEP with this hash */
    const char *label;      /* hex (OAEP) */
    const char *msg;        /* hex */
    const char *ct;         /* hex */
};

HDR
echo "static const struct zc_rsa_kat_enc zc_rsa_kat_encs[] ZC_KAT_UNUSED = {"
enc() { # key alg num labelhex msgfile
    if [ "$2" = pkcs1 ]; then
        openssl pkeyutl -encrypt -inkey $1.pem -pkeyopt rsa_padding_mode:pkcs1 -in $5 -out c
    elif [ -n "$4" ]; then
        openssl pkeyutl -encrypt -inkey $1.pem -pkeyopt rsa_padding_mode:oaep \
            -pkeyopt rsa_oaep_md:$2 -pkeyopt rsa_mgf1_md:$2 -pkeyopt rsa_oaep_label:$4 -in $5 -out c
    else
        openssl pkeyutl -encrypt -inkey $1.pem -pkeyopt rsa_padding_mode:oaep \
            -pkeyopt rsa_oaep_md:$2 -pkeyopt rsa_mgf1_md:$2 -in $5 -out c
    fi
    eval "ki=\$idx_$1"
    echo "    { $ki, $3, \"$4\","
    if [ -s $5 ]; then lit $5 | sed 's/$/ /' | tr -d '\n' | sed 's/ *$/,\n/'; else echo '        "",'; fi
    lit c
    echo "    },"
}
head -c 32 /dev/urandom > m32
head -c 190 /dev/urandom > m190
: > empty
enc k2048 sha256 2 "" m32
enc k2048 sha1 0 "" m32
enc k2048 sha256 2 "6c6162656c" m32
enc k2048 sha256 2 "" m190
enc k2048 sha512 4 "" empty
enc k1024 sha1 0 "" m32
enc k1025 sha256 2 "00ff" m32
enc k4096 sha3-512 10 "" m190
enc k2048 pkcs1 -1 "" m32
enc k1024 pkcs1 -1 "" empty
enc k1025 pkcs1 -1 "" m32
enc k3072 pkcs1 -1 "" m190
echo "};"
echo

cat <<HDR
struct zc_rsa_kat_raw {
    unsigned key;
    const char *in;         /* hex, the modulus size */
    const char *out;        /* in^e mod n */
};

HDR
echo "static const struct zc_rsa_kat_raw zc_rsa_kat_raws[] ZC_KAT_UNUSED = {"
for k in k1024 k1025 k2048 k4096; do
    eval "ki=\$idx_$k"
    n=$(openssl rsa -in $k.pem -noout -modulus 2>/dev/null | cut -d= -f2)
    len=$(( (${#n} + 1) / 2 ))
    # a value below n: one zero byte, then random bytes
    { printf '\000'; head -c $((len - 1)) /dev/urandom; } > r
    openssl pkeyutl -encrypt -inkey $k.pem -pkeyopt rsa_padding_mode:none -in r -out c
    echo "    { $ki,"
    lit r | sed 's/$/ /' | tr -d '\n' | sed 's/ *$/,\n/'
    lit c
    echo "    },"
done
echo "};"
echo
echo "#endif /* ZC_TEST_RSA_KAT_H */"
