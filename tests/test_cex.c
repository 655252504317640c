/*
 * test_cex.c - RSA on Crypto Express adapters: the dispatch rules of
 * ZC_BACKEND_AUTO and ZC_BACKEND_CEX, and the /dev/z90crypt requests.
 *
 * On s390x (under QEMU) the test runs with the stand-in device of
 * tests/shim/cex_shim.c preloaded; it checks every request field by field
 * and computes the answers itself, and the test fails when it is absent.
 * The answers are compared with the raw known answers of
 * tests/vectors/rsa_kat.h (cross-computed with OpenSSL 3.0), so a wrong
 * field layout cannot pass. The stand-in models the kernel's cards (CCA
 * and accelerator messages, EP11 and disabled cards, open refused with
 * EACCES or EPERM), and key_shapes runs the keys of
 * tests/vectors/rsa_shapes.h (uneven, p < q and odd-size primes, raw known
 * answers from Python's integers) on both card kinds (issue 24).
 * Natively there is no zcrypt interface: AUTO
 * runs in software, CEX is refused, and the backend query says why.
 */
#define _GNU_SOURCE             /* setenv, RTLD_DEFAULT */
#include <zcrypt.h>
#include <check.h>

#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "check_main.h"
#include "testutil.h"
#include "vectors/rsa_kat.h"
#include "vectors/rsa_shapes.h"
#include "shim/cex_shim.h"
#include "core/platform.h"     /* zc_plat_cex_reset: the static library's test hook */

#define MAXB 512

static uint8_t der_buf[4096];

static void load_key(zc_rsa_key *k, unsigned idx)
{
    size_t len = tu_unhex(der_buf, sizeof der_buf, zc_rsa_kat_keys[idx].der);

    ck_assert_int_eq(zc_rsa_key_from_der(k, der_buf, len), ZC_OK);
}

/* A raw known answer: its key, in (below n) and out = in^e mod n. */
struct raw {
    zc_rsa_key k;
    uint8_t in[MAXB], out[MAXB];
    size_t len;
};

static void load_raw(struct raw *r, unsigned i)
{
    load_key(&r->k, zc_rsa_kat_raws[i].key);
    r->len = zc_rsa_size(&r->k);
    ck_assert_uint_eq(tu_unhex(r->in, sizeof r->in, zc_rsa_kat_raws[i].in), r->len);
    ck_assert_uint_eq(tu_unhex(r->out, sizeof r->out, zc_rsa_kat_raws[i].out), r->len);
}

/* Both raw operations give the known answers. */
static void raw_ok(const struct raw *r)
{
    uint8_t y[MAXB];

    ck_assert_int_eq(zc_rsa_public(&r->k, r->in, y), ZC_OK);
    ck_assert_mem_eq(y, r->out, r->len);
    ck_assert_int_eq(zc_rsa_private(&r->k, r->out, y), ZC_OK);
    ck_assert_mem_eq(y, r->in, r->len);
}

static void query(size_t key_len, enum zc_backend b, enum zc_reason why)
{
    struct zc_backend_info bi;

    ck_assert_int_eq(zc_backend_query(ZC_ALGO_RSA, key_len, &bi), ZC_OK);
    ck_assert_int_eq(bi.backend, b);
    ck_assert_int_eq(bi.reason, why);
    ck_assert_ptr_nonnull(zc_reason_str(why));
    ck_assert_str_ne(zc_reason_str(why), "unknown");
}

#if !defined(__s390x__)

/* ---- no interface (native) ------------------------------------------- */

START_TEST(native_dispatch)
{
    static struct raw r;

    load_raw(&r, 0);
    query(128, ZC_BACKEND_SOFTWARE, ZC_REASON_CEX_NO_INTERFACE);
    query(1024, ZC_BACKEND_SOFTWARE, ZC_REASON_CEX_NO_INTERFACE);
    ck_assert_int_eq(zc_rsa_key_set_backend(&r.k, ZC_BACKEND_CEX), ZC_ENOTSUP);
    ck_assert_int_eq(zc_rsa_key_backend(&r.k), ZC_BACKEND_AUTO);
    ck_assert_int_eq(zc_rsa_key_set_backend(&r.k, ZC_BACKEND_CPACF), ZC_EINVAL);
    raw_ok(&r);
    ck_assert_int_eq(zc_rsa_key_set_backend(&r.k, ZC_BACKEND_SOFTWARE), ZC_OK);
    raw_ok(&r);
    zc_rsa_key_wipe(&r.k);
}
END_TEST

#else

/* ---- the stand-in device (s390x) ------------------------------------- */

static struct cex_shim_state *shim(void)
{
    struct cex_shim_state *s = dlsym(RTLD_DEFAULT, "zc_cex_shim");

    ck_assert_msg(s != NULL, "the /dev/z90crypt stand-in is not preloaded");
    return s;
}

static unsigned shim_count(const char *name)
{
    unsigned (*f)(void);

    *(void **)&f = dlsym(RTLD_DEFAULT, name);
    ck_assert_msg(f != NULL, "%s: no such function in the stand-in", name);
    return f();
}

