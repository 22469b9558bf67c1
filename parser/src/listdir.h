/* SPDX-License-Identifier: GPL-2.0-only */
/* List file names (<N>-<type>_list-<format>-<label>) and directory scans. */
#ifndef DIGLIM_LISTDIR_H
#define DIGLIM_LISTDIR_H

#include <stddef.h>
#include <stdint.h>

enum list_format {
	LIST_FMT_RPM,
	LIST_FMT_COMPACT,
};

struct list_name {
	unsigned long seq;		/* N */
	uint16_t type;			/* enum compact_types */
	enum list_format format;
	const char *label;		/* points into the parsed name */
};

/* Parse @name. Returns 0 or -EINVAL with *why set. */
int list_name_parse(const char *name, struct list_name *ln, const char **why);

/*
 * Name of the compact list converted from rpm list file @name:
 * the format field becomes "compact". 0, -EINVAL or -ENAMETOOLONG.
 */
int list_name_compact(const char *name, char *out, size_t size);

struct name_chunk;

/* The entries of a directory, sorted by name (byte order). */
struct list_dir {
	char **names;
	size_t count;
	struct name_chunk *chunks;	/* where the names are */
};

/*
 * Read the names in @dirfd, except "." entries and hidden names, sorted.
 * Returns 0 or a negative errno (-ENOMEM, -E2BIG, readdir errors).
 */
int list_dir_scan(int dirfd, struct list_dir *ld);
void list_dir_free(struct list_dir *ld);

#endif
