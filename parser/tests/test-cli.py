#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-only
"""End-to-end tests of the diglim-parser program (main.c, load.c): add,
del and convert against a fake securityfs whose interface files are FIFOs,
so that every open/write/close the parser does is seen as one record.

usage: test-cli.py PARSER RPMGEN
"""
import os
import resource
import select
import signal
import struct
import subprocess
import sys
import tempfile
import threading

PARSER, RPMGEN = os.path.abspath(sys.argv[1]), os.path.abspath(sys.argv[2])
n = 0
failed = 0


def ok(cond, what):
    global n, failed
    n += 1
    if not cond:
        failed += 1
    print(("ok" if cond else "not ok") + " %d - %s" % (n, what), flush=True)


class FakeSecurityfs:
    """<root>/integrity/diglim/digest_list_{add,del,label} as FIFOs held open
    for reading and writing by this process, so nothing written is lost: each
    file's records end up concatenated, in order, in self.data[file]."""

    FILES = ("digest_list_add", "digest_list_del", "digest_list_label")

    def __init__(self, root):
        self.dir = os.path.join(root, "integrity", "diglim")
        os.makedirs(self.dir)
        self.root = root
        self.data = {f: bytearray() for f in self.FILES}
        self.stop = False
        self.threads = []
        for f in self.FILES:
            path = os.path.join(self.dir, f)
            os.mkfifo(path)
            fd = os.open(path, os.O_RDWR)
            t = threading.Thread(target=self.serve, args=(f, fd), daemon=True)
            t.start()
            self.threads.append(t)

    def serve(self, f, fd):
        while True:
            ready, _, _ = select.select([fd], [], [], 0.02)
            if ready:
                self.data[f] += os.read(fd, 1 << 16)
            elif self.stop:
                break
        os.close(fd)

    def close(self):
        """Call once the writer has exited: drains what is left."""
        self.stop = True
        for t in self.threads:
            t.join()
        return {f: bytes(d) for f, d in self.data.items()}


def run(args, env=None, stderr=subprocess.PIPE, **kw):
    e = dict(os.environ)
    e.update(env or {})
    return subprocess.run([PARSER] + args, env=e, stdout=subprocess.PIPE,
                          stderr=stderr, timeout=60, **kw)


def compact_blocks(buf):
    """[(type, modifiers, algo, count, digests)] or None if malformed."""
    out, pos = [], 0
    sizes = {1: 16, 2: 20, 4: 32, 6: 64}
    while pos < len(buf):
        if len(buf) - pos < 16:
            return None
        ver, res, typ, mods, algo, count, datalen = struct.unpack_from("<BBHHHII", buf, pos)
        if ver != 1 or res != 0 or algo not in sizes or datalen != count * sizes[algo]:
            return None
        pos += 16
        out.append((typ, mods, algo, count, buf[pos:pos + datalen]))
        pos += datalen
    return out


def gen(path, *args):
    subprocess.run([RPMGEN, "sample", path] + list(args), check=True)


def compact_file(path):
    blk = struct.pack("<BBHHHII", 1, 0, 1, 1, 4, 2, 64) + bytes(range(64))
    with open(path, "wb") as f:
        f.write(blk)


