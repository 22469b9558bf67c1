// SPDX-License-Identifier: GPL-2.0-only
/*
 * Guest test of IMA's use_diglim policy option (test/guest/suites/
 * ima-diglim.suite): execution allowed, and measurement spared, by the
 * reference values of digest lists, with no security.ima on any program.
 *
 * The host stages in /imad: t.pgp (an OpenPGP public key, T), prog (a copy
 * of this program), signed.list (a compact list holding prog's digest,
 * with an appended OpenPGP signature by T), unsigned.list (a compact list
 * holding the digest of prog-b, which is prog with one byte appended) and
 * prog-b itself, and forged.list (an unsigned compact list holding the digest
 * of prog-d, prog with two bytes appended) and prog-d.  The kernel runs
 * with diglim.keyring_owner=1, so that root may add T to .diglim.
 *
 * Policy written here (uids keep the rules away from everything else):
 *   lists (owner LIST_UID): measured, and appraised with imasig|modsig;
 *   lists (owner MEASURED_UID): measured only;
 *   programs (owner PROG_UID): measured and appraised with use_diglim;
 *   programs (owner PLAIN_UID): appraised, without use_diglim;
 *   programs (owner IMASIG_UID): appraised with use_diglim and
 *     appraise_type=imasig, which signed.list's mutable digest (the list is
 *     made without --immutable) does not satisfy.
 *
 * Run as "ima-diglim --exit0", the program exits 0 at once: that is what
 * the programs executed by the test do.
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
#include "keys.h"
#include "tap.h"

#define STAGED		"/imad"
#define IMA_DIR		"/sys/kernel/security/ima"
#define DIGLIM_DIR	"/sys/kernel/security/integrity/diglim"
#define LIST_UID	3000
#define PROG_UID	4000
#define PLAIN_UID	6000
#define IMASIG_UID	6100
#define OTHER_UID	5000
#define MEASURED_UID	5100
#define STR(x)		#x
#define XSTR(x)		STR(x)

/* Append one byte to @path (a write IMA sees): 0 or the errno. */
static int tamper(const char *path)
{
	int fd = open(path, O_WRONLY | O_APPEND | O_CLOEXEC), err = 0;

	if (fd < 0)
		return errno;
	if (write(fd, "\n", 1) != 1)
		err = errno ? errno : EIO;
	if (close(fd) < 0 && !err)
		err = errno;
	return err;
}

/* Does the measurement list name @path? */
static bool measured(const char *path)
{
	char line[1024];
	bool found = false;
	size_t len = strlen(path);
	FILE *f = fopen(IMA_DIR "/ascii_runtime_measurements", "r");

	if (!f)
		return false;
	while (!found && fgets(line, sizeof(line), f)) {
		char *end = line + strcspn(line, "\n");

		*end = '\0';
		/* "PCR template-hash template digest path" */
		found = end - line >= (long)len + 1 && end[-(long)len - 1] == ' ' &&
			!strcmp(end - len, path);
	}
	fclose(f);
	return found;
}

static bool policy_has(const char *what)
{
	char line[512];
	bool found = false;
	FILE *f = fopen(IMA_DIR "/policy", "r");

	if (!f)
		return false;
	while (!found && fgets(line, sizeof(line), f))
		found = strstr(line, what) != NULL;
	fclose(f);
	return found;
}

