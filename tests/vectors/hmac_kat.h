/*
 * hmac_kat.h - HMAC known answers (SHA-1 and SHA-2), shared by the Check
 * suites and the bare-metal runner.
 *
 * Sources (all values are the published ones; every entry was checked
 * against Python's hmac module (OpenSSL 3.0 hashes) before it went in):
 *   - RFC 2202, Section 3: HMAC-SHA-1 test cases 1-7.  Test case 5 is
 *     given twice, with the full 160-bit digest and with the RFC's
 *     digest-96 (first 12 bytes).
 *   - RFC 4231, Section 4: HMAC-SHA-224/256/384/512 test cases 1-7.  Test
 *     case 5 is published truncated to 128 bits and is given that way.
 *     Test cases 6 and 7 use a 131-byte key (longer than the 64- and
 *     128-byte block sizes, so it is hashed first).
 *
 * alg is the library's enum zc_hash_alg number (ZC_SHA1 = 0, ZC_SHA224,
 * ZC_SHA256, ZC_SHA384, ZC_SHA512); the header spells it as a plain
 * number so that it needs no include.  mac may be a truncation of the
 * full HMAC: compare its length, strlen(mac) / 2 bytes.  key and data are
 * lower-case hex (data "Hi There" is 4869205468657265).  The header uses
 * no library: static const data and macros only.
 */
#ifndef ZC_TEST_HMAC_KAT_H
#define ZC_TEST_HMAC_KAT_H

#include "kat.h"

/* Long keys and data shared by several entries (#undef'd at the end). */
#define ZC_HMAC_KAT_DD50 \
    "dddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddd" \
    "dddddddddddddddddddddddddddddddddddd"

#define ZC_HMAC_KAT_CD50 \
    "cdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcd" \
    "cdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcd"

/* RFC 2202 test cases 6 and 7: 80 bytes of 0xaa */
#define ZC_HMAC_KAT_AA80 \
    "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa" \
    "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa" \
    "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa"

/* RFC 4231 test cases 6 and 7: 131 bytes of 0xaa */
#define ZC_HMAC_KAT_AA131 \
    "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa" \
    "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa" \
    "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa" \
    "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa" \
    "aaaaaa"

/* "Test Using Larger Than Block-Size Key - Hash Key First" */
#define ZC_HMAC_KAT_TC6_DATA \
    "54657374205573696e67204c6172676572205468616e20426c6f636b2d53697a" \
    "65204b6579202d2048617368204b6579204669727374"

/* "Test Using Larger Than Block-Size Key and Larger Than One Block-Size
 * Data" */
#define ZC_HMAC_KAT_TC7_2202_DATA \
    "54657374205573696e67204c6172676572205468616e20426c6f636b2d53697a" \
    "65204b657920616e64204c6172676572205468616e204f6e6520426c6f636b2d" \
    "53697a652044617461"

/* "This is a test using a larger than block-size key and a larger than
 * block-size data. The key needs to be hashed before being used by the
 * HMAC algorithm." */
#define ZC_HMAC_KAT_TC7_4231_DATA \
    "5468697320697320612074657374207573696e672061206c6172676572207468" \
    "616e20626c6f636b2d73697a65206b657920616e642061206c61726765722074" \
    "68616e20626c6f636b2d73697a6520646174612e20546865206b6579206e6565" \
    "647320746f20626520686173686564206265666f7265206265696e6720757365" \
    "642062792074686520484d414320616c676f726974686d2e"

struct zc_hmac_kat {
    const char *name;
    int alg;                /* 0 SHA-1, 1 SHA-224, 2 SHA-256, 3 SHA-384,
                               4 SHA-512 (enum zc_hash_alg) */
    const char *key, *data, *mac;   /* mac may be truncated: compare its
                                       length */
};