/*
 * The library opens /dev/z90crypt once per process and keeps the adapter
 * state for a second: a test that changes the device drops both
 * (zc_plat_cex_reset), so the next call opens and asks again.
 */
static void device(const char *mode)
{
    ck_assert_int_eq(setenv(CEX_SHIM_ENV, mode, 1), 0);
    zc_plat_cex_reset();
}

/* After the reset closes the kept descriptor, every open has its close. */
static void balanced(void)
{
    zc_plat_cex_reset();
    ck_assert_uint_eq(shim_count("shim_dev_opens"), shim_count("shim_dev_closes"));
}

/* Both raw operations fail with rc and leave the output alone. */
static void raw_fails(const struct raw *r, int rc)
{
    uint8_t y[MAXB], z[MAXB];

    memset(y, 0xa5, sizeof y);
    memset(z, 0xa5, sizeof z);
    ck_assert_int_eq(zc_rsa_public(&r->k, r->in, y), rc);
    ck_assert_int_eq(zc_rsa_private(&r->k, r->out, y), rc);
    ck_assert_mem_eq(y, z, sizeof y);
}


/* Every raw known answer through the adapter, AUTO and CEX keys. */
START_TEST(offload_kat)
{
    static struct raw r;
    struct cex_shim_state *s = shim();
    unsigned m, c, len;

    device("");
    load_raw(&r, (unsigned)_i);
    query(r.len, ZC_BACKEND_CEX, ZC_REASON_CEX);
    m = s->modexpo;
    c = s->crt;
    raw_ok(&r);
    ck_assert_uint_eq(s->modexpo, m + 1);
    ck_assert_uint_eq(s->crt, c + 1);
    /* an odd-length modulus goes with one leading zero byte to ICARSACRT */
    len = (unsigned)(r.len + (r.len & 1));
    ck_assert_uint_eq(s->last_len, len);
    ck_assert_int_eq(zc_rsa_key_set_backend(&r.k, ZC_BACKEND_CEX), ZC_OK);
    ck_assert_int_eq(zc_rsa_key_backend(&r.k), ZC_BACKEND_CEX);
    raw_ok(&r);
    ck_assert_uint_eq(s->modexpo, m + 2);
    ck_assert_uint_eq(s->crt, c + 2);
    /* SOFTWARE keys never reach the device */
    ck_assert_int_eq(zc_rsa_key_set_backend(&r.k, ZC_BACKEND_SOFTWARE), ZC_OK);
    raw_ok(&r);
    ck_assert_uint_eq(s->modexpo, m + 2);
    ck_assert_uint_eq(s->crt, c + 2);
    ck_assert_msg(s->violations == 0, "%s", s->violation);
    ck_assert_uint_eq(s->bad_flags, 0);
    balanced();
    zc_rsa_key_wipe(&r.k);
}
END_TEST

/* Keys beyond 4096 bits stay in software; the query says so. */
START_TEST(too_large)
{
    shim();
    device("");
    query(512, ZC_BACKEND_CEX, ZC_REASON_CEX);
    query(513, ZC_BACKEND_SOFTWARE, ZC_REASON_CEX_KEY_SIZE);
    query(1024, ZC_BACKEND_SOFTWARE, ZC_REASON_CEX_KEY_SIZE);
}
END_TEST

/* "No adapter" in every form: AUTO falls back, CEX refuses. */
static const struct {
    const char *mode;
    enum zc_reason why;     /* the query's answer */
    int tried;              /* the operation reaches the ioctl */
} no_adapter[] = {
    { "nodev", ZC_REASON_CEX_NO_DEVICE, 0 },
    { "open=ENODEV", ZC_REASON_CEX_NO_DEVICE, 0 },
    { "open=ENXIO", ZC_REASON_CEX_NO_DEVICE, 0 },
    { "noadapter", ZC_REASON_CEX_NO_ADAPTER, 1 },
    { "req=ENODEV", ZC_REASON_CEX, 1 },
    { "req=EBADF", ZC_REASON_CEX, 1 },
    { "req=ENOTTY", ZC_REASON_CEX, 1 },
};

