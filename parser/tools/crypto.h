/* SPDX-License-Identifier: GPL-2.0-only */
/* libgcrypt set-up and file digests for the diglim host tools. */
#ifndef DIGLIM_TOOLS_CRYPTO_H
#define DIGLIM_TOOLS_CRYPTO_H

#include <stddef.h>
#include <stdint.h>

/* Initialise libgcrypt once. Returns 0, or -1 when the library is too old. */
int crypto_init(void);

/*
 * SHA-256 of the regular file @path into @out. Returns 0 or -errno
 * (-EINVAL: not a regular file).
 */
int crypto_sha256_file(const char *path, uint8_t out[32]);

/* Results of crypto_rsa_verify(). */
enum crypto_rsa_result {
	CRYPTO_RSA_GOOD = 0,
	CRYPTO_RSA_BAD,		/* the check failed */
	CRYPTO_RSA_RANGE,	/* libgcrypt refused the values (out of range) */
	CRYPTO_RSA_ERROR,	/* libgcrypt could not build the parameters */
};

/*
 * Check the RSA EMSA-PKCS1-v1_5 signature @s over @digest, a hash named
 * @hname in libgcrypt's terms ("sha256"), with the public key (@n, @e),
 * all big-endian.
 */
enum crypto_rsa_result crypto_rsa_verify(const uint8_t *n, size_t n_len,
					 const uint8_t *e, size_t e_len,
					 const char *hname,
					 const uint8_t *digest, size_t dlen,
					 const uint8_t *s, size_t s_len);

#endif
