# SPDX-License-Identifier: GPL-2.0-only
# shellcheck shell=bash disable=SC2154 # prog and homedir come from the script
#
# Helpers shared by the keys/diglim-* scripts (sourced, not run).
# Each script sets `prog` and a `usage` function before sourcing this file.

# die MESSAGE...: print "PROG: MESSAGE" on stderr and exit 1.
die() {
	echo "$prog: $*" >&2
	exit 1
}

# usage_error MESSAGE...: a bad command line; exit 2.
usage_error() {
	echo "$prog: $*" >&2
	echo "Try '$prog --help'." >&2
	exit 2
}

# need_arg OPTION COUNT: the option needs a value.
need_arg() {
	[ "$2" -ge 2 ] || usage_error "$1 needs a value"
}

# gpg_run ARGS...: gpg in the chosen home directory, batch mode, no
# passphrase prompt (the keys these scripts make have an empty passphrase).
gpg_run() {
	gpg --homedir "$homedir" --batch --no-tty --quiet \
		--pinentry-mode loopback --passphrase '' "$@"
}

# stop_agent: stop the gpg-agent that gpg may have started for $homedir.
# gpgconf returns once it has asked the agent to exit, not once it has
# exited: wait (at most 10 s) until the agent removed its socket, or the
# next gpg in this home may reach the exiting agent and fail with "can't
# connect to the agent: End of file" (seen on a loaded machine).
stop_agent() {
	local sock n=0

	if [ -n "${homedir:-}" ] && [ -d "$homedir" ]; then
		sock=$(gpgconf --homedir "$homedir" --list-dirs agent-socket 2>/dev/null) || sock=
		gpgconf --homedir "$homedir" --kill gpg-agent >/dev/null 2>&1 || true
		while [ -n "$sock" ] && [ -S "$sock" ] && [ "$n" -lt 100 ]; do
			sleep 0.1
			n=$((n + 1))
		done
	fi
}

# check_homedir: $homedir must be a directory.
check_homedir() {
	[ -n "${homedir:-}" ] || usage_error "--homedir is required"
	[ -d "$homedir" ] || die "$homedir: not a directory (GnuPG home)"
}

# fingerprint KEY: the v4 fingerprint (40 hex digits) of the one primary
# public key in $homedir that KEY (fingerprint, key ID or e-mail) names.
fingerprint() {
	local fprs

	fprs=$(gpg_run --with-colons --list-keys -- "$1" 2>/dev/null |
		awk -F: '$1 == "pub" { want = 1; next }
			 $1 == "fpr" && want { print $10; want = 0 }') ||
		true
	[ -n "$fprs" ] || die "$1: no such public key in $homedir"
	[ "$(printf '%s\n' "$fprs" | wc -l)" -eq 1 ] ||
		die "$1: names more than one key in $homedir; use a fingerprint"
	printf '%s\n' "$fprs"
}

# has_secret FPR: the secret key of FPR is in $homedir.
has_secret() {
	gpg_run --with-colons --list-secret-keys -- "$1" >/dev/null 2>&1
}
