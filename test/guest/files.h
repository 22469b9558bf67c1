/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * File and program helpers of the guest IMA tests (ima-diglim, enforce, image,
 * parser-trust) and of test/bench/ima's guest program.
 */
#ifndef DIGLIM_TEST_FILES_H
#define DIGLIM_TEST_FILES_H

#include <sys/types.h>

/* One write(2) of @s to @path (a securityfs file): 0 or the errno. */
int write_str_file(const char *path, const char *s);

/* One write(2) of @len bytes of @buf to @path: 0 or the errno. */
int write_buf_file(const char *path, const void *buf, size_t len);

/*
 * Copy @from to @path (created or truncated) with the string @extra
 * appended (may be ""), owner @uid and @mode: 0 or the errno.
 */
int copy_file(const char *from, const char *path, const char *extra,
	      uid_t uid, mode_t mode);

/*
 * Copy @dir/@name to @path (created or truncated) with owner @uid and
 * @mode: 0 or the errno.
 */
int stage_file(const char *dir, const char *name, const char *path, uid_t uid,
	       mode_t mode);

/*
 * Execute "@path --exit0": 0 when it ran and exited 0, the errno of
 * execve() when it could not run, -1 when it ran and failed.
 */
int run_exit0(const char *path);

/* Execute @path with @argv: as run_exit0(). */
int run_argv(const char *path, char *const argv[]);

/* run_exit0()'s result in words. */
const char *run_result(int err);

#endif /* DIGLIM_TEST_FILES_H */
