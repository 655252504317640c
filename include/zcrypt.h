/**
 * @file zcrypt.h
 * @brief libzcrypt: IBM Z CPACF cryptography with a portable software reference.
 *
 * Include this one header; it pulls in the per-family headers below.
 * Every fallible call returns ::ZC_OK or a negative error code (see
 * zcrypt/common.h). Key objects and contexts are caller-allocated;
 * nothing inside the library allocates memory, prints or aborts.
 *
 * The reference has one module per family, as lib/ has one folder per
 * family (docs/architecture.md).
 */
/**
 * @defgroup zcrypt_core Errors, backends, facilities, statistics and the policy
 * @brief The public headers of one part of the library; its code is lib/core/.
 */
/**
 * @defgroup zcrypt_hash Hashes, XOFs and HMAC
 * @brief The public headers of one part of the library; its code is lib/hash/.
 */
/**
 * @defgroup zcrypt_aes AES: keys, protected keys and every mode
 * @brief The public headers of one part of the library; its code is lib/aes/.
 */
/**
 * @defgroup zcrypt_des DES and Triple DES
 * @brief The public headers of one part of the library; its code is lib/des/.
 */
/**
 * @defgroup zcrypt_rsa RSA, in software and on Crypto Express
 * @brief The public headers of one part of the library; its code is lib/rsa/ and lib/bn/.
 */
/**
 * @defgroup zcrypt_ec Elliptic curves: ECDSA, ECDH, keys and DER
 * @brief The public headers of one part of the library; its code is lib/ec/.
 */
/**
 * @defgroup zcrypt_rand Random numbers
 * @brief The public headers of one part of the library; its code is lib/rand/.
 */
/**
 * @defgroup zcrypt_legacy RC4 (legacy)
 * @brief The public headers of one part of the library; its code is lib/legacy/.
 */
#ifndef ZCRYPT_H
#define ZCRYPT_H

#include <zcrypt/common.h>
#include <zcrypt/hash.h>
#include <zcrypt/hmac.h>
#include <zcrypt/hmac_protected.h>
#include <zcrypt/aes.h>
#include <zcrypt/aes_protected.h>
#include <zcrypt/aes_xts.h>
#include <zcrypt/aes_cmac.h>
#include <zcrypt/aes_gcm.h>
#include <zcrypt/aes_ccm.h>
#include <zcrypt/aes_stream.h>
#include <zcrypt/des.h>
#include <zcrypt/des_stream.h>
#include <zcrypt/rsa.h>
#include <zcrypt/ec.h>
#include <zcrypt/ec_protected.h>
#include <zcrypt/rc4.h>
#include <zcrypt/random.h>
#include <zcrypt/caps.h>
#include <zcrypt/stats.h>

#endif /* ZCRYPT_H */
