// SPDX-License-Identifier: GPL-2.0-only
/*
 * `diglim compact (--parser | --file) FILE... -o OUT [--immutable]
 * [--sign KEYID [--gpg-homedir DIR]]`: one block of SHA-256 digests of
 * the given files, type COMPACT_PARSER or COMPACT_FILE, optionally with
 * an appended OpenPGP signature.
 */
#include "compact_cmd.h"
#include "crypto.h"
#include "listfile.h"
#include "sign.h"
#include "util.h"

#include "compact.h"
#include "hash_algo.h"

#include <errno.h>
#include <getopt.h>
#include <libgen.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void usage(FILE *f)
{
	fputs("usage: diglim compact (--parser | --file) FILE... -o OUT [--immutable]\n"
	      "                      [--sign KEYID [--gpg-homedir DIR]]\n", f);
}

/* Write @buf to the path @out atomically. */
static int write_out(const char *out, const uint8_t *buf, size_t len)
{
	char *d = strdup(out), *b = strdup(out);
	int ret = -ENOMEM;

	if (d && b)
		ret = write_file_atomic(dirname(d), basename(b), buf, len);
	free(d);
	free(b);
	return ret;
}

int cmd_compact(int argc, char **argv)
{
	static const struct option opts[] = {
		{ "parser", no_argument, NULL, 'p' },
		{ "file", no_argument, NULL, 'f' },
		{ "output", required_argument, NULL, 'o' },
		{ "immutable", no_argument, NULL, 'i' },
		{ "sign", required_argument, NULL, 's' },
		{ "gpg-homedir", required_argument, NULL, 'g' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	const char *out = NULL, *keyid = NULL, *homedir = NULL, *format, *base;
	uint8_t *sig = NULL, *signed_buf = NULL;
	size_t sig_len = 0, signed_len = 0;
	struct compact_writer w;
	int type = -1, opt, ret, i, rc = EXIT_INVALID;
	uint16_t mods = 0;

	while ((opt = getopt_long(argc, argv, "o:h", opts, NULL)) != -1) {
		switch (opt) {
		case 'p':
		case 'f':
			if (type >= 0) {
				tool_err(NULL, "give one of --parser and --file");
				return EXIT_USAGE;
			}
			type = opt == 'p' ? COMPACT_PARSER : COMPACT_FILE;
			break;
		case 'o': out = optarg; break;
		case 'i': mods = 1u << COMPACT_MOD_IMMUTABLE; break;
		case 's': keyid = optarg; break;
		case 'g': homedir = optarg; break;
		case 'h': usage(stdout); return EXIT_OK;
		default: usage(stderr); return EXIT_USAGE;
		}
	}
	if (type < 0 || !out || optind == argc || (homedir && !keyid)) {
		tool_err(NULL, "give --parser or --file, -o OUT and at least one file%s",
			 homedir && !keyid ? " (--gpg-homedir needs --sign)" : "");
		usage(stderr);
		return EXIT_USAGE;
	}
	base = strrchr(out, '/');
	base = base ? base + 1 : out;
	if (!listfile_label(base, &format) || strcmp(format, "compact") != 0)
		tool_err(out, "warning: name does not follow <N>-<type>_list-compact-<label>; diglim-parser will ignore it");

	compact_writer_init(&w);
	if (compact_reserve(&w, (size_t)(argc - optind), 32) ||
	    compact_block_begin(&w, (uint16_t)type, mods, HASH_ALGO_SHA256)) {
		tool_err(NULL, "%s", strerror(ENOMEM));
		rc = EXIT_SYSTEM;
		goto out;
	}
	for (i = optind; i < argc; i++) {
		uint8_t *slot = compact_digest_slot(&w);

		if (!slot) {
			tool_err(argv[i], "too many files for one list");
			goto out;
		}
		ret = crypto_sha256_file(argv[i], slot);
		if (ret) {
			tool_err(argv[i], "cannot read: %s",
				 ret == -EINVAL ? "not a regular file" : strerror(-ret));
			goto out;
		}
	}
	if (compact_block_end(&w)) {
		tool_err(out, "list too large");
		goto out;
	}
	if (keyid) {
		ret = sign_detached(homedir, keyid, w.buf, w.len, &sig, &sig_len);
		if (ret) {
			tool_err(out, "gpg could not sign the list as %s%s%s", keyid,
				 homedir ? " in " : "", homedir ? homedir : "");
			rc = EXIT_SYSTEM;
			goto out;
		}
		if (listfile_append_sig(w.buf, w.len, sig, sig_len, &signed_buf,
					&signed_len)) {
			tool_err(NULL, "%s", strerror(ENOMEM));
			rc = EXIT_SYSTEM;
			goto out;
		}
	}
	ret = signed_buf ? write_out(out, signed_buf, signed_len)
			 : write_out(out, w.buf, w.len);
	if (ret) {
		tool_err(out, "cannot write: %s", strerror(-ret));
		rc = EXIT_SYSTEM;
		goto out;
	}
	rc = EXIT_OK;
out:
	free(sig);
	free(signed_buf);
	compact_writer_free(&w);
	return rc;
}
