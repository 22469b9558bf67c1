// SPDX-License-Identifier: GPL-2.0-only
/*
 * Unit tests of key revocation, key expiry and key flags (keyring.c,
 * sigverify.c): parser/tools/README.md, the rules shared with kernel
 * patches 0057 (R1-R5) and 0058 (R4's newest binding deciding, R6).
 * Keys are made here with libgcrypt; signatures carry any time we like,
 * so keys that expired long ago and keys that expire in ten years are
 * both made without faking the clock.
 */
#include "crypto.h"
#include "keyring.h"
#include "pgpgen.h"
#include "sigverify.h"
#include "tap.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define PK_CREATED 1600000000u
#define SK_CREATED 1600000001u
#define SK2_CREATED 1600000002u
#define T0 1700000000u		/* gen_sig()'s default creation time */

/* ok() with @cond evaluated before the message's arguments (*why). */
#define check(cond, ...) do { bool c_ = (cond); ok(c_, __VA_ARGS__); } while (0)

#define REVOKED "the issuer's key is revoked"
#define EXPIRED "the issuer's key has expired"
#define CERTIFY_ONLY "the issuer's primary key may only certify (its key flags do not allow signing)"
#define NOT_BOUND "the issuer is a subkey not bound to its primary key for signing"
#define NO_SIGNING "the binding signature's key flags do not allow signing"

static struct gen_key pk, sk, sk2, other;
static const char uid[] = "Rev <r@x.invalid>";
static const uint8_t data[] = "a list file's bytes";

/* A signature that must not count: made by @by (NULL: primary) with @flags. */
struct bad_sig {
	const struct gen_key *by;
	unsigned int flags;
	const char *name;
};

/* Flags of add_sig(). */
enum {
	F_FLIP = 1,		/* flip a bit of the signature value */
	F_BADLEN = 2,		/* key expiration time of 3 bytes */
	F_NO_CREATED = 4,	/* no creation time subpacket */
	F_SIG_EXPIRED = 8,	/* the signature itself expired (60 s after T0) */
	F_SHA1 = 16,		/* made with SHA-1 */
	F_MD5 = 32,		/* made with MD5 */
	F_KF_C = 64,		/* hashed key flags 0x01 (certify only) */
	F_KF_SC = 128,		/* hashed key flags 0x03 (sign and certify) */
	F_KF_E = 256,		/* hashed key flags 0x0C (encrypt only) */
	F_KF_EMPTY = 512,	/* a hashed key flags subpacket with no octet */
	F_KF_UNHASHED = 1024,	/* key flags 0x01 in the unhashed area only */
	F_NO_BACK = 2048,	/* binding: no back-signature */
	F_FLIP_BACK = 4096,	/* binding: flip a bit of the back-signature */
};

/* Append the hashed key flags subpacket that @flags asks for to @e. */
static bool add_key_flags(struct buf *e, unsigned int flags)
{
	uint8_t f = flags & F_KF_C ? 0x01 : flags & F_KF_SC ? 0x03 : 0x0c;

	if (flags & F_KF_EMPTY)
		gen_subpacket(e, 27, NULL, 0);
	else if (flags & (F_KF_C | F_KF_SC | F_KF_E))
		gen_subpacket(e, 27, &f, 1);
	else
		return false;
	return true;
}
#define NO_EXPIRY (-1)

/*
 * Append a signature of type @type by @by (NULL: the primary key) over
 * the primary key (0x20, 0x1F), its user ID (0x10..0x13) or subkey @sub
 * (0x28), made at @created (0: T0), with key expiration time @kexp
 * (NO_EXPIRY: none) and @flags.
 */
static void add_sig(struct buf *b, unsigned int type, const struct gen_key *by,
		    const struct gen_key *sub, uint32_t created, long long kexp,
		    unsigned int flags)
{
	struct sig_opts o = sig_opts_default();
	struct buf e = { 0 }, s = { 0 }, u = { 0 };
	bool cert = type >= 0x10 && type <= 0x13;

	o.sig_type = type;
	o.created = created;
	o.no_created = flags & F_NO_CREATED;
	if (flags & F_SIG_EXPIRED)
		o.expires = 60;
	if (flags & F_SHA1)
		o.hash_algo = 2;
	if (flags & F_MD5)
		o.hash_algo = 1;
	if (flags & F_BADLEN)
		gen_subpacket(&e, 9, "\0\0\1", 3);
	else if (kexp >= 0)
		gen_subpacket_be32(&e, 9, (uint32_t)kexp);
	add_key_flags(&e, flags);
	if (flags & F_KF_UNHASHED)
		gen_subpacket(&u, 27, "\x01", 1);
	o.extra_hashed = e.p;
	o.extra_hashed_len = e.len;
	o.extra_unhashed = u.p;
	o.extra_unhashed_len = u.len;
	gen_key_sig(&s, by ? by : &pk, &pk, cert ? uid : NULL, type == 0x28 ? sub : NULL, &o);
	if (flags & F_FLIP)
		s.p[s.len - 1] ^= 0x01;
	buf_add(b, s.p, s.len);
	buf_free(&e);
	buf_free(&s);
	buf_free(&u);
}

