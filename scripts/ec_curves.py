#!/usr/bin/env python3
"""ec_curves.py - writes lib/ec/ec_curves_tab.h, the constants of the NIST
curves P-256, P-384 and P-521 in the form the software core uses them.

The curve parameters are those of FIPS 186-5 / NIST SP 800-186 (section
3.2.1); everything else (Montgomery factors, the base point and b in
Montgomery form, the exponents of the inversion and the square root) is
derived here, so the header holds no hand-typed derived value.

It also writes each curve's table of multiples of G for ec_mul.c's
fixed-base comb: with windows of W = 5 bits and a spacing S (per curve),
table j holds d 2^(5 S j) G for d = 1 .. 16, affine x then y, Montgomery
form, n limbs each (every point checked on the curve here); and for
ec_mul.c's verification (a width-WV NAF of a G) the odd multiples
G, 3 G, .., (2^(WV-1) - 1) G, affine, in the same form.

usage: python3 scripts/ec_curves.py > lib/ec/ec_curves_tab.h
       python3 scripts/ec_curves.py --check lib/ec/ec_curves_tab.h
         (exit 1 unless the file is exactly what this script writes)
"""
import sys

W = 5                   # window bits, as ec_mul.c
WV = 8                  # the verification's NAF width for a G, as ec_mul.c
SPACE = {'p256': 2, 'p384': 3, 'p521': 4}   # tables every S windows

CURVES = {
    'p256': dict(limbs=4,
        p=2**256 - 2**224 + 2**192 + 2**96 - 1,
        n=0xffffffff00000000ffffffffffffffffbce6faada7179e84f3b9cac2fc632551,
        b=0x5ac635d8aa3a93e7b3ebbd55769886bc651d06b0cc53b0f63bce3c3e27d2604b,
        gx=0x6b17d1f2e12c4247f8bce6e563a440f277037d812deb33a0f4a13945d898c296,
        gy=0x4fe342e2fe1a7f9b8ee7eb4a7c0f9e162bce33576b315ececbb6406837bf51f5),
    'p384': dict(limbs=6,
        p=2**384 - 2**128 - 2**96 + 2**32 - 1,
        n=0xffffffffffffffffffffffffffffffffffffffffffffffffc7634d81f4372ddf581a0db248b0a77aecec196accc52973,
        b=0xb3312fa7e23ee7e4988e056be3f82d19181d9c6efe8141120314088f5013875ac656398d8a2ed19d2a85c8edd3ec2aef,
        gx=0xaa87ca22be8b05378eb1c71ef320ad746e1d3b628ba79b9859f741e082542a385502f25dbf55296c3a545e3872760ab7,
        gy=0x3617de4a96262c6f5d9e98bf9292dc29f8f41dbd289a147ce9da3113b5f0b8c00a60b1ce1d7e819d7a431d7c90ea0e5f),
    'p521': dict(limbs=9,
        p=2**521 - 1,
        n=0x01fffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffa51868783bf2f966b7fcc0148f709a5d03bb5c9b8899c47aebb6fb71e91386409,
        b=0x0051953eb9618e1c9a1f929a21a0b68540eea2da725b99b315f3b8b489918ef109e156193951ec7e937b1652c0bd3bb1bf073573df883d2c34f1ef451fd46b503f00,
        gx=0x00c6858e06b70404e9cd9e3ecb662395b4429c648139053fb521f828af606b4d3dbaa14b5e77efe75928fe1dc127a2ffa8de3348b3c1856a429bf97e7e31c2e5bd66,
        gy=0x011839296a789a3bc0045c8a5fb42c7d1bd998f54449579b446817afbd17273e662c97ee72995ef42640c550b9013fad0761353c7086a272c24088be94769fd16650),
}


def limbs(x, n):
    out = []
    for _ in range(9):
        out.append(x & (2**64 - 1))
        x >>= 64
    assert x == 0
    return '{ ' + ', '.join('0x%016xu' % v for v in out[:n]) + ' }'


def mod_block(name, m, n, fn):
    r = 2**(64 * n)
    m0i = (-pow(m, -1, 2**64)) % 2**64
    return ('    .%s = {\n        .limbs = %d,\n        .mul = zc_ec_fmul_%s,\n'
            '        .sqr = zc_ec_fsqr_%s,\n        .m = %s,\n        .m0i = 0x%016xu,\n'
            '        .r2 = %s,\n        .one = %s,\n        .inv_exp = %s,\n    },\n') % (
        name, n, fn, fn, limbs(m, n), m0i, limbs(r * r % m, n), limbs(r % m, n),
        limbs(m - 2, n))


