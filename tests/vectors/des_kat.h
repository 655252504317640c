/*
 * des_kat.h - DES and TDEA (Triple DES) known answers, shared by the Check
 * suites and the bare-metal runner.
 *
 * Sources (all values are the published ones; every entry was checked
 * against OpenSSL 3.0 EVP, legacy provider, encrypting pt and decrypting ct,
 * before it went in):
 *   - FIPS 81 (DES Modes of Operation, 1980), the ECB example (Table B1) and
 *     the CBC example (Table C1): key 0123456789abcdef, IV 1234567890abcdef,
 *     plaintext "Now is the time for all " (three blocks).
 *   - NIST SP 800-17 (Modes of Operation Validation System), the DES known
 *     answer test tables, ECB: variable plaintext (key 0101010101010101,
 *     64 rounds), variable key (plaintext 0, 56 rounds), permutation
 *     operation (plaintext 0, 32 rounds) and substitution table (19 rounds);
 *     the first rounds and the last round of each.  The same tables are
 *     reprinted in SP 800-20, Appendix A, and in the CAVP KAT_TDES files
 *     (TECBvartext, TECBvarkey, TECBpermop, TECBsubtab, with K1=K2=K3).
 *   - NIST SP 800-67 Rev. 2, Appendix B: the three-key TDEA example, keys
 *     0123456789abcdef 23456789abcdef01 456789abcdef0123, plaintext
 *     "The qufck brown fox jump" (sic, three blocks), ECB.
 *   - NIST CSRC "Examples with Intermediate Values", TDES_ECB and TDES_CBC:
 *     the SP 800-38A plaintext (6bc1bee2...45af8e51, four blocks) under the
 *     three-key bundle above and the two-key bundle 0123456789abcdef
 *     23456789abcdef01; CBC IV f69f2445df4f9b17.
 *   - NIST CAVP TDES Multi-block Message Test files (tdesmmt, CAVS 18.0):
 *     TECBMMT3 and TCBCMMT3 [ENCRYPT] COUNT = 0 and 1; TECBMMT2 and
 *     TCBCMMT2 [DECRYPT] COUNT = 0 and 1 (the two-key files publish
 *     decryption only; a known answer holds in both directions).
 *
 *   - FIPS 81 Appendix D (CFB, K = 64) and the OFB example: the FIPS 81
 *     key, IV and plaintext above.
 *   - Cross-computed with the openssl command (OpenSSL 3.0; legacy provider
 *     for single DES), no published source: TDEA CFB-64 and OFB with the
 *     CSRC bundles and IV above (`openssl enc -des-ede3-cfb / -des-ede3-ofb
 *     / -des-ede-cfb / -des-ede-ofb -nopad`); CTR, which OpenSSL does not
 *     offer for DES, as the plaintext XOR `openssl enc -des-ecb /
 *     -des-ede3-ecb / -des-ede-ecb` of the counter blocks (the DES and
 *     two-key ones start at fffffffffffffffe and wrap modulo 2^64).
 *   - CMAC: NIST SP 800-38B (May 2005), Appendix D.4 (three-key TDEA) and
 *     D.5 (two-key TDEA), Examples 1-4 (Mlen = 0, 64, 160, 256 bits); the
 *     single-DES (legacy) values are cross-computed with `openssl mac
 *     -cipher DES-CBC ... CMAC` (legacy provider), no published source.
 *
 * The key length selects the cipher: 8 bytes DES, 16 bytes two-key TDEA
 * (K1 || K2, K3 = K1), 24 bytes three-key TDEA (K1 || K2 || K3); TDEA is
 * E(K3, D(K2, E(K1, x))).  Keys are given with their parity bits as
 * published (DES ignores them).  ECB: iv is "".  pt/ct are whole 8-byte
 * blocks, processed as one message from the given iv.
 *
 * Byte strings are lower-case hex.  The header uses no library: static
 * const data and macros only.
 */
#ifndef ZC_TEST_DES_KAT_H
#define ZC_TEST_DES_KAT_H

#include "kat.h"

/* zc_des_kat.mode */
#define ZC_DES_KAT_ECB 1
#define ZC_DES_KAT_CBC 2
#define ZC_DES_KAT_CFB 3    /* CFB-64 */
#define ZC_DES_KAT_OFB 4
#define ZC_DES_KAT_CTR 5    /* iv = initial counter, 64-bit big-endian */

struct zc_des_kat {
    const char *name;
    int mode;               /* ZC_DES_KAT_ECB .. ZC_DES_KAT_CTR */
    const char *key, *iv, *pt, *ct;
};

