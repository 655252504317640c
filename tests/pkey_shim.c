/*
 * pkey_shim.c - a stand-in for /dev/pkey, loaded into the s390x test
 * process with LD_PRELOAD (qemu-s390x-static is static, so only the
 * guest's loader sees the variable).
 *
 * It takes over open()/openat() of "/dev/pkey" (handing out a descriptor
 * of /dev/null, so that close() and descriptor numbers stay real), and
 * ioctl() and close() on that descriptor. Every request is checked byte
 * for byte against the struct layouts of <asm/pkey.h>: the request code,
 * the key type, the clear key and the zero bytes after it, the blob
 * pointer and length, the adapter list, output fields and padding zero on
 * entry; KBLOB2PROTK3 also with a clear-key token of an HMAC, EC or
 * AES-XTS key type (no adapter list, the token's layout and exact
 * lengths, at least MINKEYBLOBSIZE bytes with zero padding) and with an
 * ECC blob. A request that breaks a rule is counted in zc_pkey_shim and
 * fails with EBADMSG. Correct requests get the fake answers of
 * pkey_shim.h, or the errno the test asked for (SHIM_ENV_ERRNO); a failed
 * request still scribbles a plausible answer into the struct, so that a
 * caller that reads it on failure is caught.
 */
#define _GNU_SOURCE
/* open and open64 (openat, openat64) are taken over separately: none of
 * them may be renamed to another by the headers. */
#undef _FILE_OFFSET_BITS
#undef _FORTIFY_SOURCE
#include "pkey_shim.h"

#include <asm/pkey.h>
#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <unistd.h>

struct shim_state zc_pkey_shim;

static struct shim_state *const S = &zc_pkey_shim;
static int fake_fd = -1;
static unsigned eintr_done; /* bit per shim_op: EINTR already given */
/* Kept from APQNS4K to compare with the KBLOB2PROTK2/3 request. */
static const struct pkey_apqn *apqn_list;
/* The blob of the first blob request on the open descriptor. */
static const void *session_blob;

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

static void note(enum shim_op op)
{
    S->calls[op]++;
    if (S->norder < sizeof(S->order) / sizeof(S->order[0]))
        S->order[S->norder++] = op;
}

static int answer_is(const char *mode)
{
    const char *a = getenv(SHIM_ENV_ANSWER);

    return a && strcmp(a, mode) == 0;
}

static const struct {
    const char *name;
    int err;
} errnos[] = {
    { "ENOENT", ENOENT }, { "ENODEV", ENODEV }, { "ENXIO", ENXIO },
    { "EACCES", EACCES }, { "EPERM", EPERM },   { "EMFILE", EMFILE },
    { "ENOTTY", ENOTTY }, { "EINVAL", EINVAL }, { "EIO", EIO },
    { "ENOSPC", ENOSPC }, { "EFAULT", EFAULT }, { "EBUSY", EBUSY },
};

/* The errno SHIM_ENV_ERRNO asks for op, or 0. */
static int injected(enum shim_op op)
{
    const char *p = getenv(SHIM_ENV_ERRNO);
    const char *name = shim_op_names[op];
    size_t n = strlen(name), i;

    if (answer_is("eintr") && !(eintr_done & 1u << op)) {
        eintr_done |= 1u << op;
        return EINTR;
    }
    while (p && *p) {
        const char *end = strchr(p, ',');
        size_t len = end ? (size_t)(end - p) : strlen(p);

        if (len > n && strncmp(p, name, n) == 0 && p[n] == '=') {
            for (i = 0; i < sizeof(errnos) / sizeof(errnos[0]); i++) {
                if (strlen(errnos[i].name) == len - n - 1 &&
                    strncmp(p + n + 1, errnos[i].name, len - n - 1) == 0)
                    return errnos[i].err;
            }
            violate("%s: unknown errno name in %s", name, SHIM_ENV_ERRNO);
            return EBADMSG;
        }
        p = end ? end + 1 : NULL;
    }
    return 0;
}

