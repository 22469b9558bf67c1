// SPDX-License-Identifier: GPL-2.0-only
/*
 * Guest test of parser trust (test/guest/suites/parser-trust.suite): a
 * program packaged in a signed RPM runs under IMA appraisal with no
 * security.ima, because the trusted parser converted the package's signed
 * header and the kernel credited the conversion with IMA's verification of
 * that header's signature.
 *
 * The host stages in /ptrust: t.pgp (key T), the rpm list file of a package
 * signed by T (`diglim export`), whose /usr/bin/hello is hello (a copy of
 * this program), 0-parser_list-compact-diglim-parser (a COMPACT_PARSER list
 * of /usr/sbin/diglim-parser signed by T) and untrusted-parser (the parser
 * with one byte appended: it works the same, but its digest is in no list).
 * Boot with diglim.keyring_owner=1.
 *
 * Run as "parser-trust --exit0", the program exits 0 at once.
 */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "files.h"
#include "iface.h"
#include "keys.h"
#include "tap.h"

#define STAGED		"/ptrust"
#define IMA_DIR		"/sys/kernel/security/ima"
#define PARSER		"/usr/sbin/diglim-parser"
#define UNTRUSTED	STAGED "/untrusted-parser"
#define PARSER_LIST	"0-parser_list-compact-diglim-parser"
#define LIST_UID	3000
#define PROG_UID	4000
#define OTHER_UID	5000
/* enum compact_actions of the DIGLIM user API */
#define APPRAISED_DIGSIG	(1 << 2)
#define STR(x)		#x
#define XSTR(x)		STR(x)

/* The staged rpm list file's name (the one "-rpm-" file), or NULL. */
static const char *rpm_list_name(void)
{
	static char name[256];
	struct dirent *de;
	DIR *d = opendir(STAGED);

	name[0] = '\0';
	if (!d)
		return NULL;
	while ((de = readdir(d)) != NULL)
		if (strstr(de->d_name, "_list-rpm-") &&
		    strlen(de->d_name) < sizeof(name))
			memcpy(name, de->d_name, strlen(de->d_name) + 1);
	closedir(d);
	return name[0] ? name : NULL;
}

/* Run @argv[0] with @argv; its exit status, or -1. */
static int run_status(char *const argv[])
{
	int st;
	pid_t pid = fork();

	if (pid < 0)
		return -1;
	if (pid == 0) {
		execv(argv[0], argv);
		_exit(127);
	}
	if (waitpid(pid, &st, 0) < 0 || !WIFEXITED(st))
		return -1;
	return WEXITSTATUS(st);
}

static int parser(const char *prog, const char *op, const char *dir)
{
	char *argv[] = { (char *)prog, (char *)op, (char *)dir, NULL };

	return run_status(argv);
}

/* Stage a fresh copy of hello as @path (owner PROG_UID) and run it. */
static int run_fresh(const char *path)
{
	int err = stage_file(STAGED, "hello", path, PROG_UID, 0755);

	return err ? err : run_exit0(path);
}

