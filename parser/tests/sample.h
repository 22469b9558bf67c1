/* SPDX-License-Identifier: GPL-2.0-only */
/* A fixed sample package for the unit tests. */
#ifndef DIGLIM_TEST_SAMPLE_H
#define DIGLIM_TEST_SAMPLE_H

#include "rpmgen.h"

#define SAMPLE_FILES 9

/*
 * Files of the sample: 0 /usr/bin/ls (0755, selected), 1 /usr/lib64/
 * libfoo.so.1.2 (0644, selected, shared library), 2 /etc/foo.conf
 * (%config), 3 /usr/share/doc/foo/README (0644), 4 /usr/lib64 (dir, no
 * digest), 5 /usr/lib64/libbar.so (symlink, no digest), 6 /var/log/foo.log
 * (%ghost, with a digest that must be skipped), 7 /usr/share/foo/empty
 * (zero-length regular file: digest of empty input), 8 /usr/libexec/helper
 * (0700, %config).
 */
void sample_files(struct rpmgen_file files[SAMPLE_FILES],
		  char digests[SAMPLE_FILES][129], size_t digest_bytes);
/* The sample package with FILEDIGESTALGO @pgp_algo (0: absent). */
uint8_t *sample_header(uint32_t pgp_algo, size_t digest_bytes, size_t *len);

#endif
