#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
#
# Run one libFuzzer target of the host tools (fuzz-pgp: OpenPGP packets,
# keyrings and signature checks; fuzz-imalog: IMA measurement lists;
# fuzz-tpmquote: TPM attestation keys, quotes and signatures) for a
# bounded time from a corpus its seed generator writes; TAP, one result. A
# crash, leak or sanitizer report fails (the input is kept).
#
# usage: run-fuzz-tool.sh FUZZER SEEDGEN WORKDIR [SECONDS]
#   SEEDGEN DIR writes the seeds; SECONDS default $DIGLIM_FUZZ_SECONDS or 60
set -euo pipefail

fuzzer=$1 seedgen=$2 work=$3
secs=${4:-${DIGLIM_FUZZ_SECONDS:-60}}
name=$(basename "$fuzzer")

rm -rf "$work"
mkdir -p "$work/corpus" "$work/artifacts"
"$seedgen" "$work/corpus"
echo "TAP version 13"
echo "1..1"
if "$fuzzer" -max_total_time="$secs" -print_final_stats=1 -max_len=16384 \
	-artifact_prefix="$work/artifacts/" "$work/corpus" >"$work/log" 2>&1; then
	execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$work/log" | tail -n 1)
	echo "ok 1 - $name: $secs s, ${execs:-?} executions, corpus $(find "$work/corpus" -type f | wc -l) inputs, no crash"
else
	echo "not ok 1 - $name: crashed, see $work/log and $work/artifacts/"
	tail -n 30 "$work/log" | sed 's/^/# /'
	exit 1
fi
