// SPDX-License-Identifier: GPL-2.0-only
/*
 * Guest test of the .diglim keyring and of IMA's OpenPGP appended
 * signatures (kernel/patches 0050+), through raw add_key(2), open(2) and
 * securityfs writes.
 *
 * The host (suites/pgp-keyring*.suite) stages in /pgpk, made with
 * keys/diglim-keygen (RSA-2048) and keys/diglim-key-certify:
 *   t.pgp    key T, uncertified          u.pgp  key U, certified by T
 *   x.pgp    key X, uncertified          xw.pgp key X, certified by W (not
 *                                               trusted anywhere)
 *   xwt.pgp  key X, certified by W and then by T
 *   s.pgp    key S with a signing subkey, certified by T
 *   s-uncert.pgp  the same, uncertified; s.fpr, s.sub  S's primary and
 *            subkey fingerprints (hex text)
 *   u-badsig.pgp, u-baduid.pgp  U with the certification's value or the
 *            user ID changed by one byte
 *   t.data.signed    data | T's signature packet | module_signature | marker
 *   t.data.tampered  the same with one byte of the data changed
 *   u.data.signed    data signed by U the same way
 *   s.data.signed    data signed by S's subkey the same way
 *   plain.data       no signature at all
 *   r-revoked.pgp, e-expired.pgp, f.pgp, f.fpr  R revoked by its own
 *            revocation signature, E expired in 2020, F expiring in a year
 *   c.pgp    key C with a signing subkey, its primary key certify-only,
 *            certified by T; c.data.signed, csub.data.signed  data signed
 *            by C's primary key (before) and by its subkey
 *   k-by-ssub.pgp  key K, certified by S's signing subkey
 *
 * Without diglim.keyring_owner=1 on the command line (no key the kernel
 * trusts certified T, U, W or X): every addition is refused with
 * EKEYREJECTED, S's leaves neither of its keys behind, and each of 3,000
 * mutated copies of U is refused too.  With it
 * (owner mode): T is accepted uncertified and measured (KEY_CHECK
 * keyrings=.diglim); a file signed by T passes FILE_CHECK appraisal with
 * appraise_type=imasig|modsig, the tampered and the unsigned copies are
 * denied with EACCES; R is refused with EKEYREVOKED and E with EKEYEXPIRED
 * (uncertified keys are welcome, revoked and expired ones are not), F is
 * accepted and /proc/keys shows its key expiring; kmemleak is scanned (the
 * init's own scan needs debugfs, which lockdown closes); then the kernel is
 * locked down (integrity), which ends owner mode: X is refused, X
 * certified by W is refused, X certified by W and then by T is accepted
 * (one good certification is enough), the broken copies of U are refused, U
 * (certified by T, now in .diglim) is accepted, and U's file passes
 * appraisal; the uncertified S is refused and makes no key, then one
 * add_key() of S certified by T makes two keys in .diglim, S's primary key
 * and subkey, shown in /proc/keys with their fingerprints, and the file
 * S's subkey signed passes appraisal.  Key flags: K, certified by S's
 * signing subkey (now in .diglim), is refused, since only a primary key
 * certifies; C, whose newest self-signature lets its primary key certify
 * only, is accepted (certified by T), the file its primary key signed
 * before is denied with EACCES and the one its subkey signed passes.
 *
 * usage: pgp-keyring [DIR]   (default /pgpk)
 */
#include <errno.h>
#include <fcntl.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "keys.h"
#include "tap.h"

#define IMA_DIR		"/sys/kernel/security/ima"
#define LOCKDOWN	"/sys/kernel/security/lockdown"
#define KMEMLEAK	"/sys/kernel/debug/kmemleak"
/* kmemleak ignores objects younger than 5 s (MSECS_MIN_AGE). */
#define KMEMLEAK_MIN_AGE_S	6
#define WORK_DIR	"/tmp/pgpk"
/* Owner of the files the appraisal rule covers, and only of those. */
#define APPRAISED_UID	4242
#define MUTATIONS	3000
static bool write_path(const char *path, const void *data, size_t len,
		       mode_t mode)
{
	bool ok;
	int fd;

	fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, mode);
	if (fd < 0) {
		tap_diag("create %s: %s", path, strerror(errno));
		return false;
	}
	ok = write(fd, data, len) == (ssize_t)len;
	if (!ok)
		tap_diag("write %s: %s", path, strerror(errno));
	return close(fd) == 0 && ok;
}

