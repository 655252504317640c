/*
 * pkey.c - protected AES, HMAC and EC keys from the kernel's pkey module
 * (/dev/pkey).
 *
 * PCKMO is privileged, so Linux user space asks the kernel to wrap keys:
 * one ioctl on /dev/pkey per request (<asm/pkey.h>, which exists for s390x
 * only). Where there is no pkey interface, the end of this file gives the
 * one "not here" answer, ZC_ENOTSUP: Linux on other architectures, and
 * the bare-metal tier (ZC_FREESTANDING, no kernel at all), which links
 * this file for the secure-key blob and random-key calls and wraps clear
 * keys with PCKMO itself (tests/hercules/bm_platform.c).
 *
 *   clear key      PKEY_CLR2PROTK
 *   random key     PKEY_GENPROTK
 *   secure blob    PKEY_KBLOB2PROTK, which takes CCA AES DATA and CIPHER
 *                  tokens and EP11 AES blobs, and finds an adapter itself.
 *                  When it rejects the blob (EINVAL: kernels that predate
 *                  a blob format, such as EP11 blobs with the prepended
 *                  header), PKEY_APQNS4K lists the adapters that hold the
 *                  blob's master key and PKEY_KBLOB2PROTK3 (or, on kernels
 *                  without it, PKEY_KBLOB2PROTK2) converts through that
 *                  list. Those two are never issued without the list.
 *                  APQNS4K's flags follow the token type: EP11 blobs
 *                  (type 0x00) exactly PKEY_FLAGS_MATCH_CUR_MKVP, the
 *                  only value the kernel takes for them; CCA tokens
 *                  (0x01) CUR|ALT; others CUR|ALT, then CUR on EINVAL.
 *
 * Every request struct is zeroed before it is filled (the kernel copies
 * whole structs, trailing padding included), the device is opened with
 * O_RDWR|O_CLOEXEC for each request and closed after it, and open() and
 * ioctl() are retried on EINTR. Every struct that held a clear or a
 * protected key is wiped before returning.
 *
 * The answer is checked, not trusted: the type must be PKEY_KEYTYPE_AES_128,
 * _192 or _256 (for a clear or random key, the one asked for) and the
 * length the key plus its 32-byte verification pattern (48, 56 or 64).
 *
 * errno mapping (platform.h lists the results):
 *   open: ENOENT, ENODEV, ENXIO (no /dev/pkey, or no driver behind it)
 *                                                          -> ZC_ENOTSUP
 *   open: EACCES, EPERM                                    -> ZC_EDEVICE
 *         (the machine can make protected keys but this process may not
 *         use the device: ZC_ENOTSUP would tell the caller to go on with
 *         clear keys, while the fix is a permission on /dev/pkey)
 *   any ioctl: ENOTTY (the kernel does not know the request) -> ZC_ENOTSUP
 *   CLR2PROTK, GENPROTK: ENODEV (no PCKMO on this machine) -> ZC_ENOTSUP
 *   blob: EINVAL (the kernel rejects the blob), or
 *         APQNS4K rejected or absent after such an EINVAL  -> ZC_EKEY
 *   blob: ENODEV, EIO (no adapter answered), an empty or
 *         overlong adapter list (ENOSPC)                   -> ZC_EDEVICE
 *   anything else, or an answer of the wrong type/length   -> ZC_EDEVICE
 *
 * Protected HMAC keys (and every key type that has a clear-key token)
 * come from PKEY_KBLOB2PROTK3 with a clear-key token as the blob and no
 * adapter list (the kernel wraps it with PCKMO, as CLR2PROTK does): for
 * HMAC the token holds K0, exactly the block (64 bytes for the HMAC-512
 * key type, 128 for HMAC-1024), and the answer is the wrapped K0 and its
 * pattern (96 or 160 bytes) of the type asked for. A token shorter than
 * MINKEYBLOBSIZE is zero-padded to it (the kernel copies no shorter blob).
 * Its errno mapping differs from the blob path's: the token is built
 * here, so EINVAL cannot mean a bad key; it is a key type the running
 * kernel does not know, and ENODEV a machine without the PCKMO code:
 *   clear-key token: ENOTTY, ENODEV, EINVAL                -> ZC_ENOTSUP
 *   clear-key token: anything else, or a wrong answer      -> ZC_EDEVICE
 *
 * Protected EC signing keys: a clear private key goes in a clear-key
 * token of the curve's key type (P-256/384/521 5/6/7, Ed25519 8, Ed448
 * 9; 32, 48, 80, 32, 64 bytes, P-521 and Ed448 right-aligned), mapped as
 * above; the answer may also be of type PKEY_KEYTYPE_ECC (4). An ECC
 * secure-key blob (CCA or EP11, up to KEYBLOBBUFSIZE) has no adapter-less
 * request: PKEY_APQNS4K (flags as for AES blobs) and PKEY_KBLOB2PROTK3
 * through its list, the answer of the curve's type or ECC and exactly the
 * curve's protected size (64, 80, 112, 64, 96):
 *   ECC blob: ENOTTY (a kernel without the requests)        -> ZC_ENOTSUP
 *   ECC blob: EINVAL from either request                    -> ZC_EKEY
 *   ECC blob: an empty list, ENODEV, EIO, anything else,
 *             or a wrong answer                              -> ZC_EDEVICE
 */
