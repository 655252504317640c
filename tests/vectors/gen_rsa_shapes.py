#!/usr/bin/env python3
# gen_rsa_shapes.py - writes rsa_shapes.h: RSA keys of the shapes the
# adapter path must handle (issue 24): balanced, uneven primes, p < q and
# odd-size primes. Primes from `openssl prime -generate -bits B` (OpenSSL's
# generator and primality test); n, d = e^-1 mod (p-1)(q-1), dP,
# dQ, qInv and one raw known answer out = in^d mod n with Python's pow(),
# independent of the library. Run: python3 gen_rsa_shapes.py > rsa_shapes.h
import random
import subprocess

E = 65537
SHAPES = [  # bits of p, bits of q, p < q wanted, name
    (1024, 1024, False, "balanced 1024/1024"),
    (1024, 1024, True, "balanced, p < q"),
    (1032, 1016, False, "uneven 1032/1016"),
    (1060, 988, False, "uneven 1060/988"),
    (1100, 948, False, "uneven 1100/948"),
    (1016, 1032, True, "uneven, p < q (1016/1032)"),
    (1021, 1019, False, "odd-size primes 1021/1019, 2040-bit n (255 bytes)"),
    (1025, 1023, False, "odd-size primes 1025/1023"),
]


def prime(bits):
    while True:
        p = int(subprocess.check_output(["openssl", "prime", "-generate", "-bits", str(bits)]))
        if (p - 1) % E:
            return p


def hx(v, nbytes=None):
    h = "%x" % v
    if nbytes:
        h = h.rjust(2 * nbytes, "0")
    elif len(h) % 2:
        h = "0" + h
    return h


def main():
    rng = random.SystemRandom()
    print("""/*
 * rsa_shapes.h - RSA keys of the shapes an adapter path must handle
 * (issue 24): balanced primes, uneven primes (1032/1016, 1060/988,
 * 1100/948 bits), p < q, and odd-size primes. Made by gen_rsa_shapes.py in
 * this folder: primes from `openssl prime -generate -bits B`, the other
 * components and the raw known answer (out = in^d mod n, in random below
 * n) computed with Python's integers, independently of the library.
 * Static const data only; no library include.
 */
#ifndef ZC_TEST_RSA_SHAPES_H
#define ZC_TEST_RSA_SHAPES_H

#include "kat.h"

struct zc_rsa_shape {
    const char *name;
    unsigned pbits, qbits;  /* of p and q as given (p first) */
    const char *n, *e, *d, *p, *q, *dp, *dq, *qinv;   /* hex, big-endian */
    const char *in, *out;   /* out = in^d mod n, modulus-sized */
};

static const struct zc_rsa_shape zc_rsa_shapes[] ZC_KAT_UNUSED = {""")
    for pb, qb, small_first, name in SHAPES:
        while True:
            p, q = prime(pb), prime(qb)
            if p != q and (p < q) == small_first:
                break
        n = p * q
        d = pow(E, -1, (p - 1) * (q - 1))
        nbytes = (n.bit_length() + 7) // 8
        x = rng.randrange(2, n)
        vals = [hx(n), hx(E), hx(d), hx(p), hx(q), hx(d % (p - 1)), hx(d % (q - 1)),
                hx(pow(q, -1, p)), hx(x, nbytes), hx(pow(x, d, n), nbytes)]
        print('    { "%s", %d, %d,' % (name, p.bit_length(), q.bit_length()))
        for v in vals:
            print('        "%s",' % v)
        print("    },")
    print("};\n\n#endif /* ZC_TEST_RSA_SHAPES_H */")


main()
