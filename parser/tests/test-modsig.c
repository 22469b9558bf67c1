// SPDX-License-Identifier: GPL-2.0-only
/* Unit tests of modsig.c: appended OpenPGP signatures. */
#include <errno.h>
#include <string.h>

#include "modsig.h"
#include "tap.h"

int main(void)
{
	uint8_t buf[100 + 10 + MODSIG_TRAILER_LEN];
	const char *why = "";
	struct modsig s;
	size_t len = sizeof(buf), i;
	int ret;

	memset(buf, 'h', 100);
	memset(buf + 100, 'S', 10);
	modsig_trailer(buf + 110, 10);
	ok(modsig_split(buf, 100, &s, &why) == 0 && s.body_len == 100 && !s.sig,
	   "no marker: unsigned, whole buffer is the body");
	ok(modsig_split(buf, 0, &s, &why) == 0 && s.body_len == 0, "empty buffer: unsigned");
	ok(modsig_split(buf, len, &s, &why) == 0 && s.body_len == 100 &&
	   s.sig == buf + 100 && s.sig_len == 10, "signed: body 100, packet 10");
	ok(buf[110 + 11] == 10 && !memcmp(buf + 110 + 12, MODSIG_MARKER, 28),
	   "trailer: be32 sig_len then the marker");
	for (i = 0; i < 8; i++) {
		buf[110 + i] = 1;
		ret = modsig_split(buf, len, &s, &why);
		buf[110 + i] = 0;
		if (ret != -EBADMSG)
			break;
	}
	ok(i == 8, "each non-zero module_signature field is refused");
	buf[110 + 2] = 2;
	ret = modsig_split(buf, len, &s, &why);
	ok(ret == -EBADMSG && strstr(why, "OpenPGP"), "PKCS#7 (id_type 2): %s", why);
	buf[110 + 2] = 0;
	buf[110 + 11] = 0;
	ret = modsig_split(buf, len, &s, &why);
	ok(ret == -EBADMSG, "sig_len 0: %s", why);
	buf[110 + 11] = 111;
	ret = modsig_split(buf, len, &s, &why);
	ok(ret == -EBADMSG, "sig_len beyond the start: %s", why);
	buf[110 + 11] = 110;
	ok(modsig_split(buf, len, &s, &why) == 0 && s.body_len == 0,
	   "sig_len covering everything: empty body");
	ret = modsig_split(buf + 110 + 12, MODSIG_MARKER_LEN, &s, &why);
	ok(ret == -EBADMSG, "marker alone: %s", why);
	return tap_done();
}