#define _GNU_SOURCE
#include "core/platform.h"
#include "core/util.h"

#include <zcrypt/common.h>

#if defined(__s390x__) && !defined(ZC_FREESTANDING)

#include <asm/pkey.h>
#include <errno.h>
#include <fcntl.h>
#include <sys/ioctl.h>
#include <unistd.h>

/* The largest CCA AES CIPHER token (the kernel's MAXCCAVLSCTOKENSIZE; the
 * uapi header does not export it). Every AES blob the kernel takes fits. */
#define PKEY_BLOB_MAX 725

/* The kernel refuses blobs shorter than the 64-byte CCA AES DATA token. */
#define PKEY_BLOB_MIN MINKEYBLOBSIZE

/* Room for the adapter list; a larger answer (ENOSPC) is ZC_EDEVICE. */
#define PKEY_APQN_MAX 256

#define PKEY_WKVP_LEN 32

/* Open /dev/pkey into *fd; ZC_OK or the mapped error. */
static int pkey_open(int *fd)
{
    int f;

    do
        f = open("/dev/pkey", O_RDWR | O_CLOEXEC);
    while (f < 0 && errno == EINTR);
    if (f >= 0) {
        *fd = f;
        return ZC_OK;
    }
    if (errno == ENOENT || errno == ENODEV || errno == ENXIO)
        return ZC_ENOTSUP;
    return ZC_EDEVICE;
}

/* One request, retried on EINTR: 0 or the errno. */
static int pkey_ioctl(int fd, unsigned long req, void *arg)
{
    int r;

    do
        r = ioctl(fd, req, arg);
    while (r < 0 && errno == EINTR);
    return r < 0 ? errno : 0;
}

/* AES key length for a protected-key type, 0 for anything else. */
static size_t pkey_type_len(uint32_t type)
{
    switch (type) {
    case PKEY_KEYTYPE_AES_128:
        return 16;
    case PKEY_KEYTYPE_AES_192:
        return 24;
    case PKEY_KEYTYPE_AES_256:
        return 32;
    default:
        return 0;
    }
}

static uint32_t pkey_len_type(size_t key_len)
{
    switch (key_len) {
    case 16:
        return PKEY_KEYTYPE_AES_128;
    case 24:
        return PKEY_KEYTYPE_AES_192;
    case 32:
        return PKEY_KEYTYPE_AES_256;
    default:
        return 0;
    }
}

/*
 * Check the kernel's answer and copy it out. want is the type asked for,
 * or 0 when any AES type is right (blobs).
 */
static int pkey_take(uint32_t type, uint32_t len, const uint8_t *key, uint32_t want,
                     uint8_t prot[ZC_PROTKEY_MAX], size_t *prot_len, size_t *key_len)
{
    size_t klen = pkey_type_len(type);

    if (klen == 0 || (want && type != want) || len != klen + PKEY_WKVP_LEN)
        return ZC_EDEVICE;
    memcpy(prot, key, len);
    *prot_len = len;
    if (key_len)
        *key_len = klen;
    return ZC_OK;
}

