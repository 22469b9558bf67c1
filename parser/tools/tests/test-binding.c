// SPDX-License-Identifier: GPL-2.0-only
/*
 * Unit tests of subkey binding checks (keyring.c, sigverify_binding_sig(),
 * sigverify_binding_use()): a subkey is usable only when bound to its
 * primary key for signing, as the kernel checks it (kernel patch 0054).
 */
#include "crypto.h"
#include "keyring.h"
#include "pgpgen.h"
#include "sigverify.h"
#include "tap.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

static struct gen_key pk, sk, other;
static const uint8_t data[] = "a list file's bytes";

/* primary, user ID, subkey, then the binding made with @o (NULL: none). */
static void make(struct buf *b, const struct bind_opts *o)
{
	gen_key_packet(b, &pk, 6);
	gen_packet(b, 13, (const uint8_t *)"Bind <b@x.invalid>", 18);
	gen_key_packet(b, &sk, 14);
	if (o)
		gen_binding(b, &pk, &sk, o);
}

/*
 * Load the keyring @b and verify a signature over data by @signer: the
 * result; *unbound is the subkey's reason (NULL when bound).
 */
static enum sigverify_result try(const struct buf *b, const struct gen_key *signer,
				 const char **unbound, const char **why)
{
	struct sig_opts so = sig_opts_default();
	const struct pgp_key *key;
	struct keyring kr;
	struct buf sig = { 0 };
	enum sigverify_result r;

	*unbound = "keyring did not parse";
	if (parse_copy(&kr, b->p, b->len, why) || kr.nkeys != 2) {
		keyring_free(&kr);
		return SIG_ERROR;
	}
	*unbound = kr.keys[1].unbound;
	gen_sig(&sig, signer, data, sizeof(data), &so);
	r = sigverify(&kr, data, sizeof(data), sig.p, sig.len, NULL, &key, why);
	buf_free(&sig);
	keyring_free(&kr);
	return r;
}

/* A keyring made with @o: the subkey-signed data gives @want, @reason. */
static void expect(const struct bind_opts *o, enum sigverify_result want,
		   const char *reason, const char *name)
{
	struct buf b = { 0 };
	const char *unbound, *why = "";
	enum sigverify_result r;

	make(&b, o);
	r = try(&b, &sk, &unbound, &why);
	if (!reason)
		ok(r == want && !unbound, "%s: subkey bound, its signature verifies", name);
	else
		ok(r == want && unbound && strstr(unbound, reason) &&
		   strstr(why, "not bound"),
		   "%s: subkey not bound (%s), its signature refused (%s)", name,
		   unbound ? unbound : "bound", why);
	r = try(&b, &pk, &unbound, &why);
	ok(r == SIG_OK, "%s: the primary key's signature still verifies", name);
	buf_free(&b);
}

