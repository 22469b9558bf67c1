// SPDX-License-Identifier: GPL-2.0-only
/* Unit tests of list file names and rpm list file bytes (listfile.c). */
#include "listfile.h"
#include "tap.h"

#include "modsig.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

int main(void)
{
	char name[LISTFILE_NAME_MAX + 1], longl[202];
	const char *fmt = NULL, *label;
	/* il = 1, dl = 16: an index entry and a 16-byte data store. */
	uint8_t blob[8 + 16 + 16] = { 0, 0, 0, 1, 0, 0, 0, 16 };
	static const uint8_t sig[] = { 0xc2, 1, 4 };
	struct modsig ms;
	const char *why = "";
	uint8_t *out;
	size_t len;

	ok(!listfile_name(name, "file", "rpm", "coreutils-9.1-1.fc39.x86_64") &&
	   !strcmp(name, "0-file_list-rpm-coreutils-9.1-1.fc39.x86_64"),
	   "name of an rpm list file");
	ok(listfile_name(name, "file", "rpm", "a/b") == -EINVAL, "a label with '/' is refused");
	ok(listfile_name(name, "file", "rpm", "a b") == -EINVAL, "a label with a space is refused");
	ok(listfile_name(name, "file", "rpm", "") == -EINVAL, "an empty label is refused");
	memset(longl, 'x', 201);
	longl[201] = '\0';
	ok(listfile_name(name, "file", "rpm", longl) == -EINVAL, "a 201-byte label is refused");
	longl[200] = '\0';
	ok(!listfile_name(name, "file", "rpm", longl), "a 200-byte label is accepted");

	label = listfile_label("0-file_list-rpm-bash-5.2-1.x86_64", &fmt);
	ok(label && !strcmp(label, "bash-5.2-1.x86_64") && !strcmp(fmt, "rpm"),
	   "label and format of an rpm list file name");
	label = listfile_label("12-parser_list-compact-diglim-parser", &fmt);
	ok(label && !strcmp(label, "diglim-parser") && !strcmp(fmt, "compact"),
	   "label and format of a compact parser list name");
	ok(!listfile_label("0-file_list-tar-x", &fmt), "an unknown format is not a list file");
	ok(!listfile_label("file_list-rpm-x", &fmt), "a name without N is not a list file");
	ok(!listfile_label("1234567890-file_list-rpm-x", &fmt), "a 10-digit N is not a list file");
	ok(!listfile_label("0-key_list-rpm-x", &fmt), "an unknown type is not a list file");
	ok(!listfile_label("0-file_list-rpm-", &fmt), "an empty label is not a list file");

	ok(!listfile_rpm_build(blob, sizeof(blob), NULL, 0, &out, &len) &&
	   len == 8 + sizeof(blob) && !memcmp(out, "\x8e\xad\xe8\x01\0\0\0\0", 8) &&
	   !memcmp(out + 8, blob, sizeof(blob)), "unsigned rpm list file = magic + blob");
	free(out);
	ok(!listfile_rpm_build(blob, sizeof(blob), sig, sizeof(sig), &out, &len) &&
	   len == 8 + sizeof(blob) + sizeof(sig) + 40 &&
	   !modsig_split(out, len, &ms, &why) && ms.body_len == 8 + sizeof(blob) &&
	   ms.sig_len == sizeof(sig) && !memcmp(ms.sig, sig, sizeof(sig)),
	   "signed rpm list file splits back into header and packet");
	ok(len >= 40 && out[len - 40 + 2] == 0 && out[len - 40 + 11] == sizeof(sig) &&
	   !memcmp(out + len - 28, "~Module signature appended~\n", 28),
	   "trailer: id_type 0 (PGP), be32 sig_len, marker");
	free(out);
	ok(listfile_rpm_build(blob, sizeof(blob) - 1, NULL, 0, &out, &len) == -EBADMSG,
	   "a blob shorter than its il/dl say is refused");
	blob[3] = 2;
	ok(listfile_rpm_build(blob, sizeof(blob), NULL, 0, &out, &len) == -EBADMSG,
	   "a blob whose il is too large is refused");
	blob[0] = 0xff;
	ok(listfile_rpm_build(blob, sizeof(blob), NULL, 0, &out, &len) == -EBADMSG,
	   "a blob with a huge il does not overflow");
	ok(listfile_rpm_build(blob, 7, NULL, 0, &out, &len) == -EBADMSG,
	   "a blob shorter than il + dl is refused");
	return tap_done();
}
