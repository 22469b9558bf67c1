// SPDX-License-Identifier: GPL-2.0-only
/*
 * Unit test of the guest's SHA-256 against FIPS 180-4 / NIST vectors,
 * including inputs that end exactly at and across block boundaries.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sha256.h"
#include "tap.h"

struct vector {
	const char *name;
	const char *input;
	size_t repeat;
	const char *digest;
};

static const struct vector vectors[] = {
	{ "empty", "", 1,
	  "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855" },
	{ "abc", "abc", 1,
	  "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad" },
	{ "two blocks",
	  "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq", 1,
	  "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1" },
	{ "one million a", "a", 1000000,
	  "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0" },
	{ "55 bytes (padding fits)",
	  "0123456789012345678901234567890123456789012345678901234", 1,
	  "f34d5a0f80c0cbf84c8c0b90218c22637abd199965249da736a20143c8c9c9d9" },
	{ "64 bytes (exact block)",
	  "0123456789012345678901234567890123456789012345678901234567890123", 1,
	  "9674d9e078535b7cec43284387a6ee39956188e735a85452b0050b55341cda56" },
	{ NULL, NULL, 0, NULL },
};

static void to_hex(const uint8_t *d, char *out)
{
	size_t i;

	for (i = 0; i < SHA256_DIGEST_SIZE; i++)
		sprintf(out + 2 * i, "%02x", d[i]);
}

int main(void)
{
	const struct vector *v;
	unsigned int count = 0;

	for (v = vectors; v->name; v++)
		count++;
	tap_plan(count + 1);
	for (v = vectors; v->name; v++) {
		struct sha256_ctx ctx;
		uint8_t d[SHA256_DIGEST_SIZE];
		char hex[2 * SHA256_DIGEST_SIZE + 1];
		size_t i;

		sha256_init(&ctx);
		for (i = 0; i < v->repeat; i++)
			sha256_update(&ctx, v->input, strlen(v->input));
		sha256_final(&ctx, d);
		to_hex(d, hex);
		if (!tap_ok(!strcmp(hex, v->digest), "%s", v->name))
			tap_diag("got %s", hex);
	}

	/* Feeding byte by byte must equal one update. */
	{
		static const char msg[] =
			"a message longer than one 64-byte block, fed in pieces of odd sizes";
		uint8_t one[SHA256_DIGEST_SIZE], split[SHA256_DIGEST_SIZE];
		struct sha256_ctx a, b;
		size_t i;

		sha256_init(&a);
		sha256_update(&a, msg, sizeof(msg) - 1);
		sha256_final(&a, one);
		sha256_init(&b);
		for (i = 0; i < sizeof(msg) - 1; i++)
			sha256_update(&b, msg + i, 1);
		sha256_final(&b, split);
		tap_ok(!memcmp(one, split, sizeof(one)),
		       "byte-wise updates equal a single update");
	}
	return tap_exit();
}