static const struct zc_des_kat zc_des_kats[] ZC_KAT_UNUSED = {
    /* CFB-64, OFB, CTR */
    { "FIPS 81 Appendix D CFB-64 example", ZC_DES_KAT_CFB,
      "0123456789abcdef", "1234567890abcdef",
      "4e6f77206973207468652074696d6520666f7220616c6c20",
      "f3096249c7f46e51a69e839b1a92f78403467133898ea622" },
    { "FIPS 81 OFB example", ZC_DES_KAT_OFB,
      "0123456789abcdef", "1234567890abcdef",
      "4e6f77206973207468652074696d6520666f7220616c6c20",
      "f3096249c7f46e5135f24a242eeb3d3f3d6d5be3255af8c3" },
    { "DES-CTR from openssl DES-ECB, counter wraps", ZC_DES_KAT_CTR,
      "0123456789abcdef", "fffffffffffffffe",
      "4e6f77206973207468652074696d6520666f7220616c6c20",
      "f2201e6b2ca51527311603229a02bb26b3bb3dd74104512d" },
    { "TDEA 3-key CFB-64 (openssl des-ede3-cfb)", ZC_DES_KAT_CFB,
      "0123456789abcdef23456789abcdef01456789abcdef0123", "f69f2445df4f9b17",
      "6bc1bee22e409f96e93d7e117393172aae2d8a571e03ac9c9eb76fac45af8e51",
      "078bb74e59ce7ed67666de9cf95eaf3fe9ed6bb460f451528a5f9fe4ed710918" },
    { "TDEA 3-key OFB (openssl des-ede3-ofb)", ZC_DES_KAT_OFB,
      "0123456789abcdef23456789abcdef01456789abcdef0123", "f69f2445df4f9b17",
      "6bc1bee22e409f96e93d7e117393172aae2d8a571e03ac9c9eb76fac45af8e51",
      "078bb74e59ce7ed6267e120692667da1a58662d7e04cbc642144d55c03db5aee" },
    { "TDEA 3-key CTR (from openssl des-ede3-ecb)", ZC_DES_KAT_CTR,
      "0123456789abcdef23456789abcdef01456789abcdef0123", "f69f2445df4f9b17",
      "6bc1bee22e409f96e93d7e117393172aae2d8a571e03ac9c9eb76fac45af8e51",
      "078bb74e59ce7ed619aa11d25004fb65a03cedf1ba0b09baa3bc81b8f69c1da9" },
    { "TDEA 2-key CFB-64 (openssl des-ede-cfb)", ZC_DES_KAT_CFB,
      "0123456789abcdef23456789abcdef01", "f69f2445df4f9b17",
      "6bc1bee22e409f96e93d7e117393172aae2d8a571e03ac9c9eb76fac45af8e51",
      "6195b9c2c39909c52ef313667b5a66af688672a3993aeae55b931ae24ee24c5c" },
    { "TDEA 2-key OFB (openssl des-ede-ofb)", ZC_DES_KAT_OFB,
      "0123456789abcdef23456789abcdef01", "f69f2445df4f9b17",
      "6bc1bee22e409f96e93d7e117393172aae2d8a571e03ac9c9eb76fac45af8e51",
      "6195b9c2c39909c53334ba77ffdccc80e485e85f0a63e7646d8d732e33241f94" },
    { "TDEA 2-key CTR (from openssl des-ede-ecb), counter wraps", ZC_DES_KAT_CTR,
      "0123456789abcdef23456789abcdef01", "fffffffffffffffe",
      "6bc1bee22e409f96e93d7e117393172aae2d8a571e03ac9c9eb76fac45af8e51",
      "b768c96c28230b4ce88b0015ebfa07a528c4efea00c7e8fd7bbb504d9d89a8c5" },
    /* DES (8-byte keys) */
    { "FIPS 81 Table B1 ECB example", ZC_DES_KAT_ECB,
      "0123456789abcdef",
      "",
      "4e6f77206973207468652074696d6520666f7220616c6c20",
      "3fa40e8a984d48156a271787ab8883f9893d51ec4b563b53" },
    { "FIPS 81 Table C1 CBC example", ZC_DES_KAT_CBC,
      "0123456789abcdef",
      "1234567890abcdef",
      "4e6f77206973207468652074696d6520666f7220616c6c20",
      "e5c7cdde872bf27c43e934008c389c0f683788499a7c05f6" },
    { "SP 800-17 variable plaintext KAT, round 1", ZC_DES_KAT_ECB,
      "0101010101010101",
      "",
      "8000000000000000",
      "95f8a5e5dd31d900" },
    { "SP 800-17 variable plaintext KAT, round 2", ZC_DES_KAT_ECB,
      "0101010101010101",
      "",
      "4000000000000000",
      "dd7f121ca5015619" },
    { "SP 800-17 variable plaintext KAT, round 3", ZC_DES_KAT_ECB,
      "0101010101010101",
      "",
      "2000000000000000",
      "2e8653104f3834ea" },
    { "SP 800-17 variable plaintext KAT, round 64", ZC_DES_KAT_ECB,
      "0101010101010101",
      "",
      "0000000000000001",
      "166b40b44aba4bd6" },
    { "SP 800-17 variable key KAT, round 1", ZC_DES_KAT_ECB,
      "8001010101010101",
      "",
      "0000000000000000",
      "95a8d72813daa94d" },
    { "SP 800-17 variable key KAT, round 2", ZC_DES_KAT_ECB,
      "4001010101010101",
      "",
      "0000000000000000",
      "0eec1487dd8c26d5" },
    { "SP 800-17 variable key KAT, round 56", ZC_DES_KAT_ECB,
      "0101010101010102",
      "",
      "0000000000000000",
      "869efd7f9f265a09" },
    { "SP 800-17 permutation operation KAT, round 1", ZC_DES_KAT_ECB,
      "1046913489980131",
      "",
      "0000000000000000",
      "88d55e54f54c97b4" },
    { "SP 800-17 permutation operation KAT, round 2", ZC_DES_KAT_ECB,
      "1007103489988020",
      "",
      "0000000000000000",
      "0c0cc00c83ea48fd" },
    { "SP 800-17 permutation operation KAT, round 32", ZC_DES_KAT_ECB,
      "1002911698100101",
      "",
      "0000000000000000",
      "1aeac39a61f0a464" },
    { "SP 800-17 substitution table KAT, round 1", ZC_DES_KAT_ECB,
      "7ca110454a1a6e57",
      "",
      "01a1d6d039776742",
      "690f5b0d9a26939b" },
    { "SP 800-17 substitution table KAT, round 2", ZC_DES_KAT_ECB,
      "0131d9619dc1376e",
      "",
      "5cd54ca83def57da",
      "7a389d10354bd271" },
    { "SP 800-17 substitution table KAT, round 19", ZC_DES_KAT_ECB,
      "1c587f1c13924fef",
      "",
      "305532286d6f295a",
      "63fac0d034d9f793" },

    /* Two-key TDEA (16-byte keys) */
    { "NIST example TDES_ECB, two-key", ZC_DES_KAT_ECB,
      "0123456789abcdef23456789abcdef01",
      "",
      "6bc1bee22e409f96e93d7e117393172aae2d8a571e03ac9c9eb76fac45af8e51",
      "06ede3d82884090aff322c19f0518486730576972a666e58b6c88cf107340d3d" },
    { "CAVP TECBMMT2 [DECRYPT] COUNT = 0", ZC_DES_KAT_ECB,
      "151f10383d6d199b4a763bd54a46a445",
      "",
      "d8da89298878ed7d",
      "89321ba75ba545db" },
    { "CAVP TECBMMT2 [DECRYPT] COUNT = 1", ZC_DES_KAT_ECB,
      "e3e93bd05b0b796779491ff8bf1fd65e",
      "",
      "d3fa3571b85c4781e7c1a7e61c6ff997",
      "a89a367d0158dc22899cc2a3b5542515" },
    { "NIST example TDES_CBC, two-key", ZC_DES_KAT_CBC,
      "0123456789abcdef23456789abcdef01",
      "f69f2445df4f9b17",
      "6bc1bee22e409f96e93d7e117393172aae2d8a571e03ac9c9eb76fac45af8e51",
      "7401ce1eab6d003caff84bf47b36cc2154f0238f9ffecd8f6acf118392b45581" },
    { "CAVP TCBCMMT2 [DECRYPT] COUNT = 0", ZC_DES_KAT_CBC,
      "bcfe7f25f2b0a72c6276ae1f389d8ae9",
      "f29d4ba5172fd297",
      "0611a474fb090978",
      "1b3889c9dbe10d03" },
    { "CAVP TCBCMMT2 [DECRYPT] COUNT = 1", ZC_DES_KAT_CBC,
      "498adf3b0e0e0dce8c917cfd19a83802",
      "96567ff62c6bfa95",
      "9496469854ae6a74d37e3c2bac780b75",
      "e3b7f198520383b7b4e7fe146d830c85" },

    /* Three-key TDEA (24-byte keys) */
    { "SP 800-67 Rev. 2 Appendix B three-key ECB example", ZC_DES_KAT_ECB,
      "0123456789abcdef23456789abcdef01456789abcdef0123",
      "",
      "54686520717566636b2062726f776e20666f78206a756d70",
      "a826fd8ce53b855fcce21c8112256fe668d5c05dd9b6b900" },
    { "NIST example TDES_ECB, three-key", ZC_DES_KAT_ECB,
      "0123456789abcdef23456789abcdef01456789abcdef0123",
      "",
      "6bc1bee22e409f96e93d7e117393172aae2d8a571e03ac9c9eb76fac45af8e51",
      "714772f339841d34267fcc4bd2949cc3ee11c22a576a303876183f99c0b6de87" },
    { "CAVP TECBMMT3 [ENCRYPT] COUNT = 0", ZC_DES_KAT_ECB,
      "e97c8313ba265d43254cbf9e8f7c2aa8a754d65e8ae997e3",
      "",
      "4656ed81a8bc58a9",
      "426a0ac26586bf6c" },
    { "CAVP TECBMMT3 [ENCRYPT] COUNT = 1", ZC_DES_KAT_ECB,
      "866d3894b3670efe3754a2e50e767fcd3451fb6889dafeb5",
      "",
      "50eaab2a141407c47d716b703650f3a8",
      "b784aff11d715d60185d111a2910ebca" },
    { "NIST example TDES_CBC, three-key", ZC_DES_KAT_CBC,
      "0123456789abcdef23456789abcdef01456789abcdef0123",
      "f69f2445df4f9b17",
      "6bc1bee22e409f96e93d7e117393172aae2d8a571e03ac9c9eb76fac45af8e51",
      "2079c3d53aa763e193b79e2569ab5262516570481f25b50f73c0bda85c8e0da7" },
    { "CAVP TCBCMMT3 [ENCRYPT] COUNT = 0", ZC_DES_KAT_CBC,
      "46133dcbf232b51964e0d95e83208f156732bf75b673abf1",
      "34814c87f47fd59d",
      "de655a0ea771436c",
      "092368405296744a" },
    { "CAVP TCBCMMT3 [ENCRYPT] COUNT = 1", ZC_DES_KAT_CBC,
      "6d0d67da68ab166d1f43c7204c4c2aa4c81a528515f1dff2",
      "68e63a07b22e33eb",
      "4346c4e81380626fa0b2776d30a4fc05",
      "5274be183f5dfb6b018f22b322f0392d" },
};