START_TEST(falls_back)
{
    static struct raw r, rc;
    struct cex_shim_state *s = shim();
    unsigned m;

    device("");
    load_raw(&r, 1);
    load_raw(&rc, 1);
    ck_assert_int_eq(zc_rsa_key_set_backend(&rc.k, ZC_BACKEND_CEX), ZC_OK);

    device(no_adapter[_i].mode);
    query(r.len, no_adapter[_i].why == ZC_REASON_CEX ? ZC_BACKEND_CEX : ZC_BACKEND_SOFTWARE,
          no_adapter[_i].why);
    m = s->modexpo;
    raw_ok(&r);     /* AUTO: software */
    ck_assert_int_eq(zc_rsa_key_backend(&r.k), ZC_BACKEND_AUTO);
    ck_assert_uint_eq(s->modexpo, m + (no_adapter[_i].tried ? 1 : 0));
    raw_fails(&rc, ZC_ENOTSUP);
    ck_assert_int_eq(zc_rsa_key_backend(&rc.k), ZC_BACKEND_CEX);
    if (no_adapter[_i].why != ZC_REASON_CEX) {
        ck_assert_int_eq(zc_rsa_key_set_backend(&r.k, ZC_BACKEND_CEX), ZC_ENOTSUP);
        ck_assert_int_eq(zc_rsa_key_backend(&r.k), ZC_BACKEND_AUTO);
    }
    /* the adapter comes back: the same keys use it again */
    device("");
    m = s->modexpo;
    raw_ok(&r);
    raw_ok(&rc);
    ck_assert_uint_eq(s->modexpo, m + 2);
    ck_assert_msg(s->violations == 0, "%s", s->violation);
    balanced();
    zc_rsa_key_wipe(&r.k);
    zc_rsa_key_wipe(&rc.k);
}
END_TEST

/* A device that fails, or answers wrongly: ZC_EDEVICE for AUTO and CEX keys. */
START_TEST(device_faults)
{
    static struct raw r;
    struct cex_shim_state *s = shim();
    uint8_t y[MAXB], z[MAXB];
    unsigned crt;

    device("");
    load_raw(&r, 1);
    device("req=EIO");
    raw_fails(&r, ZC_EDEVICE);
    device("req=EINVAL");
    raw_fails(&r, ZC_EDEVICE);
    device("open=EIO");
    query(r.len, ZC_BACKEND_SOFTWARE, ZC_REASON_CEX_FAILED);
    raw_fails(&r, ZC_EDEVICE);
    device("big");          /* not below n: refused before use */
    raw_fails(&r, ZC_EDEVICE);

    /* a wrong private answer is caught by the check with e */
    device("wrong");
    memset(y, 0xa5, sizeof y);
    memset(z, 0xa5, sizeof z);
    crt = s->crt;
    ck_assert_int_eq(zc_rsa_private(&r.k, r.out, y), ZC_EDEVICE);
    ck_assert_uint_eq(s->crt, crt + 1);
    ck_assert_mem_eq(y, z, sizeof y);
    ck_assert_int_eq(zc_rsa_key_set_backend(&r.k, ZC_BACKEND_CEX), ZC_OK);
    ck_assert_int_eq(zc_rsa_private(&r.k, r.out, y), ZC_EDEVICE);
    ck_assert_mem_eq(y, z, sizeof y);

    /* EINTR is retried */
    device("eintr");
    crt = s->crt;
    raw_ok(&r);
    ck_assert_uint_eq(s->crt, crt + 2);
    ck_assert_msg(s->violations == 0, "%s", s->violation);
    balanced();
    zc_rsa_key_wipe(&r.k);
}
END_TEST

/* Paddings run on the adapter like the raw calls (a signature round trip). */
START_TEST(padding_on_adapter)
{
    static struct raw r;
    struct cex_shim_state *s = shim();
    uint8_t d[32], sig[MAXB];
    size_t sl = sizeof sig;
    unsigned c, m;

    device("");
    load_raw(&r, 2);
    ck_assert_int_eq(zc_hash(ZC_SHA256, "abc", 3, d, sizeof d), ZC_OK);
    c = s->crt;
    m = s->modexpo;
    ck_assert_int_eq(zc_rsa_pss_sign(&r.k, ZC_SHA256, d, 32, sig, &sl), ZC_OK);
    ck_assert_int_eq(zc_rsa_pss_verify(&r.k, ZC_SHA256, d, 32, sig, sl), ZC_OK);
    ck_assert_uint_eq(s->crt, c + 1);
    ck_assert_uint_eq(s->modexpo, m + 1);
    d[0] ^= 1;
    ck_assert_int_eq(zc_rsa_pss_verify(&r.k, ZC_SHA256, d, 32, sig, sl), ZC_EAUTH);
    zc_rsa_key_wipe(&r.k);
}
END_TEST

/* ---- issue 24: the kernel's behaviour ------------------------------- */

static void cards(const char *list)
{
    ck_assert_int_eq(setenv(CEX_SHIM_CARDS_ENV, list, 1), 0);
    zc_plat_cex_reset();
}

/* A key of rsa_shapes.h from its components, and its raw known answer. */
struct shape {
    zc_rsa_key k;
    uint8_t n[MAXB], e[8], d[MAXB], p[MAXB], q[MAXB], dp[MAXB], dq[MAXB], qinv[MAXB];
    uint8_t in[MAXB], out[MAXB];
    size_t len;
};

