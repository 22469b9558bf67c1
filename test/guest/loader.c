// SPDX-License-Identifier: GPL-2.0-only
/*
 * Guest test of DIGLIM's boot loader (test/guest/suites/loader*.suite):
 * what the kernel loaded before init ran, checked from the first test
 * program.  The suite stages /etc/loader.expected:
 *
 *   file N        File digests in digests_count
 *   parser N      Parser digests in digests_count
 *   lists N       lists in digest_lists_loaded/
 *   log TEXT      a kernel log record holding TEXT, after the previous one
 *   nolog TEXT    no kernel log record holds TEXT, KUnit's aside
 *
 * KUnit's suites run at boot in the debug kernels, and some of them make
 * the kernel log what they test ("key ... refused: it is revoked"): the
 * records between KUnit's top-level "KTAP version 1" and its last
 * top-level result are KUnit's, and a "nolog" check skips them.
 *
 * Run as "loader add DIR" (as the kernel runs a parser), the program is a
 * parser that never ends: it says so in the kernel log and waits, deaf to
 * every signal it can ignore, for the kernel to kill it.
 */
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "iface.h"
#include "tap.h"

#define EXPECTED	"/etc/loader.expected"
#define MAX_LINES	32
#define MAX_RECORDS	4096
#define HANG_MARK	"loader-test: a parser that hangs started"

struct expect {
	long file, parser, lists;
	char *log[MAX_LINES];
	unsigned int nlog;
	char *nolog[MAX_LINES];
	unsigned int nnolog;
};

_Noreturn static void hang(void)
{
	int fd = open("/dev/kmsg", O_WRONLY | O_CLOEXEC), sig;

	if (fd >= 0) {
		if (write(fd, HANG_MARK "\n", sizeof(HANG_MARK)) < 0) {
			/* the test sees the mark missing */
		}
		close(fd);
	}
	for (sig = 1; sig < NSIG; sig++)
		signal(sig, SIG_IGN);
	for (;;)
		pause();
}

static int read_expect(struct expect *e)
{
	char line[512], *v;
	FILE *f = fopen(EXPECTED, "r");

	memset(e, 0, sizeof(*e));
	e->file = e->parser = e->lists = -1;
	if (!f)
		return -1;
	while (fgets(line, sizeof(line), f)) {
		line[strcspn(line, "\n")] = '\0';
		v = strchr(line, ' ');
		if (!v)
			continue;
		*v++ = '\0';
		if (!strcmp(line, "file"))
			e->file = strtol(v, NULL, 10);
		else if (!strcmp(line, "parser"))
			e->parser = strtol(v, NULL, 10);
		else if (!strcmp(line, "lists"))
			e->lists = strtol(v, NULL, 10);
		else if (!strcmp(line, "log") && e->nlog < MAX_LINES)
			e->log[e->nlog++] = strdup(v);
		else if (!strcmp(line, "nolog") && e->nnolog < MAX_LINES)
			e->nolog[e->nnolog++] = strdup(v);
	}
	fclose(f);
	return 0;
}

static void free_expect(struct expect *e)
{
	unsigned int i;

	for (i = 0; i < e->nlog; i++)
		free(e->log[i]);
	for (i = 0; i < e->nnolog; i++)
		free(e->nolog[i]);
}

/* The kernel log's messages, oldest first; the count, or -1. */
static int read_log(char **rec, int max)
{
	char buf[2048], *msg, *copy;
	int fd = open("/dev/kmsg", O_RDONLY | O_NONBLOCK | O_CLOEXEC), n = 0;
	ssize_t len;

	if (fd < 0)
		return -1;
	while (n < max) {
		len = read(fd, buf, sizeof(buf) - 1);
		if (len < 0 && errno == EPIPE)	/* overwritten records */
			continue;
		if (len <= 0)
			break;
		buf[len] = '\0';
		/* "<prio>,<seq>,<time>,<flags>;<message>\n[ KEY=value\n]..." */
		msg = strchr(buf, ';');
		if (!msg)
			continue;
		msg[strcspn(msg, "\n")] = '\0';
		copy = strdup(msg + 1);
		if (copy)
			rec[n++] = copy;
	}
	close(fd);
	return n;
}

