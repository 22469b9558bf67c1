/* SPDX-License-Identifier: GPL-2.0-only */
/* Messages to stderr, or to /dev/kmsg when there is no usable stderr. */
#ifndef DIGLIM_LOG_H
#define DIGLIM_LOG_H

#define LOG_PREFIX	"diglim-parser: "
#define LOG_KMSG_ENV	"DIGLIM_KMSG"	/* another kmsg path, for tests */
#define LOG_KMSG	"/dev/kmsg"

/* kmsg priorities; INFO needs -v, DEBUG -vv */
enum log_level { LOG_LVL_ERR = 3, LOG_LVL_WARN = 4, LOG_LVL_NOTICE = 5,
		 LOG_LVL_INFO = 6, LOG_LVL_DEBUG = 7 };

/*
 * Call first: ignores SIGPIPE, fills closed descriptors 0-2 (so that no
 * file opened later lands on them) and picks stderr or kmsg. Control
 * characters in messages are written as '?'.
 */
void log_init(void);
void log_set_verbose(int verbose);

void log_msg(enum log_level level, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

#define log_err(...)	log_msg(LOG_LVL_ERR, __VA_ARGS__)
#define log_warn(...)	log_msg(LOG_LVL_WARN, __VA_ARGS__)
#define log_notice(...)	log_msg(LOG_LVL_NOTICE, __VA_ARGS__)
#define log_info(...)	log_msg(LOG_LVL_INFO, __VA_ARGS__)
#define log_debug(...)	log_msg(LOG_LVL_DEBUG, __VA_ARGS__)

#endif
