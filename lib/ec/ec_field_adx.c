/*
 * ec_field_adx.c - the Montgomery products of P-256's and P-384's fields
 * and P-384's square on x86-64 with BMI2 and ADX (mulx, adcx, adox) in
 * inline assembly, and the CPUID test for both; ec_field.c calls them
 * when the CPU has them and keeps its portable C otherwise (and on every
 * other architecture).
 *
 * Technique: coarsely integrated operand scanning (CIOS; Koc, Acar,
 * Kaliski, "Analyzing and comparing Montgomery multiplication
 * algorithms", 1996) with two carry chains, the use Intel gives adcx and
 * adox (Gueron and Krasnov's "New instructions supporting large integer
 * arithmetic", Intel white paper, 2012; no code taken). Step i adds
 * a b_i to the accumulator T by one mulx per limb of a, whose low halves
 * go in by the overflow-flag chain (adox) and high halves one limb up by
 * the carry-flag chain (adcx), the two chains side by side since mulx
 * leaves both flags alone; then it adds q p with q = T mod 2^64 (-p^-1)
 * mod 2^64, which clears T's low limb, by ec_field.c's reduction step for
 * that prime: no product by p's limbs (redc_p256: shifts and one mulx by
 * a constant; redc_p384: two mulx by constants; this CPU's multiplier is
 * the bottleneck, a P-384 product with six mulx a step took 49 ns
 * against 32 ns). T lives in n + 2 registers whose names rotate by one
 * per step (the dropped limb, zeroed, becomes the new top); nothing goes
 * to memory before the final subtraction. P-384's step 0, on T = 0,
 * needs one chain only; its steps hand the borrow of their subtraction
 * on to the next (REDC384): on this CPU the flag-using adds, all on two
 * ports, set the price (docs/performance.md, the twelfth pass).
 *
 * Carry bounds (n limbs, R = 2^(64 n) > p > R / 2): with a, b < p and T
 * < 2p before a step (T = 0 at the start), T + a b_i + q p < 2p + 2
 * (2^64 - 1) p < 2^65 p < 2^(64 n + 65): the top limb t(n+1) is at most
 * 1 after the product pass, the two chains' carries into it cannot carry
 * out, and (T + a b_i + q p) / 2^64 < 2p again (Koc et al.). In P-384's
 * reduction T - s may go below 0 before q 2^384 is added: the n + 2
 * limbs compute mod 2^(64 (n + 2)), and the sum they end at is the true
 * one. After n steps T = a b R^-1 mod p plus at most p, in n limbs and a
 * bit; T - p is computed by a borrow chain through that bit and kept
 * unless it borrows (cmovc keeps T): the result is below p. No branch,
 * no secret-dependent address: the same instructions for every input.
 *
 * Registers: the accumulator from r8 up, the halves rax and rbx, b_i
 * and q in rdx (mulx's implicit operand), a and b in rsi and rdi, the
 * reduction's third temporary in the limb that q came from; the
 * constants, and the zero that adcx and adox add carries with, in
 * memory. That leaves one register besides rbp, which frame pointers
 * (the sanitizers) take, and a memory operand for r would need a base
 * register of its own: P-256's product keeps r there; P-384's uses it,
 * rcx, for the borrow its reduction steps hand on (REDC384), so r comes
 * in rcx and waits in xmm0 until the stores. The square, short of
 * registers, parks values in xmm0-xmm6. No stack.
 */
#include "ec_fe.h"

#if ZC_EC_ADX

#include <cpuid.h>

int zc_ec_cpu_adx(void)
{
    unsigned a, b, c, d;

    if (__get_cpuid_max(0, NULL) < 7)
        return 0;
    __cpuid_count(7, 0, a, b, c, d);
    (void)a;
    (void)c;
    (void)d;
    return (b >> 8 & 1) && (b >> 19 & 1);       /* BMI2 (mulx), ADX (adcx, adox) */
}

/* One limb of a pass: lo, hi = x * rdx; t_j += lo (OF chain), t_j+1 +=
 * hi (CF chain); x is a's limb j, "8j(%[a])". */
#define MAC(x, tj, tj1) \
    "mulxq " x ", %%rax, %%rbx\n\t" \
    "adoxq %%rax, " tj "\n\t" \
    "adcxq %%rbx, " tj1 "\n\t"

/* Both chains' carries in: the OF chain's through t6 and t7, the CF
 * chain's into t7 (neither carries out: the bound above). */