/* Append a binding of @sub to the primary key (see add_sig()). */
static void add_bind(struct buf *b, const struct gen_key *sub, uint32_t created,
		     long long kexp, unsigned int flags)
{
	struct bind_opts o = bind_opts_default();
	struct buf e = { 0 };

	o.created = created;
	o.flip_bind = flags & F_FLIP;
	o.no_back = flags & F_NO_BACK;
	o.flip_back = flags & F_FLIP_BACK;
	if (flags & F_SIG_EXPIRED)
		o.expires = 60;
	if (flags & F_BADLEN)
		gen_subpacket(&e, 9, "\0\0\1", 3);
	else if (kexp >= 0)
		gen_subpacket_be32(&e, 9, (uint32_t)kexp);
	if (add_key_flags(&e, flags))
		o.key_flags = -1;	/* instead of the default 0x02 */
	o.extra_hashed = e.p;
	o.extra_hashed_len = e.len;
	gen_binding(b, &pk, sub, &o);
	buf_free(&e);
}

static void add_key(struct buf *b, const struct gen_key *k, unsigned int tag)
{
	gen_key_packet(b, k, tag);
}

static void add_uid(struct buf *b)
{
	gen_packet(b, 13, (const uint8_t *)uid, strlen(uid));
}

/* The key @k of @kr, by fingerprint; a test bug when it is not there. */
static const struct pgp_key *find(const struct keyring *kr, const struct gen_key *k)
{
	size_t i;

	for (i = 0; i < kr->nkeys; i++)
		if (!memcmp(kr->keys[i].fpr, k->fpr, 20))
			return &kr->keys[i];
	tap_diag("key not in the keyring");
	abort();
}

/* Sign data with @k, verify with @kr: the result, *why the reason. */
static enum sigverify_result by(const struct keyring *kr, const struct gen_key *k,
				const char **why)
{
	struct sig_opts so = sig_opts_default();
	const struct pgp_key *key;
	struct buf sig = { 0 };
	enum sigverify_result r;

	*why = "OK";
	gen_sig(&sig, k, data, sizeof(data), &so);
	r = sigverify(kr, data, sizeof(data), sig.p, sig.len, NULL, &key, why);
	if (r == SIG_OK)
		*why = "verifies";
	buf_free(&sig);
	return r;
}

/* Parse @b into @kr; a test bug when it does not parse. */
static void load(const struct buf *b, struct keyring *kr)
{
	const char *why;

	if (parse_copy(kr, b->p, b->len, &why)) {
		tap_diag("keyring does not parse: %s", why);
		abort();
	}
}

/* Whether signatures by @k give @want with a reason containing @reason. */
static bool gives(const struct keyring *kr, const struct gen_key *k,
		  enum sigverify_result want, const char *reason, const char **why)
{
	enum sigverify_result r = by(kr, k, why);

	return r == want && (!reason || !strcmp(*why, reason));
}

/*
 * The primary key, its user ID and a positive certification (0x13) of
 * it made at @created (0: T0) with key expiration time @kexp.
 */
static void add_primary(struct buf *b, uint32_t created, long long kexp)
{
	add_key(b, &pk, 6);
	add_uid(b);
	add_sig(b, 0x13, NULL, NULL, created, kexp, 0);
}

/* Subkey @k and its binding, without expiry. */
static void add_subkey(struct buf *b, const struct gen_key *k)
{
	add_key(b, k, 14);
	add_bind(b, k, 0, NO_EXPIRY, 0);
}

/* primary, user ID, self-signature (no expiry), subkeys, their bindings */
static void base(struct buf *b, bool two_subkeys)
{
	add_primary(b, 0, NO_EXPIRY);
	add_subkey(b, &sk);
	if (two_subkeys)
		add_subkey(b, &sk2);
}

/* Free what one case made, for the next. */
static void reset(struct buf *b, struct keyring *kr)
{
	keyring_free(kr);
	buf_free(b);
}