/* A byte range of a request struct that the caller fills (or the kernel). */
struct field {
    size_t off, len;
    int out; /* written by the kernel: must be zero on entry */
};

/*
 * Every byte outside the fields (padding) and every byte of an output
 * field must be zero: the caller zeroed the struct before filling it.
 */
static int check_layout(const char *op, const void *req, size_t size,
                        const struct field *f, size_t nf)
{
    const uint8_t *p = req;
    size_t i, j;

    for (i = 0; i < size; i++) {
        int in_field = 0;

        for (j = 0; j < nf; j++) {
            if (i >= f[j].off && i < f[j].off + f[j].len) {
                in_field = f[j].out ? 0 : 1;
                break;
            }
        }
        if (!in_field && p[i]) {
            violate("%s: byte %zu is %#x, not zero (padding or output)", op, i, p[i]);
            return -1;
        }
    }
    return 0;
}

#define FIELD(type, member, out) { offsetof(type, member), sizeof(((type *)0)->member), out }

static size_t type_len(uint32_t type)
{
    return type >= PKEY_KEYTYPE_AES_128 && type <= PKEY_KEYTYPE_AES_256 ? 8 + 8 * type : 0;
}

/* Answer type/len per SHIM_ENV_ANSWER for a key of the given type. */
static void fake_type_len(uint32_t type, uint32_t *otype, uint32_t *olen)
{
    *otype = type;
    *olen = (uint32_t)(type_len(type) + 32);
    if (answer_is("badlen"))
        *olen -= 8;
    else if (answer_is("badtype"))
        *otype = PKEY_KEYTYPE_ECC;
    else if (answer_is("othertype")) /* consistent in itself, not what was asked */
        *otype = type == PKEY_KEYTYPE_AES_256 ? PKEY_KEYTYPE_AES_128 : PKEY_KEYTYPE_AES_256;
    if (*otype != type && type_len(*otype))
        *olen = (uint32_t)(type_len(*otype) + 32);
}

static int bad_keytype(const char *op, uint32_t type)
{
    if (type_len(type))
        return 0;
    violate("%s: key type %u is not an AES type", op, type);
    return -1;
}

static int do_clr2protk(struct pkey_clr2protk *r)
{
    static const struct field f[] = {
        FIELD(struct pkey_clr2protk, keytype, 0),
        FIELD(struct pkey_clr2protk, clrkey, 0),
        FIELD(struct pkey_clr2protk, protkey, 1),
    };
    size_t klen, i;

    if (check_layout("CLR2PROTK", r, sizeof(*r), f, 3) || bad_keytype("CLR2PROTK", r->keytype))
        return EBADMSG;
    klen = type_len(r->keytype);
    S->keytype = r->keytype;
    memcpy(S->clrkey, r->clrkey.clrkey, sizeof(S->clrkey));
    for (i = klen; i < sizeof(r->clrkey.clrkey); i++) {
        if (r->clrkey.clrkey[i]) {
            violate("CLR2PROTK: clear key byte %zu past the key is not zero", i);
            return EBADMSG;
        }
    }
    shim_fake_clear(r->protkey.protkey, r->clrkey.clrkey, klen);
    fake_type_len(r->keytype, &r->protkey.type, &r->protkey.len);
    return 0;
}

static int do_genprotk(struct pkey_genprotk *r)
{
    static const struct field f[] = {
        FIELD(struct pkey_genprotk, keytype, 0),
        FIELD(struct pkey_genprotk, protkey, 1),
    };

    if (check_layout("GENPROTK", r, sizeof(*r), f, 2) || bad_keytype("GENPROTK", r->keytype))
        return EBADMSG;
    S->keytype = r->keytype;
    shim_fake_gen(r->protkey.protkey, type_len(r->keytype), S->generated);
    fake_type_len(r->keytype, &r->protkey.type, &r->protkey.len);
    return 0;
}

/*
 * The blob of a request: the same pointer and length in every request of
 * one descriptor, length within what the kernel copies in (8 KiB).
 */
