// SPDX-License-Identifier: GPL-2.0-only
/*
 * The last test program of a guest whose measurement list the host judges
 * with `diglim attest` (the demo image): prints the TPM's quote of PCRs
 * 0-11 over the nonce diglimtest.nonce=HEX ("# quote-*", see quote.h),
 * PCRs 0-11 ("# boot-pcr N HEX") and IMA's binary measurement list of the
 * sha256 bank ("# imalog HEX"), with nothing run in between.
 * test/lib/attest-boot reads them back from the console log.
 */
#include "measure.h"
#include "quote.h"
#include "tap.h"

int main(void)
{
	unsigned int pcr;
	bool log, pcrs;

	tap_plan(2);
	tap_ok(print_quote(), "the TPM quotes PCRs 0-11 over the host's nonce");
	for (pcr = 0, pcrs = true; pcr <= 11; pcr++)
		pcrs = print_boot_pcr(pcr) && pcrs;
	log = print_binary_log();
	tap_ok(log && pcrs, "the measurement list and PCRs 0-11 are printed "
	       "for the host's verifier");
	return tap_exit();
}