/* The errno of CLR2PROTK or GENPROTK as a result. */
static int pkey_wrap_err(int err)
{
    return err == ENOTTY || err == ENODEV ? ZC_ENOTSUP : ZC_EDEVICE;
}

/* The errno of a blob conversion as a result. */
static int pkey_blob_err(int err)
{
    if (err == EINVAL)
        return ZC_EKEY;
    return err == ENOTTY ? ZC_ENOTSUP : ZC_EDEVICE;
}

int zc_plat_aes_protect_clear(const uint8_t *key, size_t key_len,
                              uint8_t prot[ZC_PROTKEY_MAX], size_t *prot_len)
{
    struct pkey_clr2protk req;
    uint32_t type = pkey_len_type(key_len);
    int fd, rc, err;

    if (!key || !prot || !prot_len || type == 0)
        return ZC_EINVAL;
    rc = pkey_open(&fd);
    if (rc != ZC_OK)
        return rc;
    memset(&req, 0, sizeof(req));
    req.keytype = type;
    memcpy(req.clrkey.clrkey, key, key_len);
    err = pkey_ioctl(fd, PKEY_CLR2PROTK, &req);
    close(fd);
    if (err)
        rc = pkey_wrap_err(err);
    else
        rc = pkey_take(req.protkey.type, req.protkey.len, req.protkey.protkey, type,
                       prot, prot_len, NULL);
    zc_wipe(&req, sizeof(req));
    return rc;
}

int zc_plat_aes_generate_protected(size_t key_len, uint8_t prot[ZC_PROTKEY_MAX],
                                   size_t *prot_len)
{
    struct pkey_genprotk req;
    uint32_t type = pkey_len_type(key_len);
    int fd, rc, err;

    if (!prot || !prot_len || type == 0)
        return ZC_EINVAL;
    rc = pkey_open(&fd);
    if (rc != ZC_OK)
        return rc;
    memset(&req, 0, sizeof(req));
    req.keytype = type;
    err = pkey_ioctl(fd, PKEY_GENPROTK, &req);
    close(fd);
    if (err)
        rc = pkey_wrap_err(err);
    else
        rc = pkey_take(req.protkey.type, req.protkey.len, req.protkey.protkey, type,
                       prot, prot_len, NULL);
    zc_wipe(&req, sizeof(req));
    return rc;
}

/*
 * The adapters that hold a blob's master key (PKEY_APQNS4K) into apqns
 * (PKEY_APQN_MAX entries) and *n: 0, the request's errno, or -1 for an
 * empty or overlong list (ENOSPC included). Shared by the AES and the ECC
 * blob paths.
 */
static int pkey_apqns4k(int fd, const uint8_t *blob, size_t blob_len, struct pkey_apqn *apqns,
                        uint32_t *n)
{
    struct pkey_apqns4key q;
    int err;

    memset(apqns, 0, PKEY_APQN_MAX * sizeof(*apqns));
    memset(&q, 0, sizeof(q));
    q.key = (__u8 *)(uintptr_t)blob; /* the kernel only reads it */
    q.keylen = (uint32_t)blob_len;
    /*
     * The flags by token type (the header's first byte): the kernel takes
     * EP11 blobs (0x00, non-CCA) with exactly MATCH_CUR and answers EINVAL
     * to any other flags; CCA tokens (0x01) may also be under the old
     * master key, CUR|ALT. A blob of another type that is refused with
     * both flags is asked again with CUR alone.
     */
    q.flags = PKEY_FLAGS_MATCH_CUR_MKVP;
    if (blob[0] != 0x00)
        q.flags |= PKEY_FLAGS_MATCH_ALT_MKVP;
    q.apqns = apqns;
    q.apqn_entries = PKEY_APQN_MAX;
    err = pkey_ioctl(fd, PKEY_APQNS4K, &q);
    if (err == EINVAL && blob[0] != 0x01 && q.flags != PKEY_FLAGS_MATCH_CUR_MKVP) {
        memset(apqns, 0, PKEY_APQN_MAX * sizeof(*apqns));
        q.flags = PKEY_FLAGS_MATCH_CUR_MKVP;
        q.apqn_entries = PKEY_APQN_MAX;
        err = pkey_ioctl(fd, PKEY_APQNS4K, &q);
    }
    if (err == ENOSPC || (!err && (q.apqn_entries == 0 || q.apqn_entries > PKEY_APQN_MAX)))
        return -1;                      /* no adapter holds the blob's master key */
    *n = q.apqn_entries;
    return err;
}

