// SPDX-License-Identifier: GPL-2.0-only
/*
 * Smoke test run in every guest: the kernel is the one the host built, IMA
 * is active and measures into a real TPM 2.0 (not TPM-bypass), and the
 * measurement list starts with boot_aggregate and replays to PCR 10.
 *
 * Kernel command line options read from /proc/cmdline:
 *   diglimtest.release=RELEASE  the kernel release the host built
 */
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/utsname.h>
#include <unistd.h>

#include "measure.h"
#include "tap.h"

#define IMA_PCR		10

static char *cmdline_value(const char *key)
{
	char *cmdline = read_text("/proc/cmdline", 4096), *tok, *save = NULL;
	size_t keylen = strlen(key);
	char *value = NULL;

	if (!cmdline)
		return NULL;
	for (tok = strtok_r(cmdline, " \n", &save); tok;
	     tok = strtok_r(NULL, " \n", &save)) {
		if (!strncmp(tok, key, keylen) && tok[keylen] == '=') {
			value = strdup(tok + keylen + 1);
			break;
		}
	}
	free(cmdline);
	return value;
}

static void check_release(void)
{
	char *expected = cmdline_value("diglimtest.release");
	struct utsname uts;

	if (uname(&uts) < 0 || !expected) {
		tap_ok(false, "kernel release is the one built from kernel/series (no diglimtest.release= given)");
		free(expected);
		return;
	}
	if (!tap_ok(!strcmp(uts.release, expected),
		    "kernel release is the one built from kernel/series"))
		tap_diag("running %s, built %s", uts.release, expected);
	free(expected);
}

static void check_tpm(void)
{
	char *major = read_text(TPM_DIR "/tpm_version_major", 16);

	tap_ok(major && atoi(major) == 2, "a TPM 2.0 chip is present");
	free(major);
}

static void check_measurements(void)
{
	uint8_t pcr[SHA256_DIGEST_SIZE], replay[SHA256_DIGEST_SIZE] = { 0 };
	char *list = read_text(IMA_LIST_SHA256, MAX_LIST), *line, *save = NULL;
	bool first_ok = false, parsed = true, have_pcr;
	unsigned int entries = 0;

	tap_ok(list != NULL, "IMA is active: %s is readable", IMA_LIST_SHA256);
	have_pcr = pcr_read(IMA_PCR, pcr);
	if (!tap_ok(have_pcr && !all_zero(pcr, sizeof(pcr)),
		    "PCR 10 (sha256 bank) is non-zero after boot"))
		tap_diag("IMA may be running in TPM-bypass mode");

	for (line = list ? strtok_r(list, "\n", &save) : NULL; line;
	     line = strtok_r(NULL, "\n", &save)) {
		struct ima_entry e;

		if (!ima_entry_parse(line, &e)) {
			tap_diag("unparsable measurement: %s", line);
			parsed = false;
			break;
		}
		if (entries++ == 0) {
			const char *colon = strchr(e.digest, ':');
			uint8_t d[SHA256_DIGEST_SIZE];

			first_ok = !strcmp(e.name, "boot_aggregate") &&
				   e.pcr == IMA_PCR && colon &&
				   parse_hex(colon + 1, strlen(colon + 1), d,
					     sizeof(d)) &&
				   !all_zero(d, sizeof(d));
			if (!first_ok)
				tap_diag("first entry: %s", line);
		}
		if (e.pcr != IMA_PCR)
			continue;
		pcr_extend(replay, &e);
	}
	free(list);
	tap_ok(first_ok,
	       "the first measurement is boot_aggregate with a non-zero TPM digest");
	tap_ok(parsed && entries > 0 && have_pcr &&
	       !memcmp(replay, pcr, sizeof(pcr)),
	       "replaying %u measurements gives PCR 10", entries);
}

int main(void)
{
	tap_plan(6);
	check_release();
	check_tpm();
	check_measurements();
	return tap_exit();
}