static int check_blob(const char *op, const uint8_t *key, uint32_t keylen)
{
    if (!key || keylen < MINKEYBLOBSIZE || keylen > 8192) {
        violate("%s: blob %p of %u bytes", op, (const void *)key, keylen);
        return -1;
    }
    if (session_blob && (session_blob != key || S->blob_len != keylen)) {
        violate("%s: blob %p/%u, earlier %p/%u", op, (const void *)key, keylen, session_blob,
                S->blob_len);
        return -1;
    }
    session_blob = key;
    S->blob = key;
    S->blob_len = keylen;
    return 0;
}

/* AES type of a blob; 0 (the kernel's EINVAL) when it holds no AES key. */
static uint32_t blob_type(const uint8_t *key, uint32_t keylen)
{
    switch (shim_blob_bits(key, keylen)) {
    case 128:
        return PKEY_KEYTYPE_AES_128;
    case 192:
        return PKEY_KEYTYPE_AES_192;
    case 256:
        return PKEY_KEYTYPE_AES_256;
    default:
        return 0;
    }
}

static int do_kblob2protk(struct pkey_kblob2pkey *r)
{
    static const struct field f[] = {
        FIELD(struct pkey_kblob2pkey, key, 0),
        FIELD(struct pkey_kblob2pkey, keylen, 0),
        FIELD(struct pkey_kblob2pkey, protkey, 1),
    };
    uint32_t type;

    if (check_layout("KBLOB2PROTK", r, sizeof(*r), f, 3) ||
        check_blob("KBLOB2PROTK", r->key, r->keylen))
        return EBADMSG;
    type = blob_type(r->key, r->keylen);
    if (!type)
        return EINVAL;
    shim_fake_blob(r->protkey.protkey, r->key, r->keylen, type_len(type), 1);
    fake_type_len(type, &r->protkey.type, &r->protkey.len);
    return 0;
}

static int do_apqns4k(struct pkey_apqns4key *r)
{
    static const struct field f[] = {
        FIELD(struct pkey_apqns4key, key, 0),
        FIELD(struct pkey_apqns4key, keylen, 0),
        FIELD(struct pkey_apqns4key, flags, 0),
        FIELD(struct pkey_apqns4key, apqns, 0),
        FIELD(struct pkey_apqns4key, apqn_entries, 0),
    };
    unsigned i, n = answer_is("noapqn") ? 0 : SHIM_NAPQNS;

    if (check_layout("APQNS4K", r, sizeof(*r), f, 5) ||
        check_blob("APQNS4K", r->key, r->keylen))
        return EBADMSG;
    S->apqns4k_flags[S->apqns4k_n++ % 2] = r->flags;
    if (!(r->flags & PKEY_FLAGS_MATCH_CUR_MKVP) ||
        (r->flags & ~(uint32_t)(PKEY_FLAGS_MATCH_CUR_MKVP | PKEY_FLAGS_MATCH_ALT_MKVP))) {
        violate("APQNS4K: flags %#x", r->flags);
        return EBADMSG;
    }
    /*
     * The kernel's rule (pkey_api.c, apqns4key): an EP11 blob (header
     * type 0x00, non-CCA) is looked up with exactly MATCH_CUR_MKVP, any
     * other flags are EINVAL; a CCA token (0x01) takes CUR and ALT.
     */
    if (r->key[0] == 0x00 && r->flags != PKEY_FLAGS_MATCH_CUR_MKVP)
        return EINVAL;
    if (!r->apqns || r->apqn_entries == 0) {
        /* entries 0 would be the "how many?" query, which we never ask */
        violate("APQNS4K: list %p of %u entries", (void *)r->apqns, r->apqn_entries);
        return EBADMSG;
    }
    if (r->apqn_entries < n) {
        r->apqn_entries = n;
        return ENOSPC;
    }
    for (i = 0; i < n; i++) {
        r->apqns[i].card = shim_apqns[i][0];
        r->apqns[i].domain = shim_apqns[i][1];
    }
    r->apqn_entries = n;
    apqn_list = r->apqns;
    return 0;
}

