/*
 * hash_kat.h - SHA-1/SHA-2 known answers, shared by the Check suites and
 * the bare-metal runner.
 *
 * Messages are the FIPS 180-4 examples ("abc", the 448-bit and 896-bit
 * messages, one million 'a') plus the empty message; the digests are the
 * published example values (NIST CSRC "Examples with Intermediate
 * Values"). A message is `msg` repeated `repeat` times.
 */
#ifndef ZC_TEST_HASH_KAT_H
#define ZC_TEST_HASH_KAT_H

struct zc_hash_kat {
    int alg;                /* enum zc_hash_alg */
    const char *msg;
    unsigned long repeat;
    const char *digest;     /* hex */
};

static const struct zc_hash_kat zc_hash_kats[] = {
    { ZC_SHA1, "", 1,
      "da39a3ee5e6b4b0d3255bfef95601890afd80709" },
    { ZC_SHA1, "abc", 1,
      "a9993e364706816aba3e25717850c26c9cd0d89d" },
    { ZC_SHA1, "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq", 1,
      "84983e441c3bd26ebaae4aa1f95129e5e54670f1" },
    { ZC_SHA1, "abcdefghbcdefghicdefghijdefghijkefghijklfghijklmghijklmnhijklmnoijklmnopjklmnopqklmnopqrlmnopqrsmnopqrstnopqrstu", 1,
      "a49b2446a02c645bf419f995b67091253a04a259" },
    { ZC_SHA1, "a", 1000000,
      "34aa973cd4c4daa4f61eeb2bdbad27316534016f" },
    { ZC_SHA224, "", 1,
      "d14a028c2a3a2bc9476102bb288234c415a2b01f828ea62ac5b3e42f" },
    { ZC_SHA224, "abc", 1,
      "23097d223405d8228642a477bda255b32aadbce4bda0b3f7e36c9da7" },
    { ZC_SHA224, "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq", 1,
      "75388b16512776cc5dba5da1fd890150b0c6455cb4f58b1952522525" },
    { ZC_SHA224, "abcdefghbcdefghicdefghijdefghijkefghijklfghijklmghijklmnhijklmnoijklmnopjklmnopqklmnopqrlmnopqrsmnopqrstnopqrstu", 1,
      "c97ca9a559850ce97a04a96def6d99a9e0e0e2ab14e6b8df265fc0b3" },
    { ZC_SHA224, "a", 1000000,
      "20794655980c91d8bbb4c1ea97618a4bf03f42581948b2ee4ee7ad67" },
    { ZC_SHA256, "", 1,
      "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855" },
    { ZC_SHA256, "abc", 1,
      "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad" },
    { ZC_SHA256, "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq", 1,
      "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1" },
    { ZC_SHA256, "abcdefghbcdefghicdefghijdefghijkefghijklfghijklmghijklmnhijklmnoijklmnopjklmnopqklmnopqrlmnopqrsmnopqrstnopqrstu", 1,
      "cf5b16a778af8380036ce59e7b0492370b249b11e8f07a51afac45037afee9d1" },
    { ZC_SHA256, "a", 1000000,
      "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0" },
    { ZC_SHA384, "", 1,
      "38b060a751ac96384cd9327eb1b1e36a21fdb71114be07434c0cc7bf63f6e1da"
      "274edebfe76f65fbd51ad2f14898b95b" },
    { ZC_SHA384, "abc", 1,
      "cb00753f45a35e8bb5a03d699ac65007272c32ab0eded1631a8b605a43ff5bed"
      "8086072ba1e7cc2358baeca134c825a7" },
    { ZC_SHA384, "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq", 1,
      "3391fdddfc8dc7393707a65b1b4709397cf8b1d162af05abfe8f450de5f36bc6"
      "b0455a8520bc4e6f5fe95b1fe3c8452b" },
    { ZC_SHA384, "abcdefghbcdefghicdefghijdefghijkefghijklfghijklmghijklmnhijklmnoijklmnopjklmnopqklmnopqrlmnopqrsmnopqrstnopqrstu", 1,
      "09330c33f71147e83d192fc782cd1b4753111b173b3b05d22fa08086e3b0f712"
      "fcc7c71a557e2db966c3e9fa91746039" },
    { ZC_SHA384, "a", 1000000,
      "9d0e1809716474cb086e834e310a4a1ced149e9c00f248527972cec5704c2a5b"
      "07b8b3dc38ecc4ebae97ddd87f3d8985" },
    { ZC_SHA512, "", 1,
      "cf83e1357eefb8bdf1542850d66d8007d620e4050b5715dc83f4a921d36ce9ce"
      "47d0d13c5d85f2b0ff8318d2877eec2f63b931bd47417a81a538327af927da3e" },
    { ZC_SHA512, "abc", 1,
      "ddaf35a193617abacc417349ae20413112e6fa4e89a97ea20a9eeee64b55d39a"
      "2192992a274fc1a836ba3c23a3feebbd454d4423643ce80e2a9ac94fa54ca49f" },
    { ZC_SHA512, "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq", 1,
      "204a8fc6dda82f0a0ced7beb8e08a41657c16ef468b228a8279be331a703c335"
      "96fd15c13b1b07f9aa1d3bea57789ca031ad85c7a71dd70354ec631238ca3445" },
    { ZC_SHA512, "abcdefghbcdefghicdefghijdefghijkefghijklfghijklmghijklmnhijklmnoijklmnopjklmnopqklmnopqrlmnopqrsmnopqrstnopqrstu", 1,
      "8e959b75dae313da8cf4f72814fc143f8f7779c6eb9f7fa17299aeadb6889018"
      "501d289e4900f7e4331b99dec4b5433ac7d329eeb6dd26545e96e55b874be909" },
    { ZC_SHA512, "a", 1000000,
      "e718483d0ce769644e2e42c7bc15b4638e1f98b13b2044285632a803afa973eb"
      "de0ff244877ea60a4cb0432ce577c31beb009c5c2c49aa2e4eadb217ad8cc09b" },
    { ZC_SHA512_224, "", 1,
      "6ed0dd02806fa89e25de060c19d3ac86cabb87d6a0ddd05c333b84f4" },
    { ZC_SHA512_224, "abc", 1,
      "4634270f707b6a54daae7530460842e20e37ed265ceee9a43e8924aa" },
    { ZC_SHA512_224, "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq", 1,
      "e5302d6d54bb242275d1e7622d68df6eb02dedd13f564c13dbda2174" },
    { ZC_SHA512_224, "abcdefghbcdefghicdefghijdefghijkefghijklfghijklmghijklmnhijklmnoijklmnopjklmnopqklmnopqrlmnopqrsmnopqrstnopqrstu", 1,
      "23fec5bb94d60b23308192640b0c453335d664734fe40e7268674af9" },
    { ZC_SHA512_224, "a", 1000000,
      "37ab331d76f0d36de422bd0edeb22a28accd487b7a8453ae965dd287" },
    { ZC_SHA512_256, "", 1,
      "c672b8d1ef56ed28ab87c3622c5114069bdd3ad7b8f9737498d0c01ecef0967a" },
    { ZC_SHA512_256, "abc", 1,
      "53048e2681941ef99b2e29b76b4c7dabe4c2d0c634fc6d46e0e2f13107e7af23" },
    { ZC_SHA512_256, "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq", 1,
      "bde8e1f9f19bb9fd3406c90ec6bc47bd36d8ada9f11880dbc8a22a7078b6a461" },
    { ZC_SHA512_256, "abcdefghbcdefghicdefghijdefghijkefghijklfghijklmghijklmnhijklmnoijklmnopjklmnopqklmnopqrlmnopqrsmnopqrstnopqrstu", 1,
      "3928e184fb8690f840da3988121d31be65cb9d3ef83ee6146feac861e19b563a" },
    { ZC_SHA512_256, "a", 1000000,
      "9a59a052930187a97038cae692f30708aa6491923ef5194394dc68d56c74fb21" },
};

#define ZC_HASH_KAT_COUNT (sizeof(zc_hash_kats) / sizeof(zc_hash_kats[0]))

#endif /* ZC_TEST_HASH_KAT_H */
