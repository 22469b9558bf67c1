// SPDX-License-Identifier: GPL-2.0-only
/*
 * Guest half of test/bench/pgp: hand the staged batch of signed blobs to
 * the kernel's pgp_bench debugfs file (CONFIG_PGP_BENCH), which verifies
 * every blob's OpenPGP signature and its PKCS#7 signature, and print the
 * two times and their ratio.
 *
 * usage: pgp-bench [FILE]   (default /bench/pgp.bin)
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mount.h>
#include <sys/stat.h>
#include <unistd.h>

#include "tap.h"

#define BENCH_FILE	"/sys/kernel/debug/pgp_bench"
#define MAX_INPUT	((size_t)64 << 20)

static char *read_all(const char *path, size_t *len)
{
	struct stat st;
	char *buf;
	ssize_t n;
	int fd;

	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0 || fstat(fd, &st) || st.st_size <= 0 ||
	    (size_t)st.st_size > MAX_INPUT) {
		tap_diag("%s: %s", path, fd < 0 ? strerror(errno) : "bad size");
		if (fd >= 0)
			close(fd);
		return NULL;
	}
	buf = malloc((size_t)st.st_size);
	*len = 0;
	while (buf && *len < (size_t)st.st_size &&
	       (n = read(fd, buf + *len, (size_t)st.st_size - *len)) > 0)
		*len += (size_t)n;
	close(fd);
	if (buf && *len != (size_t)st.st_size) {
		free(buf);
		buf = NULL;
	}
	return buf;
}

int main(int argc, char **argv)
{
	const char *path = argc > 1 ? argv[1] : "/bench/pgp.bin";
	unsigned long long pgp_us = 0, p7_us = 0;
	unsigned int count = 0;
	char result[256];
	size_t len = 0;
	ssize_t n = -1;
	char *buf;
	int fd;

	tap_plan(1);
	if (access(BENCH_FILE, F_OK))
		mount("debugfs", "/sys/kernel/debug", "debugfs", 0, NULL);
	buf = read_all(path, &len);
	fd = buf ? open(BENCH_FILE, O_RDWR | O_CLOEXEC) : -1;
	if (fd >= 0) {
		n = write(fd, buf, len);
		if (n < 0)
			tap_diag("write %s: %s", BENCH_FILE, strerror(errno));
		else if (lseek(fd, 0, SEEK_SET) == 0)
			n = read(fd, result, sizeof(result) - 1);
		close(fd);
	} else if (buf) {
		tap_diag("%s: %s", BENCH_FILE, strerror(errno));
	}
	free(buf);
	if (n > 0) {
		result[n] = '\0';
		if (sscanf(result, "signatures %u pgp_us %llu pkcs7_us %llu",
			   &count, &pgp_us, &p7_us) != 3)
			count = 0;
	}
	if (tap_ok(count > 0 && pgp_us > 0,
		   "every signature verified with both OpenPGP and PKCS#7")) {
		printf("pgp-bench: %u RSA-4096/SHA-256 signatures\n", count);
		printf("pgp-bench: %-26s %10llu us %8.1f us/sig\n",
		       "verify_pgp_signature", pgp_us, (double)pgp_us / count);
		printf("pgp-bench: %-26s %10llu us %8.1f us/sig\n",
		       "verify_pkcs7_signature", p7_us, (double)p7_us / count);
		printf("pgp-bench: ratio pkcs7/pgp %.2f (above 1: OpenPGP is faster)\n",
		       (double)p7_us / (double)pgp_us);
		fflush(stdout);
	}
	return tap_exit();
}
