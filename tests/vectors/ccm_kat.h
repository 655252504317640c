/*
 * ccm_kat.h - AES-CCM known answers, shared by the Check suites and the
 * bare-metal runner.
 *
 * Sources (the published values; each was also checked against OpenSSL 3
 * EVP aes-128-ccm before it went in):
 *   - NIST SP 800-38C, Appendix C, Examples 1-4 (key 404142...4f): C.1
 *     4-byte tag, 7-byte nonce; C.2 6-byte tag, 8-byte nonce; C.3 8-byte
 *     tag, 12-byte nonce; C.4 14-byte tag, 13-byte nonce and 2^16 bytes of
 *     AAD (byte i = i mod 256: generated, see ZC_CCM_KAT_C4_AAD_LEN), which
 *     exercises the 0xfffe length encoding.
 *   - RFC 3610, Section 8, Packet Vectors #1-#4, #7, #13-#16, #19 and #24:
 *     13-byte nonces, AAD = the packet's clear header (8 or 12 bytes),
 *     8- and 10-byte tags, payloads of 23 to 25 bytes (partial last blocks).
 *
 * Byte strings are lower-case hex; "" is the empty (zero-length) string.
 * The header uses no library: static const data and macros only.
 */
#ifndef ZC_TEST_CCM_KAT_H
#define ZC_TEST_CCM_KAT_H

#include "kat.h"

struct zc_ccm_kat {
    const char *name;
    const char *key, *nonce, *aad, *pt, *ct, *tag;
    unsigned long aad_gen;      /* > 0: the AAD is aad_gen bytes of i mod 256, not aad */
};

/* SP 800-38C C.4's AAD length: 524288 bits. */
#define ZC_CCM_KAT_C4_AAD_LEN 65536ul

