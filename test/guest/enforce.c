// SPDX-License-Identifier: GPL-2.0-only
/*
 * Guest test of appraisal enforced from the first exec
 * (test/guest/suites/enforce.suite).  The kernel boots with
 * ima_policy=diglim and its builder key built in; before init, its loader
 * added the signed compact lists of /etc/diglim (this guest's own programs
 * and the parser) and ran the parser on the signed RPM header of the hello
 * package.  So /init and this program ran under enforced appraisal, with
 * no security.ima anywhere.  The first test program (loader) checked what
 * was loaded; this one checks what the policy does with it:
 *
 *   - the built-in policy is the one documented;
 *   - PCR 11 replays from list measurements only and does not move when
 *     programs run; the programs of measured lists are not measured;
 *   - /usr/bin/hello (from the signed RPM) runs; unknown or modified
 *     programs get EACCES and are measured;
 *   - list files unsigned or signed by an unknown key are refused;
 *   - a process that is not the trusted parser can upload a list, which is
 *     measured into PCR 11, but whitelists nothing, even when it names a
 *     signed header as its source;
 *   - a digest that a signed list holds as mutable does not pass the
 *     imasig rules, even when another (unsigned) list holds it as
 *     immutable;
 *   - lists added or deleted while the system runs change the answer for
 *     a program already refused or already run: signed.list (hello-b's
 *     digest, signed by the builder) makes hello-b run, deleting it makes
 *     hello-b refused again.
 *
 * The host stages in /enforce: hello-b (hello with bytes appended, in no
 * list), unsigned.list (a compact list of hello-b, immutable), wrongkey.list
 * (the same, signed by a key the kernel does not know), signed.list (the
 * same, signed by the builder), mutable.list (hello-b not immutable, signed
 * by the builder) and rpm-list (the name of the RPM list file in
 * /etc/diglim).
 *
 * Before its checks, the program runs hello, hello-b and a modified copy of
 * hello, in the reverse order when the kernel command line has
 * diglimtest.order=reverse, and prints PCRs 0-11 as diagnostics
 * ("# boot-pcr N HEX") for the suite to compare two boots, right after the
 * TPM's quote of them over the nonce diglimtest.nonce=HEX ("# quote-*");
 * then it runs one more unknown program and prints the binary measurement
 * list ("# imalog HEX"), which the suite gives to the host's
 * `diglim attest` with those PCR values and the quote.
 *
 * Run as "enforce --exit0", the program exits 0 at once.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/xattr.h>
#include <unistd.h>

#include "files.h"
#include "iface.h"
#include "keys.h"
#include "measure.h"
#include "quote.h"
#include "tap.h"

#define STAGED		"/enforce"
#define HELLO		"/usr/bin/hello"
#define HELLO_B		STAGED "/hello-b"
#define MODIFIED	"/hello-modified"
#define LATE		"/hello-late"	/* run after the quote */
#define PARSER		"/usr/sbin/diglim-parser"
#define LISTS		"/etc/diglim"
#define LIST_PCR	11
#define EXEC_PCR	10
#define FORGED		"forged-list"
/* enum compact_actions of the DIGLIM user API */
#define APPRAISED_DIGSIG	(1 << 2)

/* Rules of ima_policy=diglim, each as the tokens its policy line holds. */
static const char *const diglim_rules[][4] = {
	{ "measure ", "func=DIGEST_LIST_CHECK ", "pcr=11 " },
	{ "measure ", "func=CRITICAL_DATA ", "label=diglim ", "pcr=11 " },
	{ "appraise ", "func=DIGEST_LIST_CHECK ", "appraise_type=imasig|modsig " },
	{ "measure ", "func=BPRM_CHECK ", "use_diglim " },
	{ "measure ", "func=MMAP_CHECK ", "mask=MAY_EXEC ", "use_diglim " },
	{ "appraise ", "func=BPRM_CHECK ", "appraise_type=imasig ", "use_diglim " },
	{ "appraise ", "func=MMAP_CHECK ", "appraise_type=imasig ", "use_diglim " },
};

/* Does a line of the IMA policy hold every token of @rule? */
static bool policy_has(char *policy, const char *const rule[4])
{
	char *line, *save = NULL, *copy = strdup(policy);
	bool found = false;
	size_t i;

	for (line = copy ? strtok_r(copy, "\n", &save) : NULL; line && !found;
	     line = strtok_r(NULL, "\n", &save)) {
		char padded[512];

		snprintf(padded, sizeof(padded), "%s ", line);
		found = strncmp(padded, rule[0], strlen(rule[0])) == 0;
		for (i = 1; i < 4 && rule[i] && found; i++)
			found = strstr(padded, rule[i]) != NULL;
	}
	free(copy);
	return found;
}