int main(int argc, char **argv)
{
	static const char *const rules[] = {
		"measure func=DIGEST_LIST_CHECK fowner=" XSTR(LIST_UID) "\n",
		"appraise func=DIGEST_LIST_CHECK fowner=" XSTR(LIST_UID)
			" appraise_type=imasig|modsig\n",
		"appraise func=BPRM_CHECK fowner=" XSTR(PROG_UID) " use_diglim\n",
	};
	char path[512];
	struct blob key = { 0 };
	const char *rpm;
	long ring, actions;
	size_t i;
	int err;

	if (argc == 2 && !strcmp(argv[1], "--exit0"))
		return 0;

	tap_plan(21);
	rpm = rpm_list_name();
	tap_ok(rpm != NULL, "the suite staged an rpm list file (%s)", rpm ? rpm : "none");
	if (!rpm)
		return tap_exit();

	ring = proc_keys_find(".diglim");
	err = ring > 0 && blob_read_at(STAGED, "t.pgp", &key) &&
	      add_key("asymmetric", "", key.data, key.len, ring) > 0 ? 0 : errno;
	free(key.data);
	for (i = 0; i < sizeof(rules) / sizeof(rules[0]) && !err; i++)
		err = write_str_file(IMA_DIR "/policy", rules[i]);
	tap_ok(!err, "T in .diglim; policy: list files measured and appraised "
	       "(imasig|modsig), programs appraised with use_diglim (%s)",
	       err ? strerror(err) : "ok");

	/* digest_list_source refuses what is not a descriptor of a regular file */
	{
		char num[16];
		int dfd = open("/tmp", O_RDONLY | O_DIRECTORY | O_CLOEXEC);

		snprintf(num, sizeof(num), "%d", dfd);
		err = write_str_file(IFACE "/digest_list_source", "abc");
		tap_ok(err == EINVAL, "digest_list_source refuses \"abc\" (%s)",
		       err ? strerror(err) : "accepted");
		err = write_str_file(IFACE "/digest_list_source", "999");
		tap_ok(err == EBADF, "digest_list_source refuses a closed descriptor (%s)",
		       err ? strerror(err) : "accepted");
		err = dfd < 0 ? errno : write_str_file(IFACE "/digest_list_source", num);
		tap_ok(err == EINVAL, "digest_list_source refuses a directory (%s)",
		       err ? strerror(err) : "accepted");
		if (dfd >= 0)
			close(dfd);
	}

	mkdir("/tmp/plist", 0755);
	err = stage_file(STAGED, PARSER_LIST, "/tmp/plist/" PARSER_LIST, LIST_UID, 0644);
	if (!err)
		err = write_str_file(IFACE "/digest_list_add", "/tmp/plist/" PARSER_LIST);
	tap_ok(!err, "the parser list signed by T is added (%s)",
	       err ? strerror(err) : "ok");

	mkdir("/tmp/lists", 0755);
	snprintf(path, sizeof(path), "/tmp/lists/%s", rpm);
	err = stage_file(STAGED, rpm, path, LIST_UID, 0644);
	mkdir("/tmp/lists-unappraised", 0755);
	snprintf(path, sizeof(path), "/tmp/lists-unappraised/%s", rpm);
	if (!err)
		err = stage_file(STAGED, rpm, path, OTHER_UID, 0644);
	tap_ok(!err, "the rpm list file staged, appraised and unappraised copies (%s)",
	       err ? strerror(err) : "ok");

	/* an untrusted parser: the same lists, no credit */
	err = parser(UNTRUSTED, "add", "/tmp/lists");
	tap_ok(err == 0, "an untrusted parser adds the package's list (exit %d)", err);
	actions = iface_list_actions(rpm);
	tap_ok(actions >= 0 && !(actions & APPRAISED_DIGSIG),
	       "with no appraisal credit (actions %ld)", actions);
	err = run_fresh("/tmp/hello-1");
	tap_ok(err == EACCES, "so the packaged program is refused (%s)", run_result(err));
	err = parser(UNTRUSTED, "del", "/tmp/lists");
	tap_ok(err == 0, "the untrusted parser deletes it (exit %d)", err);

	/* the trusted parser */
	err = parser(PARSER, "add", "/tmp/lists");
	tap_ok(err == 0, "the trusted parser adds the package's list (exit %d)", err);
	actions = iface_list_actions(rpm);
	tap_ok(actions >= 0 && (actions & APPRAISED_DIGSIG),
	       "credited with the verified header signature (actions %ld)", actions);
	err = run_fresh("/tmp/hello-2");
	tap_ok(err == 0, "the packaged program runs, with no security.ima (%s)",
	       run_result(err));
	err = parser(UNTRUSTED, "del", "/tmp/lists");
	tap_ok(err == 1, "the untrusted parser cannot delete the credited list "
	       "(exit %d: EPERM)", err);
	err = run_fresh("/tmp/hello-2b");
	tap_ok(err == 0, "which stays: the program still runs (%s)", run_result(err));
	err = stage_file(STAGED, "hello", "/tmp/hello-3", PROG_UID, 0755);
	if (!err) {
		int fd = open("/tmp/hello-3", O_WRONLY | O_APPEND | O_CLOEXEC);

		err = fd < 0 || write(fd, "\n", 1) != 1 ? EIO : 0;
		if (fd >= 0)
			close(fd);
	}
	if (!err)
		err = run_exit0("/tmp/hello-3");
	tap_ok(err == EACCES, "a modified copy is refused (%s)", run_result(err));
	err = parser(PARSER, "del", "/tmp/lists");
	tap_ok(err == 0, "the trusted parser deletes the list (exit %d)", err);
	err = run_fresh("/tmp/hello-4");
	tap_ok(err == EACCES, "after which the program is refused again (%s)",
	       run_result(err));

	/* the trusted parser, a source IMA did not appraise */
	err = parser(PARSER, "add", "/tmp/lists-unappraised");
	tap_ok(err == 0, "the trusted parser adds a copy of the list file that "
	       "policy does not appraise (exit %d)", err);
	err = run_fresh("/tmp/hello-5");
	tap_ok(err == EACCES, "which earns no credit: the program is refused (%s)",
	       run_result(err));
	return tap_exit();
}