/* One policy rule or one lockdown level: one write(2). */
static bool write_str(const char *path, const char *s)
{
	bool ok;
	int fd;

	fd = open(path, O_WRONLY | O_CLOEXEC);
	if (fd < 0) {
		tap_diag("open %s: %s", path, strerror(errno));
		return false;
	}
	ok = write(fd, s, strlen(s)) == (ssize_t)strlen(s);
	if (!ok)
		tap_diag("write '%s' to %s: %s", s, path, strerror(errno));
	return close(fd) == 0 && ok;
}

static bool cmdline_has(const char *word)
{
	struct blob b;
	bool found;

	if (!blob_read("/proc/cmdline", &b)) {
		free(b.data);
		return false;
	}
	b.data[b.len - 1] = '\0';
	found = strstr((char *)b.data, word) != NULL;
	free(b.data);
	return found;
}

/* Keys linked in @ring whose description holds @fpr. */
static int ring_keys_with(long ring, const char *fpr)
{
	int32_t ids[512];
	char desc[512];
	long n, i, d;
	int found = 0;

	n = keyctl(KEYCTL_READ, ring, (long)ids, sizeof(ids), 0);
	if (n < 0) {
		tap_diag("KEYCTL_READ: %s", strerror(errno));
		return -1;
	}
	n = n > (long)sizeof(ids) ? (long)sizeof(ids) : n;
	for (i = 0; i < n / (long)sizeof(ids[0]); i++) {
		d = keyctl(KEYCTL_DESCRIBE, ids[i], (long)desc, sizeof(desc), 0);
		if (d <= 0)
			continue;
		desc[sizeof(desc) - 1] = '\0';
		if (strstr(desc, fpr))
			found++;
	}
	return found;
}

/*
 * The line of /proc/keys that shows an asymmetric key described with @fpr
 * (the type column is cut to 9 characters: "asymmetri"), into @line.
 */
static bool proc_keys_line(const char *fpr, char *line, size_t size)
{
	bool found = false;
	FILE *f;

	f = fopen("/proc/keys", "re");
	if (!f)
		return false;
	while (!found && fgets(line, (int)size, f))
		found = strstr(line, " asymmetri ") && strstr(line, fpr);
	fclose(f);
	return found;
}

/* Whether /proc/keys shows an asymmetric key described with @fpr. */
static bool proc_keys_has_fpr(const char *fpr)
{
	char line[512];

	return proc_keys_line(fpr, line, sizeof(line));
}

/*
 * The timeout column of @fpr's line in /proc/keys ("perm": no expiry) into
 * @out (at least 8 bytes); false if there is no such line.
 */
static bool proc_keys_timeout(const char *fpr, char *out)
{
	char line[512], flags[16];
	unsigned int serial, usage;

	return proc_keys_line(fpr, line, sizeof(line)) &&
	       sscanf(line, "%x %15s %u %7s", &serial, flags, &usage, out) == 4;
}

/*
 * Neither of S's keys (primary @s, subkey @sub) is in @ring or /proc/keys:
 * a refused add_key() left nothing behind.
 */
static void expect_no_s_keys(long ring, const char *s, const char *sub,
			     const char *what)
{
	tap_ok(ring_keys_with(ring, s) == 0 && ring_keys_with(ring, sub) == 0 &&
	       !proc_keys_has_fpr(s) && !proc_keys_has_fpr(sub),
	       "%s: neither S's primary key nor its subkey is in .diglim or /proc/keys",
	       what);
}

/* add_key of a staged key into @ring: 0, or the errno. */
static int add_staged(long ring, const char *dir, const char *name)
{
	struct blob b;
	int err = 0;

	if (!blob_read_at(dir, name, &b)) {
		free(b.data);
		return ENOENT;
	}
	if (add_key("asymmetric", "", b.data, b.len, ring) < 0)
		err = errno;
	free(b.data);
	return err;
}

