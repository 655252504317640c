/*
 * cex_shim.c - a stand-in for /dev/z90crypt (cex_shim.h is the contract
 * with the test; shim_dev.c takes over open and close).
 *
 * Every request is checked against <asm/zcrypt.h>: the struct's padding
 * zero (the caller zeroed it), lengths (input == output, 1..512 bytes,
 * even for CRT), every field right-justified in its length (the modulus
 * and primes odd, with no byte beyond the field length in use), and the
 * CRT parameters in the adapter's order: np > nq, bp < np, bq < nq,
 * u = nq^-1 mod np, and the input below np nq. The answer is then
 * computed here from the fields alone with the library's bignum core
 * (lib/bn, compiled into this module, not the library's RSA code):
 * x^e mod n, or Garner's recombination of x^bp mod np and x^bq mod nq.
 */
#define _GNU_SOURCE
#include "cex_shim.h"
#include "shim_dev.h"

#include <asm/zcrypt.h>
#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>

#include "bn/bn.h"

SHIM_EXPORT struct cex_shim_state zc_cex_shim;

static struct cex_shim_state *const S = &zc_cex_shim;
static int eintr_given;

const char *const shim_dev_path = "/dev/z90crypt";

static void violate(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

static void violate(const char *fmt, ...)
{
    va_list ap;

    if (S->violations++ == 0) {
        va_start(ap, fmt);
        vsnprintf(S->violation, sizeof(S->violation), fmt, ap);
        va_end(ap);
    }
}

static const char *mode(void)
{
    const char *m = getenv(CEX_SHIM_ENV);

    return m ? m : "";
}

/* The errno "prefix=NAME" asks for, or 0. */
static int mode_errno(const char *prefix)
{
    const char *m = mode();
    size_t n = strlen(prefix);

    if (strncmp(m, prefix, n) != 0)
        return 0;
    return shim_dev_errno(m + n, strlen(m + n));
}

int shim_dev_open(int flags)
{
    if (strcmp(mode(), "nodev") == 0)
        return ENOENT;
    if ((flags & O_ACCMODE) != O_RDWR || !(flags & O_CLOEXEC))
        S->bad_flags++;
    return mode_errno("open=");
}

/* The bytes of a struct outside its fields (padding) must be zero. */
static int padding_zero(const char *op, const void *req, size_t size, const size_t (*f)[2],
                        size_t nf)
{
    const uint8_t *p = req;
    size_t i, j;

    for (i = 0; i < size; i++) {
        for (j = 0; j < nf; j++) {
            if (i >= f[j][0] && i < f[j][0] + f[j][1])
                break;
        }
        if (j == nf && p[i]) {
            violate("%s: padding byte %zu is %#x", op, i, p[i]);
            return -1;
        }
    }
    return 0;
}

#define F(type, m) { offsetof(type, m), sizeof(((type *)0)->m) }

/* A right-justified field of len bytes into limbs; its limb count, 0 if not odd/empty. */
static size_t field(const char *op, const char *name, uint64_t *x, size_t max,
                    const uint8_t *p, size_t len, int odd)
{
    size_t n;

    if (!zc_bn_decode(x, max, p, len)) {
        violate("%s: %s does not fit", op, name);
        return 0;
    }
    n = zc_bn_limbs(zc_bn_bitlen(x, max));
    if (n == 0 || (odd && !(p[len - 1] & 1))) {
        violate("%s: %s is zero or even (not right-justified?)", op, name);
        return 0;
    }
    return n;
}

static void finish(uint8_t *out, size_t len)
{
    if (strcmp(mode(), "wrong") == 0)
        out[len - 1] ^= 1;
    else if (strcmp(mode(), "big") == 0)
        memset(out, 0xff, len);
}

#define L ZC_BN_MAX_LIMBS

static int do_modexpo(struct ica_rsa_modexpo *r)
{
    static const size_t f[][2] = {
        F(struct ica_rsa_modexpo, inputdata),  F(struct ica_rsa_modexpo, inputdatalength),
        F(struct ica_rsa_modexpo, outputdata), F(struct ica_rsa_modexpo, outputdatalength),
        F(struct ica_rsa_modexpo, b_key),      F(struct ica_rsa_modexpo, n_modulus),
    };
    uint64_t x[L], e[L], n[L], r2[L];
    size_t len = r->inputdatalength, nl;

    if (padding_zero("MODEXPO", r, sizeof(*r), f, 6))
        return EBADMSG;
    S->last_len = (unsigned)len;
    if (!r->inputdata || !r->outputdata || !r->b_key || !r->n_modulus || len == 0 ||
        len > 512 || r->outputdatalength != len) {
        violate("MODEXPO: pointers or lengths (in %zu, out %u)", len, r->outputdatalength);
        return EBADMSG;
    }
    if (r->n_modulus[0] == 0) {
        violate("MODEXPO: the modulus has a leading zero byte: the length is not its own");
        return EBADMSG;
    }
    nl = field("MODEXPO", "n", n, L, r->n_modulus, len, 1);
    if (!nl || !field("MODEXPO", "e", e, L, r->b_key, len, 1))
        return EBADMSG;
    zc_bn_decode(x, nl, r->inputdata, len);
    if (!zc_bn_lt(e, n, nl) || !zc_bn_lt(x, n, nl)) {
        violate("MODEXPO: e or the input is not below n");
        return EBADMSG;
    }
    zc_bn_r2(r2, n, nl);
    zc_bn_modexp_pub(x, e, nl, n, nl, zc_bn_m0i(n[0]), r2);
    zc_bn_encode(r->outputdata, len, x, nl);
    finish(r->outputdata, len);
    return 0;
}

static int do_crt(struct ica_rsa_modexpo_crt *r)
{
    static const size_t f[][2] = {
        F(struct ica_rsa_modexpo_crt, inputdata),  F(struct ica_rsa_modexpo_crt, inputdatalength),
        F(struct ica_rsa_modexpo_crt, outputdata), F(struct ica_rsa_modexpo_crt, outputdatalength),
        F(struct ica_rsa_modexpo_crt, bp_key),     F(struct ica_rsa_modexpo_crt, bq_key),
        F(struct ica_rsa_modexpo_crt, np_prime),   F(struct ica_rsa_modexpo_crt, nq_prime),
        F(struct ica_rsa_modexpo_crt, u_mult_inv),
    };
    uint64_t x[L], p[L], q[L], bp[L], bq[L], u[L], t[L], pr2[L], qr2[L], m1[L], m2[L];
    uint64_t y[L + 1], nn[2 * L];
    size_t len = r->inputdatalength, half = len / 2, pl, ql, nl, xl;
    uint64_t p0i, q0i;

    if (padding_zero("CRT", r, sizeof(*r), f, 9))
        return EBADMSG;
    S->last_len = (unsigned)len;
    if (!r->inputdata || !r->outputdata || !r->bp_key || !r->bq_key || !r->np_prime ||
        !r->nq_prime || !r->u_mult_inv || len < 2 || len > 512 || len % 2 ||
        r->outputdatalength != len) {
        violate("CRT: pointers or lengths (in %zu, out %u)", len, r->outputdatalength);
        return EBADMSG;
    }
    zc_bn_zero(p, L);
    zc_bn_zero(q, L);
    pl = field("CRT", "np", p, L, r->np_prime, half + 8, 1);
    ql = field("CRT", "nq", q, L, r->nq_prime, half, 1);
    if (!pl || !ql || !field("CRT", "bp", bp, L, r->bp_key, half + 8, 0) ||
        !field("CRT", "bq", bq, L, r->bq_key, half, 0) ||
        !field("CRT", "u", u, L, r->u_mult_inv, half + 8, 0))
        return EBADMSG;
    if (!zc_bn_lt(q, p, L)) {
        violate("CRT: np is not the larger prime");
        return EBADMSG;
    }
    if (!zc_bn_lt(bp, p, L) || !zc_bn_lt(bq, q, L) || !zc_bn_lt(u, p, L)) {
        violate("CRT: bp, bq or u not reduced");
        return EBADMSG;
    }
    p0i = zc_bn_m0i(p[0]);
    q0i = zc_bn_m0i(q[0]);
    zc_bn_r2(pr2, p, pl);
    zc_bn_r2(qr2, q, ql);
    /* u nq == 1 mod np */
    zc_bn_montmul(t, u, q, p, pl, p0i);
    zc_bn_montmul(t, t, pr2, p, pl, p0i);
    zc_bn_zero(m1, pl);
    m1[0] = 1;
    if (!zc_bn_eq(t, m1, pl)) {
        violate("CRT: u is not nq^-1 mod np");
        return EBADMSG;
    }
    /* the input below np nq, which fits the input length */
    zc_bn_zero(nn, 2 * L);
    zc_bn_mul(nn, p, pl, q, ql);
    nl = pl + ql;
    xl = zc_bn_limbs(len * 8);
    if (xl > nl)
        nl = xl;
    zc_bn_zero(x, L);
    zc_bn_decode(x, xl, r->inputdata, len);
    if (zc_bn_bitlen(nn, pl + ql) > len * 8 || !zc_bn_lt(x, nn, nl)) {
        violate("CRT: np nq longer than the input, or the input not below it");
        return EBADMSG;
    }
    /* m1 = x^bp mod np, m2 = x^bq mod nq, y = m2 + nq (u (m1 - m2) mod np) */
    zc_bn_reduce(m1, x, xl, p, pl);
    zc_bn_modexp(m1, bp, pl, pl * 64, p, pl, p0i, pr2);
    zc_bn_reduce(m2, x, xl, q, ql);
    zc_bn_modexp(m2, bq, ql, ql * 64, q, ql, q0i, qr2);
    zc_bn_zero(t, L);
    memcpy(t, m2, ql * sizeof(t[0]));
    zc_bn_cadd(zc_bn_sub(t, m1, t, pl), t, p, pl);
    zc_bn_montmul(t, t, u, p, pl, p0i);
    zc_bn_montmul(t, t, pr2, p, pl, p0i);
    zc_bn_zero(y, L + 1);
    zc_bn_mul(y, t, pl, q, ql);
    zc_bn_zero(t, L);
    memcpy(t, m2, ql * sizeof(t[0]));
    zc_bn_add(y, y, t, pl + ql);
    zc_bn_encode(r->outputdata, len, y, pl + ql);
    finish(r->outputdata, len);
    return 0;
}

static int do_status(char *mask)
{
    size_t i;

    for (i = 0; i < MAX_ZDEV_CARDIDS_EXT; i++) {
        if (mask[i]) {
            violate("STATUS_MASK: byte %zu not zeroed", i);
            return EBADMSG;
        }
    }
    if (strcmp(mode(), "noadapter") != 0)
        mask[3] = 11;           /* a CEX card in slot 3 */
    return 0;
}

SHIM_EXPORT int ioctl(int fd, unsigned long req, ...)
{
    typedef int (*ioctl_fn)(int, unsigned long, ...);
    ioctl_fn real;
    va_list ap;
    void *arg;
    int err;

    va_start(ap, req);
    arg = va_arg(ap, void *);
    va_end(ap);
    if (fd < 0 || fd != shim_dev_fd()) {
        *(void **)&real = shim_dev_next("ioctl");
        return real(fd, req, arg);
    }
    if (req == ZCRYPT_STATUS_MASK) {
        S->status++;
        err = do_status(arg);
    } else if (req == ICARSAMODEXPO || req == ICARSACRT) {
        if (req == ICARSAMODEXPO)
            S->modexpo++;
        else
            S->crt++;
        if (strcmp(mode(), "eintr") == 0 && !eintr_given) {
            eintr_given = 1;
            errno = EINTR;
            return -1;
        }
        eintr_given = 0;
        err = strcmp(mode(), "noadapter") == 0 ? ENODEV : mode_errno("req=");
        if (!err)
            err = req == ICARSAMODEXPO ? do_modexpo(arg) : do_crt(arg);
    } else {
        violate("ioctl: unexpected request %#lx", req);
        err = ENOTTY;
    }
    if (err) {
        errno = err;
        return -1;
    }
    return 0;
}
