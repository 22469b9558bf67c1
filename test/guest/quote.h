/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * A TPM 2.0 quote of PCRs 0-11 (sha256 bank: the boot chain's, IMA's and
 * DIGLIM's) over the verifier's nonce, made with raw commands on /dev/tpmrm0, for the host's
 * `diglim attest --quote`.
 */
#ifndef DIGLIM_TEST_QUOTE_H
#define DIGLIM_TEST_QUOTE_H

#include <stdbool.h>

/*
 * Create the attestation key (an ECC NIST P-256 restricted signing key,
 * the primary of the owner hierarchy made from a fixed template, so the
 * same TPM gives the same key at every boot), quote PCRs 0-11 with
 * the nonce of the kernel command line (diglimtest.nonce=HEX), and print
 * as diagnostics what `tpm2_readpublic -f tss`, `tpm2_quote -m` and
 * `tpm2_quote -s` would write: "# quote-ak HEX" (TPM2B_PUBLIC),
 * "# quote-attest HEX" (TPMS_ATTEST), "# quote-sig HEX" (TPMT_SIGNATURE).
 * Print the PCRs right after it (print_boot_pcr()), with nothing measured
 * in between, then the measurement list (print_binary_log()): entries
 * measured after the quote are in it, and `diglim attest` does not judge
 * them. True when all three were printed.
 */
bool print_quote(void);

#endif /* DIGLIM_TEST_QUOTE_H */
