# SPDX-License-Identifier: GPL-2.0-only
# shellcheck shell=bash disable=SC2154
#
# Sourced by kernel/build.sh, kernel/check-series.sh and
# kernel/post-series.sh: read a series file and get a clean worktree of
# the pristine tree that kernel/build.sh keeps in its cache.  The caller
# defines die() and sets kdir (the kernel/ directory) and cache (the cache
# directory).  kernel/build.sh uses list_entries and series_patches only,
# and counts this file in its cache key.

# list_entries FILE: the entries of a series or fragments list, one per
# line, without comments and blank lines.
list_entries() {
	sed -e 's/#.*//' -e 's/[[:space:]]*$//' -e '/^$/d' "$1"
}

# series_patches SERIES: set patches to the paths of SERIES' entries, in
# order, from the patches/ directory next to it; die when one is missing
# or there is none.
series_patches() {
	local series=$1 patchdir p

	patchdir="$(dirname "$series")/patches"
	patches=()
	while read -r p; do
		[ -f "$patchdir/$p" ] || die "series $series names $p, not found in $patchdir"
		patches+=("$patchdir/$p")
	done < <(list_entries "$series")
	[ ${#patches[@]} -gt 0 ] || die "series $series names no patch"
}

# pristine_repo: set srcver, work and repo for the installed
# linux-source-6.12, having kernel/build.sh make the repository first if
# it is not there yet.
pristine_repo() {
	srcver=$(dpkg-query -W -f='${Version}' linux-source-6.12 2>/dev/null) ||
		die "linux-source-6.12 is not installed (run kernel/build.sh once)"
	work="$cache/linux-$srcver"
	repo="$work/git"
	if [ ! -d "$repo/.git" ]; then
		"$kdir/build.sh" --config-only --quiet >/dev/null ||
			die "kernel/build.sh could not make the pristine tree"
	fi
}

# clean_worktree SRC: make SRC a worktree of $repo at tag pristine, with
# no series applied and no file of its own (an am left half done by an
# earlier run is aborted).
clean_worktree() {
	local src=$1

	if [ ! -d "$src" ]; then
		git -C "$repo" worktree prune
		git -C "$repo" worktree add -q --detach "$src" pristine
	fi
	if [ -d "$(git -C "$src" rev-parse --git-path rebase-apply)" ]; then
		git -C "$src" am --abort >/dev/null 2>&1
	fi
	git -C "$src" checkout -q --detach pristine
	git -C "$src" clean -q -fdx
}
