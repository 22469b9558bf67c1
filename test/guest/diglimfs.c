// SPDX-License-Identifier: GPL-2.0-only
/*
 * Smoke check of the DIGLIM securityfs interface: the kernel built from
 * kernel/series has <securityfs>/integrity/diglim/ with the files of the
 * DIGLIM v3 user API, each with its v3 type and mode, and digests_count
 * reads in the v3 format.  The selftests (diglim.suite) test behaviour;
 * this only says whether the interface is there at all.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "tap.h"

#define DIGLIM_DIR	"/sys/kernel/security/integrity/diglim"

struct entry {
	const char *name;
	mode_t type;
	mode_t mode;	/* of files; directories: not checked */
};

static const struct entry entries[] = {
	{ "digest_list_add", S_IFREG, 0200 },
	{ "digest_list_del", S_IFREG, 0200 },
	{ "digest_list_label", S_IFREG, 0600 },
	{ "digest_list_source", S_IFREG, 0600 },	/* not in v3: 0072, 0077 */
	{ "digest_query", S_IFREG, 0600 },
	{ "digests_count", S_IFREG, 0440 },
	{ "digest_lists_loaded", S_IFDIR, 0 },
};

#define NENTRIES (sizeof(entries) / sizeof(entries[0]))

static void check_entry(const struct entry *e)
{
	char path[256];
	struct stat st;
	bool ok;

	snprintf(path, sizeof(path), "%s/%s", DIGLIM_DIR, e->name);
	if (stat(path, &st) < 0) {
		tap_ok(false, "%s exists", path);
		tap_diag("stat %s: %s", path, strerror(errno));
		return;
	}
	if (e->type == S_IFDIR)
		ok = tap_ok(S_ISDIR(st.st_mode), "%s is a directory", path);
	else
		ok = tap_ok(S_ISREG(st.st_mode) &&
			    (st.st_mode & 07777) == e->mode,
			    "%s is a file with mode %03o", path,
			    (unsigned int)e->mode);
	if (!ok)
		tap_diag("%s: mode %06o", path, (unsigned int)st.st_mode);
}

/* "Parser digests: N\nFile digests: N\nMetadata ...\nDigest list ...\n" */
static void check_count(void)
{
	static const char *const names[] = {
		"Parser", "File", "Metadata", "Digest list",
	};
	char buf[512], word[64];
	const char *p = buf;
	bool ok = true;
	ssize_t n = -1;
	size_t i;
	int fd;

	fd = open(DIGLIM_DIR "/digests_count", O_RDONLY | O_CLOEXEC);
	if (fd >= 0) {
		n = read(fd, buf, sizeof(buf) - 1);
		close(fd);
	}
	if (n < 0) {
		tap_ok(false, "digests_count is readable");
		return;
	}
	buf[n] = '\0';
	for (i = 0; ok && i < sizeof(names) / sizeof(names[0]); i++) {
		size_t len;
		char *end;

		len = (size_t)snprintf(word, sizeof(word), "%s digests: ",
				       names[i]);
		ok = !strncmp(p, word, len) && p[len] >= '0' && p[len] <= '9';
		if (!ok)
			break;
		errno = 0;
		(void)strtoul(p + len, &end, 10);
		ok = !errno && *end == '\n';
		p = end + 1;
	}
	if (!tap_ok(ok && *p == '\0', "digests_count has the v3 format"))
		tap_diag("digests_count: '%s'", buf);
}

int main(void)
{
	struct stat st;
	size_t i;

	tap_plan(2 + NENTRIES);
	if (!tap_ok(stat(DIGLIM_DIR, &st) == 0 && S_ISDIR(st.st_mode),
		    "%s exists (CONFIG_DIGLIM)", DIGLIM_DIR)) {
		for (i = 0; i < NENTRIES; i++)
			tap_ok(false, "%s/%s exists", DIGLIM_DIR,
			       entries[i].name);
		tap_ok(false, "digests_count has the v3 format");
		return tap_exit();
	}
	for (i = 0; i < NENTRIES; i++)
		check_entry(&entries[i]);
	check_count();
	return tap_exit();
}
