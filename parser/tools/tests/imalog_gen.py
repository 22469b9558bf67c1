#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-only
"""IMA binary measurement lists written byte by byte, as IMA writes
binary_runtime_measurements_<bank>, and compact lists: for test-attest.py,
and, run as a program, seeds for the fuzz-imalog corpus.

usage: imalog_gen.py DIR"""
import hashlib
import os
import struct
import sys

COMPACT_PARSER, COMPACT_FILE, COMPACT_METADATA = 0, 1, 2
HASH_ALGO_SHA256 = 4


def field(b):
    return struct.pack("<I", len(b)) + b


def d_ng(digest, algo="sha256"):
    return field(algo.encode() + b":\0" + digest)


def n_ng(name):
    return field(name.encode() + b"\0")


class Log:
    """A measurement list being written, and the PCRs it extends."""

    def __init__(self, bank="sha256"):
        self.bank = bank
        self.size = hashlib.new(bank).digest_size
        self.data = b""
        self.pcrs = {}

    def entry(self, pcr, template, data, violation=False, digest=None):
        if digest is None:
            digest = bytes(self.size) if violation else hashlib.new(self.bank, data).digest()
        ext = b"\xff" * self.size if violation else digest
        old = self.pcrs.get(pcr, bytes(self.size))
        self.pcrs[pcr] = hashlib.new(self.bank, old + ext).digest()
        t = template.encode()
        self.data += (struct.pack("<I", pcr) + digest + struct.pack("<I", len(t)) + t +
                      struct.pack("<I", len(data)) + data)

    def file(self, pcr, path, content=None, digest=None, template="ima-ng"):
        digest = digest or hashlib.sha256(content).digest()
        self.entry(pcr, template, d_ng(digest) + n_ng(path) +
                   (field(b"") if template == "ima-sig" else b""))

    def buf(self, pcr, name, buf):
        self.entry(pcr, "ima-buf", d_ng(hashlib.sha256(buf).digest()) + n_ng(name) + field(buf))

    def write(self, path):
        with open(path, "wb") as f:
            f.write(self.data)

    def write_pcrs(self, path, change=None):
        with open(path, "w") as f:
            f.write("# PCR values of the %s bank\n" % self.bank)
            for pcr, v in sorted(self.pcrs.items()):
                if pcr == change:
                    v = bytes([v[0] ^ 1]) + v[1:]
                f.write("%d %s\n" % (pcr, v.hex()))


def compact(digests, type_=COMPACT_FILE):
    body = b"".join(digests)
    return struct.pack("<BBHHHII", 1, 0, type_, 0, HASH_ALGO_SHA256, len(digests),
                       len(body)) + body


def sha(b):
    return hashlib.sha256(b).digest()


def seeds(out):
    """A few logs of each bank; the fuzzer's first byte selects the bank."""
    for i, bank in enumerate(("sha1", "sha256")):
        log = Log(bank)
        log.file(10, "boot_aggregate", digest=bytes(32))
        lst = compact([sha(b"a"), sha(b"b")])
        log.file(11, "/etc/diglim/0-file_list-compact-a", lst)
        log.buf(11, "add_file_0-file_list-compact-a", lst)
        log.file(10, "/usr/bin/a", b"a", template="ima-sig")
        log.entry(10, "ima-ng", d_ng(bytes(32)) + n_ng("/v"), violation=True)
        log.buf(11, "del_file_0-file_list-compact-a", lst)
        log.entry(12, "other", b"\x01")
        with open(os.path.join(out, "log-%s" % bank), "wb") as f:
            f.write(bytes([i]) + log.data)


if __name__ == "__main__":
    seeds(sys.argv[1])