/*
 * The second way for a blob: the adapters that hold its master key, then
 * KBLOB2PROTK3 through that list (KBLOB2PROTK2 where the kernel lacks 3).
 */
static int pkey_blob_apqns(int fd, const uint8_t *blob, size_t blob_len,
                           uint8_t prot[ZC_PROTKEY_MAX], size_t *prot_len, size_t *key_len)
{
    struct pkey_apqn apqns[PKEY_APQN_MAX];
    struct pkey_kblob2pkey3 r3;
    struct pkey_kblob2pkey2 r2;
    uint8_t pkey[MAXPROTKEYSIZE];
    uint32_t n = 0;
    int err, rc = ZC_EDEVICE;

    err = pkey_apqns4k(fd, blob, blob_len, apqns, &n);
    if (err == EINVAL || err == ENOTTY)
        return ZC_EKEY; /* after KBLOB2PROTK's EINVAL: nothing takes the blob */
    if (err)
        return ZC_EDEVICE;              /* -1: no adapter holds the blob's master key */

    memset(&r3, 0, sizeof(r3));
    memset(pkey, 0, sizeof(pkey));
    r3.key = (__u8 *)(uintptr_t)blob; /* the kernel only reads it */
    r3.keylen = (uint32_t)blob_len;
    r3.apqns = apqns;
    r3.apqn_entries = n;
    r3.pkeylen = sizeof(pkey);
    r3.pkey = pkey;
    err = pkey_ioctl(fd, PKEY_KBLOB2PROTK3, &r3);
    /* pkeytype is a PKEY_KEYTYPE_* value, whatever the header's comment
     * says: the kernel fills it like pkey_protkey.type. */
    if (!err)
        rc = pkey_take(r3.pkeytype, r3.pkeylen, pkey, 0, prot, prot_len, key_len);
    zc_wipe(pkey, sizeof(pkey));
    zc_wipe(&r3, sizeof(r3));
    if (err != ENOTTY)
        return err ? pkey_blob_err(err) : rc;

    memset(&r2, 0, sizeof(r2));
    r2.key = (__u8 *)(uintptr_t)blob;
    r2.keylen = (uint32_t)blob_len;
    r2.apqns = apqns;
    r2.apqn_entries = n;
    err = pkey_ioctl(fd, PKEY_KBLOB2PROTK2, &r2);
    if (err)
        rc = pkey_blob_err(err);
    else
        rc = pkey_take(r2.protkey.type, r2.protkey.len, r2.protkey.protkey, 0,
                       prot, prot_len, key_len);
    zc_wipe(&r2, sizeof(r2));
    return rc;
}

int zc_plat_aes_protect_blob(const uint8_t *blob, size_t blob_len,
                             uint8_t prot[ZC_PROTKEY_MAX], size_t *prot_len,
                             size_t *key_len)
{
    struct pkey_kblob2pkey req;
    int fd, rc, err;

    if (!blob || !prot || !prot_len || !key_len || blob_len < PKEY_BLOB_MIN ||
        blob_len > PKEY_BLOB_MAX)
        return ZC_EINVAL;
    rc = pkey_open(&fd);
    if (rc != ZC_OK)
        return rc;
    memset(&req, 0, sizeof(req));
    req.key = (__u8 *)(uintptr_t)blob; /* the kernel only reads it */
    req.keylen = (uint32_t)blob_len;
    err = pkey_ioctl(fd, PKEY_KBLOB2PROTK, &req);
    if (err == EINVAL)
        rc = pkey_blob_apqns(fd, blob, blob_len, prot, prot_len, key_len);
    else if (err)
        rc = pkey_blob_err(err);
    else
        rc = pkey_take(req.protkey.type, req.protkey.len, req.protkey.protkey, 0,
                       prot, prot_len, key_len);
    close(fd);
    zc_wipe(&req, sizeof(req));
    return rc;
}

