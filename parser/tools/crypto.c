// SPDX-License-Identifier: GPL-2.0-only
/* libgcrypt set-up and file digests. */
#include "crypto.h"

#include <errno.h>
#include <fcntl.h>
#include <gcrypt.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

int crypto_init(void)
{
	if (gcry_control(GCRYCTL_INITIALIZATION_FINISHED_P))
		return 0;
	if (!gcry_check_version("1.8.0"))
		return -1;
	/* Only public keys are handled: no secure memory needed. */
	gcry_control(GCRYCTL_DISABLE_SECMEM, 0);
	gcry_control(GCRYCTL_INITIALIZATION_FINISHED, 0);
	return 0;
}

int crypto_sha256_file(const char *path, uint8_t out[32])
{
	static uint8_t buf[65536];
	gcry_md_hd_t md;
	struct stat st;
	int fd, ret = 0;

	fd = open(path, O_RDONLY | O_CLOEXEC | O_NOCTTY);
	if (fd < 0)
		return -errno;
	if (fstat(fd, &st) < 0) {
		ret = -errno;
		goto out_close;
	}
	if (!S_ISREG(st.st_mode)) {
		ret = -EINVAL;
		goto out_close;
	}
	if (gcry_md_open(&md, GCRY_MD_SHA256, 0)) {
		ret = -ENOMEM;
		goto out_close;
	}
	for (;;) {
		ssize_t n = read(fd, buf, sizeof(buf));

		if (n < 0) {
			if (errno == EINTR)
				continue;
			ret = -errno;
			break;
		}
		if (n == 0)
			break;
		gcry_md_write(md, buf, (size_t)n);
	}
	if (!ret)
		memcpy(out, gcry_md_read(md, GCRY_MD_SHA256), 32);
	gcry_md_close(md);
out_close:
	close(fd);
	return ret;
}

/*
 * Verify with the expressions a caller built (@err: how building them
 * went), then release them.
 */
static enum crypto_verify_result pk_verify(gcry_sexp_t pub, gcry_sexp_t sig,
					   gcry_sexp_t data, gcry_error_t err)
{
	enum crypto_verify_result res = CRYPTO_VERIFY_ERROR;

	if (!err) {
		err = gcry_pk_verify(sig, data, pub);
		if (gcry_err_code(err) == GPG_ERR_NO_ERROR)
			res = CRYPTO_VERIFY_GOOD;
		else if (gcry_err_code(err) == GPG_ERR_BAD_SIGNATURE)
			res = CRYPTO_VERIFY_BAD;
		else
			res = CRYPTO_VERIFY_RANGE;
	}
	gcry_sexp_release(pub);
	gcry_sexp_release(sig);
	gcry_sexp_release(data);
	return res;
}

enum crypto_verify_result crypto_rsa_verify(const uint8_t *n, size_t n_len,
					    const uint8_t *e, size_t e_len,
					    const char *hname,
					    const uint8_t *digest, size_t dlen,
					    const uint8_t *s, size_t s_len)
{
	gcry_sexp_t pub = NULL, sig = NULL, data = NULL;
	gcry_error_t err;

	err = gcry_sexp_build(&pub, NULL, "(public-key (rsa (n %b) (e %b)))",
			      (int)n_len, n, (int)e_len, e);
	if (!err)
		err = gcry_sexp_build(&sig, NULL, "(sig-val (rsa (s %b)))",
				      (int)s_len, s);
	if (!err)
		err = gcry_sexp_build(&data, NULL,
				      "(data (flags pkcs1) (hash %s %b))",
				      hname, (int)dlen, digest);
	return pk_verify(pub, sig, data, err);
}

enum crypto_verify_result crypto_ecdsa_verify(const char *curve,
					      const uint8_t *q, size_t q_len,
					      const uint8_t *digest, size_t dlen,
					      const uint8_t *r, size_t r_len,
					      const uint8_t *s, size_t s_len)
{
	gcry_sexp_t pub = NULL, sig = NULL, data = NULL;
	gcry_error_t err;

	err = gcry_sexp_build(&pub, NULL, "(public-key (ecc (curve %s) (q %b)))",
			      curve, (int)q_len, q);
	if (!err)
		err = gcry_sexp_build(&sig, NULL, "(sig-val (ecdsa (r %b) (s %b)))",
				      (int)r_len, r, (int)s_len, s);
	if (!err)
		err = gcry_sexp_build(&data, NULL, "(data (flags raw) (value %b))",
				      (int)dlen, digest);
	return pk_verify(pub, sig, data, err);
}