static const struct zc_hmac_kat zc_hmac_kats[] ZC_KAT_UNUSED = {
    /* HMAC-SHA-1 */
    { "RFC 2202 HMAC-SHA-1 test case 1", 0,
      "0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b",
      "4869205468657265",
      "b617318655057264e28bc0b6fb378c8ef146be00" },
    { "RFC 2202 HMAC-SHA-1 test case 2", 0,
      "4a656665",
      "7768617420646f2079612077616e7420666f72206e6f7468696e673f",
      "effcdf6ae5eb2fa2d27416d5f184df9c259a7c79" },
    { "RFC 2202 HMAC-SHA-1 test case 3", 0,
      "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa",
      ZC_HMAC_KAT_DD50,
      "125d7342b9ac11cd91a39af48aa17b4f63f175d3" },
    { "RFC 2202 HMAC-SHA-1 test case 4", 0,
      "0102030405060708090a0b0c0d0e0f10111213141516171819",
      ZC_HMAC_KAT_CD50,
      "4c9007f4026250c6bc8414f9bf50c86c2d7235da" },
    { "RFC 2202 HMAC-SHA-1 test case 5", 0,
      "0c0c0c0c0c0c0c0c0c0c0c0c0c0c0c0c0c0c0c0c",
      "546573742057697468205472756e636174696f6e",
      "4c1a03424b55e07fe7f27be1d58bb9324a9a5a04" },
    { "RFC 2202 HMAC-SHA-1 test case 5, digest-96", 0,
      "0c0c0c0c0c0c0c0c0c0c0c0c0c0c0c0c0c0c0c0c",
      "546573742057697468205472756e636174696f6e",
      "4c1a03424b55e07fe7f27be1" },
    { "RFC 2202 HMAC-SHA-1 test case 6", 0,
      ZC_HMAC_KAT_AA80,
      ZC_HMAC_KAT_TC6_DATA,
      "aa4ae5e15272d00e95705637ce8a3b55ed402112" },
    { "RFC 2202 HMAC-SHA-1 test case 7", 0,
      ZC_HMAC_KAT_AA80,
      ZC_HMAC_KAT_TC7_2202_DATA,
      "e8e99d0f45237d786d6bbaa7965c7808bbff1a91" },

    /* HMAC-SHA-224 */
    { "RFC 4231 HMAC-SHA-224 test case 1", 1,
      "0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b",
      "4869205468657265",
      "896fb1128abbdf196832107cd49df33f47b4b1169912ba4f53684b22" },
    { "RFC 4231 HMAC-SHA-224 test case 2", 1,
      "4a656665",
      "7768617420646f2079612077616e7420666f72206e6f7468696e673f",
      "a30e01098bc6dbbf45690f3a7e9e6d0f8bbea2a39e6148008fd05e44" },
    { "RFC 4231 HMAC-SHA-224 test case 3", 1,
      "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa",
      ZC_HMAC_KAT_DD50,
      "7fb3cb3588c6c1f6ffa9694d7d6ad2649365b0c1f65d69d1ec8333ea" },
    { "RFC 4231 HMAC-SHA-224 test case 4", 1,
      "0102030405060708090a0b0c0d0e0f10111213141516171819",
      ZC_HMAC_KAT_CD50,
      "6c11506874013cac6a2abc1bb382627cec6a90d86efc012de7afec5a" },
    { "RFC 4231 HMAC-SHA-224 test case 5 (truncated to 128 bits)", 1,
      "0c0c0c0c0c0c0c0c0c0c0c0c0c0c0c0c0c0c0c0c",
      "546573742057697468205472756e636174696f6e",
      "0e2aea68a90c8d37c988bcdb9fca6fa8" },
    { "RFC 4231 HMAC-SHA-224 test case 6", 1,
      ZC_HMAC_KAT_AA131,
      ZC_HMAC_KAT_TC6_DATA,
      "95e9a0db962095adaebe9b2d6f0dbce2d499f112f2d2b7273fa6870e" },
    { "RFC 4231 HMAC-SHA-224 test case 7", 1,
      ZC_HMAC_KAT_AA131,
      ZC_HMAC_KAT_TC7_4231_DATA,
      "3a854166ac5d9f023f54d517d0b39dbd946770db9c2b95c9f6f565d1" },

    /* HMAC-SHA-256 */
    { "RFC 4231 HMAC-SHA-256 test case 1", 2,
      "0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b",
      "4869205468657265",
      "b0344c61d8db38535ca8afceaf0bf12b881dc200c9833da726e9376c2e32cff7" },
    { "RFC 4231 HMAC-SHA-256 test case 2", 2,
      "4a656665",
      "7768617420646f2079612077616e7420666f72206e6f7468696e673f",
      "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843" },
    { "RFC 4231 HMAC-SHA-256 test case 3", 2,
      "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa",
      ZC_HMAC_KAT_DD50,
      "773ea91e36800e46854db8ebd09181a72959098b3ef8c122d9635514ced565fe" },
    { "RFC 4231 HMAC-SHA-256 test case 4", 2,
      "0102030405060708090a0b0c0d0e0f10111213141516171819",
      ZC_HMAC_KAT_CD50,
      "82558a389a443c0ea4cc819899f2083a85f0faa3e578f8077a2e3ff46729665b" },
    { "RFC 4231 HMAC-SHA-256 test case 5 (truncated to 128 bits)", 2,
      "0c0c0c0c0c0c0c0c0c0c0c0c0c0c0c0c0c0c0c0c",
      "546573742057697468205472756e636174696f6e",
      "a3b6167473100ee06e0c796c2955552b" },
    { "RFC 4231 HMAC-SHA-256 test case 6", 2,
      ZC_HMAC_KAT_AA131,
      ZC_HMAC_KAT_TC6_DATA,
      "60e431591ee0b67f0d8a26aacbf5b77f8e0bc6213728c5140546040f0ee37f54" },
    { "RFC 4231 HMAC-SHA-256 test case 7", 2,
      ZC_HMAC_KAT_AA131,
      ZC_HMAC_KAT_TC7_4231_DATA,
      "9b09ffa71b942fcb27635fbcd5b0e944bfdc63644f0713938a7f51535c3a35e2" },

    /* HMAC-SHA-384 */
    { "RFC 4231 HMAC-SHA-384 test case 1", 3,
      "0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b",
      "4869205468657265",
      "afd03944d84895626b0825f4ab46907f15f9dadbe4101ec682aa034c7cebc59c"
      "faea9ea9076ede7f4af152e8b2fa9cb6" },
    { "RFC 4231 HMAC-SHA-384 test case 2", 3,
      "4a656665",
      "7768617420646f2079612077616e7420666f72206e6f7468696e673f",
      "af45d2e376484031617f78d2b58a6b1b9c7ef464f5a01b47e42ec3736322445e"
      "8e2240ca5e69e2c78b3239ecfab21649" },
    { "RFC 4231 HMAC-SHA-384 test case 3", 3,
      "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa",
      ZC_HMAC_KAT_DD50,
      "88062608d3e6ad8a0aa2ace014c8a86f0aa635d947ac9febe83ef4e55966144b"
      "2a5ab39dc13814b94e3ab6e101a34f27" },
    { "RFC 4231 HMAC-SHA-384 test case 4", 3,
      "0102030405060708090a0b0c0d0e0f10111213141516171819",
      ZC_HMAC_KAT_CD50,
      "3e8a69b7783c25851933ab6290af6ca77a9981480850009cc5577c6e1f573b4e"
      "6801dd23c4a7d679ccf8a386c674cffb" },
    { "RFC 4231 HMAC-SHA-384 test case 5 (truncated to 128 bits)", 3,
      "0c0c0c0c0c0c0c0c0c0c0c0c0c0c0c0c0c0c0c0c",
      "546573742057697468205472756e636174696f6e",
      "3abf34c3503b2a23a46efc619baef897" },
    { "RFC 4231 HMAC-SHA-384 test case 6", 3,
      ZC_HMAC_KAT_AA131,
      ZC_HMAC_KAT_TC6_DATA,
      "4ece084485813e9088d2c63a041bc5b44f9ef1012a2b588f3cd11f05033ac4c6"
      "0c2ef6ab4030fe8296248df163f44952" },
    { "RFC 4231 HMAC-SHA-384 test case 7", 3,
      ZC_HMAC_KAT_AA131,
      ZC_HMAC_KAT_TC7_4231_DATA,
      "6617178e941f020d351e2f254e8fd32c602420feb0b8fb9adccebb82461e99c5"
      "a678cc31e799176d3860e6110c46523e" },

    /* HMAC-SHA-512 */
    { "RFC 4231 HMAC-SHA-512 test case 1", 4,
      "0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b",
      "4869205468657265",
      "87aa7cdea5ef619d4ff0b4241a1d6cb02379f4e2ce4ec2787ad0b30545e17cde"
      "daa833b7d6b8a702038b274eaea3f4e4be9d914eeb61f1702e696c203a126854" },
    { "RFC 4231 HMAC-SHA-512 test case 2", 4,
      "4a656665",
      "7768617420646f2079612077616e7420666f72206e6f7468696e673f",
      "164b7a7bfcf819e2e395fbe73b56e0a387bd64222e831fd610270cd7ea250554"
      "9758bf75c05a994a6d034f65f8f0e6fdcaeab1a34d4a6b4b636e070a38bce737" },
    { "RFC 4231 HMAC-SHA-512 test case 3", 4,
      "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa",
      ZC_HMAC_KAT_DD50,
      "fa73b0089d56a284efb0f0756c890be9b1b5dbdd8ee81a3655f83e33b2279d39"
      "bf3e848279a722c806b485a47e67c807b946a337bee8942674278859e13292fb" },
    { "RFC 4231 HMAC-SHA-512 test case 4", 4,
      "0102030405060708090a0b0c0d0e0f10111213141516171819",
      ZC_HMAC_KAT_CD50,
      "b0ba465637458c6990e5a8c5f61d4af7e576d97ff94b872de76f8050361ee3db"
      "a91ca5c11aa25eb4d679275cc5788063a5f19741120c4f2de2adebeb10a298dd" },
    { "RFC 4231 HMAC-SHA-512 test case 5 (truncated to 128 bits)", 4,
      "0c0c0c0c0c0c0c0c0c0c0c0c0c0c0c0c0c0c0c0c",
      "546573742057697468205472756e636174696f6e",
      "415fad6271580a531d4179bc891d87a6" },
    { "RFC 4231 HMAC-SHA-512 test case 6", 4,
      ZC_HMAC_KAT_AA131,
      ZC_HMAC_KAT_TC6_DATA,
      "80b24263c7c1a3ebb71493c1dd7be8b49b46d1f41b4aeec1121b013783f8f352"
      "6b56d037e05f2598bd0fd2215d6a1e5295e64f73f63f0aec8b915a985d786598" },
    { "RFC 4231 HMAC-SHA-512 test case 7", 4,
      ZC_HMAC_KAT_AA131,
      ZC_HMAC_KAT_TC7_4231_DATA,
      "e37b6a775dc87dbaa4dfa9f96e5e3ffddebd71f8867289865df5a32d20cdc944"
      "b6022cac3c4982b10d5eeb55c3e4de15134676fb6de0446065c97440fa8c6a58" },
};

#define ZC_HMAC_KAT_COUNT (sizeof(zc_hmac_kats) / sizeof(zc_hmac_kats[0]))

#undef ZC_HMAC_KAT_DD50
#undef ZC_HMAC_KAT_CD50
#undef ZC_HMAC_KAT_AA80
#undef ZC_HMAC_KAT_AA131
#undef ZC_HMAC_KAT_TC6_DATA
#undef ZC_HMAC_KAT_TC7_2202_DATA
#undef ZC_HMAC_KAT_TC7_4231_DATA

#endif /* ZC_TEST_HMAC_KAT_H */
