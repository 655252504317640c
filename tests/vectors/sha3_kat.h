/*
 * sha3_kat.h - SHA-3 and SHAKE known answers (FIPS 202), shared by the
 * Check suites and the bare-metal runner.
 *
 * Sources (all values are the published ones; every entry was checked
 * against Python hashlib / OpenSSL 3.0 before it went in):
 *   - NIST CSRC "Examples with Intermediate Values" for FIPS 202:
 *     SHA3-224/256/384/512 and SHAKE128/256 of the 0-bit message and of
 *     the 1600-bit message (200 bytes of 0xa3).  SHAKE outputs are the
 *     first 32, 64 or 512 bytes of the published 4096-bit outputs (an XOF
 *     output is a prefix of any longer one; 512 bytes squeezes across the
 *     168- and 136-byte rates several times).  The bit-oriented 5-bit,
 *     30-bit, 1605-bit and 1630-bit examples are not included.
 *   - SHA3-224/256/384/512 of the FIPS 180-4 example messages: "abc", the
 *     448-bit "abcdbcdecdef...nopq", the 896-bit "abcdefghbcdefghi...nopqrstu"
 *     and (SHA3-256 and SHA3-512 only) one million 'a'.  NIST publishes no
 *     document for these; the values are the ones in common use (e.g. the
 *     DI Management "Test vectors for SHA-1, SHA-2 and SHA-3" table), and
 *     they were cross-checked with two implementations.
 *   - NIST CAVP SHAKE byte-oriented test vectors (shakebytetestvectors),
 *     SHAKE128ShortMsg.rsp (128-bit output) and SHAKE256ShortMsg.rsp
 *     (256-bit output): Len = 0, 8 and 256.  The Len = 0 entries list
 *     Msg = 00 but mean the empty message.
 *   - Two 0-byte SHAKE outputs (out = ""), which every XOF must accept.
 *
 * alg is this header's own numbering, 0..5 (ZC_SHA3_KAT_SHA3_224 ..
 * ZC_SHA3_KAT_SHAKE256), not the value of enum zc_hash_alg; map it.  The
 * message is the bytes of msg_hex repeated `repeat` times; the output
 * length is strlen(out) / 2 (SHA-3: the digest size; SHAKE: as requested,
 * possibly 0).  Byte strings are lower-case hex; "" is the empty string.
 * The header uses no library: static const data and macros only.
 */
#ifndef ZC_TEST_SHA3_KAT_H
#define ZC_TEST_SHA3_KAT_H

#include "kat.h"

/* zc_sha3_kat.alg */
#define ZC_SHA3_KAT_SHA3_224 0
#define ZC_SHA3_KAT_SHA3_256 1
#define ZC_SHA3_KAT_SHA3_384 2
#define ZC_SHA3_KAT_SHA3_512 3
#define ZC_SHA3_KAT_SHAKE128 4
#define ZC_SHA3_KAT_SHAKE256 5

/* The FIPS 180-4 example messages, as hex (#undef'd at the end). */
#define ZC_SHA3_KAT_M448 \
    "6162636462636465636465666465666765666768666768696768696a68696a6b" \
    "696a6b6c6a6b6c6d6b6c6d6e6c6d6e6f6d6e6f706e6f7071"

#define ZC_SHA3_KAT_M896 \
    "61626364656667686263646566676869636465666768696a6465666768696a6b" \
    "65666768696a6b6c666768696a6b6c6d6768696a6b6c6d6e68696a6b6c6d6e6f" \
    "696a6b6c6d6e6f706a6b6c6d6e6f70716b6c6d6e6f7071726c6d6e6f70717273" \
    "6d6e6f70717273746e6f707172737475"

struct zc_sha3_kat {
    const char *name;
    int alg;                /* 0..5: SHA3-224, SHA3-256, SHA3-384, SHA3-512,
                               SHAKE128, SHAKE256 */
    const char *msg_hex;
    unsigned long repeat;   /* message = msg_hex bytes repeated */
    const char *out;
};

