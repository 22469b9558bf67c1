// SPDX-License-Identifier: GPL-2.0-only
/*
 * Unit tests of the TPM quote checks (tpmquote.c). The attestation keys
 * are made with libgcrypt and the quotes marshalled here, byte by byte, as
 * a TPM marshals them; parser/tools/tests/quote-cross-check.sh checks real
 * quotes of a TPM (swtpm) against tpm2-tools. Run with a directory as its
 * argument, it writes fuzz-tpmquote's seeds there instead.
 */
#include "crypto.h"
#include "tap.h"
#include "tpmquote.h"

#include <gcrypt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define ATTR_AK (TPMA_OBJECT_FIXEDTPM | 0x10u /* fixedParent */ | \
		 TPMA_OBJECT_SENSITIVEDATAORIGIN | 0x40u /* userWithAuth */ | \
		 TPMA_OBJECT_RESTRICTED | TPMA_OBJECT_SIGN)

struct mb {
	uint8_t p[2048];
	size_t len;
};

static void put(struct mb *b, const void *p, size_t n)
{
	if (n > sizeof(b->p) - b->len)
		abort();
	memcpy(b->p + b->len, p, n);
	b->len += n;
}

static void put8(struct mb *b, uint8_t v)
{
	put(b, &v, 1);
}

static void put16(struct mb *b, uint16_t v)
{
	put8(b, (uint8_t)(v >> 8));
	put8(b, (uint8_t)v);
}

static void put32(struct mb *b, uint32_t v)
{
	put16(b, (uint16_t)(v >> 16));
	put16(b, (uint16_t)v);
}

static void put64(struct mb *b, uint64_t v)
{
	put32(b, (uint32_t)(v >> 32));
	put32(b, (uint32_t)v);
}

static void put2b(struct mb *b, const uint8_t *p, size_t n)
{
	put16(b, (uint16_t)n);
	put(b, p, n);
}

/* A key made by libgcrypt, and its public parts as big-endian bytes. */
struct key {
	gcry_sexp_t sk;
	uint16_t type;
	uint8_t a[512], b[512];	/* RSA: n; ECC: x, y */
	size_t a_len, b_len;
};

static int make_key(struct key *k, const char *spec, uint16_t type)
{
	gcry_sexp_t parms = NULL, pub = NULL, q;
	const char *d;
	size_t n;
	int ret = -1;

	memset(k, 0, sizeof(*k));
	k->type = type;
	if (gcry_sexp_new(&parms, spec, 0, 1) || gcry_pk_genkey(&k->sk, parms))
		goto out;
	pub = gcry_sexp_find_token(k->sk, "public-key", 0);
	q = pub ? gcry_sexp_find_token(pub, type == TPM_ALG_RSA ? "n" : "q", 0) : NULL;
	d = q ? gcry_sexp_nth_data(q, 1, &n) : NULL;
	if (d && type == TPM_ALG_RSA) {
		/* libgcrypt may prefix a 0 byte to keep the MPI positive */
		while (n > 1 && !*d) {
			d++;
			n--;
		}
		if (n <= sizeof(k->a)) {
			memcpy(k->a, d, n);
			k->a_len = n;
			ret = 0;
		}
	} else if (d && n % 2 && d[0] == 0x04 && n / 2 <= sizeof(k->a)) {
		k->a_len = k->b_len = n / 2;
		memcpy(k->a, d + 1, n / 2);
		memcpy(k->b, d + 1 + n / 2, n / 2);
		ret = 0;
	}
	gcry_sexp_release(q);
out:
	gcry_sexp_release(pub);
	gcry_sexp_release(parms);
	return ret;
}

