// SPDX-License-Identifier: GPL-2.0-only
/* Unit tests of hash_algo.c: sizes, names, OpenPGP to Linux numbering. */
#include <string.h>

#include "hash_algo.h"
#include "tap.h"

int main(void)
{
	static const struct { uint32_t pgp; int linux_algo; } map[] = {
		{ 1, 1 }, { 2, 2 }, { 3, 3 }, { 8, 4 }, { 9, 5 }, { 10, 6 },
		{ 11, 7 }, { 12, 20 }, { 14, 22 },
	};
	static const uint32_t unknown[] = { 0, 4, 5, 6, 7, 13, 15, 100, 0xffffffff };
	size_t i, good = 0;

	for (i = 0; i < sizeof(map) / sizeof(map[0]); i++)
		good += hash_algo_from_pgp(map[i].pgp) == map[i].linux_algo;
	ok(good == i, "OpenPGP -> Linux mapping of the notes' table");
	for (good = i = 0; i < sizeof(unknown) / sizeof(unknown[0]); i++)
		good += hash_algo_from_pgp(unknown[i]) == -1;
	ok(good == i, "unassigned OpenPGP numbers are refused");
	ok(hash_digest_size(HASH_ALGO_MD5) == 16 && hash_digest_size(HASH_ALGO_SHA1) == 20 &&
	   hash_digest_size(HASH_ALGO_SHA256) == 32 && hash_digest_size(HASH_ALGO_SHA384) == 48 &&
	   hash_digest_size(HASH_ALGO_SHA512) == 64 && hash_digest_size(HASH_ALGO_SHA224) == 28 &&
	   hash_digest_size(HASH_ALGO_SHA3_256) == 32 && hash_digest_size(HASH_ALGO_SHA3_512) == 64,
	   "digest sizes");
	ok(hash_digest_size(0) == 0 && hash_digest_size(8) == 0 &&
	   hash_digest_size(HASH_ALGO__LAST) == 0 && hash_digest_size(60000) == 0,
	   "unknown algorithms have size 0");
	ok(!strcmp(hash_algo_name(HASH_ALGO_SHA256), "sha256") && hash_algo_name(99) == NULL,
	   "names as the kernel spells them");
	return tap_done();
}
