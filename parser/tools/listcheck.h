/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The checks `diglim verify` makes of a list file, for every command that
 * must trust list files by their signature (verify, attest): keyrings
 * loaded from files, and one list file checked by the kernel's rules.
 */
#ifndef DIGLIM_TOOLS_LISTCHECK_H
#define DIGLIM_TOOLS_LISTCHECK_H

#include "keyring.h"
#include "pgp.h"

#include <stddef.h>
#include <stdint.h>

/* Most --keyring options of one command. */
#define KEYRINGS_MAX 16

/*
 * Load the keyring files @paths into one keyring: each is checked on its
 * own first, so that an error names its file; a warning names each subkey
 * that is not bound for signing. Returns an exit code of util.h.
 */
int keyrings_load(struct keyring *kr, char **paths, int n);

/* What listfile_check() found. */
struct listcheck {
	char why[256];			/* the reason, when it fails */
	struct pgp_sig sig;		/* the signature, when it passes */
	const struct pgp_key *key;	/* the key that made it */
};

/*
 * Check list file @buf (@len bytes, format "rpm" or "compact"): an
 * appended OpenPGP signature that verifies with a key of @kr by the
 * kernel's rules, over a body diglim-parser accepts (an rpm header it
 * converts with its defaults, or a valid compact list). 0, or -1 with
 * c->why set.
 */
int listfile_check(const struct keyring *kr, const uint8_t *buf, size_t len,
		   const char *format, struct listcheck *c);

#endif