#define TAIL(t6, t7) \
    "adoxq %[zero], " t6 "\n\t" \
    "adcxq %[zero], " t7 "\n\t" \
    "adoxq %[zero], " t7 "\n\t"

/* P-384's reduction step on t0..t7: T += q p, q = t0 (-p^-1) mod 2^64 =
 * t0 (2^32 + 1) mod 2^64, which clears t0. q p = q 2^384 - s, s = m1 +
 * m2 2^64 + q 2^128 with m1 = q (2^64 - 2^32 + 1) and m2 = q (2^32 - 1)
 * (ec_field.c's redc_p384 step): T - s from limb 1 (limb 0 becomes 0: s
 * = t0 mod 2^64), then q at limb 6; t0 is zeroed for the next step's
 * t7. The borrow out of limb 3 is not run through limbs 4-7: it waits
 * in rcx (0 or 1, set by setc into cl) and the next step subtracts it
 * with its own s at its limb 3, which is this step's limb 4; after the
 * sixth step it is subtracted from the result's limb 3 (BORROW384).
 * Until then the limbs hold T plus rcx 2^256 (2^(64 (i + 4)) overall),
 * below 2^449 with the step's rows: t7 stays a bit as without it. */
#define REDC384(t0, t1, t2, t3, t4, t5, t6, t7) \
    "movq " t0 ", %%rdx\n\t" \
    "shlq $32, %%rdx\n\t" \
    "addq " t0 ", %%rdx\n\t"            /* q = t0 (2^32 + 1) mod 2^64 */ \
    "mulxq %[k1], %%rbx, %%rbx\n\t"      /* high half of m1 */ \
    "mulxq %[k2], %%rax, " t0 "\n\t"    /* m2 (t0 is q, in rdx) */ \
    "addq %%rax, %%rbx\n\t"             /* s1 */ \
    "adcq %%rdx, " t0 "\n\t"            /* s2 */ \
    "movq %%rcx, %%rax\n\t" \
    "adcq $0, %%rax\n\t"                /* s3 + the last step's borrow */ \
    "subq %%rbx, " t1 "\n\t" \
    "sbbq " t0 ", " t2 "\n\t" \
    "sbbq %%rax, " t3 "\n\t" \
    "setc %%cl\n\t"                      /* owed at the next step's limb 3 */ \
    "addq %%rdx, " t6 "\n\t" \
    "adcq $0, " t7 "\n\t" \
    "xorq " t0 ", " t0 "\n\t"           /* the next step's t7 */

/* The sixth step's borrow, from the result (r14 r15 r8 r9 r10 r11 and
 * r12, low to high) at its limb 3, through the top. */
#define BORROW384 \
    "subq %%rcx, %%r9\n\t" \
    "sbbq $0, %%r10\n\t" \
    "sbbq $0, %%r11\n\t" \
    "sbbq $0, %%r12\n\t"

/* P-384's step i of the product: T += a b_i, then the reduction step. */
#define STEP(bi, t0, t1, t2, t3, t4, t5, t6, t7) \
    "movq " bi "(%[b]), %%rdx\n\t" \
    "xorl %%eax, %%eax\n\t"             /* CF = OF = 0 */ \
    MAC("0(%[a])", t0, t1) MAC("8(%[a])", t1, t2) MAC("16(%[a])", t2, t3) \
    MAC("24(%[a])", t3, t4) MAC("32(%[a])", t4, t5) MAC("40(%[a])", t5, t6) \
    TAIL(t6, t7) \
    REDC384(t0, t1, t2, t3, t4, t5, t6, t7)

/* Step 0, where T = 0: the product a b_0 goes straight into r8 .. r14,
 * the low halves by mulx itself and the high halves by one carry chain
 * (six adds where a step's two chains and their tail take fifteen); r15
 * = 0 is the top. */
#define STEP0384 \
    "movq 0(%[b]), %%rdx\n\t" \
    "mulxq 0(%[a]), %%r8, %%r9\n\t" \
    "mulxq 8(%[a]), %%rax, %%r10\n\t" \
    "addq %%rax, %%r9\n\t" \
    "mulxq 16(%[a]), %%rax, %%r11\n\t" \
    "adcq %%rax, %%r10\n\t" \
    "mulxq 24(%[a]), %%rax, %%r12\n\t" \
    "adcq %%rax, %%r11\n\t" \
    "mulxq 32(%[a]), %%rax, %%r13\n\t" \
    "adcq %%rax, %%r12\n\t" \
    "mulxq 40(%[a]), %%rax, %%r14\n\t" \
    "adcq %%rax, %%r13\n\t" \
    "adcq $0, %%r14\n\t" \
    "xorl %%r15d, %%r15d\n\t" \
    REDC384("%%r8", "%%r9", "%%r10", "%%r11", "%%r12", "%%r13", "%%r14", "%%r15")

