/*
 * fuzz_stream.c - libFuzzer target: hash, HMAC and CMAC streaming with
 * random splits against the one-shot calls.
 *
 * Input: byte 0 picks the family and algorithm, byte 1 a key length, then
 * the key, then the message. Where the message is cut into update() calls
 * (sizes 0 included) comes from a generator seeded by the whole input.
 * Streaming and one-shot must agree, also for a copied (assigned) running
 * hash, and the verify calls must accept the right tag and refuse a
 * changed one.
 */
#include <zcrypt.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz_util.h"

static void hash_case(enum zc_hash_alg alg, struct fz *f, const uint8_t *msg, size_t len)
{
    uint8_t one[64], st[64], cp[64];
    size_t out_len = zc_hash_size(alg) ? zc_hash_size(alg) : 1 + fz_byte(f) % 64;
    zc_hash_ctx c, copy;
    size_t pos = 0, cut, copy_pos = 0;

    FZ_OK(zc_hash(alg, msg, len, one, out_len));
    FZ_OK(zc_hash_init(&c, alg, ZC_BACKEND_SOFTWARE));
    cut = fz_split(f, len);
    while (pos < len) {
        size_t n = fz_split(f, len - pos);

        FZ_OK(zc_hash_update(&c, msg + pos, n));
        pos += n;
        if (pos >= cut && cut != (size_t)-1) {
            copy = c;           /* fork the running hash */
            copy_pos = pos;
            cut = (size_t)-1;
        }
    }
    FZ_OK(zc_hash_update(&c, NULL, 0));
    FZ_OK(zc_hash_final(&c, st, out_len));
    FZ_CHECK(memcmp(one, st, out_len) == 0);
    if (cut == (size_t)-1) {
        FZ_OK(zc_hash_update(&copy, msg + copy_pos, len - copy_pos));
        FZ_OK(zc_hash_final(&copy, cp, out_len));
        FZ_CHECK(memcmp(one, cp, out_len) == 0);
    }
    FZ_CHECK(zc_hash_update(&c, msg, len) == ZC_ESTATE);
}

static void hmac_case(enum zc_hash_alg alg, const uint8_t *key, size_t key_len,
                      struct fz *f, const uint8_t *msg, size_t len)
{
    uint8_t one[64], st[64];
    size_t out_len = zc_hash_size(alg), pos = 0;
    zc_hmac_ctx c;

    FZ_OK(zc_hmac(alg, key, key_len, msg, len, one, out_len));
    FZ_OK(zc_hmac_init(&c, alg, key, key_len, ZC_BACKEND_SOFTWARE));
    while (pos < len) {
        size_t n = fz_split(f, len - pos);

        FZ_OK(zc_hmac_update(&c, msg + pos, n));
        pos += n;
    }
    FZ_OK(zc_hmac_final(&c, st, out_len));
    FZ_CHECK(memcmp(one, st, out_len) == 0);
    FZ_OK(TV_HMAC_ONESHOT_VERIFY(alg, key, key_len, msg, len, one, out_len));
    one[len % out_len] ^= 1;
    FZ_CHECK(TV_HMAC_ONESHOT_VERIFY(alg, key, key_len, msg, len, one, out_len) == ZC_EAUTH);
}

static void cmac_case(const uint8_t *key, size_t key_len, struct fz *f,
                      const uint8_t *msg, size_t len)
{
    uint8_t one[16], st[16];
    size_t pos = 0;
    zc_aes_key k;
    zc_aes_cmac_ctx c;

    FZ_OK(zc_aes_key_init(&k, key, key_len, ZC_BACKEND_SOFTWARE));
    FZ_OK(zc_aes_cmac(&k, msg, len, one, 16));
    FZ_OK(zc_aes_cmac_init(&c, &k));
    while (pos < len) {
        size_t n = fz_split(f, len - pos);

        FZ_OK(zc_aes_cmac_update(&c, msg + pos, n));
        pos += n;
    }
    FZ_OK(zc_aes_cmac_final(&c, st, 16));
    FZ_CHECK(memcmp(one, st, 16) == 0);
    FZ_OK(zc_aes_cmac_init(&c, &k));
    FZ_OK(zc_aes_cmac_update(&c, msg, len));
    FZ_OK(TV_CMAC_STREAM_VERIFY(&c, one, 16));
    zc_aes_key_wipe(&k);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static const size_t aes_len[3] = { 16, 24, 32 };
    struct fz f;
    const uint8_t *key, *msg;
    size_t key_len, msg_len;
    unsigned sel;

    if (size < 2)
        return 0;
    sel = data[0];
    key_len = data[1];
    fz_init(&f, data + 2, size - 2);
    switch (sel % 3) {
    case 0:     /* hash: every algorithm, SHAKE with any output length */
        msg = fz_rest(&f, &msg_len);
        hash_case((enum zc_hash_alg)(sel / 3 % 13), &f, msg, msg_len);
        break;
    case 1:     /* HMAC: the fixed-size hashes, any key length */
        key = fz_take(&f, key_len, &key_len);
        msg = fz_rest(&f, &msg_len);
        hmac_case((enum zc_hash_alg)(sel / 3 % 11), key, key_len, &f, msg, msg_len);
        break;
    default:    /* CMAC: AES-128/192/256 */
        key = fz_take(&f, aes_len[sel / 3 % 3], &key_len);
        if (key_len != aes_len[sel / 3 % 3])
            return 0;
        msg = fz_rest(&f, &msg_len);
        cmac_case(key, key_len, &f, msg, msg_len);
        break;
    }
    return 0;
}
