/* sha256.h - SHA-256 (FIPS 180-4), small and dependency-free: the grading
 * cache (cache.c) names a runner by the hash of everything that went
 * into it, so a collision must be out of reach - a cryptographic hash, not
 * a checksum. Tested against sha256sum (checker/tests/test_scale.sh). */
#ifndef CHECKER_SHA256_H
#define CHECKER_SHA256_H

#include <stddef.h>
#include <stdint.h>

typedef struct {
    uint32_t h[8];
    uint64_t length;       /* bytes hashed so far */
    unsigned char block[64];
    size_t used;           /* bytes waiting in block */
} sha256_ctx;

void sha256_init(sha256_ctx *c);
void sha256_update(sha256_ctx *c, const void *data, size_t size);
void sha256_final(sha256_ctx *c, unsigned char digest[32]);
/* 64 lowercase hex digits and a NUL */
void sha256_hex(const unsigned char digest[32], char hex[65]);

#endif
