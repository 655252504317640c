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
 *
 * The cards are the kernel's, not the library's reading of them
 * (CEX_SHIM_CARDS_ENV): a CCA card takes ICARSACRT as a type 6 message
 * (zcrypt_msgtype6.c: every field whole, checked as above); an accelerator
 * as a type 50 message (zcrypt_msgtype50.c: np, bp and u from offset 8,
 * nq and bq from 0, (len + 1) / 2 bytes each, nothing checked, computed
 * with what was read, so a longer prime gives a wrong answer); EP11 and
 * disabled cards are listed by ZCRYPT_STATUS_MASK (0x0c, 0x0d) and
 * ZCRYPT_DEVICE_STATUS (function bits, online) but take no request.
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

/* The cards of CEX_SHIM_CARDS_ENV (cex_shim.h), from slot FIRST_SLOT on. */
enum card { CARD_NONE, CARD_CCA, CARD_ACCEL, CARD_EP11, CARD_DISABLED };
#define MAX_CARDS 8
#define FIRST_SLOT 3
#define SHIM_DOMAIN 5

static size_t cards(enum card *c, int *old)
{
    static const struct {
        const char *name;
        enum card c;
    } kinds[] = {
        { "cca", CARD_CCA }, { "accel", CARD_ACCEL }, { "ep11", CARD_EP11 },
        { "disabled", CARD_DISABLED }, { "old", CARD_NONE },
    };
    const char *v = getenv(CEX_SHIM_CARDS_ENV);
    size_t n = 0, i, len;

    if (old)
        *old = 0;
    if (strcmp(mode(), "noadapter") == 0)
        return 0;
    if (!v || !*v)
        v = "cca";
    while (*v) {
        len = strcspn(v, ",");
        for (i = 0; i < sizeof(kinds) / sizeof(kinds[0]); i++) {
            if (strlen(kinds[i].name) == len && strncmp(v, kinds[i].name, len) == 0)
                break;
        }
        if (i == sizeof(kinds) / sizeof(kinds[0]))
            violate("%s: unknown card kind in %s", CEX_SHIM_CARDS_ENV, v);
        else if (kinds[i].c == CARD_NONE && old)
            *old = 1;
        else if (kinds[i].c != CARD_NONE && n < MAX_CARDS)
            c[n++] = kinds[i].c;
        v += len + (v[len] == ',');
    }
    return n;
}

/* The card a request goes to: the first online one that takes RSA, or CARD_NONE. */
static enum card rsa_card(void)
{
    enum card c[MAX_CARDS];
    size_t i, n = cards(c, NULL);

