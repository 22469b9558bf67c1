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
#include "listcheck.h"
#include "util.h"

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
	struct listcheck c;
	uint8_t *buf;
	size_t len;
	char keyid[2 * PGP_KEYID_LEN + 1];
	struct stat st;
	int ret;

	/* diglim-parser opens list files with O_NOFOLLOW: a link fails at boot. */
	if (lstat(path, &st) == 0 && S_ISLNK(st.st_mode)) {
		fail(s, path, "%s", "a symbolic link (diglim-parser does not follow it)");
		return;
	}
	ret = read_whole_file(path, TOOL_FILE_MAX, &buf, &len);
	if (ret) {
		fail(s, path, "cannot read: %s", ret == -EINVAL ? "not a regular file" :
		     ret == -EFBIG ? "larger than 64 MiB - 1" : strerror(-ret));
		return;
	}
	if (listfile_check(kr, buf, len, format, &c)) {
		fail(s, path, "%s", c.why);
		free(buf);
		return;
	}
	hex_encode(pgp_key_id(c.key), PGP_KEYID_LEN, keyid);
	printf("OK   %s (%s/%s, key ID %s%s)\n", path, pgp_pk_name(c.sig.pk_algo),
	       pgp_hash_name(c.sig.hash_algo), keyid, c.key->subkey ? ", subkey" : "");
	s->ok++;
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

int cmd_verify(int argc, char **argv)
{
	static const struct option opts[] = {
		{ "keyring", required_argument, NULL, 'k' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	struct verify_stats s = { 0 };
	char *keyrings[KEYRINGS_MAX];
	struct keyring kr;
	int opt, ret, i, nkr = 0, sys = 0;

	while ((opt = getopt_long(argc, argv, "k:h", opts, NULL)) != -1) {
		switch (opt) {
		case 'k':
			if (nkr == KEYRINGS_MAX) {
				tool_err(NULL, "at most %d --keyring options", KEYRINGS_MAX);
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
	ret = keyrings_load(&kr, keyrings, nkr);
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
