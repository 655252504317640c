/*
 * sizes_ref.c - sizeof of every public key object and context, compiled
 * from the installed headers alone; tests/zc_info_sizes.sh compares
 * zc-info --sizes with this. Prints "name bytes" per line, in any order.
 */
#include <stdio.h>
#include <zcrypt.h>

#define SHOW(t) printf("%s %zu\n", #t, sizeof(t))

int main(void)
{
    SHOW(zc_aes_key);
    SHOW(zc_aes_gcm_ctx);
    SHOW(zc_aes_cmac_ctx);
    SHOW(zc_aes_stream_ctx);
    SHOW(zc_des_stream_ctx);
    SHOW(zc_des_key);
    SHOW(zc_rc4_ctx);
    SHOW(zc_hash_ctx);
    SHOW(zc_hmac_ctx);
    SHOW(zc_hmac_key);
    SHOW(zc_rsa_key);
    SHOW(zc_ec_key);
    SHOW(struct zc_stats);
    SHOW(struct zc_backend_info);
    return 0;
}