/* R1, R2: revocations, and the ones that do not count. */
static void test_revocation(void)
{
	struct buf b = { 0 };
	struct keyring kr;
	const char *why = "";

	base(&b, true);
	load(&b, &kr);
	check(gives(&kr, &pk, SIG_OK, NULL, &why) && gives(&kr, &sk, SIG_OK, NULL, &why) &&
	      gives(&kr, &sk2, SIG_OK, NULL, &why) && !find(&kr, &pk)->revoked &&
	      !find(&kr, &pk)->expires && !find(&kr, &sk)->expires,
	      "a key with a self-signature and two bound subkeys: all verify, no expiry (%s)", why);
	reset(&b, &kr);

	/* A key revocation right after the primary key. */
	add_key(&b, &pk, 6);
	add_sig(&b, 0x20, NULL, NULL, 0, NO_EXPIRY, 0);
	add_uid(&b);
	add_sig(&b, 0x13, NULL, NULL, 0, NO_EXPIRY, 0);
	add_subkey(&b, &sk);
	add_subkey(&b, &sk2);
	load(&b, &kr);
	check(find(&kr, &pk)->revoked && find(&kr, &sk)->revoked && find(&kr, &sk2)->revoked,
	      "primary revoked (0x20): the primary key and both subkeys are revoked");
	check(gives(&kr, &pk, SIG_NO_KEY, REVOKED, &why),
	      "a signature by the revoked primary key is refused (%s)", why);
	check(gives(&kr, &sk, SIG_NO_KEY, REVOKED, &why) && gives(&kr, &sk2, SIG_NO_KEY, REVOKED, &why),
	      "signatures by its subkeys are refused (%s)", why);
	reset(&b, &kr);

	/* After the user ID's self-signature, before the first subkey. */
	add_primary(&b, 0, NO_EXPIRY);
	add_sig(&b, 0x20, NULL, NULL, 0, NO_EXPIRY, 0);
	add_subkey(&b, &sk);
	load(&b, &kr);
	check(gives(&kr, &pk, SIG_NO_KEY, REVOKED, &why) && gives(&kr, &sk, SIG_NO_KEY, REVOKED, &why),
	      "a key revocation after the user ID's self-signature revokes too (%s)", why);
	reset(&b, &kr);

	/*
	 * Revocations that count although a self-signature would not: made
	 * with SHA-1, or expired (kernel patch 0057: a forged revocation can
	 * only refuse a key).
	 */
	{
		static const struct bad_sig weak[] = {
			{ NULL, F_SHA1, "made with SHA-1" },
			{ NULL, F_SIG_EXPIRED, "that itself expired" },
			{ NULL, F_SHA1 | F_SIG_EXPIRED, "made with SHA-1 that itself expired" },
		};
		size_t i;

		for (i = 0; i < sizeof(weak) / sizeof(weak[0]); i++) {
			add_key(&b, &pk, 6);
			add_sig(&b, 0x20, NULL, NULL, 0, NO_EXPIRY, weak[i].flags);
			add_uid(&b);
			add_sig(&b, 0x13, NULL, NULL, 0, NO_EXPIRY, 0);
			add_subkey(&b, &sk);
			load(&b, &kr);
			check(gives(&kr, &pk, SIG_NO_KEY, REVOKED, &why) &&
			      gives(&kr, &sk, SIG_NO_KEY, REVOKED, &why),
			      "a key revocation %s revokes (%s)", weak[i].name, why);
			reset(&b, &kr);
			base(&b, false);
			add_sig(&b, 0x28, NULL, &sk, 0, NO_EXPIRY, weak[i].flags);
			load(&b, &kr);
			check(gives(&kr, &sk, SIG_NO_KEY, REVOKED, &why) &&
			      gives(&kr, &pk, SIG_OK, NULL, &why),
			      "a subkey revocation %s revokes the subkey (%s)", weak[i].name, why);
			reset(&b, &kr);
		}
	}

	/* Revocations that do not count. */
	{
		static const struct bad_sig bad[] = {
			{ NULL, F_FLIP, "with one bit flipped in its value" },
			{ &other, 0, "made by another key" },
			{ &sk, 0, "made by the subkey" },
			{ NULL, F_MD5, "made with MD5" },
		};
		size_t i;

		for (i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
			add_key(&b, &pk, 6);
			add_sig(&b, 0x20, bad[i].by, NULL, 0, NO_EXPIRY, bad[i].flags);
			add_uid(&b);
			add_sig(&b, 0x13, NULL, NULL, 0, NO_EXPIRY, 0);
			add_subkey(&b, &sk);
			load(&b, &kr);
			check(!find(&kr, &pk)->revoked && !find(&kr, &sk)->revoked &&
			      gives(&kr, &pk, SIG_OK, NULL, &why) && gives(&kr, &sk, SIG_OK, NULL, &why),
			      "a key revocation %s is ignored (%s)", bad[i].name, why);
			reset(&b, &kr);
		}
	}

	/* A key revocation after the first subkey revokes nothing. */
	base(&b, false);
	add_sig(&b, 0x20, NULL, NULL, 0, NO_EXPIRY, 0);
	load(&b, &kr);
	check(!find(&kr, &pk)->revoked && gives(&kr, &pk, SIG_OK, NULL, &why) &&
	      gives(&kr, &sk, SIG_OK, NULL, &why),
	      "a key revocation after a subkey is ignored (%s)", why);
	reset(&b, &kr);

	/* Subkey revocation (0x28) after the first subkey's binding. */
	add_primary(&b, 0, NO_EXPIRY);
	add_subkey(&b, &sk);
	add_sig(&b, 0x28, NULL, &sk, 0, NO_EXPIRY, 0);
	add_subkey(&b, &sk2);
	load(&b, &kr);
	check(find(&kr, &sk)->revoked && !find(&kr, &sk2)->revoked && !find(&kr, &pk)->revoked,
	      "subkey revoked (0x28): only that subkey is revoked");
	check(gives(&kr, &sk, SIG_NO_KEY, REVOKED, &why),
	      "a signature by the revoked subkey is refused (%s)", why);
	check(gives(&kr, &sk2, SIG_OK, NULL, &why) && gives(&kr, &pk, SIG_OK, NULL, &why),
	      "the other subkey and the primary key still verify (%s)", why);
	reset(&b, &kr);

	/* Subkey revocations that do not count. */
	{
		static const struct bad_sig bad[] = {
			{ NULL, F_FLIP, "with one bit flipped" },
			{ &sk, 0, "made by the subkey itself" },
			{ &other, 0, "made by another key" },
		};
		size_t i;

		for (i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
			base(&b, false);
			add_sig(&b, 0x28, bad[i].by, &sk, 0, NO_EXPIRY, bad[i].flags);
			load(&b, &kr);
			check(!find(&kr, &sk)->revoked && gives(&kr, &sk, SIG_OK, NULL, &why),
			      "a subkey revocation %s is ignored (%s)", bad[i].name, why);
			reset(&b, &kr);
		}
	}

	/* A subkey revocation in the wrong place: before the subkey, or after
	 * another subkey than the one it is over. */
	add_key(&b, &pk, 6);
	add_sig(&b, 0x28, NULL, &sk, 0, NO_EXPIRY, 0);
	add_uid(&b);
	add_sig(&b, 0x13, NULL, NULL, 0, NO_EXPIRY, 0);
	add_subkey(&b, &sk);
	add_subkey(&b, &sk2);
	add_sig(&b, 0x28, NULL, &sk, 0, NO_EXPIRY, 0);
	load(&b, &kr);
	check(!find(&kr, &pk)->revoked && !find(&kr, &sk)->revoked && !find(&kr, &sk2)->revoked &&
	      gives(&kr, &sk, SIG_OK, NULL, &why) && gives(&kr, &sk2, SIG_OK, NULL, &why),
	      "a subkey revocation before its subkey or after another subkey revokes nothing (%s)",
	      why);
	reset(&b, &kr);

	/* Precedence: unbound first, then revoked, then expired. */
	add_key(&b, &pk, 6);
	add_sig(&b, 0x20, NULL, NULL, 0, NO_EXPIRY, 0);
	add_uid(&b);
	add_sig(&b, 0x13, NULL, NULL, 0, 3600, 0);
	add_key(&b, &sk, 14);
	load(&b, &kr);
	check(gives(&kr, &sk, SIG_NO_KEY, NULL, &why) && strstr(why, "not bound"),
	      "an unbound subkey of a revoked key: the unbound reason (%s)", why);
	check(gives(&kr, &pk, SIG_NO_KEY, REVOKED, &why),
	      "a revoked key that has also expired: revoked (%s)", why);
	reset(&b, &kr);

	/* Two keys in one keyring: a revocation stays with its own key. */
	add_key(&b, &other, 6);
	{
		/* add_sig() signs over pk: other's own revocation. */
		struct sig_opts o = sig_opts_default();

		o.sig_type = 0x20;
		gen_key_sig(&b, &other, &other, NULL, NULL, &o);
	}
	base(&b, false);
	load(&b, &kr);
	check(find(&kr, &other)->revoked && !find(&kr, &pk)->revoked && !find(&kr, &sk)->revoked &&
	      gives(&kr, &other, SIG_NO_KEY, REVOKED, &why) && gives(&kr, &sk, SIG_OK, NULL, &why),
	      "a revoked key, then another key with a subkey: only the first is revoked (%s)", why);
	reset(&b, &kr);
	base(&b, false);
	add_key(&b, &other, 6);
	{
		struct sig_opts o = sig_opts_default();

		o.sig_type = 0x20;
		gen_key_sig(&b, &other, &other, NULL, NULL, &o);
	}
	load(&b, &kr);
	check(find(&kr, &other)->revoked && !find(&kr, &pk)->revoked && !find(&kr, &sk)->revoked,
	      "a key with a subkey, then a revoked key: the first key's subkey is not revoked");
	reset(&b, &kr);
}