static void expect_add(long ring, const char *dir, const char *name, int want,
		       const char *what)
{
	int err = add_staged(ring, dir, name);

	tap_ok(err == want, "%s: add_key(%s) gives %s (got %s)", what, name,
	       want ? strerror(want) : "success", err ? strerror(err) : "success");
}

/* Whether a KEY_CHECK entry of .diglim holds exactly @key's bytes. */
static bool measured_key(const struct blob *key)
{
	size_t hexlen = 2 * key->len, i;
	char *hex, *line;
	bool found = false;
	FILE *f;

	hex = malloc(hexlen + 1);
	line = malloc(hexlen + 4096);
	f = fopen(IMA_DIR "/ascii_runtime_measurements", "re");
	if (!hex || !line || !f) {
		tap_diag("measurement list: %s", strerror(errno));
		goto out;
	}
	for (i = 0; i < key->len; i++)
		snprintf(hex + 2 * i, 3, "%02x", key->data[i]);
	while (!found && fgets(line, (int)(hexlen + 4096), f))
		found = strstr(line, " ima-buf ") && strstr(line, " .diglim ") &&
			strstr(line, hex);
out:
	if (f)
		fclose(f);
	free(line);
	free(hex);
	return found;
}

/* Copy a staged file to tmpfs, owned by the appraised uid: 0 or errno. */
static int stage_appraised(const char *dir, const char *name, char *path,
			   size_t size)
{
	static unsigned int copies;
	struct blob b;
	int err = 0;

	/* A new file each time: IMA keeps an inode's appraisal result. */
	snprintf(path, size, "%s/%u-%s", WORK_DIR, copies++, name);
	if (!blob_read_at(dir, name, &b) || !write_path(path, b.data, b.len, 0644) ||
	    chown(path, APPRAISED_UID, APPRAISED_UID))
		err = errno ? errno : EIO;
	free(b.data);
	return err;
}

/* open(2) + read(2) of an appraised file: 0 or the errno. */
static int open_read(const char *path)
{
	char buf[4096];
	ssize_t n;
	int fd, err = 0;

	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return errno;
	while ((n = read(fd, buf, sizeof(buf))) > 0)
		;
	if (n < 0)
		err = errno;
	close(fd);
	return err;
}

static void expect_appraisal(const char *dir, const char *name, int want)
{
	char path[256];
	int err;

	err = stage_appraised(dir, name, path, sizeof(path));
	if (err) {
		tap_ok(false, "stage %s: %s", name, strerror(err));
		return;
	}
	err = open_read(path);
	tap_ok(err == want, "FILE_CHECK appraisal of %s: %s (got %s)", name,
	       want ? strerror(want) : "allowed", err ? strerror(err) : "allowed");
}

/*
 * Lockdown closes debugfs, so the guest init's kmemleak check at the end
 * cannot run in this boot: scan here, before locking down.
 */
static void kmemleak_check(void)
{
	static const char scan[] = "scan";
	char buf[4096];
	bool clean = true;
	ssize_t n;
	int fd;

	fd = open(KMEMLEAK, O_RDWR | O_CLOEXEC);
	if (fd < 0) {
		tap_skip("no kmemleak in this kernel", "kmemleak before lockdown");
		return;
	}
	sleep(KMEMLEAK_MIN_AGE_S);
	if (write(fd, scan, sizeof(scan) - 1) < 0) {
		tap_diag("kmemleak scan: %s", strerror(errno));
		clean = false;
	}
	lseek(fd, 0, SEEK_SET);
	while ((n = read(fd, buf, sizeof(buf) - 1)) > 0) {
		buf[n] = '\0';
		tap_diag("%s", buf);
		clean = false;
	}
	close(fd);
	tap_ok(clean, "kmemleak before lockdown: no leak reported");
}