/* The adapter list of KBLOB2PROTK2/3: exactly what APQNS4K returned. */
static int check_apqns(const char *op, const struct pkey_apqn *a, uint32_t n)
{
    unsigned i;

    if (!apqn_list || a != apqn_list || n != SHIM_NAPQNS) {
        violate("%s: list %p of %u entries, not the one APQNS4K filled", op, (const void *)a, n);
        return -1;
    }
    for (i = 0; i < n; i++) {
        if (a[i].card != shim_apqns[i][0] || a[i].domain != shim_apqns[i][1]) {
            violate("%s: entry %u is %u/%u", op, i, a[i].card, a[i].domain);
            return -1;
        }
    }
    return 0;
}

static int do_kblob2protk2(struct pkey_kblob2pkey2 *r)
{
    static const struct field f[] = {
        FIELD(struct pkey_kblob2pkey2, key, 0),
        FIELD(struct pkey_kblob2pkey2, keylen, 0),
        FIELD(struct pkey_kblob2pkey2, apqns, 0),
        FIELD(struct pkey_kblob2pkey2, apqn_entries, 0),
        FIELD(struct pkey_kblob2pkey2, protkey, 1),
    };
    uint32_t type;

    if (check_layout("KBLOB2PROTK2", r, sizeof(*r), f, 5) ||
        check_blob("KBLOB2PROTK2", r->key, r->keylen) ||
        check_apqns("KBLOB2PROTK2", r->apqns, r->apqn_entries))
        return EBADMSG;
    type = blob_type(r->key, r->keylen);
    if (!type)
        return EINVAL;
    shim_fake_blob(r->protkey.protkey, r->key, r->keylen, type_len(type), 2);
    fake_type_len(type, &r->protkey.type, &r->protkey.len);
    return 0;
}

/* The token key length of an HMAC or EC key type, 0 for another type. */
static uint32_t hmac_type_len(uint32_t type)
{
    return type == SHIM_KEYTYPE_HMAC_512 ? 64 : type == SHIM_KEYTYPE_HMAC_1024 ? 128
         : shim_ec_len(type);
}

/* The answer's type for an EC key of type t (SHIM_ENV_ANSWER). */
static uint32_t ec_answer_type(uint32_t t, int blob)
{
    if (answer_is("badtype"))
        return PKEY_KEYTYPE_AES_256;
    if (answer_is("othertype"))
        return t == SHIM_KEYTYPE_ECC_P256 ? t + 1 : SHIM_KEYTYPE_ECC_P256;
    if (blob)
        return answer_is("curvetype") ? t : SHIM_KEYTYPE_ECC;
    return answer_is("generic") ? SHIM_KEYTYPE_ECC : t;
}

/* The same for the AES-XTS double-key types (K1 || K2). */
static uint32_t xts_type_len(uint32_t type)
{
    return type == SHIM_KEYTYPE_AES_XTS_128 ? 32 : type == SHIM_KEYTYPE_AES_XTS_256 ? 64 : 0;
}

/* The other type of the same family, for the "othertype" answer. */
static uint32_t clr_other_type(uint32_t type)
{
    switch (type) {
    case SHIM_KEYTYPE_HMAC_512: return SHIM_KEYTYPE_HMAC_1024;
    case SHIM_KEYTYPE_HMAC_1024: return SHIM_KEYTYPE_HMAC_512;
    case SHIM_KEYTYPE_AES_XTS_128: return SHIM_KEYTYPE_AES_XTS_256;
    default: return SHIM_KEYTYPE_AES_XTS_128;
    }
}

/*
 * KBLOB2PROTK3 with a clear-key token (the kernel wraps it with PCKMO):
 * no adapter list, the token's reserved bytes zero, an HMAC key type with
 * exactly its block length (64 or 128: the kernel refuses any other) or
 * an AES-XTS type with its double key (32 or 64), the blob length the
 * token's or MINKEYBLOBSIZE (the kernel copies no shorter blob) with the
 * padding zero, the output buffer zero and big enough.
 */
