// SPDX-License-Identifier: GPL-2.0-only
/* The commands: add/del every list of a directory, convert files. */
#include "load.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "compact.h"
#include "limits.h"
#include "listdir.h"
#include "log.h"
#include "modsig.h"
#include "readfile.h"
#include "upload.h"

#define PATH_LEN 4096

struct counts {
	size_t done, present, empty, failed, ignored;
};

/* Shared state of one command run. */
struct run {
	const struct load_opts *o;
	struct file_buf fb;
	struct compact_writer w;
	struct counts n;
};

/* @dir as an absolute path without trailing slashes, in @out. */
static int absolute_dir(const char *dir, char *out, size_t size)
{
	char cwd[PATH_LEN];
	size_t len;
	int n;

	if (dir[0] == '/') {
		n = snprintf(out, size, "%s", dir);
	} else {
		if (!getcwd(cwd, sizeof(cwd)))
			return -errno;
		n = snprintf(out, size, "%s%s%s", cwd,
			     strcmp(cwd, "/") ? "/" : "", dir);
	}
	if (n < 0 || (size_t)n >= size)
		return -ENAMETOOLONG;
	len = (size_t)n;
	while (len > 1 && out[len - 1] == '/')
		out[--len] = '\0';
	return 0;
}

/* Log why list file @name could not be read. */
static void log_read_error(const char *name, int err)
{
	log_err("%s: cannot read: %s", name,
		err == -EINVAL ? "not a regular file" : strerror(-err));
}

/* Convert the rpm list @name held in r->fb; 0 with r->w holding the list. */
static int convert_one(struct run *r, const char *name,
		       const struct list_name *ln)
{
	char err[CONVERT_ERR_LEN];
	struct convert_opts co = r->o->conv;
	struct convert_info info;
	int ret;

	co.type = ln->type;
	ret = convert_rpm(r->fb.data, r->fb.len, &co, &r->w, &info, err);
	if (ret) {
		log_err("%s: %s", name, err);
		return ret;
	}
	log_debug("%s: %s, %u files, %u digests (%u %%config), %s", name,
		  info.nevra, info.files, info.selected, info.config,
		  info.is_signed ? "signed" : "unsigned");
	return 0;
}

/*
 * Into r->fb, the bytes of rpm list @name to convert and upload.  With
 * digest_list_source, those the kernel read (and IMA appraised) when told
 * that the file is the next upload's source: the kernel hands them back,
 * and the file is not read a second time.  Without it (a kernel with only
 * the v3 interface), the file as read here.
 */
static int read_source(struct run *r, const struct upload *u, int dirfd,
		       const char *name)
{
	size_t size;
	int ret, fd;

	if (!u->has_source) {
		ret = read_list_file(dirfd, name, LIST_FILE_MAX, &r->fb);
		if (ret)
			log_read_error(name, ret);
		return ret;
	}
	ret = open_list_file(dirfd, name, LIST_FILE_MAX, &fd, &size);
	if (ret) {
		log_read_error(name, ret);
		return ret;
	}
	ret = upload_source(u, fd, size, LIST_FILE_MAX, &r->fb);
	close(fd);
	if (ret)
		log_err("%s: refused as a digest list source "
			"(digest_list_source): %s", name, strerror(-ret));
	return ret;
}

static void load_one(struct run *r, const struct upload *u, enum ops op,
		     int dirfd, const char *dir, const char *name)
{
	char path[PATH_LEN];
	struct list_name ln;
	const char *why;
	struct stat st;
	int ret, n;

	if (list_name_parse(name, &ln, &why)) {
		log_info("%s: ignored, not a list file name: %s", name, why);
		r->n.ignored++;
		return;
	}
	if (ln.format == LIST_FMT_COMPACT) {
		if (fstatat(dirfd, name, &st, AT_SYMLINK_NOFOLLOW) < 0 ||
		    !S_ISREG(st.st_mode)) {
			log_err("%s: not a regular file", name);
			goto failed;
		}
		n = snprintf(path, sizeof(path), "%s%s%s", dir,
			     strcmp(dir, "/") ? "/" : "", name);
		if (n < 0 || (size_t)n >= sizeof(path)) {
			log_err("%s: path too long", name);
			goto failed;
		}
		ret = upload_path(u, op, path);
	} else {
		/* the kernel credits the list with IMA's appraisal of the file */
		if (read_source(r, u, dirfd, name) || convert_one(r, name, &ln))
			goto failed;
		if (r->w.len == 0) {
			log_info("%s: no digest selected, nothing to upload", name);
			r->n.empty++;
			return;
		}
		ret = upload_buffer(u, op, name, r->w.buf, r->w.len);
	}
	if (ret == -EEXIST && op == DIGEST_LIST_ADD) {
		/*
		 * The kernel holds a list with these very bytes: loaded at
		 * boot, by an earlier run, or an identical list under another
		 * name.  Its digests are there, which is what add is for.
		 */
		log_info("%s: already loaded", name);
		r->n.present++;
		return;
	}
	if (ret) {
		log_err("%s: %s failed: %s", name,
			op == DIGEST_LIST_ADD ? "digest_list_add" : "digest_list_del",
			strerror(-ret));
		goto failed;
	}
	log_info("%s: %s", name, op == DIGEST_LIST_ADD ? "added" : "deleted");
	r->n.done++;
	return;
failed:
	r->n.failed++;
}