#define ZC_DES_KAT_COUNT (sizeof(zc_des_kats) / sizeof(zc_des_kats[0]))

/* CMAC: full 8-byte tags (sources above). */
struct zc_des_cmac_kat {
    const char *name;
    const char *key, *msg, *tag;
};

static const struct zc_des_cmac_kat zc_des_cmac_kats[] ZC_KAT_UNUSED = {
    { "SP800-38B D.4 three-key TDEA Example 1 (Mlen = 0)",
      "8aa83bf8cbda10620bc1bf19fbb6cd58bc313d4a371ca8b5", "", "b7a688e122ffaf95" },
    { "SP800-38B D.4 three-key TDEA Example 2 (Mlen = 64)",
      "8aa83bf8cbda10620bc1bf19fbb6cd58bc313d4a371ca8b5", "6bc1bee22e409f96",
      "8e8f293136283797" },
    { "SP800-38B D.4 three-key TDEA Example 3 (Mlen = 160)",
      "8aa83bf8cbda10620bc1bf19fbb6cd58bc313d4a371ca8b5",
      "6bc1bee22e409f96e93d7e117393172aae2d8a57", "743ddbe0ce2dc2ed" },
    { "SP800-38B D.4 three-key TDEA Example 4 (Mlen = 256)",
      "8aa83bf8cbda10620bc1bf19fbb6cd58bc313d4a371ca8b5",
      "6bc1bee22e409f96e93d7e117393172aae2d8a571e03ac9c9eb76fac45af8e51", "33e6b1092400eae5" },
    { "SP800-38B D.5 two-key TDEA Example 1 (Mlen = 0)",
      "4cf15134a2850dd58a3d10ba80570d38", "", "bd2ebf9a3ba00361" },
    { "SP800-38B D.5 two-key TDEA Example 2 (Mlen = 64)",
      "4cf15134a2850dd58a3d10ba80570d38", "6bc1bee22e409f96", "4ff2ab813c53ce83" },
    { "SP800-38B D.5 two-key TDEA Example 3 (Mlen = 160)",
      "4cf15134a2850dd58a3d10ba80570d38", "6bc1bee22e409f96e93d7e117393172aae2d8a57",
      "62dd1b471902bd4e" },
    { "SP800-38B D.5 two-key TDEA Example 4 (Mlen = 256)",
      "4cf15134a2850dd58a3d10ba80570d38",
      "6bc1bee22e409f96e93d7e117393172aae2d8a571e03ac9c9eb76fac45af8e51", "31b1e431dabc4eb8" },
    { "DES CMAC (legacy), empty (openssl mac)", "0123456789abcdef", "", "86f79c13fd306e67" },
    { "DES CMAC (legacy), 160 bits (openssl mac)", "0123456789abcdef",
      "6bc1bee22e409f96e93d7e117393172aae2d8a57", "3e2f8310c569275e" },
};

#define ZC_DES_CMAC_KAT_COUNT (sizeof(zc_des_cmac_kats) / sizeof(zc_des_cmac_kats[0]))


#endif /* ZC_TEST_DES_KAT_H */