/* T = r14 r15 r8 r9 r10 r11 (low to high) + r12 2^384, below 2p, to r:
 * T - p by a borrow chain through r12, kept unless it borrows; the six
 * copies go through rax, rbx, r13, rdx, rsi, rdi; rp is the register
 * holding r. */
#define FINAL384(rp) \
    "movq %%r14, %%rax\n\t" \
    "movq %%r15, %%rbx\n\t" \
    "movq %%r8, %%r13\n\t" \
    "movq %%r9, %%rdx\n\t" \
    "movq %%r10, %%rsi\n\t" \
    "movq %%r11, %%rdi\n\t" \
    "subq %[p], %%rax\n\t" \
    "sbbq 8+%[p], %%rbx\n\t" \
    "sbbq 16+%[p], %%r13\n\t" \
    "sbbq 24+%[p], %%rdx\n\t" \
    "sbbq 32+%[p], %%rsi\n\t" \
    "sbbq 40+%[p], %%rdi\n\t" \
    "sbbq $0, %%r12\n\t"                /* CF: T < p, keep T */ \
    "cmovcq %%r14, %%rax\n\t" \
    "cmovcq %%r15, %%rbx\n\t" \
    "cmovcq %%r8, %%r13\n\t" \
    "cmovcq %%r9, %%rdx\n\t" \
    "cmovcq %%r10, %%rsi\n\t" \
    "cmovcq %%r11, %%rdi\n\t" \
    "movq %%rax, 0(" rp ")\n\t" \
    "movq %%rbx, 8(" rp ")\n\t" \
    "movq %%r13, 16(" rp ")\n\t" \
    "movq %%rdx, 24(" rp ")\n\t" \
    "movq %%rsi, 32(" rp ")\n\t" \
    "movq %%rdi, 40(" rp ")\n\t"

/* Each product is one asm template of about 6 KB, past the 4095
 * characters C99 promises a literal (clang's -Woverlength-strings under
 * -Wpedantic); gcc and clang take it. */
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Woverlength-strings"

/* mulx's constants: 2^64 - 2^32 + 1 and 2^32 - 1; the zero that adcx and
 * adox add their last carries with (they take no immediate). */
static const uint64_t k1 = 0xffffffff00000001u, k2 = 0xffffffffu, zero = 0;

void zc_ec_fmul_p384_adx(uint64_t *r, const uint64_t *a, const uint64_t *b)
{
    const uint64_t *pa = a, *pb = b;
    uint64_t *pr = r;

    __asm__ volatile(
        "movq %%rcx, %%xmm0\n\t"            /* r, until the stores */
        "xorl %%ecx, %%ecx\n\t"             /* no borrow owed */
        STEP0384
        STEP("8", "%%r9", "%%r10", "%%r11", "%%r12", "%%r13", "%%r14", "%%r15", "%%r8")
        STEP("16", "%%r10", "%%r11", "%%r12", "%%r13", "%%r14", "%%r15", "%%r8", "%%r9")
        STEP("24", "%%r11", "%%r12", "%%r13", "%%r14", "%%r15", "%%r8", "%%r9", "%%r10")
        STEP("32", "%%r12", "%%r13", "%%r14", "%%r15", "%%r8", "%%r9", "%%r10", "%%r11")
        STEP("40", "%%r13", "%%r14", "%%r15", "%%r8", "%%r9", "%%r10", "%%r11", "%%r12")
        BORROW384
        "movq %%xmm0, %%rcx\n\t"
        FINAL384("%%rcx")
        : [a] "+S"(pa), [b] "+D"(pb), [r] "+c"(pr)
        : [p] "m"(zc_ec_p384_m), [k1] "m"(k1), [k2] "m"(k2), [zero] "m"(zero)
        : "rax", "rbx", "rdx", "r8", "r9", "r10", "r11", "r12", "r13", "r14", "r15", "xmm0",
          "cc", "memory");
}

