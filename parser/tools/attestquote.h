/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * `diglim attest --quote`: the TPM's signed word for the PCR values the
 * measurement list is compared with.
 */
#ifndef DIGLIM_TOOLS_ATTESTQUOTE_H
#define DIGLIM_TOOLS_ATTESTQUOTE_H

#include "imalog.h"
#include "tpmquote.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define QUOTE_NONCE_MAX	64	/* TPM2B_DATA holds at most a digest */

struct quote_args {
	const char *ak;			/* TPM2B_PUBLIC file */
	const char *quote;		/* TPMS_ATTEST file */
	const char *sig;		/* TPMT_SIGNATURE file */
	uint8_t nonce[QUOTE_NONCE_MAX];
	size_t nonce_len;
};

/* The PCR values the verifier was given, and the PCRs the log extends. */
struct quote_pcrs {
	uint16_t bank;			/* TPM_ALG_* of the values */
	size_t dsize;
	const bool *given;		/* [IMA_PCR_MAX] */
	const uint8_t (*values)[64];	/* [IMA_PCR_MAX] */
	const bool *used;		/* [IMA_PCR_MAX] */
};

/*
 * Parse @hex (an even number of hex digits, at most QUOTE_NONCE_MAX bytes)
 * into @qa's nonce. Returns false when it is not such a string.
 */
bool quote_nonce_parse(struct quote_args *qa, const char *hex);

/*
 * Check the quote of @qa: signed by the attestation key, over the nonce,
 * its PCR digest that of the given values, and covering every PCR the log
 * extends. Prints "quote: ..." lines; *ok says whether it all held, and
 * *covered (bit i: PCR i) which PCRs' values it vouches for then.
 * Returns an exit code of util.h (EXIT_SYSTEM: a file could not be read).
 */
int attest_quote(const struct quote_args *qa, const struct quote_pcrs *p,
		 bool *ok, uint32_t *covered);

#endif