/* TPM2B_PUBLIC of @k with @attrs, scheme @scheme (or NULL) and @curve. */
static void public_area(struct mb *out, const struct key *k, uint32_t attrs,
			uint16_t scheme, uint16_t curve)
{
	struct mb t = { .len = 0 };

	put16(&t, k->type);
	put16(&t, TPM_ALG_SHA256);
	put32(&t, attrs);
	put16(&t, 0);				/* authPolicy */
	put16(&t, TPM_ALG_NULL);		/* symmetric */
	put16(&t, scheme);
	if (scheme != TPM_ALG_NULL)
		put16(&t, TPM_ALG_SHA256);
	if (k->type == TPM_ALG_RSA) {
		put16(&t, (uint16_t)(k->a_len * 8));
		put32(&t, 0);			/* 65537 */
		put2b(&t, k->a, k->a_len);
	} else {
		put16(&t, curve);
		put16(&t, TPM_ALG_NULL);	/* kdf */
		put2b(&t, k->a, k->a_len);
		put2b(&t, k->b, k->b_len);
	}
	out->len = 0;
	put2b(out, t.p, t.len);
}

static const uint8_t nonce[20] = "verifier's nonce 20";
static uint8_t pcr10[32], pcr11[32];

/* TPMS_ATTEST of a quote of sha256 PCRs 10 and 11 over @nonce. */
static void attest_area(struct mb *out, uint16_t magic_lo)
{
	static const uint8_t signer[34] = { 0x00, 0x0b, 1, 2, 3 };
	uint8_t cat[64], digest[32];

	memcpy(cat, pcr10, 32);
	memcpy(cat + 32, pcr11, 32);
	gcry_md_hash_buffer(GCRY_MD_SHA256, digest, cat, sizeof(cat));
	out->len = 0;
	put16(out, 0xff54);
	put16(out, magic_lo);
	put16(out, TPM_ST_ATTEST_QUOTE);
	put2b(out, signer, sizeof(signer));
	put2b(out, nonce, sizeof(nonce));
	put64(out, 123456);			/* clock */
	put32(out, 7);				/* resetCount */
	put32(out, 1);				/* restartCount */
	put8(out, 1);				/* safe */
	put64(out, 0x2000000000000ull);		/* firmwareVersion */
	put32(out, 1);				/* one selection */
	put16(out, TPM_ALG_SHA256);
	put8(out, 3);
	put8(out, 0x00);
	put8(out, 0x0c);			/* PCRs 10, 11 */
	put8(out, 0x00);
	put2b(out, digest, sizeof(digest));
}

/* The TPMT_SIGNATURE of @k over @msg (sha256). */
static int sign(struct mb *out, const struct key *k, const struct mb *msg)
{
	gcry_sexp_t data = NULL, sig = NULL, v;
	uint8_t digest[32], pad[512];
	const char *d;
	size_t n;
	int ret = -1, i;

	gcry_md_hash_buffer(GCRY_MD_SHA256, digest, msg->p, msg->len);
	if (k->type == TPM_ALG_RSA) {
		if (gcry_sexp_build(&data, NULL, "(data (flags pkcs1) (hash sha256 %b))",
				    32, digest))
			return -1;
	} else if (gcry_sexp_build(&data, NULL, "(data (flags raw) (value %b))",
				   32, digest)) {
		return -1;
	}
	if (gcry_pk_sign(&sig, data, k->sk))
		goto out;
	out->len = 0;
	put16(out, k->type == TPM_ALG_RSA ? TPM_ALG_RSASSA : TPM_ALG_ECDSA);
	put16(out, TPM_ALG_SHA256);
	for (i = 0; i < (k->type == TPM_ALG_RSA ? 1 : 2); i++) {
		v = gcry_sexp_find_token(sig, k->type == TPM_ALG_RSA ? "s" : i ? "s" : "r", 0);
		d = v ? gcry_sexp_nth_data(v, 1, &n) : NULL;
		while (d && n > 1 && !*d) {
			d++;
			n--;
		}
		if (!d || n > k->a_len) {
			gcry_sexp_release(v);
			goto out;
		}
		/* fixed size, as a TPM writes it */
		memset(pad, 0, sizeof(pad));
		memcpy(pad + k->a_len - n, d, n);
		put2b(out, pad, k->a_len);
		gcry_sexp_release(v);
	}
	ret = 0;
out:
	gcry_sexp_release(data);
	gcry_sexp_release(sig);
	return ret;
}

