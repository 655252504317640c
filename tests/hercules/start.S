/*
 * start.S - entry, lowcore and program-check handler of the bare-metal
 * test image (see README.md and bm.h).
 *
 * Hercules with ARCHMODE z/Arch still IPLs in ESA/390 mode: the IPL PSW is
 * an ESA/390 one, the first instructions switch the CPU to z/Architecture
 * with SIGP SET ARCHITECTURE, then to 64-bit addressing, and call
 * bm_main(). Its return value becomes the instruction address of a
 * disabled-wait PSW, which Hercules logs and run.sh decodes.
 *
 * Absolute storage (prefix 0, DAT off) used here:
 *   0x000        ESA/390 IPL PSW
 *   0x058-0x07f  ESA/390 new PSWs (only reachable before the switch)
 *   0x1a0-0x1ff  z/Architecture new PSWs
 *   0x200-0x27f  GR save area of the program-check handler
 *   0x280-0x28f  final disabled-wait PSW, built at run time
 *   0x300        ESA/390 wait PSW used when SIGP is refused
 * The free part of the z/Arch lowcore (0x200-0x2ff) is used so that the
 * final steps depend on nothing the tests might have overwritten.
 */

/* offsets in struct bm_results (bm.h) */
#define RES_PGM_INT     0x20
#define RES_PGM_COUNT   0x24
#define RES_PGM_PSW     0x28
#define RES_PGM_GPRS    0x80

#define SAVE_AREA       0x200
#define WAIT_PSW        0x280

/* z/Arch PSW mask: disabled wait, 64-bit addressing (EA+BA) */
#define WAIT_MASK_HI    0x0002
#define WAIT_MASK_HL    0x0001
#define WAIT_MASK_LH    0x8000

        .section .lowcore,"aw",@progbits
        /* ESA/390 IPL PSW: EC mode, disabled, key 0, 31-bit addressing */
        .org    0x000
        .long   0x00080000, 0x80000000 + _start
        /* ESA/390 new PSWs: disabled wait with a distinct code each */
        .org    0x058
        .long   0x000A0000, 0x80000E58          /* external */
        .long   0x000A0000, 0x80000E60          /* SVC */
        .long   0x000A0000, 0x80000E68          /* program */
        .long   0x000A0000, 0x80000E70          /* machine check */
        .long   0x000A0000, 0x80000E78          /* I/O */
        /* z/Arch new PSWs; only the program check has a handler */
        .org    0x1a0
        .quad   0x0002000180000000, 0xE1A0      /* restart */
        .quad   0x0002000180000000, 0xE1B0      /* external */
        .quad   0x0002000180000000, 0xE1C0      /* SVC */
        .quad   0x0000000180000000, bm_pgm_handler
        .quad   0x0002000180000000, 0xE1E0      /* machine check */
        .quad   0x0002000180000000, 0xE1F0      /* I/O */
        /* ESA/390 disabled wait: SIGP SET ARCHITECTURE was refused */
        .org    0x300
        .long   0x000A0000, 0x80000E90

/* Load a disabled-wait PSW whose address is \reg (clobbers %r3). */
        .macro  DISABLED_WAIT reg
        llihh   %r3,WAIT_MASK_HI
        oihl    %r3,WAIT_MASK_HL
        oilh    %r3,WAIT_MASK_LH
        stg     %r3,WAIT_PSW
        stg     \reg,WAIT_PSW+8
        lpswe   WAIT_PSW
        .endm

        .section .text.start,"ax",@progbits
        .globl  _start
_start:
        /* ESA/390, 31-bit: SIGP order 0x12, parameter 1 = z/Architecture */
        lhi     %r1,1
        sr      %r0,%r0                 /* CPU address: ignored for 0x12 */
        sigp    %r1,%r0,0x12
        jz      1f
        lpsw    0x300
1:      /* z/Architecture, still 31-bit addressing */
        sam64
        larl    %r15,bm_stack_top
        aghi    %r15,-160               /* ABI register save area */
        xc      0(8,%r15),0(%r15)       /* back chain = 0 */
        brasl   %r14,bm_main
        nill    %r2,0xfffe              /* a PSW address must be even */
        DISABLED_WAIT %r2

/*
 * Program-check handler. No test may cause a program check on purpose:
 * record where it happened in the result block, then stop with wait code
 * 0x0DEA0000 + 2 * interruption code. It touches only lowcore and the
 * result block, so it works whatever state the program left behind.
 */
        .globl  bm_pgm_handler
bm_pgm_handler:
        stmg    %r0,%r15,SAVE_AREA
        larl    %r1,bm_results
        mvc     RES_PGM_PSW(16,%r1),0x150       /* program old PSW */
        mvc     RES_PGM_INT(4,%r1),0x8c         /* ILC + interruption code */
        mvc     RES_PGM_GPRS(128,%r1),SAVE_AREA
        asi     RES_PGM_COUNT(%r1),1
        llgh    %r2,0x8e
        sllg    %r2,%r2,1
        agfi    %r2,0x0DEA0000
        DISABLED_WAIT %r2

        .section .note.GNU-stack,"",@progbits
