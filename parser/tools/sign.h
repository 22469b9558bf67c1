/* SPDX-License-Identifier: GPL-2.0-only */
/* Appended OpenPGP signatures made with gpg. */
#ifndef DIGLIM_TOOLS_SIGN_H
#define DIGLIM_TOOLS_SIGN_H

#include <stddef.h>
#include <stdint.h>

/*
 * Sign @data with gpg (--detach-sign, binary, SHA-256) as @keyid, in GnuPG
 * home @homedir (NULL: gpg's default; otherwise the gpg-agent gpg starts
 * there is stopped afterwards). *sig gets the malloc'ed signature packet,
 * checked to be one v4 signature packet. Returns 0, -EBADMSG (gpg output
 * not a signature packet) or another -errno; gpg's own messages go to
 * stderr.
 */
int sign_detached(const char *homedir, const char *keyid, const uint8_t *data,
		  size_t len, uint8_t **sig, size_t *sig_len);

#endif
