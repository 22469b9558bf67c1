// SPDX-License-Identifier: GPL-2.0-only
/*
 * Guest test of the kernel's "pgp" asymmetric key parser through the raw
 * add_key(2) and keyctl(2) system calls (no libkeyutils in the guest).
 *
 * The host (suites/pgp.suite) stages GnuPG-made keys in /pgp:
 *   a.pgp       RSA-2048 primary + RSA-2048 signing subkey
 *   a.fpr       its primary fingerprint, a.sub its subkey's (hex text)
 *   ed.pgp      EdDSA, p521.pgp ECDSA P-521, small.pgp RSA-1024
 *   builtin.fpr fingerprints of the kernel's CONFIG_PGP_BUILTIN_KEYS, one a
 *               line (absent when the kernel has none)
 *
 * Checks: the built-in keys were loaded at boot; the key is added with its
 * fingerprint as ID and shows in /proc/keys, and the same add_key() (no
 * description) adds its signing subkey; the subkey is added alone by
 * fingerprint; "ex:" lookups match the
 * whole fingerprint or key ID but not a tail; unsupported keys and other
 * versions are refused with the right errno; then thousands of mutated key
 * blobs go through add_key: each must give a success or a parse error, and
 * the kernel must still work afterwards (the host fails the boot on any
 * KASAN/BUG report on the console).
 *
 * usage: pgp-keys [DIR [MUTATIONS]]   (default /pgp 4000)
 */
#include <errno.h>
#include <fcntl.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "keys.h"
#include "tap.h"

#define KEY_SPEC_PROCESS_KEYRING	(-2)

static bool describe_has(long key, const char *want)
{
	char buf[512];
	long n;

	n = keyctl(KEYCTL_DESCRIBE, key, (long)buf, sizeof(buf), 0);
	if (n <= 0 || (size_t)n > sizeof(buf))
		return false;
	buf[sizeof(buf) - 1] = '\0';
	if (!strstr(buf, want)) {
		tap_diag("describe: %s", buf);
		return false;
	}
	return true;
}

/* /proc/keys line of @key contains @want. */
static bool proc_keys_has(long key, const char *want)
{
	char line[512], id[16];
	bool found = false;
	FILE *f;

	f = fopen("/proc/keys", "re");
	if (!f) {
		tap_diag("/proc/keys: %s", strerror(errno));
		return false;
	}
	snprintf(id, sizeof(id), "%08lx ", key);
	while (fgets(line, sizeof(line), f))
		if (!strncmp(line, id, strlen(id))) {
			found = strstr(line, want) != NULL;
			if (!found)
				tap_diag("/proc/keys: %s", line);
			break;
		}
	fclose(f);
	return found;
}

/* Serial of the asymmetric key (type shown as "asymmetri") named @fpr in
 * /proc/keys, or -1.
 */
static long proc_keys_names(const char *fpr)
{
	char line[512];
	long id = -1;
	FILE *f;

	f = fopen("/proc/keys", "re");
	if (!f)
		return -1;
	while (id < 0 && fgets(line, sizeof(line), f))
		if (strstr(line, fpr) && strstr(line, " asymmetri") &&
		    strstr(line, "PGP.rsa"))
			id = strtol(line, NULL, 16);
	fclose(f);
	return id;
}

/* @key is linked in @ring (KEYCTL_READ lists a keyring's keys). */
static bool keyring_holds(long ring, long key)
{
	int32_t ids[256];
	long n, i;

	n = keyctl(KEYCTL_READ, ring, (long)ids, sizeof(ids), 0);
	if (n < 0) {
		tap_diag("KEYCTL_READ: %s", strerror(errno));
		return false;
	}
	n = n > (long)sizeof(ids) ? (long)sizeof(ids) : n;
	for (i = 0; i < n / (long)sizeof(ids[0]); i++)
		if (ids[i] == key)
			return true;
	return false;
}

static void check_builtin(const char *dir)
{
	char fpr[FPR_HEX + 1], path[256];
	long ring, key;

	snprintf(path, sizeof(path), "%s/builtin.fpr", dir);
	if (access(path, R_OK)) {
		tap_skip("the kernel has no CONFIG_PGP_BUILTIN_KEYS",
			 "built-in OpenPGP keys are loaded at boot");
		return;
	}
	ring = proc_keys_find(".builtin_trusted_keys");
	key = read_fpr(dir, "builtin.fpr", fpr) ? proc_keys_names(fpr) : -1;
	tap_ok(ring > 0 && key > 0 && keyring_holds(ring, key),
	       "the built-in OpenPGP key %s is in .builtin_trusted_keys", fpr);
}

