/*
 * fuzz_aead.c - libFuzzer targets fuzz_gcm and fuzz_ccm (built with
 * -DZC_FUZZ_CCM): AES-GCM or AES-CCM decryption of changed inputs. The
 * two modes share the one-shot signature; only the nonce and tag length
 * sets differ.
 *
 * Input: byte 0 picks the key size, the tag length and the IV (nonce)
 * length (GCM: tags 4, 8, 12..16, IV 1..6 or 12; CCM: tags 4..16 even,
 * nonce 7..13), byte 1 the AAD length, byte 2 (with the total) which byte
 * to change; then the key, the IV, the AAD and the plaintext.
 *
 * Each input is encrypted, then one byte of IV, AAD, ciphertext or tag
 * is changed and the result decrypted: that must never be ZC_OK, must be
 * ZC_EAUTH, and must leave the output all zero (one-shot decryption
 * releases nothing unauthenticated). The unchanged message must decrypt to
 * the plaintext, and the input's text taken as a ciphertext under a tag
 * of the input's choosing must be refused (a forgery).
 */
#include <zcrypt.h>
#include <string.h>

#include "fuzz_util.h"

#define MAX_TEXT 4096

#ifdef ZC_FUZZ_CCM
#define AEAD_ENCRYPT zc_aes_ccm_encrypt
#define AEAD_DECRYPT zc_aes_ccm_decrypt

static void lengths(unsigned sel, size_t *tag_len, size_t *iv_len)
{
    *tag_len = 4 + 2 * (sel / 3 % 7);
    *iv_len = 7 + sel / 21 % 7;
}
#else
#define AEAD_ENCRYPT zc_aes_gcm_encrypt
#define AEAD_DECRYPT zc_aes_gcm_decrypt

static void lengths(unsigned sel, size_t *tag_len, size_t *iv_len)
{
    static const size_t tag_lens[8] = { 4, 8, 12, 13, 14, 15, 16, 16 };

    *tag_len = tag_lens[sel / 3 % 8];
    *iv_len = sel / 24 % 2 ? 12 : 1 + sel / 48;     /* 12 mostly: the fast path */
}
#endif

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static const size_t key_lens[3] = { 16, 24, 32 };
    static uint8_t ct[MAX_TEXT], pt[MAX_TEXT], iv[64], aad[256];
    uint8_t tag[16], forged[16];
    struct fz f;
    const uint8_t *key, *text, *p;
    size_t key_len, tag_len, iv_len, aad_len, len, got, where, total;
    unsigned sel;
    zc_aes_key k;

    if (size < 3)
        return 0;
    sel = data[0];
    key_len = key_lens[sel % 3];
    lengths(sel, &tag_len, &iv_len);
    aad_len = data[1];
    where = data[2];
    fz_init(&f, data + 3, size - 3);
    key = fz_take(&f, key_len, &got);
    if (got != key_len)
        return 0;
    p = fz_take(&f, iv_len, &got);
    if (got != iv_len)
        return 0;
    memcpy(iv, p, iv_len);
    p = fz_take(&f, aad_len, &aad_len);
    memcpy(aad, p, aad_len);
    text = fz_rest(&f, &len);
    if (len > MAX_TEXT)
        len = MAX_TEXT;

    FZ_OK(zc_aes_key_init(&k, key, key_len, ZC_BACKEND_SOFTWARE));
    FZ_OK(AEAD_ENCRYPT(&k, iv, iv_len, aad, aad_len, text, ct, len, tag, tag_len));
    FZ_OK(AEAD_DECRYPT(&k, iv, iv_len, aad, aad_len, ct, pt, len, tag, tag_len));
    FZ_CHECK(len == 0 || memcmp(pt, text, len) == 0);

    /* change one byte of IV, AAD, ciphertext or tag */
    total = iv_len + aad_len + len + tag_len;
    where = (where * 257 + size) % total;
    {
        uint8_t flip = (uint8_t)(1u << (data[2] & 7)), *at;

        if (where < iv_len)
            at = iv + where;
        else if ((where -= iv_len) < aad_len)
            at = aad + where;
        else if ((where -= aad_len) < len)
            at = ct + where;
        else
            at = tag + (where - len);
        *at ^= flip;
        memset(pt, 0xa5, len);
        FZ_CHECK(AEAD_DECRYPT(&k, iv, iv_len, aad, aad_len, ct, pt, len, tag,
                              tag_len) == ZC_EAUTH);
        FZ_CHECK(fz_all_zero(pt, len));
        *at ^= flip;
    }

    /* The input's own text taken as a ciphertext, its key bytes as the
       tag: a forgery (only with tags of 12 bytes and more, where a chance
       match is out of reach even over billions of runs). */
    if (tag_len >= 12) {
        memcpy(forged, key, tag_len);
        memset(pt, 0x5a, len);
        FZ_CHECK(AEAD_DECRYPT(&k, iv, iv_len, aad, aad_len, text, pt, len, forged,
                              tag_len) == ZC_EAUTH);
        FZ_CHECK(fz_all_zero(pt, len));
    }
    zc_aes_key_wipe(&k);
    return 0;
}