static void test_cases(void)
{
	struct bind_opts o;

	o = bind_opts_default();
	expect(&o, SIG_OK, NULL, "bound signing subkey");
	o.key_flags = -1;
	expect(&o, SIG_OK, NULL, "binding without key flags");
	o = bind_opts_default();
	o.back_unhashed = true;
	expect(&o, SIG_OK, NULL, "back-signature in the unhashed area");
	o = bind_opts_default();
	o.hash_algo = 10;
	expect(&o, SIG_OK, NULL, "SHA-512 binding");
	o = bind_opts_default();
	o.expires = 3600;	/* created 1700000000 + 1 h: long past */
	expect(&o, SIG_NO_KEY, "expired", "expired binding signature");

	o = bind_opts_default();
	o.flip_bind = true;
	expect(&o, SIG_NO_KEY, "does not verify with the primary key",
	       "one bit flipped in the binding signature value");
	o = bind_opts_default();
	o.no_back = true;
	expect(&o, SIG_NO_KEY, "no back-signature", "back-signature removed");
	o = bind_opts_default();
	o.flip_back = true;
	expect(&o, SIG_NO_KEY, "back-signature does not verify",
	       "one bit flipped in the back-signature value");
	o = bind_opts_default();
	o.back_by_primary = true;
	expect(&o, SIG_NO_KEY, "back-signature names another issuer",
	       "back-signature made by the primary key");
	o = bind_opts_default();
	o.back_type = 0x18;
	expect(&o, SIG_NO_KEY, "not a primary key binding signature",
	       "back-signature of the wrong type");
	o = bind_opts_default();
	o.key_flags = 0x0c;
	expect(&o, SIG_NO_KEY, "do not allow signing", "encryption-only subkey");
	o = bind_opts_default();
	o.hash_algo = 2;
	expect(&o, SIG_NO_KEY, "SHA-224..SHA-512", "SHA-1 binding signature");
	expect(NULL, SIG_NO_KEY, "no binding signature", "binding removed");

	/* parser/tools/README.md R3, R4: a key expiration time subpacket
	 * that is not 4 bytes makes the binding unusable. */
	{
		struct buf e = { 0 };

		o = bind_opts_default();
		gen_subpacket(&e, 9, "\0\0\1", 3);
		o.extra_hashed = e.p;
		o.extra_hashed_len = e.len;
		expect(&o, SIG_NO_KEY, "key expiration time is not 4 bytes",
		       "binding with a 3-byte key expiration time");
		e.len = 0;
		gen_subpacket_be32(&e, 9, 0);
		o.extra_hashed_len = e.len;
		expect(&o, SIG_OK, NULL, "binding with a 4-byte key expiration time of 0 (never)");
		buf_free(&e);
	}
}

/* The parsed signature packet at the start of @b; aborts on failure. */
static void parse_sig(const struct buf *b, struct pgp_sig *s)
{
	const char *why;

	if (pgp_sig_parse_packet(b->p, b->len, s, &why))
		abort();
}

/*
 * sigverify_key_sig(): revocations, certifications and direct-key
 * signatures over the primary alone, with a user ID or with a subkey.
 */