static int do_clrtoken(struct pkey_kblob2pkey3 *r)
{
    const struct shim_clrtoken *t = (const void *)r->key;
    uint32_t klen = hmac_type_len(t->keytype), otype = t->keytype, olen, blen;
    size_t i;

    if (klen == 0)
        klen = xts_type_len(t->keytype);
    blen = (uint32_t)sizeof(*t) + klen;
    if (blen < MINKEYBLOBSIZE)
        blen = MINKEYBLOBSIZE;

    if (r->apqns || r->apqn_entries) {
        violate("KBLOB2PROTK3: clear-key token with an adapter list %p/%u", (void *)r->apqns,
                r->apqn_entries);
        return EBADMSG;
    }
    if (t->res0[0] | t->res0[1] | t->res0[2] | t->res1[0] | t->res1[1] | t->res1[2]) {
        violate("KBLOB2PROTK3: clear-key token reserved bytes not zero");
        return EBADMSG;
    }
    if (klen == 0 || t->len != klen || r->keylen != blen) {
        violate("KBLOB2PROTK3: clear-key token type %u, len %u, blob %u bytes", t->keytype,
                t->len, r->keylen);
        return EBADMSG;
    }
    for (i = sizeof(*t) + klen; i < blen; i++) {
        if (r->key[i]) {
            violate("KBLOB2PROTK3: clear-key token padding byte %zu not zero", i);
            return EBADMSG;
        }
    }
    if (!r->pkey || r->pkeylen < klen + 32) {
        violate("KBLOB2PROTK3: buffer %p of %u bytes", (void *)r->pkey, r->pkeylen);
        return EBADMSG;
    }
    for (i = 0; i < r->pkeylen; i++) {
        if (r->pkey[i]) {
            violate("KBLOB2PROTK3: buffer byte %zu not zero", i);
            return EBADMSG;
        }
    }
    shim_fake_clear(r->pkey, t->clearkey, klen);
    olen = klen + 32;
    if (shim_ec_len(t->keytype)) {
        S->ec_type = t->keytype;
        S->ec_len = t->len;
        S->ec_keylen = r->keylen;
        memcpy(S->ec_key, t->clearkey, klen);
        r->pkeytype = ec_answer_type(t->keytype, 0);
        r->pkeylen = answer_is("badlen") ? olen - 8 : olen;
        return 0;
    }
    S->hmac_type = t->keytype;
    S->hmac_len = t->len;
    memcpy(S->hmac_k0, t->clearkey, klen);
    if (answer_is("badlen"))
        olen -= 8;
    else if (answer_is("badtype"))
        otype = PKEY_KEYTYPE_AES_256;
    else if (answer_is("othertype"))
        otype = clr_other_type(otype);
    r->pkeytype = otype;
    r->pkeylen = olen;
    return 0;
}

/*
 * KBLOB2PROTK3 with an ECC blob (its adapter list already checked): the
 * output buffer zero and big enough for the curve's protected key; the
 * answer a fake key of that size, type ECC (4) unless SHIM_ENV_ANSWER
 * says otherwise.
 */
static int do_ecc_blob(struct pkey_kblob2pkey3 *r, uint32_t type)
{
    uint32_t klen = shim_ec_len(type), olen = klen + 32;
    size_t i;

    if (!r->pkey || r->pkeylen < olen) {
        violate("KBLOB2PROTK3: ECC blob, buffer %p of %u bytes", (void *)r->pkey, r->pkeylen);
        return EBADMSG;
    }
    for (i = 0; i < r->pkeylen; i++) {
        if (r->pkey[i]) {
            violate("KBLOB2PROTK3: buffer byte %zu not zero", i);
            return EBADMSG;
        }
    }
    S->ec_type = type;
    shim_fake_blob(r->pkey, r->key, r->keylen, klen, 3);
    r->pkeytype = ec_answer_type(type, 1);
    r->pkeylen = answer_is("badlen") ? olen - 8 : olen;
    return 0;
}

