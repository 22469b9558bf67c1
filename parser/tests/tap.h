/* SPDX-License-Identifier: GPL-2.0-only */
/* Minimal TAP output for the native unit tests (parser and host tools). */
#ifndef DIGLIM_TEST_TAP_H
#define DIGLIM_TEST_TAP_H

/* One test point: "ok N - ..." or "not ok N - ...". Returns @pass. */
int tap_ok(int pass, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* A "# ..." diagnostic line. */
void tap_diag(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
/* Print the plan; exit status for main(): 1 on a failure or no check at all. */
int tap_done(void);
/* For guest programs (guest-tap.c): plan first, then the exit status. */
void tap_plan(int n);
int tap_exit(void);

#define ok(cond, ...) tap_ok(!!(cond), __VA_ARGS__)

#endif
