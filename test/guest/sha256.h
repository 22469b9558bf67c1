/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * SHA-256 (FIPS 180-4) for the guest tests, which must replay PCR values
 * without any library.
 */
#ifndef DIGLIM_TEST_SHA256_H
#define DIGLIM_TEST_SHA256_H

#include <stddef.h>
#include <stdint.h>

#define SHA256_DIGEST_SIZE 32

struct sha256_ctx {
	uint32_t state[8];
	uint64_t bytes;
	uint8_t block[64];
	size_t used;
};

void sha256_init(struct sha256_ctx *ctx);
void sha256_update(struct sha256_ctx *ctx, const void *data, size_t len);
void sha256_final(struct sha256_ctx *ctx, uint8_t out[SHA256_DIGEST_SIZE]);

#endif /* DIGLIM_TEST_SHA256_H */
