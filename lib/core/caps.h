/*
 * caps.h - internal view of facility detection (lib/core/caps.c).
 *
 * Keys and contexts decide their backend once, at init, through
 * zc_caps_reason(); nothing on a data path consults the caps again.
 */
#ifndef ZC_LIB_CAPS_H
#define ZC_LIB_CAPS_H

#include <zcrypt.h>

/*
 * ZC_REASON_CPACF when function code fc of insn may be used here (facility
 * installed, in the query mask, not removed by ZCRYPT_CAPS); otherwise the
 * first reason it may not.
 */
enum zc_reason zc_caps_reason(enum zc_insn insn, unsigned fc);

/*
 * Fill info for an algorithm that needs all of the n (insn, fc) pairs:
 * CPACF when every one is usable, else SOFTWARE with the first missing.
 */
struct zc_cpacf_need {
    enum zc_insn insn;
    unsigned fc;
};
void zc_caps_decide(const struct zc_cpacf_need *need, unsigned n,
                    struct zc_backend_info *info);

/*
 * zc_caps_decide() for a cipher mode, whose need[0] is the key's block
 * function (KM): when that is missing, the mode's own instruction (KMCTR
 * for CTR, KMAC for CMAC, ...) usually is too, and that is what a caller
 * asking about the mode wants named: the first missing one after KM.
 */
void zc_caps_decide_mode(const struct zc_cpacf_need *need, unsigned n,
                         struct zc_backend_info *info);

/*
 * One-time self-test of a CPACF function no emulator runs: *state is 0
 * (not run), 1 (passed) or 2 (failed). The first caller runs run(arg);
 * threads racing here compute the same answer, so the result is simply
 * published with a release store. Returns 1 when the test passed.
 */
int zc_selftest_once(int *state, int (*run)(unsigned), unsigned arg);

/*
 * 1 when b is a backend a symmetric key or hash context may be made with:
 * AUTO, CPACF or SOFTWARE. The one check every init uses.
 */
static inline int zc_backend_sym_ok(enum zc_backend b)
{
    return b == ZC_BACKEND_AUTO || b == ZC_BACKEND_CPACF || b == ZC_BACKEND_SOFTWARE;
}

#endif /* ZC_LIB_CAPS_H */
