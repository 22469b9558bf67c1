/* SPDX-License-Identifier: GPL-2.0-only */
/* The commands: add/del every list of a directory, convert files. */
#ifndef DIGLIM_LOAD_H
#define DIGLIM_LOAD_H

#include <linux/diglim.h>

#include "convert.h"

/* Exit statuses. */
#define EXIT_ALL_DONE	0
#define EXIT_SOME_FAILED 1
#define EXIT_FATAL	2	/* usage, no directory, no securityfs */

struct load_opts {
	struct convert_opts conv;	/* .type is taken from each name */
	const char *securityfs;
};

/* add / del: every list file in @dir, sorted by name. Returns EXIT_*. */
int load_dir(const struct load_opts *o, enum ops op, const char *dir);

/* convert: each rpm list file to a compact list in @outdir. EXIT_*. */
int convert_files(const struct load_opts *o, char *const *files, int n,
		  const char *outdir);

#endif
