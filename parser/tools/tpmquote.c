// SPDX-License-Identifier: GPL-2.0-only
/* A TPM 2.0 quote, checked as a remote verifier checks it: see tpmquote.h. */
#include "tpmquote.h"
#include "crypto.h"

#include <gcrypt.h>
#include <stdio.h>
#include <string.h>

/* Big-endian reader over one buffer; every take fails once it ran short. */
struct rd {
	const uint8_t *p;
	size_t len, pos;
	bool short_read;
};

static bool take(struct rd *r, size_t n, const uint8_t **out)
{
	if (r->short_read || r->len - r->pos < n) {
		r->short_read = true;
		*out = NULL;
		return false;
	}
	*out = r->p + r->pos;
	r->pos += n;
	return true;
}

static uint16_t take16(struct rd *r)
{
	const uint8_t *b;

	if (!take(r, 2, &b))
		return 0;
	return (uint16_t)(b[0] << 8 | b[1]);
}

static uint32_t take32(struct rd *r)
{
	uint32_t hi = take16(r);

	return hi << 16 | take16(r);
}

static uint64_t take64(struct rd *r)
{
	uint64_t hi = take32(r);

	return hi << 32 | take32(r);
}

/* A TPM2B_*: u16 size, then that many bytes (*len 0, *out NULL if empty). */
static bool take2b(struct rd *r, const uint8_t **out, size_t *len)
{
	uint16_t n = take16(r);

	*len = 0;
	*out = NULL;
	if (r->short_read)
		return false;
	if (!n)
		return true;
	if (!take(r, n, out))
		return false;
	*len = n;
	return true;
}

int tpm_alg_gcry(uint16_t alg)
{
	switch (alg) {
	case TPM_ALG_SHA1:
		return GCRY_MD_SHA1;
	case TPM_ALG_SHA256:
		return GCRY_MD_SHA256;
	case TPM_ALG_SHA384:
		return GCRY_MD_SHA384;
	case TPM_ALG_SHA512:
		return GCRY_MD_SHA512;
	default:
		return 0;
	}
}

const char *tpm_alg_name(uint16_t alg)
{
	switch (alg) {
	case TPM_ALG_RSA:
		return "rsa";
	case TPM_ALG_SHA1:
		return "sha1";
	case TPM_ALG_SHA256:
		return "sha256";
	case TPM_ALG_SHA384:
		return "sha384";
	case TPM_ALG_SHA512:
		return "sha512";
	case TPM_ALG_NULL:
		return "null";
	case TPM_ALG_RSASSA:
		return "rsassa";
	case TPM_ALG_RSAPSS:
		return "rsapss";
	case TPM_ALG_ECDSA:
		return "ecdsa";
	case TPM_ALG_ECC:
		return "ecc";
	default:
		return "unknown";
	}
}

/* libgcrypt's name and the size in bits of TPM_ECC_CURVE @id, or NULL. */
static const char *curve_name(uint16_t id, unsigned int *bits)
{
	switch (id) {
	case 0x0003:
		*bits = 256;
		return "NIST P-256";
	case 0x0004:
		*bits = 384;
		return "NIST P-384";
	case 0x0005:
		*bits = 521;
		return "NIST P-521";
	default:
		return NULL;
	}
}

/*
 * A TPMT_*_SCHEME of a signing key: NULL, or a signing scheme of the
 * key's type with a hash this verifier knows.
 */
static const char *take_scheme(struct rd *r, uint16_t key_type)
{
	uint16_t scheme = take16(r), hash;

	if (scheme == TPM_ALG_NULL)
		return NULL;
	hash = take16(r);
	if (r->short_read)
		return NULL;
	if (key_type == TPM_ALG_RSA && scheme != TPM_ALG_RSASSA &&
	    scheme != TPM_ALG_RSAPSS)
		return "the key's scheme is not RSASSA or RSAPSS";
	if (key_type == TPM_ALG_ECC && scheme != TPM_ALG_ECDSA)
		return "the key's scheme is not ECDSA";
	if (!tpm_alg_gcry(hash))
		return "the key's scheme uses an unknown hash";
	return NULL;
}

static const char *parse_public(struct rd *r, const uint8_t *area,
				struct tpm_ak *ak)
{
	const uint8_t *p;
	const char *why;
	uint16_t name_alg, v;
	size_t n;
	int md;