static const struct zc_ccm_kat zc_ccm_kats[] ZC_KAT_UNUSED = {
    { "SP 800-38C C.1",
      "404142434445464748494a4b4c4d4e4f",
      "10111213141516",
      "0001020304050607",
      "20212223",
      "7162015b",
      "4dac255d", 0 },
    { "SP 800-38C C.2",
      "404142434445464748494a4b4c4d4e4f",
      "1011121314151617",
      "000102030405060708090a0b0c0d0e0f",
      "202122232425262728292a2b2c2d2e2f",
      "d2a1f0e051ea5f62081a7792073d593d",
      "1fc64fbfaccd", 0 },
    { "SP 800-38C C.3",
      "404142434445464748494a4b4c4d4e4f",
      "101112131415161718191a1b",
      "000102030405060708090a0b0c0d0e0f10111213",
      "202122232425262728292a2b2c2d2e2f3031323334353637",
      "e3b201a9f5b71a7a9b1ceaeccd97e70b6176aad9a4428aa5",
      "484392fbc1b09951", 0 },
    { "SP 800-38C C.4",
      "404142434445464748494a4b4c4d4e4f",
      "101112131415161718191a1b1c",
      "",
      "202122232425262728292a2b2c2d2e2f303132333435363738393a3b3c3d3e3f",
      "69915dad1e84c6376a68c2967e4dab615ae0fd1faec44cc484828529463ccf72",
      "b4ac6bec93e8598e7f0dadbcea5b", ZC_CCM_KAT_C4_AAD_LEN },
    { "RFC 3610 Packet Vector #1",
      "c0c1c2c3c4c5c6c7c8c9cacbcccdcecf",
      "00000003020100a0a1a2a3a4a5",
      "0001020304050607",
      "08090a0b0c0d0e0f101112131415161718191a1b1c1d1e",
      "588c979a61c663d2f066d0c2c0f989806d5f6b61dac384",
      "17e8d12cfdf926e0", 0 },
    { "RFC 3610 Packet Vector #2",
      "c0c1c2c3c4c5c6c7c8c9cacbcccdcecf",
      "00000004030201a0a1a2a3a4a5",
      "0001020304050607",
      "08090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f",
      "72c91a36e135f8cf291ca894085c87e3cc15c439c9e43a3b",
      "a091d56e10400916", 0 },
    { "RFC 3610 Packet Vector #3",
      "c0c1c2c3c4c5c6c7c8c9cacbcccdcecf",
      "00000005040302a0a1a2a3a4a5",
      "0001020304050607",
      "08090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f20",
      "51b1e5f44a197d1da46b0f8e2d282ae871e838bb64da859657",
      "4adaa76fbd9fb0c5", 0 },
    { "RFC 3610 Packet Vector #4",
      "c0c1c2c3c4c5c6c7c8c9cacbcccdcecf",
      "00000006050403a0a1a2a3a4a5",
      "000102030405060708090a0b",
      "0c0d0e0f101112131415161718191a1b1c1d1e",
      "a28c6865939a9a79faaa5c4c2a9d4a91cdac8c",
      "96c861b9c9e61ef1", 0 },
    { "RFC 3610 Packet Vector #7",
      "c0c1c2c3c4c5c6c7c8c9cacbcccdcecf",
      "00000009080706a0a1a2a3a4a5",
      "0001020304050607",
      "08090a0b0c0d0e0f101112131415161718191a1b1c1d1e",
      "0135d1b2c95f41d5d1d4fec185d166b8094e999dfed96c",
      "048c56602c97acbb7490", 0 },
    { "RFC 3610 Packet Vector #13",
      "d7828d13b2b0bdc325a76236df93cc6b",
      "00412b4ea9cdbe3c9696766cfa",
      "0be1a88bace018b1",
      "08e8cf97d820ea258460e96ad9cf5289054d895ceac47c",
      "4cb97f86a2a4689a877947ab8091ef5386a6ffbdd080f8",
      "e78cf7cb0cddd7b3", 0 },
    { "RFC 3610 Packet Vector #14",
      "d7828d13b2b0bdc325a76236df93cc6b",
      "0033568ef7b2633c9696766cfa",
      "63018f76dc8a1bcb",
      "9020ea6f91bdd85afa0039ba4baff9bfb79c7028949cd0ec",
      "4ccb1e7ca981befaa0726c55d378061298c85c92814abc33",
      "c52ee81d7d77c08a", 0 },
    { "RFC 3610 Packet Vector #15",
      "d7828d13b2b0bdc325a76236df93cc6b",
      "00103fe41336713c9696766cfa",
      "aa6cfa36cae86b40",
      "b916e0eacc1c00d7dcec68ec0b3bbb1a02de8a2d1aa346132e",
      "b1d23a2220ddc0ac900d9aa03c61fcf4a559a4417767089708",
      "a776796edb723506", 0 },
    { "RFC 3610 Packet Vector #16",
      "d7828d13b2b0bdc325a76236df93cc6b",
      "00764c63b8058e3c9696766cfa",
      "d0d0735c531e1becf049c244",
      "12daac5630efa5396f770ce1a66b21f7b2101c",
      "14d253c3967b70609b7cbb7c49916028324526",
      "9a6f49975bcadeaf", 0 },
    { "RFC 3610 Packet Vector #19",
      "d7828d13b2b0bdc325a76236df93cc6b",
      "0042fff8f1951c3c9696766cfa",
      "d85bc7e69f944fb8",
      "8a19b950bcf71a018e5e6701c91787659809d67dbedd18",
      "bc218daa947427b6db386a99ac1aef23ade0b52939cb6a",
      "637cf9bec2408897c6ba", 0 },
    { "RFC 3610 Packet Vector #24",
      "d7828d13b2b0bdc325a76236df93cc6b",
      "008d493b30ae8b3c9696766cfa",
      "6e37a6ef546d955d34ab6059",
      "abf21c0b02feb88f856df4a37381bce3cc128517d4",
      "f32905b88a641b04b9c9ffb58cc390900f3da12ab1",
      "6dce9e82efa16da62059", 0 },
};

#define ZC_CCM_KAT_COUNT (sizeof(zc_ccm_kats) / sizeof(zc_ccm_kats[0]))

#endif /* ZC_TEST_CCM_KAT_H */
