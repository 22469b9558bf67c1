// SPDX-License-Identifier: GPL-2.0-only
/* Digest algorithms: Linux enum hash_algo numbers, sizes, OpenPGP mapping. */
#include "hash_algo.h"

static const struct {
	unsigned char size;
	const char *name;
} linux_algos[HASH_ALGO__LAST] = {
	[HASH_ALGO_MD5] = { 16, "md5" },
	[HASH_ALGO_SHA1] = { 20, "sha1" },
	[HASH_ALGO_RIPE_MD_160] = { 20, "rmd160" },
	[HASH_ALGO_SHA256] = { 32, "sha256" },
	[HASH_ALGO_SHA384] = { 48, "sha384" },
	[HASH_ALGO_SHA512] = { 64, "sha512" },
	[HASH_ALGO_SHA224] = { 28, "sha224" },
	[HASH_ALGO_SM3_256] = { 32, "sm3" },
	[HASH_ALGO_SHA3_256] = { 32, "sha3-256" },
	[HASH_ALGO_SHA3_384] = { 48, "sha3-384" },
	[HASH_ALGO_SHA3_512] = { 64, "sha3-512" },
};

/* OpenPGP (RFC 4880 9.4, RFC 9580 9.5) -> Linux. */
static const signed char pgp_to_linux[] = {
	[1] = HASH_ALGO_MD5,
	[2] = HASH_ALGO_SHA1,
	[3] = HASH_ALGO_RIPE_MD_160,
	[8] = HASH_ALGO_SHA256,
	[9] = HASH_ALGO_SHA384,
	[10] = HASH_ALGO_SHA512,
	[11] = HASH_ALGO_SHA224,
	[12] = HASH_ALGO_SHA3_256,
	[14] = HASH_ALGO_SHA3_512,
};

size_t hash_digest_size(unsigned int algo)
{
	return algo < HASH_ALGO__LAST ? linux_algos[algo].size : 0;
}

const char *hash_algo_name(unsigned int algo)
{
	return algo < HASH_ALGO__LAST ? linux_algos[algo].name : NULL;
}

int hash_algo_from_pgp(uint32_t pgp)
{
	if (pgp >= sizeof(pgp_to_linux) || pgp_to_linux[pgp] == 0)
		return -1;
	return pgp_to_linux[pgp];
}