static void load_shape(struct shape *sh, unsigned i)
{
    const struct zc_rsa_shape *z = &zc_rsa_shapes[i];
    struct zc_rsa_components c;

    memset(&c, 0, sizeof c);
    c.n.data = sh->n;
    c.n.len = tu_unhex(sh->n, sizeof sh->n, z->n);
    c.e.data = sh->e;
    c.e.len = tu_unhex(sh->e, sizeof sh->e, z->e);
    c.d.data = sh->d;
    c.d.len = tu_unhex(sh->d, sizeof sh->d, z->d);
    c.p.data = sh->p;
    c.p.len = tu_unhex(sh->p, sizeof sh->p, z->p);
    c.q.data = sh->q;
    c.q.len = tu_unhex(sh->q, sizeof sh->q, z->q);
    c.dp.data = sh->dp;
    c.dp.len = tu_unhex(sh->dp, sizeof sh->dp, z->dp);
    c.dq.data = sh->dq;
    c.dq.len = tu_unhex(sh->dq, sizeof sh->dq, z->dq);
    c.qinv.data = sh->qinv;
    c.qinv.len = tu_unhex(sh->qinv, sizeof sh->qinv, z->qinv);
    ck_assert_int_eq(zc_rsa_key_from_components(&sh->k, &c), ZC_OK);
    sh->len = zc_rsa_size(&sh->k);
    ck_assert_uint_eq(tu_unhex(sh->in, sizeof sh->in, z->in), sh->len);
    ck_assert_uint_eq(tu_unhex(sh->out, sizeof sh->out, z->out), sh->len);
}

/*
 * libica's rule, which the kernel's accelerator message imposes: the larger
 * prime (and so its dp and u) fits (len + 1) / 2 bytes of the even length.
 */
static int fits_half(const struct zc_rsa_shape *z, size_t len)
{
    unsigned big = z->pbits > z->qbits ? z->pbits : z->qbits;
    size_t elen = len + (len & 1);

    return (big + 7) / 8 <= (elen + 1) / 2;
}

/*
 * Every key shape on a CCA (type 6) and on an accelerator (type 50) card:
 * the private known answer for AUTO keys always (on the card when the key
 * fits half the modulus, else in software); CEX keys get it on the card or
 * ZC_ENOTSUP, never a wrong answer caught as ZC_EDEVICE.
 */
START_TEST(key_shapes)
{
    static struct shape sh;
    static const char *const kinds[] = { "cca", "accel" };
    const unsigned idx = (unsigned)_i / 2;
    const char *kind = kinds[_i % 2];
    struct cex_shim_state *s = shim();
    uint8_t y[MAXB], z[MAXB];
    unsigned crt, crt50;
    int fits;

    device("");
    cards(kind);
    load_shape(&sh, idx);
    fits = fits_half(&zc_rsa_shapes[idx], sh.len);
    crt = s->crt;
    crt50 = s->crt50;
    ck_assert_int_eq(zc_rsa_private(&sh.k, sh.in, y), ZC_OK);
    ck_assert_mem_eq(y, sh.out, sh.len);
    ck_assert_int_eq(zc_rsa_public(&sh.k, sh.out, y), ZC_OK);
    ck_assert_mem_eq(y, sh.in, sh.len);
    ck_assert_uint_eq(s->crt, crt + (fits ? 1 : 0));
    ck_assert_uint_eq(s->crt50, crt50 + (fits && _i % 2 ? 1 : 0));

    ck_assert_int_eq(zc_rsa_key_set_backend(&sh.k, ZC_BACKEND_CEX), ZC_OK);
    memset(y, 0xa5, sizeof y);
    memset(z, 0xa5, sizeof z);
    if (fits) {
        ck_assert_int_eq(zc_rsa_private(&sh.k, sh.in, y), ZC_OK);
        ck_assert_mem_eq(y, sh.out, sh.len);
        ck_assert_uint_eq(s->crt, crt + 2);
    } else {
        ck_assert_int_eq(zc_rsa_private(&sh.k, sh.in, y), ZC_ENOTSUP);
        ck_assert_mem_eq(y, z, sizeof y);
        ck_assert_uint_eq(s->crt, crt);
    }
    ck_assert_msg(s->violations == 0, "%s", s->violation);
    zc_rsa_key_wipe(&sh.k);
}
END_TEST

/* What the kernel lists, and whether an adapter takes RSA requests. */
static const struct {
    const char *cards;
    int online;
} card_sets[] = {
    { "cca", 1 },
    { "accel", 1 },
    { "disabled", 0 },
    { "ep11", 0 },
    { "disabled,ep11", 0 },
    { "ep11,accel", 1 },
    { "disabled,cca", 1 },
    { "old,cca", 1 },
    { "old,disabled", 0 },      /* the status mask without ZCRYPT_DEVICE_STATUS */
};

/*
 * A disabled card (status byte 0x0d) or an EP11 card is no adapter for
 * RSA: the query says so, CEX is refused, and an AUTO private operation
 * runs in software at once, with no request to the device.
 */
