/*
 * env.c - the ZCRYPT_CAPS environment variable. It can only remove
 * capabilities, so a plain getenv() (not secure_getenv) is safe even in
 * set-uid programs: the worst it can do is make them use software.
 */
#include "../platform.h"

#include <stdlib.h>

const char *zc_plat_caps_env(void)
{
    return getenv("ZCRYPT_CAPS");
}
