// SPDX-License-Identifier: GPL-2.0-only
/* Unit tests of OpenPGP signature verification (sigverify.c). */
#include "crypto.h"
#include "keyring.h"
#include "pgpgen.h"
#include "sigverify.h"
#include "tap.h"

#include <stdlib.h>
#include <string.h>

static struct keyring kr_a;	/* key a with subkey s (not bound) */
static struct keyring kr_b;	/* key b only */
static struct gen_key a, s, bkey;

static const uint8_t data[] = "\x8e\xad\xe8\x01 an RPM header, say";

static void make_keyring(struct keyring *kr, const struct gen_key *k,
			 const struct gen_key *subkey)
{
	struct buf b = { 0 };
	const char *why;

	gen_key_packet(&b, k, 6);
	if (subkey)
		gen_key_packet(&b, subkey, 14);
	if (keyring_parse(kr, b.p, b.len, &why))
		abort();
}

/* Sign with @k and options @o, verify with @kr: the result. */
static enum sigverify_result check(const struct keyring *kr,
				   const struct gen_key *k,
				   const struct sig_opts *o, const char **why)
{
	const struct pgp_key *key;
	struct buf b = { 0 };
	enum sigverify_result r;

	gen_sig(&b, k, data, sizeof(data), o);
	r = sigverify(kr, data, sizeof(data), b.p, b.len, NULL, &key, why);
	buf_free(&b);
	return r;
}

static void test_good(void)
{
	static const struct { unsigned int algo; const char *name; } hashes[] = {
		{ 8, "SHA-256" }, { 9, "SHA-384" }, { 10, "SHA-512" }, { 11, "SHA-224" },
	};
	struct sig_opts o;
	const char *why = "";
	size_t i;

	for (i = 0; i < sizeof(hashes) / sizeof(hashes[0]); i++) {
		o = sig_opts_default();
		o.hash_algo = hashes[i].algo;
		ok(check(&kr_a, &a, &o, &why) == SIG_OK, "RSA/%s signature verifies", hashes[i].name);
	}
	o = sig_opts_default();
	o.no_fpr = true;
	ok(check(&kr_a, &a, &o, &why) == SIG_OK, "issuer by key ID only verifies");
	o = sig_opts_default();
	o.no_keyid = true;
	ok(check(&kr_a, &a, &o, &why) == SIG_OK, "issuer by fingerprint only verifies");
	/* Subkeys that verify: tests/test-binding.c. */
	o = sig_opts_default();
	ok(check(&kr_a, &s, &o, &why) == SIG_NO_KEY && strstr(why, "not bound"),
	   "a signature by a subkey without binding signature is refused (%s)", why);
}

static void test_refused(void)
{
	struct sig_opts o;
	const char *why = "";
	enum sigverify_result r;

	o = sig_opts_default();
	o.sign_other = (const uint8_t *)"other data";
	o.sign_other_len = 10;
	o.bad_left16 = false;
	r = check(&kr_a, &a, &o, &why);
	ok(r == SIG_BAD, "a signature over other data is BAD (%s)", why);

	o = sig_opts_default();
	o.bad_left16 = true;
	r = check(&kr_a, &a, &o, &why);
	ok(r == SIG_BAD, "a wrong hash prefix is BAD (%s)", why);

	o = sig_opts_default();
	o.hash_algo = 2;
	r = check(&kr_a, &a, &o, &why);
	ok(r == SIG_UNSUPPORTED && strstr(why, "SHA-1"), "SHA-1 is refused (%s)", why);
	o.hash_algo = 1;
	r = check(&kr_a, &a, &o, &why);
	ok(r == SIG_UNSUPPORTED && strstr(why, "MD5"), "MD5 is refused (%s)", why);

	o = sig_opts_default();
	o.version = 3;
	ok(check(&kr_a, &a, &o, &why) == SIG_UNSUPPORTED, "a v3 signature is refused (%s)", why);

	o = sig_opts_default();
	o.sig_type = 1;
	ok(check(&kr_a, &a, &o, &why) == SIG_UNSUPPORTED,
	   "a text-document (0x01) signature is refused (%s)", why);

	o = sig_opts_default();
	o.pk_algo = 22;
	r = check(&kr_a, &a, &o, &why);
	ok(r == SIG_UNSUPPORTED && strstr(why, "EdDSA"), "an EdDSA signature is refused (%s)", why);

	o = sig_opts_default();
	ok(check(&kr_b, &a, &o, &why) == SIG_NO_KEY, "a signature by a key not in the keyring: no key (%s)", why);

	o = sig_opts_default();
	o.no_fpr = true;
	o.no_keyid = true;
	ok(check(&kr_a, &a, &o, &why) == SIG_MALFORMED, "a signature naming no issuer is refused (%s)", why);

	o = sig_opts_default();
	o.critical_unknown = true;
	ok(check(&kr_a, &a, &o, &why) == SIG_UNSUPPORTED,
	   "an unknown critical subpacket is refused (%s)", why);

	/* gen_sig() dates its signatures November 2023. */
	o = sig_opts_default();
	o.expires = 1;
	r = check(&kr_a, &a, &o, &why);
	ok(r == SIG_BAD && strstr(why, "expired"),
	   "a signature that expired one second after it was made is BAD (%s)", why);
	o.expires = UINT32_MAX;
	ok(check(&kr_a, &a, &o, &why) == SIG_OK,
	   "a signature that expires in 2159 verifies");

	o = sig_opts_default();
	r = check(&kr_b, &bkey, &o, &why);
	ok(r == SIG_UNSUPPORTED && strstr(why, "2048, 3072 or 4096"),
	   "a signature by an RSA-1024 key, of which the kernel makes no key, is refused (%s)",
	   why);
}

