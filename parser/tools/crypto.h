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

/* Results of the signature checks below. */
enum crypto_verify_result {
	CRYPTO_VERIFY_GOOD = 0,
	CRYPTO_VERIFY_BAD,	/* the check failed */
	CRYPTO_VERIFY_RANGE,	/* libgcrypt refused the values (out of range) */
	CRYPTO_VERIFY_ERROR,	/* libgcrypt could not build the parameters */
};

/*
 * Check the RSA EMSA-PKCS1-v1_5 signature @s over @digest, a hash named
 * @hname in libgcrypt's terms ("sha256"), with the public key (@n, @e),
 * all big-endian.
 */
enum crypto_verify_result crypto_rsa_verify(const uint8_t *n, size_t n_len,
					    const uint8_t *e, size_t e_len,
					    const char *hname,
					    const uint8_t *digest, size_t dlen,
					    const uint8_t *s, size_t s_len);

/*
 * Check the ECDSA signature (@r, @s) over @digest with the public point
 * @q (0x04 || x || y, uncompressed) on @curve, libgcrypt's name of it
 * ("NIST P-256"), all big-endian.
 */
enum crypto_verify_result crypto_ecdsa_verify(const char *curve,
					      const uint8_t *q, size_t q_len,
					      const uint8_t *digest, size_t dlen,
					      const uint8_t *r, size_t r_len,
					      const uint8_t *s, size_t s_len);

#endif
