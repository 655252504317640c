/*
 * kat.h - what every known-answer header shares: a marker so that a
 * program using only some of the tables does not warn about the others.
 */
#ifndef ZC_TEST_KAT_H
#define ZC_TEST_KAT_H

#if defined(__GNUC__) || defined(__clang__)
#define ZC_KAT_UNUSED __attribute__((unused))
#else
#define ZC_KAT_UNUSED
#endif

#endif /* ZC_TEST_KAT_H */
