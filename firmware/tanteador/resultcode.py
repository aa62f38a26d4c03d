"""The signed result of an event's match, as a code to scan or type.

An organiser's PC pushes each table a key of its own (``Match.sign``, hex;
derived from the event's secret, so a device holds only its table's key).
At the match end the device shows, as a QR code and as text, in Crockford's
base32 (no I, L, O, U: nothing to mistake for 1 or 0), one of two formats.

Format 1, a match of two sides, 24 characters:

    15 bytes: version << 4 | outcome (0 side A won, 1 side B, 2 no winner),
    round, table (2 bytes), hands of A and of B, points of A and of B (2
    bytes each), then the first 5 bytes of HMAC-SHA256(table key, event key
    + those 10 bytes)

Format 2, a table of three to six sides (three alone, Briscola chiamata):
what the event's standings take of a pulled match, each side's hands won
and points (in chiamata its score, which may be below 0), and the winner.
Numbers of any size, each as base32 characters of 4 bits, the lowest
first, the character's fifth bit set when another follows (0-15 take one
character, 16-255 two); a side's points go in zigzag (0, -1, 1, -2... as
0, 1, 2, 3...). The characters are:

    "4" (the format in the top four bits, as format 1's "2"), then the
    numbers: sides, winner + 1 (0 none), round, table, and per side its
    hands won and its points; then 8 characters, the first 5 bytes of
    HMAC-SHA256(table key, event key + the characters before them)

A five-player chiamata of ten hands at the usual scores takes 23 to 28
characters, where format 1 takes 24. The QR code
holds ``TT:<event key>:<the code>``. The PC (host_tools/commands/event/codes.py)
checks the tag with the key it derives again: a made-up or edited result
is refused. MicroPython has hashlib.sha256 but no hmac module: HMAC is
written here.
"""

import hashlib
from binascii import unhexlify

from micropython import const

FORMAT = const(1)
FORMAT_SEATS = const(2)
TAG = const(5)
ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"
_BLOCK = const(64)


def hmac_sha256(key, msg):
    """HMAC-SHA256 of ``msg`` under ``key`` (bytes of at most 64)."""
    k = bytearray(_BLOCK)
    k[:len(key)] = key
    inner = hashlib.sha256(bytes([b ^ 0x36 for b in k]))
    inner.update(msg)
    outer = hashlib.sha256(bytes([b ^ 0x5C for b in k]))
    outer.update(inner.digest())
    return outer.digest()


def payload(m):
    """The signed bytes of finished event match ``m`` (see the module docstring)."""
    table, rnd, key = m.event
    w = m.winner
    data = bytes([(FORMAT << 4) | (2 if w is None else w), rnd, table >> 8, table & 0xFF,
                  m.won[0], m.won[1], m.totals[0] >> 8, m.totals[0] & 0xFF,
                  m.totals[1] >> 8, m.totals[1] & 0xFF])
    return data + hmac_sha256(unhexlify(m.sign), key.encode() + data)[:TAG]


def _number(v, out):
    """Append ``v`` (0 or more) to ``out`` as format 2's characters, 4 bits each, the lowest first."""
    while v > 15:
        out.append(ALPHABET[16 | (v & 15)])
        v >>= 4
    out.append(ALPHABET[v])


def seats_data(m):
    """The signed characters of finished event match ``m`` of three sides or more (format 2)."""
    table, rnd, _ = m.event
    w = m.winner
    out = [ALPHABET[FORMAT_SEATS << 1]]
    for v in (m.nsides, 0 if w is None else w + 1, rnd, table):
        _number(v, out)
    for k in range(m.nsides):
        _number(m.won[k], out)
        t = m.totals[k]
        _number(t * 2 if t >= 0 else -t * 2 - 1, out)
    return "".join(out)


def typed(m):
    """The code to type of finished event match ``m``: format 1 for two sides, else format 2."""
    if m.nsides == 2:
        return base32(payload(m))
    data = seats_data(m)
    return data + base32(hmac_sha256(unhexlify(m.sign), m.event[2].encode() + data.encode())[:TAG])


def base32(data):
    """``data`` in Crockford's base32, most significant bits first."""
    out = []
    acc = 0
    n = 0
    for b in data:
        acc = (acc << 8) | b
        n += 8
        while n >= 5:
            n -= 5
            out.append(ALPHABET[(acc >> n) & 31])
        acc &= (1 << n) - 1
    if n:
        out.append(ALPHABET[(acc << (5 - n)) & 31])
    return "".join(out)


def qr_text(m, code=None):
    """What the QR code holds: ``TT:`` + the event key + ``:`` + the code
    (``code``, else worked out again), all in QR's alphanumeric set."""
    return "TT:" + m.event[2].upper() + ":" + (code or typed(m))
