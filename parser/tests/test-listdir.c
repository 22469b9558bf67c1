// SPDX-License-Identifier: GPL-2.0-only
/* Unit tests of listdir.c: list file names and sorted directory scans. */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <linux/diglim.h>

#include "listdir.h"
#include "rpmgen.h"
#include "tap.h"
#include "tmpdir.h"

static void test_names(void)
{
	static const struct {
		const char *name;
		int valid;
		uint16_t type;
		enum list_format fmt;
		const char *label;
	} t[] = {
		{ "0-file_list-rpm-coreutils-9.1-1.fc39.x86_64", 1, COMPACT_FILE, LIST_FMT_RPM, "coreutils-9.1-1.fc39.x86_64" },
		{ "0-parser_list-compact-diglim-parser", 1, COMPACT_PARSER, LIST_FMT_COMPACT, "diglim-parser" },
		{ "123456789-metadata_list-compact-x", 1, COMPACT_METADATA, LIST_FMT_COMPACT, "x" },
		{ "1234567890-file_list-rpm-x", 0, 0, 0, NULL },
		{ "-file_list-rpm-x", 0, 0, 0, NULL },
		{ "0file_list-rpm-x", 0, 0, 0, NULL },
		{ "0-file_list-rpm-", 0, 0, 0, NULL },
		{ "0-file_list-rpm", 0, 0, 0, NULL },
		{ "0-file_list-deb-x", 0, 0, 0, NULL },
		{ "0-key_list-rpm-x", 0, 0, 0, NULL },
		{ "0-digest_list_list-compact-x", 0, 0, 0, NULL },
		{ "0-file-list-rpm-x", 0, 0, 0, NULL },
		{ "0-file_list-rpm-a b", 0, 0, 0, NULL },
		{ "0-file_list-rpm-a\tb", 0, 0, 0, NULL },
		{ "0-file_list-rpm-a\x7f", 0, 0, 0, NULL },
		{ "0-file_list-rpm-\xc3\xa9", 0, 0, 0, NULL },
		{ "README", 0, 0, 0, NULL },
	};
	struct list_name ln;
	const char *why = "";
	size_t i, good = 0;
	char longname[300];
	int ret;

	for (i = 0; i < sizeof(t) / sizeof(t[0]); i++) {
		ret = list_name_parse(t[i].name, &ln, &why);
		if (t[i].valid ? (ret == 0 && ln.type == t[i].type && ln.format == t[i].fmt &&
				  !strcmp(ln.label, t[i].label))
			       : ret == -EINVAL)
			good++;
		else
			tap_diag("%s: %d %s", t[i].name, ret, why);
	}
	ok(good == i, "file name table (%zu/%zu)", good, i);
	memset(longname, 'a', sizeof(longname));
	memcpy(longname, "0-file_list-rpm-", 16);
	longname[16 + 200] = '\0';
	ok(list_name_parse(longname, &ln, &why) == 0, "200-character label accepted");
	longname[16 + 200] = 'a';
	longname[16 + 201] = '\0';
	ret = list_name_parse(longname, &ln, &why);
	ok(ret == -EINVAL, "201-character label refused: %s", why);
	longname[299] = '\0';
	ret = list_name_parse(longname, &ln, &why);
	ok(ret == -EINVAL, "name over 255 bytes refused: %s", why);
}

static void test_compact_name(void)
{
	char out[256];
	char small[20];

	ok(list_name_compact("0-file_list-rpm-coreutils-9.1", out, sizeof(out)) == 0 &&
	   !strcmp(out, "0-file_list-compact-coreutils-9.1"), "rpm name -> %s", out);
	ok(list_name_compact("7-parser_list-compact-p", out, sizeof(out)) == 0 &&
	   !strcmp(out, "7-parser_list-compact-p"), "compact name unchanged");
	ok(list_name_compact("bogus", out, sizeof(out)) == -EINVAL, "invalid name: -EINVAL");
	ok(list_name_compact("0-file_list-rpm-coreutils", small, sizeof(small)) == -ENAMETOOLONG,
	   "small output buffer: -ENAMETOOLONG");
}

static void test_scan(void)
{
	static const char *const names[] = { "b", "a", "0-x", "Z", ".hidden", "a.b" };
	static const char *const sorted[] = { "0-x", "Z", "a", "a.b", "b", "sub" };
	char dir[256], p[300];
	struct list_dir ld;
	size_t i, good = 0;
	int fd, ret;

	tmpdir_make(dir, sizeof(dir));
	for (i = 0; i < sizeof(names) / sizeof(names[0]); i++)
		tmpdir_write(dir, names[i], "x", 1);
	snprintf(p, sizeof(p), "%s/sub", dir);
	mkdir(p, 0755);
	fd = open(dir, O_RDONLY | O_DIRECTORY);
	ret = list_dir_scan(fd, &ld);
	ok(ret == 0 && ld.count == 6, "scan finds 6 names, hidden one skipped");
	for (i = 0; ret == 0 && i < ld.count && i < 6; i++)
		good += !strcmp(ld.names[i], sorted[i]);
	ok(good == 6, "names sorted in byte order");
	list_dir_free(&ld);
	ok(ld.count == 0 && ld.names == NULL, "free resets");
	close(fd);
	ok(list_dir_scan(-1, &ld) == -EBADF, "bad descriptor: -EBADF");
	tmpdir_remove(dir);
}

/* Many names with long common prefixes and any byte: strcmp() order. */
static void test_scan_order(void)
{
	static const char alphabet[] = "\x01\x7f\x80\xff-0ab";
	char dir[256], name[24 + 17 + 1];
	struct list_dir ld;
	uint64_t seed = 3;
	size_t i, k, len, bad = 0;
	int fd, ret;

	tmpdir_make(dir, sizeof(dir));
	for (i = 0; i < 600; i++) {
		/* 0-3 shared 8-byte words, then 1-17 bytes of any kind */
		len = 8 * (rpmgen_rand(&seed) % 4);
		memcpy(name, "0-file_list-rpm-pkg0000-", len);
		for (k = 1 + rpmgen_rand(&seed) % 17; k > 0; k--)
			name[len++] = alphabet[rpmgen_rand(&seed) % (sizeof(alphabet) - 1)];
		name[len] = '\0';
		tmpdir_write(dir, name, "", 0);
	}
	fd = open(dir, O_RDONLY | O_DIRECTORY);
	ret = list_dir_scan(fd, &ld);
	for (i = 1; ret == 0 && i < ld.count; i++)
		bad += strcmp(ld.names[i - 1], ld.names[i]) >= 0;
	ok(ret == 0 && ld.count > 400 && bad == 0,
	   "%zu names with shared prefixes and bytes 0x01-0xff: in strcmp() order", ld.count);
	list_dir_free(&ld);
	close(fd);
	tmpdir_remove(dir);
}

int main(void)
{
	test_names();
	test_compact_name();
	test_scan();
	test_scan_order();
	return tap_done();
}