static long search(long ring, const char *spec)
{
	return keyctl(KEYCTL_SEARCH, ring, (long)"asymmetric", (long)spec, 0);
}

/* add_key fails with @err; a key that was added anyway is unlinked. */
static bool refused(long ring, const char *desc, const struct blob *b, int err)
{
	long k = add_key("asymmetric", desc, b->data, b->len, ring);

	if (k >= 0) {
		keyctl(KEYCTL_UNLINK, k, ring, 0, 0);
		tap_diag("accepted as key %ld", k);
		return false;
	}
	if (errno != err) {
		tap_diag("errno %d (%s), want %d", errno, strerror(errno), err);
		return false;
	}
	return true;
}

static uint64_t rng_state = 0x9e3779b97f4a7c15ULL;

static uint32_t rnd(uint32_t n)
{
	rng_state ^= rng_state << 13;
	rng_state ^= rng_state >> 7;
	rng_state ^= rng_state << 17;
	return n ? (uint32_t)(rng_state % n) : 0;
}

/* Offsets of packet headers in a key blob (old format, as GnuPG writes). */
static size_t packet_starts(const struct blob *b, size_t *starts, size_t max)
{
	size_t off = 0, n = 0, hdr, body;
	uint8_t c;

	while (off + 2 <= b->len && n < max) {
		c = b->data[off];
		starts[n++] = off;
		if (c & 0x40) {
			if (b->data[off + 1] < 192) {
				hdr = 2;
				body = b->data[off + 1];
			} else {
				break;
			}
		} else if ((c & 3) == 0) {
			hdr = 2;
			body = b->data[off + 1];
		} else if ((c & 3) == 1 && off + 3 <= b->len) {
			hdr = 3;
			body = (size_t)b->data[off + 1] << 8 | b->data[off + 2];
		} else {
			break;
		}
		off += hdr + body;
	}
	return n;
}

/* Make one mutant of @src in @dst; return its length. */
static size_t mutate(const struct blob *src, uint8_t *dst,
		     const size_t *starts, size_t nstarts)
{
	static const uint8_t special[] = { 0x00, 0x01, 0x03, 0x04, 0x06, 0x7f,
					   0x80, 0xbf, 0xc0, 0xdf, 0xe0, 0xfe,
					   0xff };
	size_t len = src->len, pos, i, n;

	memcpy(dst, src->data, len);
	n = 1 + rnd(4);
	for (i = 0; i < n; i++) {
		/* Half of the edits land near a packet header or body start. */
		if (rnd(2) && nstarts)
			pos = starts[rnd((uint32_t)nstarts)] + rnd(12);
		else
			pos = rnd((uint32_t)len);
		if (pos >= len)
			pos = len - 1;
		switch (rnd(5)) {
		case 0:
			dst[pos] ^= (uint8_t)(1u << rnd(8));
			break;
		case 1:
			dst[pos] = special[rnd(sizeof(special))];
			break;
		case 2:
			dst[pos] = (uint8_t)rnd(256);
			break;
		case 3:	/* cut */
			len = pos ? pos : 1;
			break;
		default: /* a new-format header with a 5-octet length */
			if (pos + 6 <= len) {
				uint32_t l = rnd(2) ? (uint32_t)(len - pos - 6) :
						      (uint32_t)rnd(0xffffffffu);

				dst[pos] = 0xc6;
				dst[pos + 1] = 0xff;
				dst[pos + 2] = (uint8_t)(l >> 24);
				dst[pos + 3] = (uint8_t)(l >> 16);
				dst[pos + 4] = (uint8_t)(l >> 8);
				dst[pos + 5] = (uint8_t)l;
			}
			break;
		}
	}
	return len;
}

static bool fuzz(long ring, const struct blob *a, unsigned int count)
{
	unsigned int i, added = 0, badmsg = 0, notsupp = 0, nopkg = 0, other = 0;
	size_t starts[64], nstarts;
	uint8_t *buf;
	bool ok = true;
	long k;

	buf = malloc(a->len);
	if (!buf)
		return false;
	nstarts = packet_starts(a, starts, 64);
	for (i = 0; i < count; i++) {
		size_t len = mutate(a, buf, starts, nstarts);

		k = add_key("asymmetric", NULL, buf, len, ring);
		if (k >= 0) {
			added++;
			keyctl(KEYCTL_UNLINK, k, ring, 0, 0);
			continue;
		}
		switch (errno) {
		case EBADMSG:
			badmsg++;
			break;
		case EOPNOTSUPP:
			notsupp++;
			break;
		case ENOPKG:
			nopkg++;
			break;
		case ENOKEY:
		case EEXIST:
			break;
		default:
			if (!other)
				tap_diag("mutant %u: unexpected errno %d (%s)",
					 i, errno, strerror(errno));
			other++;
			ok = false;
		}
	}
	free(buf);
	tap_diag("%u mutants: %u added, %u EBADMSG, %u EOPNOTSUPP, %u ENOPKG, %u other",
		 count, added, badmsg, notsupp, nopkg, other);
	/* The mutants must reach the parser's error paths, not just succeed. */
	return ok && badmsg > count / 10;
}

