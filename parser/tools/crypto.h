/* SPDX-License-Identifier: GPL-2.0-only */
/* libgcrypt set-up and file digests for the diglim host tools. */
#ifndef DIGLIM_TOOLS_CRYPTO_H
#define DIGLIM_TOOLS_CRYPTO_H

#include <stddef.h>
#include <stdint.h>

/* Initialise libgcrypt once. Returns 0, or -1 when the library is too old. */
int crypto_init(void);

/*
 * SHA-256 of the regular file @path into @out. Returns 0 or -errno
 * (-EINVAL: not a regular file).
 */
int crypto_sha256_file(const char *path, uint8_t out[32]);

#endif