/*
 * P-384's square: the 12-limb a^2 first, then the Montgomery reduction of
 * its low half alone, then the high half added (separated operand
 * scanning, Koc et al. above): 21 limb products where the product takes
 * 36. With L, H the halves of a^2 (a^2 = L + H R), the six steps give V
 * = (L + Q p) / R <= (R - 1)(p + 1) / R < p + 1, and H <= a^2 / R < p,
 * so V + H < 2p and one subtraction of p is enough (FINAL384).
 *   Off-diagonal: U = sum a_i a_j 2^(64 (i + j)), i < j, as five rows
 *   by rdx = a_i into u1 .. u10 (r9 r10 r11 r12 r13 rcx rdi r14 r15
 *   rbx; rbx is the rows' high-half temporary until row 4 makes it u10),
 *   the later rows with the adox/adcx chains; U < R^2 / 2.
 *   Doubling and diagonal: a^2 = 2 U + sum a_i^2 2^(128 i), limb k =
 *   2 u_k (adcx u_k, u_k: the CF chain) + a half of a_(k/2)^2 (adox: the
 *   OF chain), both chains through limb 11, which cannot carry out (a^2 <
 *   R^2). Limbs 0-5 stay in r8-r13, limbs 6-11 go to xmm1-xmm6.
 *   Reduction: REDC384 six times on r8 .. r15 (r14 = r15 = 0 above L),
 *   then V + H and FINAL384 as in the product.
 * Every register but rbp and rsp is taken, and a memory operand may
 * need one for its address (clang -O0, gcc's -fsanitize=address): r
 * comes in rcx and waits in xmm0, the high half in xmm1-xmm6 (movq
 * between general and vector registers, no memory, no stack).
 */
