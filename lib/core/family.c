/*
 * family.c - the table of algorithm families (core/family.h): one line
 * per family, in the order reports list them.
 */
#include "family.h"

const struct zc_family *const zc_families[] = {
    &zc_family_hash,
    &zc_family_aes,
    &zc_family_des,
    &zc_family_rc4,
    &zc_family_random,
    &zc_family_rsa,
    &zc_family_ec,
};
const unsigned zc_n_families = sizeof(zc_families) / sizeof(zc_families[0]);

const struct zc_family *zc_family_of(enum zc_algo algo)
{
    unsigned i;

    for (i = 0; i < zc_n_families; i++)
        if (algo >= zc_families[i]->first && algo <= zc_families[i]->last)
            return zc_families[i];
    return NULL;
}
