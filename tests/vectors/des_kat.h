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

struct zc_des_kat {
    const char *name;
    int mode;               /* ZC_DES_KAT_ECB 1, ZC_DES_KAT_CBC 2 */
    const char *key, *iv, *pt, *ct;
};

static const struct zc_des_kat zc_des_kats[] ZC_KAT_UNUSED = {
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


#endif /* ZC_TEST_DES_KAT_H */
