// SPDX-License-Identifier: GPL-2.0-only
/*
 * rpmgen: write synthetic rpm list files for tests, fuzzing seeds and
 * benchmarks.
 *
 *   rpmgen sample FILE [--algo PGP] [--digest-bytes N] [--sign]
 *   rpmgen corpus DIR          fuzzing seeds: valid and malformed headers
 *   rpmgen distro DIR [PACKAGES DIGESTS BYTES]
 *                              a distribution-shaped set (default: the
 *                              DIGLIM cover letter's Fedora 33, 1447
 *                              packages, 99100 file digests loaded, 36 MB;
 *                              24 packages without files)
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "compact.h"
#include "rpmgen.h"
#include "sample.h"

static void write_file(const char *dir, const char *name, const void *b, size_t n)
{
	char p[4096];
	FILE *f;

	snprintf(p, sizeof(p), "%s%s%s", dir ? dir : "", dir ? "/" : "", name);
	f = fopen(p, "wb");
	if (!f || fwrite(b, 1, n, f) != n || fclose(f)) {
		perror(p);
		exit(1);
	}
}

static int cmd_sample(int argc, char **argv)
{
	uint32_t algo = 8;
	size_t dbytes = 32, len, slen;
	int i, sign = 0;
	uint8_t *h, *s;

	for (i = 3; i < argc; i++) {
		if (!strcmp(argv[i], "--algo") && i + 1 < argc)
			algo = (uint32_t)strtoul(argv[++i], NULL, 0);
		else if (!strcmp(argv[i], "--digest-bytes") && i + 1 < argc)
			dbytes = strtoul(argv[++i], NULL, 0);
		else if (!strcmp(argv[i], "--sign"))
			sign = 1;
		else
			return fprintf(stderr, "rpmgen: bad argument %s\n", argv[i]), 2;
	}
	if (dbytes == 0 || dbytes > 64)
		return fprintf(stderr, "rpmgen: bad digest size\n"), 2;
	h = sample_header(algo, dbytes, &len);
	if (sign) {
		s = rpmgen_sign(h, len, 287, &slen);
		write_file(NULL, argv[2], s, slen);
		free(s);
	} else {
		write_file(NULL, argv[2], h, len);
	}
	free(h);
	return 0;
}

static void patched(const char *dir, const char *name, const uint8_t *h,
		    size_t len, size_t off, uint32_t v)
{
	uint8_t *c = rpmgen_xmalloc(len);

	memcpy(c, h, len);
	rpmgen_put_be32(c + off, v);
	write_file(dir, name, c, len);
	free(c);
}

static int cmd_corpus(const char *dir)
{
	static const uint32_t algos[] = { 0, 2, 8, 10, 12 };
	static const size_t sizes[] = { 16, 20, 32, 64, 32 };
	struct compact_writer w;
	char name[64];
	size_t len, slen, i;
	uint8_t *h, *s, *d;

	for (i = 0; i < 5; i++) {
		h = sample_header(algos[i], sizes[i], &len);
		snprintf(name, sizeof(name), "rpm-valid-%u", algos[i]);
		write_file(dir, name, h, len);
		free(h);
	}
	h = sample_header(8, 32, &len);
	s = rpmgen_sign(h, len, 200, &slen);
	write_file(dir, "rpm-signed", s, slen);
	free(s);
	write_file(dir, "rpm-truncated", h, len / 2);
	patched(dir, "rpm-overlap", h, len, rpmgen_entry_field(2, 2),
		rpmgen_get_be32(h + rpmgen_entry_field(1, 2)));
	patched(dir, "rpm-bad-trailer", h, len, len - 8, 0);
	patched(dir, "rpm-huge-count", h, len, rpmgen_entry_field(8, 3), 0xfffff);
	patched(dir, "rpm-count-mismatch", h, len, rpmgen_entry_field(6, 3), 8);
	free(h);
	h = sample_header(8, 20, &len);
	write_file(dir, "rpm-wrong-digest-length", h, len);
	free(h);
	compact_writer_init(&w);
	compact_block_begin(&w, 1, 1, 4);
	for (i = 0; i < 3; i++) {
		d = compact_digest_slot(&w);
		memset(d, (int)i, 32);
	}
	compact_block_end(&w);
	compact_block_begin(&w, 0, 0, 2);
	d = compact_digest_slot(&w);
	memset(d, 7, 20);
	compact_block_end(&w);
	write_file(dir, "compact-valid", w.buf, w.len);
	s = rpmgen_sign(w.buf, w.len, 100, &slen);
	write_file(dir, "compact-signed", s, slen);
	free(s);
	w.buf[8] = 9;
	write_file(dir, "compact-bad-count", w.buf, w.len);
	compact_writer_free(&w);
	return 0;
}

static double normal(uint64_t *st)
{
	double u1 = ((double)(rpmgen_rand(st) >> 11) + 1.0) / 9007199254740993.0;
	double u2 = (double)(rpmgen_rand(st) >> 11) / 9007199254740992.0;

	return sqrt(-2.0 * log(u1)) * cos(2.0 * 3.14159265358979 * u2);
}

/*
 * One package: @n regular files with a digest (4% executables, 2% shared
 * libraries, 1% %config), plus 3.5% as many entries without a digest that
 * is loaded (directories, symlinks, %ghost files), and @filler bytes.
 */