	ak->type = take16(r);
	name_alg = take16(r);
	ak->attributes = take32(r);
	take2b(r, &p, &n);			/* authPolicy */
	if (r->short_read)
		return "truncated";
	if (ak->type != TPM_ALG_RSA && ak->type != TPM_ALG_ECC)
		return "not an RSA or ECC key";
	md = tpm_alg_gcry(name_alg);
	if (!md)
		return "its name algorithm is not SHA-1, SHA-256, SHA-384 or SHA-512";
	if (take16(r) != TPM_ALG_NULL && !r->short_read)
		return "a signing key with a symmetric algorithm";
	why = take_scheme(r, ak->type);
	if (why)
		return why;
	if (ak->type == TPM_ALG_RSA) {
		ak->bits = take16(r);
		ak->exponent = take32(r);
		take2b(r, &ak->n, &ak->n_len);
		if (r->short_read)
			return "truncated";
		if (ak->bits > 16384 || ak->bits % 8 ||
		    ak->n_len != ak->bits / 8 || !ak->n || !ak->n[0])
			return "the RSA modulus does not have the key's size";
		if (ak->bits < 2048)
			return "an RSA key of fewer than 2048 bits";
		if (ak->exponent == 1 || (ak->exponent && !(ak->exponent & 1)))
			return "the RSA exponent is not odd";
	} else {
		ak->curve = curve_name(take16(r), &ak->bits);
		v = take16(r);			/* kdf */
		if (v != TPM_ALG_NULL)
			take16(r);
		take2b(r, &ak->x, &ak->x_len);
		take2b(r, &ak->y, &ak->y_len);
		if (r->short_read)
			return "truncated";
		if (!ak->curve)
			return "the curve is not NIST P-256, P-384 or P-521";
		if (ak->x_len > (ak->bits + 7) / 8 || !ak->x_len ||
		    ak->y_len > (ak->bits + 7) / 8 || !ak->y_len)
			return "the ECC point does not have the curve's size";
	}
	/* the Name: nameAlg || H(TPMT_PUBLIC) */
	ak->name[0] = (uint8_t)(name_alg >> 8);
	ak->name[1] = (uint8_t)name_alg;
	gcry_md_hash_buffer(md, ak->name + 2, area, (size_t)(r->p + r->pos - area));
	ak->name_len = 2 + gcry_md_get_algo_dlen(md);
	return NULL;
}

const char *tpm_ak_parse(const uint8_t *buf, size_t len, struct tpm_ak *ak)
{
	const uint32_t need = TPMA_OBJECT_FIXEDTPM |
			      TPMA_OBJECT_SENSITIVEDATAORIGIN |
			      TPMA_OBJECT_RESTRICTED | TPMA_OBJECT_SIGN;
	struct rd r = { .p = buf, .len = len };
	const uint8_t *area;
	const char *why;
	size_t area_len;

	memset(ak, 0, sizeof(*ak));
	if (!take2b(&r, &area, &area_len) || !area_len)
		return "truncated (TPM2B_PUBLIC size)";
	if (r.pos != len)
		return "bytes after the public area";
	r = (struct rd){ .p = area, .len = area_len };
	why = parse_public(&r, area, ak);
	if (why)
		return why;
	if (r.pos != r.len)
		return "bytes after the key inside the public area";
	if ((ak->attributes & need) != need)
		return "not an attestation key: not a restricted signing key fixed to its TPM and made in it";
	if (ak->attributes & TPMA_OBJECT_DECRYPT)
		return "not an attestation key: it decrypts too";
	return NULL;
}

static const char *parse_attest(struct rd *r, struct tpm_quote *q)
{
	const uint8_t *p, *sel;
	size_t n;
	uint32_t count, i, j;
	uint8_t size;

	if (take32(r) != TPM_GENERATED_VALUE && !r->short_read)
		return "not made by a TPM (magic is not TPM_GENERATED_VALUE)";
	if (take16(r) != TPM_ST_ATTEST_QUOTE && !r->short_read)
		return "not a quote (type is not TPM_ST_ATTEST_QUOTE)";
	take2b(r, &p, &n);			/* qualifiedSigner */
	take2b(r, &q->extra_data, &q->extra_len);
	q->clock = take64(r);
	q->reset_count = take32(r);
	q->restart_count = take32(r);
	if (take(r, 1, &p))
		q->safe = *p == 1;
	q->firmware = take64(r);
	count = take32(r);
	if (r->short_read)
		return "truncated";
	if (count > TPM_QUOTE_SELECTIONS_MAX)
		return "more PCR selections than banks";
	q->nsel = count;
	for (i = 0; i < count; i++) {
		q->sel[i].hash = take16(r);
		if (!take(r, 1, &p))
			break;
		size = *p;
		if (!take(r, size, &sel))
			break;
		q->sel[i].pcrs = 0;
		for (j = 0; j < (uint32_t)size * 8; j++) {
			if (!(sel[j / 8] & (1u << (j % 8))))
				continue;
			if (j >= TPM_QUOTE_PCRS)
				return "a PCR selection beyond PCR 23";
			q->sel[i].pcrs |= 1u << j;
		}
	}
	take2b(r, &q->pcr_digest, &q->pcr_digest_len);
	if (r->short_read)
		return "truncated";
	if (r->pos != r->len)
		return "bytes after the quote";
	return NULL;
}

