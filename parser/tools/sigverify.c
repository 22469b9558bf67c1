// SPDX-License-Identifier: GPL-2.0-only
/* OpenPGP v4 signature verification with libgcrypt, by the kernel's rules. */
#include "sigverify.h"
#include "bytes.h"
#include "crypto.h"
#include "util.h"

#include <errno.h>
#include <gcrypt.h>
#include <string.h>
#include <time.h>

/*
 * libgcrypt's digest and name for an OpenPGP hash the kernel accepts:
 * SHA-224..SHA-512, and SHA-1 too for a key or subkey revocation (kernel
 * patch 0057: a forged revocation can only refuse a key).
 */
static int hash_for(const struct pgp_sig *sig, const char **name)
{
	bool revocation = sig->sig_type == PGP_SIG_KEY_REVOCATION ||
			  sig->sig_type == PGP_SIG_SUBKEY_REVOCATION;

	switch (sig->hash_algo) {
	case PGP_HASH_SHA1:
		if (!revocation)
			return 0;
		*name = "sha1";
		return GCRY_MD_SHA1;
	case PGP_HASH_SHA224: *name = "sha224"; return GCRY_MD_SHA224;
	case PGP_HASH_SHA256: *name = "sha256"; return GCRY_MD_SHA256;
	case PGP_HASH_SHA384: *name = "sha384"; return GCRY_MD_SHA384;
	case PGP_HASH_SHA512: *name = "sha512"; return GCRY_MD_SHA512;
	default: return 0;
	}
}

/*
 * Modulus sizes of the RSA keys the kernel's "pgp" key parser makes a key
 * of (kernel patch 0041): 2048, 3072 and 4096 bits. A signature by a key
 * of another size has no key to verify it in the kernel.
 */
static bool kernel_rsa_size(size_t n_len)
{
	return n_len == 2048 / 8 || n_len == 3072 / 8 || n_len == 4096 / 8;
}

/*
 * Whether @sig has expired (hashed subpacket 3), as the kernel checks it:
 * a revocation does not.
 */
static bool sig_expired(const struct pgp_sig *sig)
{
	if (sig->sig_type == PGP_SIG_KEY_REVOCATION ||
	    sig->sig_type == PGP_SIG_SUBKEY_REVOCATION)
		return false;
	return sig->expires && sig->has_created &&
	       (uint64_t)sig->created + sig->expires <= (uint64_t)time(NULL);
}

/* RSA PKCS#1 v1.5 check of the MPI @s against @key for @digest. */
static enum sigverify_result rsa_check(const struct pgp_key *key,
				       const char *hname,
				       const uint8_t *digest, size_t dlen,
				       const uint8_t *s, size_t s_len,
				       const char **why)
{
	switch (crypto_rsa_verify(key->n, key->n_len, key->e, key->e_len, hname,
				  digest, dlen, s, s_len)) {
	case CRYPTO_VERIFY_GOOD:
		return SIG_OK;
	case CRYPTO_VERIFY_BAD:
		*why = "bad signature (RSA check failed)";
		return SIG_BAD;
	case CRYPTO_VERIFY_RANGE:
		*why = "bad signature (RSA value out of range)";
		return SIG_BAD;
	default:
		*why = "libgcrypt could not build the RSA parameters";
		return SIG_ERROR;
	}
}

/*
 * Checks shared by data and binding signatures: a hash and public-key
 * algorithm the kernel takes, and the RSA value as one MPI and nothing
 * after it. SIG_OK, or SIG_UNSUPPORTED / SIG_MALFORMED with *why.
 */