static void test_key_sigs(void)
{
	static const char uid[] = "Bind <b@x.invalid>";
	struct keyring kr;
	struct sigverify_subject alone, with_uid, other_uid, with_sub;
	struct sig_opts so = sig_opts_default();
	struct buf b = { 0 }, e = { 0 };
	const char *why = "", *r;
	struct pgp_sig s;

	make(&b, NULL);
	if (parse_copy(&kr, b.p, b.len, &why) || kr.nkeys != 2)
		abort();
	buf_free(&b);
	alone = (struct sigverify_subject){ .primary = &kr.keys[0] };
	with_uid = alone;
	with_uid.uid = (const uint8_t *)uid;
	with_uid.uid_len = sizeof(uid) - 1;
	other_uid = with_uid;
	other_uid.uid_len--;
	with_sub = alone;
	with_sub.subkey = &kr.keys[1];

	so.sig_type = 0x20;
	gen_key_sig(&b, &pk, &pk, NULL, NULL, &so);
	parse_sig(&b, &s);
	r = sigverify_key_sig(&alone, &s);
	ok(!r, "a key revocation (0x20) over the primary key passes (%s)", r ? r : "-");
	r = sigverify_key_sig(&with_sub, &s);
	ok(r && strstr(r, "type does not apply"),
	   "a key revocation does not apply to a subkey (%s)", r ? r : "passes");
	b.p[b.len - 1] ^= 1;
	parse_sig(&b, &s);
	r = sigverify_key_sig(&alone, &s);
	ok(r && strstr(r, "revocation does not verify"),
	   "a key revocation with one bit flipped does not pass (%s)", r ? r : "passes");
	b.len = 0;
	gen_key_sig(&b, &other, &pk, NULL, NULL, &so);
	parse_sig(&b, &s);
	r = sigverify_key_sig(&alone, &s);
	ok(r && strstr(r, "another issuer"),
	   "a key revocation made by another key does not pass (%s)", r ? r : "passes");

	so.sig_type = 0x13;
	b.len = 0;
	gen_key_sig(&b, &pk, &pk, uid, NULL, &so);
	parse_sig(&b, &s);
	r = sigverify_key_sig(&with_uid, &s);
	ok(!r, "a certification (0x13) over the primary key and its user ID passes (%s)",
	   r ? r : "-");
	r = sigverify_key_sig(&other_uid, &s);
	ok(r && strstr(r, "self-signature does not verify"),
	   "it does not verify over another user ID (%s)", r ? r : "passes");
	r = sigverify_key_sig(&alone, &s);
	ok(r && strstr(r, "type does not apply"),
	   "a certification does not apply to the primary key alone (%s)", r ? r : "passes");
	gen_subpacket(&e, 9, "\0\0\1", 3);
	so.extra_hashed = e.p;
	so.extra_hashed_len = e.len;
	b.len = 0;
	gen_key_sig(&b, &pk, &pk, uid, NULL, &so);
	parse_sig(&b, &s);
	r = sigverify_key_sig(&with_uid, &s);
	ok(r && strstr(r, "not 4 bytes"),
	   "a self-signature with a 3-byte key expiration time is unusable (%s)", r ? r : "passes");

	so.sig_type = 0x1f;
	b.len = 0;
	e.len = 0;
	gen_subpacket_be32(&e, 9, 3600);
	so.extra_hashed_len = e.len;
	gen_key_sig(&b, &pk, &pk, NULL, NULL, &so);
	parse_sig(&b, &s);
	r = sigverify_key_sig(&alone, &s);
	ok(!r && s.key_expires == 3600,
	   "a direct-key signature (0x1F) over the primary key passes (%s)", r ? r : "-");
	so.extra_hashed_len = 0;

	so.sig_type = 0x28;
	b.len = 0;
	gen_key_sig(&b, &pk, &pk, NULL, &sk, &so);
	parse_sig(&b, &s);
	r = sigverify_key_sig(&with_sub, &s);
	ok(!r, "a subkey revocation (0x28) over primary and subkey passes (%s)", r ? r : "-");
	r = sigverify_key_sig(&alone, &s);
	ok(r && strstr(r, "type does not apply"),
	   "a subkey revocation does not apply to the primary key alone (%s)", r ? r : "passes");
	b.len = 0;
	gen_key_sig(&b, &sk, &pk, NULL, &sk, &so);
	parse_sig(&b, &s);
	r = sigverify_key_sig(&with_sub, &s);
	ok(r && strstr(r, "another issuer"),
	   "a subkey revocation made by the subkey itself does not pass (%s)", r ? r : "passes");
	so.expires = 60;	/* made in 2023: long past */
	b.len = 0;
	gen_key_sig(&b, &pk, &pk, NULL, &sk, &so);
	parse_sig(&b, &s);
	r = sigverify_key_sig(&with_sub, &s);
	ok(!r, "an expired subkey revocation passes: a revocation does not expire (%s)",
	   r ? r : "-");

	buf_free(&b);
	buf_free(&e);
	keyring_free(&kr);
}