START_TEST(card_status)
{
    static struct raw r;
    struct cex_shim_state *s = shim();
    const int online = card_sets[_i].online;
    unsigned crt;

    device("");
    cards(card_sets[_i].cards);
    load_raw(&r, 1);
    query(r.len, online ? ZC_BACKEND_CEX : ZC_BACKEND_SOFTWARE,
          online ? ZC_REASON_CEX : ZC_REASON_CEX_NO_ADAPTER);
    crt = s->crt;
    ck_assert_int_eq(zc_rsa_private(&r.k, r.out, (uint8_t[MAXB]){ 0 }), ZC_OK);
    ck_assert_uint_eq(s->crt, crt + (online ? 1 : 0));
    raw_ok(&r);
    ck_assert_int_eq(zc_rsa_key_set_backend(&r.k, ZC_BACKEND_CEX), online ? ZC_OK : ZC_ENOTSUP);
    ck_assert_msg(s->violations == 0, "%s", s->violation);
    zc_rsa_key_wipe(&r.k);
}
END_TEST

/*
 * /dev/z90crypt that this process may not open (EACCES: a 0600 node;
 * EPERM: a container's device rules): no adapter for an AUTO key, which
 * runs in software; ZC_EDEVICE for a CEX key, verify included.
 */
START_TEST(open_denied)
{
    static struct raw r, rc;
    static const char *const modes[] = { "open=EACCES", "open=EPERM" };
    uint8_t d[32], sig[MAXB];
    size_t sl = sizeof sig;

    shim();
    device("");
    cards("cca");
    load_raw(&r, 1);
    load_raw(&rc, 1);
    ck_assert_int_eq(zc_rsa_key_set_backend(&rc.k, ZC_BACKEND_CEX), ZC_OK);
    ck_assert_int_eq(zc_hash(ZC_SHA256, "abc", 3, d, sizeof d), ZC_OK);
    ck_assert_int_eq(zc_rsa_pkcs1v15_sign(&r.k, ZC_SHA256, d, sig, &sl), ZC_OK);

    device(modes[_i]);
    query(r.len, ZC_BACKEND_SOFTWARE, ZC_REASON_CEX_FAILED);
    raw_ok(&r);
    ck_assert_int_eq(zc_rsa_pkcs1v15_verify(&r.k, ZC_SHA256, d, sig, sl), ZC_OK);
    raw_fails(&rc, ZC_EDEVICE);
    ck_assert_int_eq(zc_rsa_pkcs1v15_verify(&rc.k, ZC_SHA256, d, sig, sl), ZC_EDEVICE);
    ck_assert_int_eq(zc_rsa_pss_verify(&rc.k, ZC_SHA256, d, 32, sig, sl), ZC_EDEVICE);
    zc_rsa_key_wipe(&r.k);
    zc_rsa_key_wipe(&rc.k);
}
END_TEST

/*
 * A device failure under verify is not a forged signature: ZC_EDEVICE (or
 * ZC_ENOTSUP for a CEX key with no adapter) passes through; only a
 * signature that is no valid encoding, or not below n, is ZC_EAUTH.
 */
START_TEST(verify_device_errors)
{
    static struct raw r, rc;
    uint8_t d[32], sig[MAXB], pss[MAXB], big[MAXB];
    size_t sl = sizeof sig, pl = sizeof pss;

    shim();
    device("");
    cards("cca");
    load_raw(&r, 1);
    load_raw(&rc, 1);
    ck_assert_int_eq(zc_rsa_key_set_backend(&rc.k, ZC_BACKEND_CEX), ZC_OK);
    ck_assert_int_eq(zc_hash(ZC_SHA256, "abc", 3, d, sizeof d), ZC_OK);
    ck_assert_int_eq(zc_rsa_pkcs1v15_sign(&r.k, ZC_SHA256, d, sig, &sl), ZC_OK);
    ck_assert_int_eq(zc_rsa_pss_sign(&r.k, ZC_SHA256, d, 32, pss, &pl), ZC_OK);

    device("req=EIO");
    ck_assert_int_eq(zc_rsa_pkcs1v15_verify(&r.k, ZC_SHA256, d, sig, sl), ZC_EDEVICE);
    ck_assert_int_eq(zc_rsa_pss_verify(&r.k, ZC_SHA256, d, 32, pss, pl), ZC_EDEVICE);
    device("big");
    ck_assert_int_eq(zc_rsa_pkcs1v15_verify(&r.k, ZC_SHA256, d, sig, sl), ZC_EDEVICE);
    device("noadapter");
    ck_assert_int_eq(zc_rsa_pkcs1v15_verify(&rc.k, ZC_SHA256, d, sig, sl), ZC_ENOTSUP);
    ck_assert_int_eq(zc_rsa_pss_verify(&rc.k, ZC_SHA256, d, 32, pss, pl), ZC_ENOTSUP);
    ck_assert_int_eq(zc_rsa_pkcs1v15_verify(&r.k, ZC_SHA256, d, sig, sl), ZC_OK);

    /* forged, or not below n: ZC_EAUTH on the adapter as in software */
    device("");
    memset(big, 0xff, r.len);
    ck_assert_int_eq(zc_rsa_pkcs1v15_verify(&rc.k, ZC_SHA256, d, big, r.len), ZC_EAUTH);
    ck_assert_int_eq(zc_rsa_pss_verify(&rc.k, ZC_SHA256, d, 32, big, r.len), ZC_EAUTH);
    sig[5] ^= 1;
    pss[5] ^= 1;
    ck_assert_int_eq(zc_rsa_pkcs1v15_verify(&rc.k, ZC_SHA256, d, sig, sl), ZC_EAUTH);
    ck_assert_int_eq(zc_rsa_pss_verify(&rc.k, ZC_SHA256, d, 32, pss, pl), ZC_EAUTH);
    zc_rsa_key_wipe(&r.k);
    zc_rsa_key_wipe(&rc.k);
}
END_TEST

