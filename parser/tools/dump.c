// SPDX-License-Identifier: GPL-2.0-only
/*
 * `diglim dump FILE...`: what a list file holds: for rpm files the
 * package, digest algorithm, counts and each digest with its path; for
 * compact files every block; for both the appended signature's key ID.
 */
#include "dump.h"
#include "pgp.h"
#include "util.h"

#include "compact.h"
#include "convert.h"
#include "hash_algo.h"
#include "modsig.h"
#include "rpm_header.h"

#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* A STRING tag's value, or "?" when absent or malformed. */
static const char *str_tag(const struct rpmh *h, uint32_t tag)
{
	struct rpmh_entry e;
	struct rpmh_strings it;
	const char *why, *s;
	size_t n;

	if (rpmh_find(h, tag, RPMH_STRING, &e, &why))
		return "?";
	rpmh_strings_init(&it, &e);
	s = rpmh_strings_next(&it, &n);
	return s ? s : "?";
}

/* The strings of a STRING_ARRAY as an array (malloc'ed), or NULL. */
static const char **str_array(const struct rpmh_entry *e)
{
	struct rpmh_strings it;
	const char **v, *s;
	uint32_t i = 0;
	size_t n;

	v = calloc(e->count ? e->count : 1, sizeof(*v));
	if (!v)
		return NULL;
	rpmh_strings_init(&it, e);
	while (i < e->count && (s = rpmh_strings_next(&it, &n)))
		v[i++] = s;
	if (i != e->count) {
		free(v);
		return NULL;
	}
	return v;
}

static int dump_rpm(const char *path, const uint8_t *buf, size_t len)
{
	struct rpmh_entry dig, base, dirs, idx, algo_e;
	const char **digests = NULL, **bases = NULL, **dirnames = NULL;
	bool paths = false;
	const char *why = "";
	unsigned int pgp_algo = PGP_HASH_MD5;
	uint32_t i, with = 0;
	struct rpmh h;
	int linux_algo, rc = -1;

	if (rpmh_parse(&h, buf, len, &why)) {
		tool_err(path, "malformed RPM header: %s", why);
		return -1;
	}
	printf("  format: rpm header, %u index entries, %u data bytes\n", h.il, h.dl);
	printf("  package: %s-%s-%s.%s\n", str_tag(&h, RPMTAG_NAME),
	       str_tag(&h, RPMTAG_VERSION), str_tag(&h, RPMTAG_RELEASE),
	       str_tag(&h, RPMTAG_ARCH));
	if (!rpmh_find(&h, RPMTAG_FILEDIGESTALGO, RPMH_INT32, &algo_e, &why) &&
	    algo_e.count >= 1)
		pgp_algo = rpmh_u32(&algo_e, 0);
	linux_algo = hash_algo_from_pgp(pgp_algo);
	printf("  digest algorithm: %s (OpenPGP %u)\n",
	       linux_algo > 0 ? hash_algo_name((unsigned int)linux_algo) : "unknown",
	       pgp_algo);
	if (rpmh_find(&h, RPMTAG_FILEDIGESTS, RPMH_STRING_ARRAY, &dig, &why)) {
		printf("  files: 0\n");
		return 0;
	}
	digests = str_array(&dig);
	if (!digests) {
		tool_err(path, "malformed FILEDIGESTS");
		return -1;
	}
	if (!rpmh_find(&h, RPMTAG_BASENAMES, RPMH_STRING_ARRAY, &base, &why) &&
	    !rpmh_find(&h, RPMTAG_DIRNAMES, RPMH_STRING_ARRAY, &dirs, &why) &&
	    !rpmh_find(&h, RPMTAG_DIRINDEXES, RPMH_INT32, &idx, &why) &&
	    base.count == dig.count && idx.count == dig.count) {
		bases = str_array(&base);
		dirnames = str_array(&dirs);
		paths = bases && dirnames;
	}
	for (i = 0; i < dig.count; i++)
		with += digests[i][0] != '\0';
	printf("  files: %u (%u with a digest)\n", dig.count, with);
	for (i = 0; i < dig.count; i++) {
		uint32_t d = paths ? rpmh_u32(&idx, i) : 0;

		if (!digests[i][0])
			continue;
		if (paths && d < dirs.count)
			printf("  %s  %s%s\n", digests[i], dirnames[d], bases[i]);
		else
			printf("  %s  (path unknown)\n", digests[i]);
	}
	rc = 0;
	{
		struct convert_opts o = { .type = COMPACT_FILE };
		struct compact_writer w;
		struct convert_info info;
		char err[CONVERT_ERR_LEN];

		compact_writer_init(&w);
		if (convert_rpm(buf, len, &o, &w, &info, err))
			printf("  diglim-parser: refuses it: %s\n", err);
		else
			printf("  diglim-parser: %u digests selected (%u %%config), compact list of %zu bytes\n",
			       info.selected, info.config, w.len);
		compact_writer_free(&w);
	}
	free(digests);
	free(bases);
	free(dirnames);
	return rc;
}

