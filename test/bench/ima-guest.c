// SPDX-License-Identifier: GPL-2.0-only
/*
 * Guest side of test/bench/ima: IMA measuring and appraising N files, per
 * file (a TPM extend per measurement, an OpenPGP signature check per
 * appraisal) against use_diglim (one list, measured and signature-checked
 * once), in one boot, with no IMA policy as the floor.
 *
 * The host stages in /bench: files/NNNNN (the data files), signed/NNNNN
 * (the same with an appended OpenPGP signature each), files.list (a compact
 * list of the data files' SHA-256 digests, with an appended signature) and
 * key.pgp (the signing key, added to .diglim: boot with
 * diglim.keyring_owner=1).
 *
 * Each workload reads fresh copies (IMA remembers files it has seen) owned
 * by a uid of its own, which its one policy rule selects; the copies are
 * made before the clock starts.  Prints "ima-bench: " lines and TAP.
 */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "files.h"
#include "keys.h"
#include "tap.h"

#define STAGED		"/bench"
#define IMA_DIR		"/sys/kernel/security/ima"
#define DIGLIM_DIR	"/sys/kernel/security/integrity/diglim"
#define MAX_FILES	100000
#define LIST_UID	1300

struct workload {
	const char *name;
	const char *src;	/* staged directory copied */
	const char *rule;	/* NULL: no policy */
	double ms;
	long measured;		/* measurement list entries it added */
	uid_t uid;
	int failed;		/* reads that failed */
};

static double now_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec * 1e3 + (double)ts.tv_nsec / 1e6;
}

static long count_measurements(void)
{
	char buf[65536];
	long lines = 0;
	ssize_t n, i;
	int fd = open(IMA_DIR "/ascii_runtime_measurements", O_RDONLY | O_CLOEXEC);

	if (fd < 0)
		return -1;
	while ((n = read(fd, buf, sizeof(buf))) > 0)
		for (i = 0; i < n; i++)
			lines += buf[i] == '\n';
	close(fd);
	return lines;
}

/* A staged file's name (the host numbers them: 00001, 00002...). */
typedef char name_t[32];

static int cmp_names(const void *a, const void *b)
{
	return strcmp((const char *)a, (const char *)b);
}

/* The staged file names, sorted, in one allocation; NULL on failure. */
static name_t *list_names(const char *dir, size_t *count)
{
	name_t *names = calloc(MAX_FILES, sizeof(*names));
	struct dirent *de;
	size_t n = 0;
	DIR *d;

	*count = 0;
	if (!names)
		return NULL;
	d = opendir(dir);
	if (!d) {
		free(names);
		return NULL;
	}
	while (n < MAX_FILES && (de = readdir(d)) != NULL) {
		if (de->d_name[0] == '.' || strlen(de->d_name) >= sizeof(*names))
			continue;
		memcpy(names[n++], de->d_name, strlen(de->d_name) + 1);
	}
	closedir(d);
	qsort(names, n, sizeof(*names), cmp_names);
	*count = n;
	return names;
}

/* Read every file of @dir whole; the number of files that failed. */
static int read_all(const char *dir, name_t *names, size_t count)
{
	static char buf[1 << 16];
	char path[512];
	int failed = 0, fd;
	size_t i;
	ssize_t n;

	for (i = 0; i < count; i++) {
		snprintf(path, sizeof(path), "%s/%s", dir, names[i]);
		fd = open(path, O_RDONLY | O_CLOEXEC);
		if (fd < 0) {
			failed++;
			continue;
		}
		while ((n = read(fd, buf, sizeof(buf))) > 0)
			;
		if (n < 0)
			failed++;
		close(fd);
	}
	return failed;
}

