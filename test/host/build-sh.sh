#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
#
# Host test of kernel/build.sh (TAP): a patch that does not apply is named,
# an option whose dependency is missing is named, a series entry without a
# file is refused, and an unchanged build is served from the cache.
#
# Needs DIGLIM_KERNEL_DIR: the directory of the base kernel test/run built,
# and DIGLIM_BUILDER_KEY: the builder key it was built with (test/lib/builder-key).
set -u

top=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
build_sh="$top/kernel/build.sh"
# shellcheck source=test/lib/tap.sh
. "$top/test/lib/tap.sh"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

show() {
	sed 's/^/# /' "$1"
}

echo "TAP version 13"
tap_plan 5

# A series of a good patch followed by one whose context is not in the tree.
mkdir -p "$tmp/broken/patches"
cat >"$tmp/broken/patches/0001-good.patch" <<'PATCH'
From 0000000000000000000000000000000000000000 Mon Sep 17 00:00:00 2001
From: diglim test <test@diglim.invalid>
Date: Thu, 1 Jan 2026 00:00:00 +0000
Subject: [PATCH 1/2] test: add a file

---
 diglim-test.txt | 1 +
 1 file changed, 1 insertion(+)
 create mode 100644 diglim-test.txt

diff --git a/diglim-test.txt b/diglim-test.txt
new file mode 100644
--- /dev/null
+++ b/diglim-test.txt
@@ -0,0 +1 @@
+applies to any tree
-- 
2.39.5
PATCH
cat >"$tmp/broken/patches/0002-broken.patch" <<'PATCH'
From 0000000000000000000000000000000000000000 Mon Sep 17 00:00:00 2001
From: diglim test <test@diglim.invalid>
Date: Thu, 1 Jan 2026 00:00:00 +0000
Subject: [PATCH 2/2] test: change lines that are not in README

---
 README | 2 +-
 1 file changed, 1 insertion(+), 1 deletion(-)

diff --git a/README b/README
--- a/README
+++ b/README
@@ -1,3 +1,3 @@
-This line is not in the kernel's README
+Neither is this one
 nor this
 nor this
-- 
2.39.5
PATCH
printf '0001-good.patch\n0002-broken.patch\n' >"$tmp/broken/series"

"$build_sh" --series "$tmp/broken/series" --config-only >"$tmp/out" 2>"$tmp/err"
st=$?
show "$tmp/err"
[ "$st" = 1 ] && grep -q 'patch .*0002-broken.patch (series entry 2) does not apply' "$tmp/err"
ok $? "a patch that does not apply stops the build, named (status $st)"

printf '0001-good.patch\n0003-missing.patch\n' >"$tmp/broken/series"
"$build_sh" --series "$tmp/broken/series" --config-only >"$tmp/out" 2>"$tmp/err"
st=$?
show "$tmp/err"
[ "$st" = 1 ] && grep -q '0003-missing.patch, not found' "$tmp/err"
ok $? "a series entry without a patch file is refused, named (status $st)"

# KASAN needs SLUB_TINY off, which tinyconfig turns on: merge_config drops it.
printf 'CONFIG_KASAN=y\n' >"$tmp/kasan.config"
"$build_sh" --fragment "$tmp/kasan.config" --config-only >"$tmp/out" 2>"$tmp/err"
st=$?
show "$tmp/err"
[ "$st" = 1 ] && grep -q 'CONFIG_KASAN: kasan.config wants y, .config has it unset' "$tmp/err"
ok $? "an option whose dependency is missing fails the build, named (status $st)"

# The real series and fragments check out.
"$build_sh" --config-only >"$tmp/out" 2>"$tmp/err"
st=$?
[ "$st" = 0 ] && grep -q 'every option' "$tmp/err"
ok $? "kernel/series applies and every option of base.fragments is set (status $st)"

# Unchanged inputs: the kernel test/run built (with the tests' builder key)
# comes from the cache.
keys=()
[ -z "${DIGLIM_BUILDER_KEY:-}" ] || keys=(--builtin-keys "$DIGLIM_BUILDER_KEY/key.pgp")
"$build_sh" "${keys[@]}" >"$tmp/out" 2>"$tmp/err"
st=$?
show "$tmp/err"
[ "$st" = 0 ] && grep -q '^kernel/build.sh: cached' "$tmp/err" &&
	[ "$(tail -n 1 "$tmp/out")" = "${DIGLIM_KERNEL_DIR:-none}/bzImage" ]
ok $? "an unchanged build is served from the cache (status $st)"

tap_done
