// SPDX-License-Identifier: GPL-2.0-only
/*
 * Baseline for test/bench/parser: the same conversion as `diglim-parser
 * convert` (rpm list file -> compact list file, same selection, same
 * layout) done the usual way, with librpm: headerImport() + headerGet().
 *
 * usage: librpm-extract [--exec-only] FILE... -o DIR
 *        librpm-extract [--exec-only] FILE... --securityfs DIR
 * The second form writes each list like `diglim-parser add` does: the
 * label to DIR/integrity/diglim/digest_list_label, then the list to
 * DIR/integrity/diglim/digest_list_add (one open, write, close each).
 *
 *        librpm-extract [--exec-only] --in-memory ROUNDS FILE...
 * The third reads every file first, then times only the conversions
 * (memrun.h; the parser's side is parser-mem.c).
 */
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <rpm/header.h>
#include <rpm/rpmtag.h>
#include <rpm/rpmtd.h>

#include "memrun.h"

static int exec_only;
static const char *securityfs;

static int put_file(int dirfd, const char *name, const void *b, size_t len, int create)
{
	int fd = openat(dirfd, name, O_WRONLY | (create ? O_CREAT | O_TRUNC : 0), 0644), ret = 0;

	if (fd < 0)
		return -1;
	if (write(fd, b, len) != (ssize_t)len)
		ret = -1;
	close(fd);
	return ret;
}


static int is_shlib(const char *b)
{
	const char *so = NULL, *p = b;

	while ((p = strstr(p, ".so")) != NULL)
		so = p++;
	if (!so || so == b)
		return 0;
	p = so + 3;
	if (!*p)
		return 1;
	if (*p != '.' || p[1] < '0' || p[1] > '9')
		return 0;
	for (p++; *p; p++)
		if ((*p < '0' || *p > '9') && *p != '.')
			return 0;
	return 1;
}

static int algo_linux(uint32_t pgp)
{
	switch (pgp) {
	case 1: return 1;
	case 2: return 2;
	case 8: return 4;
	case 10: return 6;
	default: return -1;
	}
}

static void put_le16(uint8_t *p, uint16_t v) { p[0] = (uint8_t)v; p[1] = (uint8_t)(v >> 8); }
static void put_le32(uint8_t *p, uint32_t v)
{
	put_le16(p, (uint16_t)v);
	put_le16(p + 2, (uint16_t)(v >> 16));
}

static int hexval(int c)
{
	if (c >= '0' && c <= '9')
		return c - '0';
	if (c >= 'a' && c <= 'f')
		return c - 'a' + 10;
	return -1;
}

/* Append one block of the selected files whose %config flag is @config. */
static size_t block(uint8_t *out, const char **dig, const uint16_t *modes,
		    const uint32_t *flags, const char **base, uint32_t n,
		    int algo, size_t dsize, int config)
{
	uint8_t *d = out + 16;
	uint32_t i, count = 0;
	size_t k;

	for (i = 0; i < n; i++) {
		if (!dig[i][0] || (modes[i] & 0170000) != 0100000 || (flags[i] & (1u << 6)))
			continue;
		if (!!(flags[i] & 1) != config)
			continue;
		if (exec_only && !(modes[i] & 0111) && !(base && is_shlib(base[i])))
			continue;
		if (strlen(dig[i]) != 2 * dsize)
			return (size_t)-1;
		for (k = 0; k < dsize; k++) {
			int hi = hexval(dig[i][2 * k]), lo = hexval(dig[i][2 * k + 1]);

			if (hi < 0 || lo < 0)
				return (size_t)-1;
			d[k] = (uint8_t)(hi << 4 | lo);
		}
		d += dsize;
		count++;
	}
	if (!count)
		return 0;
	out[0] = 1;
	out[1] = 0;
	put_le16(out + 2, 1);
	put_le16(out + 4, config ? 0 : 1);
	put_le16(out + 6, (uint16_t)algo);
	put_le32(out + 8, count);
	put_le32(out + 12, (uint32_t)(count * dsize));
	return 16 + count * dsize;
}

/* Room for the list being built, reused from file to file. */
static uint8_t *out;
static size_t out_cap;

/*
 * The conversion proper: headerGet() of the tags, the selection, the list
 * in @out. Returns its length (0: nothing selected), or -1.
 */
static long convert_header(Header h)
{
	struct rpmtd_s td, tm, tf, tb;
	const char **dig, **base = NULL;
	const uint16_t *modes;
	const uint32_t *flags;
	uint32_t n, pgp = 1, nb = 0;
	size_t a, len, b;
	long ret = -1;
	int algo;

	if (headerGet(h, RPMTAG_FILEDIGESTALGO, &td, HEADERGET_MINMEM)) {
		pgp = *rpmtdGetUint32(&td);
		rpmtdFreeData(&td);
	}
	algo = algo_linux(pgp);
	if (algo < 0)
		return -1;
	if (!headerGet(h, RPMTAG_FILEDIGESTS, &td, HEADERGET_MINMEM))
		return 0;
	n = rpmtdCount(&td);
	dig = td.data;
	if (!headerGet(h, RPMTAG_FILEMODES, &tm, HEADERGET_MINMEM))
		goto out_td;
	if (!headerGet(h, RPMTAG_FILEFLAGS, &tf, HEADERGET_MINMEM))
		goto out_tm;
	if (rpmtdCount(&tm) != n || rpmtdCount(&tf) != n)
		goto out_tf;
	modes = tm.data;
	flags = tf.data;
	if (headerGet(h, RPMTAG_BASENAMES, &tb, HEADERGET_MINMEM)) {
		base = tb.data;
		nb = rpmtdCount(&tb);
	}
	a = algo == 1 ? 16 : algo == 2 ? 20 : algo == 4 ? 32 : 64;
	if (32 + (size_t)n * a > out_cap) {
		uint8_t *p = realloc(out, 32 + (size_t)n * a);

		if (!p)
			goto out_tb;
		out = p;
		out_cap = 32 + (size_t)n * a;
	}
	len = block(out, dig, modes, flags, nb == n ? base : NULL, n, algo, a, 0);
	b = len == (size_t)-1 ? len :
	    block(out + len, dig, modes, flags, nb == n ? base : NULL, n, algo, a, 1);
	if (len != (size_t)-1 && b != (size_t)-1)
		ret = (long)(len + b);
out_tb:
	if (base)
		rpmtdFreeData(&tb);
out_tf:
	rpmtdFreeData(&tf);
out_tm:
	rpmtdFreeData(&tm);
out_td:
	rpmtdFreeData(&td);
	return ret;
}