struct log_summary {
	unsigned int entries;	/* all entries */
	unsigned int list_entries;	/* in LIST_PCR */
	unsigned int other_in_list_pcr;	/* in LIST_PCR, not of a list */
	bool parsed;
	uint8_t replay[SHA256_DIGEST_SIZE];	/* of LIST_PCR */
};

/* Is an entry of LIST_PCR about a digest list? */
static bool is_list_entry(const struct ima_entry *e)
{
	return !strncmp(e->name, LISTS "/", strlen(LISTS "/")) ||
	       !strncmp(e->name, "add_buffer_", 11) ||
	       !strncmp(e->name, "del_buffer_", 11) ||
	       !strncmp(e->name, "add_file_", 9) ||
	       !strncmp(e->name, "del_file_", 9);
}

static void summarize(struct log_summary *s)
{
	char *list = read_text(IMA_LIST_SHA256, MAX_LIST), *line, *save = NULL;

	memset(s, 0, sizeof(*s));
	s->parsed = list != NULL;
	for (line = list ? strtok_r(list, "\n", &save) : NULL; line;
	     line = strtok_r(NULL, "\n", &save)) {
		struct ima_entry e;

		if (!ima_entry_parse(line, &e)) {
			tap_diag("unparsable measurement: %s", line);
			s->parsed = false;
			break;
		}
		s->entries++;
		if (e.pcr != LIST_PCR)
			continue;
		s->list_entries++;
		if (!is_list_entry(&e)) {
			tap_diag("PCR %d entry not of a list: %s", LIST_PCR, line);
			s->other_in_list_pcr++;
		}
		pcr_extend(s->replay, &e);
	}
	free(list);
}

/* The PCR of the measurement of @name, or -1 if it is not measured. */
static int measured_in(const char *name)
{
	char *list = read_text(IMA_LIST_SHA256, MAX_LIST), *line, *save = NULL;
	int pcr = -1;

	for (line = list ? strtok_r(list, "\n", &save) : NULL; line && pcr < 0;
	     line = strtok_r(NULL, "\n", &save)) {
		struct ima_entry e;

		if (ima_entry_parse(line, &e) && !strcmp(e.name, name))
			pcr = (int)e.pcr;
	}
	free(list);
	return pcr;
}

/* The name of the RPM list file in LISTS, as the host staged it, or NULL. */
static const char *rpm_list(void)
{
	static char name[256];
	FILE *f = fopen(STAGED "/rpm-list", "r");

	name[0] = '\0';
	if (!f)
		return NULL;
	if (!fgets(name, sizeof(name), f))
		name[0] = '\0';
	fclose(f);
	name[strcspn(name, "\n")] = '\0';
	return name[0] ? name : NULL;
}

static void check_policy(void)
{
	char *policy = read_text(IMA_DIR "/policy", 1 << 16);
	size_t i, found = 0;

	for (i = 0; policy && i < sizeof(diglim_rules) / sizeof(diglim_rules[0]); i++) {
		if (policy_has(policy, diglim_rules[i]))
			found++;
		else
			tap_diag("policy lacks: %s%s%s%s", diglim_rules[i][0],
				 diglim_rules[i][1], diglim_rules[i][2] ? diglim_rules[i][2] : "",
				 diglim_rules[i][3] ? diglim_rules[i][3] : "");
	}
	tap_ok(policy && found == sizeof(diglim_rules) / sizeof(diglim_rules[0]),
	       "IMA's policy is the built-in ima_policy=diglim (%zu of 7 rules)",
	       found);
	free(policy);
}

/* Run the programs in the order the kernel command line asks for. */
static void run_in_order(void)
{
	static const char *const progs[] = { HELLO, HELLO_B, MODIFIED };
	char *cmdline = read_text("/proc/cmdline", 4096);
	bool reverse = cmdline && strstr(cmdline, "diglimtest.order=reverse");
	size_t i, n = sizeof(progs) / sizeof(progs[0]);

	for (i = 0; i < n; i++)
		(void)run_exit0(progs[reverse ? n - 1 - i : i]);
	tap_diag("ran %s, %s and %s, in %s order", progs[0], progs[1], progs[2],
		 reverse ? "reverse" : "this");
	free(cmdline);
}

