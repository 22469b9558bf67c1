#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-only
"""`diglim attest` against measurement lists written here, byte by byte, as
IMA writes binary_runtime_measurements_<bank>: replay, known and unknown
files, lists from a directory (compact files, rpm files and diglim-parser's
conversion of them), violations, tampered and truncated logs, PCR files.

usage: test-attest.py DIGLIM DIGLIM_PARSER RPMGEN"""
import hashlib
import os
import shutil
import struct
import subprocess
import sys
import tempfile

sys.dont_write_bytecode = True
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from imalog_gen import Log, compact, d_ng, field, n_ng, sha  # noqa: E402

DIGLIM, PARSER, RPMGEN = sys.argv[1:4]
n = 0
failed = 0


last = ("", "")


def ok(cond, what):
    global n, failed
    n += 1
    if not cond:
        failed += 1
        for line in ("stdout:\n" + last[0] + "stderr:\n" + last[1]).splitlines():
            print("# " + line)
    print(("ok" if cond else "not ok") + " %d - %s" % (n, what), flush=True)


def attest(*args):
    global last
    r = subprocess.run([DIGLIM, "attest"] + list(args), stdout=subprocess.PIPE,
                       stderr=subprocess.PIPE)
    last = (r.stdout.decode(), r.stderr.decode())
    return r.returncode, last[0], last[1]