/* Truncations and bit flips of a good signature and of the data. */
static void test_mutations(void)
{
	struct sig_opts o = sig_opts_default();
	const struct pgp_key *key;
	struct buf b = { 0 };
	const char *why = "";
	uint8_t copy[sizeof(data)];
	size_t i, unhashed_start, unhashed_end, n_ok = 0, hdr;
	struct pgp_sig ps;

	gen_sig(&b, &a, data, sizeof(data), &o);
	for (i = 0; i < b.len; i++)
		if (sigverify(&kr_a, data, sizeof(data), b.p, i, NULL, &key, &why) == SIG_OK)
			n_ok++;
	ok(n_ok == 0, "no truncation of the signature (%zu offsets) verifies", b.len);

	if (sigverify(&kr_a, data, sizeof(data), b.p, b.len, &ps, &key, &why) != SIG_OK)
		abort();
	hdr = (size_t)(ps.hashed - b.p);
	unhashed_start = (size_t)(ps.unhashed_sub - b.p) - 2;
	unhashed_end = (size_t)(ps.unhashed_sub - b.p) + ps.unhashed_sub_len;
	for (i = 0; i < b.len; i++) {
		/* The unhashed area is not signed; the rest all is. */
		if (i >= unhashed_start && i < unhashed_end)
			continue;
		if (i < hdr)
			continue;	/* packet header: framing only */
		b.p[i] ^= 0x01;
		if (sigverify(&kr_a, data, sizeof(data), b.p, b.len, NULL, &key, &why) == SIG_OK)
			n_ok++;
		b.p[i] ^= 0x01;
	}
	ok(n_ok == 0, "no flipped bit in the hashed part, prefix or value verifies");

	for (i = 0; i < sizeof(data); i++) {
		memcpy(copy, data, sizeof(data));
		copy[i] ^= 0x80;
		if (sigverify(&kr_a, copy, sizeof(copy), b.p, b.len, NULL, &key, &why) == SIG_OK)
			n_ok++;
	}
	ok(n_ok == 0, "no flipped bit of the signed data verifies");
	ok(sigverify(&kr_a, data, sizeof(data) - 1, b.p, b.len, NULL, &key, &why) != SIG_OK,
	   "the data without its last byte does not verify");
	buf_free(&b);
}

int main(void)
{
	if (crypto_init())
		return 1;
	gen_key(&a, 2048, 1600000000u);
	gen_key(&s, 1024, 1600000001u);
	gen_key(&bkey, 1024, 1600000002u);
	make_keyring(&kr_a, &a, &s);
	make_keyring(&kr_b, &bkey, NULL);
	test_good();
	test_refused();
	test_mutations();
	keyring_free(&kr_a);
	keyring_free(&kr_b);
	gen_key_free(&a);
	gen_key_free(&s);
	gen_key_free(&bkey);
	return tap_done();
}