static int dump_compact(const char *path, const uint8_t *buf, size_t len)
{
	struct compact_block b;
	const char *why = "";
	char hex[2 * HASH_MAX_DIGEST_SIZE + 1];
	size_t pos = 0;
	uint32_t i;
	int ret, n = 0;

	printf("  format: compact list\n");
	while ((ret = compact_next(buf, len, &pos, &b, &why)) == 1) {
		const char *an = hash_algo_name(b.algo);

		printf("  block %d: type %u, modifiers %u%s, algorithm %s, %u digests\n",
		       n++, b.type, b.modifiers,
		       b.modifiers & (1u << COMPACT_MOD_IMMUTABLE) ? " (immutable)" : "",
		       an ? an : "unknown", b.count);
		for (i = 0; i < b.count; i++) {
			hex_encode(b.digests + (size_t)i * b.dsize, b.dsize, hex);
			printf("  %s\n", hex);
		}
	}
	if (ret < 0) {
		tool_err(path, "malformed compact list at byte %zu: %s", pos, why);
		return -1;
	}
	if (n == 0) {
		tool_err(path, "empty compact list");
		return -1;
	}
	return 0;
}

static void dump_sig(const char *path, const struct modsig *ms)
{
	char hex[2 * PGP_FPR_V4_LEN + 1];
	struct pgp_sig sig;
	const char *why = "";

	if (!ms->sig) {
		printf("  signature: none\n");
		return;
	}
	if (pgp_sig_parse_packet(ms->sig, ms->sig_len, &sig, &why)) {
		printf("  signature: %zu bytes, unreadable: %s\n", ms->sig_len, why);
		tool_err(path, "appended signature unreadable: %s", why);
		return;
	}
	printf("  signature: OpenPGP v%u, %s/%s, %zu bytes", sig.version,
	       pgp_pk_name(sig.pk_algo), pgp_hash_name(sig.hash_algo), ms->sig_len);
	if (sig.has_keyid || sig.has_fpr) {
		hex_encode(sig.has_fpr ? sig.fpr + PGP_FPR_V4_LEN - PGP_KEYID_LEN
				       : sig.keyid, PGP_KEYID_LEN, hex);
		printf(", key ID %s", hex);
	}
	if (sig.has_fpr) {
		hex_encode(sig.fpr, PGP_FPR_V4_LEN, hex);
		printf(", issuer fingerprint %s", hex);
	}
	putchar('\n');
}

static int dump_one(const char *path)
{
	struct modsig ms;
	const char *why = "";
	uint8_t *buf;
	size_t len;
	int ret;

	ret = read_whole_file(path, TOOL_FILE_MAX, &buf, &len);
	if (ret) {
		tool_err(path, "cannot read: %s", ret == -EINVAL ? "not a regular file" :
			 strerror(-ret));
		return -1;
	}
	printf("%s:\n", path);
	ret = modsig_split(buf, len, &ms, &why);
	if (ret) {
		tool_err(path, "malformed appended signature: %s", why);
		goto out;
	}
	/* The content says what it is: an RPM header starts with its magic. */
	if (ms.body_len >= RPMH_MAGIC_LEN &&
	    !memcmp(buf, RPMH_MAGIC, RPMH_MAGIC_LEN))
		ret = dump_rpm(path, buf, ms.body_len);
	else
		ret = dump_compact(path, buf, ms.body_len);
	dump_sig(path, &ms);
out:
	free(buf);
	return ret;
}

int cmd_dump(int argc, char **argv)
{
	int i, bad = 0;

	if (argc < 2 || !strcmp(argv[1], "--help") || !strcmp(argv[1], "-h")) {
		fputs("usage: diglim dump FILE...\n", argc < 2 ? stderr : stdout);
		return argc < 2 ? EXIT_USAGE : EXIT_OK;
	}
	for (i = 1; i < argc; i++)
		if (dump_one(argv[i]))
			bad = 1;
	return bad ? EXIT_INVALID : EXIT_OK;
}
