/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * In-memory half of test/bench/parser, shared by parser-mem.c (the
 * parser's own conversion code) and librpm-extract.c --in-memory (librpm):
 * read every rpm list file into memory first, then time only the
 * conversions, header bytes in, compact list bytes out, with no system
 * call inside the timed part. This is the work that differs between the
 * two programs; the system calls they share are measured by parser-floor.
 *
 * The program supplies two functions: stage() puts one file's bytes where
 * the program would have read() them (a copy, so they are in the cache as
 * after a read(), the way both programs meet them), untimed; convert()
 * turns them into a list in memory, timed. mem_main() checks the outputs
 * once (an FNV-1a hash over every list, in argument order, which the
 * script compares between the two programs), then runs the rounds and
 * prints:
 *
 *   lists L bytes B digests D fnv H
 *   round-ms T1 T2 ...
 *
 * T is the sum over the set of each conversion's time (CLOCK_MONOTONIC,
 * read through the vDSO, around convert() only).
 */
#ifndef DIGLIM_BENCH_MEMRUN_H
#define DIGLIM_BENCH_MEMRUN_H

#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

struct mem_file {
	const char *path;
	const char *name;	/* the label: the path's last component */
	uint8_t *data;
	size_t len;
};

/*
 * Convert @f; on success set *out / *outlen to the list (valid until the
 * next call; *outlen 0: nothing selected) and return 0, else -1.
 */
typedef int (*mem_convert_fn)(const struct mem_file *f, const uint8_t **out,
			      size_t *outlen);
/* Put @f's bytes where convert() takes them from; untimed. 0 or -1. */
typedef int (*mem_stage_fn)(const struct mem_file *f);

static int mem_read(struct mem_file *f)
{
	struct stat st;
	size_t got = 0;
	int fd;

	fd = open(f->path, O_RDONLY | O_CLOEXEC);
	if (fd < 0 || fstat(fd, &st) < 0 || st.st_size <= 0) {
		if (fd >= 0)
			close(fd);
		return -1;
	}
	f->len = (size_t)st.st_size;
	f->data = malloc(f->len);
	while (f->data && got < f->len) {
		ssize_t r = read(fd, f->data + got, f->len - got);

		if (r <= 0)
			break;
		got += (size_t)r;
	}
	close(fd);
	return f->data && got == f->len ? 0 : -1;
}

static double mem_now_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

/* Count the digests of a compact list (for the summary line). */
static uint64_t mem_count(const uint8_t *b, size_t len)
{
	uint64_t n = 0;
	size_t pos = 0;

	while (pos + 16 <= len) {
		uint32_t count, dlen;

		memcpy(&count, b + pos + 8, 4);
		memcpy(&dlen, b + pos + 12, 4);
		n += count;
		pos += 16 + (size_t)dlen;
	}
	return n;
}

/*
 * Run the benchmark over @paths (@n of them, argument order) for @rounds
 * rounds. Returns the process exit status.
 */
static int mem_main(char **paths, size_t n, int rounds, mem_stage_fn stage,
		    mem_convert_fn convert)
{
	struct mem_file *files = calloc(n ? n : 1, sizeof(*files));
	uint64_t fnv = 0xcbf29ce484222325ULL, digests = 0, bytes = 0, lists = 0;
	int status = 1, r;
	size_t i, k;

	if (!files)
		return 1;
	for (i = 0; i < n; i++) {
		const char *slash = strrchr(paths[i], '/');

		files[i].path = paths[i];
		files[i].name = slash ? slash + 1 : paths[i];
		if (mem_read(&files[i])) {
			fprintf(stderr, "%s: cannot read\n", paths[i]);
			goto out;
		}
	}
	/* The check round: every output hashed, in argument order. */
	for (i = 0; i < n; i++) {
		const uint8_t *out;
		size_t len;

		if (stage(&files[i]) || convert(&files[i], &out, &len)) {
			fprintf(stderr, "%s: conversion failed\n", files[i].path);
			goto out;
		}
		for (k = 0; k < len; k++) {
			fnv ^= out[k];
			fnv *= 0x100000001b3ULL;
		}
		lists += len != 0;
		bytes += len;
		digests += mem_count(out, len);
	}
	printf("lists %llu bytes %llu digests %llu fnv %016llx\n",
	       (unsigned long long)lists, (unsigned long long)bytes,
	       (unsigned long long)digests, (unsigned long long)fnv);
	printf("round-ms");
	for (r = 0; r < rounds; r++) {
		double t = 0;

		for (i = 0; i < n; i++) {
			const uint8_t *out;
			size_t len;
			double t0;

			if (stage(&files[i]))
				goto out;
			t0 = mem_now_ms();
			if (convert(&files[i], &out, &len))
				goto out;
			t += mem_now_ms() - t0;
		}
		printf(" %.3f", t);
	}
	printf("\n");
	status = 0;
out:
	for (i = 0; i < n; i++)
		free(files[i].data);
	free(files);
	return status;
}

#endif
