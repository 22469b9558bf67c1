/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * A TPM 2.0 quote, checked as a remote verifier checks it: the attestation
 * key's public area (TPM2B_PUBLIC, as `tpm2_createak -u` or
 * `tpm2_readpublic -f tss` write it), the quote (TPMS_ATTEST, as
 * `tpm2_quote -m` writes it) and its signature (TPMT_SIGNATURE,
 * `tpm2_quote -s`). All three are big endian TPM marshalling (TPM 2.0
 * Library, Part 2). The key must be a restricted signing key that cannot
 * leave its TPM, so that what it signed starting with TPM_GENERATED_VALUE
 * was made by the TPM; RSA (RSASSA, 2048 bits or more) and ECC (ECDSA on
 * NIST P-256, P-384, P-521) keys are supported, with SHA-1, SHA-256,
 * SHA-384 or SHA-512.
 */
#ifndef DIGLIM_TOOLS_TPMQUOTE_H
#define DIGLIM_TOOLS_TPMQUOTE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* TPM_ALG_ID values (TPM 2.0 Library, Part 2, 6.3). */
#define TPM_ALG_RSA		0x0001
#define TPM_ALG_SHA1		0x0004
#define TPM_ALG_SHA256		0x000b
#define TPM_ALG_SHA384		0x000c
#define TPM_ALG_SHA512		0x000d
#define TPM_ALG_NULL		0x0010
#define TPM_ALG_RSASSA		0x0014
#define TPM_ALG_RSAPSS		0x0016
#define TPM_ALG_ECDSA		0x0018
#define TPM_ALG_ECC		0x0023

#define TPM_GENERATED_VALUE	0xff544347u
#define TPM_ST_ATTEST_QUOTE	0x8018

/* TPMA_OBJECT bits the verifier looks at. */
#define TPMA_OBJECT_FIXEDTPM		0x00000002u
#define TPMA_OBJECT_SENSITIVEDATAORIGIN	0x00000020u
#define TPMA_OBJECT_RESTRICTED		0x00010000u
#define TPMA_OBJECT_DECRYPT		0x00020000u
#define TPMA_OBJECT_SIGN		0x00040000u

#define TPM_QUOTE_SELECTIONS_MAX	16	/* banks in one quote */
#define TPM_QUOTE_PCRS			24	/* PCRs a quote can cover here */
#define TPM_DIGEST_MAX			64

/* The attestation key, from its TPM2B_PUBLIC. */
struct tpm_ak {
	uint16_t type;			/* TPM_ALG_RSA or TPM_ALG_ECC */
	uint32_t attributes;
	uint8_t name[2 + TPM_DIGEST_MAX];	/* nameAlg || H(TPMT_PUBLIC) */
	size_t name_len;
	unsigned int bits;		/* modulus or curve size */
	const char *curve;		/* libgcrypt's name of the curve (ECC) */
	/* pointers into the caller's buffer */
	const uint8_t *n, *x, *y;	/* RSA modulus; ECC point */
	size_t n_len, x_len, y_len;
	uint32_t exponent;		/* RSA: 0 means 65537 */
};

/* A checked quote; pointers are into the caller's TPMS_ATTEST. */
struct tpm_quote {
	uint16_t sig_alg, sig_hash;	/* TPM_ALG_* of the signature */
	const uint8_t *extra_data;	/* the nonce, as the TPM signed it */
	size_t extra_len;
	uint64_t clock, firmware;
	uint32_t reset_count, restart_count;
	bool safe;
	unsigned int nsel;
	struct {
		uint16_t hash;		/* bank */
		uint32_t pcrs;		/* bit i: PCR i */
	} sel[TPM_QUOTE_SELECTIONS_MAX];
	const uint8_t *pcr_digest;
	size_t pcr_digest_len;
};

/*
 * Parse the TPM2B_PUBLIC @buf (@len bytes, exactly) into @ak and check
 * that it is an attestation key: a restricted signing key (not also for
 * decryption), fixed to its TPM, made in it, with a key type and size
 * this verifier supports. Returns NULL, or why not.
 */
const char *tpm_ak_parse(const uint8_t *buf, size_t len, struct tpm_ak *ak);

/*
 * Parse the TPMS_ATTEST @attest and the TPMT_SIGNATURE @sig, and verify
 * the signature with @ak over @attest. @attest must be a quote
 * (TPM_GENERATED_VALUE, TPM_ST_ATTEST_QUOTE, nothing after its fields).
 * Fills @q. Returns NULL when the quote is the TPM's, else why not (a
 * static string, or @why_buf of @why_size bytes).
 */
const char *tpm_quote_check(const struct tpm_ak *ak,
			    const uint8_t *attest, size_t attest_len,
			    const uint8_t *sig, size_t sig_len,
			    struct tpm_quote *q, char *why_buf,
			    size_t why_size);

/* libgcrypt's id of TPM hash @alg, or 0 for an algorithm not supported. */
int tpm_alg_gcry(uint16_t alg);

/* Lowercase name of TPM algorithm @alg ("sha256", "ecdsa"), or "unknown". */
const char *tpm_alg_name(uint16_t alg);

#endif
