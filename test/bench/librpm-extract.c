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

static int convert(const char *path, int outfd)
{
	struct rpmtd_s td;
	struct stat st;
	const char *name = strrchr(path, '/'), **dig = NULL, **base = NULL;
	const uint16_t *modes;
	const uint32_t *flags;
	uint32_t n = 0, pgp = 1, nb = 0;
	uint8_t *buf, *out;
	size_t len, a, b;
	char oname[512];
	int fd, algo, ret = -1;
	Header h;

	name = name ? name + 1 : path;
	fd = open(path, O_RDONLY);
	if (fd < 0 || fstat(fd, &st) < 0)
		return -1;
	buf = malloc((size_t)st.st_size);
	if (read(fd, buf, (size_t)st.st_size) != st.st_size) {
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
	if (headerGet(h, RPMTAG_FILEDIGESTALGO, &td, HEADERGET_MINMEM)) {
		pgp = *rpmtdGetUint32(&td);
		rpmtdFreeData(&td);
	}
	algo = algo_linux(pgp);
	if (algo < 0 || !headerGet(h, RPMTAG_FILEDIGESTS, &td, HEADERGET_MINMEM)) {
		ret = algo < 0 ? -1 : 0;
		goto out;
	}
	n = rpmtdCount(&td);
	dig = td.data;
	{
		struct rpmtd_s tm, tf, tb;

		if (!headerGet(h, RPMTAG_FILEMODES, &tm, HEADERGET_MINMEM) ||
		    !headerGet(h, RPMTAG_FILEFLAGS, &tf, HEADERGET_MINMEM) ||
		    rpmtdCount(&tm) != n || rpmtdCount(&tf) != n)
			goto out_td;
		modes = tm.data;
		flags = tf.data;
		if (headerGet(h, RPMTAG_BASENAMES, &tb, HEADERGET_MINMEM)) {
			base = tb.data;
			nb = rpmtdCount(&tb);
		}
		if (base && nb != n)
			base = NULL;
		a = algo == 1 ? 16 : algo == 2 ? 20 : algo == 4 ? 32 : 64;
		out = malloc(32 + (size_t)n * a);
		len = block(out, dig, modes, flags, base, n, algo, a, 0);
		b = len == (size_t)-1 ? len : block(out + len, dig, modes, flags, base, n, algo, a, 1);
		if (len != (size_t)-1 && b != (size_t)-1) {
			len += b;
			ret = 0;
			if (len && securityfs) {
				if (put_file(outfd, "digest_list_label", name, strlen(name), 0) ||
				    put_file(outfd, "digest_list_add", out, len, 0))
					ret = -1;
			} else if (len) {
				snprintf(oname, sizeof(oname), "%s", name);
				ret = put_file(outfd, oname, out, len, 1);
			}
		}
		free(out);
		rpmtdFreeData(&tm);
		rpmtdFreeData(&tf);
		if (base)
			rpmtdFreeData(&tb);
	}
out_td:
	rpmtdFreeData(&td);
out:
	headerFree(h);
	return ret;
}

int main(int argc, char **argv)
{
	static char sfsdir[4096];
	const char *outdir = NULL;
	int i, outfd, failed = 0;

	for (i = 1; i < argc && argv[i]; i++) {
		if (!strcmp(argv[i], "--exec-only"))
			exec_only = 1;
		else if (!strcmp(argv[i], "-o") && i + 1 < argc)
			outdir = argv[++i];
		else if (!strcmp(argv[i], "--securityfs") && i + 1 < argc)
			securityfs = argv[++i];
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
