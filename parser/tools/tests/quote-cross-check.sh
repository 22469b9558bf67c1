#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
#
# Cross-check of `diglim attest --quote` against a TPM and tpm2-tools: a
# software TPM (swtpm, on loopback) has its PCRs 10 and 11 extended with the
# template digests of a measurement list written by imalog_gen.py, and
# quotes them with attestation keys made by tpm2_createprimary (ECC P-256
# with SHA-256, ECC P-384 with SHA-384, RSA-2048 with SHA-256). diglim attest must accept each quote, as
# tpm2_checkquote does, and refuse what tpm2_checkquote refuses (wrong
# nonce, changed quote), and more: a quote made by a key that is not an
# attestation key, a quote that leaves out a PCR the log extends, a quote
# of another bank. Last, a log of the sha1 bank against quoted sha1 PCRs.
# TAP.
#
# usage: quote-cross-check.sh DIGLIM IMALOG_GEN.PY
set -u

diglim=$1 gen=$2
# shellcheck source=test/lib/tap.sh
. "$(dirname "${BASH_SOURCE[0]}")/../../../test/lib/tap.sh"
tmp=$(mktemp -d "${TMPDIR:-/tmp}/quote-cross-check.XXXXXX")
swtpm_pid=''
cleanup() {
	[ -n "$swtpm_pid" ] && kill "$swtpm_pid" 2>/dev/null && wait "$swtpm_pid" 2>/dev/null
	rm -rf "$tmp"
}
trap cleanup EXIT

bail() {
	ok 1 "$1"
	tap_done
	exit 1
}

for t in swtpm tpm2_createprimary tpm2_quote tpm2_checkquote tpm2_pcrextend python3; do
	command -v "$t" >/dev/null || bail "$t is installed (test/lib/apt-packages)"
done