static int convert(const char *path, int outfd)
{
	struct stat st;
	const char *name = strrchr(path, '/');
	uint8_t *buf;
	long len;
	int fd, ret = -1;
	Header h;

	name = name ? name + 1 : path;
	fd = open(path, O_RDONLY);
	if (fd < 0 || fstat(fd, &st) < 0 || st.st_size < 8)
		return -1;
	buf = malloc((size_t)st.st_size);
	if (!buf || read(fd, buf, (size_t)st.st_size) != st.st_size) {
		close(fd);
		free(buf);
		return -1;
	}
	close(fd);
	/* headerImport() wants the blob without the 8-byte magic */
	h = headerImport(buf + 8, (unsigned int)st.st_size - 8, HEADERIMPORT_COPY);
	free(buf);
	if (!h)
		return -1;
	len = convert_header(h);
	if (len > 0 && securityfs) {
		ret = 0;
		if (put_file(outfd, "digest_list_label", name, strlen(name), 0) ||
		    put_file(outfd, "digest_list_add", out, (size_t)len, 0))
			ret = -1;
	} else if (len > 0) {
		ret = put_file(outfd, name, out, (size_t)len, 1);
	} else {
		ret = len < 0 ? -1 : 0;
	}
	headerFree(h);
	return ret;
}

/*
 * --in-memory: each file's header blob is copied to a fresh malloc()ed
 * buffer before the timer starts (as rpm's own headerRead() leaves it),
 * which headerImport() takes over without copying it again (flags 0) and
 * headerFree() frees.
 */
static uint8_t *blob;

static int mem_stage(const struct mem_file *f)
{
	if (f->len < 8)
		return -1;
	free(blob);
	blob = malloc(f->len - 8);
	if (!blob)
		return -1;
	memcpy(blob, f->data + 8, f->len - 8);
	return 0;
}

static int mem_convert(const struct mem_file *f, const uint8_t **res, size_t *reslen)
{
	long len;
	Header h;

	h = headerImport(blob, (unsigned int)(f->len - 8), 0);
	if (!h)
		return -1;
	blob = NULL;	/* the header owns it now */
	len = convert_header(h);
	headerFree(h);
	if (len < 0)
		return -1;
	*res = out;
	*reslen = (size_t)len;
	return 0;
}

int main(int argc, char **argv)
{
	static char sfsdir[4096];
	const char *outdir = NULL;
	int i, outfd, failed = 0, rounds = 0;

	for (i = 1; i < argc && argv[i]; i++) {
		if (!strcmp(argv[i], "--exec-only"))
			exec_only = 1;
		else if (!strcmp(argv[i], "--in-memory") && i + 1 < argc)
			rounds = atoi(argv[++i]);
		else if (!strcmp(argv[i], "-o") && i + 1 < argc)
			outdir = argv[++i];
		else if (!strcmp(argv[i], "--securityfs") && i + 1 < argc)
			securityfs = argv[++i];
	}
	if (rounds > 0) {
		char **paths = calloc((size_t)argc, sizeof(*paths));
		size_t n = 0;

		if (!paths)
			return 1;
		for (i = 1; i < argc && argv[i]; i++) {
			if (!strcmp(argv[i], "--in-memory"))
				i++;
			else if (argv[i][0] != '-')
				paths[n++] = argv[i];
		}
		failed = mem_main(paths, n, rounds, mem_stage, mem_convert);
		free(paths);
		return failed;
	}
	if (securityfs) {
		snprintf(sfsdir, sizeof(sfsdir), "%s/integrity/diglim", securityfs);
		outdir = sfsdir;
	}
	if (!outdir) {
		fprintf(stderr, "usage: librpm-extract [--exec-only] FILE... -o DIR\n");
		return 2;
	}
	outfd = open(outdir, O_RDONLY | O_DIRECTORY);
	if (outfd < 0) {
		perror(outdir);
		return 2;
	}
	for (i = 1; i < argc && argv[i]; i++) {
		if (!strcmp(argv[i], "-o") || !strcmp(argv[i], "--securityfs")) {
			i++;
			continue;
		}
		if (argv[i][0] == '-')
			continue;
		if (convert(argv[i], outfd)) {
			fprintf(stderr, "librpm-extract: %s: failed\n", argv[i]);
			failed++;
		}
	}
	close(outfd);
	return failed ? 1 : 0;
}
