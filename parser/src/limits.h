/* SPDX-License-Identifier: GPL-2.0-only */
/* Every size limit of diglim-parser, named once. */
#ifndef DIGLIM_LIMITS_H
#define DIGLIM_LIMITS_H

/* Largest list file read (rpm or compact), and largest buffer uploaded:
 * the kernel accepts at most 64 MiB - 1 bytes per write. */
#define LIST_FILE_MAX		(64u * 1024 * 1024 - 1)
#define UPLOAD_MAX		(64u * 1024 * 1024 - 1)

/* rpm's own limits for a main header (lib/header.c). */
#define RPMH_IL_MAX		0xffffu
#define RPMH_DL_MAX		0x0fffffffu
#define RPMH_ARRAY_MAX		0xfffffu

/* List file names and labels. */
#define LIST_NAME_MAX		255
#define LIST_LABEL_MAX		200
#define LIST_SEQ_DIGITS_MAX	9

/* Files in one list directory. */
#define LIST_DIR_MAX		100000

#endif
