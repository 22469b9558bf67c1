#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
#
# Run each libFuzzer target of the parser for a bounded time, seeded with
# rpmgen's corpus, and print TAP: one result per target, with its number of
# executions. A crash, leak or sanitizer report fails the target (its input
# is kept in the output directory).
#
# usage: run-fuzzers.sh BUILDDIR [SECONDS]
#   BUILDDIR  meson build directory (parser/fuzz/fuzz-*, parser/tests/rpmgen)
#   SECONDS   per target (default $DIGLIM_FUZZ_SECONDS or 60)
set -euo pipefail

build=$1
secs=${2:-${DIGLIM_FUZZ_SECONDS:-60}}
work="$build/parser/fuzz/run"
targets=(rpm_header compact)

rm -rf "$work"
mkdir -p "$work/seeds"
"$build/parser/tests/rpmgen" corpus "$work/seeds"

n=0 failed=0
for t in "${targets[@]}"; do
	n=$((n + 1))
	bin="$build/parser/fuzz/fuzz-$t"
	corpus="$work/corpus-$t"
	mkdir -p "$corpus" "$work/artifacts-$t"
	case "$t" in
	rpm_header) cp "$work"/seeds/rpm-* "$corpus"/ ;;
	compact) cp "$work"/seeds/compact-* "$corpus"/ ;;
	esac
	log="$work/$t.log"
	if "$bin" -max_total_time="$secs" -print_final_stats=1 -max_len=65536 \
		-artifact_prefix="$work/artifacts-$t/" "$corpus" >"$log" 2>&1; then
		execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -n 1)
		echo "ok $n - fuzz-$t: ${secs} s without a crash, leak or sanitizer report"
		echo "# fuzz-$t: ${execs:-?} executions, corpus $(find "$corpus" -type f | wc -l) inputs"
	else
		failed=$((failed + 1))
		echo "not ok $n - fuzz-$t: crashed, see $log and $work/artifacts-$t/"
		grep -E 'ERROR|SUMMARY|runtime error' "$log" | head -n 5 | sed 's/^/# /'
	fi
done
echo "1..$n"
[ "$failed" -eq 0 ]
