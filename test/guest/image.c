// SPDX-License-Identifier: GPL-2.0-only
/*
 * The demo image's test program (images/build installs it as /tests/10-image
 * of package diglim-demo; images/demo boots the image).  It runs after
 * dracut's initramfs switched to the ext4 root, under IMA appraisal enforced
 * from the first exec (ima_policy=diglim), every file installed from a
 * signed RPM and none with security.ima.  It shows and checks:
 *
 *   - the root is the ext4 disk, the built-in diglim policy is in force;
 *   - digests_count, and one loaded list per installed package plus the
 *     parser's (/etc/diglim-demo.expected, written by images/build);
 *   - digest_query of /usr/bin/bash's digest names bash's RPM header;
 *   - bash (dynamically linked: ld.so and libc are mapped for execution)
 *     runs; a modified copy gets EACCES, and so does the program of the
 *     unsigned package unsigned-demo, installed with rpm --nosignature;
 *   - PCR 11 replays from list measurements only.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/xattr.h>
#include <unistd.h>

#include "files.h"
#include "iface.h"
#include "measure.h"
#include "tap.h"

#define BASH		"/usr/bin/bash"
#define UNSIGNED	"/usr/bin/unsigned-hello"
#define MODIFIED	"/tmp/bash-modified"
#define EXPECTED	"/etc/diglim-demo.expected"
#define LIST_PCR	11

/* sha256 of a file as "sha256-<hex>", for digest_query. */
static int file_query(const char *path, char *out, size_t outlen)
{
	uint8_t buf[65536], d[SHA256_DIGEST_SIZE];
	struct sha256_ctx ctx;
	ssize_t n;
	size_t i;
	int fd = open(path, O_RDONLY | O_CLOEXEC);

	if (fd < 0)
		return errno;
	sha256_init(&ctx);
	while ((n = read(fd, buf, sizeof(buf))) > 0)
		sha256_update(&ctx, buf, (size_t)n);
	close(fd);
	if (n < 0 || outlen < 7 + 2 * sizeof(d) + 1)
		return EIO;
	sha256_final(&ctx, d);
	snprintf(out, outlen, "sha256-");
	for (i = 0; i < sizeof(d); i++)
		snprintf(out + 7 + 2 * i, 3, "%02x", d[i]);
	return 0;
}

/* Write @q to digest_query and read the answer through the same file. */
static char *query(const char *q)
{
	char *answer = malloc(4096);
	ssize_t n;
	int fd;

	if (!answer)
		return NULL;
	fd = open(IFACE "/digest_query", O_RDWR | O_CLOEXEC);
	if (fd < 0 || write(fd, q, strlen(q)) != (ssize_t)strlen(q) ||
	    lseek(fd, 0, SEEK_SET) < 0 || (n = read(fd, answer, 4095)) < 0) {
		if (fd >= 0)
			close(fd);
		free(answer);
		return NULL;
	}
	close(fd);
	answer[n] = '\0';
	return answer;
}

/* Run "@path -c 'exit 0'": 0 ran and exited 0, the errno of execve, -1. */
static int run_shell(const char *path)
{
	char *const argv[] = { (char *)path, (char *)"-c", (char *)"exit 0", NULL };

	return run_argv(path, argv);
}

/* Is @name measured at all? */
static bool measured(const char *name)
{
	char *list = read_text(IMA_LIST_SHA256, MAX_LIST), *line, *save = NULL;
	bool found = false;

	for (line = list ? strtok_r(list, "\n", &save) : NULL; line && !found;
	     line = strtok_r(NULL, "\n", &save)) {
		struct ima_entry e;

		found = ima_entry_parse(line, &e) && !strcmp(e.name, name);
	}
	free(list);
	return found;
}

