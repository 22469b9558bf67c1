// SPDX-License-Identifier: GPL-2.0-only
/*
 * `diglim export (--root DIR [--dbpath DIR] | PKG.rpm...) -o DIR`: one rpm list file per
 * package, from the installed headers of an rpm database (any backend
 * librpm supports) or from package files.
 */
#include "export.h"
#include "listfile.h"
#include "util.h"

#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include <rpm/header.h>
#include <rpm/rpmdb.h>
#include <rpm/rpmio.h>
#include <rpm/rpmlib.h>
#include <rpm/rpmlog.h>
#include <rpm/rpmmacro.h>
#include <rpm/rpmtag.h>
#include <rpm/rpmtd.h>
#include <rpm/rpmts.h>

struct export_ctx {
	const char *outdir;
	bool allow_unsigned;
	char **written;		/* names written in this run */
	size_t nwritten, cap;
	unsigned int n_ok, n_unsigned, n_failed;
};

/* Remember @name; 1 when it was already written in this run. */
static int seen_before(struct export_ctx *c, const char *name)
{
	size_t i;
	char **n;

	for (i = 0; i < c->nwritten; i++)
		if (!strcmp(c->written[i], name))
			return 1;
	if (c->nwritten == c->cap) {
		c->cap = c->cap ? 2 * c->cap : 64;
		n = realloc(c->written, c->cap * sizeof(*n));
		if (!n)
			return -ENOMEM;
		c->written = n;
	}
	c->written[c->nwritten] = strdup(name);
	if (!c->written[c->nwritten])
		return -ENOMEM;
	c->nwritten++;
	return 0;
}

/* Get a binary tag; 0 and td filled, or -ENOENT. */
static int get_bin(Header h, rpmTagVal tag, rpmtd td)
{
	if (!headerGet(h, tag, td, HEADERGET_MINMEM))
		return -ENOENT;
	if (rpmtdType(td) != RPM_BIN_TYPE || td->count == 0 || !td->data) {
		rpmtdFreeData(td);
		return -ENOENT;
	}
	return 0;
}

/*
 * Write the list file of header @h. @what names the source in messages
 * (a package file or "rpmdb"). Returns 0 written, 1 skipped, -1 failed.
 */
static int export_header(struct export_ctx *c, Header h, const char *what)
{
	const char *name, *ver, *rel, *arch;
	struct rpmtd_s imm, sig;
	char label[512], fname[LISTFILE_NAME_MAX + 1];
	const uint8_t *sig_data = NULL;
	size_t sig_len = 0, out_len;
	uint8_t *out = NULL;
	const char *why = "";
	bool have_sig = false;
	int ret, rc = -1;

	name = headerGetString(h, RPMTAG_NAME);
	ver = headerGetString(h, RPMTAG_VERSION);
	rel = headerGetString(h, RPMTAG_RELEASE);
	arch = headerGetString(h, RPMTAG_ARCH);
	if (!name || !ver || !rel) {
		tool_err(what, "header without NAME, VERSION or RELEASE");
		return -1;
	}
	if (!strcmp(name, "gpg-pubkey"))
		return 1;
	snprintf(label, sizeof(label), "%s-%s-%s.%s", name, ver, rel,
		 arch ? arch : "noarch");
	if (listfile_name(fname, "file", "rpm", label)) {
		tool_err(what, "%s: not usable as a list file label (printable ASCII without '/', at most 200 bytes)",
			 label);
		return -1;
	}
	if (get_bin(h, RPMTAG_HEADERIMMUTABLE, &imm)) {
		tool_err(what, "%s: header has no immutable region", label);
		return -1;
	}
	if (!get_bin(h, RPMTAG_RSAHEADER, &sig) ||
	    !get_bin(h, RPMTAG_DSAHEADER, &sig)) {
		have_sig = true;
		sig_data = sig.data;
		sig_len = sig.count;
	} else if (!c->allow_unsigned) {
		tool_err(what, "%s: warning: no header signature (RSAHEADER/DSAHEADER); skipped (--allow-unsigned writes it)",
			 label);
		c->n_unsigned++;
		rc = 1;
		goto out_imm;
	}
	ret = listfile_rpm_build(imm.data, imm.count, sig_data, sig_len, &out,
				 &out_len);
	if (ret) {
		tool_err(what, "%s: %s", label, ret == -ENOMEM ? strerror(ENOMEM) :
			 "immutable region lengths do not match its size");
		goto out_sig;
	}
	/* What the early-boot parser will accept: check it now. */
	ret = listfile_rpm_check(out, 8 + (size_t)imm.count, &why);
	if (ret) {
		tool_err(what, "%s: header refused by the diglim parser: %s", label, why);
		goto out_sig;
	}
	ret = seen_before(c, fname);
	if (ret) {
		tool_err(what, "%s: %s", label, ret < 0 ? strerror(-ret) :
			 "a package with this label was already exported in this run");
		goto out_sig;
	}
	ret = write_file_atomic(c->outdir, fname, out, out_len);
	if (ret) {
		tool_err(c->outdir, "cannot write %s: %s", fname, strerror(-ret));
		goto out_sig;
	}
	c->n_ok++;
	rc = 0;
out_sig:
	if (have_sig)
		rpmtdFreeData(&sig);
out_imm:
	rpmtdFreeData(&imm);
	free(out);
	if (rc < 0)
		c->n_failed++;
	return rc;
}

/*
 * The database directory ROOT/%{_dbpath} must exist and hold a database
 * of a backend librpm knows: librpm would otherwise create an empty one,
 * and export must never write under the root.
 */
