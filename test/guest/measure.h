/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * IMA's measurement list and the TPM's PCRs, for the guest test programs
 * (smoke, enforce): sha256 bank only.
 */
#ifndef DIGLIM_TEST_MEASURE_H
#define DIGLIM_TEST_MEASURE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "sha256.h"

#define IMA_DIR		"/sys/kernel/security/ima"
#define IMA_LIST_SHA256	IMA_DIR "/ascii_runtime_measurements_sha256"
#define TPM_DIR		"/sys/class/tpm/tpm0"
#define MAX_LIST	(1 << 20)

#define IMA_BINARY_SHA256	IMA_DIR "/binary_runtime_measurements_sha256"

/*
 * Print the binary measurement list of the sha256 bank as diagnostics,
 * "# imalog HEX" lines of 64 bytes, for the host's `diglim attest`.
 * True when the whole list was read.
 */
bool print_binary_log(void);

/* A whole small file, NUL-terminated, at most @max bytes; NULL on error. */
char *read_text(const char *path, size_t max);

/* Exactly @outlen bytes from 2 * @outlen hex digits: true on success. */
bool parse_hex(const char *hex, size_t hexlen, uint8_t *out, size_t outlen);

bool all_zero(const uint8_t *p, size_t len);

/* PCR @pcr of the TPM's sha256 bank: true when read. */
bool pcr_read(unsigned int pcr, uint8_t out[SHA256_DIGEST_SIZE]);

/*
 * PCR @pcr as a diagnostic "# boot-pcr N HEX", for the host: true when
 * read.  Printed right after the quote (quote.h) and before
 * print_binary_log(), it is what a verifier gets (`diglim attest --pcrs`).
 */
bool print_boot_pcr(unsigned int pcr);

/* One line of IMA_LIST_SHA256. */
struct ima_entry {
	unsigned int pcr;
	uint8_t template_hash[SHA256_DIGEST_SIZE];
	char template[32];
	char digest[160];
	char name[256];
};

/* Parse "PCR template-hash template-name algo:digest name ...". */
bool ima_entry_parse(const char *line, struct ima_entry *e);

/* Extend @pcr_value (sha256 bank) with an entry's template hash. */
void pcr_extend(uint8_t pcr_value[SHA256_DIGEST_SIZE],
		const struct ima_entry *e);

#endif /* DIGLIM_TEST_MEASURE_H */
