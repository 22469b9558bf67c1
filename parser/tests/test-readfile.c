// SPDX-License-Identifier: GPL-2.0-only
/* Unit tests of readfile.c: whole-file reads of list files. */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "readfile.h"
#include "tap.h"
#include "tmpdir.h"

int main(void)
{
	struct file_buf fb = { 0 };
	char dir[256], p[300], big[5000];
	int fd;

	tmpdir_make(dir, sizeof(dir));
	fd = open(dir, O_RDONLY | O_DIRECTORY);
	memset(big, 'b', sizeof(big));
	tmpdir_write(dir, "f", big, sizeof(big));
	tmpdir_write(dir, "empty", "", 0);
	ok(read_list_file(fd, "f", 1 << 20, &fb) == 0 && fb.len == sizeof(big) &&
	   fb.data[4999] == 'b', "reads a 5000-byte file");
	ok(read_list_file(fd, "empty", 1 << 20, &fb) == 0 && fb.len == 0, "reads an empty file");
	ok(read_list_file(fd, "f", 4999, &fb) == -EFBIG, "file above the limit: -EFBIG");
	ok(read_list_file(fd, "missing", 100, &fb) == -ENOENT, "missing: -ENOENT");
	snprintf(p, sizeof(p), "%s/fifo", dir);
	mkfifo(p, 0600);
	ok(read_list_file(fd, "fifo", 100, &fb) == -EINVAL, "FIFO refused without blocking");
	snprintf(p, sizeof(p), "%s/link", dir);
	if (symlink("f", p) == 0)
		ok(read_list_file(fd, "link", 1 << 20, &fb) == -ELOOP, "symlink not followed: -ELOOP");
	snprintf(p, sizeof(p), "%s/d", dir);
	mkdir(p, 0700);
	ok(read_list_file(fd, "d", 100, &fb) == -EINVAL, "directory refused");
	ok(read_list_file(AT_FDCWD, "/proc/self/status", 1 << 20, &fb) == -EIO,
	   "file whose size is not its length (procfs): -EIO");
	{
		struct stat st1, st2;
		size_t size = 0;
		int kept = -2;

		ok(open_list_file(fd, "f", 1 << 20, &kept, &size) == 0 && kept >= 0 &&
		   fstat(kept, &st1) == 0 && fstatat(fd, "f", &st2, 0) == 0 &&
		   st1.st_ino == st2.st_ino && lseek(kept, 0, SEEK_CUR) == 0 &&
		   size == sizeof(big),
		   "open_list_file: open on the file, its size, nothing read");
		if (kept >= 0)
			close(kept);
		kept = -2;
		ok(open_list_file(fd, "missing", 100, &kept, &size) == -ENOENT && kept == -1,
		   "open_list_file on failure: -1, nothing left open");
		kept = -2;
		ok(open_list_file(fd, "f", 4999, &kept, &size) == -EFBIG && kept == -1,
		   "open_list_file above the limit: -EFBIG, nothing left open");
		kept = -2;
		ok(open_list_file(fd, "d", 100, &kept, &size) == -EINVAL && kept == -1,
		   "open_list_file on a directory: -EINVAL");
		kept = -2;
		ok(open_list_file(fd, "link", 1 << 20, &kept, &size) == -ELOOP && kept == -1,
		   "open_list_file does not follow a symlink: -ELOOP");
	}
	file_buf_free(&fb);
	close(fd);
	tmpdir_remove(dir);
	return tap_done();
}
