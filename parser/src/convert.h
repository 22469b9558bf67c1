/* SPDX-License-Identifier: GPL-2.0-only */
/* RPM header list file -> compact list. */
#ifndef DIGLIM_CONVERT_H
#define DIGLIM_CONVERT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "compact.h"

#define CONVERT_ERR_LEN 200

struct convert_opts {
	uint16_t type;		/* compact type of the output (COMPACT_FILE) */
	bool exec_only;		/* only executables and shared libraries */
	bool allow_md5;		/* accept packages with MD5 file digests */
};

struct convert_info {
	char nevra[256];	/* NAME-VERSION-RELEASE[.ARCH] */
	uint16_t algo;		/* Linux hash algorithm of the digests */
	uint32_t files;		/* entries in FILEDIGESTS */
	uint32_t selected;	/* digests written */
	uint32_t config;	/* of which %config (mutable block) */
	bool is_signed;		/* the file has an appended signature */
};

/*
 * Convert the rpm list file in @buf (header, optionally followed by an
 * appended signature) into a compact list appended to @w (which is reset
 * first). An empty result (w->len == 0) means no digest was selected.
 * Returns 0, or a negative errno (-EBADMSG malformed, -ENOTSUP refused
 * algorithm, -ENOMEM, -E2BIG) with a message in @err.
 */
int convert_rpm(const uint8_t *buf, size_t len, const struct convert_opts *o,
		struct compact_writer *w, struct convert_info *info,
		char err[CONVERT_ERR_LEN]);

/* True when @name looks like a shared library: *.so or *.so.<digit>... */
bool convert_is_shlib(const char *name, size_t len);

#endif