static const char *check(const struct mb *pub, const struct mb *att,
			 const struct mb *sig, struct tpm_quote *q)
{
	static char why[160];
	struct tpm_ak ak;
	const char *r = tpm_ak_parse(pub->p, pub->len, &ak);

	return r ? r : tpm_quote_check(&ak, att->p, att->len, sig->p, sig->len,
				       q, why, sizeof(why));
}

/* Every proper prefix of one of the three is refused, without a crash. */
static void truncations(const struct mb *pub, const struct mb *att,
			const struct mb *sig, const char *what)
{
	struct mb t;
	struct tpm_quote q;
	size_t i, bad = 0, total = 0;
	const struct mb *parts[3] = { pub, att, sig };
	int k;

	for (k = 0; k < 3; k++) {
		for (i = 0; i < parts[k]->len; i++) {
			t = *parts[k];
			t.len = i;
			total++;
			if (!check(k == 0 ? &t : pub, k == 1 ? &t : att,
				   k == 2 ? &t : sig, &q))
				bad++;
		}
	}
	ok(!bad, "%s: each of the %zu truncations of the key, quote and signature is refused",
	   what, total);
}

/*
 * A changed byte anywhere in the quote fails the signature or the parse
 * (one bit per byte, a different one from byte to byte: every check is a
 * signature verification, slow under valgrind).
 */
static void bit_flips(const struct mb *pub, const struct mb *att,
		      const struct mb *sig, const char *what)
{
	struct mb t;
	struct tpm_quote q;
	size_t i, bad = 0;

	for (i = 0; i < att->len; i++) {
		t = *att;
		t.p[i] ^= (uint8_t)(1u << (i % 8));
		if (!check(pub, &t, sig, &q))
			bad++;
	}
	ok(!bad, "%s: each of the %zu quotes with one byte changed is refused", what,
	   att->len);
}