# swtpm on two free loopback ports (data, control)
port=$(python3 -c 'import socket
for p in range(23000, 24000, 2):
    try:
        a = socket.socket(); a.bind(("127.0.0.1", p))
        b = socket.socket(); b.bind(("127.0.0.1", p + 1))
        a.close(); b.close(); print(p); break
    except OSError:
        pass')
[ -n "$port" ] || bail "two free loopback ports for swtpm"
mkdir "$tmp/tpm"
swtpm socket --tpm2 --tpmstate dir="$tmp/tpm" \
	--server type=tcp,port="$port",bindaddr=127.0.0.1 \
	--ctrl type=tcp,port=$((port + 1)),bindaddr=127.0.0.1 \
	--flags not-need-init,startup-clear >"$tmp/swtpm.log" 2>&1 &
swtpm_pid=$!
export TPM2TOOLS_TCTI="swtpm:host=127.0.0.1,port=$port"
for _ in $(seq 50); do
	tpm2_getrandom 4 >/dev/null 2>&1 && break
	sleep 0.1
done
tpm2_getrandom 4 >/dev/null 2>&1 || bail "swtpm answers on port $port"

# Without a resource manager every command's transient objects and
# sessions stay loaded: flush them after each.
tpm() {
	"$@" >"$tmp/tpm.out" 2>&1
	local st=$?
	tpm2_flushcontext -t >/dev/null 2>&1
	tpm2_flushcontext -s >/dev/null 2>&1
	[ "$st" = 0 ] || sed 's/^/# /' "$tmp/tpm.out"
	return "$st"
}

# The measurement list, and the TPM's PCRs extended with its entries.
python3 - "$gen" "$tmp" <<'PY' >"$tmp/extends"
import hashlib, importlib.util, sys
spec = importlib.util.spec_from_file_location("imalog_gen", sys.argv[1])
g = importlib.util.module_from_spec(spec)
spec.loader.exec_module(g)
log = g.Log()
files = [("/usr/bin/a", b"a\n"), ("/usr/bin/b", b"b\n")]
log.buf(11, "add_buffer_0-file_list-compact-test",
        g.compact([g.sha(c) for _, c in files]))
for path, content in files:
    log.file(10, path, content)
log.write(sys.argv[2] + "/boot.log")
n = len(log.data)
# the same entries as IMA writes them for the sha1 bank, and its extends
log1 = g.Log(bank="sha1")
log1.buf(11, "add_buffer_0-file_list-compact-test",
         g.compact([g.sha(c) for _, c in files]))
for path, content in files:
    log1.file(10, path, content)
log1.write(sys.argv[2] + "/boot-sha1.log")
d, pos = log1.data, 0
with open(sys.argv[2] + "/extends-sha1", "w") as f:
    while pos < len(d):
        nlen = int.from_bytes(d[pos + 24:pos + 28], "little")
        dlen = int.from_bytes(d[pos + 28 + nlen:pos + 32 + nlen], "little")
        f.write("%d %s\n" % (int.from_bytes(d[pos:pos + 4], "little"), d[pos + 4:pos + 24].hex()))
        pos += 32 + nlen + dlen
# and the same log one entry longer, for a measurement after the quote
log.file(10, "/usr/bin/later", b"later\n")
log.write(sys.argv[2] + "/later.log")
# each entry's template digest, in order: the sha256 of its data
d, pos = log.data, 0
while pos < len(d):
    pcr = int.from_bytes(d[pos:pos + 4], "little")
    digest = d[pos + 4:pos + 36]
    nlen = int.from_bytes(d[pos + 36:pos + 40], "little")
    dlen = int.from_bytes(d[pos + 40 + nlen:pos + 44 + nlen], "little")
    print(("later " if pos >= n else "") + str(pcr), digest.hex())
    pos += 44 + nlen + dlen
PY
extended=0
grep -v '^later ' "$tmp/extends" | while read -r pcr digest; do
	tpm tpm2_pcrextend "$pcr:sha256=$digest" || exit 1
done || extended=1
# tpm2_pcrread's output as it is, two banks: --pcrs takes the log's
tpm tpm2_pcrread sha1:10,11+sha256:10,11 && cp "$tmp/tpm.out" "$tmp/boot.pcrs" || extended=1
"$diglim" attest "$tmp/boot.log" --pcrs "$tmp/boot.pcrs" >"$tmp/plain.out" 2>&1
grep -q '^attest: OK$' "$tmp/plain.out" && grep -q '^pcr 11: .* matches the TPM$' "$tmp/plain.out" ||
	extended=1
ok "$extended" "swtpm's PCRs 10 and 11, extended with the log's entries and read by tpm2_pcrread, are what diglim attest replays"

nonce=$(od -An -tx1 -N20 /dev/urandom | tr -d ' \n')
attrs='fixedtpm|fixedparent|sensitivedataorigin|userwithauth|restricted|sign'

# quote KEY ALG PCRLIST: make attestation key KEY (tpm2 algorithm ALG) and
# its quote of PCRLIST over $nonce: $tmp/KEY.pub, KEY.attest, KEY.sig
quote() {
	local key=$1 alg=$2 pcrs=$3 a=${4:-$attrs} hash=${5:-sha256}

	tpm tpm2_createprimary -C o -g sha256 -G "$alg" -a "$a" -c "$tmp/$key.ctx" &&
	tpm tpm2_readpublic -c "$tmp/$key.ctx" -f tss -o "$tmp/$key.pub" &&
	tpm tpm2_quote -c "$tmp/$key.ctx" -l "$pcrs" -q "$nonce" \
		-m "$tmp/$key.attest" -s "$tmp/$key.sig" -g "$hash"
}

# attest KEY [PUB] [NONCE]: diglim attest with KEY's quote; output in KEY.out
attest() {
	"$diglim" attest "$tmp/boot.log" --pcrs "$tmp/boot.pcrs" \
		--quote "$tmp/$1.attest" --quote-sig "$tmp/$1.sig" \
		--ak "$tmp/${2:-$1}.pub" --nonce "${3:-$nonce}" >"$tmp/$1.out" 2>&1
}

checkquote() {
	local hash=sha256

	case "$1" in ecc384*) hash=sha384 ;; esac
	tpm2_checkquote -u "$tmp/${2:-$1}.pub" -m "$tmp/$1.attest" -s "$tmp/$1.sig" \
		-q "${3:-$nonce}" -g "$hash" >/dev/null 2>&1
}