static enum sigverify_result sig_common(const struct pgp_sig *sig, int *algo,
					const char **hname, const uint8_t **s,
					size_t *s_len, const char **why)
{
	unsigned int s_bits;
	size_t pos = 0;

	*algo = hash_for(sig, hname);
	if (!*algo) {
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
	if (pgp_mpi_read(sig->mpi, sig->mpi_len, &pos, s, s_len, &s_bits, why))
		return SIG_MALFORMED;
	if (pos != sig->mpi_len) {
		*why = "data after the RSA signature value";
		return SIG_MALFORMED;
	}
	return SIG_OK;
}

/*
 * The digest of @sig over the @n buffers @pre, then the hashed part and
 * the v4 trailer 04 FF be32(hashed length), into @digest (64 bytes).
 */
static enum sigverify_result sig_digest(const struct pgp_sig *sig, int algo,
					const gcry_buffer_t *pre, size_t n,
					uint8_t digest[64], const char **why)
{
	uint8_t trailer[6];
	gcry_md_hd_t md;
	size_t i;

	if (gcry_md_open(&md, algo, 0)) {
		*why = "libgcrypt could not open the digest";
		return SIG_ERROR;
	}
	for (i = 0; i < n; i++)
		gcry_md_write(md, pre[i].data, pre[i].len);
	gcry_md_write(md, sig->hashed, sig->hashed_len);
	trailer[0] = 4;
	trailer[1] = 0xff;
	put_be32(trailer + 2, (uint32_t)sig->hashed_len);
	gcry_md_write(md, trailer, sizeof(trailer));
	memcpy(digest, gcry_md_read(md, algo), gcry_md_get_algo_dlen(algo));
	gcry_md_close(md);
	return SIG_OK;
}

enum sigverify_result sigverify(const struct keyring *kr,
				const uint8_t *data, size_t data_len,
				const uint8_t *sig_pkt, size_t sig_len,
				struct pgp_sig *parsed,
				const struct pgp_key **key, const char **why)
{
	uint8_t digest[64];
	struct pgp_sig local, *sig = parsed ? parsed : &local;
	const struct pgp_key *k;
	enum sigverify_result res;
	const uint8_t *s;
	size_t s_len, idx;
	const char *hname = NULL;
	gcry_buffer_t pre = { .size = data_len, .len = data_len, .data = (void *)data };
	uint64_t now = (uint64_t)time(NULL);
	int algo, ret;

	*key = NULL;
	ret = pgp_sig_parse_packet(sig_pkt, sig_len, sig, why);
	if (ret)
		return ret == -EOPNOTSUPP ? SIG_UNSUPPORTED : SIG_MALFORMED;
	if (sig->sig_type != PGP_SIG_BINARY) {
		*why = "not a binary-document signature (type 0x00)";
		return SIG_UNSUPPORTED;
	}
	res = sig_common(sig, &algo, &hname, &s, &s_len, why);
	if (res == SIG_UNSUPPORTED)
		return res;
	if (!sig->has_fpr && !sig->has_keyid) {
		*why = "signature names no issuer";
		return SIG_MALFORMED;
	}
	if (res != SIG_OK)
		return res;
	if (sig_expired(sig)) {
		/* the kernel: -EKEYEXPIRED (kernel patch 0042) */
		*why = "the signature has expired";
		return SIG_BAD;
	}
	res = sig_digest(sig, algo, &pre, 1, digest, why);
	if (res != SIG_OK)
		return res;

	res = SIG_NO_KEY;
	*why = "no key in the keyring for the signature's issuer";
	for (idx = 0; (k = keyring_find(kr, sig, idx)); idx++) {
		*key = k;
		if (k->unbound) {
			/* The kernel makes no key of it (kernel patch 0054). */
			*why = "the issuer is a subkey not bound to its primary key for signing";
			res = SIG_NO_KEY;
			continue;
		}
		if (k->revoked) {
			/* The kernel makes no key of it either. */
			*why = "the issuer's key is revoked";
			res = SIG_NO_KEY;
			continue;
		}
		if (pgp_key_expired(k, now)) {
			/* The kernel's key refuses: -EKEYEXPIRED. */
			*why = "the issuer's key has expired";
			res = SIG_BAD;
			continue;
		}
		if (k->no_sign) {
			/*
			 * Its newest self-signature withdraws signing: the
			 * kernel's key refuses, -EKEYREJECTED (kernel patch
			 * 0058), which is SIG_BAD as for an expired key.
			 */
			*why = "the issuer's primary key may only certify (its key flags do not allow signing)";
			res = SIG_BAD;
			continue;
		}
		if (k->algo != PGP_PK_RSA && k->algo != PGP_PK_RSA_S) {
			*why = "the issuer's key is not an RSA signing key";
			res = SIG_UNSUPPORTED;
			continue;
		}
		if (!kernel_rsa_size(k->n_len)) {
			*why = "the issuer's RSA key is not 2048, 3072 or 4096 bits (the kernel makes no key of it)";
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

/*
 * Whether the kernel checks a binding signature value @s_len bytes long
 * with a key of @n_len modulus bytes: it left-pads the value to the
 * smallest RSA size its key parser takes (2048, 3072, 4096 bits) before it
 * knows the key, and RSA wants exactly the modulus size.
 */
static bool binding_size_ok(size_t s_len, size_t n_len)
{
	static const size_t sizes[] = { 2048 / 8, 3072 / 8, 4096 / 8 };
	size_t i;

	for (i = 0; i < sizeof(sizes) / sizeof(sizes[0]); i++)
		if (s_len <= sizes[i])
			return sizes[i] == n_len;
	return false;
}

/* An RSA key the kernel's key parser makes a key of: 2048, 3072, 4096. */
static bool binding_key_ok(const struct pgp_key *k)
{
	return (k->algo == PGP_PK_RSA || k->algo == PGP_PK_RSA_S) && k->n &&
	       kernel_rsa_size(k->n_len);
}

/* Append 0x99 be16(len) body of @k to @pre at *n (hdr: 3 bytes). */
static void key_prefix(const struct pgp_key *k, uint8_t hdr[3],
		       gcry_buffer_t *pre, size_t *n)
{
	hdr[0] = 0x99;
	hdr[1] = (uint8_t)(k->body_len >> 8);
	hdr[2] = (uint8_t)k->body_len;
	pre[(*n)++] = (gcry_buffer_t){ .size = 3, .len = 3, .data = hdr };
	pre[(*n)++] = (gcry_buffer_t){ .size = k->body_len, .len = k->body_len,
				       .data = (void *)k->body };
}

/*
 * @sig over @subj, made by @signer: usable as the kernel's
 * pgp_binding_usable() says (RSA, SHA-224..SHA-512, issuer, not expired)
 * and verifying with @signer; the caller has checked its type. NULL, or
 * why not: one of @msgs (algorithm, issuer, expired, bad, libgcrypt).
 */
static const char *key_sig_check(const struct pgp_sig *sig,
				 const struct pgp_key *signer,
				 const struct sigverify_subject *subj,
				 const char *const msgs[5])
{
	uint8_t hdr1[3], hdr2[5], digest[64];
	const char *hname = NULL, *why = "";
	gcry_buffer_t pre[4];
	const uint8_t *s;
	size_t s_len, n = 0;
	int algo;

	if (sig_common(sig, &algo, &hname, &s, &s_len, &why) != SIG_OK)
		return msgs[0];	/* algorithm or value */
	if ((sig->has_fpr && memcmp(sig->fpr, signer->fpr, PGP_FPR_V4_LEN) != 0) ||
	    (sig->has_keyid && memcmp(sig->keyid, pgp_key_id(signer), PGP_KEYID_LEN) != 0))
		return msgs[1];	/* another issuer */
	if (sig_expired(sig))
		return msgs[2];	/* expired */
	key_prefix(subj->primary, hdr1, pre, &n);
	if (subj->uid) {
		/* A certification: 0xb4 be32(len) user ID (RFC 4880 5.2.4). */
		hdr2[0] = 0xb4;
		put_be32(hdr2 + 1, (uint32_t)subj->uid_len);
		pre[n++] = (gcry_buffer_t){ .size = 5, .len = 5, .data = hdr2 };
		pre[n++] = (gcry_buffer_t){ .size = subj->uid_len, .len = subj->uid_len,
					    .data = (void *)subj->uid };
	} else if (subj->subkey) {
		key_prefix(subj->subkey, hdr2, pre, &n);
	}
	if (sig_digest(sig, algo, pre, n, digest, &why) != SIG_OK)
		return msgs[4];
	if (memcmp(digest, sig->left16, 2) != 0 || !binding_size_ok(s_len, signer->n_len))
		return msgs[3];	/* does not verify */
	switch (rsa_check(signer, hname, digest, gcry_md_get_algo_dlen(algo),
			  s, s_len, &why)) {
	case SIG_OK:
		return NULL;
	case SIG_ERROR:
		return msgs[4];
	default:
		return msgs[3];
	}
}

/* A usable self-signature or binding has no key expiry of another size. */
static bool key_expires_ok(const struct pgp_sig *sig)
{
	return !sig->has_key_expires || sig->key_expires_len == 4;
}

const char *sigverify_key_sig(const struct sigverify_subject *subj,
			      const struct pgp_sig *sig)
{
	static const char *const rev_msgs[5] = {
		"the revocation is not RSA with SHA-1..SHA-512, or malformed",
		"the revocation names another issuer than the primary key",
		"the revocation has expired",	/* never: it does not expire */
		"the revocation does not verify with the primary key",
		"libgcrypt failed checking the revocation",
	};
	static const char *const self_msgs[5] = {
		"the self-signature is not RSA with SHA-224..SHA-512, or malformed",
		"the self-signature names another issuer than the primary key",
		"the self-signature has expired",
		"the self-signature does not verify with the primary key",
		"libgcrypt failed checking the self-signature",
	};
	bool fits, revocation;
	const char *why;

	if (subj->uid)
		fits = sig->sig_type >= PGP_SIG_CERT_GENERIC &&
		       sig->sig_type <= PGP_SIG_CERT_POSITIVE;
	else if (subj->subkey)
		fits = sig->sig_type == PGP_SIG_SUBKEY_REVOCATION;
	else
		fits = sig->sig_type == PGP_SIG_KEY_REVOCATION ||
		       sig->sig_type == PGP_SIG_DIRECT_KEY;
	if (!fits)
		return "the signature's type does not apply to what it follows";
	if (!binding_key_ok(subj->primary))
		return "the primary key is not RSA-2048, -3072 or -4096: its signatures cannot be checked";
	revocation = sig->sig_type == PGP_SIG_KEY_REVOCATION ||
		     sig->sig_type == PGP_SIG_SUBKEY_REVOCATION;
	why = key_sig_check(sig, subj->primary, subj, revocation ? rev_msgs : self_msgs);
	if (why)
		return why;
	if (!revocation && !key_expires_ok(sig))
		return "the self-signature's key expiration time is not 4 bytes";
	return NULL;
}

const char *sigverify_binding_keys(const struct pgp_key *primary,
				   const struct pgp_key *subkey)
{
	if (subkey->algo != PGP_PK_RSA && subkey->algo != PGP_PK_RSA_S)
		return "the subkey is not an RSA signing key";
	if (!binding_key_ok(primary))
		return "the primary key is not RSA-2048, -3072 or -4096: the binding cannot be checked";
	if (!binding_key_ok(subkey))
		return "the subkey is not RSA-2048, -3072 or -4096: its back-signature cannot be checked";
	return NULL;
}

const char *sigverify_binding_sig(const struct pgp_key *primary,
				  const struct pgp_key *subkey,
				  const struct pgp_sig *sig)
{
	static const char *const bind_msgs[5] = {
		"the binding signature is not RSA with SHA-224..SHA-512, or malformed",
		"the binding signature names another issuer than the primary key",
		"the binding signature has expired",
		"the binding signature does not verify with the primary key",
		"libgcrypt failed checking the binding signature",
	};
	const struct sigverify_subject subj = { .primary = primary, .subkey = subkey };
	const char *why;

	why = sigverify_binding_keys(primary, subkey);
	if (why)
		return why;
	if (sig->sig_type != PGP_SIG_SUBKEY_BINDING)
		return "not a subkey binding signature";
	why = key_sig_check(sig, primary, &subj, bind_msgs);
	if (why)
		return why;
	if (!key_expires_ok(sig))
		return "the binding signature's key expiration time is not 4 bytes";
	return NULL;
}

const char *sigverify_binding_use(const struct pgp_key *primary,
				  const struct pgp_key *subkey,
				  const struct pgp_sig *sig)
{
	static const char *const back_msgs[5] = {
		"the back-signature is not RSA with SHA-224..SHA-512, or malformed",
		"the back-signature names another issuer than the subkey",
		"the back-signature has expired",
		"the back-signature does not verify with the subkey",
		"libgcrypt failed checking the back-signature",
	};
	const struct sigverify_subject subj = { .primary = primary, .subkey = subkey };
	struct pgp_sig back;
	const char *why;

	/* Checked by sigverify_binding_sig() too: this step stands alone. */
	why = sigverify_binding_keys(primary, subkey);
	if (why)
		return why;
	/* Key flags count only when hashed, that is signed. */
	if (sig->has_key_flags &&
	    (!sig->key_flags_len || !(sig->key_flags & PGP_KEY_FLAG_SIGN)))
		return "the binding signature's key flags do not allow signing";
	/* A signing subkey must sign the binding too (RFC 4880 5.2.1). */
	if (!sig->embedded)
		return "the binding signature has no back-signature (embedded primary key binding signature by the subkey)";
	if (pgp_sig_parse(sig->embedded, sig->embedded_len, &back, &why))
		return "the back-signature (embedded signature) is malformed or not supported";
	if (back.sig_type != PGP_SIG_PRIMARY_BINDING)
		return "the back-signature (embedded signature) is not a primary key binding signature (0x19)";
	return key_sig_check(&back, subkey, &subj, back_msgs);
}
