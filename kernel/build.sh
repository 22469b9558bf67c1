#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
#
# Build the diglim guest kernel: Debian's linux-source-6.12 + kernel/series.
#
# usage: kernel/build.sh [--debug | --variant NAME] [--series FILE]
#                        [--fragment FILE]... [--builtin-keys FILE]
#                        [--config-only] [--quiet]
#
#   --debug          same as --variant debug
#   --variant NAME   fragments listed in kernel/config/NAME.fragments
#                    (default: base)
#   --series FILE    patch series to apply (default: kernel/series); entries
#                    are file names relative to the patches/ directory next
#                    to FILE, applied in order with git am
#   --fragment FILE  one more config fragment, merged last (repeatable)
#   --builtin-keys FILE
#                    binary OpenPGP public keys to build into the kernel
#                    (CONFIG_PGP_BUILTIN_KEYS, .builtin_trusted_keys), e.g.
#                    a distribution's signing key; their content is part of
#                    the cache key
#   --config-only    stop after the series is applied and .config checked;
#                    print the path of the checked .config
#   --quiet          no progress messages on stderr
#
# The source tree is unpacked from /usr/src/linux-source-6.12.tar.xz into a
# cache outside the repository, made a git repository (tag "pristine"), and
# the series is applied with git am in a worktree per variant.  A patch that
# does not apply stops the build with its name.  Every option the fragments
# set must end up so in .config (dependencies drop options silently): any
# that did not are listed and the build fails.  Results are cached under a
# key made of the source version, this script, the compiler, binutils, the C
# library, the series and the fragments, so an unchanged second run takes
# seconds.
#
# The last line printed on stdout is the absolute path of bzImage; next to it
# are config, kernel.release, System.map and, for each target listed in
# kernel/selftests, the statically linked kselftests in selftests/TARGET/.
#
# Environment: DIGLIM_CACHE (default ${XDG_CACHE_HOME:-~/.cache}/diglim),
#              JOBS (default: nproc).
#
# Exit status: 0 built (or cached), 1 failed, 2 usage error.

set -euo pipefail

top=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
kdir="$top/kernel"
self="$kdir/build.sh"
pkg=linux-source-6.12
tarball=/usr/src/linux-source-6.12.tar.xz
cache=${DIGLIM_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/diglim}
jobs=${JOBS:-$(nproc)}

variant=base
series="$kdir/series"
extra_fragments=()
builtin_keys=
config_only=0
quiet=0

die() {
	echo "kernel/build.sh: $*" >&2
	exit 1
}

usage() {
	sed -n '4,24s/^# \{0,1\}//p' "$self" >&2
	exit 2
}

info() {
	[ "$quiet" = 1 ] || echo "kernel/build.sh: $*" >&2
}

while [ $# -gt 0 ]; do
	case "$1" in
	--debug) variant=debug ;;
	--variant) [ $# -ge 2 ] || usage; variant=$2; shift ;;
	--series) [ $# -ge 2 ] || usage; series=$(realpath "$2"); shift ;;
	--fragment) [ $# -ge 2 ] || usage
		extra_fragments+=("$(realpath "$2")"); shift ;;
	--builtin-keys) [ $# -ge 2 ] || usage
		builtin_keys=$(realpath "$2"); shift ;;
	--config-only) config_only=1 ;;
	--quiet) quiet=1 ;;
	-h|--help) usage ;;
	*) echo "kernel/build.sh: unknown argument '$1'" >&2; usage ;;
	esac
	shift
done

# list_entries and series_patches.
# shellcheck source=kernel/worktree.sh
. "$kdir/worktree.sh"

# --- inputs ----------------------------------------------------------------

fraglist="$kdir/config/$variant.fragments"
[ -f "$fraglist" ] || die "unknown variant '$variant': no $fraglist"
fragments=()
while read -r f; do
	[ -f "$kdir/config/$f" ] || die "$fraglist names $f, which does not exist"
	fragments+=("$kdir/config/$f")
done < <(list_entries "$fraglist")
for f in "${extra_fragments[@]}"; do
	[ -f "$f" ] || die "fragment $f does not exist"
	fragments+=("$f")