/* R3, R4, R5: key expiry from self-signatures and bindings. */
static void test_expiry(void)
{
	uint32_t future = (uint32_t)((uint64_t)time(NULL) - PK_CREATED + 10ull * 365 * 86400);
	struct buf b = { 0 };
	struct keyring kr;
	const char *why = "";

	/* Primary key expired in 2020: it and its subkey are refused. */
	add_primary(&b, 0, 3600);
	add_subkey(&b, &sk);
	load(&b, &kr);
	check(find(&kr, &pk)->expires == PK_CREATED + 3600ull &&
	      find(&kr, &sk)->expires == PK_CREATED + 3600ull,
	      "key expiration time 3600: primary and subkey expire at creation + 3600");
	check(gives(&kr, &pk, SIG_BAD, EXPIRED, &why) && gives(&kr, &sk, SIG_BAD, EXPIRED, &why),
	      "signatures by the expired key and by its subkey are refused (%s)", why);
	reset(&b, &kr);

	/* Expiry in ten years: accepted, and pgp_key.expires says when. */
	add_primary(&b, 0, future);
	add_subkey(&b, &sk);
	load(&b, &kr);
	check(find(&kr, &pk)->expires == (uint64_t)PK_CREATED + future &&
	      gives(&kr, &pk, SIG_OK, NULL, &why),
	      "an expiry in ten years: accepted, expires = creation + value (%s)", why);
	check(find(&kr, &sk)->expires == (uint64_t)PK_CREATED + future &&
	      gives(&kr, &sk, SIG_OK, NULL, &why),
	      "its subkey (no expiry of its own) expires with it and verifies (%s)", why);
	reset(&b, &kr);

	/* Direct-key signature (0x1F) before any user ID. */
	add_key(&b, &pk, 6);
	add_sig(&b, 0x1f, NULL, NULL, 0, 3600, 0);
	add_uid(&b);
	load(&b, &kr);
	check(gives(&kr, &pk, SIG_BAD, EXPIRED, &why),
	      "a direct-key signature's key expiration time counts (%s)", why);
	reset(&b, &kr);

	/* The newest self-signature wins, wherever it is. */
	{
		static const struct {
			long long c1, e1, c2, e2;	/* creation, key expiration */
			bool expired;
			const char *name;
		} cases[] = {
			{ T0, 3600, T0 + 100, NO_EXPIRY, false,
			  "a newer self-signature without expiry removes the older one's" },
			{ T0 + 100, NO_EXPIRY, T0, 3600, false,
			  "an older self-signature later in the data does not count" },
			{ T0, NO_EXPIRY, T0 + 100, 3600, true,
			  "a newer self-signature with an expiry in the past wins" },
			{ T0, 3600, T0 + 100, 0, false,
			  "a newer self-signature with key expiration time 0 means never" },
			{ T0, 3600, T0, NO_EXPIRY, false,
			  "same creation time: the later one in the data wins" },
			{ T0, NO_EXPIRY, T0, 3600, true,
			  "same creation time: the later one in the data wins (expired)" },
		};
		size_t i;

		for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
			add_primary(&b, (uint32_t)cases[i].c1, cases[i].e1);
			add_sig(&b, 0x13, NULL, NULL, (uint32_t)cases[i].c2, cases[i].e2, 0);
			load(&b, &kr);
			check(cases[i].expired ? gives(&kr, &pk, SIG_BAD, EXPIRED, &why) :
			      (gives(&kr, &pk, SIG_OK, NULL, &why) && !find(&kr, &pk)->expires),
			      "%s (%s)", cases[i].name, why);
			reset(&b, &kr);
		}
	}

	/* Extending: a newer self-signature pushes the expiry back. */
	add_primary(&b, T0, 3600);
	add_sig(&b, 0x10, NULL, NULL, T0 + 100, future, 0);
	load(&b, &kr);
	check(find(&kr, &pk)->expires == (uint64_t)PK_CREATED + future &&
	      gives(&kr, &pk, SIG_OK, NULL, &why),
	      "a newer self-signature (0x10) extends the expiry (%s)", why);
	reset(&b, &kr);

	/* A direct-key signature and a certification compete by time. */
	add_key(&b, &pk, 6);
	add_sig(&b, 0x1f, NULL, NULL, T0 + 100, 3600, 0);
	add_uid(&b);
	add_sig(&b, 0x13, NULL, NULL, T0, NO_EXPIRY, 0);
	load(&b, &kr);
	check(gives(&kr, &pk, SIG_BAD, EXPIRED, &why),
	      "a newer direct-key signature wins over an older certification (%s)", why);
	reset(&b, &kr);

	/* Newer self-signatures that do not count: the older one does. */
	{
		static const struct bad_sig bad[] = {
			{ NULL, F_FLIP, "with one bit flipped" },
			{ &other, 0, "by another key (a certification)" },
			{ NULL, F_SIG_EXPIRED, "that itself expired" },
			{ NULL, F_BADLEN, "with a 3-byte key expiration time" },
		};
		size_t i;

		for (i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
			add_primary(&b, T0, 3600);
			add_sig(&b, 0x13, bad[i].by, NULL, T0 + 100, NO_EXPIRY, bad[i].flags);
			load(&b, &kr);
			check(gives(&kr, &pk, SIG_BAD, EXPIRED, &why),
			      "a newer self-signature %s is ignored: the older one's expiry counts (%s)",
			      bad[i].name, why);
			reset(&b, &kr);
		}
	}

	/* A self-signature with a 5-byte key expiration time, alone: no expiry. */
	{
		struct sig_opts o = sig_opts_default();
		struct buf e = { 0 };

		add_key(&b, &pk, 6);
		add_uid(&b);
		gen_subpacket(&e, 9, "\0\0\0\0\1", 5);
		o.sig_type = 0x13;
		o.extra_hashed = e.p;
		o.extra_hashed_len = e.len;
		gen_key_sig(&b, &pk, &pk, uid, NULL, &o);
		load(&b, &kr);
		check(!find(&kr, &pk)->expires && gives(&kr, &pk, SIG_OK, NULL, &why),
		      "the only self-signature has a 5-byte key expiration time: unusable, no expiry");
		reset(&b, &kr);
		buf_free(&e);
	}

	/* Certifications that are not after a user ID do not count. */
	add_key(&b, &pk, 6);
	add_sig(&b, 0x13, NULL, NULL, 0, 3600, 0);	/* before any user ID */
	load(&b, &kr);
	check(!find(&kr, &pk)->expires, "a certification before any user ID does not count");
	reset(&b, &kr);
	add_primary(&b, T0, NO_EXPIRY);
	gen_packet(&b, 17, (const uint8_t *)"\x05\x01picture", 9);	/* user attribute */
	add_sig(&b, 0x13, NULL, NULL, T0 + 100, 3600, 0);
	load(&b, &kr);
	check(!find(&kr, &pk)->expires, "a certification after a user attribute does not count");
	reset(&b, &kr);

	/* A self-signature after the first subkey does not count. */
	base(&b, false);
	add_sig(&b, 0x1f, NULL, NULL, T0 + 100, 3600, 0);
	load(&b, &kr);
	check(!find(&kr, &pk)->expires && gives(&kr, &pk, SIG_OK, NULL, &why),
	      "a direct-key signature after a subkey does not count (%s)", why);
	reset(&b, &kr);

	/* No creation time: the later one in the data counts. */
	add_primary(&b, T0 + 100, NO_EXPIRY);
	add_sig(&b, 0x13, NULL, NULL, 0, 3600, F_NO_CREATED);
	load(&b, &kr);
	check(gives(&kr, &pk, SIG_BAD, EXPIRED, &why),
	      "a self-signature without creation time, later in the data, counts (%s)", why);
	reset(&b, &kr);

	/* Subkey expiry from its binding. */
	add_primary(&b, 0, NO_EXPIRY);
	add_key(&b, &sk, 14);
	add_bind(&b, &sk, 0, 3600, 0);
	add_subkey(&b, &sk2);
	load(&b, &kr);
	check(find(&kr, &sk)->expires == SK_CREATED + 3600ull && !find(&kr, &pk)->expires &&
	      !find(&kr, &sk2)->expires,
	      "a binding's key expiration time counts from the subkey's creation time");
	check(gives(&kr, &sk, SIG_BAD, EXPIRED, &why),
	      "a signature by the expired subkey is refused (%s)", why);
	check(gives(&kr, &pk, SIG_OK, NULL, &why) && gives(&kr, &sk2, SIG_OK, NULL, &why),
	      "the primary key and the other subkey still verify (%s)", why);
	reset(&b, &kr);

	/* The earlier of the subkey's own expiry and its primary's. */
	add_primary(&b, 0, future);
	add_key(&b, &sk, 14);
	add_bind(&b, &sk, 0, future + 1000, 0);
	add_key(&b, &sk2, 14);
	add_bind(&b, &sk2, 0, future - 1000, 0);
	load(&b, &kr);
	check(find(&kr, &sk)->expires == (uint64_t)PK_CREATED + future,
	      "a subkey whose own expiry is later than the primary's gets the primary's");
	check(find(&kr, &sk2)->expires == (uint64_t)SK2_CREATED + future - 1000,
	      "a subkey whose own expiry is earlier keeps its own");
	check(gives(&kr, &sk, SIG_OK, NULL, &why) && gives(&kr, &sk2, SIG_OK, NULL, &why),
	      "both verify until then (%s)", why);
	reset(&b, &kr);

	/* The newest binding wins (no longer the first that binds). */
	{
		static const struct {
			uint32_t c1;
			long long e1;
			unsigned int f1;
			uint32_t c2;
			long long e2;
			unsigned int f2;
			bool expired;
			const char *name;
		} cases[] = {
			{ T0, NO_EXPIRY, 0, T0 + 100, 3600, 0, true,
			  "a newer binding with an expiry in the past wins over the first" },
			{ T0 + 100, NO_EXPIRY, 0, T0, 3600, 0, false,
			  "an older binding later in the data does not count" },
			{ T0, 3600, 0, T0, NO_EXPIRY, 0, false,
			  "same creation time: the later binding wins" },
			{ T0, 3600, 0, T0 + 100, NO_EXPIRY, F_FLIP, true,
			  "a newer binding that does not verify is ignored" },
			{ T0, 3600, 0, T0 + 100, NO_EXPIRY, F_BADLEN, true,
			  "a newer binding with a 3-byte key expiration time is ignored" },
		};
		size_t i;

		for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
			add_primary(&b, 0, NO_EXPIRY);
			add_key(&b, &sk, 14);
			add_bind(&b, &sk, cases[i].c1, cases[i].e1, cases[i].f1);
			add_bind(&b, &sk, cases[i].c2, cases[i].e2, cases[i].f2);
			load(&b, &kr);
			check(!find(&kr, &sk)->unbound &&
			      (cases[i].expired ? gives(&kr, &sk, SIG_BAD, EXPIRED, &why) :
			       (gives(&kr, &sk, SIG_OK, NULL, &why) && !find(&kr, &sk)->expires)),
			      "%s (%s)", cases[i].name, why);
			reset(&b, &kr);
		}
	}
}