static const struct zc_sha3_kat zc_sha3_kats[] ZC_KAT_UNUSED = {
    /* SHA3-224 */
    { "SHA3-224, 0-bit message (NIST example)",
      ZC_SHA3_KAT_SHA3_224,
      "", 1UL,
      "6b4e03423667dbb73b6e15454f0eb1abd4597f9a1b078e3f5b5a6bc7" },
    { "SHA3-224, \"abc\"",
      ZC_SHA3_KAT_SHA3_224,
      "616263", 1UL,
      "e642824c3f8cf24ad09234ee7d3c766fc9a3a5168d0c94ad73b46fdf" },
    { "SHA3-224, 1600-bit message, 200 x 0xa3 (NIST example)",
      ZC_SHA3_KAT_SHA3_224,
      "a3", 200UL,
      "9376816aba503f72f96ce7eb65ac095deee3be4bf9bbc2a1cb7e11e0" },
    { "SHA3-224, 448-bit \"abcdbcdecdef...nopq\"",
      ZC_SHA3_KAT_SHA3_224,
      ZC_SHA3_KAT_M448, 1UL,
      "8a24108b154ada21c9fd5574494479ba5c7e7ab76ef264ead0fcce33" },
    { "SHA3-224, 896-bit \"abcdefghbcdefghi...nopqrstu\"",
      ZC_SHA3_KAT_SHA3_224,
      ZC_SHA3_KAT_M896, 1UL,
      "543e6868e1666c1a643630df77367ae5a62a85070a51c14cbf665cbc" },

    /* SHA3-256 */
    { "SHA3-256, 0-bit message (NIST example)",
      ZC_SHA3_KAT_SHA3_256,
      "", 1UL,
      "a7ffc6f8bf1ed76651c14756a061d662f580ff4de43b49fa82d80a4b80f8434a" },
    { "SHA3-256, \"abc\"",
      ZC_SHA3_KAT_SHA3_256,
      "616263", 1UL,
      "3a985da74fe225b2045c172d6bd390bd855f086e3e9d525b46bfe24511431532" },
    { "SHA3-256, 1600-bit message, 200 x 0xa3 (NIST example)",
      ZC_SHA3_KAT_SHA3_256,
      "a3", 200UL,
      "79f38adec5c20307a98ef76e8324afbfd46cfd81b22e3973c65fa1bd9de31787" },
    { "SHA3-256, 448-bit \"abcdbcdecdef...nopq\"",
      ZC_SHA3_KAT_SHA3_256,
      ZC_SHA3_KAT_M448, 1UL,
      "41c0dba2a9d6240849100376a8235e2c82e1b9998a999e21db32dd97496d3376" },
    { "SHA3-256, 896-bit \"abcdefghbcdefghi...nopqrstu\"",
      ZC_SHA3_KAT_SHA3_256,
      ZC_SHA3_KAT_M896, 1UL,
      "916f6061fe879741ca6469b43971dfdb28b1a32dc36cb3254e812be27aad1d18" },
    { "SHA3-256, one million 'a'",
      ZC_SHA3_KAT_SHA3_256,
      "61", 1000000UL,
      "5c8875ae474a3634ba4fd55ec85bffd661f32aca75c6d699d0cdcb6c115891c1" },

    /* SHA3-384 */
    { "SHA3-384, 0-bit message (NIST example)",
      ZC_SHA3_KAT_SHA3_384,
      "", 1UL,
      "0c63a75b845e4f7d01107d852e4c2485c51a50aaaa94fc61995e71bbee983a2a"
      "c3713831264adb47fb6bd1e058d5f004" },
    { "SHA3-384, \"abc\"",
      ZC_SHA3_KAT_SHA3_384,
      "616263", 1UL,
      "ec01498288516fc926459f58e2c6ad8df9b473cb0fc08c2596da7cf0e49be4b2"
      "98d88cea927ac7f539f1edf228376d25" },
    { "SHA3-384, 1600-bit message, 200 x 0xa3 (NIST example)",
      ZC_SHA3_KAT_SHA3_384,
      "a3", 200UL,
      "1881de2ca7e41ef95dc4732b8f5f002b189cc1e42b74168ed1732649ce1dbcdd"
      "76197a31fd55ee989f2d7050dd473e8f" },
    { "SHA3-384, 448-bit \"abcdbcdecdef...nopq\"",
      ZC_SHA3_KAT_SHA3_384,
      ZC_SHA3_KAT_M448, 1UL,
      "991c665755eb3a4b6bbdfb75c78a492e8c56a22c5c4d7e429bfdbc32b9d4ad5a"
      "a04a1f076e62fea19eef51acd0657c22" },
    { "SHA3-384, 896-bit \"abcdefghbcdefghi...nopqrstu\"",
      ZC_SHA3_KAT_SHA3_384,
      ZC_SHA3_KAT_M896, 1UL,
      "79407d3b5916b59c3e30b09822974791c313fb9ecc849e406f23592d04f625dc"
      "8c709b98b43b3852b337216179aa7fc7" },

    /* SHA3-512 */
    { "SHA3-512, 0-bit message (NIST example)",
      ZC_SHA3_KAT_SHA3_512,
      "", 1UL,
      "a69f73cca23a9ac5c8b567dc185a756e97c982164fe25859e0d1dcc1475c80a6"
      "15b2123af1f5f94c11e3e9402c3ac558f500199d95b6d3e301758586281dcd26" },
    { "SHA3-512, \"abc\"",
      ZC_SHA3_KAT_SHA3_512,
      "616263", 1UL,
      "b751850b1a57168a5693cd924b6b096e08f621827444f70d884f5d0240d2712e"
      "10e116e9192af3c91a7ec57647e3934057340b4cf408d5a56592f8274eec53f0" },
    { "SHA3-512, 1600-bit message, 200 x 0xa3 (NIST example)",
      ZC_SHA3_KAT_SHA3_512,
      "a3", 200UL,
      "e76dfad22084a8b1467fcf2ffa58361bec7628edf5f3fdc0e4805dc48caeeca8"
      "1b7c13c30adf52a3659584739a2df46be589c51ca1a4a8416df6545a1ce8ba00" },
    { "SHA3-512, 448-bit \"abcdbcdecdef...nopq\"",
      ZC_SHA3_KAT_SHA3_512,
      ZC_SHA3_KAT_M448, 1UL,
      "04a371e84ecfb5b8b77cb48610fca8182dd457ce6f326a0fd3d7ec2f1e91636d"
      "ee691fbe0c985302ba1b0d8dc78c086346b533b49c030d99a27daf1139d6e75e" },
    { "SHA3-512, 896-bit \"abcdefghbcdefghi...nopqrstu\"",
      ZC_SHA3_KAT_SHA3_512,
      ZC_SHA3_KAT_M896, 1UL,
      "afebb2ef542e6579c50cad06d2e578f9f8dd6881d7dc824d26360feebf18a4fa"
      "73e3261122948efcfd492e74e82e2189ed0fb440d187f382270cb455f21dd185" },
    { "SHA3-512, one million 'a'",
      ZC_SHA3_KAT_SHA3_512,
      "61", 1000000UL,
      "3c3a876da14034ab60627c077bb98f7e120a2a5370212dffb3385a18d4f38859"
      "ed311d0a9d5141ce9cc5c66ee689b266a8aa18ace8282a0e0db596c90b0a7b87" },

    /* SHAKE128 */
    { "SHAKE128, 0-bit message, 0-byte output",
      ZC_SHA3_KAT_SHAKE128,
      "", 1UL,
      "" },
    { "SHAKE128, 0-bit message (NIST example), 32-byte output",
      ZC_SHA3_KAT_SHAKE128,
      "", 1UL,
      "7f9c2ba4e88f827d616045507605853ed73b8093f6efbc88eb1a6eacfa66ef26" },
    { "SHAKE128, 0-bit message (NIST example), 64-byte output",
      ZC_SHA3_KAT_SHAKE128,
      "", 1UL,
      "7f9c2ba4e88f827d616045507605853ed73b8093f6efbc88eb1a6eacfa66ef26"
      "3cb1eea988004b93103cfb0aeefd2a686e01fa4a58e8a3639ca8a1e3f9ae57e2" },
    { "SHAKE128, 0-bit message (NIST example), 512-byte output",
      ZC_SHA3_KAT_SHAKE128,
      "", 1UL,
      "7f9c2ba4e88f827d616045507605853ed73b8093f6efbc88eb1a6eacfa66ef26"
      "3cb1eea988004b93103cfb0aeefd2a686e01fa4a58e8a3639ca8a1e3f9ae57e2"
      "35b8cc873c23dc62b8d260169afa2f75ab916a58d974918835d25e6a435085b2"
      "badfd6dfaac359a5efbb7bcc4b59d538df9a04302e10c8bc1cbf1a0b3a5120ea"
      "17cda7cfad765f5623474d368ccca8af0007cd9f5e4c849f167a580b14aabdef"
      "aee7eef47cb0fca9767be1fda69419dfb927e9df07348b196691abaeb580b32d"
      "ef58538b8d23f87732ea63b02b4fa0f4873360e2841928cd60dd4cee8cc0d4c9"
      "22a96188d032675c8ac850933c7aff1533b94c834adbb69c6115bad4692d8619"
      "f90b0cdf8a7b9c264029ac185b70b83f2801f2f4b3f70c593ea3aeeb613a7f1b"
      "1de33fd75081f592305f2e4526edc09631b10958f464d889f31ba010250fda7f"
      "1368ec2967fc84ef2ae9aff268e0b1700affc6820b523a3d917135f2dff2ee06"
      "bfe72b3124721d4a26c04e53a75e30e73a7a9c4a95d91c55d495e9f51dd0b5e9"
      "d83c6d5e8ce803aa62b8d654db53d09b8dcff273cdfeb573fad8bcd45578bec2"
      "e770d01efde86e721a3f7c6cce275dabe6e2143f1af18da7efddc4c7b70b5e34"
      "5db93cc936bea323491ccb38a388f546a9ff00dd4e1300b9b2153d2041d205b4"
      "43e41b45a653f2a5c4492c1add544512dda2529833462b71a41a45be97290b6f" },
    { "SHAKE128, 1600-bit message, 200 x 0xa3 (NIST example), 32-byte output",
      ZC_SHA3_KAT_SHAKE128,
      "a3", 200UL,
      "131ab8d2b594946b9c81333f9bb6e0ce75c3b93104fa3469d3917457385da037" },
    { "SHAKE128, 1600-bit message, 200 x 0xa3 (NIST example), 64-byte output",
      ZC_SHA3_KAT_SHAKE128,
      "a3", 200UL,
      "131ab8d2b594946b9c81333f9bb6e0ce75c3b93104fa3469d3917457385da037"
      "cf232ef7164a6d1eb448c8908186ad852d3f85a5cf28da1ab6fe343817197846" },
    { "SHAKE128, 1600-bit message, 200 x 0xa3 (NIST example), 512-byte output",
      ZC_SHA3_KAT_SHAKE128,
      "a3", 200UL,
      "131ab8d2b594946b9c81333f9bb6e0ce75c3b93104fa3469d3917457385da037"
      "cf232ef7164a6d1eb448c8908186ad852d3f85a5cf28da1ab6fe343817197846"
      "7f1c05d58c7ef38c284c41f6c2221a76f12ab1c04082660250802294fb871802"
      "13fdef5b0ecb7df50ca1f8555be14d32e10f6edcde892c09424b29f597afc270"
      "c904556bfcb47a7d40778d390923642b3cbd0579e60908d5a000c1d08b98ef93"
      "3f806445bf87f8b009ba9e94f7266122ed7ac24e5e266c42a82fa1bbefb7b8db"
      "0066e16a85e0493f07df4809aec084a593748ac3dde5a6d7aae1e8b6e5352b2d"
      "71efbb47d4caeed5e6d633805d2d323e6fd81b4684b93a2677d45e7421c2c6ae"
      "a259b855a698fd7d13477a1fe53e5a4a6197dbec5ce95f505b520bcd9570c4a8"
      "265a7e01f89c0c002c59bfec6cd4a5c109258953ee5ee70cd577ee217af21fa7"
      "0178f0946c9bf6ca8751793479f6b537737e40b6ed28511d8a2d7e73eb75f8da"
      "ac912ff906e0ab955b083bac45a8e5e9b744c8506f37e9b4e749a184b30f43eb"
      "188d855f1b70d71ff3e50c537ac1b0f8974f0fe1a6ad295ba42f6aec74d123a7"
      "abedde6e2c0711cab36be5acb1a5a11a4b1db08ba6982efccd716929a7741cfc"
      "63aa4435e0b69a9063e880795c3dc5ef3272e11c497a91acf699fefee206227a"
      "44c9fb359fd56ac0a9a75a743cff6862f17d7259ab075216c0699511643b6439" },
    { "CAVP SHAKE128ShortMsg Len = 0",
      ZC_SHA3_KAT_SHAKE128,
      "", 1UL,
      "7f9c2ba4e88f827d616045507605853e" },
    { "CAVP SHAKE128ShortMsg Len = 8",
      ZC_SHA3_KAT_SHAKE128,
      "0e", 1UL,
      "fa996dafaa208d72287c23bc4ed4bfd5" },
    { "CAVP SHAKE128ShortMsg Len = 256",
      ZC_SHA3_KAT_SHAKE128,
      "6fe69ddaec89a72124f7575bd40cee57e1261f883e7b16fd10b0b99310a72e6a", 1UL,
      "d1042a7f5580f4fc08afdc2e4a5c7dec" },

    /* SHAKE256 */
    { "SHAKE256, 0-bit message, 0-byte output",
      ZC_SHA3_KAT_SHAKE256,
      "", 1UL,
      "" },
    { "SHAKE256, 0-bit message (NIST example), 32-byte output",
      ZC_SHA3_KAT_SHAKE256,
      "", 1UL,
      "46b9dd2b0ba88d13233b3feb743eeb243fcd52ea62b81b82b50c27646ed5762f" },
    { "SHAKE256, 0-bit message (NIST example), 64-byte output",
      ZC_SHA3_KAT_SHAKE256,
      "", 1UL,
      "46b9dd2b0ba88d13233b3feb743eeb243fcd52ea62b81b82b50c27646ed5762f"
      "d75dc4ddd8c0f200cb05019d67b592f6fc821c49479ab48640292eacb3b7c4be" },
    { "SHAKE256, 1600-bit message, 200 x 0xa3 (NIST example), 32-byte output",
      ZC_SHA3_KAT_SHAKE256,
      "a3", 200UL,
      "cd8a920ed141aa0407a22d59288652e9d9f1a7ee0c1e7c1ca699424da84a904d" },
    { "SHAKE256, 1600-bit message, 200 x 0xa3 (NIST example), 64-byte output",
      ZC_SHA3_KAT_SHAKE256,
      "a3", 200UL,
      "cd8a920ed141aa0407a22d59288652e9d9f1a7ee0c1e7c1ca699424da84a904d"
      "2d700caae7396ece96604440577da4f3aa22aeb8857f961c4cd8e06f0ae6610b" },
    { "SHAKE256, 1600-bit message, 200 x 0xa3 (NIST example), 512-byte output",
      ZC_SHA3_KAT_SHAKE256,
      "a3", 200UL,
      "cd8a920ed141aa0407a22d59288652e9d9f1a7ee0c1e7c1ca699424da84a904d"
      "2d700caae7396ece96604440577da4f3aa22aeb8857f961c4cd8e06f0ae6610b"
      "1048a7f64e1074cd629e85ad7566048efc4fb500b486a3309a8f26724c0ed628"
      "001a1099422468de726f1061d99eb9e93604d5aa7467d4b1bd6484582a384317"
      "d7f47d750b8f5499512bb85a226c4243556e696f6bd072c5aa2d9b69730244b5"
      "6853d16970ad817e213e470618178001c9fb56c54fefa5fee67d2da524bb3b0b"
      "61ef0e9114a92cdbb6cccb98615cfe76e3510dd88d1cc28ff99287512f24bfaf"
      "a1a76877b6f37198e3a641c68a7c42d45fa7acc10dae5f3cefb7b735f12d4e58"
      "9f7a456e78c0f5e4c4471fffa5e4fa0514ae974d8c2648513b5db494cea84715"
      "6d277ad0e141c24c7839064cd08851bc2e7ca109fd4e251c35bb0a04fb05b364"
      "ff8c4d8b59bc303e25328c09a882e952518e1a8ae0ff265d61c465896973d749"
      "0499dc639fb8502b39456791b1b6ec5bcc5d9ac36a6df622a070d43fed781f5f"
      "149f7b62675e7d1a4d6dec48c1c7164586eae06a51208c0b791244d307726505"
      "c3ad4b26b6822377257aa152037560a739714a3ca79bd605547c9b78dd1f596f"
      "2d4f1791bc689a0e9b799a37339c04275733740143ef5d2b58b96a363d4e0807"
      "6a1a9d7846436e4dca5728b6f760eef0ca92bf0be5615e96959d767197a0beeb" },
    { "CAVP SHAKE256ShortMsg Len = 0",
      ZC_SHA3_KAT_SHAKE256,
      "", 1UL,
      "46b9dd2b0ba88d13233b3feb743eeb243fcd52ea62b81b82b50c27646ed5762f" },
    { "CAVP SHAKE256ShortMsg Len = 8",
      ZC_SHA3_KAT_SHAKE256,
      "0f", 1UL,
      "aabb07488ff9edd05d6a603b7791b60a16d45093608f1badc0c9cc9a9154f215" },
    { "CAVP SHAKE256ShortMsg Len = 256",
      ZC_SHA3_KAT_SHAKE256,
      "ef896cdcb363a6159178a1bb1c993946c50402095cdaea4fd4d419aa47321c88", 1UL,
      "7abba4e8b8dd766bbabe98f8f169cb6208674de19a51d73c92b7dc04a4b5ee3d" },
};

#define ZC_SHA3_KAT_COUNT (sizeof(zc_sha3_kats) / sizeof(zc_sha3_kats[0]))

#undef ZC_SHA3_KAT_M448
#undef ZC_SHA3_KAT_M896

#endif /* ZC_TEST_SHA3_KAT_H */
