// SPDX-License-Identifier: GPL-2.0-only
/* A multiset of (algorithm, digest) pairs: see digestset.h. */
#include "digestset.h"

#include <errno.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <sys/random.h>

struct digestset_slot {
	uint32_t count;		/* 0: empty */
	uint8_t algo;
	uint8_t len;
	uint8_t digest[DIGESTSET_DIGEST_MAX];
};

int digestset_init(struct digestset *s)
{
	memset(s, 0, sizeof(*s));
	if (getrandom(&s->seed, sizeof(s->seed), 0) != sizeof(s->seed))
		return -errno;
	return 0;
}

void digestset_free(struct digestset *s)
{
	free(s->slots);
	s->slots = NULL;
	s->cap = s->used = 0;
}

static uint64_t mix(uint64_t x)
{
	x ^= x >> 32;
	x *= 0xd6e8feb86659fd93ULL;
	x ^= x >> 32;
	x *= 0xd6e8feb86659fd93ULL;
	x ^= x >> 32;
	return x;
}

/* A keyed hash of the whole digest. */
static uint64_t hash(const struct digestset *s, unsigned int algo,
		     const uint8_t *d, size_t len)
{
	uint64_t h = mix(s->seed ^ ((uint64_t)algo << 8 | len));
	size_t i;

	for (i = 0; i < len; i += 8) {
		uint64_t w = 0;
		size_t n = len - i < 8 ? len - i : 8;

		memcpy(&w, d + i, n);
		h = mix(h ^ w ^ s->seed);
	}
	return h;
}

static bool same(const struct digestset_slot *e, unsigned int algo,
		 const uint8_t *d, size_t len)
{
	return e->algo == algo && e->len == len && !memcmp(e->digest, d, len);
}

/* The slot of the pair, or the empty slot where it would go. */
static struct digestset_slot *find(const struct digestset *s,
				   unsigned int algo, const uint8_t *d,
				   size_t len)
{
	size_t mask = s->cap - 1, i = hash(s, algo, d, len) & mask;

	while (s->slots[i].count && !same(&s->slots[i], algo, d, len))
		i = (i + 1) & mask;
	return &s->slots[i];
}

static int grow(struct digestset *s)
{
	struct digestset old = *s;
	size_t i;

	s->cap = old.cap ? 2 * old.cap : 1024;
	s->slots = calloc(s->cap, sizeof(*s->slots));
	if (!s->slots) {
		*s = old;
		return -ENOMEM;
	}
	for (i = 0; i < old.cap; i++)
		if (old.slots[i].count)
			*find(s, old.slots[i].algo, old.slots[i].digest,
			      old.slots[i].len) = old.slots[i];
	free(old.slots);
	return 0;
}

int digestset_add(struct digestset *s, unsigned int algo,
		  const uint8_t *digest, size_t len)
{
	struct digestset_slot *e;

	if (len == 0 || len > DIGESTSET_DIGEST_MAX || algo > UINT8_MAX)
		return -EINVAL;
	/* at most half full, so that probes stay short */
	if (2 * (s->used + 1) > s->cap && grow(s))
		return -ENOMEM;
	e = find(s, algo, digest, len);
	if (!e->count) {
		e->algo = (uint8_t)algo;
		e->len = (uint8_t)len;
		memcpy(e->digest, digest, len);
		s->used++;
	}
	if (e->count < UINT32_MAX)
		e->count++;
	return 0;
}

uint32_t digestset_count(const struct digestset *s, unsigned int algo,
			 const uint8_t *digest, size_t len)
{
	if (!s->cap || len == 0 || len > DIGESTSET_DIGEST_MAX)
		return 0;
	return find(s, algo, digest, len)->count;
}
