# SPDX-License-Identifier: GPL-2.0-only
"""OpenPGP packet framing for the shell tests that edit GnuPG's output.

split() cuts a binary keyring into packets (old and new format headers,
RFC 9580 section 4.2); frame() writes a body back with a new-format header.
The input is GnuPG's own export, so it is trusted to be well formed; a
short or cut packet raises IndexError or ValueError.
"""


def split(data):
    """[(tag, raw packet bytes, body as a bytearray)] of @data, in order."""
    pkts, i = [], 0
    while i < len(data):
        c = data[i]
        if not c & 0x80:
            raise ValueError(f'no packet header at offset {i}')
        if c & 0x40:
            tag, b0 = c & 0x3f, data[i + 1]
            if b0 < 192:
                h, n = 2, b0
            elif b0 < 224:
                h, n = 3, ((b0 - 192) << 8) + data[i + 2] + 192
            else:
                h, n = 6, int.from_bytes(data[i + 2:i + 6], 'big')
        else:
            tag, lt = (c >> 2) & 0xf, c & 3
            h = 1 + (1, 2, 4)[lt]
            n = int.from_bytes(data[i + 1:i + h], 'big')
        if i + h + n > len(data):
            raise ValueError(f'packet at offset {i} is cut short')
        pkts.append((tag, data[i:i + h + n], bytearray(data[i + h:i + h + n])))
        i += h + n
    return pkts


def frame(tag, body):
    """@body as a packet of @tag with a new-format header."""
    n = len(body)
    if n < 192:
        hdr = bytes([0xc0 | tag, n])
    elif n < 8384:
        hdr = bytes([0xc0 | tag, ((n - 192) >> 8) + 192, (n - 192) & 0xff])
    else:
        hdr = bytes([0xc0 | tag, 255]) + n.to_bytes(4, 'big')
    return hdr + bytes(body)