/* R6 (kernel patch 0058): the key flags of the primary key's newest self-signature. */
static void test_primary_flags(void)
{
	static const struct {
		uint32_t c1;
		unsigned int f1;	/* the user ID's certification */
		uint32_t c2;
		unsigned int f2;	/* a second certification; c2 0: none */
		bool refused;
		const char *name;
	} cases[] = {
		{ T0, F_KF_C, 0, 0, true, "key flags 0x01 (certify only)" },
		{ T0, F_KF_E, 0, 0, true, "key flags 0x0C (encrypt only)" },
		{ T0, F_KF_EMPTY, 0, 0, true, "an empty key flags subpacket" },
		{ T0, F_KF_SC, T0 + 100, F_KF_C, true,
		  "a newer self-signature withdraws signing" },
		{ T0 + 100, F_KF_C, T0, F_KF_SC, true,
		  "an older self-signature granting signing, later in the data, does not count" },
		{ T0, F_KF_SC, T0, F_KF_C, true,
		  "same creation time: the later in the data (certify only) wins" },
		/* Guards: no restriction where the rule puts none. */
		{ T0, F_KF_SC, 0, 0, false, "key flags 0x03 (sign and certify)" },
		{ T0, F_KF_UNHASHED, 0, 0, false,
		  "key flags 0x01 in the unhashed area only (not signed)" },
		{ T0, F_KF_C, T0 + 100, F_KF_SC, false,
		  "a newer self-signature grants signing again" },
		{ T0, F_KF_C, T0 + 100, 0, false,
		  "a newer self-signature without key flags: no restriction" },
		{ T0, F_KF_C, T0, F_KF_SC, false,
		  "same creation time: the later in the data (sign) wins" },
		{ T0, F_KF_SC, T0 + 100, F_KF_C | F_FLIP, false,
		  "a newer certify-only self-signature that does not verify is ignored" },
		{ T0, F_KF_SC, T0 + 100, F_KF_C | F_BADLEN, false,
		  "a newer certify-only self-signature with a 3-byte key expiration time is ignored" },
		{ T0, F_KF_SC, T0 + 100, F_KF_C | F_SIG_EXPIRED, false,
		  "a newer certify-only self-signature that itself expired is ignored" },
	};
	struct buf b = { 0 };
	struct keyring kr;
	const char *why = "", *swhy = "";
	size_t i;

	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		bool p_ok, s_ok;

		add_key(&b, &pk, 6);
		add_uid(&b);
		add_sig(&b, 0x13, NULL, NULL, cases[i].c1, NO_EXPIRY, cases[i].f1);
		if (cases[i].c2)
			add_sig(&b, 0x13, NULL, NULL, cases[i].c2, NO_EXPIRY, cases[i].f2);
		add_subkey(&b, &sk);
		load(&b, &kr);
		p_ok = cases[i].refused ? gives(&kr, &pk, SIG_BAD, CERTIFY_ONLY, &why) :
		       gives(&kr, &pk, SIG_OK, NULL, &why);
		s_ok = gives(&kr, &sk, SIG_OK, NULL, &swhy);
		check(p_ok && s_ok,
		      "%s: the primary key's signature %s (%s), the subkey's verifies (%s)",
		      cases[i].name, cases[i].refused ? "is refused" : "verifies", why, swhy);
		reset(&b, &kr);
	}

	/* A newer direct-key signature (0x1F) competes with the certification. */
	add_key(&b, &pk, 6);
	add_sig(&b, 0x1f, NULL, NULL, T0 + 100, NO_EXPIRY, F_KF_C);
	add_uid(&b);
	add_sig(&b, 0x13, NULL, NULL, T0, NO_EXPIRY, F_KF_SC);
	load(&b, &kr);
	check(gives(&kr, &pk, SIG_BAD, CERTIFY_ONLY, &why),
	      "a newer certify-only direct-key signature wins over an older certification (%s)",
	      why);
	reset(&b, &kr);

	/* Two keys: the restriction stays with its own key. */
	{
		struct sig_opts o = sig_opts_default();
		struct buf e = { 0 };

		add_key(&b, &other, 6);
		add_uid(&b);
		add_key_flags(&e, F_KF_C);
		o.sig_type = 0x13;
		o.extra_hashed = e.p;
		o.extra_hashed_len = e.len;
		gen_key_sig(&b, &other, &other, uid, NULL, &o);
		buf_free(&e);
	}
	base(&b, false);
	load(&b, &kr);
	check(gives(&kr, &other, SIG_BAD, CERTIFY_ONLY, &why) && gives(&kr, &pk, SIG_OK, NULL, &why),
	      "a certify-only key, then another key: only the first refuses to verify (%s)", why);
	reset(&b, &kr);

	/* Guards: what does not count, and the reasons that come first. */
	add_primary(&b, T0, NO_EXPIRY);
	add_sig(&b, 0x13, &other, NULL, T0 + 100, NO_EXPIRY, F_KF_C);
	add_subkey(&b, &sk);
	load(&b, &kr);
	check(gives(&kr, &pk, SIG_OK, NULL, &why),
	      "a newer certify-only certification by another key does not count (%s)", why);
	reset(&b, &kr);
	base(&b, false);
	add_sig(&b, 0x1f, NULL, NULL, T0 + 100, NO_EXPIRY, F_KF_C);
	load(&b, &kr);
	check(gives(&kr, &pk, SIG_OK, NULL, &why),
	      "a certify-only direct-key signature after a subkey does not count (%s)", why);
	reset(&b, &kr);
	add_key(&b, &pk, 6);
	add_uid(&b);
	add_sig(&b, 0x13, NULL, NULL, T0, 3600, F_KF_C);
	load(&b, &kr);
	check(gives(&kr, &pk, SIG_BAD, EXPIRED, &why),
	      "a certify-only key that has expired: expired (%s)", why);
	reset(&b, &kr);
	add_key(&b, &pk, 6);
	add_sig(&b, 0x20, NULL, NULL, 0, NO_EXPIRY, 0);
	add_uid(&b);
	add_sig(&b, 0x13, NULL, NULL, T0, NO_EXPIRY, F_KF_C);
	load(&b, &kr);
	check(gives(&kr, &pk, SIG_NO_KEY, REVOKED, &why),
	      "a certify-only key that is revoked: revoked (%s)", why);
	reset(&b, &kr);
}