def main():
    tmp = tempfile.mkdtemp(prefix="diglim-attest.")
    lists = os.path.join(tmp, "lists")
    os.makedirs(lists)
    known_prog, other_prog, unknown_prog = b"known program", b"other", b"unknown program"
    listname = "0-file_list-compact-tools"
    list_bytes = compact([sha(known_prog), sha(other_prog)])
    with open(os.path.join(lists, listname), "wb") as f:
        f.write(list_bytes)
    # an rpm list file and diglim-parser's conversion, as the parser uploads it
    rpmname = "0-file_list-rpm-foo-1.0-1.fc39.x86_64"
    subprocess.run([RPMGEN, "sample", os.path.join(lists, rpmname), "--sign"], check=True)
    conv = os.path.join(tmp, "conv")
    os.makedirs(conv)
    subprocess.run([PARSER, "convert", os.path.join(lists, rpmname), "-o", conv], check=True,
                   stderr=subprocess.DEVNULL)
    with open(os.path.join(conv, rpmname.replace("-rpm-", "-compact-")), "rb") as f:
        rpm_conv = f.read()
    with open(os.path.join(lists, rpmname), "rb") as f:
        rpm_file = f.read()
    first_rpm_digest = rpm_conv[16:48]

    def boot(log, extra=True):
        log.file(10, "boot_aggregate", digest=bytes(32))
        log.file(11, "/etc/diglim/" + listname, list_bytes)
        log.buf(11, "add_file_" + listname, list_bytes)
        log.file(11, "/etc/diglim/" + rpmname, rpm_file)
        log.buf(11, "add_buffer_" + rpmname, rpm_conv)
        if extra:
            log.file(10, "/usr/bin/known", known_prog)
            log.file(10, "/usr/bin/from-rpm", digest=first_rpm_digest, template="ima-sig")
        return log

    # --- a clean boot ---------------------------------------------------------
    log = boot(Log())
    lp, pp = os.path.join(tmp, "log"), os.path.join(tmp, "pcrs")
    log.write(lp)
    log.write_pcrs(pp)
    rc, out, err = attest(lp, "--pcrs", pp, "--lists", lists, "--verbose")
    ok(rc == 0 and "attest: OK\n" in out, "a boot whose files are all in lists: OK, exit 0")
    ok("pcr 10: sha256:%s matches the TPM" % log.pcrs[10].hex() in out and
       "pcr 11: sha256:%s matches the TPM" % log.pcrs[11].hex() in out,
       "PCRs 10 and 11 replayed and compared")
    ok("known file /usr/bin/known " in out and "known file /usr/bin/from-rpm " in out,
       "--verbose: the known files, from a compact list and from an rpm conversion")
    ok("7 entries; 2 lists added" in out and "2 list files; 2 files measured: 2 known, 0 unknown" in out,
       "summary: entries, lists, list files and files counted")
    rc, out, err = attest(lp)
    ok(rc == 0 and "(not checked: no TPM value given)" in out and
       "attest: OK (PCRs not checked)" in out, "no --pcrs: replayed values shown, not checked")

    # --- an unknown program ran ----------------------------------------------
    # A later entry named boot_aggregate is one too: IMA logs a file whose
    # path it cannot resolve by its base name alone.
    for name, what in (("/tmp/evil", "an unknown program is named, with its digest"),
                       ("boot_aggregate", "a later entry named boot_aggregate is judged as a file")):
        log = boot(Log())
        log.file(10, name, unknown_prog)
        log.write(lp)
        log.write_pcrs(pp)
        rc, out, err = attest(lp, "--pcrs", pp, "--lists", lists)
        ok(rc == 1 and "unknown file %s sha256:%s (PCR 10)" % (name, sha(unknown_prog).hex()) in out,
           what + ": unknown, exit 1")
        ok("attest: FAIL: unknown files ran;" in out, "FAIL line gives the reason (%s)" % name)

    # --- a list that is not the distribution's --------------------------------
    log = boot(Log())
    forged = compact([sha(unknown_prog)])
    log.buf(11, "add_buffer_FORGED", forged)
    log.file(10, "/tmp/evil", unknown_prog)
    log.write(lp)
    log.write_pcrs(pp)
    rc, out, err = attest(lp, "--pcrs", pp, "--lists", lists)
    ok(rc == 1 and "unknown list add_buffer_FORGED (PCR 11, sha256:%s)" % sha(forged).hex() in out
       and "unknown file" not in out, "a forged list is reported; its digests made the program known")
    rc, out, err = attest(lp, "--pcrs", pp)
    ok(rc == 0 and "attest: OK" in out, "without --lists, every list in the log is trusted")
    other_dir = os.path.join(tmp, "other-lists")
    os.makedirs(other_dir)
    rc, out, err = attest(lp, "--pcrs", pp, "--lists", other_dir)
    ok(rc == 1 and "unknown list file /etc/diglim/%s" % listname in out and
       "unknown list add_file_%s" % listname in out and
       "unknown list add_buffer_%s" % rpmname in out,
       "--lists without them: every list file and list is unknown")

    # --- a list read by path, measured as a file only ----------------------------
    log = Log()
    log.file(11, "/etc/diglim/" + listname, list_bytes)
    log.file(10, "/usr/bin/known", known_prog)
    log.write(lp)
    log.write_pcrs(pp)
    rc, out, err = attest(lp, "--pcrs", pp, "--lists", lists)
    ok(rc == 0 and "1 files measured: 1 known, 0 unknown" in out and "2 reference digests" in out,
       "a compact list the kernel read by path (a file entry only): --lists gives its digests")
    rc, out, err = attest(lp, "--pcrs", pp)
    ok(rc == 1 and "unknown file /usr/bin/known " in out,
       "without --lists, that list's digests are unknown to the verifier")

    # --- a list file measured with an algorithm the tool does not know -------------
    log = boot(Log())
    log.entry(11, "ima-ng", d_ng(sha(b"x"), "streebog256") + n_ng("/etc/diglim/0-file_list-compact-x"))
    log.write(lp)
    log.write_pcrs(pp)
    rc, out, err = attest(lp, "--pcrs", pp, "--lists", lists)
    ok(rc == 1 and "unknown list file /etc/diglim/0-file_list-compact-x (PCR 11, streebog256:" in out,
       "a list file whose digest algorithm the tool does not know is an unknown list file")

    # --- deleting a list; other events ----------------------------------------
    log = boot(Log())
    log.buf(11, "del_file_" + listname, list_bytes)
    log.buf(10, "kexec-cmdline", b"root=/dev/vda")
    log.entry(12, "my-template", b"\x01\x02")
    log.write(lp)
    log.write_pcrs(pp)
    rc, out, err = attest(lp, "--pcrs", pp, "--lists", lists)
    ok(rc == 0 and "1 deleted" in out and "3 other" in out and "pcr 12:" in out,
       "a deletion, boot_aggregate, another ima-buf event, an unknown template: counted, PCR 12 replayed")

    # --- a violation -------------------------------------------------------------
    log = boot(Log())
    log.entry(10, "ima-ng", d_ng(bytes(32)) + n_ng("/var/log/x"), violation=True)
    log.write(lp)
    log.write_pcrs(pp)
    rc, out, err = attest(lp, "--pcrs", pp, "--lists", lists)
    ok(rc == 1 and "violation (PCR 10, ima-ng)" in out and log.pcrs[10].hex() in out and
       "matches the TPM" in out and "1 violations" in out,
       "a violation: replayed with 0xff, reported, exit 1")

    # --- the log grew after the PCRs were read -----------------------------------
    log = boot(Log())
    log.write_pcrs(pp)
    pcrs_before = dict(log.pcrs)
    log.file(10, "/tmp/later", unknown_prog)
    log.buf(11, "add_buffer_LATER", compact([sha(unknown_prog)]))
    log.write(lp)
    rc, out, err = attest(lp, "--pcrs", pp, "--lists", lists)
    ok(rc == 0 and "log: the PCR values given are the log's after entry 7 of 9; the 2 entries "
       "after it, measured later, are not judged" in out and "attest: OK\n" in out and
       "7 entries;" in out and "/tmp/later" not in out and "LATER" not in out,
       "entries after the PCRs were read are named and not judged: the rest is OK")
    ok("pcr 10: sha256:%s matches the TPM" % pcrs_before[10].hex() in out,
       "and the PCRs compared are the log's at that entry")
    log = boot(Log())
    log.file(10, "/tmp/evil", unknown_prog)
    log.write_pcrs(pp)
    log.file(10, "/tmp/later", known_prog)
    log.write(lp)
    rc, out, err = attest(lp, "--pcrs", pp, "--lists", lists)
    ok(rc == 1 and "unknown file /tmp/evil" in out and "after entry 8 of 9" in out,
       "an unknown file before that entry still fails")
    log.write_pcrs(pp, change=10)
    rc, out, err = attest(lp, "--pcrs", pp, "--lists", lists)
    ok(rc == 1 and "not judged" not in out and "DOES NOT MATCH" in out,
       "PCR values that no entry of the log gives: the whole log is compared, and fails")

    # --- the boot aggregate: PCRs 0-9 when IMA started ------------------------------
    boot_pcrs = [hashlib.sha256(b"pcr %d" % i).digest() for i in range(10)]
    log = Log()
    log.file(10, "boot_aggregate", digest=hashlib.sha256(b"".join(boot_pcrs)).digest())
    log.file(10, "/usr/bin/known", known_prog)
    log.buf(11, "add_file_" + listname, list_bytes)
    log.write(lp)

    def boot_pcr_file(change=None):
        log.write_pcrs(pp)
        with open(pp, "a") as f:
            for i, v in enumerate(boot_pcrs):
                f.write("%d %s\n" % (i, (v if i != change else sha(v)).hex()))

    boot_pcr_file()
    rc, out, err = attest(lp, "--pcrs", pp)
    agg_ok = rc == 0 and "matches PCRs 0-9" in out
    # tpm2_pcrread pads the PCR number: "    0 : 0x..." for PCRs 0-9
    with open(pp, "w") as f:
        f.write("  sha256:\n")
        for i, v in enumerate(boot_pcrs):
            f.write("    %-2d: 0x%s\n" % (i, v.hex().upper()))
        for i in (10, 11):
            f.write("    %-2d: 0x%s\n" % (i, log.pcrs[i].hex().upper()))
    rc2, out2, err2 = attest(lp, "--pcrs", pp)
    ok(agg_ok and rc2 == 0 and "matches PCRs 0-9" in out2 and out2.count("matches the TPM") == 2,
       "tpm2_pcrread's padded \"    0 : 0xHEX\" lines of PCRs 0-9 are read")
    boot_pcr_file()
    rc, out, err = attest(lp, "--pcrs", pp)
    ok(rc == 0 and "boot_aggregate: sha256:%s matches PCRs 0-9\n"
       % hashlib.sha256(b"".join(boot_pcrs)).digest().hex() in out and "pcr 3:" not in out,
       "the boot aggregate is the hash of the given PCRs 0-9, which are not compared with the log")
    boot_pcr_file(change=8)
    rc, out, err = attest(lp, "--pcrs", pp)
    ok(rc == 1 and "DOES NOT MATCH PCRs 0-9" in out and
       "attest: FAIL: the boot aggregate does not match the boot PCRs;" in out,
       "a PCR 8 other than at boot: the boot aggregate does not match, FAIL")
    log.write_pcrs(pp)
    rc, out, err = attest(lp, "--pcrs", pp)
    ok(rc == 0 and "(not checked: no given value of PCR 0)" in out,
       "without PCRs 0-9 the boot aggregate is shown, not checked")

    # --- the TPM disagrees; the log was changed -------------------------------
    log = boot(Log())
    log.write(lp)
    log.write_pcrs(pp, change=11)
    rc, out, err = attest(lp, "--pcrs", pp, "--lists", lists)
    ok(rc == 1 and "pcr 11: sha256:%s DOES NOT MATCH the TPM's" % log.pcrs[11].hex() in out and
       "the log does not match the TPM;" in out, "a PCR that differs from the TPM's: exit 1")
    log.write_pcrs(pp)
    data = bytearray(log.data)
    i = data.find(sha(known_prog))
    data[i] ^= 1
    with open(lp, "wb") as f:
        f.write(data)
    rc, out, err = attest(lp, "--pcrs", pp, "--lists", lists)
    ok(rc == 1 and "template digest is not the sha256 of its data" in err and lp in err,
       "a file digest changed in the log: its template digest no longer matches, exit 1")

    # --- truncated and malformed logs -----------------------------------------
    log = boot(Log())
    bad = []
    for cut in range(1, len(log.data)):
        with open(lp, "wb") as f:
            f.write(log.data[:cut])
        rc, out, err = attest(lp)
        # cuts at an entry boundary are shorter, valid logs
        if rc not in (0, 1) or (rc == 1 and "entry at byte" not in err):
            bad.append((cut, rc, err))
    ok(not bad, "the log cut at each of %d offsets: a valid shorter log or an error "
       "naming the entry, never a crash (%s)" % (len(log.data) - 1, bad[:2]))

    def one(pcr, template, data, digest=None, size=32):
        t = template.encode()
        digest = digest if digest is not None else sha(data)
        return (struct.pack("<I", pcr) + digest[:size] + struct.pack("<I", len(t)) + t +
                struct.pack("<I", len(data)) + data)

    cases = [
        ("PCR 24", one(24, "ima-ng", d_ng(sha(b"x")) + n_ng("/x")), "PCR number above 23"),
        ("template 'ima'", one(10, "ima", b"x" * 20), "template \"ima\""),
        ("name without NUL", one(10, "ima-ng", d_ng(sha(b"x")) + field(b"/x")),
         "event name not a NUL-terminated string"),
        ("digest of the wrong size", one(10, "ima-ng", d_ng(b"12345") + n_ng("/x")),
         "does not have its algorithm's size"),
        ("digest field without algo", one(10, "ima-ng", field(b"abc") + n_ng("/x")),
         "without \"<algo>:\\0\""),
        ("field past the data", one(10, "ima-ng", struct.pack("<I", 99) + b"ab"),
         "runs past the template data"),
        ("ima-buf without buf", one(11, "ima-buf", d_ng(sha(b"x")) + n_ng("add_buffer_x")),
         "fewer template fields"),
        ("empty template name", one(10, "", b""), "template name empty"),
    ]
    for what, data, want in cases:
        with open(lp, "wb") as f:
            f.write(data)
        rc, out, err = attest(lp)
        ok(rc == 1 and "entry at byte 0" in err and want in err,
           "malformed entry (%s): %s" % (what, want))
    with open(lp, "wb") as f:
        f.write(one(11, "ima-buf", d_ng(sha(b"x")) + n_ng("add_buffer_junk") + field(b"junk")))
    rc, out, err = attest(lp)
    ok(rc == 0 and "invalid list add_buffer_junk:" in out and "1 invalid" in out,
       "a list event that is no compact list: reported, whitelists nothing")

    # --- the sha1 bank -----------------------------------------------------------
    log = boot(Log("sha1"))
    log.write(lp)
    log.write_pcrs(pp)
    rc, out, err = attest(lp, "--bank", "sha1", "--pcrs", pp, "--lists", lists)
    ok(rc == 0 and "pcr 10: sha1:%s matches the TPM" % log.pcrs[10].hex() in out,
       "--bank sha1: 20-byte template digests, sha1 PCRs")
    rc, out, err = attest(lp)
    ok(rc == 1 and "entry at byte" in err, "a sha1 log read as sha256: an error, exit 1")

    # --- PCR files and the command line ----------------------------------------
    log = boot(Log())
    log.write(lp)
    with open(pp, "w") as f:
        f.write("  10: 0x%s\n  11: 0x%s\n" % (log.pcrs[10].hex().upper(), log.pcrs[11].hex()))
    rc, out, err = attest(lp, "--pcrs", pp)
    ok(rc == 0 and out.count("matches the TPM") == 2, "tpm2_pcrread's \"N: 0xHEX\" lines")
    with open(pp, "w") as f:
        f.write("  sha1:\n    10: 0x%s\n  sha256:\n    10: 0x%s\n    11: 0x%s\n  sha384:\n"
                "    11: 0x%s\n" % ("11" * 20, log.pcrs[10].hex(), log.pcrs[11].hex(), "22" * 48))
    rc, out, err = attest(lp, "--pcrs", pp)
    ok(rc == 0 and out.count("matches the TPM") == 2,
       "tpm2_pcrread's output of three banks: the log's bank is taken, the others skipped")
    for text, want in (("10 abcd\n", "line 1: PCR 10 is not 32 hex bytes"),
                       ("# c\nx 00\n", "line 2: not \"PCR HEX\""),
                       ("25 " + "00" * 32 + "\n", "line 1: not \"PCR HEX\" with a PCR of 0-23")):
        with open(pp, "w") as f:
            f.write(text)
        rc, out, err = attest(lp, "--pcrs", pp)
        ok(rc == 1 and pp in err and want in err, "bad PCR file: %s" % want)
    rc, out, err = attest(lp, "--keyring", pp)
    ok(rc == 2 and "give --lists DIR" in err, "--keyring without --lists: exit 2")
    rc, out, err = attest(lp, "--lists", lists, "--keyring", pp)
    ok(rc == 1 and pp in err and "invalid keyring" in err,
       "--keyring naming a file that is no keyring: exit 1, the file named")
    rc, out, err = attest(lp, "--lists", lists)
    ok("lists given: 2 list files counted, 0 not counted\n" in out,
       "without --keyring, every list file of --lists counts")
    rc, out, err = attest(lp, "--bank", "md5")
    ok(rc == 2 and "--bank md5" in err, "unknown bank: exit 2")
    rc, out, err = attest()
    ok(rc == 2 and "usage" in err, "no LOG: usage, exit 2")
    rc, out, err = attest(os.path.join(tmp, "missing"))
    ok(rc == 3 and "missing: cannot read" in err, "missing log: exit 3")

    shutil.rmtree(tmp)
    print("1..%d" % n)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