    for (i = 0; i < n; i++) {
        if (c[i] == CARD_CCA || c[i] == CARD_ACCEL)
            return c[i];
    }
    return CARD_NONE;
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

/*
 * The card's computation from the values it read: m1 = x^bp mod np,
 * m2 = x^bq mod nq, y = m2 + nq (u (m1 - m2) mod np), into the output.
 */
static void garner_crt(struct ica_rsa_modexpo_crt *r, const uint64_t *x, size_t xl,
                       const uint64_t *p, size_t pl, const uint64_t *q, size_t ql,
                       const uint64_t *bp, const uint64_t *bq, const uint64_t *u)
{
    uint64_t t[L], pr2[L], qr2[L], m1[L], m2[L], y[L + 1];
    size_t len = r->inputdatalength;
    uint64_t p0i = zc_bn_m0i(p[0]), q0i = zc_bn_m0i(q[0]);

    zc_bn_r2(pr2, p, pl);
    zc_bn_r2(qr2, q, ql);
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
}

/*
 * An accelerator card (type 50 message, zcrypt_msgtype50.c): it copies np,
 * bp and u from offset 8 of their fields (MSGTYPE_ADJUSTMENT) and nq, bq
 * from offset 0, short_len = (len + 1) / 2 bytes each; whatever stood in
 * the bytes before is dropped. It checks nothing and computes with what it
 * read, so a prime longer than short_len gives a wrong answer.
 */
static int crt_type50(struct ica_rsa_modexpo_crt *r, size_t short_len)
{
    uint64_t x[L], p[L], q[L], bp[L], bq[L], u[L];
    size_t len = r->inputdatalength, xl = zc_bn_limbs(len * 8), pl, ql;

    zc_bn_zero(x, L);
    zc_bn_decode(p, L, r->np_prime + 8, short_len);
    zc_bn_decode(q, L, r->nq_prime, short_len);
    zc_bn_decode(bp, L, r->bp_key + 8, short_len);
    zc_bn_decode(bq, L, r->bq_key, short_len);
    zc_bn_decode(u, L, r->u_mult_inv + 8, short_len);
    zc_bn_decode(x, xl, r->inputdata, len);
    S->crt50++;
    pl = zc_bn_limbs(zc_bn_bitlen(p, L));
    ql = zc_bn_limbs(zc_bn_bitlen(q, L));
    if (!pl || !ql || !(p[0] & q[0] & 1)) {
        memset(r->outputdata, 0x3c, len);       /* nonsense in, nonsense out */
        return 0;
    }
    garner_crt(r, x, xl, p, pl, q, ql, bp, bq, u);
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
    uint64_t x[L], p[L], q[L], bp[L], bq[L], u[L], t[L], pr2[L], m1[L];
    uint64_t nn[2 * L];
    size_t len = r->inputdatalength, half = len / 2, pl, ql, nl, xl;
    uint64_t p0i;

    if (padding_zero("CRT", r, sizeof(*r), f, 9))
        return EBADMSG;
    S->last_len = (unsigned)len;
    if (!r->inputdata || !r->outputdata || !r->bp_key || !r->bq_key || !r->np_prime ||
        !r->nq_prime || !r->u_mult_inv || len < 2 || len > 512 || len % 2 ||
        r->outputdatalength != len) {
        violate("CRT: pointers or lengths (in %zu, out %u)", len, r->outputdatalength);
        return EBADMSG;
    }
    if (rsa_card() == CARD_ACCEL)
        return crt_type50(r, (len + 1) / 2);
    /* a CCA card (type 6 message) takes every field whole */
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
    zc_bn_r2(pr2, p, pl);
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
    garner_crt(r, x, xl, p, pl, q, ql, bp, bq, u);
    return 0;
}


static int do_status(char *mask)
{
    enum card c[MAX_CARDS];
    size_t i, n = cards(c, NULL);

    for (i = 0; i < MAX_ZDEV_CARDIDS_EXT; i++) {
        if (mask[i]) {
            violate("STATUS_MASK: byte %zu not zeroed", i);
            return EBADMSG;
        }
    }
    /* the card's type, CEX6 to 8: 0x0c whatever its mode; 0x0d disabled */
    for (i = 0; i < n; i++)
        mask[FIRST_SLOT + i] = c[i] == CARD_DISABLED ? 0x0d : 0x0c;
    return 0;
}

/* ZCRYPT_DEVICE_STATUS: one entry per queue, card * 256 + domain, the rest zero. */
static int do_devstatus(struct zcrypt_device_matrix_ext *m)
{
    static const unsigned fn[] = {
        [CARD_CCA] = 0x04, [CARD_ACCEL] = 0x02, [CARD_EP11] = 0x01, [CARD_DISABLED] = 0x04,
    };
    enum card c[MAX_CARDS];
    int old;
    size_t i, n = cards(c, &old);

    if (old)
        return ENOTTY;
    memset(m, 0, sizeof(*m));
    for (i = 0; i < n; i++) {
        struct zcrypt_device_status_ext *d =
            &m->device[(FIRST_SLOT + i) * MAX_ZDEV_DOMAINS_EXT + SHIM_DOMAIN];

        d->hwtype = 12;
        d->qid = (unsigned)((FIRST_SLOT + i) << 8 | SHIM_DOMAIN);
        d->online = c[i] != CARD_DISABLED;
        d->functions = fn[c[i]];
    }
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
    } else if (req == ZCRYPT_DEVICE_STATUS) {
        S->devstatus++;
        err = do_devstatus(arg);
    } else if (req == Z90STAT_STATUS_MASK) {
        violate("ioctl: Z90STAT_STATUS_MASK asked of a kernel with ZCRYPT_STATUS_MASK");
        err = EBADMSG;
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
        err = mode_errno("req=");
        if (!err && rsa_card() == CARD_NONE)
            err = ENODEV;       /* zcrypt finds no card for the request */
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
