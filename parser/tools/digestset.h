/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * A multiset of (algorithm, digest) pairs: the reference values a verifier
 * collects from digest lists.  Open addressing, keyed with a random seed so
 * that digests chosen by whoever wrote a list cannot make lookups slow.
 */
#ifndef DIGLIM_TOOLS_DIGESTSET_H
#define DIGLIM_TOOLS_DIGESTSET_H

#include <stddef.h>
#include <stdint.h>

#define DIGESTSET_DIGEST_MAX 64

struct digestset_slot;

struct digestset {
	struct digestset_slot *slots;
	size_t cap;		/* a power of two, or 0 */
	size_t used;		/* distinct pairs */
	uint64_t seed;
};

/* An empty set. 0 or -errno (no random seed). */
int digestset_init(struct digestset *s);
void digestset_free(struct digestset *s);

/* Count one more occurrence of @digest (@len <= 64 bytes). 0 or -ENOMEM. */
int digestset_add(struct digestset *s, unsigned int algo,
		  const uint8_t *digest, size_t len);

/* How many times @digest was added. */
uint32_t digestset_count(const struct digestset *s, unsigned int algo,
			 const uint8_t *digest, size_t len);

#endif