/* Bindings made by the wrong key or for another subkey; several. */
static void test_more(void)
{
	struct bind_opts o = bind_opts_default();
	struct buf b = { 0 };
	const char *unbound, *why = "";
	enum sigverify_result r;

	/* A binding by another key (issuer names it): refused. */
	gen_key_packet(&b, &pk, 6);
	gen_key_packet(&b, &sk, 14);
	gen_binding(&b, &other, &sk, &o);
	r = try(&b, &sk, &unbound, &why);
	ok(r == SIG_NO_KEY && unbound &&
	   strstr(unbound, "another issuer"),
	   "a binding signature by another key does not bind (%s)", unbound ? unbound : "bound");
	buf_free(&b);

	/* A bad binding, then a good one: the good one binds. */
	gen_key_packet(&b, &pk, 6);
	gen_key_packet(&b, &sk, 14);
	o.flip_bind = true;
	gen_binding(&b, &pk, &sk, &o);
	o.flip_bind = false;
	gen_binding(&b, &pk, &sk, &o);
	r = try(&b, &sk, &unbound, &why);
	ok(r == SIG_OK && !unbound,
	   "a bad binding followed by a good one: bound");
	buf_free(&b);

	/* The binding before the subkey (after the primary) binds nothing. */
	gen_key_packet(&b, &pk, 6);
	gen_binding(&b, &pk, &sk, &o);
	gen_key_packet(&b, &sk, 14);
	r = try(&b, &sk, &unbound, &why);
	ok(r == SIG_NO_KEY && unbound,
	   "a binding signature before the subkey does not count (%s)", unbound ? unbound : "bound");
	buf_free(&b);

	/* A good binding of another subkey, after this one. */
	gen_key_packet(&b, &pk, 6);
	gen_key_packet(&b, &sk, 14);
	gen_binding(&b, &pk, &other, &o);
	r = try(&b, &sk, &unbound, &why);
	ok(r == SIG_NO_KEY && unbound &&
	   strstr(unbound, "does not verify"),
	   "a binding of another subkey does not bind this one (%s)", unbound ? unbound : "bound");
	buf_free(&b);
}

/* Every truncation and flipped byte of a bound keyring: no crash; no
 * flipped byte of the binding signature's signed part keeps it bound. */
static void test_mutations(void)
{
	struct bind_opts o = bind_opts_default();
	struct buf b = { 0 };
	struct keyring kr;
	const char *why = "";
	size_t i, start, bad = 0, still = 0;
	int ret;

	gen_key_packet(&b, &pk, 6);
	gen_key_packet(&b, &sk, 14);
	start = b.len;
	gen_binding(&b, &pk, &sk, &o);
	for (i = 0; i < b.len; i++) {
		ret = parse_copy(&kr, b.p, i, &why);
		if (ret && ret != -EBADMSG && ret != -ENOKEY && ret != -EOPNOTSUPP)
			bad++;
		keyring_free(&kr);
	}
	ok(bad == 0, "every truncation (%zu offsets) parses or fails cleanly", b.len);
	for (i = 0; i < b.len; i++) {
		b.p[i] ^= 0x01;
		ret = parse_copy(&kr, b.p, b.len, &why);
		if (ret && ret != -EBADMSG && ret != -ENOKEY && ret != -EOPNOTSUPP)
			bad++;
		/* Past the packet header (3 bytes), bytes outside the
		 * binding signature's unhashed area are all signed. */
		if (!ret && i >= start + 3 && kr.nkeys == 2 && !kr.keys[1].unbound) {
			struct pgp_sig s;
			const char *w;
			size_t uoff;

			if (pgp_sig_parse(b.p + start + 3, b.len - start - 3, &s, &w)) {
				still++;
			} else {
				uoff = (size_t)(s.unhashed_sub - b.p);
				if (i < uoff - 2 || i >= uoff + s.unhashed_sub_len)
					still++;
			}
		}
		keyring_free(&kr);
		b.p[i] ^= 0x01;
	}
	ok(bad == 0, "every flipped bit (%zu offsets) parses or fails cleanly", b.len);
	ok(still == 0, "no flipped bit of a key or of the binding's signed part stays bound");
	buf_free(&b);
}

int main(void)
{
	if (crypto_init())
		return 1;
	gen_key(&pk, 2048, 1600000000u);
	gen_key(&sk, 2048, 1600000001u);
	gen_key(&other, 2048, 1600000002u);
	test_cases();
	test_key_sigs();
	test_more();
	test_mutations();
	gen_key_free(&pk);
	gen_key_free(&sk);
	gen_key_free(&other);
	return tap_done();
}
