// SPDX-License-Identifier: GPL-2.0-only
/* Unit tests of the binary keyring reader (keyring.c). */
#include "crypto.h"
#include "keyring.h"
#include "pgpgen.h"
#include "tap.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

int main(void)
{
	struct gen_key a, sub;
	struct buf b = { 0 }, t = { 0 };
	static const uint8_t sigbody[] = { 4, 0x13, 1, 8, 0, 0, 0, 0, 0, 0 };
	struct keyring kr;
	struct pgp_sig s;
	const char *why = "";
	size_t i, bounds[8], nb = 0, bad = 0;
	int ret;

	if (crypto_init())
		return 1;
	gen_key(&a, 1024, 1600000000u);
	gen_key(&sub, 1024, 1600000001u);

	/* primary, user ID, a (dummy) signature, subkey */
	gen_key_packet(&b, &a, 6);
	bounds[nb++] = b.len;
	gen_packet(&b, 13, (const uint8_t *)"Test <t@x.invalid>", 18);
	bounds[nb++] = b.len;
	gen_packet(&b, 2, sigbody, sizeof(sigbody));
	bounds[nb++] = b.len;
	gen_key_packet(&b, &sub, 14);
	bounds[nb++] = b.len;

	ret = parse_copy(&kr, b.p, b.len, &why);
	ok(!ret && kr.nkeys == 2 && !kr.keys[0].subkey && kr.keys[1].subkey,
	   "primary key + user ID + signature + subkey: 2 keys");
	ok(!ret && !memcmp(kr.keys[0].fpr, a.fpr, 20) &&
	   !memcmp(kr.keys[1].fpr, sub.fpr, 20),
	   "v4 fingerprints match SHA-1(0x99 || len || body)");
	ok(!ret && !kr.keys[0].unbound && kr.keys[1].unbound,
	   "an unbound subkey (1024 bits, no binding) is marked unusable (%s)",
	   !ret && kr.keys[1].unbound ? kr.keys[1].unbound : "-");
	ok(!ret && kr.keys[0].algo == 1 && kr.keys[0].n_bits == 1024 &&
	   kr.keys[0].n_len == 128 && kr.keys[0].created == 1600000000u,
	   "RSA parameters: 1024-bit modulus, creation time");
	memset(&s, 0, sizeof(s));
	s.has_keyid = true;
	memcpy(s.keyid, sub.fpr + 12, 8);
	ok(!ret && keyring_find(&kr, &s, 0) == &kr.keys[1] && !keyring_find(&kr, &s, 1),
	   "lookup by 64-bit key ID finds the subkey, once");
	s.has_fpr = true;
	memcpy(s.fpr, a.fpr, 20);
	ok(!ret && keyring_find(&kr, &s, 0) == &kr.keys[0],
	   "lookup by fingerprint wins over the key ID");
	s.fpr[0] ^= 1;
	ok(!ret && !keyring_find(&kr, &s, 0),
	   "a fingerprint differing in one bit finds nothing");
	keyring_free(&kr);

	/* Truncation at every offset: only packet boundaries parse. */
	for (i = 0; i < b.len; i++) {
		bool boundary = false;
		size_t j;

		for (j = 0; j < nb; j++)
			boundary |= bounds[j] == i;
		ret = parse_copy(&kr, b.p, i, &why);
		if (boundary ? ret != 0 : (ret != -EBADMSG && ret != -ENOKEY && ret != -EOPNOTSUPP))
			bad++;
		keyring_free(&kr);
	}
	ok(bad == 0, "every truncation (%zu offsets) is refused unless at a packet boundary",
	   b.len);

	/* Every flipped byte: no crash, only 0 or a clean error. */
	for (i = 0; i < b.len; i++) {
		b.p[i] ^= 0x5a;
		ret = parse_copy(&kr, b.p, b.len, &why);
		if (ret && ret != -EBADMSG && ret != -ENOKEY && ret != -EOPNOTSUPP)
			bad++;
		keyring_free(&kr);
		b.p[i] ^= 0x5a;
	}
	ok(bad == 0, "every flipped byte gives 0 or a clean error");

	ret = parse_copy(&kr, b.p, 0, &why);
	ok(ret == -ENOKEY, "an empty keyring is refused (%s)", why);
	keyring_free(&kr);

	gen_packet(&t, 5, a.body, a.body_len);
	ret = parse_copy(&kr, t.p, t.len, &why);
	ok(ret == -EBADMSG && strstr(why, "secret"), "a secret key packet is refused (%s)", why);
	keyring_free(&kr);
	buf_free(&t);

	gen_key_packet(&t, &sub, 14);
	ret = parse_copy(&kr, t.p, t.len, &why);
	ok(ret == -EBADMSG, "a subkey before any primary key is refused (%s)", why);
	keyring_free(&kr);
	buf_free(&t);

	/* The modulus MPI claims more bits than the packet holds. */
	gen_key_packet(&t, &a, 6);
	t.p[2 + 6] = 0x7f;
	ret = parse_copy(&kr, t.p, t.len, &why);
	ok(ret == -EBADMSG, "an MPI longer than the key packet is refused (%s)", why);
	keyring_free(&kr);
	buf_free(&t);

	/* The packet length says one byte more than the file has. */
	gen_key_packet(&t, &a, 6);
	t.p[1]++;	/* 1024-bit key: a one-byte length */
	ret = parse_copy(&kr, t.p, t.len, &why);
	ok(ret == -EBADMSG, "a packet length beyond the file is refused (%s)", why);
	keyring_free(&kr);
	buf_free(&t);

	/* A v3 key is skipped; alone it leaves no usable key. */
	{
		uint8_t v3[sizeof(a.body)];

		memcpy(v3, a.body, a.body_len);
		v3[0] = 3;
		gen_packet(&t, 6, v3, a.body_len);
		ret = parse_copy(&kr, t.p, t.len, &why);
		ok(ret == -ENOKEY && kr.skipped == 1, "a v3 key is skipped (%s)", why);
		keyring_free(&kr);
		buf_free(&t);
	}

	/* Data after the RSA exponent. */
	{
		uint8_t longer[sizeof(a.body) + 1];

		memcpy(longer, a.body, a.body_len);
		longer[a.body_len] = 0;
		gen_packet(&t, 6, longer, a.body_len + 1);
		ret = parse_copy(&kr, t.p, t.len, &why);
		ok(ret == -EBADMSG, "bytes after the RSA exponent are refused (%s)", why);
		keyring_free(&kr);
		buf_free(&t);
	}

	buf_free(&b);
	gen_key_free(&a);
	gen_key_free(&sub);
	return tap_done();
}