done

[ -f "$series" ] || die "no series file $series"
series_patches "$series"

selftests=()
if [ -f "$kdir/selftests" ]; then
	while read -r t; do
		selftests+=("$t")
	done < <(list_entries "$kdir/selftests")
fi

# --- the source package ------------------------------------------------------

ensure_source() {
	local missing=() p

	dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q 'ok installed' ||
		missing+=("$pkg")
	for p in bc bison flex libelf-dev libssl-dev cpio lz4 git make gcc; do
		dpkg-query -W -f='${Status}' "$p" 2>/dev/null |
			grep -q 'ok installed' || missing+=("$p")
	done
	[ ${#missing[@]} -eq 0 ] && return 0
	[ "$(id -u)" = 0 ] ||
		die "missing packages: ${missing[*]} (run: apt-get install ${missing[*]})"
	info "installing ${missing[*]}"
	DEBIAN_FRONTEND=noninteractive apt-get install -y -q "${missing[@]}" >&2 ||
		die "apt-get install ${missing[*]} failed"
}

ensure_source
[ -f "$tarball" ] || die "$tarball is missing although $pkg is installed"
srcver=$(dpkg-query -W -f='${Version}' "$pkg")

# --- OpenPGP KUnit test vectors --------------------------------------------------
# A variant whose fragments enable CONFIG_PGP_KUNIT_TEST gets the GnuPG-made
# vectors of kernel/pgp-vectors.sh (cached by that script's hash): one more
# fragment points CONFIG_PGP_KUNIT_VECTORS at the file and
# CONFIG_PGP_BUILTIN_KEYS at its test key C (so the guest sees built-in key
# loading), and the files' content hash is part of the cache key.

pgp_vectors=
if grep -qsx 'CONFIG_PGP_KUNIT_TEST=[ym]' "${fragments[@]}"; then
	pgp_vectors=$("$kdir/pgp-vectors.sh") || die "kernel/pgp-vectors.sh failed"
	pgp_fragment="${pgp_vectors%.bin}.config"
	printf 'CONFIG_PGP_KUNIT_VECTORS="%s"\nCONFIG_PGP_BUILTIN_KEYS="%s"\n' \
		"$pgp_vectors" "${pgp_vectors%/*}/builtin.pgp" >"$pgp_fragment.tmp.$$"
	mv "$pgp_fragment.tmp.$$" "$pgp_fragment"
	fragments+=("$pgp_fragment")
fi

# --- built-in OpenPGP keys -------------------------------------------------------
# --builtin-keys: the keys (after the test key C of the vectors, if any) are
# copied to a file named by their content hash, which a fragment of its own
# points CONFIG_PGP_BUILTIN_KEYS at; it replaces the vectors' fragment.

if [ -n "$builtin_keys" ]; then
	[ -s "$builtin_keys" ] || die "--builtin-keys $builtin_keys: missing or empty"
	keys_tmp=$(mktemp "${TMPDIR:-/tmp}/diglim-keys.XXXXXX")
	cat ${pgp_vectors:+"${pgp_vectors%/*}/builtin.pgp"} "$builtin_keys" >"$keys_tmp"
	keys_dir="$cache/builtin-keys/$(sha256sum <"$keys_tmp" | cut -c1-16)"
	mkdir -p "$keys_dir"
	mv "$keys_tmp" "$keys_dir/keys.pgp"
	{
		[ -z "$pgp_vectors" ] || printf 'CONFIG_PGP_KUNIT_VECTORS="%s"\n' "$pgp_vectors"
		printf 'CONFIG_PGP_BUILTIN_KEYS="%s"\n' "$keys_dir/keys.pgp"
	} >"$keys_dir/keys.config"
	kept=()
	for f in "${fragments[@]}"; do
		[ -n "$pgp_vectors" ] && [ "$f" = "$pgp_fragment" ] && continue
		kept+=("$f")
	done
	fragments=("${kept[@]}" "$keys_dir/keys.config")
fi

# --- cache key ----------------------------------------------------------------

key=$( {
	echo "source $pkg $srcver"
	echo "compiler $(gcc --version | head -n1)"
	echo "binutils $(ld --version | head -n1)"
	# The selftests and usermode programs link against the C library.
	echo "libc $(dpkg-query -W -f='${Version}' libc6-dev 2>/dev/null || ldd --version | head -n1)"
	echo "variant $variant"
	sha256sum <"$self"
	sha256sum <"$kdir/worktree.sh"
	for p in "${patches[@]}"; do echo "patch $(basename "$p")"; sha256sum < "$p"; done
	for f in "${fragments[@]}"; do echo "fragment $(basename "$f")"; sha256sum < "$f"; done
	for t in "${selftests[@]}"; do echo "selftest $t"; done
	[ -z "$pgp_vectors" ] || { echo "pgp-vectors"; cat "$pgp_vectors" "${pgp_vectors%/*}/builtin.pgp" | sha256sum; }
} | sha256sum | cut -c1-16)

work="$cache/linux-$srcver"
out="$cache/kernel/$variant-$key"
if [ "$config_only" = 0 ] && [ -f "$out/bzImage" ]; then
	info "cached: $out"
	echo "$out/bzImage"
	exit 0
fi

mkdir -p "$work"
exec 9>"$work/$variant.lock"
flock 9

# --- pristine git repository and the variant's worktree ------------------------

export GIT_COMMITTER_NAME="diglim build" GIT_COMMITTER_EMAIL="build@diglim.invalid"
export GIT_AUTHOR_NAME="diglim build" GIT_AUTHOR_EMAIL="build@diglim.invalid"
export GIT_COMMITTER_DATE="2000-01-01T00:00:00Z" GIT_AUTHOR_DATE="2000-01-01T00:00:00Z"
repo="$work/git"

make_pristine() {
	local tmp="$work/git.tmp"

	info "unpacking $tarball (once per source version)"
	rm -rf "$tmp"
	mkdir -p "$tmp"
	tar -C "$tmp" --strip-components=1 -xf "$tarball"
	git -C "$tmp" init -q
	git -C "$tmp" config core.looseCompression 1
	git -C "$tmp" config gc.auto 0
	git -C "$tmp" add -A -f  # Debian's .gitignore hides everything
	git -C "$tmp" commit -q -m "$pkg $srcver (pristine)"
	git -C "$tmp" tag pristine
	mv "$tmp" "$repo"
}

(
	flock 8
	[ -d "$repo/.git" ] || make_pristine
) 8>"$work/git.lock"

src="$work/src-$variant"
obj="$work/obj-$variant"
applied="$work/src-$variant.applied"
series_id=$(for p in "${patches[@]}"; do sha256sum < "$p"; done | sha256sum | cut -c1-16)

apply_series() {
	local n=0 p log

	if [ ! -d "$src" ]; then
		git -C "$repo" worktree prune
		git -C "$repo" worktree add -q --detach "$src" pristine
	fi
	rm -f "$applied"
	[ -d "$(git -C "$src" rev-parse --git-path rebase-apply)" ] &&
		git -C "$src" am --abort >/dev/null 2>&1
	git -C "$src" checkout -q --detach pristine
	git -C "$src" clean -q -fdx
	log=$(mktemp)
	for p in "${patches[@]}"; do
		n=$((n + 1))
		if ! git -C "$src" am -q "$p" >"$log" 2>&1; then
			git -C "$src" am --abort >/dev/null 2>&1 || true
			echo "kernel/build.sh: patch ${p#"$top"/} (series entry $n) does not apply:" >&2
			sed 's/^/  /' "$log" >&2
			rm -f "$log"
			exit 1
		fi
	done
	rm -f "$log"
	echo "$series_id" >"$applied"
	info "applied ${#patches[@]} patch(es) to $pkg $srcver"
}

if [ "$(cat "$applied" 2>/dev/null)" != "$series_id" ] ||
   [ "$(git -C "$src" rev-list --count pristine..HEAD 2>/dev/null)" != "${#patches[@]}" ]; then
	apply_series
fi

# --- configuration ----------------------------------------------------------------

cfg="$work/cfg-$variant"
mkdir -p "$cfg"
mkcfg() {
	make -s -C "$src" O="$cfg" "$@" >"$cfg/make.log" 2>&1 ||
		{ cat "$cfg/make.log" >&2; die "make $* failed"; }
}
mkcfg tinyconfig
(cd "$src" && scripts/kconfig/merge_config.sh -m -O "$cfg" "$cfg/.config" "${fragments[@]}") \
	>"$cfg/merge.log" 2>&1 || { cat "$cfg/merge.log" >&2; die "merge_config.sh failed"; }
mkcfg olddefconfig

# Every CONFIG_X=V and "# CONFIG_X is not set" of the fragments, the last
# fragment winning, must be in the final .config.
check_config() {
	awk '
	FNR == 1 { file = FILENAME; sub(".*/", "", file) }
	FILENAME != final {
		if (match($0, /^CONFIG_[A-Za-z0-9_]+=/)) {
			opt = substr($0, 1, RLENGTH - 1)
			want[opt] = substr($0, RLENGTH + 1); from[opt] = file
		} else if (match($0, /^# CONFIG_[A-Za-z0-9_]+ is not set/)) {
			opt = $2; want[opt] = "n"; from[opt] = file
		}
		next
	}
	{
		if (match($0, /^CONFIG_[A-Za-z0-9_]+=/))
			have[substr($0, 1, RLENGTH - 1)] = substr($0, RLENGTH + 1)
	}
	END {
		for (opt in want) {
			got = (opt in have) ? have[opt] : "n"
			if (got != want[opt])
				printf "  %s: %s wants %s, .config has %s\n", opt, from[opt], want[opt], (opt in have) ? got : "it unset"
		}
	}' final="$cfg/.config" "${fragments[@]}" "$cfg/.config" | sort
}

dropped=$(check_config)
if [ -n "$dropped" ]; then
	echo "kernel/build.sh: options the fragments set did not end up in .config" \
	     "(a dependency is missing, or the option does not exist):" >&2
	echo "$dropped" >&2
	exit 1
fi
info "config checked: every option of ${#fragments[@]} fragment(s) is set as asked"

if [ "$config_only" = 1 ]; then
	echo "$cfg/.config"
	exit 0
fi

# --- build -------------------------------------------------------------------------

mkdir -p "$obj"
cmp -s "$cfg/.config" "$obj/.config" || cp "$cfg/.config" "$obj/.config"

kmake() {
	local log=$1
	shift
	if ! make -C "$src" O="$obj" "$@" >"$log" 2>&1; then
		grep -E -m 40 'error|Error' "$log" >&2 || true
		echo "--- last lines of $log" >&2
		tail -n 40 "$log" >&2
		die "make $* failed (log: $log)"
	fi
}

start=$(date +%s)
info "building bzImage ($variant, -j$jobs; log: $obj/build.log)"
kmake "$obj/build.log" -j"$jobs" bzImage
info "bzImage built in $(( $(date +%s) - start )) s"

tmpout="$out.tmp"
rm -rf "$tmpout"
mkdir -p "$tmpout"

if [ ${#selftests[@]} -gt 0 ]; then
	kmake "$obj/headers.log" headers_install
	for t in "${selftests[@]}"; do
		info "building selftests/$t (static)"
		mkdir -p "$obj/kselftest"
		if ! make -C "$src/tools/testing/selftests" TARGETS="$t" \
			O="$obj/kselftest" KHDR_INCLUDES="-isystem $obj/usr/include" \
			LDFLAGS=-static INSTALL_PATH="$tmpout/selftests" install \
			>"$obj/selftest-$t.log" 2>&1; then
			tail -n 40 "$obj/selftest-$t.log" >&2
			die "selftests/$t failed to build (log: $obj/selftest-$t.log)"
		fi
	done
fi

cp "$obj/arch/x86/boot/bzImage" "$obj/.config" "$obj/System.map" "$tmpout/"
mv "$tmpout/.config" "$tmpout/config"
cat "$obj/include/config/kernel.release" >"$tmpout/kernel.release"
rm -rf "$out"
mv "$tmpout" "$out"
info "kernel $(cat "$out/kernel.release") in $out"
echo "$out/bzImage"