void zc_ec_fsqr_p384_adx(uint64_t *r, const uint64_t *a)
{
    const uint64_t *pa = a;
    uint64_t *pr = r;

    __asm__ volatile(
        "movq %%rcx, %%xmm0\n\t"            /* r, until the stores */
        /* row 0, rdx = a0: u1 .. u6, one carry chain */
        "movq 0(%[a]), %%rdx\n\t"
        "mulxq 8(%[a]), %%r9, %%r10\n\t"
        "mulxq 16(%[a]), %%rax, %%r11\n\t"
        "addq %%rax, %%r10\n\t"
        "mulxq 24(%[a]), %%rax, %%r12\n\t"
        "adcq %%rax, %%r11\n\t"
        "mulxq 32(%[a]), %%rax, %%r13\n\t"
        "adcq %%rax, %%r12\n\t"
        "mulxq 40(%[a]), %%rax, %%rcx\n\t"
        "adcq %%rax, %%r13\n\t"
        "adcq $0, %%rcx\n\t"
        /* row 1, rdx = a1: columns 3 .. 7 (u7 = rdi new) */
        "movq 8(%[a]), %%rdx\n\t"
        "xorl %%eax, %%eax\n\t"
        MAC("16(%[a])", "%%r11", "%%r12")
        MAC("24(%[a])", "%%r12", "%%r13")
        MAC("32(%[a])", "%%r13", "%%rcx")
        "mulxq 40(%[a]), %%rax, %%rdi\n\t"
        "adoxq %%rax, %%rcx\n\t"
        "adcxq %[zero], %%rdi\n\t"
        "adoxq %[zero], %%rdi\n\t"
        /* row 2, rdx = a2: columns 5 .. 8 (u8 = r14 new) */
        "movq 16(%[a]), %%rdx\n\t"
        "xorl %%eax, %%eax\n\t"
        MAC("24(%[a])", "%%r13", "%%rcx")
        MAC("32(%[a])", "%%rcx", "%%rdi")
        "mulxq 40(%[a]), %%rax, %%r14\n\t"
        "adoxq %%rax, %%rdi\n\t"
        "adcxq %[zero], %%r14\n\t"
        "adoxq %[zero], %%r14\n\t"
        /* row 3, rdx = a3: columns 7 .. 9 (u9 = r15 new) */
        "movq 24(%[a]), %%rdx\n\t"
        "xorl %%eax, %%eax\n\t"
        MAC("32(%[a])", "%%rdi", "%%r14")
        "mulxq 40(%[a]), %%rax, %%r15\n\t"
        "adoxq %%rax, %%r14\n\t"
        "adcxq %[zero], %%r15\n\t"
        "adoxq %[zero], %%r15\n\t"
        /* row 4, rdx = a4: columns 9, 10 (u10 = rbx new) */
        "movq 32(%[a]), %%rdx\n\t"
        "mulxq 40(%[a]), %%rax, %%rbx\n\t"
        "addq %%rax, %%r15\n\t"
        "adcq $0, %%rbx\n\t"
        /* 2 U + the diagonal, limb by limb */
        "xorl %%eax, %%eax\n\t"
        "movq 0(%[a]), %%rdx\n\t"
        "mulxq %%rdx, %%r8, %%rax\n\t"      /* limb 0 = lo(a0^2) */
        "adcxq %%r9, %%r9\n\t"
        "adoxq %%rax, %%r9\n\t"
        "movq 8(%[a]), %%rdx\n\t"
        "mulxq %%rdx, %%rax, %%rdx\n\t"
        "adcxq %%r10, %%r10\n\t"
        "adoxq %%rax, %%r10\n\t"
        "adcxq %%r11, %%r11\n\t"
        "adoxq %%rdx, %%r11\n\t"
        "movq 16(%[a]), %%rdx\n\t"
        "mulxq %%rdx, %%rax, %%rdx\n\t"
        "adcxq %%r12, %%r12\n\t"
        "adoxq %%rax, %%r12\n\t"
        "adcxq %%r13, %%r13\n\t"
        "adoxq %%rdx, %%r13\n\t"
        "movq 24(%[a]), %%rdx\n\t"
        "mulxq %%rdx, %%rax, %%rdx\n\t"
        "adcxq %%rcx, %%rcx\n\t"
        "adoxq %%rax, %%rcx\n\t"
        "movq %%rcx, %%xmm1\n\t"
        "adcxq %%rdi, %%rdi\n\t"
        "adoxq %%rdx, %%rdi\n\t"
        "movq %%rdi, %%xmm2\n\t"
        "movq 32(%[a]), %%rdx\n\t"
        "mulxq %%rdx, %%rax, %%rdx\n\t"
        "adcxq %%r14, %%r14\n\t"
        "adoxq %%rax, %%r14\n\t"
        "movq %%r14, %%xmm3\n\t"
        "adcxq %%r15, %%r15\n\t"
        "adoxq %%rdx, %%r15\n\t"
        "movq %%r15, %%xmm4\n\t"
        "movq 40(%[a]), %%rdx\n\t"
        "mulxq %%rdx, %%rax, %%rdx\n\t"
        "adcxq %%rbx, %%rbx\n\t"
        "adoxq %%rax, %%rbx\n\t"
        "movq %%rbx, %%xmm5\n\t"
        "adcxq %[zero], %%rdx\n\t"
        "adoxq %[zero], %%rdx\n\t"
        "movq %%rdx, %%xmm6\n\t"
        /* V = L R^-1 mod p, plus at most p */
        "xorl %%r14d, %%r14d\n\t"
        "xorl %%r15d, %%r15d\n\t"
        "xorl %%ecx, %%ecx\n\t"             /* no borrow owed (u5 is in xmm1) */
        REDC384("%%r8", "%%r9", "%%r10", "%%r11", "%%r12", "%%r13", "%%r14", "%%r15")
        REDC384("%%r9", "%%r10", "%%r11", "%%r12", "%%r13", "%%r14", "%%r15", "%%r8")
        REDC384("%%r10", "%%r11", "%%r12", "%%r13", "%%r14", "%%r15", "%%r8", "%%r9")
        REDC384("%%r11", "%%r12", "%%r13", "%%r14", "%%r15", "%%r8", "%%r9", "%%r10")
        REDC384("%%r12", "%%r13", "%%r14", "%%r15", "%%r8", "%%r9", "%%r10", "%%r11")
        REDC384("%%r13", "%%r14", "%%r15", "%%r8", "%%r9", "%%r10", "%%r11", "%%r12")
        BORROW384
        /* V = r14 r15 r8 r9 r10 r11 (r12 = 0); + H */
        "movq %%xmm1, %%rax\n\t"
        "addq %%rax, %%r14\n\t"
        "movq %%xmm2, %%rax\n\t"
        "adcq %%rax, %%r15\n\t"
        "movq %%xmm3, %%rax\n\t"
        "adcq %%rax, %%r8\n\t"
        "movq %%xmm4, %%rax\n\t"
        "adcq %%rax, %%r9\n\t"
        "movq %%xmm5, %%rax\n\t"
        "adcq %%rax, %%r10\n\t"
        "movq %%xmm6, %%rax\n\t"
        "adcq %%rax, %%r11\n\t"
        "adcq $0, %%r12\n\t"
        "movq %%xmm0, %%rcx\n\t"
        FINAL384("%%rcx")
        : [a] "+S"(pa), [r] "+c"(pr)
        : [p] "m"(zc_ec_p384_m), [k1] "m"(k1), [k2] "m"(k2), [zero] "m"(zero)
        : "rax", "rbx", "rdx", "rdi", "r8", "r9", "r10", "r11", "r12", "r13", "r14",
          "r15", "xmm0", "xmm1", "xmm2", "xmm3", "xmm4", "xmm5", "xmm6", "cc", "memory");
}

