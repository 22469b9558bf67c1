#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
#
# Make the series ready to post: apply kernel/series to the pristine tree
# and run git format-patch on the result, so that the patches are numbered
# as one series ("[PATCH v4 01/31]" ... in series order, whatever their
# file names in kernel/patches) and preceded by a cover letter ("[PATCH v4
# 00/31]") whose text is kernel/cover-letter.txt (first line: the subject,
# after a blank line: the body) followed by git's shortlog and diffstat.
#
# usage: kernel/post-series.sh [--series FILE] [--version N] [-o DIR]
#
#   --series FILE   series to post (default: kernel/series)
#   --version N     the posting's version (default: 4, DIGLIM v3 being the
#                   last posted)
#   -o DIR          where the posting goes (default: build/kernel-post);
#                   its old *.patch files are removed first
#
# The pristine tree is the one kernel/build.sh keeps in its cache (made by
# it when missing); the worktree is src-post/ there.  The posted patches
# carry the same changes as kernel/patches (git patch-id says so; the
# host test test/host/post-series.sh checks it).  Nothing is sent.
#
# Prints the path of the cover letter last.  Exit status: 0 done, 1 failed
# (a patch does not apply, the cover letter text is missing), 2 usage error.

set -euo pipefail

top=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
kdir="$top/kernel"
series="$kdir/series"
version=4
outdir="$top/build/kernel-post"
cover="$kdir/cover-letter.txt"
cache=${DIGLIM_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/diglim}

usage() {
	sed -n '11,17s/^# \{0,1\}//p' "${BASH_SOURCE[0]}" >&2
	exit 2
}

die() {
	echo "kernel/post-series.sh: $*" >&2
	exit 1
}

while [ $# -gt 0 ]; do
	case "$1" in
	--series) [ $# -ge 2 ] || usage; series=$(realpath "$2"); shift ;;
	--version) [ $# -ge 2 ] || usage; version=$2; shift ;;
	-o) [ $# -ge 2 ] || usage; outdir=$2; shift ;;
	-h|--help) usage ;;
	*) echo "kernel/post-series.sh: unknown argument '$1'" >&2; usage ;;
	esac
	shift
done
[[ $version =~ ^[1-9][0-9]*$ ]] || usage

[ -f "$series" ] || die "no series file $series"
[ -s "$cover" ] || die "no cover letter text $cover"
subject=$(head -n 1 "$cover")
if [ -z "$subject" ] || [ -n "$(sed -n 2p "$cover")" ]; then
	die "$cover: the first line must be the subject, the second blank"
fi

# shellcheck source=kernel/worktree.sh
. "$kdir/worktree.sh"
series_patches "$series"
pristine_repo

# git am keeps the patches' authors and dates.
export GIT_COMMITTER_NAME="diglim build" GIT_COMMITTER_EMAIL="build@diglim.invalid"
export GIT_COMMITTER_DATE="2000-01-01T00:00:00Z"
author=$(sed -n 's/^From: //p;/^$/q' "${patches[0]}")
export GIT_AUTHOR_NAME="${author% <*}"
GIT_AUTHOR_EMAIL="${author##*<}"
export GIT_AUTHOR_EMAIL="${GIT_AUTHOR_EMAIL%>}"

src="$work/src-post"
exec 9>"$work/post.lock"
flock 9
clean_worktree "$src"

log=$(mktemp)
trap 'rm -f "$log"' EXIT
n=0
for p in "${patches[@]}"; do
	n=$((n + 1))
	if ! git -C "$src" am -q "$p" >"$log" 2>&1; then
		git -C "$src" am --abort >/dev/null 2>&1 || true
		sed 's/^/  /' "$log" >&2
		die "patch ${p#"$top"/} (series entry $n) does not apply"
	fi
done

mkdir -p "$outdir"
outdir=$(realpath "$outdir")
rm -f "$outdir"/*.patch
# The cover letter is the patches' author's, dated now.
GIT_COMMITTER_NAME=$GIT_AUTHOR_NAME GIT_COMMITTER_EMAIL=$GIT_AUTHOR_EMAIL \
	env -u GIT_COMMITTER_DATE git -C "$src" format-patch -q --cover-letter \
	-v"$version" --subject-prefix=PATCH -o "$outdir" pristine..HEAD

letter=$(printf '%s/v%s-0000-cover-letter.patch' "$outdir" "$version")
[ -f "$letter" ] || die "git format-patch wrote no cover letter"
# git leaves "*** SUBJECT HERE ***" and "*** BLURB HERE ***" to fill in.
awk -v subject="$subject" -v body="$cover" '
	/\*\*\* SUBJECT HERE \*\*\*/ { sub(/\*\*\* SUBJECT HERE \*\*\*/, subject) }
	/^\*\*\* BLURB HERE \*\*\*$/ {
		first = 1
		while ((getline line < body) > 0) {
			if (first) { first = 0; getline line < body; continue }
			print line
		}
		next
	}
	{ print }' "$letter" >"$letter.tmp"
mv "$letter.tmp" "$letter"
grep -q '\*\*\* .* HERE \*\*\*' "$letter" && die "$letter: a placeholder was left"
echo "$letter"
