#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-only
"""Timing half of test/bench/parser: run both programs on the set, print
medians of wall time, CPU time and peak RSS side by side with ratios."""
import argparse
import os
import shutil
import statistics
import struct
import subprocess
import sys
import tempfile
import time


RSS_FILE = None


def run(cmd):
    """(wall ms, CPU ms, peak RSS KB) of @cmd. GNU time reports the peak
    RSS: a child forked from this (large) python process would count the
    python image too."""
    t0 = time.perf_counter()
    p = subprocess.Popen(["/usr/bin/time", "-f", "%M", "-o", RSS_FILE] + cmd,
                         stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    _, status, ru = os.wait4(p.pid, 0)
    wall = time.perf_counter() - t0
    err = p.stderr.read().decode(errors="replace")
    p.stderr.close()
    code = os.waitstatus_to_exitcode(status)
    if code != 0:
        sys.exit("measure: %s failed (%d): %s" % (cmd[0], code, err[-500:]))
    with open(RSS_FILE) as f:
        rss = int(f.read().split()[-1])
    return wall * 1000, (ru.ru_utime + ru.ru_stime) * 1000, rss


def fake_securityfs(root):
    d = os.path.join(root, "integrity", "diglim")
    os.makedirs(d, exist_ok=True)
    for f in ("digest_list_add", "digest_list_del", "digest_list_label"):
        p = os.path.join(d, f)
        if not os.path.islink(p):
            os.symlink("/dev/null", p)
    return root


def list_stats(d):
    lists = nbytes = ndig = 0
    for name in os.listdir(d):
        with open(os.path.join(d, name), "rb") as f:
            b = f.read()
        lists += 1
        nbytes += len(b)
        pos = 0
        while pos + 16 <= len(b):
            count, datalen = struct.unpack_from("<II", b, pos + 8)
            ndig += count
            pos += 16 + datalen
    return lists, nbytes, ndig


def concat(d):
    return b"".join(open(os.path.join(d, n), "rb").read() for n in sorted(os.listdir(d)))


def floors(a, files, sfs):
    """Where the time of `add` goes: parser-floor's variants, the parser
    and librpm, N runs each in alternating rounds, medians."""
    f = a.floor
    rows = [
        ("start and exit", [f, "nop"]),
        ("list, open+fstat+close each file", [f, "scan", "open", a.set]),
        ("  + read() whole", [f, "scan", "read", a.set]),
        ("  + mmap(), not touched", [f, "scan", "mmap", a.set]),
        ("  + mmap(), 1 byte per page", [f, "scan", "mmap-touch", a.set]),
        ("  + mmap(POPULATE), 1 byte/page", [f, "scan", "mmap-populate", a.set]),
        ("read + label/list open/write/close", [f, "add", a.set, "--securityfs", sfs]),
        ("  interface files held open", [f, "add-held", a.set, "--securityfs", sfs]),
        ("diglim-parser add", [a.parser, "--securityfs", sfs, "add", a.set]),
        ("librpm add", [a.baseline] + files + ["--securityfs", sfs]),
    ]
    for cmd in (r[1] for r in rows):    # warm up
        run(cmd)
    res = [[] for _ in rows]
    for _ in range(a.runs):
        for i, (_, cmd) in enumerate(rows):
            res[i].append(run(cmd))
    print("where the time of `add` goes: %d rpm list files, %.1f MB; median of %d runs,"
          " alternating; CPU includes /usr/bin/time" %
          (len(files), sum(os.path.getsize(x) for x in files) / 1e6, a.runs))
    print()
    print("%-38s %10s %10s" % ("program", "CPU ms", "wall ms"))
    print("-" * 60)
    for (name, _), r in zip(rows, res):
        print("%-38s %10.1f %10.1f" % (name, statistics.median(x[1] for x in r),
                                       statistics.median(x[0] for x in r)))


def mem_run(cmd):
    """(summary line, per-round ms) of a memrun.h program."""
    p = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    if p.returncode != 0:
        sys.exit("measure: %s failed (%d): %s" % (cmd[0], p.returncode,
                                                   p.stderr.decode(errors="replace")[-500:]))
    summary, rounds = p.stdout.decode().splitlines()[:2]
    return summary, [float(x) for x in rounds.split()[1:]]


def mem_table(a, files):
    """The conversion alone (memrun.h): parser-mem against librpm-extract
    --in-memory, alternating, medians of every round of every run."""
    print()
    print("the conversion alone, in memory: every file read first, then only header bytes ->"
          " list bytes timed")
    print("(each file copied to the program's read buffer untimed, as after a read());"
          " sum over the set, median of %d runs x 7 rounds" % a.runs)
    print()
    head = "%-22s %14s %14s %8s  %s" % ("workload", "diglim-parser", "librpm", "ratio",
                                        "same lists")
    print(head)
    print("-" * len(head))
    ok = True
    for exec_only in (False, True):
        opt = ["--exec-only"] if exec_only else []
        p, b = [], []
        psum = bsum = None
        for _ in range(a.runs):
            psum, r = mem_run([a.mem] + opt + ["--rounds", "7"] + files)
            p += r
            bsum, r = mem_run([a.baseline] + opt + ["--in-memory", "7"] + files)
            b += r
        pm, bm = statistics.median(p), statistics.median(b)
        same = psum == bsum
        ok = ok and same
        print("%-22s %11.2f ms %11.2f ms %7.1fx  %s" %
              ("convert" + (" --exec-only" if exec_only else ""), pm, bm,
               bm / pm if pm else 0, "yes" if same else "NO: %s / %s" % (psum, bsum)))
    return ok


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--runs", type=int, default=7)
    ap.add_argument("--parser", required=True)
    ap.add_argument("--baseline", required=True)
    ap.add_argument("--floor", help="parser-floor: the system calls alone")
    ap.add_argument("--mem", help="parser-mem: the parser's conversion in memory")
    ap.add_argument("--floors", action="store_true",
                    help="print where the floor's time goes instead")
    ap.add_argument("--set", required=True)
    ap.add_argument("--work", required=True)
    a = ap.parse_args()
    global RSS_FILE

    files = sorted(os.path.join(a.set, n) for n in os.listdir(a.set) if not n.startswith("."))
    set_bytes = sum(os.path.getsize(f) for f in files)
    shutil.rmtree(a.work, ignore_errors=True)
    os.makedirs(a.work)
    sfs = fake_securityfs(os.path.join(a.work, "sfs"))
    RSS_FILE = os.path.join(a.work, "rss")
    tmpfs = "/dev/shm" if os.path.isdir("/dev/shm") else a.work
    out_root = tempfile.mkdtemp(prefix="diglim-bench.", dir=tmpfs)

    workloads = []
    for exec_only in (False, True):
        opt = ["--exec-only"] if exec_only else []
        tag = " --exec-only" if exec_only else ""
        workloads.append(("add%s" % tag,
                          lambda o=opt: [a.parser] + o + ["--securityfs", sfs, "add", a.set],
                          lambda o=opt: [a.baseline] + o + files + ["--securityfs", sfs],
                          None if exec_only or not a.floor else
                          lambda: [a.floor, "add", a.set, "--securityfs", sfs]))
        workloads.append(("convert%s" % tag,
                          lambda o=opt: [a.parser] + o + ["convert"] + files + ["-o", out("p")],
                          lambda o=opt: [a.baseline] + o + files + ["-o", out("b")],
                          None if exec_only or not a.floor else
                          lambda: [a.floor, "convert"] + files + ["-o", out("f")]))

    def out(which):
        d = os.path.join(out_root, which)
        shutil.rmtree(d, ignore_errors=True)
        os.makedirs(d)
        return d

    if a.floors:
        floors(a, files, sfs)
        return

    # warm the page cache, check that both write the same lists
    checks = []
    for exec_only in (False, True):
        opt = ["--exec-only"] if exec_only else []
        run([a.parser] + opt + ["convert"] + files + ["-o", out("p")])
        run([a.baseline] + opt + files + ["-o", out("b")])
        same = concat(os.path.join(out_root, "p")) == concat(os.path.join(out_root, "b"))
        checks.append((exec_only, list_stats(os.path.join(out_root, "p")), same))

    print("diglim-parser vs librpm (headerImport + headerGet): %d rpm list files, %.1f MB of headers"
          % (len(files), set_bytes / 1e6))
    print("median of %d runs each, alternating; CPU = user + system (includes /usr/bin/time, which"
          " measures the peak RSS); ratio = librpm / parser" % a.runs)
    if a.floor:
        print("floor = parser-floor, the same system calls without any parsing (whole set only);"
              " max = librpm / floor, the largest ratio reachable here")
    print()
    head = "%-22s %-12s %14s %14s %8s" % ("workload", "measure", "diglim-parser", "librpm", "ratio")
    if a.floor:
        head += " %10s %8s" % ("floor", "max")
    print(head)
    print("-" * len(head))
    for name, pcmd, bcmd, fcmd in workloads:
        p, b, f = [], [], []
        for _ in range(a.runs):
            p.append(run(pcmd()))
            b.append(run(bcmd()))
            if fcmd:
                f.append(run(fcmd()))
        for i, (label, unit) in enumerate((("wall", "ms"), ("CPU", "ms"), ("peak RSS", "KB"))):
            pm = statistics.median(x[i] for x in p)
            bm = statistics.median(x[i] for x in b)
            fmt = "%14.1f" if unit == "ms" else "%14d"
            line = ("%-22s %-12s " + fmt + " " + fmt + " %7.1fx") % \
                (name if i == 0 else "", "%s %s" % (label, unit), pm, bm, bm / pm if pm else 0)
            if f and unit == "ms":
                fm = statistics.median(x[i] for x in f)
                line += " %10.1f %7.1fx" % (fm, bm / fm if fm else 0)
            print(line)
    print()
    for exec_only, (lists, nbytes, ndig), same in checks:
        print("output%s: %d lists, %.2f MB, %d digests; librpm output identical: %s"
              % (" --exec-only" if exec_only else "", lists, nbytes / 1e6, ndig,
                 "yes" if same else "NO"))
    print("cover letter (Fedora 33, DIGLIM v3): 1423 lists, 3.6 MB, 99,100 digests; "
          "executables only: 208 KB, 5986 digests")
    shutil.rmtree(out_root, ignore_errors=True)
    same = all(s for _, _, s in checks)
    if a.mem and not mem_table(a, files):
        same = False
    if not same:
        sys.exit(1)


main()
