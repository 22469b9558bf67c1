// SPDX-License-Identifier: GPL-2.0-only
/* diglim: the distribution builder's host tools. Dispatch only. */
#include "attest.h"
#include "compact_cmd.h"
#include "crypto.h"
#include "dump.h"
#include "export.h"
#include "util.h"
#include "verify.h"

#include <stdio.h>
#include <string.h>

static const char help[] =
"NAME\n"
"    diglim - make and check DIGLIM digest list files\n"
"\n"
"SYNOPSIS\n"
"    diglim export (--root DIR [--dbpath DIR] | PKG.rpm...) -o DIR\n"
"                  [--allow-unsigned]\n"
"    diglim verify (DIR | FILE)... --keyring KEYS.pgp [--keyring MORE.pgp]...\n"
"    diglim compact (--parser | --file) FILE... -o OUT [--immutable]\n"
"                   [--sign KEYID [--gpg-homedir DIR]]\n"
"    diglim dump FILE...\n"
"    diglim attest LOG [--bank ALGO] [--pcrs FILE] [--lists DIR]...\n"
"                  [--keyring KEYS.pgp]... [--diglim-pcr N] [--verbose]\n"
"                  [--quote ATTEST --quote-sig SIG --ak AK.pub --nonce HEX]\n"
"    diglim --help\n"
"\n"
"DESCRIPTION\n"
"    List files are named <N>-<type>_list-<format>-<label> and described in\n"
"    parser/README.md.\n"
"\n"
"    export   Write one rpm list file per package, 0-file_list-rpm-NAME-\n"
"             VERSION-RELEASE.ARCH: the signed bytes of its main header\n"
"             followed by the header's OpenPGP signature (RSAHEADER or\n"
"             DSAHEADER) as an appended signature. --root DIR reads the rpm\n"
"             database under DIR (any backend librpm supports; at\n"
"             DIR/%{_dbpath}, or DIR/--dbpath: e.g. /var/lib/rpm for a\n"
"             Fedora root read with Debian's rpm); nothing is written under\n"
"             DIR. Otherwise the package files given. gpg-pubkey entries\n"
"             are ignored.\n"
"             Packages without a header signature are skipped with a\n"
"             warning, or written unsigned with --allow-unsigned.\n"
"\n"
"    verify   Check the appended signature of every list file in each DIR\n"
"             (names not following the pattern are skipped, as the parser\n"
"             does) or of each FILE, with the public keys in KEYS.pgp (a\n"
"             binary keyring, gpg --export), by the kernel's rules: OpenPGP\n"
"             v4 binary signature, SHA-224/256/384/512 (SHA-1 and MD5\n"
"             refused), RSA PKCS#1 v1.5, issuer found by fingerprint or key\n"
"             ID; subkeys bound to their primary key (the newest binding\n"
"             decides), no key revoked or expired by its own signatures,\n"
"             and no primary key whose key flags do not allow signing. rpm\n"
"             files must also be accepted by diglim-parser with its\n"
"             defaults (e.g. no MD5 file digests). Several --keyring files\n"
"             are used together.\n"
"             Prints OK, FAIL (with the reason) or SKIP per file on stdout\n"
"             and a summary line.\n"
"\n"
"    compact  Write a compact list (one block, SHA-256) of the given files'\n"
"             digests, type COMPACT_PARSER (--parser) or COMPACT_FILE\n"
"             (--file), modifier COMPACT_MOD_IMMUTABLE with --immutable\n"
"             (programs: appraise_type=imasig rules with use_diglim accept\n"
"             only immutable digests);\n"
"             with --sign, appended OpenPGP signature made by gpg as KEYID\n"
"             (in GnuPG home DIR, whose gpg-agent is stopped afterwards).\n"
"\n"
"    dump     Print what list files hold: package, digest algorithm, counts,\n"
"             digests with paths and what diglim-parser selects (rpm) or\n"
"             blocks (compact), signature key ID.\n"
"\n"
"    attest   What a remote verifier makes of a DIGLIM system's IMA\n"
"             measurement list LOG (binary_runtime_measurements_sha256, or\n"
"             binary_runtime_measurements for --bank sha1; default bank\n"
"             sha256). Every entry's template digest must be the bank's\n"
"             hash of its data; the entries are replayed into PCR values,\n"
"             compared with the TPM's from FILE (lines \"PCR HEX\", or\n"
"             tpm2_pcrread's output: \"PCR: 0xHEX\" lines after a line\n"
"             \"BANK:\", those of the log's bank taken). When the end of\n"
"             the log does not give FILE's values and an earlier entry\n"
"             does, the log grew after the PCRs were read: the entries\n"
"             after that one are named as such and not judged. PCRs 0-9\n"
"             are compared only if the log extends them: with all of them\n"
"             given (and quoted, with --quote), the boot_aggregate entry\n"
"             must be their hash (0-7 for sha1). The lists the\n"
"             kernel recorded (ima-buf entries add_buffer_<label> and\n"
"             add_file_<name>) give the reference values; each file\n"
"             measurement outside the DIGLIM PCR (--diglim-pcr, default\n"
"             11) is known when its digest is in one of them, else\n"
"             reported as an unknown file. File measurements in the\n"
"             DIGLIM PCR are list files the kernel read. With --lists DIR\n"
"             (repeatable), every list and list file in the log must be\n"
"             one of DIR's list files or diglim-parser's conversion of\n"
"             one (with or without --exec-only); without it, every list\n"
"             in the log is trusted. With --keyring (repeatable), a list\n"
"             file of DIR counts only if its signature verifies as\n"
"             verify checks it (\"list file ... not counted: <why>\"\n"
"             otherwise). Prints PCR results, one line per\n"
"             unknown file, unknown list and violation (--verbose: known\n"
"             files and lists too), a summary and \"attest: OK\" or\n"
"             \"attest: FAIL: <reasons>\"; exits 1 unless OK.\n"
"             With --quote (with --pcrs), the PCR values must be the\n"
"             TPM's: ATTEST (TPMS_ATTEST, as tpm2_quote -m writes it) and\n"
"             SIG (TPMT_SIGNATURE, tpm2_quote -s) are a quote signed by\n"
"             AK.pub (TPM2B_PUBLIC, tpm2_readpublic -f tss), the\n"
"             attestation key the verifier enrolled: a restricted signing\n"
"             key fixed to its TPM, RSA (RSASSA, 2048 bits or more) or\n"
"             ECC (ECDSA, NIST P-256/384/521); the quote carries\n"
"             --nonce HEX, the verifier's challenge; its PCR digest is\n"
"             that of FILE's values of the PCRs it selects (all of\n"
"             --bank); and it selects every PCR the log extends. Prints\n"
"             \"quote: ...\" lines; a quote that fails makes the verdict\n"
"             FAIL.\n"
"\n"
"EXIT STATUS\n"
"    0  success: everything written, or every file verified OK\n"
"    1  invalid input: a malformed file or keyring, a signature that does\n"
"       not verify, a package that could not be exported, no list file\n"
"       to verify, a measurement list that does not attest\n"
"    2  bad command line\n"
"    3  system error: I/O, librpm, libgcrypt or gpg failure\n"
"\n"
"    Messages name the file and the reason, on stderr (verify's per-file\n"
"    results go to stdout).\n";

