/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Helpers of the guest key tests (pgp-keys, pgp-keyring): files staged by
 * the host, the raw add_key(2)/keyctl(2) system calls (there is no
 * libkeyutils in the guest) and /proc/keys.
 */
#ifndef DIGLIM_TEST_KEYS_H
#define DIGLIM_TEST_KEYS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* Largest file blob_read() takes. */
#define BLOB_MAX	((size_t)1024 * 1024)
/* A v4 fingerprint in hex. */
#define FPR_HEX		40

#define KEYCTL_DESCRIBE		6
#define KEYCTL_UNLINK		9
#define KEYCTL_SEARCH		10
#define KEYCTL_READ		11

struct blob {
	uint8_t *data;
	size_t len;
};

/*
 * Read @path whole (less than BLOB_MAX bytes, not empty) into @b. The
 * caller frees b->data, whether this succeeded or not.
 */
bool blob_read(const char *path, struct blob *b);
/* The same for @dir/@name. */
bool blob_read_at(const char *dir, const char *name, struct blob *b);

long add_key(const char *type, const char *desc, const void *data, size_t len,
	     long ring);
long keyctl(int cmd, long a, long b, long c, long d);

/*
 * A fingerprint the host staged as @dir/@name (40 hex digits first),
 * lowercased as the kernel prints it, in @fpr.
 */
bool read_fpr(const char *dir, const char *name, char fpr[FPR_HEX + 1]);

/* Serial of the keyring named @name in /proc/keys, or -1. */
long proc_keys_find(const char *name);

#endif /* DIGLIM_TEST_KEYS_H */