int main(int argc, char **argv)
{
	static const char *const bad_rules[] = {
		"audit func=BPRM_CHECK use_diglim\n",
		"dont_appraise fowner=7000 use_diglim\n",
		"measure func=KEY_CHECK use_diglim\n",
		/* a list's own measurement records that it was loaded */
		"measure func=DIGEST_LIST_CHECK use_diglim\n",
	};
	static const char *const rules[] = {
		"measure func=DIGEST_LIST_CHECK fowner=" XSTR(LIST_UID) "\n",
		"measure func=DIGEST_LIST_CHECK fowner=" XSTR(MEASURED_UID) "\n",
		"appraise func=DIGEST_LIST_CHECK fowner=" XSTR(LIST_UID)
			" appraise_type=imasig|modsig\n",
		"measure func=BPRM_CHECK fowner=" XSTR(PROG_UID) " use_diglim\n",
		"appraise func=BPRM_CHECK fowner=" XSTR(PROG_UID) " use_diglim\n",
		"appraise func=BPRM_CHECK fowner=" XSTR(PLAIN_UID) "\n",
		"appraise func=BPRM_CHECK fowner=" XSTR(IMASIG_UID)
			" appraise_type=imasig use_diglim\n",
	};
	/* security.ima: a v2 signature header (sha256, a key ID) and 4 bytes */
	static const unsigned char bogus_sig[] = {
		0x03, 0x02, 0x04, 0xde, 0xad, 0xbe, 0xef, 0x00, 0x04,
		0x01, 0x02, 0x03, 0x04,
	};
	struct blob key = { 0 };
	long ring;
	size_t i;
	int err;

	if (argc == 2 && !strcmp(argv[1], "--exit0"))
		return 0;

	tap_plan(29);

	for (i = 0; i < sizeof(bad_rules) / sizeof(bad_rules[0]); i++) {
		err = write_str_file(IMA_DIR "/policy", bad_rules[i]);
		tap_ok(err == EINVAL, "policy refuses \"%.*s\" (%s)",
		       (int)strlen(bad_rules[i]) - 1, bad_rules[i],
		       err ? strerror(err) : "accepted");
	}

	/* IMA takes one rule per write(2) */
	err = 0;
	for (i = 0; i < sizeof(rules) / sizeof(rules[0]) && !err; i++)
		err = write_str_file(IMA_DIR "/policy", rules[i]);
	tap_ok(!err, "policy: lists measured and appraised (imasig|modsig), "
	       "programs measured and appraised with use_diglim (%s)",
	       err ? strerror(err) : "ok");
	tap_ok(policy_has("appraise func=BPRM_CHECK fowner=4000 use_diglim"),
	       "the policy shows use_diglim on the rules that have it");

	ring = proc_keys_find(".diglim");
	err = ring > 0 && blob_read_at(STAGED, "t.pgp", &key) &&
	      add_key("asymmetric", "", key.data, key.len, ring) > 0 ? 0 : errno;
	free(key.data);
	tap_ok(!err, "T added to .diglim (owner mode): %s",
	       err ? strerror(err) : "ok");

	/* the lists */
	err = stage_file(STAGED, "signed.list", "/tmp/signed.list", LIST_UID, 0644);
	if (!err)
		err = write_str_file(DIGLIM_DIR "/digest_list_add", "/tmp/signed.list");
	tap_ok(!err, "the list signed by T is added (%s)", err ? strerror(err) : "ok");
	err = stage_file(STAGED, "unsigned.list", "/tmp/unsigned-appraised.list", LIST_UID, 0644);
	if (!err)
		err = write_str_file(DIGLIM_DIR "/digest_list_add",
				 "/tmp/unsigned-appraised.list");
	tap_ok(err == EACCES, "an unsigned list that policy appraises is refused "
	       "(%s)", err ? strerror(err) : "added");
	err = stage_file(STAGED, "unsigned.list", "/tmp/unsigned.list", OTHER_UID, 0644);
	if (!err)
		err = write_str_file(DIGLIM_DIR "/digest_list_add", "/tmp/unsigned.list");
	tap_ok(!err, "an unsigned list that policy does not appraise is added (%s)",
	       err ? strerror(err) : "ok");
	tap_ok(measured("/tmp/signed.list"), "the signed list is measured");

	/*
	 * A signature written to security.ima of a list that policy measures
	 * but does not appraise is never verified: the list gets no credit
	 * for it, and the digests in it pass no appraisal.
	 */
	err = stage_file(STAGED, "forged.list", "/tmp/forged.list", MEASURED_UID, 0644);
	if (!err)
		err = write_str_file(DIGLIM_DIR "/digest_list_add", "/tmp/forged.list");
	if (!err)
		err = write_str_file(DIGLIM_DIR "/digest_list_del", "/tmp/forged.list");
	tap_ok(!err, "a list that policy measures only is added and deleted (%s)",
	       err ? strerror(err) : "ok");
	err = setxattr("/tmp/forged.list", "security.ima", bogus_sig,
		       sizeof(bogus_sig), 0) ? errno : 0;
	tap_ok(!err, "an unverifiable signature is written to its security.ima (%s)",
	       err ? strerror(err) : "ok");
	err = write_str_file(DIGLIM_DIR "/digest_list_add", "/tmp/forged.list");
	tap_ok(!err, "and the list is added again (%s)", err ? strerror(err) : "ok");
	err = stage_file(STAGED, "prog-d", "/tmp/prog-d", PROG_UID, 0755);
	if (!err)
		err = run_exit0("/tmp/prog-d");
	tap_ok(err == EACCES, "a program listed only there is refused: IMA verified "
	       "no signature of that list (%s)", run_result(err));

	/* programs without security.ima */
	err = stage_file(STAGED, "prog", "/tmp/prog", PROG_UID, 0755);
	tap_ok(!err, "stage prog (%s)", err ? strerror(err) : "ok");
	err = run_exit0("/tmp/prog");
	tap_ok(err == 0, "a program whose digest is in the signed list runs (%s)",
	       run_result(err));
	tap_ok(!measured("/tmp/prog"), "and is not measured: the list's measurement "
	       "stands for it");
	err = run_exit0("/tmp/prog");
	tap_ok(err == 0, "and runs again (%s)", run_result(err));

	err = stage_file(STAGED, "prog-b", "/tmp/prog-b", PROG_UID, 0755);
	if (!err)
		err = run_exit0("/tmp/prog-b");
	tap_ok(err == EACCES, "a program listed only in the unappraised list is "
	       "refused (%s)", run_result(err));

	err = stage_file(STAGED, "prog", "/tmp/prog-c", PROG_UID, 0755);
	if (!err)
		err = tamper("/tmp/prog-c");
	if (!err)
		err = run_exit0("/tmp/prog-c");
	tap_ok(err == EACCES, "a modified copy is refused (%s)", run_result(err));
	tap_ok(measured("/tmp/prog-c"), "and measured: its digest is in no list");

	err = stage_file(STAGED, "prog", "/tmp/prog-plain", PLAIN_UID, 0755);
	if (!err)
		err = run_exit0("/tmp/prog-plain");
	tap_ok(err == EACCES, "the same program under an appraise rule without "
	       "use_diglim is refused (%s)", run_result(err));

	err = stage_file(STAGED, "prog", "/tmp/prog-imasig", IMASIG_UID, 0755);
	if (!err)
		err = run_exit0("/tmp/prog-imasig");
	tap_ok(err == EACCES, "and under a use_diglim rule with appraise_type=imasig, "
	       "as the signed list holds its digest as mutable (%s)",
	       run_result(err));

	err = tamper("/tmp/prog");
	tap_ok(!err, "prog modified after it ran (%s)", err ? strerror(err) : "ok");
	err = run_exit0("/tmp/prog");
	tap_ok(err == EACCES, "and then refused (%s)", run_result(err));
	tap_ok(measured("/tmp/prog"), "and then measured");

	err = write_str_file(DIGLIM_DIR "/digest_list_del", "/tmp/signed.list");
	tap_ok(!err, "the signed list is deleted (%s)", err ? strerror(err) : "ok");
	err = stage_file(STAGED, "prog", "/tmp/prog-after", PROG_UID, 0755);
	if (!err)
		err = run_exit0("/tmp/prog-after");
	tap_ok(err == EACCES, "after which a fresh copy of prog is refused (%s)",
	       run_result(err));
	return tap_exit();
}