/*
 * The key types and the clear-key token of PKEY_KBLOB2PROTK3. Debian 12's
 * <asm/pkey.h> (kernel 6.1) defines key types 1-4 only; the values are
 * the kernel's (enum pkey_key_type), the token its struct clearkeytoken
 * (pkey_pckmo.c): type 0x00 (TOKTYPE_NON_CCA), version 0x02
 * (TOKVER_CLEAR_KEY), the key type and the key's length, then the key.
 */
#ifndef PKEY_KEYTYPE_HMAC_512
#define PKEY_KEYTYPE_HMAC_512 12
#endif
#ifndef PKEY_KEYTYPE_HMAC_1024
#define PKEY_KEYTYPE_HMAC_1024 13
#endif
#ifndef PKEY_KEYTYPE_AES_XTS_128
#define PKEY_KEYTYPE_AES_XTS_128 10
#endif
#ifndef PKEY_KEYTYPE_AES_XTS_256
#define PKEY_KEYTYPE_AES_XTS_256 11
#endif

struct zc_pkey_clrtoken {
    uint8_t type;
    uint8_t res0[3];
    uint8_t version;
    uint8_t res1[3];
    uint32_t keytype;
    uint32_t len;
    uint8_t clearkey[128];
};
_Static_assert(offsetof(struct zc_pkey_clrtoken, keytype) == 8, "clear-key token keytype");
_Static_assert(offsetof(struct zc_pkey_clrtoken, clearkey) == 16, "clear-key token key");

/*
 * One clear key through PKEY_KBLOB2PROTK3 as a clear-key token, for
 * every key type that has one (HMAC, and the EC and XTS types): type the
 * key type, key its len bytes exactly as the kernel takes them. The token
 * is at least MINKEYBLOBSIZE (64) bytes long, zero-padded: the kernel
 * copies no shorter blob in, and its len field says where the key ends.
 * The answer must be of type, or of also (0 for none: the kernel may
 * answer PKEY_KEYTYPE_ECC for every curve), and exactly the key plus its
 * 32-byte pattern.
 */
static int pkey_clrtoken_protect(uint32_t type, uint32_t also, const uint8_t *key, size_t len,
                                 uint8_t *prot, size_t *prot_len)
{
    struct zc_pkey_clrtoken tok;
    struct pkey_kblob2pkey3 req;
    uint8_t pkey[sizeof(tok.clearkey) + PKEY_WKVP_LEN];
    size_t tok_len = offsetof(struct zc_pkey_clrtoken, clearkey) + len;
    int fd, rc, err;

    if (len > sizeof(tok.clearkey))
        return ZC_EINVAL;
    rc = pkey_open(&fd);
    if (rc != ZC_OK)
        return rc;
    memset(&tok, 0, sizeof(tok));
    tok.type = 0x00;
    tok.version = 0x02;
    tok.keytype = type;
    tok.len = (uint32_t)len;
    memcpy(tok.clearkey, key, len);
    memset(&req, 0, sizeof(req));
    memset(pkey, 0, sizeof(pkey));
    req.key = (__u8 *)&tok;
    req.keylen = (uint32_t)(tok_len < PKEY_BLOB_MIN ? PKEY_BLOB_MIN : tok_len);
    req.pkeylen = sizeof(pkey);
    req.pkey = pkey;
    err = pkey_ioctl(fd, PKEY_KBLOB2PROTK3, &req);
    close(fd);
    if (err == ENOTTY || err == ENODEV || err == EINVAL)
        rc = ZC_ENOTSUP;        /* no such request, PCKMO code or key type here */
    else if (err)
        rc = ZC_EDEVICE;
    else if ((req.pkeytype != type && (!also || req.pkeytype != also)) ||
             req.pkeylen != len + PKEY_WKVP_LEN)
        rc = ZC_EDEVICE;        /* not the key asked for */
    else {
        memcpy(prot, pkey, req.pkeylen);
        *prot_len = req.pkeylen;
    }
    zc_wipe(&tok, sizeof(tok));
    zc_wipe(pkey, sizeof(pkey));
    zc_wipe(&req, sizeof(req));
    return rc;
}

