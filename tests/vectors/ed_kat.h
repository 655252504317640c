/*
 * ed_kat.h - the shape of an EdDSA known answer (RFC 8032 section 7),
 * shared by the Ed25519 and Ed448 vector headers (ed25519_rfc8032.h,
 * ed448_rfc8032.h) and every test that reads them. Hex, as the RFC
 * prints it; an empty string is an empty field.
 */
#ifndef ED_KAT_H
#define ED_KAT_H

#include <zcrypt/ec.h>

struct ed_kat {
    const char *what;           /* the RFC's section and test name */
    enum zc_ec_curve curve;     /* ZC_EC_ED25519 or ZC_EC_ED448 */
    int variant;                /* 0 pure (Ed25519, Ed448 with an empty context),
                                 * 1 with a context (Ed25519ctx, Ed448), 2 ph */
    const char *seed, *pub, *msg, *ctx, *sig;
};

#endif /* ED_KAT_H */