def affine_add(p, a, b):
    """a + b on y^2 = x^3 - 3x + b over p, affine, None for infinity."""
    if a is None:
        return b
    if b is None:
        return a
    if a[0] == b[0]:
        if (a[1] + b[1]) % p == 0:
            return None
        lam = (3 * a[0] * a[0] - 3) * pow(2 * a[1], -1, p) % p
    else:
        lam = (b[1] - a[1]) * pow(b[0] - a[0], -1, p) % p
    x = (lam * lam - a[0] - b[0]) % p
    return (x, (lam * (a[0] - x) - a[1]) % p)


def entry(c, pt, what, out):
    """One table entry: the affine point pt (checked on the curve) as x and
    y in Montgomery form, after a comment naming it."""
    n, p = c['limbs'], c['p']
    r = 2**(64 * n)
    x, y = pt
    assert (y * y - x**3 + 3 * x - c['b']) % p == 0
    out.append('    /* %s */' % what)
    out.append('    ' + limbs(x * r % p, n)[2:-2] + ',')
    out.append('    ' + limbs(y * r % p, n)[2:-2] + ',')


def gtable(name, c, out):
    n = c['limbs']
    p = c['p']
    space = SPACE[name]
    nw = p.bit_length() // W + 1
    tables = (nw + space - 1) // space
    base = (c['gx'], c['gy'])
    out.append('static const uint64_t zc_ec_%s_gtab[%d * 16 * 2 * %d] = {' % (name, tables, n))
    for j in range(tables):
        pt = None
        for d in range(1, 17):
            pt = affine_add(p, pt, base)
            entry(c, pt, '%d 2^%d G' % (d, W * space * j), out)
        for _ in range(W * space):
            base = affine_add(p, base, base)
    out.append('};')
    return space


def vtable(name, c, out):
    n = c['limbs']
    p = c['p']
    g = (c['gx'], c['gy'])
    g2 = affine_add(p, g, g)
    count = 2**(WV - 2)
    out.append('static const uint64_t zc_ec_%s_vtab[%d * 2 * %d] = {' % (name, count, n))
    pt = g
    for i in range(count):
        entry(c, pt, '%d G' % (2 * i + 1), out)
        pt = affine_add(p, pt, g2)
    out.append('};')


def main():
    out = []
    print = lambda s='', end='\n': out.append(s + end)
    print('/*\n * ec_curves_tab.h - generated by scripts/ec_curves.py: do not edit.\n'
          ' *\n * The constants of P-256, P-384 and P-521 (FIPS 186-5, SP 800-186\n'
          ' * 3.2.1) as the software core uses them: 64-bit limbs, least\n'
          ' * significant first; b and G in Montgomery form (times R = 2^(64 limbs)).\n'
          ' * Each curve\'s gtab: d 2^(5 S j) G for d = 1 .. 16 in table j, affine\n'
          ' * x and y in Montgomery form (the fixed-base comb of ec_mul.c);\n'
          ' * its vtab: the odd multiples 1 G .. %d G, the same way (the\n'
          ' * verification\'s NAF of width %d, ec_mul.c).\n */' % (2**(WV - 1) - 1, WV))
    for name, c in CURVES.items():
        n = c['limbs']
        p = c['p']
        r = 2**(64 * n)
        assert (c['gy']**2 - c['gx']**3 + 3 * c['gx'] - c['b']) % p == 0
        assert p % 4 == 3
        bits = p.bit_length()
        tab = []
        space = gtable(name, c, tab)
        vtable(name, c, tab)
        print('\n'.join(tab))
        print('static const struct zc_ec_curve_sw zc_ec_%s_sw = {' % name)
        # the field prime has its own copy (ec_field.c), the order a generic one
        print(mod_block('p', p, n, name) + mod_block('n', c['n'], n, 'n%d' % n), end='')
        print('    .b = %s,' % limbs(c['b'] * r % p, n))
        print('    .gx = %s,' % limbs(c['gx'] * r % p, n))
        print('    .gy = %s,' % limbs(c['gy'] * r % p, n))
        print('    .sqrt_exp = %s,' % limbs((p + 1) // 4, n))
        print('    .bits = %d,' % bits)
        print('    .flen = %d,' % ((bits + 7) // 8))
        print('    .gtab = zc_ec_%s_gtab,' % name)
        print('    .gspace = %d,' % space)
        print('    .vtab = zc_ec_%s_vtab,' % name)
        print('};')
    text = ''.join(out)
    if len(sys.argv) == 3 and sys.argv[1] == '--check':
        with open(sys.argv[2]) as f:
            if f.read() != text:
                sys.stderr.write('%s differs from what scripts/ec_curves.py writes\n' % sys.argv[2])
                sys.exit(1)
        return
    sys.stdout.write(text)


main()