/* NULL for a good signature, else why not. */
static const char *why_not(enum crypto_verify_result res)
{
	switch (res) {
	case CRYPTO_VERIFY_GOOD:
		return NULL;
	case CRYPTO_VERIFY_ERROR:
		return "libgcrypt could not build the key or signature";
	default:
		return "the signature does not verify with the attestation key";
	}
}

static const char *verify_rsa(const struct tpm_ak *ak, uint16_t hash,
			      const uint8_t *digest, size_t dlen,
			      const uint8_t *s, size_t s_len)
{
	uint32_t exp = ak->exponent ? ak->exponent : 65537;
	const uint8_t e[4] = {
		(uint8_t)(exp >> 24), (uint8_t)(exp >> 16), (uint8_t)(exp >> 8),
		(uint8_t)exp,
	};

	return why_not(crypto_rsa_verify(ak->n, ak->n_len, e, sizeof(e),
					 tpm_alg_name(hash), digest, dlen, s, s_len));
}

static const char *verify_ecdsa(const struct tpm_ak *ak,
				const uint8_t *digest, size_t dlen,
				const uint8_t *r, size_t r_len,
				const uint8_t *s, size_t s_len)
{
	uint8_t point[1 + 2 * 66];
	size_t fsize = (ak->bits + 7) / 8;

	/* 04 || x || y, each coordinate left-padded to the field size */
	memset(point, 0, sizeof(point));
	point[0] = 0x04;
	memcpy(point + 1 + fsize - ak->x_len, ak->x, ak->x_len);
	memcpy(point + 1 + 2 * fsize - ak->y_len, ak->y, ak->y_len);
	return why_not(crypto_ecdsa_verify(ak->curve, point, 1 + 2 * fsize,
					   digest, dlen, r, r_len, s, s_len));
}

const char *tpm_quote_check(const struct tpm_ak *ak,
			    const uint8_t *attest, size_t attest_len,
			    const uint8_t *sig, size_t sig_len,
			    struct tpm_quote *q, char *why_buf,
			    size_t why_size)
{
	struct rd r = { .p = attest, .len = attest_len };
	const uint8_t *s1 = NULL, *s2 = NULL;
	size_t s1_len = 0, s2_len = 0, fsize = (ak->bits + 7) / 8;
	uint8_t digest[TPM_DIGEST_MAX];
	const char *why;
	int md;

	memset(q, 0, sizeof(*q));
	why = parse_attest(&r, q);
	if (why) {
		snprintf(why_buf, why_size, "quote: %s", why);
		return why_buf;
	}
	r = (struct rd){ .p = sig, .len = sig_len };
	q->sig_alg = take16(&r);
	q->sig_hash = take16(&r);
	take2b(&r, &s1, &s1_len);
	if (q->sig_alg == TPM_ALG_ECDSA)
		take2b(&r, &s2, &s2_len);
	if (r.short_read)
		return "signature: truncated";
	if (r.pos != r.len)
		return "signature: bytes after the signature";
	md = tpm_alg_gcry(q->sig_hash);
	if (!md)
		return "signature: the hash is not SHA-1, SHA-256, SHA-384 or SHA-512";
	if (ak->type == TPM_ALG_RSA && q->sig_alg != TPM_ALG_RSASSA) {
		snprintf(why_buf, why_size,
			 "signature: %s with an RSA key (supported: rsassa)",
			 tpm_alg_name(q->sig_alg));
		return why_buf;
	}
	if (ak->type == TPM_ALG_ECC && q->sig_alg != TPM_ALG_ECDSA) {
		snprintf(why_buf, why_size,
			 "signature: %s with an ECC key (supported: ecdsa)",
			 tpm_alg_name(q->sig_alg));
		return why_buf;
	}
	if (ak->type == TPM_ALG_RSA && s1_len != ak->n_len)
		return "signature: not the size of the RSA modulus";
	if (ak->type == TPM_ALG_ECC &&
	    (!s1_len || s1_len > fsize || !s2_len || s2_len > fsize))
		return "signature: r or s larger than the curve's order";
	gcry_md_hash_buffer(md, digest, attest, attest_len);
	if (ak->type == TPM_ALG_RSA)
		return verify_rsa(ak, q->sig_hash, digest,
				  gcry_md_get_algo_dlen(md), s1, s1_len);
	return verify_ecdsa(ak, digest, gcry_md_get_algo_dlen(md),
			    s1, s1_len, s2, s2_len);
}
