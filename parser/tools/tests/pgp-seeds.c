// SPDX-License-Identifier: GPL-2.0-only
/*
 * Seed inputs for fuzz-pgp: a keyring with a bound signing subkey, a
 * signature by the subkey, both together, the binding signature, and a
 * keyring with a key expiry and revocations.
 */
#include "crypto.h"
#include "pgpgen.h"

#include <stdio.h>
#include <stdlib.h>

static int put(const char *dir, const char *name, const struct buf *b)
{
	char path[4096];
	FILE *f;
	int ret;

	snprintf(path, sizeof(path), "%s/%s", dir, name);
	f = fopen(path, "wb");
	if (!f)
		return -1;
	ret = fwrite(b->p, 1, b->len, f) == b->len ? 0 : -1;
	return fclose(f) || ret ? -1 : 0;
}

int main(int argc, char **argv)
{
	static const uint8_t data[] = "data";
	struct buf kr = { 0 }, sig = { 0 }, out = { 0 };
	struct sig_opts o = sig_opts_default();
	struct bind_opts bo = bind_opts_default();
	struct gen_key a, s;
	int bad = 0;

	if (argc != 2 || crypto_init()) {
		fprintf(stderr, "usage: pgp-seeds DIR\n");
		return 2;
	}
	/* RSA-2048 and a bound subkey: the binding checks run too. */
	gen_key(&a, 2048, 1600000000u);
	gen_key(&s, 2048, 1600000001u);
	gen_key_packet(&kr, &a, 6);
	gen_packet(&kr, 13, (const uint8_t *)"Seed <s@x.invalid>", 18);
	gen_key_packet(&kr, &s, 14);
	gen_binding(&kr, &a, &s, &bo);
	gen_sig(&sig, &s, data, 4, &o);

	buf_byte(&out, 0);
	buf_add(&out, kr.p, kr.len);
	bad |= put(argv[1], "keyring", &out);
	out.len = 0;
	buf_byte(&out, 1);
	buf_add(&out, sig.p, sig.len);
	bad |= put(argv[1], "signature", &out);
	out.len = 0;
	buf_byte(&out, 2);
	buf_byte(&out, (uint8_t)(kr.len >> 8));
	buf_byte(&out, (uint8_t)kr.len);
	buf_add(&out, kr.p, kr.len);
	buf_add(&out, sig.p, sig.len);
	bad |= put(argv[1], "verify", &out);
	/* The back-signature in the unhashed area, where a changed byte
	 * leaves the binding signature good: the back-signature's parsing
	 * and checks are reached. */
	out.len = 0;
	buf_byte(&out, 0);
	gen_key_packet(&out, &a, 6);
	gen_key_packet(&out, &s, 14);
	bo.back_unhashed = true;
	gen_binding(&out, &a, &s, &bo);
	bo.back_unhashed = false;
	bad |= put(argv[1], "keyring-unhashed-back", &out);
	/* A self-signature with a key expiration time, a key revocation and
	 * a subkey revocation: the checks of parser/tools/README.md. */
	out.len = 0;
	buf_byte(&out, 0);
	gen_key_packet(&out, &a, 6);
	gen_packet(&out, 13, (const uint8_t *)"Seed <s@x.invalid>", 18);
	{
		static const char uid[] = "Seed <s@x.invalid>";
		struct sig_opts ko = sig_opts_default();
		struct buf e = { 0 };

		gen_subpacket_be32(&e, 9, 3600);
		ko.sig_type = 0x13;
		ko.extra_hashed = e.p;
		ko.extra_hashed_len = e.len;
		gen_key_sig(&out, &a, &a, uid, NULL, &ko);
		ko.extra_hashed_len = 0;
		ko.sig_type = 0x20;
		gen_key_sig(&out, &a, &a, NULL, NULL, &ko);
		gen_key_packet(&out, &s, 14);
		gen_binding(&out, &a, &s, &bo);
		ko.sig_type = 0x28;
		gen_key_sig(&out, &a, &a, NULL, &s, &ko);
		buf_free(&e);
	}
	bad |= put(argv[1], "keyring-revoked", &out);
	/* The binding signature alone, to mutate as a signature packet. */
	out.len = 0;
	buf_byte(&out, 1);
	gen_binding(&out, &a, &s, &bo);
	bad |= put(argv[1], "binding", &out);

	buf_free(&kr);
	buf_free(&sig);
	buf_free(&out);
	gen_key_free(&a);
	gen_key_free(&s);
	return bad ? 1 : 0;
}