static int do_kblob2protk3(struct pkey_kblob2pkey3 *r)
{
    static const struct field f[] = {
        FIELD(struct pkey_kblob2pkey3, key, 0),
        FIELD(struct pkey_kblob2pkey3, keylen, 0),
        FIELD(struct pkey_kblob2pkey3, apqns, 0),
        FIELD(struct pkey_kblob2pkey3, apqn_entries, 0),
        FIELD(struct pkey_kblob2pkey3, pkeytype, 1),
        FIELD(struct pkey_kblob2pkey3, pkeylen, 0),
        FIELD(struct pkey_kblob2pkey3, pkey, 0),
    };
    uint8_t tmp[MAXPROTKEYSIZE];
    uint32_t type, otype, olen;
    size_t i;

    if (check_layout("KBLOB2PROTK3", r, sizeof(*r), f, 7) ||
        check_blob("KBLOB2PROTK3", r->key, r->keylen))
        return EBADMSG;
    if (r->key[0] == 0x00 && r->key[4] == 0x02)
        return do_clrtoken(r);
    if (check_apqns("KBLOB2PROTK3", r->apqns, r->apqn_entries))
        return EBADMSG;
    if ((type = shim_ecc_blob_type(r->key, r->keylen)) != 0)
        return do_ecc_blob(r, type);
    if (!r->pkey || r->pkeylen != MAXPROTKEYSIZE) {
        violate("KBLOB2PROTK3: buffer %p of %u bytes", (void *)r->pkey, r->pkeylen);
        return EBADMSG;
    }
    for (i = 0; i < MAXPROTKEYSIZE; i++) {
        if (r->pkey[i]) {
            violate("KBLOB2PROTK3: buffer byte %zu not zero", i);
            return EBADMSG;
        }
    }
    type = blob_type(r->key, r->keylen);
    if (!type)
        return EINVAL;
    shim_fake_blob(tmp, r->key, r->keylen, type_len(type), 3);
    fake_type_len(type, &otype, &olen);
    /* the kernel copies out what fits the buffer it was given */
    memcpy(r->pkey, tmp, olen < sizeof(tmp) ? olen : sizeof(tmp));
    r->pkeytype = otype;
    r->pkeylen = olen;
    return 0;
}

typedef int (*real_open_fn)(const char *, int, ...);
typedef int (*real_openat_fn)(int, const char *, int, ...);
typedef int (*real_ioctl_fn)(int, unsigned long, ...);
typedef int (*real_close_fn)(int);

/* libc's own function into *fp (memcpy: ISO C has no cast from an
 * object pointer to a function pointer). */
static void real_fn(const char *name, void *fp, size_t size)
{
    void *p = dlsym(RTLD_NEXT, name);

    if (!p || size != sizeof(p))
        abort(); /* the test process cannot go on without it */
    memcpy(fp, &p, size);
}

static int open_pkey(int flags)
{
    int err;
    real_open_fn ropen;

    note(SHIM_OPEN);
    S->open_flags = flags;
    if (flags != (O_RDWR | O_CLOEXEC))
        violate("open: flags %#x, not O_RDWR|O_CLOEXEC", (unsigned)flags);
    err = injected(SHIM_OPEN);
    if (err) {
        errno = err;
        return -1;
    }
    real_fn("open", &ropen, sizeof(ropen));
    fake_fd = ropen("/dev/null", O_RDWR | O_CLOEXEC);
    if (fake_fd >= 0) {
        S->opened++;
        S->open_fds++;
    }
    return fake_fd;
}

static int mode_arg(int flags, va_list ap)
{
    return (flags & O_CREAT) || (flags & O_TMPFILE) == O_TMPFILE ? va_arg(ap, int) : 0;
}

/* The pass-through: libc's name with the caller's arguments. */
static int pass_open(const char *name, int at, int dirfd, const char *path, int flags,
                     int mode)
{
    real_open_fn ropen;
    real_openat_fn ropenat;

    if (!at) {
        real_fn(name, &ropen, sizeof(ropen));
        return ropen(path, flags, mode);
    }
    real_fn(name, &ropenat, sizeof(ropenat));
    return ropenat(dirfd, path, flags, mode);
}

