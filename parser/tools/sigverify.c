// SPDX-License-Identifier: GPL-2.0-only
/* OpenPGP v4 signature verification with libgcrypt, by the kernel's rules. */
#include "sigverify.h"
#include "bytes.h"
#include "util.h"

#include <errno.h>
#include <gcrypt.h>
#include <string.h>

/* libgcrypt's digest and name for an OpenPGP hash the kernel accepts. */
static int hash_for(unsigned int pgp_hash, const char **name)
{
	switch (pgp_hash) {
	case PGP_HASH_SHA224: *name = "sha224"; return GCRY_MD_SHA224;
	case PGP_HASH_SHA256: *name = "sha256"; return GCRY_MD_SHA256;
	case PGP_HASH_SHA384: *name = "sha384"; return GCRY_MD_SHA384;
	case PGP_HASH_SHA512: *name = "sha512"; return GCRY_MD_SHA512;
	default: return 0;
	}
}

/* Modulus sizes the 6.12 kernel's rsa accepts (crypto/rsa.c). */
static bool rsa_size_ok(size_t n_len)
{
	switch (n_len * 8) {
	case 512: case 1024: case 1536: case 2048: case 3072: case 4096:
		return true;
	default:
		return false;
	}
}

/* RSA PKCS#1 v1.5 check of the MPI @s against @key for @digest. */
static enum sigverify_result rsa_check(const struct pgp_key *key,
				       const char *hname,
				       const uint8_t *digest, size_t dlen,
				       const uint8_t *s, size_t s_len,
				       const char **why)
{
	gcry_sexp_t pub = NULL, sig = NULL, data = NULL;
	enum sigverify_result res = SIG_ERROR;
	gcry_error_t err;

	err = gcry_sexp_build(&pub, NULL, "(public-key (rsa (n %b) (e %b)))",
			      (int)key->n_len, key->n, (int)key->e_len, key->e);
	if (!err)
		err = gcry_sexp_build(&sig, NULL, "(sig-val (rsa (s %b)))",
				      (int)s_len, s);
	if (!err)
		err = gcry_sexp_build(&data, NULL,
				      "(data (flags pkcs1) (hash %s %b))",
				      hname, (int)dlen, digest);
	if (err) {
		*why = "libgcrypt could not build the RSA parameters";
		goto out;
	}
	err = gcry_pk_verify(sig, data, pub);
	if (gcry_err_code(err) == GPG_ERR_NO_ERROR) {
		res = SIG_OK;
	} else if (gcry_err_code(err) == GPG_ERR_BAD_SIGNATURE) {
		*why = "bad signature (RSA check failed)";
		res = SIG_BAD;
	} else {
		*why = "bad signature (RSA value out of range)";
		res = SIG_BAD;
	}
out:
	gcry_sexp_release(pub);
	gcry_sexp_release(sig);
	gcry_sexp_release(data);
	return res;
}

enum sigverify_result sigverify(const struct keyring *kr,
				const uint8_t *data, size_t data_len,
				const uint8_t *sig_pkt, size_t sig_len,
				struct pgp_sig *parsed,
				const struct pgp_key **key, const char **why)
{
	uint8_t digest[64], trailer[6];
	struct pgp_sig local, *sig = parsed ? parsed : &local;
	const struct pgp_key *k;
	enum sigverify_result res;
	const uint8_t *s;
	size_t s_len, pos = 0, idx;
	unsigned int s_bits;
	const char *hname = NULL;
	gcry_md_hd_t md;
	int algo, ret;

	*key = NULL;
	ret = pgp_sig_parse_packet(sig_pkt, sig_len, sig, why);
	if (ret)
		return ret == -EOPNOTSUPP ? SIG_UNSUPPORTED : SIG_MALFORMED;
	if (sig->sig_type != 0x00) {
		*why = "not a binary-document signature (type 0x00)";
		return SIG_UNSUPPORTED;
	}
	algo = hash_for(sig->hash_algo, &hname);
	if (!algo) {
		*why = sig->hash_algo == PGP_HASH_SHA1 || sig->hash_algo == PGP_HASH_MD5 ?
		       "hash algorithm refused (SHA-1 and MD5 are not accepted)" :
		       "hash algorithm not supported";
		return SIG_UNSUPPORTED;
	}
	if (sig->pk_algo != PGP_PK_RSA && sig->pk_algo != PGP_PK_RSA_S) {
		*why = sig->pk_algo == PGP_PK_EDDSA ?
		       "EdDSA signatures are not supported (no Ed25519 in the kernel)" :
		       "public key algorithm not supported (RSA only)";
		return SIG_UNSUPPORTED;
	}
	if (!sig->has_fpr && !sig->has_keyid) {
		*why = "signature names no issuer";
		return SIG_MALFORMED;
	}
	ret = pgp_mpi_read(sig->mpi, sig->mpi_len, &pos, &s, &s_len, &s_bits, why);
	if (ret)
		return SIG_MALFORMED;
	if (pos != sig->mpi_len) {
		*why = "data after the RSA signature value";
		return SIG_MALFORMED;
	}

	if (gcry_md_open(&md, algo, 0)) {
		*why = "libgcrypt could not open the digest";
		return SIG_ERROR;
	}
	gcry_md_write(md, data, data_len);
	gcry_md_write(md, sig->hashed, sig->hashed_len);
	trailer[0] = 4;
	trailer[1] = 0xff;
	put_be32(trailer + 2, (uint32_t)sig->hashed_len);
	gcry_md_write(md, trailer, sizeof(trailer));
	memcpy(digest, gcry_md_read(md, algo), gcry_md_get_algo_dlen(algo));
	gcry_md_close(md);

	res = SIG_NO_KEY;
	*why = "no key in the keyring for the signature's issuer";
	for (idx = 0; (k = keyring_find(kr, sig, idx)); idx++) {
		*key = k;
		if (k->algo != PGP_PK_RSA && k->algo != PGP_PK_RSA_S) {
			*why = "the issuer's key is not an RSA signing key";
			res = SIG_UNSUPPORTED;
			continue;
		}
		if (!rsa_size_ok(k->n_len)) {
			*why = "the issuer's RSA modulus size is not accepted";
			res = SIG_UNSUPPORTED;
			continue;
		}
		if (memcmp(digest, sig->left16, 2) != 0) {
			*why = "bad signature (digest does not match the hash prefix)";
			return SIG_BAD;
		}
		if (s_len > k->n_len) {
			*why = "bad signature (value longer than the modulus)";
			res = SIG_BAD;
			continue;
		}
		res = rsa_check(k, hname, digest, gcry_md_get_algo_dlen(algo),
				s, s_len, why);
		if (res == SIG_OK)
			return SIG_OK;
	}
	return res;
}
