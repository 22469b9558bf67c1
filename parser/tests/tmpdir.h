/* SPDX-License-Identifier: GPL-2.0-only */
/* Scratch directories for the unit tests. */
#ifndef DIGLIM_TEST_TMPDIR_H
#define DIGLIM_TEST_TMPDIR_H

#include <stddef.h>

/* mkdtemp under $TMPDIR (or /tmp) into @out; aborts on failure. */
void tmpdir_make(char *out, size_t size);
/* rm -r @dir (one level of subdirectories is enough here). */
void tmpdir_remove(const char *dir);
/* Write @len bytes to @dir/@name. */
void tmpdir_write(const char *dir, const char *name, const void *buf, size_t len);
/* Read @dir/@name into @buf (at most @size bytes); returns the length or -1. */
long tmpdir_read(const char *dir, const char *name, void *buf, size_t size);

#endif