static void free_blobs(struct blob *b, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		free(b[i].data);
}

int main(int argc, char **argv)
{
	const char *dir = argc > 1 ? argv[1] : "/pgp";
	unsigned int count = argc > 2 ? (unsigned int)strtoul(argv[2], NULL, 10) : 4000;
	char fpr[FPR_HEX + 1], sub[FPR_HEX + 1], spec[64];
	struct blob keys[5] = { { NULL, 0 } };
	struct blob *a = &keys[0], *ed = &keys[1], *p521 = &keys[2];
	struct blob *small = &keys[3], *bad = &keys[4];
	long ring, k, ks, again;
	bool have;

	tap_plan(18);
	have = blob_read_at(dir, "a.pgp", a) && blob_read_at(dir, "ed.pgp", ed) &&
	       blob_read_at(dir, "p521.pgp", p521) &&
	       blob_read_at(dir, "small.pgp", small) &&
	       read_fpr(dir, "a.fpr", fpr) && read_fpr(dir, "a.sub", sub);
	if (!tap_ok(have, "the staged keys are readable in %s", dir))
		goto out;
	check_builtin(dir);

	ring = add_key("keyring", "pgp-test", NULL, 0, KEY_SPEC_PROCESS_KEYRING);
	tap_ok(ring > 0, "a keyring for the test");

	k = add_key("asymmetric", NULL, a->data, a->len, ring);
	if (!tap_ok(k > 0, "keyctl padd of an RSA-2048 OpenPGP key succeeds"))
		tap_diag("add_key: %s", strerror(errno));
	tap_ok(describe_has(k, fpr), "its description carries the fingerprint");
	tap_ok(proc_keys_has(k, "PGP.rsa") && proc_keys_has(k, fpr + 32),
	       "/proc/keys shows it as PGP.rsa with its key ID %s", fpr + 32);

	snprintf(spec, sizeof(spec), "ex:%s", sub);
	ks = search(ring, spec);
	tap_ok(ks > 0 && ks != k && describe_has(ks, sub),
	       "the same add_key() made its signing subkey a key of its own");

	snprintf(spec, sizeof(spec), "ex:%s", fpr);
	tap_ok(search(ring, spec) == k, "found by its whole fingerprint");
	snprintf(spec, sizeof(spec), "ex:%s", fpr + 24);
	tap_ok(search(ring, spec) == k, "found by its whole 64-bit key ID");
	snprintf(spec, sizeof(spec), "ex:%s", fpr + 32);
	tap_ok(search(ring, spec) < 0 && errno == ENOKEY,
	       "not found by an exact lookup of a 32-bit tail");

	ks = add_key("asymmetric", sub, a->data, a->len, ring);
	tap_ok(ks > 0 && ks != k && describe_has(ks, sub),
	       "the subkey is added when named by its fingerprint");

	tap_ok(refused(ring, NULL, ed, ENOPKG), "an EdDSA key is refused: ENOPKG");
	tap_ok(refused(ring, NULL, p521, ENOPKG),
	       "an ECDSA P-521 key is refused: ENOPKG");
	tap_ok(refused(ring, NULL, small, ENOPKG),
	       "an RSA-1024 key is refused: ENOPKG");

	if (a->len < 16)
		goto out;
	bad->data = malloc(a->len);
	if (!bad->data)
		goto out;
	bad->len = a->len;
	memcpy(bad->data, a->data, a->len);
	bad->data[3] = 6;	/* old-format 2-octet header: version at 3 */
	tap_ok(refused(ring, NULL, bad, EOPNOTSUPP), "a v6 key is refused: EOPNOTSUPP");
	bad->data[3] = 3;
	tap_ok(refused(ring, NULL, bad, EOPNOTSUPP), "a v3 key is refused: EOPNOTSUPP");
	bad->data[3] = 4;
	bad->len = a->len / 2;
	tap_ok(refused(ring, NULL, bad, EBADMSG), "a truncated key is refused: EBADMSG");

	have = fuzz(ring, a, count);
	again = add_key("asymmetric", NULL, a->data, a->len, ring);
	tap_ok(have && again > 0,
	       "%u mutated keys through add_key: only parse errors, and the key still adds",
	       count);
out:
	free_blobs(keys, 5);
	return tap_exit();
}