/* Upload @list's bytes as a buffer labelled FORGED, naming @source. */
static int forge_upload(const char *list, const char *source)
{
	struct blob b = { 0 };
	char num[16];
	int fd = -1, err;

	if (!blob_read_at(STAGED, list, &b)) {
		free(b.data);
		return ENOENT;
	}
	fd = open(source, O_RDONLY | O_CLOEXEC);
	if (fd < 0) {
		err = errno;
		goto out;
	}
	snprintf(num, sizeof(num), "%d", fd);
	err = write_str_file(IFACE "/digest_list_source", num);
	if (!err)
		err = write_str_file(IFACE "/digest_list_label", FORGED);
	if (!err)
		err = write_buf_file(IFACE "/digest_list_add", b.data, b.len);
out:
	if (fd >= 0)
		close(fd);
	free(b.data);
	return err;
}

int main(int argc, char **argv)
{
	uint8_t pcr_before[SHA256_DIGEST_SIZE], pcr_after[SHA256_DIGEST_SIZE];
	struct log_summary s;
	long parser, file, parser2, file2, actions;
	const char *rpm;
	char path[400];
	int err, pcr;

	if (argc == 2 && !strcmp(argv[1], "--exit0"))
		return 0;

	tap_plan(32);
	err = copy_file(HELLO, MODIFIED, "x", 0, 0755);
	if (err)
		tap_diag("cannot make %s: %s", MODIFIED, strerror(err));
	run_in_order();
	check_policy();

	/* PCR 11: lists only, before and after programs run */
	summarize(&s);
	tap_ok(pcr_read(LIST_PCR, pcr_before) &&
	       !all_zero(pcr_before, sizeof(pcr_before)),
	       "PCR %d (sha256 bank) is extended", LIST_PCR);
	tap_ok(s.parsed && s.list_entries > 0 && s.other_in_list_pcr == 0 &&
	       !memcmp(s.replay, pcr_before, sizeof(pcr_before)),
	       "PCR %d replays from its %u measurements, all of digest lists",
	       LIST_PCR, s.list_entries);
	rpm = rpm_list();
	snprintf(path, sizeof(path), LISTS "/%s", rpm ? rpm : "?");
	tap_ok(rpm && measured_in(path) == LIST_PCR &&
	       measured_in(LISTS "/0-parser_list-compact-diglim-parser") == LIST_PCR &&
	       measured_in(LISTS "/0-file_list-compact-guest") == LIST_PCR,
	       "the RPM header and both compact lists are measured in PCR %d",
	       LIST_PCR);
	snprintf(path, sizeof(path), "add_buffer_%s", rpm ? rpm : "?");
	tap_ok(rpm && measured_in(path) == LIST_PCR,
	       "the parser's conversion of it too (%s)", path);
	tap_ok(measured_in("/init") < 0 && measured_in(PARSER) < 0 &&
	       measured_in(argv[0]) < 0,
	       "/init, the parser and this program ran but are not measured: "
	       "their lists stand for them");

	/* the packaged program */
	tap_ok(getxattr(HELLO, "security.ima", path, sizeof(path)) < 0 &&
	       errno == ENODATA, "%s has no security.ima", HELLO);
	err = run_exit0(HELLO);
	tap_ok(err == 0, "%s, from the signed RPM, runs under enforced appraisal (%s)",
	       HELLO, run_result(err));
	err = run_exit0(HELLO);
	tap_ok(err == 0 && measured_in(HELLO) < 0,
	       "it runs again and is not measured (%s)", run_result(err));

	/* unknown and modified programs */
	err = run_exit0(HELLO_B);
	tap_ok(err == EACCES, "a program in no list gets EACCES (%s)",
	       run_result(err));
	pcr = measured_in(HELLO_B);
	tap_ok(pcr == EXEC_PCR, "and is measured in PCR %d (PCR %d)", EXEC_PCR,
	       pcr);
	err = run_exit0(MODIFIED);
	tap_ok(err == EACCES, "a modified copy of %s gets EACCES (%s)", HELLO,
	       run_result(err));

	summarize(&s);
	tap_ok(pcr_read(LIST_PCR, pcr_after) &&
	       !memcmp(pcr_before, pcr_after, sizeof(pcr_after)),
	       "PCR %d did not move while programs ran and failed", LIST_PCR);
	/*
	 * For `diglim attest`, as an attestation agent sends them: the quote
	 * and the PCRs it covers (reading them measures nothing), then the
	 * measurement list, read later: a program refused in between is in
	 * the list after the quoted PCRs.
	 */
	tap_ok(print_quote(), "the TPM quotes PCRs 0-11 over the host's "
	       "nonce (# quote-ak, quote-attest, quote-sig)");
	for (pcr = 0; pcr <= LIST_PCR; pcr++)
		print_boot_pcr((unsigned int)pcr);
	err = copy_file(HELLO_B, LATE, "late", 0, 0755);
	if (!err)
		err = run_exit0(LATE);
	tap_ok(err == EACCES && measured_in(LATE) == EXEC_PCR,
	       "a program run after the quote gets EACCES and is measured in "
	       "PCR %d (%s)", EXEC_PCR, run_result(err));
	tap_ok(print_binary_log(), "the binary measurement list is printed "
	       "for the host's verifier (# imalog)");

	/* list files that the kernel must refuse */
	if (iface_counts(&parser, &file))
		parser = file = -1;
	err = write_str_file(IFACE "/digest_list_add", STAGED "/unsigned.list");
	tap_ok(err == EACCES, "an unsigned compact list is refused (%s)",
	       err ? strerror(err) : "added");
	err = write_str_file(IFACE "/digest_list_add", STAGED "/wrongkey.list");
	tap_ok(err == EACCES, "a list signed by a key the kernel does not trust "
	       "is refused (%s)", err ? strerror(err) : "added");
	err = iface_counts(&parser2, &file2);
	tap_ok(!err && file2 == file && parser2 == parser,
	       "digests_count unchanged (File %ld, Parser %ld)", file2, parser2);
	err = run_exit0(HELLO_B);
	tap_ok(err == EACCES, "the program of those lists still gets EACCES (%s)",
	       run_result(err));

	/* an upload by a process that is not the trusted parser */
	snprintf(path, sizeof(path), LISTS "/%s", rpm ? rpm : "?");
	err = forge_upload("unsigned.list", path);
	tap_ok(err == 0, "this program can upload a list as a buffer, naming the "
	       "signed header as its source (%s)", err ? strerror(err) : "ok");
	actions = iface_list_actions(FORGED);
	tap_ok(actions >= 0 && !(actions & APPRAISED_DIGSIG),
	       "but it is not credited with the header's signature (actions %ld)",
	       actions);
	err = run_exit0(HELLO_B);
	tap_ok(err == EACCES, "and whitelists nothing: %s still gets EACCES (%s)",
	       HELLO_B, run_result(err));
	tap_ok(measured_in("add_buffer_" FORGED) == LIST_PCR &&
	       pcr_read(LIST_PCR, pcr_after) &&
	       memcmp(pcr_before, pcr_after, sizeof(pcr_after)) != 0,
	       "the upload is measured in PCR %d, which a verifier sees move",
	       LIST_PCR);

	/* the packaged program is unaffected by all this */
	err = run_exit0(HELLO);
	tap_ok(err == 0, "%s still runs (%s)", HELLO, run_result(err));

	/*
	 * A signed list that holds hello-b as mutable, as a %config file's
	 * content: imasig rules want it immutable in that same signed list,
	 * and the forged list above, which holds it as immutable, is not
	 * signed.
	 */
	err = write_str_file(IFACE "/digest_list_add", STAGED "/mutable.list");
	tap_ok(err == 0, "a list signed by the builder that holds %s as "
	       "mutable is added (%s)", HELLO_B, err ? strerror(err) : "ok");
	err = run_exit0(HELLO_B);
	tap_ok(err == EACCES, "appraise_type=imasig refuses its mutable digest, "
	       "though an unsigned list holds it as immutable (%s)",
	       run_result(err));
	err = write_str_file(IFACE "/digest_list_del", STAGED "/mutable.list");
	tap_ok(err == 0, "the mutable list is deleted (%s)",
	       err ? strerror(err) : "ok");

	/* reference values that change after a program was refused or ran */
	err = write_str_file(IFACE "/digest_list_add", STAGED "/signed.list");
	tap_ok(err == 0, "a list of %s signed by the builder is added at run "
	       "time (%s)", HELLO_B, err ? strerror(err) : "ok");
	err = run_exit0(HELLO_B);
	tap_ok(err == 0, "%s, refused before, now runs: its cached refusal "
	       "was dropped (%s)", HELLO_B, run_result(err));
	err = write_str_file(IFACE "/digest_list_del", STAGED "/signed.list");
	tap_ok(err == 0, "the list is deleted (%s)", err ? strerror(err) : "ok");
	err = run_exit0(HELLO_B);
	tap_ok(err == EACCES, "and %s, which ran, is refused again (%s)",
	       HELLO_B, run_result(err));
	return tap_exit();
}
