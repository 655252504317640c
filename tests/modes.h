/*
 * modes.h - run a block-cipher mode named by a known-answer table's mode
 * number, one way for the hosted suites and the bare-metal runner alike.
 * Include after <zcrypt.h> and the vector headers that define the modes.
 */
#ifndef ZC_TEST_MODES_H
#define ZC_TEST_MODES_H

#ifdef ZC_KAT_ECB
/* AES: enc 1 encrypts, 0 decrypts; iv is the counter for CTR, unused for ECB. */
static inline int tu_aes_mode(int mode, int enc, const zc_aes_key *k, uint8_t *iv,
                              const uint8_t *in, uint8_t *out, size_t len)
{
    switch (mode) {
    case ZC_KAT_ECB: return (enc ? zc_aes_ecb_encrypt : zc_aes_ecb_decrypt)(k, in, out, len);
    case ZC_KAT_CBC: return (enc ? zc_aes_cbc_encrypt : zc_aes_cbc_decrypt)(k, iv, in, out, len);
    case ZC_KAT_CFB: return (enc ? zc_aes_cfb_encrypt : zc_aes_cfb_decrypt)(k, iv, in, out, len);
    case ZC_KAT_OFB: return zc_aes_ofb_crypt(k, iv, in, out, len);
    case ZC_KAT_CFB8: return (enc ? zc_aes_cfb8_encrypt : zc_aes_cfb8_decrypt)(k, iv, in, out, len);
    default:         return zc_aes_ctr_crypt(k, iv, in, out, len);
    }
}
#endif

#ifdef ZC_DES_KAT_ECB
static inline int tu_des_mode(int mode, int enc, const zc_des_key *k, uint8_t *iv,
                              const uint8_t *in, uint8_t *out, size_t len)
{
    switch (mode) {
    case ZC_DES_KAT_ECB: return (enc ? zc_des_ecb_encrypt : zc_des_ecb_decrypt)(k, in, out, len);
    case ZC_DES_KAT_CBC: return (enc ? zc_des_cbc_encrypt : zc_des_cbc_decrypt)(k, iv, in, out, len);
    case ZC_DES_KAT_CFB: return (enc ? zc_des_cfb_encrypt : zc_des_cfb_decrypt)(k, iv, in, out, len);
    case ZC_DES_KAT_OFB: return zc_des_ofb_crypt(k, iv, in, out, len);
    default:             return zc_des_ctr_crypt(k, iv, in, out, len);
    }
}
#endif

#endif /* ZC_TEST_MODES_H */