def main():
    tmp = tempfile.mkdtemp(prefix="diglim-cli.")
    lists = os.path.join(tmp, "etc-diglim")
    os.makedirs(lists)
    good = {
        "0-file_list-rpm-foo-1.0-1.fc39.x86_64": ["--sign"],
        "0-file_list-rpm-foo-unsigned": [],
        "1-parser_list-rpm-diglim-parser": [],
    }
    for name, args in good.items():
        gen(os.path.join(lists, name), *args)
    compact_file(os.path.join(lists, "0-file_list-compact-extra"))
    gen(os.path.join(lists, "2-file_list-rpm-md5pkg"), "--algo", "0", "--digest-bytes", "16")
    with open(os.path.join(lists, "0-file_list-rpm-foo-unsigned"), "rb") as f:
        hdr = f.read()
    with open(os.path.join(lists, "3-file_list-rpm-truncated"), "wb") as f:
        f.write(hdr[:len(hdr) // 2])
    with open(os.path.join(lists, "README"), "w") as f:
        f.write("not a list\n")
    with open(os.path.join(lists, ".hidden"), "w") as f:
        f.write("x")
    os.mkdir(os.path.join(lists, "4-file_list-compact-adir"))

    # --- expected lists, from convert ------------------------------------------
    out = os.path.join(tmp, "out")
    os.makedirs(out)
    names = sorted(os.listdir(lists))
    r = run(["convert"] + [os.path.join(lists, x) for x in names if x[0] != "." and
                           x != "4-file_list-compact-adir"] + ["-o", out])
    produced = sorted(os.listdir(out))
    ok(r.returncode == 1, "convert with bad inputs exits 1")
    ok(produced == ["0-file_list-compact-extra", "0-file_list-compact-foo-1.0-1.fc39.x86_64",
                    "0-file_list-compact-foo-unsigned", "1-parser_list-compact-diglim-parser"],
       "outputs named <N>-<type>_list-compact-<label>: %s" % produced)
    conv = {}
    for x in produced:
        with open(os.path.join(out, x), "rb") as f:
            conv[x] = f.read()
    with open(os.path.join(lists, "0-file_list-compact-extra"), "rb") as f:
        ok(conv["0-file_list-compact-extra"] == f.read(), "a compact input is copied as it is")
    blocks = [compact_blocks(conv[x]) for x in produced[1:]]
    ok(all(b is not None for b in blocks), "converted lists are valid compact lists")
    ok(blocks[0] and [(t, m, a, c) for t, m, a, c, _ in blocks[0]] == [(1, 1, 4, 4), (1, 0, 4, 2)],
       "signed rpm: COMPACT_FILE, immutable block of 4 sha256 + %config block of 2")
    ok(blocks[0] == blocks[1], "signed and unsigned header give the same list")
    ok(blocks[2] and [(t, m) for t, m, _, _, _ in blocks[2]] == [(0, 1), (0, 0)],
       "parser_list file gives COMPACT_PARSER blocks")
    r = run(["convert", os.path.join(lists, "0-file_list-rpm-foo-unsigned")])
    ok(r.returncode == 2, "convert without -o: exit 2")

    # --- convert: a write that fails leaves no partial list ------------------------
    src = os.path.join(lists, "0-file_list-rpm-foo-1.0-1.fc39.x86_64")
    outname = "0-file_list-compact-foo-1.0-1.fc39.x86_64"
    out2 = os.path.join(tmp, "out2")
    os.makedirs(out2)
    with open(os.path.join(out2, outname), "wb") as f:
        f.write(b"older")

    def small_files():
        signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
        resource.setrlimit(resource.RLIMIT_FSIZE, (16, 16))

    r = run(["convert", src, "-o", out2], preexec_fn=small_files)
    ok(r.returncode == 1 and b"cannot write the output: File too large" in r.stderr and
       os.listdir(out2) == [],
       "convert whose write fails: exit 1, and no partial list left under the list's name")
    r = run(["convert", src, "-o", out2])
    with open(os.path.join(out2, outname), "rb") as f:
        ok(r.returncode == 0 and f.read() == conv[outname] and os.listdir(out2) == [outname],
           "convert again: the whole output")

    # --- add with failures ---------------------------------------------------
    sfs = FakeSecurityfs(os.path.join(tmp, "sfs"))
    r = run(["add", lists], env={"DIGLIM_SECURITYFS": sfs.root})
    got = sfs.close()
    err = r.stderr.decode()
    ok(r.returncode == 1, "add with 3 bad files exits 1 (got %d)" % r.returncode)
    ok("2-file_list-rpm-md5pkg: MD5 file digests refused" in err, "MD5 package reported with its name")
    ok("3-file_list-rpm-truncated: header: header truncated" in err, "truncated header reported")
    ok("4-file_list-compact-adir: not a regular file" in err, "directory named like a list reported")
    ok("4 lists added, 0 already loaded, 0 without digests, 3 failed, 1 ignored" in err,
       "summary line: %s" % err.strip().splitlines()[-1])
    rpm_names = ["0-file_list-rpm-foo-1.0-1.fc39.x86_64", "0-file_list-rpm-foo-unsigned",
                 "1-parser_list-rpm-diglim-parser"]
    ok(got["digest_list_label"] == "".join(rpm_names).encode(),
       "labels: the rpm file names, in name order")
    want = (lists + "/0-file_list-compact-extra").encode() + b"".join(
        conv[x] for x in produced[1:])
    ok(got["digest_list_add"] == want,
       "digest_list_add got the compact list's absolute path, then the three converted lists, in order")
    ok(got["digest_list_del"] == b"", "nothing written to digest_list_del")

    # --- relative directory, --securityfs, all good, --exec-only -------------
    good_dir = os.path.join(tmp, "good")
    os.makedirs(good_dir)
    gen(os.path.join(good_dir, "0-file_list-rpm-foo"))
    sfs = FakeSecurityfs(os.path.join(tmp, "sfs2"))
    r = run(["--exec-only", "--securityfs", sfs.root, "add", "good"],
            env={"DIGLIM_SECURITYFS": "/nonexistent"}, cwd=tmp)
    got = sfs.close()
    ok(r.returncode == 0, "all good: exit 0, --securityfs overrides the environment")
    b = compact_blocks(got["digest_list_add"])
    ok(b and [c for _, _, _, c, _ in b] == [2, 1], "--exec-only: 2 immutable + 1 %config digests")

    sfs = FakeSecurityfs(os.path.join(tmp, "sfs3"))
    r = run(["del", good_dir], env={"DIGLIM_SECURITYFS": sfs.root})
    got = sfs.close()
    ok(r.returncode == 0 and compact_blocks(got["digest_list_del"]) == blocks[1] and
       not got["digest_list_add"], "del writes the same list to digest_list_del only")

    # A kernel that refuses the source (IMA's appraisal of it failed): the
    # file is reported and counted, its list not uploaded.
    sfs = FakeSecurityfs(os.path.join(tmp, "sfs-source"))
    os.mkdir(os.path.join(sfs.dir, "digest_list_source"))
    r = run(["add", good_dir], env={"DIGLIM_SECURITYFS": sfs.root})
    got = sfs.close()
    err = r.stderr.decode()
    ok(r.returncode == 1 and "0-file_list-rpm-foo: refused as a digest list source "
       "(digest_list_source): Is a directory" in err,
       "source refused: file and reason reported, exit 1")
    ok("0 lists added, 0 already loaded, 0 without digests, 1 failed, 0 ignored" in err and
       not got["digest_list_add"] and not got["digest_list_label"],
       "source refused: counted as failed, nothing labelled or uploaded")

    # The kernel hands back what it read, and the parser converts those bytes,
    # not the file: a fake digest_list_source (a regular file) hands back the
    # descriptor number just written, which is no RPM header.
    sfs = FakeSecurityfs(os.path.join(tmp, "sfs-readback"))
    with open(os.path.join(sfs.dir, "digest_list_source"), "wb"):
        pass
    r = run(["add", good_dir], env={"DIGLIM_SECURITYFS": sfs.root})
    got = sfs.close()
    err = r.stderr.decode()
    ok(r.returncode == 1 and "0-file_list-rpm-foo: header: truncated" in err and
       "1 failed" in err and not got["digest_list_add"],
       "the bytes digest_list_source hands back are converted, not the file")

    # --- fatal errors ------------------------------------------------------------
    r = run(["add", os.path.join(tmp, "missing")], env={"DIGLIM_SECURITYFS": tmp})
    ok(r.returncode == 2 and b"cannot open directory" in r.stderr, "missing directory: exit 2")
    r = run(["add", good_dir], env={"DIGLIM_SECURITYFS": os.path.join(tmp, "nosfs")})
    ok(r.returncode == 2 and b"integrity/diglim" in r.stderr, "missing securityfs: exit 2")
    r = run(["frobnicate"])
    ok(r.returncode == 2 and b"usage" in r.stderr, "unknown command: usage, exit 2")
    r = run(["add"])
    ok(r.returncode == 2, "add without DIR: exit 2")
    r = run(["--bogus", "add", good_dir])
    ok(r.returncode == 2 and b"unknown" in r.stderr, "unknown option: exit 2")

    # --- no stderr: kmsg -----------------------------------------------------------
    kmsg = os.path.join(tmp, "kmsg")
    open(kmsg, "w").close()
    sfs = FakeSecurityfs(os.path.join(tmp, "sfs4"))
    r = subprocess.run(["/bin/bash", "-c", 'exec "$0" add "$1" 2>&-', PARSER, lists],
                       env=dict(os.environ, DIGLIM_SECURITYFS=sfs.root, DIGLIM_KMSG=kmsg),
                       timeout=60)
    got = sfs.close()
    with open(kmsg) as f:
        km = f.read()
    ok(r.returncode == 1 and "<3>diglim-parser: 3-file_list-rpm-truncated" in km,
       "stderr closed: errors in kmsg with <3> and the prefix")
    ok(got["digest_list_add"] == want, "and the uploads still happen")

    # --- the binary itself ----------------------------------------------------------
    f = subprocess.run(["file", "-L", PARSER], stdout=subprocess.PIPE).stdout.decode()
    ok("statically linked" in f, "the parser is statically linked")

    subprocess.run(["rm", "-rf", tmp])
    print("1..%d" % n)
    return 1 if failed else 0


sys.exit(main())
