/* SPDX-License-Identifier: GPL-2.0-only */
/* Digest algorithms: Linux enum hash_algo numbers, sizes, OpenPGP mapping. */
#ifndef DIGLIM_HASH_ALGO_H
#define DIGLIM_HASH_ALGO_H

#include <stddef.h>
#include <stdint.h>

/* Linux enum hash_algo values used here. */
enum {
	HASH_ALGO_MD5 = 1,
	HASH_ALGO_SHA1 = 2,
	HASH_ALGO_RIPE_MD_160 = 3,
	HASH_ALGO_SHA256 = 4,
	HASH_ALGO_SHA384 = 5,
	HASH_ALGO_SHA512 = 6,
	HASH_ALGO_SHA224 = 7,
	HASH_ALGO_SM3_256 = 17,
	HASH_ALGO_SHA3_256 = 20,
	HASH_ALGO_SHA3_384 = 21,
	HASH_ALGO_SHA3_512 = 22,
	HASH_ALGO__LAST = 23,
};

#define HASH_MAX_DIGEST_SIZE 64

/* Digest size in bytes of Linux algorithm @algo; 0 when unknown here. */
size_t hash_digest_size(unsigned int algo);

/* Kernel name of @algo ("sha256"), or NULL. */
const char *hash_algo_name(unsigned int algo);

/* Linux algorithm for OpenPGP hash number @pgp; -1 when unsupported. */
int hash_algo_from_pgp(uint32_t pgp);

#endif