# fails KEY PATTERN: diglim attest's output has "quote: FAIL: ...PATTERN"
fails() {
	if grep -q "^quote: FAIL: .*$2" "$tmp/$1.out" &&
	   grep -q "^attest: FAIL: the PCR values are not the TPM's quote;$" "$tmp/$1.out"; then
		return 0
	fi
	sed 's/^/# /' "$tmp/$1.out"
	return 1
}

for k in "ecc256 ecc256:ecdsa-sha256:null sha256" "ecc384 ecc384:ecdsa-sha384:null sha384" \
	 "rsa2048 rsa2048:rsassa-sha256:null sha256"; do
	read -r key alg hash <<<"$k"
	set -- "$key" "$alg"
	if ! quote "$1" "$2" sha256:10,11 "$attrs" "$hash"; then
		ok 1 "$1: swtpm makes an attestation key and a quote"
		continue
	fi
	attest "$1"
	st=$?
	if ! grep -q '^quote: nonce matches; PCRs 10 11 of sha256 have the values given, and cover the log$' \
		"$tmp/$1.out" || ! grep -q '^attest: OK$' "$tmp/$1.out" || [ "$st" != 0 ]; then
		sed 's/^/# /' "$tmp/$1.out"
		st=1
	fi
	checkquote "$1"
	ok $((st + $?)) "$1: diglim attest and tpm2_checkquote accept the TPM's quote"
	# the name diglim prints is the one the TPM gives
	name=$(tpm2_readpublic -c "$tmp/$1.ctx" 2>/dev/null | sed -n 's/^name: //p')
	tpm2_flushcontext -t >/dev/null 2>&1
	grep -q "^quote: attestation key $name " "$tmp/$1.out"
	ok $? "$1: the key's name is the TPM's ($name)"
	attest "$1" "$1" 00
	fails "$1" "its nonce is $nonce, not the verifier's"
	st=$?
	checkquote "$1" "$1" 00
	ok $((st + ($? == 0))) "$1: both refuse the quote with another nonce"
	cp "$tmp/$1.sig" "$tmp/$1-changed.sig"
	cp "$tmp/$1.pub" "$tmp/$1-changed.pub"
	# the last byte of the PCR digest, changed
	python3 -c 'import sys
d = bytearray(open(sys.argv[1], "rb").read()); d[-1] ^= 1
open(sys.argv[2], "wb").write(d)' "$tmp/$1.attest" "$tmp/$1-changed.attest"
	attest "$1-changed"
	fails "$1-changed" "does not verify"
	st=$?
	checkquote "$1-changed"
	ok $((st + ($? == 0))) "$1: both refuse the quote with a byte changed"
done

attest ecc256 rsa2048
fails ecc256 "ecdsa with an RSA key"
ok $? "a quote checked with another attestation key is refused"

quote unrestricted ecc256:ecdsa-sha256:null sha256:10,11 \
	'fixedtpm|fixedparent|sensitivedataorigin|userwithauth|sign'
attest unrestricted
fails unrestricted "not an attestation key"
ok $? "a quote by a signing key that is not restricted (it could sign any bytes) is refused"

quote only10 ecc256:ecdsa-sha256:null sha256:10
attest only10
fails only10 "the log extends PCR 11, which the quote does not cover"
ok $? "a quote of PCR 10 only does not vouch for the log, which extends PCR 11 too"

quote sha1bank ecc256:ecdsa-sha256:null sha1:10,11
attest sha1bank
fails sha1bank "it covers PCRs of the sha1 bank; the values given are of sha256"
ok $? "a quote of the sha1 bank does not vouch for sha256 values"