/* R4 (kernel patch 0058): the newest binding that verifies decides. */
static void test_newest_binding(void)
{
	static const struct {
		uint32_t c1;
		unsigned int f1;
		uint32_t c2;
		unsigned int f2;
		const char *unbound;	/* the subkey's reason; NULL: bound */
		const char *name;
	} cases[] = {
		{ T0, 0, T0 + 100, F_KF_E, NO_SIGNING,
		  "a newer binding withdraws signing (key flags 0x0C)" },
		{ T0, 0, T0 + 100, F_KF_EMPTY, NO_SIGNING,
		  "a newer binding with an empty key flags subpacket" },
		{ T0, 0, T0 + 100, F_NO_BACK, "has no back-signature",
		  "a newer signing binding without a back-signature" },
		{ T0, 0, T0 + 100, F_FLIP_BACK, "the back-signature does not verify",
		  "a newer signing binding with a bad back-signature" },
		{ T0 + 100, F_KF_E, T0, 0, NO_SIGNING,
		  "an older signing binding later in the data does not count" },
		{ T0, 0, T0, F_KF_E, NO_SIGNING,
		  "same creation time: the later in the data (encrypt only) wins" },
		/* Guards: what the rule leaves bound. */
		{ T0, F_KF_E, T0, 0, NULL,
		  "same creation time: the later in the data (sign) wins" },
		{ T0, F_KF_E, T0 + 100, 0, NULL, "a newer binding grants signing again" },
		{ T0, F_NO_BACK, T0 + 100, 0, NULL,
		  "a newer good binding after one without a back-signature" },
		{ T0, 0, T0 + 100, F_KF_E | F_FLIP, NULL,
		  "a newer encrypt-only binding that does not verify is ignored" },
		{ T0, 0, T0 + 100, F_KF_E | F_SIG_EXPIRED, NULL,
		  "a newer encrypt-only binding that itself expired is ignored" },
		{ T0, 0, T0 + 100, F_KF_E | F_BADLEN, NULL,
		  "a newer encrypt-only binding with a 3-byte key expiration time is ignored" },
	};
	struct buf b = { 0 };
	struct keyring kr;
	const char *why = "", *pwhy = "";
	size_t i;

	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		const char *u;

		add_primary(&b, 0, NO_EXPIRY);
		add_key(&b, &sk, 14);
		add_bind(&b, &sk, cases[i].c1, NO_EXPIRY, cases[i].f1);
		add_bind(&b, &sk, cases[i].c2, NO_EXPIRY, cases[i].f2);
		add_subkey(&b, &sk2);
		load(&b, &kr);
		u = find(&kr, &sk)->unbound;
		if (cases[i].unbound)
			check(gives(&kr, &sk, SIG_NO_KEY, NOT_BOUND, &why) &&
			      u && strstr(u, cases[i].unbound),
			      "%s: not bound (%s), its signature refused (%s)", cases[i].name,
			      u ? u : "bound", why);
		else
			check(gives(&kr, &sk, SIG_OK, NULL, &why) && !u,
			      "%s: bound, its signature verifies (%s)", cases[i].name, why);
		check(gives(&kr, &pk, SIG_OK, NULL, &pwhy) && gives(&kr, &sk2, SIG_OK, NULL, &pwhy),
		      "%s: the primary key and the other subkey still verify (%s)",
		      cases[i].name, pwhy);
		reset(&b, &kr);
	}
}

