// SPDX-License-Identifier: GPL-2.0-only
/*
 * libFuzzer target for what `diglim attest --quote` reads: the input is
 * be16(length) || TPM2B_PUBLIC || be16(length) || TPMS_ATTEST ||
 * TPMT_SIGNATURE (seeds: `test-tools-tpmquote DIR`). The key is
 * parsed; the quote and its signature are parsed and verified with it, or,
 * when the key is refused, with a fixed P-256 key, so that the quote's
 * parser runs on every input.
 */
#include "crypto.h"
#include "tpmquote.h"

#include <stdint.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *d, size_t n);

int LLVMFuzzerTestOneInput(const uint8_t *d, size_t n)
{
	static const uint8_t coord[32] = { 1, 2, 3, 4, 5, 6, 7, 8 };
	static int init;
	struct tpm_ak ak;
	struct tpm_quote q;
	char why[160];
	size_t pub_len, att_len;

	if (!init) {
		if (crypto_init())
			return 0;
		init = 1;
	}
	if (n < 2)
		return 0;
	pub_len = (size_t)d[0] << 8 | d[1];
	if (pub_len > n - 2)
		pub_len = n - 2;
	if (tpm_ak_parse(d + 2, pub_len, &ak)) {
		memset(&ak, 0, sizeof(ak));
		ak.type = TPM_ALG_ECC;
		ak.bits = 256;
		ak.curve = "NIST P-256";
		ak.x = ak.y = coord;
		ak.x_len = ak.y_len = sizeof(coord);
	}
	d += 2 + pub_len;
	n -= 2 + pub_len;
	if (n < 2)
		return 0;
	att_len = (size_t)d[0] << 8 | d[1];
	if (att_len > n - 2)
		att_len = n - 2;
	(void)tpm_quote_check(&ak, d + 2, att_len, d + 2 + att_len,
			      n - 2 - att_len, &q, why, sizeof(why));
	return 0;
}