static void distro_package(const char *dir, size_t idx, size_t n, size_t filler,
			   uint64_t *st, size_t *bytes)
{
	static const char *const dirs[] = { "/usr/bin/", "/usr/lib64/", "/usr/share/doc/p/",
		"/usr/share/p/", "/etc/", "/usr/share/locale/de/LC_MESSAGES/", "/usr/libexec/p/" };
	size_t extra = (n * 35 + 999) / 1000, total = n + extra;
	struct rpmgen_file *f = rpmgen_xcalloc(total ? total : 1, sizeof(*f));
	char (*dig)[65] = rpmgen_xcalloc(total ? total : 1, sizeof(*dig));
	char (*base)[40] = rpmgen_xcalloc(total ? total : 1, sizeof(*base));
	char pname[32], fname[128];
	struct rpmgen_pkg p = { .version = "1.0", .release = "1.fc33", .arch = "x86_64",
				.pgp_algo = 8 };
	uint64_t r;
	size_t i, len;
	uint8_t *h;

	snprintf(pname, sizeof(pname), "pkg%04zu", idx);
	p.name = pname;
	for (i = 0; i < total; i++) {
		r = rpmgen_rand(st) % 1000;
		f[i].dir = dirs[rpmgen_rand(st) % 7];
		f[i].mode = 0100644;
		f[i].flags = 0;
		rpmgen_hex_digest(st, dig[i], 32);
		f[i].digest = dig[i];
		snprintf(base[i], sizeof(base[i]), "file%zu.dat", i);
		if (i >= n) {				/* not loaded */
			if (r < 450) {
				f[i].mode = 040755;
				f[i].digest = "";
			} else if (r < 900) {
				f[i].mode = 0120777;
				f[i].digest = "";
			} else {
				f[i].flags = 1u << 6;	/* %ghost */
			}
		} else if (r < 40) {			/* executables */
			f[i].mode = 0100755;
			f[i].dir = "/usr/bin/";
		} else if (r < 60) {			/* libraries */
			snprintf(base[i], sizeof(base[i]), "libp%zu.so.%zu", i, i % 3);
		} else if (r < 70) {			/* %config */
			f[i].flags = 1;
			f[i].dir = "/etc/";
		}
		f[i].base = base[i];
	}
	p.files = f;
	p.nfiles = total;
	p.filler = filler;
	h = rpmgen_package(&p, &len);
	snprintf(fname, sizeof(fname), "0-file_list-rpm-%s-1.0-1.fc33.x86_64", pname);
	write_file(dir, fname, h, len);
	*bytes += len;
	free(h);
	free(f);
	free(dig);
	free(base);
}

static int cmd_distro(const char *dir, size_t npkg, size_t ndig, size_t nbytes)
{
	double *wt = rpmgen_xcalloc(npkg, sizeof(double)), sum = 0, fsum = 0, *fw;
	size_t *cnt = rpmgen_xcalloc(npkg, sizeof(size_t)), i, total = 0, bytes = 0;
	size_t nfile_bytes, nempty = npkg * 24 / 1447;
	uint64_t st = 1447;

	fw = rpmgen_xcalloc(npkg, sizeof(double));
	for (i = 0; i < npkg; i++) {
		wt[i] = i < nempty ? 0 : exp(1.7 * normal(&st));
		sum += wt[i];
		fw[i] = exp(0.8 * normal(&st));
	}
	/* digests: proportional to the weights, summing to exactly ndig */
	for (i = 0; i < npkg; i++) {
		cnt[i] = (size_t)(wt[i] / sum * (double)ndig);
		if (i >= nempty && cnt[i] == 0)
			cnt[i] = 1;
		total += cnt[i];
	}
	for (i = nempty; total < ndig; i = i + 1 < npkg ? i + 1 : nempty, total++)
		cnt[i]++;
	for (i = npkg; total > ndig && i-- > nempty;)
		if (cnt[i] > 1) {
			cnt[i]--;
			total--;
			i = i == nempty ? npkg : i;
		}
	/* ~100 bytes of file tags per digest; the rest is other header content */
	nfile_bytes = ndig * 100 + npkg * 200;
	for (i = 0; i < npkg; i++)
		fsum += fw[i] * (2000.0 + 100.0 * (double)cnt[i]);
	for (i = 0; i < npkg; i++) {
		double f = nbytes > nfile_bytes ? (double)(nbytes - nfile_bytes) *
			fw[i] * (2000.0 + 100.0 * (double)cnt[i]) / fsum : 0;

		distro_package(dir, i, cnt[i], (size_t)f + 1, &st, &bytes);
	}
	printf("%zu packages, %zu file digests, %zu header bytes\n", npkg, total, bytes);
	free(wt);
	free(fw);
	free(cnt);
	return 0;
}

int main(int argc, char **argv)
{
	if (argc >= 3 && !strcmp(argv[1], "sample"))
		return cmd_sample(argc, argv);
	if (argc == 3 && !strcmp(argv[1], "corpus"))
		return cmd_corpus(argv[2]);
	if (argc == 3 && !strcmp(argv[1], "distro"))
		return cmd_distro(argv[2], 1447, 99100, 36u << 20);
	if (argc == 6 && !strcmp(argv[1], "distro"))
		return cmd_distro(argv[2], strtoul(argv[3], NULL, 0),
				  strtoul(argv[4], NULL, 0), strtoul(argv[5], NULL, 0));
	fputs("usage: rpmgen sample FILE [--algo PGP] [--digest-bytes N] [--sign]\n"
	      "       rpmgen corpus DIR\n"
	      "       rpmgen distro DIR [PACKAGES DIGESTS BYTES]\n", stderr);
	return 2;
}
