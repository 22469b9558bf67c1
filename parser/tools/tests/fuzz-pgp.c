// SPDX-License-Identifier: GPL-2.0-only
/*
 * libFuzzer target for the OpenPGP side of the host tools. The first byte
 * selects what the rest is: 0 a keyring (its subkeys' binding signatures
 * are checked as it loads), 1 a signature packet, 2 be16 keyring length +
 * keyring + signature packet over the bytes "data", checked with
 * sigverify().
 */
#include "crypto.h"
#include "keyring.h"
#include "pgp.h"
#include "sigverify.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *d, size_t n);

static int parse_copy(struct keyring *kr, const uint8_t *p, size_t len)
{
	uint8_t *c = malloc(len ? len : 1);
	const char *why;

	if (!c)
		return -1;
	if (len)
		memcpy(c, p, len);
	return keyring_parse(kr, c, len, &why);
}

int LLVMFuzzerTestOneInput(const uint8_t *d, size_t n)
{
	static const uint8_t data[] = "data";
	const struct pgp_key *key;
	struct keyring kr;
	struct pgp_sig sig;
	const char *why;
	size_t klen;

	if (crypto_init() || n < 1)
		return 0;
	switch (d[0] % 3) {
	case 0:
		parse_copy(&kr, d + 1, n - 1);
		keyring_free(&kr);
		break;
	case 1:
		pgp_sig_parse_packet(d + 1, n - 1, &sig, &why);
		break;
	default:
		if (n < 3)
			return 0;
		klen = (size_t)d[1] << 8 | d[2];
		if (klen > n - 3)
			return 0;
		if (!parse_copy(&kr, d + 3, klen))
			sigverify(&kr, data, sizeof(data) - 1, d + 3 + klen,
				  n - 3 - klen, &sig, &key, &why);
		keyring_free(&kr);
		break;
	}
	return 0;
}
