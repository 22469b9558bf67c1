// SPDX-License-Identifier: GPL-2.0-only
/*
 * A misbehaving guest for the host tests of test/run-guest.
 *
 * As PID 1 it never reports a status: with badinit=exit on the kernel
 * command line (passed to init as an environment variable) it exits, which
 * panics the kernel; otherwise it waits forever.  Run as a test program by
 * the real init, it reports one failed TAP check and exits with status 1.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

int main(void)
{
	const char *mode = getenv("badinit");

	if (getpid() != 1) {
		printf("TAP version 13\n1..1\nnot ok 1 - a check that fails on purpose\n");
		return 1;
	}
	if (mode && !strcmp(mode, "exit"))
		return 0;
	for (;;)
		pause();
}