static void owner_mode(long ring, const char *dir)
{
	char s[FPR_HEX + 1], sub[FPR_HEX + 1], f[FPR_HEX + 1], timeout[8];
	struct blob t;
	char rule[128];
	bool expires;

	tap_ok(write_str(IMA_DIR "/policy",
			 "measure func=KEY_CHECK keyrings=.diglim\n"),
	       "policy: measure func=KEY_CHECK keyrings=.diglim");
	snprintf(rule, sizeof(rule),
		 "appraise func=FILE_CHECK fowner=%d appraise_type=imasig|modsig\n",
		 APPRAISED_UID);
	tap_ok(write_str(IMA_DIR "/policy", rule),
	       "policy: appraise func=FILE_CHECK fowner=%d "
	       "appraise_type=imasig|modsig", APPRAISED_UID);

	expect_add(ring, dir, "t.pgp", 0, "owner mode, uncertified T");
	if (blob_read_at(dir, "t.pgp", &t))
		tap_ok(measured_key(&t),
		       "T's bytes are in the measurement list (ima-buf, .diglim)");
	else
		tap_ok(false, "read t.pgp");
	free(t.data);

	if (mkdir(WORK_DIR, 0755) && errno != EEXIST)
		tap_diag("mkdir %s: %s", WORK_DIR, strerror(errno));
	expect_appraisal(dir, "t.data.signed", 0);
	expect_appraisal(dir, "t.data.tampered", EACCES);
	expect_appraisal(dir, "plain.data", EACCES);
	expect_appraisal(dir, "u.data.signed", EACCES);
	expect_appraisal(dir, "s.data.signed", EACCES);

	/* What a key says of itself holds even where nothing else is asked. */
	expect_add(ring, dir, "r-revoked.pgp", EKEYREVOKED,
		   "owner mode, R revoked by its own revocation signature");
	expect_add(ring, dir, "e-expired.pgp", EKEYEXPIRED,
		   "owner mode, E expired on 2020-01-02");
	expect_add(ring, dir, "f.pgp", 0, "owner mode, F expiring in a year");
	if (!read_fpr(dir, "f.fpr", f))
		f[0] = '?';
	timeout[0] = '\0';
	/* Read before tap_ok(): its arguments have no evaluation order. */
	expires = proc_keys_timeout(f, timeout) && timeout[0] &&
		  strcmp(timeout, "perm") != 0 &&
		  strchr("wd", timeout[strlen(timeout) - 1]);
	tap_ok(expires,
	       "F's kernel key expires with the OpenPGP key: /proc/keys timeout %s",
	       timeout[0] ? timeout : "(none)");

	kmemleak_check();
	/* Lockdown ends owner mode: the certification rule applies. */
	tap_ok(write_str(LOCKDOWN, "integrity"), "lockdown: integrity");
	expect_add(ring, dir, "x.pgp", EKEYREJECTED, "locked down, uncertified X");
	expect_add(ring, dir, "xw.pgp", EKEYREJECTED,
		   "locked down, X certified by untrusted W");
	expect_add(ring, dir, "xwt.pgp", 0,
		   "locked down, X certified by untrusted W, then by T in .diglim");
	expect_add(ring, dir, "u-badsig.pgp", EKEYREJECTED,
		   "locked down, U with a changed certification value");
	expect_add(ring, dir, "u-baduid.pgp", EKEYREJECTED,
		   "locked down, U with a changed user ID");
	expect_add(ring, dir, "u.pgp", 0, "locked down, U certified by T in .diglim");
	expect_appraisal(dir, "u.data.signed", 0);

	/* S: a primary key and a signing subkey in one transferable key. */
	if (!read_fpr(dir, "s.fpr", s) || !read_fpr(dir, "s.sub", sub))
		s[0] = sub[0] = '?';
	expect_add(ring, dir, "s-uncert.pgp", EKEYREJECTED,
		   "locked down, uncertified S with its subkey");
	expect_no_s_keys(ring, s, sub, "uncertified S");
	expect_add(ring, dir, "s.pgp", 0,
		   "locked down, S with its subkey, certified by T in .diglim");
	tap_ok(ring_keys_with(ring, s) == 1 && ring_keys_with(ring, sub) == 1,
	       "one add_key() made two keys in .diglim: S's primary key and its subkey");
	tap_ok(proc_keys_has_fpr(s) && proc_keys_has_fpr(sub),
	       "/proc/keys shows both, described with their fingerprints %.8s... and %.8s...",
	       s, sub);
	expect_appraisal(dir, "s.data.signed", 0);

	/* Key flags (kernel patch 0058). */
	expect_add(ring, dir, "k-by-ssub.pgp", EKEYREJECTED,
		   "locked down, K certified by S's subkey, in .diglim: only a primary key certifies");
	expect_add(ring, dir, "c.pgp", 0,
		   "locked down, C, whose primary key may only certify, certified by T");
	expect_appraisal(dir, "c.data.signed", EACCES);
	expect_appraisal(dir, "csub.data.signed", 0);
}