int load_dir(const struct load_opts *o, enum ops op, const char *dir)
{
	struct run r = { .o = o };
	char abs[PATH_LEN];
	struct list_dir ld;
	struct upload u;
	int dirfd, ret;
	size_t i;

	ret = absolute_dir(dir, abs, sizeof(abs));
	if (ret) {
		log_err("%s: %s", dir, strerror(-ret));
		return EXIT_FATAL;
	}
	dirfd = open(abs, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	if (dirfd < 0) {
		log_err("%s: cannot open directory: %s", abs, strerror(errno));
		return EXIT_FATAL;
	}
	ret = upload_open(&u, o->securityfs);
	if (ret) {
		log_err("%s/%s: %s", o->securityfs, UPLOAD_SUBDIR, strerror(-ret));
		close(dirfd);
		return EXIT_FATAL;
	}
	ret = list_dir_scan(dirfd, &ld);
	if (ret) {
		log_err("%s: cannot list: %s", abs, strerror(-ret));
		upload_close(&u);
		close(dirfd);
		return EXIT_FATAL;
	}
	compact_writer_init(&r.w);
	for (i = 0; i < ld.count; i++)
		load_one(&r, &u, op, dirfd, abs, ld.names[i]);
	if (op == DIGEST_LIST_ADD)
		log_notice("add %s: %zu lists added, %zu already loaded, %zu without digests, %zu failed, %zu ignored",
			   abs, r.n.done, r.n.present, r.n.empty, r.n.failed,
			   r.n.ignored);
	else
		log_notice("del %s: %zu lists deleted, %zu without digests, %zu failed, %zu ignored",
			   abs, r.n.done, r.n.empty, r.n.failed, r.n.ignored);
	compact_writer_free(&r.w);
	file_buf_free(&r.fb);
	list_dir_free(&ld);
	upload_close(&u);
	close(dirfd);
	return r.n.failed ? EXIT_SOME_FAILED : EXIT_ALL_DONE;
}

/*
 * Write @buf as @name in @outfd.  A write that fails removes the file, so
 * that no truncated list (one that `add` would later try to load) is left
 * under a list's name.
 */
static int write_out(int outfd, const char *name, const void *buf, size_t len)
{
	const uint8_t *p = buf;
	ssize_t n;
	int fd, ret = 0;

	fd = openat(outfd, name, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC |
		    O_NOFOLLOW | O_NOCTTY, 0644);
	if (fd < 0)
		return -errno;
	while (len) {
		n = write(fd, p, len);
		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0) {
			ret = n < 0 ? -errno : -EIO;
			break;
		}
		p += n;
		len -= (size_t)n;
	}
	if (close(fd) < 0 && !ret)
		ret = -errno;
	if (ret)
		unlinkat(outfd, name, 0);
	return ret;
}

/* Check a compact list file (with optional appended signature). */
static int check_compact(struct run *r, const char *path, const char *name)
{
	struct modsig sig;
	const char *why = "invalid";
	size_t n;
	int ret;

	ret = read_list_file(AT_FDCWD, path, LIST_FILE_MAX, &r->fb);
	if (ret) {
		log_read_error(name, ret);
		return ret;
	}
	ret = modsig_split(r->fb.data, r->fb.len, &sig, &why);
	if (!ret)
		ret = compact_validate(r->fb.data, sig.body_len, &n, &why);
	if (ret) {
		log_err("%s: %s", name, why);
		return ret;
	}
	log_info("%s: valid compact list, %zu digests", name, n);
	return 0;
}

static void convert_path(struct run *r, int outfd, const char *path)
{
	const char *name = strrchr(path, '/');
	char out[LIST_NAME_MAX + 1];
	struct list_name ln;
	const char *why;
	int ret;

	name = name ? name + 1 : path;
	if (list_name_parse(name, &ln, &why)) {
		log_err("%s: not a list file name: %s", path, why);
		r->n.failed++;
		return;
	}
	if (ln.format == LIST_FMT_COMPACT) {
		if (check_compact(r, path, name))
			goto failed;
		/* the list itself is the output */
		ret = write_out(outfd, name, r->fb.data, r->fb.len);
	} else {
		ret = read_list_file(AT_FDCWD, path, LIST_FILE_MAX, &r->fb);
		if (ret) {
			log_read_error(path, ret);
			goto failed;
		}
		if (convert_one(r, path, &ln))
			goto failed;
		if (r->w.len == 0) {
			log_info("%s: no digest selected, no output", name);
			r->n.empty++;
			return;
		}
		ret = list_name_compact(name, out, sizeof(out));
		if (!ret)
			ret = write_out(outfd, out, r->w.buf, r->w.len);
	}
	if (ret) {
		log_err("%s: cannot write the output: %s", name, strerror(-ret));
		goto failed;
	}
	r->n.done++;
	return;
failed:
	r->n.failed++;
}

int convert_files(const struct load_opts *o, char *const *files, int n,
		  const char *outdir)
{
	struct run r = { .o = o };
	int outfd, i;

	outfd = open(outdir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	if (outfd < 0) {
		log_err("%s: cannot open output directory: %s", outdir,
			strerror(errno));
		return EXIT_FATAL;
	}
	compact_writer_init(&r.w);
	for (i = 0; i < n; i++)
		convert_path(&r, outfd, files[i]);
	log_info("convert: %zu lists written, %zu without digests, %zu failed",
		 r.n.done, r.n.empty, r.n.failed);
	compact_writer_free(&r.w);
	file_buf_free(&r.fb);
	close(outfd);
	return r.n.failed ? EXIT_SOME_FAILED : EXIT_ALL_DONE;
}
