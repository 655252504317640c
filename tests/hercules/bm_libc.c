/*
 * bm_libc.c - the only libc functions of the bare-metal image.
 *
 * gcc emits calls to memcpy/memset/memmove/memcmp even with -ffreestanding
 * (struct copies, initialisers), and the library itself uses them. The
 * interruptible long instructions MVCLE and CLCLE do the work: one emulated
 * instruction per up to a page of data instead of a byte loop, which
 * matters under Hercules. Both set cc 3 when they stop early ("partially
 * done"); the registers then describe the rest, so the code just repeats.
 */
#include <stddef.h>
#include <stdint.h>

void *memcpy(void *restrict dst, const void *restrict src, size_t n);
void *memmove(void *dst, const void *src, size_t n);
void *memset(void *dst, int c, size_t n);
int memcmp(const void *a, const void *b, size_t n);

void *memcpy(void *restrict dst, const void *restrict src, size_t n)
{
    /* MVCLE R1,R3: R1 pair = destination, R3 pair = source */
    register uintptr_t d __asm__("2") = (uintptr_t)dst;
    register size_t dl __asm__("3") = n;
    register uintptr_t s __asm__("4") = (uintptr_t)src;
    register size_t sl __asm__("5") = n;

    __asm__ __volatile__("0: mvcle %0,%2,0\n"
                         "   jo    0b\n"
                         : "+d"(d), "+d"(dl), "+d"(s), "+d"(sl)
                         :
                         : "cc", "memory");
    return dst;
}

void *memset(void *dst, int c, size_t n)
{
    /* Source length 0: MVCLE fills the destination with the pad byte,
       which is the low byte of the second-operand address. */
    register uintptr_t d __asm__("2") = (uintptr_t)dst;
    register size_t dl __asm__("3") = n;
    register uintptr_t s __asm__("4") = 0;
    register size_t sl __asm__("5") = 0;
    uintptr_t pad = (unsigned char)c;

    __asm__ __volatile__("0: mvcle %0,%2,0(%4)\n"
                         "   jo    0b\n"
                         : "+d"(d), "+d"(dl), "+d"(s), "+d"(sl)
                         : "a"(pad)
                         : "cc", "memory");
    return dst;
}

/* The byte loops below must not be turned back into memmove calls. */
__attribute__((optimize("no-tree-loop-distribute-patterns")))
void *memmove(void *dst, const void *src, size_t n)
{
    unsigned char *d = dst;
    const unsigned char *s = src;
    uintptr_t da = (uintptr_t)dst, sa = (uintptr_t)src;
    size_t gap;

    if (da == sa || n == 0)
        return dst;
    if (da + n <= sa || sa + n <= da)
        return memcpy(dst, src, n);

    /*
     * Overlap. MVCLE does not promise an order of moving bytes, so copy in
     * blocks of gap bytes, which never overlap themselves, walking away
     * from the overlap: forwards when d < s, backwards when d > s. Tiny
     * gaps go byte by byte, where a call per block would cost more.
     */
    if (da < sa) {
        gap = sa - da;
        if (gap < 16) {
            for (size_t i = 0; i < n; i++)
                d[i] = s[i];
            return dst;
        }
        for (size_t off = 0; off < n; off += gap)
            memcpy(d + off, s + off, n - off < gap ? n - off : gap);
    } else {
        gap = da - sa;
        if (gap < 16) {
            while (n--)
                d[n] = s[n];
            return dst;
        }
        while (n > 0) {
            size_t blk = n < gap ? n : gap;
            n -= blk;
            memcpy(d + n, s + n, blk);
        }
    }
    return dst;
}

int memcmp(const void *a, const void *b, size_t n)
{
    /* CLCLE: cc 0 equal, 1 first operand low, 2 first operand high */
    register uintptr_t p __asm__("2") = (uintptr_t)a;
    register size_t pl __asm__("3") = n;
    register uintptr_t q __asm__("4") = (uintptr_t)b;
    register size_t ql __asm__("5") = n;
    int cc;

    __asm__ __volatile__("0: clcle %1,%3,0\n"
                         "   jo    0b\n"
                         "   ipm   %0\n"
                         "   srl   %0,28\n"
                         : "=d"(cc), "+d"(p), "+d"(pl), "+d"(q), "+d"(ql)
                         :
                         : "cc", "memory");
    return cc == 0 ? 0 : (cc == 1 ? -1 : 1);
}
