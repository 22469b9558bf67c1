// SPDX-License-Identifier: GPL-2.0-only
/*
 * diglim-parser: load the digest lists of a directory into DIGLIM.
 * Arguments and dispatch only; see parser/README.md.
 */
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "load.h"
#include "log.h"
#include "upload.h"

#define FILES_MAX 100000

static void usage(FILE *f)
{
	fputs("usage: diglim-parser [OPTIONS] add DIR\n"
	      "       diglim-parser [OPTIONS] del DIR\n"
	      "       diglim-parser [OPTIONS] convert FILE... -o DIR\n"
	      "options:\n"
	      "  --exec-only        only executables and shared libraries\n"
	      "  --allow-md5        accept packages with MD5 file digests\n"
	      "  --securityfs DIR   securityfs mount point (default $"
	      UPLOAD_SECURITYFS_ENV " or " UPLOAD_SECURITYFS_DEFAULT ")\n"
	      "  -o DIR             output directory of convert\n"
	      "  -v                 more messages (repeat for more)\n"
	      "add loads what is not loaded yet: a list the kernel already\n"
	      "holds (EEXIST) is reported as already loaded, not as failed\n"
	      "exit status: 0 every list done, 1 some failed, 2 fatal error\n",
	      f);
}

int main(int argc, char **argv)
{
	struct load_opts o = { .conv = { .type = COMPACT_FILE } };
	const char *outdir = NULL, *cmd = NULL;
	char **args;
	bool opts_done = false;
	int i, nargs = 0, verbose = 0, ret;

	log_init();
	o.securityfs = getenv(UPLOAD_SECURITYFS_ENV);
	if (!o.securityfs || !o.securityfs[0])
		o.securityfs = UPLOAD_SECURITYFS_DEFAULT;
	if (argc < 2 || argc > FILES_MAX) {
		usage(stderr);
		return EXIT_FATAL;
	}
	args = calloc((size_t)argc, sizeof(*args));
	if (!args) {
		log_err("out of memory");
		return EXIT_FATAL;
	}
	for (i = 1; i < argc; i++) {
		const char *a = argv[i];

		if (opts_done || a[0] != '-' || !a[1]) {
			args[nargs++] = argv[i];
		} else if (!strcmp(a, "--")) {
			opts_done = true;
		} else if (!strcmp(a, "--exec-only")) {
			o.conv.exec_only = true;
		} else if (!strcmp(a, "--allow-md5")) {
			o.conv.allow_md5 = true;
		} else if (!strcmp(a, "-v") || !strcmp(a, "--verbose")) {
			verbose++;
		} else if (!strcmp(a, "-vv")) {
			verbose += 2;
		} else if ((!strcmp(a, "--securityfs") || !strcmp(a, "-o")) &&
			   i + 1 < argc) {
			if (a[1] == 'o')
				outdir = argv[++i];
			else
				o.securityfs = argv[++i];
		} else if (!strcmp(a, "-h") || !strcmp(a, "--help")) {
			usage(stdout);
			free(args);
			return EXIT_ALL_DONE;
		} else {
			log_err("unknown or incomplete option '%s'", a);
			usage(stderr);
			free(args);
			return EXIT_FATAL;
		}
	}
	log_set_verbose(verbose);
	if (nargs > 0)
		cmd = args[0];
	if (cmd && (!strcmp(cmd, "add") || !strcmp(cmd, "del")) && nargs == 2 &&
	    !outdir) {
		ret = load_dir(&o, !strcmp(cmd, "add") ? DIGEST_LIST_ADD
						       : DIGEST_LIST_DEL, args[1]);
	} else if (cmd && !strcmp(cmd, "convert") && nargs >= 2 && outdir) {
		ret = convert_files(&o, args + 1, nargs - 1, outdir);
	} else {
		usage(stderr);
		ret = EXIT_FATAL;
	}
	free(args);
	return ret;
}
