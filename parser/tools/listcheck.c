// SPDX-License-Identifier: GPL-2.0-only
/* The checks of a list file shared by verify and attest: see listcheck.h. */
#include "listcheck.h"
#include "sigverify.h"
#include "util.h"

#include "compact.h"
#include "convert.h"
#include "modsig.h"

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

int keyrings_load(struct keyring *kr, char **paths, int n)
{
	uint8_t *all = NULL, *p;
	size_t total = 0;
	const char *why = "";
	uint64_t now;
	int i, ret;

	for (i = 0; i < n; i++) {
		struct keyring one;

		ret = keyring_load(&one, paths[i], &why);
		if (ret) {
			keyring_free(&one);
			free(all);
			if (ret == -EBADMSG || ret == -EOPNOTSUPP || ret == -ENOKEY) {
				tool_err(paths[i], "invalid keyring: %s", why);
				return EXIT_INVALID;
			}
			tool_err(paths[i], "cannot read the keyring: %s", strerror(-ret));
			return EXIT_SYSTEM;
		}
		p = realloc(all, total + one.len);
		if (!p) {
			keyring_free(&one);
			free(all);
			tool_err(NULL, "%s", strerror(ENOMEM));
			return EXIT_SYSTEM;
		}
		all = p;
		memcpy(all + total, one.data, one.len);
		total += one.len;
		keyring_free(&one);
	}
	ret = keyring_parse(kr, all, total, &why);
	if (ret) {
		tool_err(NULL, "keyrings together: %s", ret == -ENOMEM ? strerror(ENOMEM) : why);
		return ret == -ENOMEM ? EXIT_SYSTEM : EXIT_INVALID;
	}
	/*
	 * The kernel would not make a key of these (kernel patch 0054,
	 * parser/tools/README.md R5), or its key refuses (expired).
	 */
	now = (uint64_t)time(NULL);
	for (size_t k = 0; k < kr->nkeys; k++) {
		const struct pgp_key *key = &kr->keys[k];
		const char *kind = key->subkey ? "subkey" : "key";
		char fpr[2 * PGP_FPR_V4_LEN + 1];

		hex_encode(key->fpr, PGP_FPR_V4_LEN, fpr);
		if (key->unbound)
			tool_err(NULL, "warning: subkey %s is not usable, it is not bound to its primary key for signing: %s",
				 fpr, key->unbound);
		else if (key->revoked)
			tool_err(NULL, "warning: %s %s is not usable: it is revoked", kind, fpr);
		else if (pgp_key_expired(key, now))
			tool_err(NULL, "warning: %s %s is not usable: it has expired", kind, fpr);
	}
	return EXIT_OK;
}

static int set_why(struct listcheck *c, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

static int set_why(struct listcheck *c, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(c->why, sizeof(c->why), fmt, ap);
	va_end(ap);
	return -1;
}

int listfile_check(const struct keyring *kr, const uint8_t *buf, size_t len,
		   const char *format, struct listcheck *c)
{
	enum sigverify_result res;
	const char *reason = "";
	struct modsig ms;

	memset(c, 0, sizeof(*c));
	if (modsig_split(buf, len, &ms, &reason))
		return set_why(c, "malformed appended signature: %s", reason);
	if (!ms.sig)
		return set_why(c, "%s", "unsigned (no appended signature)");
	if (!strcmp(format, "rpm")) {
		/* What diglim-parser does with it at boot, with its defaults. */
		struct convert_opts o = { .type = COMPACT_FILE };
		struct compact_writer w;
		struct convert_info info;
		char err[CONVERT_ERR_LEN];
		int ret;

		compact_writer_init(&w);
		ret = convert_rpm(buf, len, &o, &w, &info, err);
		compact_writer_free(&w);
		if (ret)
			return set_why(c, "diglim-parser refuses it: %s", err);
	} else if (compact_validate(buf, ms.body_len, NULL, &reason)) {
		return set_why(c, "malformed compact list: %s", reason);
	}
	res = sigverify(kr, buf, ms.body_len, ms.sig, ms.sig_len, &c->sig, &c->key,
			&reason);
	if (res != SIG_OK && c->key &&
	    (c->key->unbound || c->key->revoked || c->key->no_sign ||
	     pgp_key_expired(c->key, (uint64_t)time(NULL)))) {
		char fpr[2 * PGP_FPR_V4_LEN + 1];

		hex_encode(c->key->fpr, PGP_FPR_V4_LEN, fpr);
		if (c->key->unbound)
			return set_why(c, "%s: %s (subkey %s)", reason, c->key->unbound, fpr);
		/* Revoked, expired or certify-only: name the key. */
		return set_why(c, "%s (%s %s)", reason, c->key->subkey ? "subkey" : "key", fpr);
	}
	if (res != SIG_OK)
		return set_why(c, "%s", reason);
	return 0;
}