/*
 * Every truncation and flipped bit of a keyring with a key revocation: no
 * crash; no flipped bit of the revocation's signed part keeps the key
 * revoked.
 */
static void test_mutations(void)
{
	struct buf b = { 0 };
	struct keyring kr;
	const char *why = "";
	size_t i, start, end, bad = 0, still = 0;
	struct pgp_sig s;
	int ret;

	add_key(&b, &pk, 6);
	start = b.len;
	add_sig(&b, 0x20, NULL, NULL, 0, NO_EXPIRY, 0);
	end = b.len;
	add_uid(&b);
	if (pgp_sig_parse(b.p + start + 3, end - start - 3, &s, &why))
		abort();
	for (i = 0; i < b.len; i++) {
		ret = parse_copy(&kr, b.p, i, &why);
		if (ret && ret != -EBADMSG && ret != -ENOKEY && ret != -EOPNOTSUPP)
			bad++;
		keyring_free(&kr);
	}
	check(bad == 0, "every truncation (%zu offsets) parses or fails cleanly", b.len);
	for (i = 0; i < b.len; i++) {
		size_t uoff = (size_t)(s.unhashed_sub - b.p);

		b.p[i] ^= 0x01;
		ret = parse_copy(&kr, b.p, b.len, &why);
		if (ret && ret != -EBADMSG && ret != -ENOKEY && ret != -EOPNOTSUPP)
			bad++;
		/* Past the packet header, all but the unhashed area is signed. */
		if (!ret && i >= start + 3 && i < end &&
		    (i < uoff - 2 || i >= uoff + s.unhashed_sub_len) &&
		    kr.nkeys && kr.keys[0].revoked)
			still++;
		keyring_free(&kr);
		b.p[i] ^= 0x01;
	}
	check(bad == 0, "every flipped bit (%zu offsets) parses or fails cleanly", b.len);
	check(still == 0, "no flipped bit of the revocation's signed part keeps the key revoked");
	buf_free(&b);
}

int main(void)
{
	if (crypto_init())
		return 1;
	gen_key(&pk, 2048, PK_CREATED);
	gen_key(&sk, 2048, SK_CREATED);
	gen_key(&sk2, 2048, SK2_CREATED);
	gen_key(&other, 2048, 1600000003u);
	test_revocation();
	test_expiry();
	test_primary_flags();
	test_newest_binding();
	test_mutations();
	gen_key_free(&pk);
	gen_key_free(&sk);
	gen_key_free(&sk2);
	gen_key_free(&other);
	return tap_done();
}