static uint64_t rng_state = 0x2545f4914f6cdd1dULL;

static uint32_t rnd(uint32_t n)
{
	rng_state ^= rng_state << 13;
	rng_state ^= rng_state >> 7;
	rng_state ^= rng_state << 17;
	return (uint32_t)(rng_state >> 32) % n;
}

/*
 * Mutated copies of the certified key U (1 to 4 changed bytes, or cut
 * short) through add_key into .diglim: the parser and the certification
 * code see hostile packets (KASAN watches), and since nothing trusts T,
 * every copy must be refused.
 */
static void mutations(long ring, const char *dir)
{
	unsigned int accepted = 0, other = 0, i, j, n;
	unsigned int rejected = 0, badmsg = 0;
	struct blob u;
	uint8_t *m;
	size_t len;

	m = malloc(BLOB_MAX);
	if (!blob_read_at(dir, "u.pgp", &u) || !m) {
		tap_ok(false, "read u.pgp for the mutations");
		free(u.data);
		free(m);
		return;
	}
	for (i = 0; i < MUTATIONS; i++) {
		memcpy(m, u.data, u.len);
		len = u.len;
		if (rnd(8) == 0) {
			len = 1 + rnd((uint32_t)u.len - 1);
		} else {
			n = 1 + rnd(4);
			for (j = 0; j < n; j++)
				m[rnd((uint32_t)u.len)] ^= (uint8_t)(1 + rnd(255));
		}
		if (add_key("asymmetric", "", m, len, ring) >= 0)
			accepted++;
		else if (errno == EKEYREJECTED)
			rejected++;
		else if (errno == EBADMSG)
			badmsg++;
		else
			other++;
	}
	tap_diag("mutations: %u EKEYREJECTED, %u EBADMSG, %u other errors",
		 rejected, badmsg, other);
	tap_ok(accepted == 0, "%u mutated copies of U: none accepted (%u were)",
	       MUTATIONS, accepted);
	free(u.data);
	free(m);
}

static void normal_mode(long ring, const char *dir)
{
	char s[FPR_HEX + 1], sub[FPR_HEX + 1];

	expect_add(ring, dir, "t.pgp", EKEYREJECTED, "uncertified T");
	expect_add(ring, dir, "x.pgp", EKEYREJECTED, "uncertified X");
	expect_add(ring, dir, "u.pgp", EKEYREJECTED,
		   "U certified by T, which nothing trusts");
	expect_add(ring, dir, "xw.pgp", EKEYREJECTED, "X certified by untrusted W");
	expect_add(ring, dir, "xwt.pgp", EKEYREJECTED,
		   "X certified by W, then by T: neither is trusted");
	if (!read_fpr(dir, "s.fpr", s) || !read_fpr(dir, "s.sub", sub))
		s[0] = sub[0] = '?';
	expect_add(ring, dir, "s.pgp", EKEYREJECTED,
		   "S with its subkey, certified by T, which nothing trusts");
	expect_add(ring, dir, "s-uncert.pgp", EKEYREJECTED,
		   "uncertified S with its subkey");
	expect_no_s_keys(ring, s, sub, "refused S");
	expect_add(ring, dir, "c.pgp", EKEYREJECTED,
		   "C certified by T, which nothing trusts");
	mutations(ring, dir);
}

int main(int argc, char **argv)
{
	const char *dir = argc > 1 ? argv[1] : "/pgpk";
	bool owner = cmdline_has("diglim.keyring_owner=1");
	long ring;

	tap_plan(owner ? 33 : 11);
	ring = proc_keys_find(".diglim");
	if (!tap_ok(ring > 0, "the .diglim keyring is in /proc/keys")) {
		tap_diag("no .diglim keyring: is CONFIG_DIGLIM_KEYRING set?");
		return tap_exit();
	}
	if (owner)
		owner_mode(ring, dir);
	else
		normal_mode(ring, dir);
	return tap_exit();
}
