#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
#
# Check that the patch series is bisectable: apply kernel/series patch by
# patch to a worktree of the pristine tree, run checkpatch.pl --strict on
# each patch and an incremental kernel build after each one.  After the
# last patch, sparse (C=2) and W=1 (more compiler warnings, and kernel-doc
# on every file compiled) check the directories whose C files the series
# changes: a warning on a line the series added fails the check (the
# pristine tree has warnings of its own, on lines the series leaves alone).
#
# usage: kernel/check-series.sh [--series FILE] [--variant NAME]
#                               [--first N] [--no-build] [--keep-going]
#
#   --series FILE    series to check (default: kernel/series)
#   --variant NAME   config fragments of kernel/config/NAME.fragments
#                    (default: debug, so that test and benchmark options
#                    are compiled too)
#   --first N        check only the first N patches of the series
#   --no-build       only apply and run checkpatch
#   --keep-going     check every patch even after a failure
#
# The worktree and the build tree live in the kernel cache (see
# kernel/build.sh): src-check/ and obj-check/.  The config is made again
# after each patch (tinyconfig + fragments + olddefconfig), since a patch
# may add the options the fragments set; the build is incremental.
#
# Prints one line per patch: "ok N - NAME" or "not ok N - NAME (why)",
# with the checkpatch counts, then one for the static checks (needs
# sparse; skipped with --first or --no-build, or after a failure).  Exit status: 0 all passed, 1 a patch failed,
# 2 usage error.

set -euo pipefail

top=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
kdir="$top/kernel"
series="$kdir/series"
variant=debug
build=1
keep_going=0
first=0
cache=${DIGLIM_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/diglim}
jobs=${JOBS:-$(nproc)}

usage() {
	sed -n '12,21s/^# \{0,1\}//p' "${BASH_SOURCE[0]}" >&2
	exit 2
}

die() {
	echo "kernel/check-series.sh: $*" >&2
	exit 1
}

while [ $# -gt 0 ]; do
	case "$1" in
	--series) [ $# -ge 2 ] || usage; series=$(realpath "$2"); shift ;;
	--variant) [ $# -ge 2 ] || usage; variant=$2; shift ;;
	--first) [ $# -ge 2 ] || usage; first=$2; shift ;;
	--no-build) build=0 ;;
	--keep-going) keep_going=1 ;;
	-h|--help) usage ;;
	*) echo "kernel/check-series.sh: unknown argument '$1'" >&2; usage ;;
	esac
	shift
done

# shellcheck source=kernel/worktree.sh
. "$kdir/worktree.sh"

[ -f "$series" ] || die "no series file $series"
series_patches "$series"
fraglist="$kdir/config/$variant.fragments"
[ -f "$fraglist" ] || die "unknown variant '$variant'"
fragments=()
while read -r f; do
	fragments+=("$kdir/config/$f")
done < <(list_entries "$fraglist")

pristine_repo

src="$work/src-check"
obj="$work/obj-check"
exec 9>"$work/check.lock"
flock 9

export GIT_COMMITTER_NAME="diglim check" GIT_COMMITTER_EMAIL="check@diglim.invalid"
export GIT_COMMITTER_DATE="2000-01-01T00:00:00Z"
clean_worktree "$src"
mkdir -p "$obj"

make_config() {
	make -s -C "$src" O="$obj" tinyconfig >/dev/null 2>&1 &&
	(cd "$src" && scripts/kconfig/merge_config.sh -m -O "$obj" \
		"$obj/.config" "${fragments[@]}") >/dev/null 2>&1 &&
	make -s -C "$src" O="$obj" olddefconfig >/dev/null 2>&1
}

