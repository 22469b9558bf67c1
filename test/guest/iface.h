/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Readers of DIGLIM's securityfs interface for the guest test programs
 * (test/guest/loader.c, parser-trust.c, enforce.c, parser/tests/guest-load.c).
 */
#ifndef DIGLIM_TEST_IFACE_H
#define DIGLIM_TEST_IFACE_H

#define IFACE	"/sys/kernel/security/integrity/diglim"

/*
 * The Parser and File lines of digests_count: 0, or -1 (both set to -1
 * when unreadable).
 */
int iface_counts(long *parser, long *file);

/* Entries in digest_lists_loaded/ (two per list), or -1. */
long iface_loaded_files(void);

/* The "actions:" of the loaded list labelled @label, or -1. */
long iface_list_actions(const char *label);

#endif /* DIGLIM_TEST_IFACE_H */