/*
 * The hardware-only policy with an adapter online: every RSA call an
 * adapter serves runs (sign, verify, both encryptions and decryptions,
 * raw); with no adapter each one is refused with ZC_ENOTSUP.
 */
START_TEST(hw_only_adapter)
{
    static struct raw r;
    struct cex_shim_state *s = shim();
    uint8_t d[64], sig[MAXB], ct[MAXB], ct2[MAXB], msg[MAXB];
    size_t sl = sizeof sig, cl = sizeof ct, cl2 = sizeof ct2, ml;
    unsigned crt;

    device("");
    cards("cca");
    load_raw(&r, 2);
    /* SHA-512: the hash QEMU's CPACF has, so the policy lets PSS and OAEP hash */
    ck_assert_int_eq(zc_hash(ZC_SHA512, "abc", 3, d, sizeof d), ZC_OK);
    ck_assert_int_eq(zc_policy_set(ZC_POLICY_HW_ONLY), ZC_OK);
    crt = s->crt;
    raw_ok(&r);
    ck_assert_int_eq(zc_rsa_pkcs1v15_sign(&r.k, ZC_SHA512, d, sig, &sl), ZC_OK);
    ck_assert_int_eq(zc_rsa_pkcs1v15_verify(&r.k, ZC_SHA512, d, sig, sl), ZC_OK);
    ck_assert_int_eq(zc_rsa_pss_verify(&r.k, ZC_SHA512, d, 32, sig, sl), ZC_EAUTH);
    sl = sizeof sig;
    ck_assert_int_eq(zc_rsa_pss_sign(&r.k, ZC_SHA512, d, 32, sig, &sl), ZC_OK);
    ck_assert_int_eq(zc_rsa_pss_verify(&r.k, ZC_SHA512, d, 32, sig, sl), ZC_OK);
    ck_assert_int_eq(zc_rsa_pkcs1v15_encrypt(&r.k, (const uint8_t *)"hi", 2, ct, &cl), ZC_OK);
    ml = sizeof msg;
    ck_assert_int_eq(zc_rsa_pkcs1v15_decrypt(&r.k, ct, cl, msg, &ml), ZC_OK);
    ck_assert_uint_eq(ml, 2);
    ck_assert_int_eq(zc_rsa_oaep_encrypt(&r.k, ZC_SHA512, NULL, 0, (const uint8_t *)"hi", 2,
                                         ct2, &cl2), ZC_OK);
    ml = sizeof msg;
    ck_assert_int_eq(zc_rsa_oaep_decrypt(&r.k, ZC_SHA512, NULL, 0, ct2, cl2, msg, &ml), ZC_OK);
    ck_assert_uint_eq(ml, 2);
    ck_assert_uint_eq(s->crt, crt + 5);     /* raw, two signs, two decryptions */

    device("noadapter");
    ck_assert_int_eq(zc_rsa_public(&r.k, r.in, msg), ZC_ENOTSUP);
    ck_assert_int_eq(zc_rsa_private(&r.k, r.out, msg), ZC_ENOTSUP);
    sl = sizeof sig;
    ck_assert_int_eq(zc_rsa_pkcs1v15_sign(&r.k, ZC_SHA512, d, sig, &sl), ZC_ENOTSUP);
    ck_assert_int_eq(zc_rsa_pss_verify(&r.k, ZC_SHA512, d, 32, sig, r.len), ZC_ENOTSUP);
    ck_assert_int_eq(zc_rsa_pkcs1v15_verify(&r.k, ZC_SHA512, d, sig, r.len), ZC_ENOTSUP);
    cl = sizeof ct;
    ck_assert_int_eq(zc_rsa_pkcs1v15_encrypt(&r.k, (const uint8_t *)"hi", 2, ct, &cl),
                     ZC_ENOTSUP);
    ml = sizeof msg;
    ck_assert_int_eq(zc_rsa_pkcs1v15_decrypt(&r.k, ct2, cl2, msg, &ml), ZC_ENOTSUP);
    ml = sizeof msg;
    ck_assert_int_eq(zc_rsa_oaep_decrypt(&r.k, ZC_SHA512, NULL, 0, ct2, cl2, msg, &ml),
                     ZC_ENOTSUP);
    ck_assert_int_eq(zc_policy_set(ZC_POLICY_ANY), ZC_OK);
    ck_assert_msg(s->violations == 0, "%s", s->violation);
    zc_rsa_key_wipe(&r.k);
}
END_TEST