static void check_pcr11(void)
{
	char *list = read_text(IMA_LIST_SHA256, MAX_LIST), *line, *save = NULL;
	uint8_t pcr[SHA256_DIGEST_SIZE], replay[SHA256_DIGEST_SIZE] = { 0 };
	unsigned int n = 0, other = 0;

	for (line = list ? strtok_r(list, "\n", &save) : NULL; line;
	     line = strtok_r(NULL, "\n", &save)) {
		struct ima_entry e;

		if (!ima_entry_parse(line, &e) || e.pcr != LIST_PCR)
			continue;
		n++;
		if (strncmp(e.name, "/etc/diglim/", 12) != 0 &&
		    strncmp(e.name, "add_buffer_", 11) != 0)
			other++;
		pcr_extend(replay, &e);
	}
	free(list);
	tap_ok(pcr_read(LIST_PCR, pcr) && n > 0 && !other &&
	       !memcmp(pcr, replay, sizeof(pcr)),
	       "PCR %d replays from its %u measurements, all of digest lists",
	       LIST_PCR, n);
}

int main(int argc, char **argv)
{
	char *mounts, *policy, *count, q[80], *answer = NULL, x[8];
	long packages = -1, loaded, parser, file;
	FILE *f;
	int err;

	if (argc == 2 && !strcmp(argv[1], "--exit0"))
		return 0;
	tap_plan(11);
	mounts = read_text("/proc/mounts", 1 << 16);
	policy = read_text(IMA_DIR "/policy", 1 << 16);
	count = read_text(IFACE "/digests_count", 4096);
	f = fopen(EXPECTED, "r");
	if (f) {
		if (fscanf(f, "packages %ld", &packages) != 1)
			packages = -1;
		fclose(f);
	}
	tap_ok(mounts && strstr(mounts, "/dev/vda / ext4 "),
	       "the root is the ext4 disk: dracut's initramfs switched to it");
	tap_ok(policy && strstr(policy, "appraise func=BPRM_CHECK appraise_type=imasig use_diglim") &&
	       strstr(policy, "appraise func=DIGEST_LIST_CHECK appraise_type=imasig|modsig"),
	       "IMA appraises with the built-in ima_policy=diglim");

	if (count)
		tap_diag("digests_count:\n%s", count);
	loaded = iface_loaded_files();
	err = iface_counts(&parser, &file);
	tap_ok(!err && parser > 0 && file > 1000,
	       "reference values loaded: %ld file digests, %ld parser digests",
	       file, parser);
	tap_ok(packages > 0 && loaded == 2 * (packages + 1),
	       "one list per installed package (%ld) and the parser's: %ld lists",
	       packages, loaded / 2);

	err = file_query(BASH, q, sizeof(q));
	if (!err)
		answer = query(q);
	if (answer)
		tap_diag("digest_query %s:\n%s", q, answer);
	tap_ok(answer && strstr(answer, "-file_list-rpm-bash-"),
	       "digest_query of %s's digest names bash's RPM header", BASH);
	free(answer);

	tap_ok(getxattr(BASH, "security.ima", x, sizeof(x)) < 0 && errno == ENODATA,
	       "%s has no security.ima", BASH);
	err = run_shell(BASH);
	tap_ok(err == 0, "%s -c 'exit 0' runs: bash, ld.so and libc pass appraisal "
	       "through their packages' headers (%s)", BASH,
	       err > 0 ? strerror(err) : err ? "failed" : "exit 0");
	tap_ok(!measured(BASH) && !measured("/usr/sbin/init"),
	       "neither bash nor this image's init is measured: their lists are");
	err = copy_file(BASH, MODIFIED, "x", 0, 0755);
	if (!err)
		err = run_shell(MODIFIED);
	tap_ok(err == EACCES, "a modified copy of bash gets EACCES (%s)",
	       err > 0 ? strerror(err) : err ? "failed" : "it ran");
	err = run_exit0(UNSIGNED);
	tap_ok(err == EACCES, "%s, of a package installed without a signature, "
	       "gets EACCES (%s)", UNSIGNED, run_result(err));
	check_pcr11();

	free(mounts);
	free(policy);
	free(count);
	return tap_exit();
}
