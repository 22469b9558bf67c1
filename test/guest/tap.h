/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Minimal TAP producer for the guest test programs.
 *
 * A program calls tap_plan() once, then tap_ok()/tap_skip() per check, and
 * returns tap_exit(): 0 when every check passed, 1 otherwise.  Each line is
 * written with one write(2) so that kernel messages on the same serial
 * console do not split it.
 */
#ifndef DIGLIM_TEST_TAP_H
#define DIGLIM_TEST_TAP_H

#include <stdbool.h>

void tap_plan(unsigned int count);
bool tap_ok(bool cond, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
void tap_skip(const char *reason, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
void tap_diag(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
int tap_exit(void);

#endif /* DIGLIM_TEST_TAP_H */
