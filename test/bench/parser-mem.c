// SPDX-License-Identifier: GPL-2.0-only
/*
 * In-memory side of test/bench/parser for diglim-parser: the parser's own
 * convert_rpm() (parser/src/convert.c, built with the parser's flags, static
 * with musl) over rpm list files already in memory. See memrun.h.
 *
 * usage: parser-mem [--exec-only] [--rounds N] FILE...
 */
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "convert.h"
#include "memrun.h"

static struct convert_opts opts = { .type = COMPACT_FILE };
static struct compact_writer writer;
/* The parser's read buffer (readfile.c): reused from file to file. */
static uint8_t *buf;
static size_t buf_cap;

static int stage(const struct mem_file *f)
{
	if (!buf || f->len > buf_cap) {
		uint8_t *p = realloc(buf, f->len);

		if (!p)
			return -1;
		buf = p;
		buf_cap = f->len;
	}
	memcpy(buf, f->data, f->len);
	return 0;
}

static int convert_one(const struct mem_file *f, const uint8_t **out,
		       size_t *outlen)
{
	char err[CONVERT_ERR_LEN];
	struct convert_info info;

	if (convert_rpm(buf, f->len, &opts, &writer, &info, err)) {
		fprintf(stderr, "%s: %s\n", f->path, err);
		return -1;
	}
	*out = writer.buf;
	*outlen = writer.len;
	return 0;
}

int main(int argc, char **argv)
{
	int i = 1, rounds = 9, status;

	for (; i < argc && argv[i][0] == '-'; i++) {
		if (!strcmp(argv[i], "--exec-only"))
			opts.exec_only = true;
		else if (!strcmp(argv[i], "--rounds") && i + 1 < argc)
			rounds = atoi(argv[++i]);
		else
			break;
	}
	if (i >= argc || rounds < 1) {
		fprintf(stderr, "usage: parser-mem [--exec-only] [--rounds N] FILE...\n");
		return 2;
	}
	compact_writer_init(&writer);
	status = mem_main(argv + i, (size_t)(argc - i), rounds, stage, convert_one);
	compact_writer_free(&writer);
	free(buf);
	return status;
}