/*
 * Private parts that do not match the public key: ZC_EKEY on the adapter
 * as in software (AUTO and CEX keys); an adapter that computes wrong with a
 * sound key stays ZC_EDEVICE.
 */
START_TEST(mismatched_key)
{
    static struct shape sh;
    static zc_rsa_key bad;
    struct cex_shim_state *s = shim();
    struct zc_rsa_components c;
    uint8_t y[MAXB];
    unsigned crt;

    device("");
    cards(_i ? "accel" : "cca");
    load_shape(&sh, 0);
    memset(&c, 0, sizeof c);
    c.n = (struct zc_rsa_part){ sh.n, zc_rsa_size(&sh.k) };
    /* the components again, dP changed by 2 */
    {
        const struct zc_rsa_shape *z = &zc_rsa_shapes[0];

        c.e.data = sh.e;
        c.e.len = tu_unhex(sh.e, sizeof sh.e, z->e);
        c.d = (struct zc_rsa_part){ sh.d, tu_unhex(sh.d, sizeof sh.d, z->d) };
        c.p = (struct zc_rsa_part){ sh.p, tu_unhex(sh.p, sizeof sh.p, z->p) };
        c.q = (struct zc_rsa_part){ sh.q, tu_unhex(sh.q, sizeof sh.q, z->q) };
        c.dp = (struct zc_rsa_part){ sh.dp, tu_unhex(sh.dp, sizeof sh.dp, z->dp) };
        c.dq = (struct zc_rsa_part){ sh.dq, tu_unhex(sh.dq, sizeof sh.dq, z->dq) };
        c.qinv = (struct zc_rsa_part){ sh.qinv, tu_unhex(sh.qinv, sizeof sh.qinv, z->qinv) };
        sh.dp[c.dp.len - 1] ^= 2;
    }
    ck_assert_int_eq(zc_rsa_key_from_components(&bad, &c), ZC_OK);
    crt = s->crt;
    ck_assert_int_eq(zc_rsa_private(&bad, sh.in, y), ZC_EKEY);
    ck_assert_uint_eq(s->crt, crt + 1);         /* it was the adapter's answer */
    ck_assert_int_eq(zc_rsa_key_set_backend(&bad, ZC_BACKEND_CEX), ZC_OK);
    ck_assert_int_eq(zc_rsa_private(&bad, sh.in, y), ZC_EKEY);
    ck_assert_int_eq(zc_rsa_key_set_backend(&bad, ZC_BACKEND_SOFTWARE), ZC_OK);
    ck_assert_int_eq(zc_rsa_private(&bad, sh.in, y), ZC_EKEY);
    /* a sound key and a wrong answer: the device's fault */
    device("wrong");
    ck_assert_int_eq(zc_rsa_private(&sh.k, sh.in, y), ZC_EDEVICE);
    ck_assert_msg(s->violations == 0, "%s", s->violation);
    zc_rsa_key_wipe(&bad);
    zc_rsa_key_wipe(&sh.k);
}
END_TEST

/* ---- one descriptor per process, the adapter state kept a second ---- */