# PCR 10 of the sha256 bank changed
awk '/sha256:/ { s = 1 } s && $1 == "10:" { c = substr($2, 3, 1); $2 = "0x" (c == "0" ? "1" : "0") substr($2, 4) } 1' \
	"$tmp/boot.pcrs" >"$tmp/other.pcrs"
"$diglim" attest "$tmp/boot.log" --pcrs "$tmp/other.pcrs" --quote "$tmp/ecc256.attest" \
	--quote-sig "$tmp/ecc256.sig" --ak "$tmp/ecc256.pub" --nonce "$nonce" >"$tmp/other.out" 2>&1
grep -q "^quote: FAIL: its PCR digest is not the digest of the values given" "$tmp/other.out" &&
	grep -q "^attest: FAIL: the log does not match the TPM; the PCR values are not the TPM's quote;$" \
		"$tmp/other.out"
ok $? "PCR values other than the quoted ones are refused"

"$diglim" attest "$tmp/boot.log" --quote "$tmp/ecc256.attest" --quote-sig "$tmp/ecc256.sig" \
	--ak "$tmp/ecc256.pub" --nonce "$nonce" >"$tmp/usage.out" 2>&1
[ $? = 2 ] && grep -q 'together' "$tmp/usage.out"
ok $? "--quote without --pcrs is a usage error (exit 2)"

# A file measured after the quote: the log read after it has one more
# entry, which the quote does not cover.
sed -n 's/^later //p' "$tmp/extends" | while read -r pcr digest; do
	tpm tpm2_pcrextend "$pcr:sha256=$digest" || exit 1
done
"$diglim" attest "$tmp/later.log" --pcrs "$tmp/boot.pcrs" --quote "$tmp/ecc256.attest" \
	--quote-sig "$tmp/ecc256.sig" --ak "$tmp/ecc256.pub" --nonce "$nonce" >"$tmp/later.out" 2>&1
st=$?
if [ "$st" != 0 ] || ! grep -q '^attest: OK$' "$tmp/later.out" ||
   ! grep -q "^log: the PCR values given are the log's after entry 3 of 4; the 1 entry after it, measured later, is not judged$" \
	"$tmp/later.out" ||
   ! grep -q '^quote: nonce matches; PCRs 10 11 of sha256 have the values given, and cover the log$' \
	"$tmp/later.out"; then
	sed 's/^/# /' "$tmp/later.out"
	st=1
fi
ok "$st" "a log read after the quote, with an entry measured since: the quote vouches for the entries before it, the last is not judged"

# The sha1 bank: its PCRs extended with the sha1 log's template digests,
# quoted (the PCR digest is still taken with the signature's SHA-256).
st=0
while read -r pcr digest; do
	tpm tpm2_pcrextend "$pcr:sha1=$digest" || st=1
done <"$tmp/extends-sha1"
quote sha1log ecc256:ecdsa-sha256:null sha1:10,11 || st=1
tpm tpm2_pcrread sha1:10,11+sha256:10,11 && cp "$tmp/tpm.out" "$tmp/sha1.pcrs" || st=1
"$diglim" attest "$tmp/boot-sha1.log" --bank sha1 --pcrs "$tmp/sha1.pcrs" --quote "$tmp/sha1log.attest" \
	--quote-sig "$tmp/sha1log.sig" --ak "$tmp/sha1log.pub" --nonce "$nonce" >"$tmp/sha1log.out" 2>&1 || st=1
if [ "$st" != 0 ] || ! grep -q '^attest: OK$' "$tmp/sha1log.out" ||
   ! grep -q '^quote: nonce matches; PCRs 10 11 of sha1 have the values given, and cover the log$' \
	"$tmp/sha1log.out"; then
	sed 's/^/# /' "$tmp/sha1log.out"
	st=1
fi
checkquote sha1log
ok $((st + $?)) "the sha1 bank: a sha1 log replays to the quoted sha1 PCRs; tpm2_checkquote agrees"

tap_done
