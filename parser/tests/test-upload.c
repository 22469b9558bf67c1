// SPDX-License-Identifier: GPL-2.0-only
/* Unit tests of upload.c against a fake securityfs directory. */
#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "tap.h"
#include "tmpdir.h"
#include "upload.h"

int main(void)
{
	char root[256], dir[400], buf[500];
	const uint8_t list[] = { 1, 0, 1, 0, 1, 0, 4, 0 };
	static char big[3 * 65536 + 5];
	struct file_buf fb = { 0 };
	char want[16];
	struct upload u;
	int sfd;
	long n;

	tmpdir_make(root, sizeof(root));
	ok(upload_open(&u, root) == -ENOENT, "no integrity/diglim: -ENOENT");
	snprintf(dir, sizeof(dir), "%s/integrity", root);
	mkdir(dir, 0755);
	snprintf(dir, sizeof(dir), "%s/integrity/diglim", root);
	mkdir(dir, 0755);
	ok(upload_open(&u, root) == 0, "opens the fake securityfs");
	ok(upload_path(&u, DIGEST_LIST_ADD, "/etc/diglim/x") == -ENOENT,
	   "interface file missing: -ENOENT");
	tmpdir_write(dir, "digest_list_add", "", 0);
	tmpdir_write(dir, "digest_list_del", "", 0);
	tmpdir_write(dir, "digest_list_label", "", 0);
	ok(upload_path(&u, DIGEST_LIST_ADD, "/etc/diglim/0-file_list-compact-x") == 0,
	   "path upload");
	n = tmpdir_read(dir, "digest_list_add", buf, sizeof(buf));
	ok(n == 33 && !memcmp(buf, "/etc/diglim/0-file_list-compact-x", 33),
	   "digest_list_add got the path, no newline");
	ok(upload_path(&u, DIGEST_LIST_DEL, "relative") == -EINVAL, "relative path refused");
	ok(upload_path(&u, DIGEST_LIST_OP__LAST, "/x") == -EINVAL, "invalid op refused");
	ok(upload_buffer(&u, DIGEST_LIST_DEL, "0-file_list-rpm-foo", list, sizeof(list)) == 0,
	   "buffer upload to digest_list_del");
	n = tmpdir_read(dir, "digest_list_label", buf, sizeof(buf));
	ok(n == 19 && !memcmp(buf, "0-file_list-rpm-foo", 19), "label written first");
	n = tmpdir_read(dir, "digest_list_del", buf, sizeof(buf));
	ok(n == sizeof(list) && !memcmp(buf, list, sizeof(list)), "then the buffer, whole");
	/* the fake digest_list_source is a regular file: what was written */
	sfd = open(root, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	snprintf(want, sizeof(want), "%d", sfd);
	ok(upload_source(&u, sfd, 0, 64, &fb) == -ENOSYS && fb.len == 0,
	   "a kernel without digest_list_source: -ENOSYS, read the file yourself");
	tmpdir_write(dir, "digest_list_source", "", 0);
	ok(upload_source(&u, sfd, 0, 64, &fb) == -ENOSYS &&
	   tmpdir_read(dir, "digest_list_source", buf, sizeof(buf)) == 0,
	   "digest_list_source looked up at open only: not written");
	upload_close(&u);
	ok(upload_open(&u, root) == 0, "opened again");
	ok(upload_source(&u, -1, 0, 64, &fb) == -EBADF &&
	   tmpdir_read(dir, "digest_list_source", buf, sizeof(buf)) == 0,
	   "no source descriptor: -EBADF, nothing written");
	ok(upload_source(&u, sfd, 0, 64, &fb) == 0, "with digest_list_source: source told");
	n = tmpdir_read(dir, "digest_list_source", buf, sizeof(buf));
	ok(n == (long)strlen(want) && !memcmp(buf, want, strlen(want)),
	   "digest_list_source got the descriptor number");
	ok(fb.len == strlen(want) && !memcmp(fb.data, want, strlen(want)),
	   "what reading digest_list_source from offset 0 gives is handed back");
	memset(big, 'x', sizeof(big));
	tmpdir_write(dir, "digest_list_source", big, sizeof(big));
	ok(upload_source(&u, sfd, 1, sizeof(big), &fb) == 0 && fb.len == sizeof(big) &&
	   !memcmp(fb.data, want, strlen(want)) &&
	   !memcmp(fb.data + strlen(want), big + strlen(want),
		   sizeof(big) - strlen(want)),
	   "read back to its end, larger than any size hint (%zu bytes)", sizeof(big));
	tmpdir_write(dir, "digest_list_source", big, sizeof(big));
	ok(upload_source(&u, sfd, sizeof(big), sizeof(big) - 1, &fb) == -EFBIG && fb.len == 0,
	   "one byte more than the limit: -EFBIG, nothing handed back");
	snprintf(buf, sizeof(buf), "%s/digest_list_source", dir);
	remove(buf);
	mkdir(buf, 0755);
	ok(upload_source(&u, sfd, 0, 64, &fb) == -EISDIR,
	   "a digest_list_source open error is returned (-EISDIR)");
	snprintf(buf, sizeof(buf), "%s/digest_list_source", dir);
	rmdir(buf);
	file_buf_free(&fb);
	if (sfd >= 0)
		close(sfd);
	tmpdir_write(dir, "digest_list_add", "/etc/diglim/0-file_list-compact-x", 33);
	ok(upload_buffer(&u, DIGEST_LIST_ADD, "l", "/x", 2) == -EINVAL,
	   "buffer starting with '/' refused (the kernel would take it for a path)");
	ok(upload_buffer(&u, DIGEST_LIST_ADD, "l", list, 0) == -EINVAL, "empty buffer refused");
	snprintf(buf, sizeof(buf), "%s/digest_list_label", dir);
	remove(buf);
	mkdir(buf, 0755);
	ok(upload_buffer(&u, DIGEST_LIST_ADD, "l", list, sizeof(list)) == -EISDIR,
	   "label write error returned, buffer not sent (-EISDIR)");
	n = tmpdir_read(dir, "digest_list_add", buf, sizeof(buf));
	ok(n == 33, "digest_list_add untouched after the label failed");
	upload_close(&u);
	tmpdir_remove(root);
	return tap_done();
}