static void key_tests(const char *spec, uint16_t type, uint16_t curve,
		      const char *what)
{
	struct mb pub, att, sig, t;
	struct tpm_quote q;
	struct tpm_ak ak;
	struct key k;
	const char *why;
	uint16_t scheme = type == TPM_ALG_RSA ? TPM_ALG_RSASSA : TPM_ALG_ECDSA;

	if (make_key(&k, spec, type)) {
		ok(0, "%s: libgcrypt makes the key", what);
		return;
	}
	public_area(&pub, &k, ATTR_AK, scheme, curve);
	attest_area(&att, 0x4347);
	if (sign(&sig, &k, &att)) {
		ok(0, "%s: libgcrypt signs", what);
		gcry_sexp_release(k.sk);
		return;
	}
	memset(&q, 0, sizeof(q));
	why = check(&pub, &att, &sig, &q);
	ok(!why, "%s: a quote signed by the attestation key verifies (%s)", what,
	   why ? why : "ok");
	ok(!why && q.extra_len == sizeof(nonce) && !memcmp(q.extra_data, nonce, sizeof(nonce)) &&
	   q.clock == 123456 && q.safe && q.nsel == 1 &&
	   q.sel[0].hash == TPM_ALG_SHA256 && q.sel[0].pcrs == (1u << 10 | 1u << 11) &&
	   q.pcr_digest_len == 32 && q.sig_hash == TPM_ALG_SHA256,
	   "%s: nonce, clock, selection and PCR digest are read", what);
	ok(!tpm_ak_parse(pub.p, pub.len, &ak) && ak.name_len == 34 &&
	   ak.name[0] == 0 && ak.name[1] == 0x0b, "%s: its name is sha256 || digest", what);

	/* a key that is not an attestation key */
	public_area(&t, &k, ATTR_AK & ~TPMA_OBJECT_RESTRICTED, scheme, curve);
	why = tpm_ak_parse(t.p, t.len, &ak);
	ok(why && strstr(why, "not an attestation key"),
	   "%s: an unrestricted signing key is refused (%s)", what, why);
	public_area(&t, &k, ATTR_AK & ~TPMA_OBJECT_FIXEDTPM, scheme, curve);
	why = tpm_ak_parse(t.p, t.len, &ak);
	ok(why && strstr(why, "not an attestation key"),
	   "%s: a key that can leave its TPM is refused (%s)", what, why);
	public_area(&t, &k, ATTR_AK | TPMA_OBJECT_DECRYPT, scheme, curve);
	why = tpm_ak_parse(t.p, t.len, &ak);
	ok(why && strstr(why, "decrypts"), "%s: a key that also decrypts is refused (%s)",
	   what, why);
	public_area(&t, &k, ATTR_AK, TPM_ALG_NULL, curve);
	why = check(&t, &att, &sig, &q);
	ok(!why, "%s: a key without a scheme of its own verifies too (%s)", what,
	   why ? why : "ok");

	/* the quote */
	attest_area(&t, 0x4348);
	why = check(&pub, &t, &sig, &q);
	ok(why && strstr(why, "TPM_GENERATED_VALUE"),
	   "%s: a quote without TPM_GENERATED_VALUE is refused (%s)", what, why);
	t = att;
	t.p[5] = 0x17;				/* TPM_ST_ATTEST_CERTIFY */
	why = check(&pub, &t, &sig, &q);
	ok(why && strstr(why, "not a quote"), "%s: another attestation is refused (%s)",
	   what, why);
	t = att;
	put8(&t, 0);
	why = check(&pub, &t, &sig, &q);
	ok(why && strstr(why, "bytes after"), "%s: a byte after the quote is refused (%s)",
	   what, why);
	t = sig;
	put8(&t, 0);
	why = check(&pub, &att, &t, &q);
	ok(why && strstr(why, "bytes after"),
	   "%s: a byte after the signature is refused (%s)", what, why);
	t = pub;
	put8(&t, 0);
	why = check(&t, &att, &sig, &q);
	ok(why && strstr(why, "bytes after"),
	   "%s: a byte after the public area is refused (%s)", what, why);
	t = sig;
	t.p[t.len - 1] ^= 1;
	why = check(&pub, &att, &t, &q);
	ok(why && strstr(why, "does not verify"), "%s: a changed signature is refused (%s)",
	   what, why);
	t = sig;
	t.p[2] = 0x00;
	t.p[3] = 0x0c;				/* sha384 named, sha256 signed */
	why = check(&pub, &att, &t, &q);
	ok(why && strstr(why, "does not verify"),
	   "%s: a signature naming another hash is refused (%s)", what, why);
	t = sig;
	t.p[3] = 0x03;				/* an unknown hash */
	why = check(&pub, &att, &t, &q);
	ok(why && strstr(why, "hash"), "%s: a signature with an unknown hash is refused (%s)",
	   what, why);
	truncations(&pub, &att, &sig, what);
	bit_flips(&pub, &att, &sig, what);
	gcry_sexp_release(k.sk);
}

/* The selection's own bounds. */
static void selection_tests(void)
{
	struct mb att, pub, sig;
	struct tpm_quote q;
	struct key k;
	const char *why;
	size_t i;

	if (make_key(&k, "(genkey (ecc (curve \"NIST P-256\")))", TPM_ALG_ECC)) {
		ok(0, "libgcrypt makes a P-256 key");
		return;
	}
	public_area(&pub, &k, ATTR_AK, TPM_ALG_ECDSA, 0x0003);
	attest_area(&att, 0x4347);
	/* PCR 24 selected: sizeofSelect 4 */
	i = att.len - 32 - 2 - 4;		/* at sizeofSelect */
	att.p[i] = 4;
	memmove(att.p + i + 5, att.p + i + 4, att.len - i - 4);
	att.p[i + 4] = 0x01;
	att.len++;
	why = sign(&sig, &k, &att) ? "libgcrypt could not sign" : check(&pub, &att, &sig, &q);
	ok(why && strstr(why, "beyond PCR 23"), "a selection of PCR 24 is refused (%s)", why);
	/* 17 selections */
	attest_area(&att, 0x4347);
	i = att.len - 32 - 2 - 4 - 2 - 4;	/* at the count */
	att.p[i + 3] = 17;
	why = sign(&sig, &k, &att) ? "libgcrypt could not sign" : check(&pub, &att, &sig, &q);
	ok(why && strstr(why, "more PCR selections"), "17 selections are refused (%s)", why);
	gcry_sexp_release(k.sk);
}