n=0
failed=0
log=$(mktemp)
trap 'rm -f "$log"' EXIT
for patch in "${patches[@]}"; do
	p=${patch##*/}
	n=$((n + 1))
	[ "$first" -gt 0 ] && [ "$n" -gt "$first" ] && break
	why=''
	if ! git -C "$src" am -q "$patch" >"$log" 2>&1; then
		git -C "$src" am --abort >/dev/null 2>&1 || true
		sed 's/^/    /' "$log"
		echo "not ok $n - $p (does not apply)"
		failed=1
		break
	fi

	cp_out=$(cd "$src" && { scripts/checkpatch.pl --strict "$patch" 2>&1 || true; })
	cp_sum=$(grep -E '^total:' <<<"$cp_out" | tail -n 1 || true)
	errors=$(sed -n 's/^total: \([0-9]*\) errors.*/\1/p' <<<"$cp_sum")
	[ "${errors:-1}" = 0 ] || why="checkpatch: ${errors:-?} error(s)"

	if [ "$build" = 1 ] && [ -z "$why" ]; then
		if ! make_config; then
			why="config failed"
		elif ! make -C "$src" O="$obj" -j"$jobs" bzImage >"$log" 2>&1; then
			grep -E -m 20 'error|Error' "$log" | sed 's/^/    /'
			why="build failed"
		else
			# warnings in the files this patch touches (the debug
			# kernel has some of its own, e.g. frame sizes)
			warn=$(git -C "$src" diff --name-only HEAD~1 HEAD |
				{ grep -E '\.[ch]$' || true; } | while read -r f; do
					grep -F "$f:" "$log" | grep 'warning:' || true
				done)
			if [ -n "$warn" ]; then
				head -n 20 <<<"$warn" | sed 's/^/    /'
				why="build warnings"
			fi
		fi
	fi

	if [ -n "$why" ]; then
		grep -E -A 3 '^(ERROR|WARNING|CHECK)' <<<"$cp_out" | head -n 40 |
			sed 's/^/    /' || true
		echo "not ok $n - $p ($why)"
		failed=1
		[ "$keep_going" = 1 ] || break
	else
		echo "ok $n - $p (checkpatch $cp_sum)"
	fi
done

# added_lines: "FILE LINE" for every line the series added or changed
added_lines() {
	git -C "$src" diff -U0 pristine HEAD -- '*.c' '*.h' | awk '
		/^\+\+\+ b\// { file = substr($2, 3); next }
		/^@@/ {
			split(substr($3, 2), r, ",")
			count = (2 in r) ? r[2] : 1
			for (i = 0; i < count; i++)
				print file, r[1] + i
		}'
}

# The static checks: sparse and W=1 over the directories the series
# touches, keeping the warnings on lines it added.
static_checks() {
	local dirs added warn

	command -v sparse >/dev/null || { why="sparse is not installed"; return; }
	mapfile -t dirs < <(git -C "$src" diff --name-only pristine HEAD -- '*.c' |
		xargs -r -n 1 dirname | sort -u | sed 's|$|/|')
	[ "${#dirs[@]}" -gt 0 ] || return 0
	if ! make -C "$src" O="$obj" -j"$jobs" C=2 W=1 "${dirs[@]}" >"$log" 2>&1; then
		grep -E -m 20 'error|Error' "$log" | sed 's/^/    /'
		why="build with C=2 W=1 failed"
		return
	fi
	added=$(mktemp)
	added_lines >"$added"
	warn=$(sed -e "s|^$src/||" -e 's|^\.\./||' "$log" |
		awk 'NR == FNR { added[$1 ":" $2] = 1; next }
		     /: (warning|error):/ {
			split($0, f, ":")
			if ((f[1] ":" f[2]) in added)
				print
		     }' "$added" -)
	rm -f "$added"
	if [ -n "$warn" ]; then
		head -n 20 <<<"$warn" | sed 's/^/    /'
		why="$(wc -l <<<"$warn") warning(s) on lines the series added"
	fi
}

if [ "$build" = 1 ] && [ "$first" = 0 ] && [ "$failed" = 0 ]; then
	n=$((n + 1))
	why=''
	make_config || why="config failed"
	[ -n "$why" ] || static_checks
	if [ -n "$why" ]; then
		echo "not ok $n - sparse and W=1 on the changed directories ($why)"
		failed=1
	else
		echo "ok $n - sparse and W=1 on the changed directories: no warning on a line the series added"
	fi
fi

exit "$failed"