int zc_plat_hmac_protect_clear(const uint8_t *k0, size_t k0_len,
                               uint8_t prot[ZC_HMAC_PROTKEY_MAX], size_t *prot_len)
{
    if (!k0 || !prot || !prot_len || (k0_len != 64 && k0_len != 128))
        return ZC_EINVAL;
    return pkey_clrtoken_protect(k0_len == 64 ? PKEY_KEYTYPE_HMAC_512 : PKEY_KEYTYPE_HMAC_1024,
                                 0, k0, k0_len, prot, prot_len);
}

/* ---- protected EC signing keys ------------------------------------------- */

/* The ECC key types (the kernel's enum pkey_key_type); Debian 12's header
 * has PKEY_KEYTYPE_ECC (4) only. */
#ifndef PKEY_KEYTYPE_ECC_P256
#define PKEY_KEYTYPE_ECC_P256 5
#endif
#ifndef PKEY_KEYTYPE_ECC_P384
#define PKEY_KEYTYPE_ECC_P384 6
#endif
#ifndef PKEY_KEYTYPE_ECC_P521
#define PKEY_KEYTYPE_ECC_P521 7
#endif
#ifndef PKEY_KEYTYPE_ECC_ED25519
#define PKEY_KEYTYPE_ECC_ED25519 8
#endif
#ifndef PKEY_KEYTYPE_ECC_ED448
#define PKEY_KEYTYPE_ECC_ED448 9
#endif

/* Per curve (enum zc_plat_ec): the key type and the clear-key token's
 * key length; the protected key is that plus the 32-byte pattern. */
static const struct pkey_ec {
    uint32_t type;
    uint8_t len;
} pkey_ec[] = {
    [ZC_PLAT_EC_P256] = { PKEY_KEYTYPE_ECC_P256, 32 },
    [ZC_PLAT_EC_P384] = { PKEY_KEYTYPE_ECC_P384, 48 },
    [ZC_PLAT_EC_P521] = { PKEY_KEYTYPE_ECC_P521, 80 },
    [ZC_PLAT_EC_ED25519] = { PKEY_KEYTYPE_ECC_ED25519, 32 },
    [ZC_PLAT_EC_ED448] = { PKEY_KEYTYPE_ECC_ED448, 64 },
};
_Static_assert(sizeof(pkey_ec) / sizeof(pkey_ec[0]) == ZC_PLAT_EC_ED448 + 1, "every curve");
_Static_assert(80 + PKEY_WKVP_LEN <= ZC_EC_PROTKEY_MAX, "room for P-521's protected key");

int zc_plat_ec_protect_clear(enum zc_plat_ec curve, const uint8_t *key, size_t key_len,
                             uint8_t prot[ZC_EC_PROTKEY_MAX], size_t *prot_len)
{
    if (!key || !prot || !prot_len || (unsigned)curve > ZC_PLAT_EC_ED448 ||
        key_len != pkey_ec[curve].len)
        return ZC_EINVAL;
    return pkey_clrtoken_protect(pkey_ec[curve].type, PKEY_KEYTYPE_ECC, key, key_len, prot,
                                 prot_len);
}

int zc_plat_ec_protect_blob(enum zc_plat_ec curve, const uint8_t *blob, size_t blob_len,
                            uint8_t prot[ZC_EC_PROTKEY_MAX], size_t *prot_len)
{
    struct pkey_apqn apqns[PKEY_APQN_MAX];
    struct pkey_kblob2pkey3 req;
    uint8_t pkey[ZC_EC_PROTKEY_MAX];
    size_t want;
    uint32_t n = 0;
    int fd, rc, err;

    if (!blob || !prot || !prot_len || (unsigned)curve > ZC_PLAT_EC_ED448 ||
        blob_len < PKEY_BLOB_MIN || blob_len > ZC_EC_BLOB_MAX)
        return ZC_EINVAL;
    want = pkey_ec[curve].len + (size_t)PKEY_WKVP_LEN;
    rc = pkey_open(&fd);
    if (rc != ZC_OK)
        return rc;
    /* no adapter-less request takes ECC blobs: the list first, always */
    err = pkey_apqns4k(fd, blob, blob_len, apqns, &n);
    if (err == 0) {
        memset(&req, 0, sizeof(req));
        memset(pkey, 0, sizeof(pkey));
        req.key = (__u8 *)(uintptr_t)blob; /* the kernel only reads it */
        req.keylen = (uint32_t)blob_len;
        req.apqns = apqns;
        req.apqn_entries = n;
        req.pkeylen = sizeof(pkey);
        req.pkey = pkey;
        err = pkey_ioctl(fd, PKEY_KBLOB2PROTK3, &req);
        if (err)
            rc = pkey_blob_err(err);
        else if ((req.pkeytype != pkey_ec[curve].type && req.pkeytype != PKEY_KEYTYPE_ECC) ||
                 req.pkeylen != want)
            rc = ZC_EDEVICE;            /* not a key of this curve */
        else {
            memcpy(prot, pkey, want);
            *prot_len = want;
        }
        zc_wipe(pkey, sizeof(pkey));
        zc_wipe(&req, sizeof(req));
    } else {
        rc = err < 0 ? ZC_EDEVICE : pkey_blob_err(err);
    }
    close(fd);
    return rc;
}