/*
 * Mark in @kunit the records of @rec written while KUnit's tests ran: from
 * a top-level "KTAP version 1" followed by a plan "1..N" to the top-level
 * result of test N.  A run without that last result (the kernel stopped
 * in a test) is not marked: all of it is then checked.
 */
static void mark_kunit(char *const *rec, int nrec, bool *kunit)
{
	int i, j, plan, num;
	char tail;

	for (i = 0; i + 1 < nrec; i++) {
		if (strcmp(rec[i], "KTAP version 1") != 0 ||
		    sscanf(rec[i + 1], "1..%d%c", &plan, &tail) != 1 || plan <= 0)
			continue;
		for (j = i + 2; j < nrec; j++)
			if ((sscanf(rec[j], "ok %d ", &num) == 1 ||
			     sscanf(rec[j], "not ok %d ", &num) == 1) && num == plan)
				break;
		if (j == nrec)
			return;
		while (i <= j)
			kunit[i++] = true;
		i--;
	}
}

/* Mounts of type @type in this process's mount namespace. */
static int count_mounts(const char *type)
{
	char line[1024], *sep;
	FILE *f = fopen("/proc/self/mountinfo", "r");
	size_t tlen = strlen(type);
	int n = 0;

	if (!f)
		return -1;
	while (fgets(line, sizeof(line), f)) {
		/* "... - <fstype> <source> <options>" */
		sep = strstr(line, " - ");
		if (sep && !strncmp(sep + 3, type, tlen) && sep[3 + tlen] == ' ')
			n++;
	}
	fclose(f);
	return n;
}

int main(int argc, char **argv)
{
	static char *rec[MAX_RECORDS];
	static bool kunit[MAX_RECORDS];
	struct expect e;
	long parser, file;
	int nrec, i, at = 0, found;
	unsigned int k;

	if (argc == 3 && !strcmp(argv[1], "add"))
		hang();

	read_expect(&e);
	tap_plan(5 + e.nlog + e.nnolog);
	tap_ok(e.file >= 0 && e.parser >= 0 && e.lists >= 0 && e.nlog > 0,
	       "the suite staged its expectations in " EXPECTED);

	iface_counts(&parser, &file);
	tap_ok(file == e.file, "before init: File digests %ld (want %ld)", file, e.file);
	tap_ok(parser == e.parser, "before init: Parser digests %ld (want %ld)",
	       parser, e.parser);
	tap_ok(iface_loaded_files() == 2 * e.lists,
	       "digest_lists_loaded has %ld entries (want 2 per list, %ld lists)",
	       iface_loaded_files(), e.lists);
	tap_ok(count_mounts("devtmpfs") == 1 && count_mounts("sysfs") == 1 &&
	       count_mounts("securityfs") == 1,
	       "init sees one devtmpfs, sysfs and securityfs mount each, its own "
	       "(%d, %d, %d): the kernel detached the parser's before init",
	       count_mounts("devtmpfs"), count_mounts("sysfs"), count_mounts("securityfs"));

	nrec = read_log(rec, MAX_RECORDS);
	mark_kunit(rec, nrec, kunit);
	for (k = 0; k < e.nlog; k++) {
		found = 0;
		for (i = at; i < nrec && !found; i++)
			if (strstr(rec[i], e.log[k])) {
				found = 1;
				at = i + 1;
			}
		tap_ok(found, "kernel log, in this order: \"%s\"", e.log[k]);
	}
	for (k = 0; k < e.nnolog; k++) {
		found = 0;
		for (i = 0; i < nrec && !found; i++)
			found = !kunit[i] && strstr(rec[i], e.nolog[k]) != NULL;
		tap_ok(!found, "kernel log has no \"%s\" (KUnit's output aside)",
		       e.nolog[k]);
	}
	for (i = 0; i < nrec; i++)
		free(rec[i]);
	free_expect(&e);
	return tap_exit();
}