static double now_s(void)
{
    struct timespec ts;

    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

#define BURST 20

/*
 * A burst of private operations opens the device once and asks its state
 * at most once a second. Also the cost per operation against the former
 * way (open, status, request, close each time, emulated by a reset before
 * every call), printed for the record.
 */
START_TEST(burst_one_open)
{
    static struct raw r;
    struct cex_shim_state *s = shim();
    unsigned o, st, crt, i;
    double t0, kept, fresh;

    device("");
    cards("cca");
    load_raw(&r, (unsigned)_i * 2);     /* 1024 and 2048 bits */
    o = shim_count("shim_dev_opens");
    st = s->devstatus + s->status;
    crt = s->crt;
    t0 = now_s();
    for (i = 0; i < BURST; i++)
        ck_assert_int_eq(zc_rsa_private(&r.k, r.out, (uint8_t[MAXB]){ 0 }), ZC_OK);
    kept = now_s() - t0;
    ck_assert_uint_eq(s->crt, crt + BURST);
    ck_assert_uint_eq(shim_count("shim_dev_opens"), o + 1);
    ck_assert_uint_le(s->devstatus + s->status - st, 1 + (unsigned)kept);
    ck_assert_uint_eq(shim_count("shim_dev_closes"), o);   /* still open */

    t0 = now_s();
    for (i = 0; i < BURST; i++) {
        zc_plat_cex_reset();
        ck_assert_int_eq(zc_rsa_private(&r.k, r.out, (uint8_t[MAXB]){ 0 }), ZC_OK);
    }
    fresh = now_s() - t0;
    ck_assert_uint_eq(shim_count("shim_dev_opens"), o + 1 + BURST);
    fprintf(stderr, "%zu-bit private operation on the stand-in: %.0f us kept, %.0f us "
            "opened and asked each time\n", r.len * 8, kept / BURST * 1e6, fresh / BURST * 1e6);
    /* the part that changed, alone: the adapter state before each request */
    t0 = now_s();
    for (i = 0; i < 10 * BURST; i++)
        ck_assert_int_eq(zc_plat_cex_state(), ZC_CEX_ONLINE);
    kept = now_s() - t0;
    t0 = now_s();
    for (i = 0; i < 10 * BURST; i++) {
        zc_plat_cex_reset();
        ck_assert_int_eq(zc_plat_cex_state(), ZC_CEX_ONLINE);
    }
    fresh = now_s() - t0;
    fprintf(stderr, "adapter state: %.1f us kept, %.1f us opened and asked each time\n",
            kept / (10 * BURST) * 1e6, fresh / (10 * BURST) * 1e6);
    ck_assert_msg(s->violations == 0, "%s", s->violation);
    balanced();
    zc_rsa_key_wipe(&r.k);
}
END_TEST

/*
 * After fork() the child opens a descriptor of its own: its request on the
 * parent's would not reach the device (the stand-in answers only the
 * newest), and the parent's stays open and in use.
 */
START_TEST(fork_reopens)
{
    static struct raw r;
    struct cex_shim_state *s = shim();
    unsigned o, crt;
    int status;
    pid_t pid;

    device("");
    cards("cca");
    load_raw(&r, 1);
    raw_ok(&r);
    o = shim_count("shim_dev_opens");
    pid = fork();
    ck_assert_int_ge(pid, 0);
    if (pid == 0) {
        uint8_t y[MAXB];
        int bad = 0;

        crt = s->crt;
        bad |= zc_rsa_private(&r.k, r.out, y) != ZC_OK || memcmp(y, r.in, r.len) != 0;
        bad |= s->crt != crt + 1;
        bad |= shim_count("shim_dev_opens") != o + 1;
        bad |= zc_rsa_private(&r.k, r.out, y) != ZC_OK;
        bad |= shim_count("shim_dev_opens") != o + 1;   /* then kept */
        bad |= s->violations != 0;
        _exit(bad);
    }
    ck_assert_int_eq(waitpid(pid, &status, 0), pid);
    ck_assert(WIFEXITED(status));
    ck_assert_int_eq(WEXITSTATUS(status), 0);
    crt = s->crt;
    raw_ok(&r);
    ck_assert_uint_eq(s->crt, crt + 1);
    ck_assert_uint_eq(shim_count("shim_dev_opens"), o);
    balanced();
    zc_rsa_key_wipe(&r.k);
}
END_TEST

/* A request that fails drops the kept state: the next operation asks again. */
START_TEST(error_forgets_state)
{
    static struct raw r;
    struct cex_shim_state *s = shim();
    unsigned st;

    device("");
    cards("cca");
    load_raw(&r, 1);
    raw_ok(&r);
    st = s->devstatus + s->status;
    raw_ok(&r);
    ck_assert_uint_eq(s->devstatus + s->status, st);        /* kept */
    ck_assert_int_eq(setenv(CEX_SHIM_ENV, "req=EIO", 1), 0); /* no reset */
    raw_fails(&r, ZC_EDEVICE);
    ck_assert_int_eq(setenv(CEX_SHIM_ENV, "", 1), 0);
    st = s->devstatus + s->status;
    raw_ok(&r);
    ck_assert_uint_eq(s->devstatus + s->status, st + 1);    /* asked again */
    raw_ok(&r);
    ck_assert_uint_eq(s->devstatus + s->status, st + 1);
    ck_assert_msg(s->violations == 0, "%s", s->violation);
    balanced();
    zc_rsa_key_wipe(&r.k);
}
END_TEST

#endif

int main(void)
{
    Suite *s = suite_create("cex");
    TCase *tc = tcase_create("cex");

    tcase_set_timeout(tc, 600);
#if defined(__s390x__)
    tcase_add_loop_test(tc, offload_kat, 0, sizeof zc_rsa_kat_raws / sizeof zc_rsa_kat_raws[0]);
    tcase_add_test(tc, too_large);
    tcase_add_loop_test(tc, falls_back, 0, sizeof no_adapter / sizeof no_adapter[0]);
    tcase_add_test(tc, device_faults);
    tcase_add_test(tc, padding_on_adapter);
    tcase_add_loop_test(tc, key_shapes, 0, 2 * (int)(sizeof zc_rsa_shapes / sizeof zc_rsa_shapes[0]));
    tcase_add_loop_test(tc, card_status, 0, (int)(sizeof card_sets / sizeof card_sets[0]));
    tcase_add_loop_test(tc, open_denied, 0, 2);
    tcase_add_test(tc, verify_device_errors);
    tcase_add_test(tc, hw_only_adapter);
    tcase_add_loop_test(tc, mismatched_key, 0, 2);
    tcase_add_loop_test(tc, burst_one_open, 0, 2);
    tcase_add_test(tc, fork_reopens);
    tcase_add_test(tc, error_forgets_state);
#else
    tcase_add_test(tc, native_dispatch);
#endif
    suite_add_tcase(s, tc);
    return tu_run_suite(s);
}