static int run_workload(struct workload *w, name_t *names, size_t count)
{
	char src[256], dst[256], from[512], to[512];
	long before;
	double t0;
	size_t i;
	int err;

	snprintf(src, sizeof(src), STAGED "/%s", w->src);
	snprintf(dst, sizeof(dst), "/tmp/%u", (unsigned int)w->uid);
	if (mkdir(dst, 0755) < 0)
		return errno;
	for (i = 0; i < count; i++) {
		snprintf(from, sizeof(from), "%s/%s", src, names[i]);
		snprintf(to, sizeof(to), "%s/%s", dst, names[i]);
		err = copy_file(from, to, "", w->uid, 0644);
		if (err)
			return err;
	}
	if (w->rule) {
		err = write_str_file(IMA_DIR "/policy", w->rule);
		if (err)
			return err;
	}
	before = count_measurements();
	t0 = now_ms();
	w->failed = read_all(dst, names, count);
	w->ms = now_ms() - t0;
	w->measured = count_measurements() - before;
	return 0;
}

int main(void)
{
	static struct workload w[] = {
		{ .name = "no IMA policy (floor)", .src = "files", .uid = 1100 },
		{ .name = "measure, per file", .src = "files", .uid = 1101,
		  .rule = "measure func=FILE_CHECK fowner=1101\n" },
		{ .name = "measure, use_diglim", .src = "files", .uid = 1102,
		  .rule = "measure func=FILE_CHECK fowner=1102 use_diglim\n" },
		{ .name = "appraise, OpenPGP signature per file", .src = "signed",
		  .uid = 1103,
		  .rule = "appraise func=FILE_CHECK fowner=1103 appraise_type=imasig|modsig\n" },
		{ .name = "appraise, use_diglim", .src = "files", .uid = 1104,
		  .rule = "appraise func=FILE_CHECK fowner=1104 use_diglim\n" },
	};
	static const char *const list_rules[] = {
		"measure func=FILE_CHECK fowner=1300\n",
		"appraise func=FILE_CHECK fowner=1300 appraise_type=imasig|modsig\n",
	};
	const size_t nw = sizeof(w) / sizeof(w[0]);
	struct blob key = { 0 };
	size_t count, i;
	name_t *names;
	long ring;
	int err = 0;

	tap_plan((unsigned int)(3 + 2 * nw));
	names = list_names(STAGED "/files", &count);
	tap_ok(names && count > 0, "%zu staged files", count);

	ring = proc_keys_find(".diglim");
	err = ring > 0 && blob_read_at(STAGED, "key.pgp", &key) &&
	      add_key("asymmetric", "", key.data, key.len, ring) > 0 ? 0 : errno;
	free(key.data);
	for (i = 0; i < 2 && !err; i++)
		err = write_str_file(IMA_DIR "/policy", list_rules[i]);
	if (!err)
		err = copy_file(STAGED "/files.list", "/tmp/files.list", "", LIST_UID, 0644);
	if (!err)
		err = write_str_file(DIGLIM_DIR "/digest_list_add", "/tmp/files.list");
	tap_ok(!err, "key in .diglim, the signed list measured, appraised and "
	       "added (%s)", err ? strerror(err) : "ok");

	for (i = 0; i < nw && names; i++) {
		err = run_workload(&w[i], names, count);
		tap_ok(!err && !w[i].failed, "%s: %zu files read (%s, %d failed)",
		       w[i].name, count, err ? strerror(err) : "ok", w[i].failed);
	}
	tap_ok(w[1].measured == (long)count && w[2].measured == 0,
	       "per-file measure added %ld entries, use_diglim %ld",
	       w[1].measured, w[2].measured);

	printf("ima-bench: %zu files, same boot, TPM: swtpm under QEMU\n", count);
	printf("ima-bench: %-38s %10s %10s %12s\n", "workload", "ms",
	       "us/file", "entries");
	for (i = 0; i < nw; i++)
		printf("ima-bench: %-38s %10.1f %10.1f %12ld\n", w[i].name,
		       w[i].ms, w[i].ms * 1e3 / (double)(count ? count : 1),
		       w[i].measured);
	printf("ima-bench: measure:  per file / use_diglim  x%.2f\n",
	       w[2].ms > 0 ? w[1].ms / w[2].ms : 0);
	printf("ima-bench: appraise: per file / use_diglim  x%.2f\n",
	       w[4].ms > 0 ? w[3].ms / w[4].ms : 0);
	fflush(stdout);
	for (i = 0; i < nw; i++)
		tap_ok(w[i].ms > 0, "%s timed", w[i].name);

	free(names);
	return tap_exit();
}