int open(const char *path, int flags, ...)
{
    va_list ap;
    int mode;

    if (strcmp(path, "/dev/pkey") == 0)
        return open_pkey(flags);
    va_start(ap, flags);
    mode = mode_arg(flags, ap);
    va_end(ap);
    return pass_open("open", 0, -1, path, flags, mode);
}

int open64(const char *path, int flags, ...)
{
    va_list ap;
    int mode;

    if (strcmp(path, "/dev/pkey") == 0)
        return open_pkey(flags);
    va_start(ap, flags);
    mode = mode_arg(flags, ap);
    va_end(ap);
    return pass_open("open64", 0, -1, path, flags, mode);
}

int openat(int dirfd, const char *path, int flags, ...)
{
    va_list ap;
    int mode;

    if (strcmp(path, "/dev/pkey") == 0)
        return open_pkey(flags);
    va_start(ap, flags);
    mode = mode_arg(flags, ap);
    va_end(ap);
    return pass_open("openat", 1, dirfd, path, flags, mode);
}

int openat64(int dirfd, const char *path, int flags, ...)
{
    va_list ap;
    int mode;

    if (strcmp(path, "/dev/pkey") == 0)
        return open_pkey(flags);
    va_start(ap, flags);
    mode = mode_arg(flags, ap);
    va_end(ap);
    return pass_open("openat64", 1, dirfd, path, flags, mode);
}

int close(int fd)
{
    real_close_fn rclose;

    if (fd >= 0 && fd == fake_fd) {
        note(SHIM_CLOSE);
        S->open_fds--;
        fake_fd = -1;
        apqn_list = NULL;
        session_blob = NULL;
    }
    real_fn("close", &rclose, sizeof(rclose));
    return rclose(fd);
}

static const struct {
    unsigned long req;
    enum shim_op op;
} requests[] = {
    { PKEY_CLR2PROTK, SHIM_CLR2PROTK },       { PKEY_GENPROTK, SHIM_GENPROTK },
    { PKEY_KBLOB2PROTK, SHIM_KBLOB2PROTK },   { PKEY_APQNS4K, SHIM_APQNS4K },
    { PKEY_KBLOB2PROTK2, SHIM_KBLOB2PROTK2 }, { PKEY_KBLOB2PROTK3, SHIM_KBLOB2PROTK3 },
};

int ioctl(int fd, unsigned long req, ...)
{
    va_list ap;
    void *arg;
    size_t i;
    int err, inj;
    real_ioctl_fn rioctl;

    va_start(ap, req);
    arg = va_arg(ap, void *);
    va_end(ap);
    if (fd < 0 || fd != fake_fd) {
        real_fn("ioctl", &rioctl, sizeof(rioctl));
        return rioctl(fd, req, arg);
    }

    for (i = 0; i < sizeof(requests) / sizeof(requests[0]); i++) {
        if (requests[i].req == req)
            break;
    }
    if (i == sizeof(requests) / sizeof(requests[0]) || !arg) {
        violate("ioctl: request %#lx with argument %p", req, arg);
        errno = ENOTTY;
        return -1;
    }
    note(requests[i].op);
    inj = injected(requests[i].op);
    if (inj == EINTR) {
        errno = EINTR;
        return -1;
    }
    switch (requests[i].op) {
    case SHIM_CLR2PROTK:
        err = do_clr2protk(arg);
        break;
    case SHIM_GENPROTK:
        err = do_genprotk(arg);
        if (!err && !inj)
            S->generated++;
        break;
    case SHIM_KBLOB2PROTK:
        err = do_kblob2protk(arg);
        break;
    case SHIM_APQNS4K:
        err = do_apqns4k(arg);
        break;
    case SHIM_KBLOB2PROTK2:
        err = do_kblob2protk2(arg);
        break;
    default:
        err = do_kblob2protk3(arg);
        break;
    }
    if (!err)
        err = inj;
    if (err) {
        errno = err;
        return -1;
    }
    return 0;
}
