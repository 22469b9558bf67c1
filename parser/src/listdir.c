// SPDX-License-Identifier: GPL-2.0-only
/* List file names (<N>-<type>_list-<format>-<label>) and directory scans. */
#include "listdir.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <linux/diglim.h>

#include "limits.h"

static const struct {
	const char *name;
	uint16_t type;
} list_types[] = {
	{ "file", COMPACT_FILE },
	{ "metadata", COMPACT_METADATA },
	{ "parser", COMPACT_PARSER },
};

static const char *const list_formats[] = {
	[LIST_FMT_RPM] = "rpm",
	[LIST_FMT_COMPACT] = "compact",
};

/* If @s starts with @word followed by @end, return what follows. */
static const char *skip(const char *s, const char *word, char end)
{
	size_t n = strlen(word);

	if (strncmp(s, word, n) != 0 || s[n] != end)
		return NULL;
	return s + n + 1;
}

int list_name_parse(const char *name, struct list_name *ln, const char **why)
{
	const char *p = name, *q = NULL, *l;
	size_t i, len = strnlen(name, LIST_NAME_MAX + 1);

	if (len > LIST_NAME_MAX) {
		*why = "name longer than 255 bytes";
		return -EINVAL;
	}
	ln->seq = 0;
	for (i = 0; p[i] >= '0' && p[i] <= '9'; i++) {
		if (i == LIST_SEQ_DIGITS_MAX) {
			*why = "sequence number longer than 9 digits";
			return -EINVAL;
		}
		ln->seq = ln->seq * 10 + (unsigned long)(p[i] - '0');
	}
	if (i == 0 || p[i] != '-') {
		*why = "name does not start with <N>-";
		return -EINVAL;
	}
	p += i + 1;
	for (i = 0; i < sizeof(list_types) / sizeof(list_types[0]); i++) {
		q = skip(p, list_types[i].name, '_');
		if (q) {
			ln->type = list_types[i].type;
			break;
		}
	}
	if (!q || !(q = skip(q, "list", '-'))) {
		*why = "type is not file_list, metadata_list or parser_list";
		return -EINVAL;
	}
	if ((l = skip(q, list_formats[LIST_FMT_RPM], '-')) != NULL) {
		ln->format = LIST_FMT_RPM;
	} else if ((l = skip(q, list_formats[LIST_FMT_COMPACT], '-')) != NULL) {
		ln->format = LIST_FMT_COMPACT;
	} else {
		*why = "format is not rpm or compact";
		return -EINVAL;
	}
	len = strlen(l);
	if (len == 0 || len > LIST_LABEL_MAX) {
		*why = "label empty or longer than 200 characters";
		return -EINVAL;
	}
	for (i = 0; i < len; i++) {
		if (l[i] <= ' ' || l[i] > '~' || l[i] == '/') {
			*why = "label has a non-printable character";
			return -EINVAL;
		}
	}
	ln->label = l;
	return 0;
}

int list_name_compact(const char *name, char *out, size_t size)
{
	struct list_name ln;
	const char *why;
	size_t head;
	int n;

	if (list_name_parse(name, &ln, &why))
		return -EINVAL;
	if (ln.format == LIST_FMT_COMPACT) {
		n = snprintf(out, size, "%s", name);
	} else {
		head = (size_t)(ln.label - name) - strlen("rpm-");
		n = snprintf(out, size, "%.*scompact-%s", (int)head, name, ln.label);
	}
	if (n < 0 || (size_t)n >= size || n > LIST_NAME_MAX)
		return -ENAMETOOLONG;
	return 0;
}

/*
 * Names are kept in chunks, each name at an 8-byte boundary and followed
 * by NULs up to the next one, so that sorting compares 8 bytes per step
 * (list names share long prefixes: "0-file_list-rpm-").
 */
#define NAME_ALIGN	8
#define CHUNK_SIZE	((size_t)64 * 1024)

struct name_chunk {
	struct name_chunk *next;
	size_t used;
	uint64_t data[];	/* CHUNK_SIZE bytes */
};

static char *store_name(struct list_dir *ld, const char *name)
{
	size_t len = strlen(name), size = (len + NAME_ALIGN) & ~(size_t)(NAME_ALIGN - 1);
	struct name_chunk *c = ld->chunks;
	char *p;

	if (size > CHUNK_SIZE)
		return NULL;
	if (!c || CHUNK_SIZE - c->used < size) {
		c = malloc(sizeof(*c) + CHUNK_SIZE);
		if (!c)
			return NULL;
		c->next = ld->chunks;
		c->used = 0;
		ld->chunks = c;
	}
	p = (char *)c->data + c->used;
	/* the name, its NUL and the padding */
	memcpy(p, name, len + 1);
	memset(p + len + 1, 0, size - len - 1);
	c->used += size;
	return p;
}

static uint64_t load_be64(const char *s)
{
	const unsigned char *p = (const unsigned char *)s;

	return (uint64_t)p[0] << 56 | (uint64_t)p[1] << 48 | (uint64_t)p[2] << 40 |
	       (uint64_t)p[3] << 32 | (uint64_t)p[4] << 24 | (uint64_t)p[5] << 16 |
	       (uint64_t)p[6] << 8 | p[7];
}

/* strcmp() order, 8 bytes at a time over NUL-padded names. */
static int cmp_names(const void *a, const void *b)
{
	const char *p = *(char *const *)a, *q = *(char *const *)b;
	uint64_t x, y;

	for (;; p += NAME_ALIGN, q += NAME_ALIGN) {
		x = load_be64(p);
		y = load_be64(q);
		if (x != y)
			return x < y ? -1 : 1;
		/* a NUL in equal words: the same name (padding is NUL too) */
		if ((x - 0x0101010101010101u) & ~x & 0x8080808080808080u)
			return 0;
	}
}

int list_dir_scan(int dirfd, struct list_dir *ld)
{
	size_t cap = 0;
	struct dirent *de;
	char **names, *name;
	DIR *d;
	int fd, ret = 0;

	ld->names = NULL;
	ld->count = 0;
	ld->chunks = NULL;
	fd = openat(dirfd, ".", O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	if (fd < 0)
		return -errno;
	d = fdopendir(fd);
	if (!d) {
		ret = -errno;
		close(fd);
		return ret;
	}
	for (;;) {
		errno = 0;
		de = readdir(d);
		if (!de) {
			ret = -errno;
			break;
		}
		if (de->d_name[0] == '.')
			continue;
		if (ld->count == LIST_DIR_MAX) {
			ret = -E2BIG;
			break;
		}
		if (ld->count == cap) {
			cap = cap ? cap * 2 : 64;
			names = realloc(ld->names, cap * sizeof(*names));
			if (!names) {
				ret = -ENOMEM;
				break;
			}
			ld->names = names;
		}
		name = store_name(ld, de->d_name);
		if (!name) {
			ret = -ENOMEM;
			break;
		}
		ld->names[ld->count++] = name;
	}
	closedir(d);
	if (ret) {
		list_dir_free(ld);
		return ret;
	}
	if (ld->count)
		qsort(ld->names, ld->count, sizeof(*ld->names), cmp_names);
	return 0;
}

void list_dir_free(struct list_dir *ld)
{
	struct name_chunk *c;

	while ((c = ld->chunks) != NULL) {
		ld->chunks = c->next;
		free(c);
	}
	free(ld->names);
	ld->names = NULL;
	ld->count = 0;
}
