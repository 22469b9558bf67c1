/* SPDX-License-Identifier: GPL-2.0-only */
/* Compact digest lists (DIGLIM v3 format): writer, reader and validator. */
#ifndef DIGLIM_COMPACT_H
#define DIGLIM_COMPACT_H

#include <stddef.h>
#include <stdint.h>

#include <linux/diglim.h>

#define COMPACT_HDR_LEN		16
#define COMPACT_VERSION		1

/* A growable buffer holding a list under construction. */
struct compact_writer {
	uint8_t *buf;
	size_t len;
	size_t cap;
	size_t blk;		/* offset of the open block's header */
	size_t dsize;		/* digest size of the open block, 0: none open */
	uint32_t count;		/* digests in the open block */
};

void compact_writer_init(struct compact_writer *w);
/* Forget the content, keep the memory. */
void compact_writer_reset(struct compact_writer *w);
void compact_writer_free(struct compact_writer *w);

/* Make room for @n more digests of @dsize bytes (plus one header). -ENOMEM. */
int compact_reserve(struct compact_writer *w, size_t n, size_t dsize);

/*
 * Open a block. Returns 0, -EINVAL (unknown type, modifier or algo,
 * or a block already open) or -ENOMEM.
 */
int compact_block_begin(struct compact_writer *w, uint16_t type,
			uint16_t modifiers, uint16_t algo);

/* Append room for one digest to the open block; NULL on -ENOMEM/-E2BIG. */
uint8_t *compact_digest_slot(struct compact_writer *w);

/* Close the open block; an empty block is dropped. 0 or -E2BIG. */
int compact_block_end(struct compact_writer *w);

/* One block as read from a list; digests point into the list. */
struct compact_block {
	uint16_t type;
	uint16_t modifiers;
	uint16_t algo;
	uint32_t count;
	size_t dsize;
	const uint8_t *digests;
};

/*
 * Read the block at *pos of @buf and advance *pos. Returns 1 for a
 * block, 0 at the end, -EBADMSG with *why set for a malformed block.
 */
int compact_next(const uint8_t *buf, size_t len, size_t *pos,
		 struct compact_block *b, const char **why);

/*
 * Check a whole list (without appended signature): at least one block,
 * every block valid, nothing after the last. *ndigests (may be NULL)
 * gets the total count. 0 or -EBADMSG with *why set.
 */
int compact_validate(const uint8_t *buf, size_t len, size_t *ndigests,
		     const char **why);

#endif