/* An XTS double key K1 || K2: the token's len is the whole double key. */
int zc_plat_xts_protect_clear(const uint8_t *key, size_t key_len,
                              uint8_t prot[ZC_XTS_PROTKEY_MAX], size_t *prot_len)
{
    if (!key || !prot || !prot_len || (key_len != 32 && key_len != 64))
        return ZC_EINVAL;
    return pkey_clrtoken_protect(key_len == 32 ? PKEY_KEYTYPE_AES_XTS_128
                                               : PKEY_KEYTYPE_AES_XTS_256,
                                 0, key, key_len, prot, prot_len);
}

#else /* no pkey interface: not s390x Linux, or no kernel at all */

#if !defined(ZC_FREESTANDING)  /* bare metal wraps clear keys with PCKMO */
int zc_plat_aes_protect_clear(const uint8_t *key, size_t key_len,
                              uint8_t prot[ZC_PROTKEY_MAX], size_t *prot_len)
{
    (void)key;
    (void)key_len;
    (void)prot;
    (void)prot_len;
    return ZC_ENOTSUP;
}
#endif

int zc_plat_aes_protect_blob(const uint8_t *blob, size_t blob_len,
                             uint8_t prot[ZC_PROTKEY_MAX], size_t *prot_len,
                             size_t *key_len)
{
    (void)blob;
    (void)blob_len;
    (void)prot;
    (void)prot_len;
    (void)key_len;
    return ZC_ENOTSUP;
}

int zc_plat_aes_generate_protected(size_t key_len, uint8_t prot[ZC_PROTKEY_MAX],
                                   size_t *prot_len)
{
    (void)key_len;
    (void)prot;
    (void)prot_len;
    return ZC_ENOTSUP;
}

/* No /dev/pkey; bare metal wraps no ECC key either (Hercules has no
 * PCKMO ECC code, and no KDSA). */
int zc_plat_ec_protect_clear(enum zc_plat_ec curve, const uint8_t *key, size_t key_len,
                             uint8_t prot[ZC_EC_PROTKEY_MAX], size_t *prot_len)
{
    (void)curve;
    (void)key;
    (void)key_len;
    (void)prot;
    (void)prot_len;
    return ZC_ENOTSUP;
}

int zc_plat_ec_protect_blob(enum zc_plat_ec curve, const uint8_t *blob, size_t blob_len,
                            uint8_t prot[ZC_EC_PROTKEY_MAX], size_t *prot_len)
{
    (void)curve;
    (void)blob;
    (void)blob_len;
    (void)prot;
    (void)prot_len;
    return ZC_ENOTSUP;
}

/* No /dev/pkey; bare metal has no HMAC code of PCKMO on Hercules either. */
int zc_plat_hmac_protect_clear(const uint8_t *k0, size_t k0_len,
                               uint8_t prot[ZC_HMAC_PROTKEY_MAX], size_t *prot_len)
{
    (void)k0;
    (void)k0_len;
    (void)prot;
    (void)prot_len;
    return ZC_ENOTSUP;
}

/* No /dev/pkey; Hercules has no MSA-10 for bare metal either. */
int zc_plat_xts_protect_clear(const uint8_t *key, size_t key_len,
                              uint8_t prot[ZC_XTS_PROTKEY_MAX], size_t *prot_len)
{
    (void)key;
    (void)key_len;
    (void)prot;
    (void)prot_len;
    return ZC_ENOTSUP;
}

#endif