/* P-256's step i (p = 2^256 - 2^224 + 2^192 + 2^96 - 1, -p^-1 = 1 mod
 * 2^64, so q = t0): T += a b_i, then q p = q 2^96 - q + q (2^64 - 2^32
 * + 1) 2^192 as redc_p256 adds it: t0 - q = 0, q << 32 and q >> 32 at
 * limbs 1, 2, the product q k1 at limbs 3, 4, one carry chain. */
#define STEP256(bi, t0, t1, t2, t3, t4, t5) \
    "movq " bi "(%[b]), %%rdx\n\t" \
    "xorl %%eax, %%eax\n\t"             /* CF = OF = 0 */ \
    MAC("0(%[a])", t0, t1) MAC("8(%[a])", t1, t2) MAC("16(%[a])", t2, t3) \
    MAC("24(%[a])", t3, t4) \
    TAIL(t4, t5) \
    "movq " t0 ", %%rdx\n\t"            /* q = t0 */ \
    "mulxq %[k1], %%rax, %%rbx\n\t"      /* q (2^64 - 2^32 + 1) */ \
    "movq " t0 ", %%r14\n\t" \
    "shlq $32, %%r14\n\t" \
    "shrq $32, " t0 "\n\t" \
    "addq %%r14, " t1 "\n\t" \
    "adcq " t0 ", " t2 "\n\t" \
    "adcq %%rax, " t3 "\n\t" \
    "adcq %%rbx, " t4 "\n\t" \
    "adcq $0, " t5 "\n\t" \
    "xorq " t0 ", " t0 "\n\t"           /* the next step's t5 */

void zc_ec_fmul_p256_adx(uint64_t *r, const uint64_t *a, const uint64_t *b)
{
    const uint64_t *pa = a, *pb = b;

    __asm__ volatile(
        "xorl %%r8d, %%r8d\n\t"
        "xorl %%r9d, %%r9d\n\t"
        "xorl %%r10d, %%r10d\n\t"
        "xorl %%r11d, %%r11d\n\t"
        "xorl %%r12d, %%r12d\n\t"
        "xorl %%r13d, %%r13d\n\t"
        STEP256("0", "%%r8", "%%r9", "%%r10", "%%r11", "%%r12", "%%r13")
        STEP256("8", "%%r9", "%%r10", "%%r11", "%%r12", "%%r13", "%%r8")
        STEP256("16", "%%r10", "%%r11", "%%r12", "%%r13", "%%r8", "%%r9")
        STEP256("24", "%%r11", "%%r12", "%%r13", "%%r8", "%%r9", "%%r10")
        /* T = r12 r13 r8 r9 (low to high) + r10 2^256, below 2p. */
        "movq %%r12, %%rax\n\t"
        "movq %%r13, %%rbx\n\t"
        "movq %%r8, %%r14\n\t"
        "movq %%r9, %%rdx\n\t"
        "subq %[p], %%rax\n\t"
        "sbbq 8+%[p], %%rbx\n\t"
        "sbbq 16+%[p], %%r14\n\t"
        "sbbq 24+%[p], %%rdx\n\t"
        "sbbq $0, %%r10\n\t"                /* CF: T < p, keep T */
        "cmovcq %%r12, %%rax\n\t"
        "cmovcq %%r13, %%rbx\n\t"
        "cmovcq %%r8, %%r14\n\t"
        "cmovcq %%r9, %%rdx\n\t"
        "movq %%rax, 0(%[r])\n\t"
        "movq %%rbx, 8(%[r])\n\t"
        "movq %%r14, 16(%[r])\n\t"
        "movq %%rdx, 24(%[r])\n\t"
        : [a] "+S"(pa), [b] "+D"(pb)
        : [r] "r"(r), [p] "m"(zc_ec_p256_m), [k1] "m"(k1), [zero] "m"(zero)
        : "rax", "rbx", "rdx", "r8", "r9", "r10", "r11", "r12", "r13", "r14", "cc",
          "memory");
}

#pragma GCC diagnostic pop

#endif /* ZC_EC_ADX */
