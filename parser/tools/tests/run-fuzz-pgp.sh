#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
#
# Run fuzz-pgp (the host tools' OpenPGP packet, keyring and signature
# checks) for a bounded time from pgp-seeds' corpus; TAP, one result. A
# crash, leak or sanitizer report fails (the input is kept).
#
# usage: run-fuzz-pgp.sh FUZZER SEEDGEN WORKDIR [SECONDS]
#   SECONDS default $DIGLIM_FUZZ_SECONDS or 60
set -euo pipefail

fuzzer=$1 seedgen=$2 work=$3
secs=${4:-${DIGLIM_FUZZ_SECONDS:-60}}

rm -rf "$work"
mkdir -p "$work/corpus" "$work/artifacts"
"$seedgen" "$work/corpus"
echo "TAP version 13"
echo "1..1"
if "$fuzzer" -max_total_time="$secs" -print_final_stats=1 -max_len=16384 \
	-artifact_prefix="$work/artifacts/" "$work/corpus" >"$work/log" 2>&1; then
	execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$work/log" | tail -n 1)
	echo "ok 1 - fuzz-pgp: $secs s, ${execs:-?} executions, corpus $(find "$work/corpus" -type f | wc -l) inputs, no crash"
else
	echo "not ok 1 - fuzz-pgp: crashed, see $work/log and $work/artifacts/"
	tail -n 30 "$work/log" | sed 's/^/# /'
	exit 1
fi
