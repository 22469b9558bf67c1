// SPDX-License-Identifier: GPL-2.0-only
/*
 * `diglim verify (DIR | FILE)... --keyring KEYS.pgp`: check the appended
 * OpenPGP signature of every list file with the keys of KEYS.pgp, by the
 * kernel's rules (sigverify.h); one OK/FAIL line per file, a summary, and
 * a non-zero exit status on any failure.
 */
#include "verify.h"
#include "keyring.h"
#include "listfile.h"
#include "sigverify.h"
#include "util.h"

#include "compact.h"
#include "convert.h"
#include "modsig.h"

#include <dirent.h>
#include <errno.h>
#include <getopt.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

struct verify_stats {
	unsigned int ok, failed, ignored;
};

static void fail(struct verify_stats *s, const char *path, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

static void fail(struct verify_stats *s, const char *path, const char *fmt, ...)
{
	va_list ap;

	printf("FAIL %s: ", path);
	va_start(ap, fmt);
	vprintf(fmt, ap);
	va_end(ap);
	putchar('\n');
	s->failed++;
}

/* Check the list file @path; @format is "rpm" or "compact". */
static void verify_file(const struct keyring *kr, const char *path,
			const char *format, struct verify_stats *s)
{
	const struct pgp_key *key;
	enum sigverify_result res;
	struct pgp_sig sig;
	struct modsig ms;
	const char *why = "";
	uint8_t *buf;
	size_t len;
	char keyid[2 * PGP_KEYID_LEN + 1];
	int ret;

	ret = read_whole_file(path, TOOL_FILE_MAX, &buf, &len);
	if (ret) {
		fail(s, path, "cannot read: %s", ret == -EINVAL ? "not a regular file" :
		     ret == -EFBIG ? "larger than 64 MiB - 1" : strerror(-ret));
		return;
	}
	ret = modsig_split(buf, len, &ms, &why);
	if (ret) {
		fail(s, path, "malformed appended signature: %s", why);
		goto out;
	}
	if (!ms.sig) {
		fail(s, path, "%s", "unsigned (no appended signature)");
		goto out;
	}
	if (!strcmp(format, "rpm")) {
		/* What diglim-parser does with it at boot, with its defaults. */
		struct convert_opts o = { .type = COMPACT_FILE };
		struct compact_writer w;
		struct convert_info info;
		char err[CONVERT_ERR_LEN];

		compact_writer_init(&w);
		ret = convert_rpm(buf, len, &o, &w, &info, err);
		compact_writer_free(&w);
		if (ret) {
			fail(s, path, "diglim-parser refuses it: %s", err);
			goto out;
		}
	} else if (compact_validate(buf, ms.body_len, NULL, &why)) {
		fail(s, path, "malformed compact list: %s", why);
		goto out;
	}
	res = sigverify(kr, buf, ms.body_len, ms.sig, ms.sig_len, &sig, &key, &why);
	if (res != SIG_OK && key && key->unbound) {
		char fpr[2 * PGP_FPR_V4_LEN + 1];

		hex_encode(key->fpr, PGP_FPR_V4_LEN, fpr);
		fail(s, path, "%s: %s (subkey %s)", why, key->unbound, fpr);
		goto out;
	}
	if (res != SIG_OK) {
		fail(s, path, "%s", why);
		goto out;
	}
	hex_encode(pgp_key_id(key), PGP_KEYID_LEN, keyid);
	printf("OK   %s (%s/%s, key ID %s%s)\n", path, pgp_pk_name(sig.pk_algo),
	       pgp_hash_name(sig.hash_algo), keyid, key->subkey ? ", subkey" : "");
	s->ok++;
out:
	free(buf);
}

/* A path argument: a directory of list files or one list file. */
static int verify_path(const struct keyring *kr, const char *path,
		       struct verify_stats *s)
{
	struct dirent **ents;
	const char *format;
	struct stat st;
	int n, i;

	if (stat(path, &st) < 0) {
		tool_err(path, "%s", strerror(errno));
		return -1;
	}
	if (!S_ISDIR(st.st_mode)) {
		const char *base = strrchr(path, '/');

		base = base ? base + 1 : path;
		if (!listfile_label(base, &format)) {
			fail(s, path, "%s", "not a list file name (<N>-<type>_list-<format>-<label>)");
			return 0;
		}
		verify_file(kr, path, format, s);
		return 0;
	}
	n = scandir(path, &ents, NULL, alphasort);
	if (n < 0) {
		tool_err(path, "cannot list: %s", strerror(errno));
		return -1;
	}
	for (i = 0; i < n; i++) {
		const char *name = ents[i]->d_name;
		char *full;

		if (name[0] == '.') {
			free(ents[i]);
			continue;
		}
		if (asprintf(&full, "%s/%s", path, name) < 0) {
			full = NULL;
			tool_err(path, "%s", strerror(ENOMEM));
			s->failed++;
		} else if (!listfile_label(name, &format)) {
			/* The parser ignores these too. */
			printf("SKIP %s: not a list file name\n", full);
			s->ignored++;
		} else {
			verify_file(kr, full, format, s);
		}
		free(full);
		free(ents[i]);
	}
	free(ents);
	return 0;
}

static void usage(FILE *f)
{
	fputs("usage: diglim verify (DIR | FILE)... --keyring KEYS.pgp [--keyring MORE.pgp]...\n", f);
}

#define MAX_KEYRINGS 16

/*
 * Load the keyring files @paths into one keyring: each is checked on its
 * own first, so that an error names its file. Returns an exit code.
 */
static int load_keyrings(struct keyring *kr, char **paths, int n)
{
	uint8_t *all = NULL, *p;
	size_t total = 0;
	const char *why = "";
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
	/* The kernel would not make a key of these (kernel patch 0054). */
	for (size_t k = 0; k < kr->nkeys; k++) {
		char fpr[2 * PGP_FPR_V4_LEN + 1];

		if (!kr->keys[k].unbound)
			continue;
		hex_encode(kr->keys[k].fpr, PGP_FPR_V4_LEN, fpr);
		tool_err(NULL, "warning: subkey %s is not usable, it is not bound to its primary key for signing: %s",
			 fpr, kr->keys[k].unbound);
	}
	return EXIT_OK;
}

int cmd_verify(int argc, char **argv)
{
	static const struct option opts[] = {
		{ "keyring", required_argument, NULL, 'k' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	struct verify_stats s = { 0 };
	char *keyrings[MAX_KEYRINGS];
	struct keyring kr;
	int opt, ret, i, nkr = 0, sys = 0;

	while ((opt = getopt_long(argc, argv, "k:h", opts, NULL)) != -1) {
		switch (opt) {
		case 'k':
			if (nkr == MAX_KEYRINGS) {
				tool_err(NULL, "at most %d --keyring options", MAX_KEYRINGS);
				return EXIT_USAGE;
			}
			keyrings[nkr++] = optarg;
			break;
		case 'h': usage(stdout); return EXIT_OK;
		default: usage(stderr); return EXIT_USAGE;
		}
	}
	if (!nkr || optind == argc) {
		tool_err(NULL, "give --keyring KEYS.pgp and at least one directory or file");
		usage(stderr);
		return EXIT_USAGE;
	}
	ret = load_keyrings(&kr, keyrings, nkr);
	if (ret != EXIT_OK)
		return ret;
	for (i = optind; i < argc; i++)
		if (verify_path(&kr, argv[i], &s))
			sys = 1;
	keyring_free(&kr);
	printf("%u list file%s: %u OK, %u failed", s.ok + s.failed,
	       s.ok + s.failed == 1 ? "" : "s", s.ok, s.failed);
	if (s.ignored)
		printf(", %u other file%s skipped", s.ignored, s.ignored == 1 ? "" : "s");
	putchar('\n');
	if (s.failed)
		return EXIT_INVALID;
	if (sys)
		return EXIT_SYSTEM;
	if (!s.ok) {
		tool_err(NULL, "no list file found");
		return EXIT_INVALID;
	}
	return EXIT_OK;
}