static int check_db(const char *root)
{
	static const char *const files[] = {
		"rpmdb.sqlite", "Packages.db", "Packages",
	};
	char *dbpath = rpmExpand("%{_dbpath}", NULL);
	char path[4096];
	struct stat st;
	size_t i;
	int ret = -1;

	for (i = 0; i < sizeof(files) / sizeof(files[0]); i++) {
		snprintf(path, sizeof(path), "%s/%s/%s", root, dbpath, files[i]);
		if (stat(path, &st) == 0 && S_ISREG(st.st_mode)) {
			ret = 0;
			break;
		}
	}
	if (ret)
		tool_err(root, "no rpm database in %s%s (rpmdb.sqlite, Packages.db or Packages; --dbpath DIR chooses another)",
			 root, dbpath);
	free(dbpath);
	return ret;
}

static int export_db(struct export_ctx *c, rpmts ts, const char *root)
{
	rpmdbMatchIterator mi;
	struct stat st;
	Header h;
	unsigned int n = 0;

	if (stat(root, &st) < 0 || !S_ISDIR(st.st_mode)) {
		tool_err(root, "not a directory");
		return EXIT_INVALID;
	}
	if (check_db(root))
		return EXIT_INVALID;
	if (rpmtsSetRootDir(ts, root)) {
		tool_err(root, "cannot use as rpm root directory");
		return EXIT_SYSTEM;
	}
	if (rpmtsOpenDB(ts, O_RDONLY)) {
		tool_err(root, "cannot open the rpm database under this root");
		return EXIT_SYSTEM;
	}
	mi = rpmtsInitIterator(ts, RPMDBI_PACKAGES, NULL, 0);
	while (mi && (h = rpmdbNextIterator(mi))) {
		export_header(c, h, "rpmdb");
		n++;
	}
	rpmdbFreeIterator(mi);
	if (n == 0)
		tool_err(root, "warning: the rpm database holds no package");
	return EXIT_OK;
}

static void export_file(struct export_ctx *c, rpmts ts, const char *path)
{
	Header h = NULL;
	rpmRC rc;
	FD_t fd;

	fd = Fopen(path, "r.ufdio");
	if (!fd || Ferror(fd)) {
		tool_err(path, "cannot open: %s", fd ? Fstrerror(fd) : strerror(errno));
		if (fd)
			Fclose(fd);
		c->n_failed++;
		return;
	}
	rc = rpmReadPackageFile(ts, fd, path, &h);
	Fclose(fd);
	if ((rc != RPMRC_OK && rc != RPMRC_NOKEY && rc != RPMRC_NOTTRUSTED) || !h) {
		tool_err(path, "not a readable rpm package");
		headerFree(h);
		c->n_failed++;
		return;
	}
	export_header(c, h, path);
	headerFree(h);
}

static void usage(FILE *f)
{
	fputs("usage: diglim export (--root DIR [--dbpath DIR] | PKG.rpm...) -o DIR [--allow-unsigned]\n", f);
}

int cmd_export(int argc, char **argv)
{
	static const struct option opts[] = {
		{ "root", required_argument, NULL, 'r' },
		{ "dbpath", required_argument, NULL, 'd' },
		{ "output", required_argument, NULL, 'o' },
		{ "allow-unsigned", no_argument, NULL, 'u' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	struct export_ctx c = { 0 };
	const char *root = NULL, *dbpath = NULL;
	int opt, ret = EXIT_OK, i;
	struct stat st;
	size_t k;
	rpmts ts;

	while ((opt = getopt_long(argc, argv, "o:h", opts, NULL)) != -1) {
		switch (opt) {
		case 'r': root = optarg; break;
		case 'd': dbpath = optarg; break;
		case 'o': c.outdir = optarg; break;
		case 'u': c.allow_unsigned = true; break;
		case 'h': usage(stdout); return EXIT_OK;
		default: usage(stderr); return EXIT_USAGE;
		}
	}
	if (!c.outdir || (!root) == (optind == argc) || (dbpath && !root)) {
		tool_err(NULL, "give -o DIR and either --root DIR or package files");
		usage(stderr);
		return EXIT_USAGE;
	}
	if (mkdir(c.outdir, 0755) < 0 && errno != EEXIST) {
		tool_err(c.outdir, "cannot create: %s", strerror(errno));
		return EXIT_SYSTEM;
	}
	if (stat(c.outdir, &st) < 0 || !S_ISDIR(st.st_mode)) {
		tool_err(c.outdir, "not a directory");
		return EXIT_SYSTEM;
	}
	if (rpmReadConfigFiles(NULL, NULL)) {
		tool_err(NULL, "librpm could not read its configuration");
		return EXIT_SYSTEM;
	}
	if (dbpath)
		rpmPushMacro(NULL, "_dbpath", NULL, dbpath, RMIL_CMDLINE);
	/* Signatures are not checked here: no NOKEY noise from librpm. */
	rpmSetVerbosity(RPMLOG_ERR);
	ts = rpmtsCreate();
	/* Read everything as it is: diglim verify does the checking. */
	rpmtsSetVSFlags(ts, _RPMVSF_NOSIGNATURES | _RPMVSF_NODIGESTS);
	if (root)
		ret = export_db(&c, ts, root);
	else
		for (i = optind; i < argc; i++)
			export_file(&c, ts, argv[i]);
	rpmtsFree(ts);
	rpmFreeMacros(NULL);
	rpmFreeRpmrc();

	fprintf(stderr, "diglim export: %u list file%s written to %s, %u unsigned package%s skipped, %u failed\n",
		c.n_ok, c.n_ok == 1 ? "" : "s", c.outdir, c.n_unsigned,
		c.n_unsigned == 1 ? "" : "s", c.n_failed);
	for (k = 0; k < c.nwritten; k++)
		free(c.written[k]);
	free(c.written);
	if (ret != EXIT_OK)
		return ret;
	return c.n_failed ? EXIT_INVALID : EXIT_OK;
}