/* An RSA key of 1024 bits is refused, signature or not. */
static void weak_key_test(void)
{
	struct mb pub;
	struct tpm_ak ak;
	struct key k;
	const char *why;

	if (make_key(&k, "(genkey (rsa (nbits 4:1024)))", TPM_ALG_RSA)) {
		ok(0, "libgcrypt makes an RSA-1024 key");
		return;
	}
	public_area(&pub, &k, ATTR_AK, TPM_ALG_RSASSA, 0);
	why = tpm_ak_parse(pub.p, pub.len, &ak);
	ok(why && strstr(why, "fewer than 2048 bits"), "an RSA-1024 key is refused (%s)", why);
	gcry_sexp_release(k.sk);
}

/*
 * With an argument, DIR: write the good key, quote and signature of each key type in
 * fuzz-tpmquote's input format, be16(len) || key || be16(len) || quote ||
 * signature. Returns the exit status.
 */
static int seeds(const char *dir)
{
	static const struct {
		const char *spec, *name;
		uint16_t type, curve;
	} kinds[] = {
		{ "(genkey (ecc (curve \"NIST P-256\")))", "ecc256", TPM_ALG_ECC, 3 },
		{ "(genkey (ecc (curve \"NIST P-384\")))", "ecc384", TPM_ALG_ECC, 4 },
		{ "(genkey (rsa (nbits 4:2048)))", "rsa2048", TPM_ALG_RSA, 0 },
	};
	struct mb pub, att, sig, out;
	char path[4096];
	struct key k;
	size_t i;
	FILE *f;

	for (i = 0; i < sizeof(kinds) / sizeof(kinds[0]); i++) {
		if (make_key(&k, kinds[i].spec, kinds[i].type))
			return 1;
		public_area(&pub, &k, ATTR_AK, kinds[i].type == TPM_ALG_RSA ?
			    TPM_ALG_RSASSA : TPM_ALG_ECDSA, kinds[i].curve);
		attest_area(&att, 0x4347);
		if (sign(&sig, &k, &att)) {
			gcry_sexp_release(k.sk);
			return 1;
		}
		gcry_sexp_release(k.sk);
		out.len = 0;
		put2b(&out, pub.p, pub.len);
		put2b(&out, att.p, att.len);
		put(&out, sig.p, sig.len);
		snprintf(path, sizeof(path), "%s/%s", dir, kinds[i].name);
		f = fopen(path, "wbe");
		if (!f || fwrite(out.p, 1, out.len, f) != out.len) {
			if (f)
				fclose(f);
			return 1;
		}
		if (fclose(f))
			return 1;
	}
	return 0;
}

int main(int argc, char **argv)
{
	if (crypto_init()) {
		ok(0, "libgcrypt initialises");
		return tap_done();
	}
	memset(pcr10, 0x10, sizeof(pcr10));
	memset(pcr11, 0x11, sizeof(pcr11));
	if (argc == 2)
		return seeds(argv[1]);
	key_tests("(genkey (ecc (curve \"NIST P-256\")))", TPM_ALG_ECC, 0x0003, "ecc p-256");
	key_tests("(genkey (ecc (curve \"NIST P-384\")))", TPM_ALG_ECC, 0x0004, "ecc p-384");
	key_tests("(genkey (rsa (nbits 4:2048)))", TPM_ALG_RSA, 0, "rsa 2048");
	selection_tests();
	weak_key_test();
	return tap_done();
}
