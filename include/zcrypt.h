/**
 * @file zcrypt.h
 * @brief libzcrypt: IBM Z CPACF cryptography with a portable software reference.
 *
 * Include this one header; it pulls in the per-family headers below.
 * Every fallible call returns ::ZC_OK or a negative error code (see
 * zcrypt/common.h). Key objects and contexts are caller-allocated;
 * nothing inside the library allocates memory, prints or aborts.
 */
#ifndef ZCRYPT_H
#define ZCRYPT_H

#include <zcrypt/common.h>
#include <zcrypt/hash.h>
#include <zcrypt/hmac.h>
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
#include <zcrypt/rc4.h>
#include <zcrypt/random.h>
#include <zcrypt/caps.h>
#include <zcrypt/stats.h>

#endif /* ZCRYPT_H */