static const struct {
	const char *name;
	int (*fn)(int argc, char **argv);
	const char *tag;
} cmds[] = {
	{ "export", cmd_export, "diglim export" },
	{ "verify", cmd_verify, "diglim verify" },
	{ "compact", cmd_compact, "diglim compact" },
	{ "dump", cmd_dump, "diglim dump" },
	{ "attest", cmd_attest, "diglim attest" },
};

int main(int argc, char **argv)
{
	size_t i;

	if (argc < 2) {
		fputs("usage: diglim (export | verify | compact | dump | attest) ...; diglim --help\n",
		      stderr);
		return EXIT_USAGE;
	}
	if (!strcmp(argv[1], "--help") || !strcmp(argv[1], "-h") ||
	    !strcmp(argv[1], "help")) {
		fputs(help, stdout);
		return EXIT_OK;
	}
	for (i = 0; i < sizeof(cmds) / sizeof(cmds[0]); i++) {
		if (strcmp(argv[1], cmds[i].name) != 0)
			continue;
		tool_cmd = cmds[i].tag;
		if (crypto_init()) {
			tool_err(NULL, "libgcrypt is too old (1.8 or later needed)");
			return EXIT_SYSTEM;
		}
		return cmds[i].fn(argc - 1, argv + 1);
	}
	fprintf(stderr, "diglim: unknown command '%s'; diglim --help lists them\n",
		argv[1]);
	return EXIT_USAGE;
}
