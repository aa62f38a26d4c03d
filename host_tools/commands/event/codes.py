"""Result codes: a table's signed result, scanned off the device or typed.

The event file keeps a secret (``meta`` ``secret``, made at the first push
that needs it). Each table of each round gets a key of its own, derived
from it; `event push` gives the device only that key, and at the match end
the device shows the result signed with it (the firmware's resultcode.py
has the layouts: format 1 for two sides, format 2 for three to six). Here
a code is read back, its tag checked with the key derived again, and the
result recorded through the same store call and the same
``collect.sides_of`` as `event pull`. A code is recorded once: its
fingerprint is the hash of its signed bytes (format 2's characters).
"""

import hashlib
import hmac
import json
import re
import secrets
import types

from tanteador.resultcode import ALPHABET

from host_tools import UserError

# What a person may type for a character Crockford's base32 leaves out.
_LOOKALIKE = {"I": "1", "L": "1", "O": "0"}
_DATA = 10
_FORMAT = 1
_FORMAT_SEATS = 2
_TAG_CHARS = 8
# Format 2's numbers: at most this many characters of 4 bits each (0 to 65535).
_DIGITS = 4
# How a result from a code names its source ("code typed", "code scanned").
SOURCE = "code "
# The answer to a code recorded before: the server's phones stop posting it, `enter` refuses it.
KNOWN = "known: "


class CodeError(UserError):
    """A code that is not a result of this event: one line says why."""


def secret(event):
    """The event's secret, made and kept in the event file the first time."""
    if "secret" not in event.meta:
        with event.change("secret", "a secret for the tables' result codes"):
            event.db.execute("INSERT OR IGNORE INTO meta VALUES ('secret', ?)", (secrets.token_hex(32),))
        row = event.db.execute("SELECT value FROM meta WHERE key = 'secret'").fetchone()
        event.meta["secret"] = row[0]
    return event.meta["secret"]


def table_key(event, rnd, tbl, make=True):
    """The hex key of one table of one round (what `event push` gives its device);
    without ``make``, None while the event has no secret yet."""
    if not make and "secret" not in event.meta:
        return None
    msg = ("%s table %d round %d" % (event.key, tbl, rnd)).encode()
    return hmac.new(bytes.fromhex(secret(event)), msg, hashlib.sha256).digest()[:16].hex()


def unbase32(text):
    """The bytes of Crockford base32 ``text`` (the device's resultcode.base32 read back)."""
    bits = 0
    n = 0
    out = bytearray()
    for c in text:
        bits = (bits << 5) | ALPHABET.index(c)
        n += 5
        if n >= 8:
            n -= 8
            out.append((bits >> n) & 0xFF)
            bits &= (1 << n) - 1
    return bytes(out)


def parse(text):
    """(event key or None, the code's characters) of a scanned ``TT:KEY:CODE`` or a
    typed code (any case, dashes and spaces anywhere, I and L for 1, O for 0);
    CodeError if it is neither."""
    text = text.strip()
    key = None
    m = re.fullmatch(r"TT:([0-9A-Za-z]{1,16}):(\S+)", text)
    if m:
        key, text = m.group(1).lower(), m.group(2)
    chars = "".join(_LOOKALIKE.get(c, c) for c in re.sub(r"[\s-]", "", text.upper()))
    bad = sorted(set(c for c in chars if c not in ALPHABET))
    if bad:
        raise CodeError("not a result code: %s is not one of its characters (%s)" % (" ".join(bad), ALPHABET))
    fmt = ALPHABET.index(chars[0]) >> 1 if chars else _FORMAT
    if fmt == _FORMAT and len(chars) != 24:
        raise CodeError("not a result code: it has %d characters, a two-sided table's code 24 (six groups of four)"
                        % len(chars))
    return key, chars


def _numbers(chars, count):
    """Format 2: ``count`` numbers read from ``chars`` (see the firmware's resultcode.py), and the
    characters left after them; None when the characters end first or a number runs too long."""
    out = []
    i = 0
    for _ in range(count):
        v = shift = 0
        while True:
            if i >= len(chars) or shift >= 4 * _DIGITS:
                return None
            d = ALPHABET.index(chars[i])
            i += 1
            v |= (d & 15) << shift
            shift += 4
            if d < 16:
                break
        out.append(v)
    return out, chars[i:]


class Entry:
    """A checked code: its pairing, the winning side (None: no winner) and figures, side A first."""

    def __init__(self, pairing, winner, hands, points, code):
        self.pairing = pairing
        self.winner = winner
        self.hands = hands
        self.points = points
        self.code = code

    @property
    def fingerprint(self):
        """The code's identity: the same code entered twice is one result."""
        return hashlib.sha256(b"result code " + self.code).hexdigest()

    def doc(self):
        """What the event file keeps of it (the results' ``doc``)."""
        return json.dumps({"code": self.code.hex(), "table": self.pairing.tbl, "round": self.pairing.round,
                           "winner": self.winner, "hands": list(self.hands),
                           "points": list(self.points)})


def check(event, text):
    """The Entry of code ``text`` if this event signed it; CodeError otherwise
    (not a code, another event's, no such table, a forged or edited one)."""
    key, chars = parse(text)
    if key is not None and key != event.key.lower():
        raise CodeError("a result code of another event (key %s; this event's is %s)" % (key, event.key))
    fmt = ALPHABET.index(chars[0]) >> 1
    if fmt == _FORMAT_SEATS:
        return _check_seats(event, chars)
    raw = unbase32(chars) if fmt == _FORMAT else b"\0"
    data, tag = raw[:_DATA], raw[_DATA:]
    if fmt != _FORMAT or data[0] & 15 > 2:
        raise CodeError("not a result code this version reads (format %d)" % fmt)
    rnd, tbl = data[1], data[2] << 8 | data[3]
    p = _pairing(event, rnd, tbl, 2)
    _signed(event, p, data, tag)
    return Entry(p, None if data[0] & 15 == 2 else data[0] & 15, (data[4], data[5]),
                 (data[6] << 8 | data[7], data[8] << 8 | data[9]), raw)


def read_seats(chars):
    """A format 2 code's figures: (sides, winner or None, round, table, hands, points, the signed
    characters, the tag's bytes); CodeError when the characters cannot be such a code."""
    head = _numbers(chars[1:], 4)
    if head is None or not 3 <= head[0][0] <= 6:
        raise CodeError("not a result code: its start is not that of a table's result; mistyped?")
    (n, outcome, rnd, tbl), rest = head
    body = _numbers(rest, 2 * n)
    want = None if body is None else len(chars) - len(body[1]) + _TAG_CHARS
    if body is None or len(body[1]) != _TAG_CHARS:
        raise CodeError("not a result code: it has %d characters%s; one left out or one too many?" % (
            len(chars), "" if want is None else ", and a code of its figures %d" % want))
    figures, tag = body
    if outcome > n:
        raise CodeError("not a result code: it names side %d of %d the winner; mistyped?" % (outcome, n))
    # Points in zigzag: 0, 1, 2, 3... are 0, -1, 1, -2...
    points = tuple((v >> 1) if not v & 1 else -(v >> 1) - 1 for v in figures[1::2])
    return (n, None if outcome == 0 else outcome - 1, rnd, tbl, tuple(figures[0::2]), points,
            chars[:-_TAG_CHARS], unbase32(tag))


def _check_seats(event, chars):
    """check() of a format 2 code: a table of three to six sides."""
    n, winner, rnd, tbl, hands, points, data, tag = read_seats(chars)
    p = _pairing(event, rnd, tbl, n)
    _signed(event, p, data.encode(), tag)
    return Entry(p, winner, hands, points, chars.encode())


def _pairing(event, rnd, tbl, sides):
    """The pairing of table ``tbl``, round ``rnd``, that a code of ``sides`` sides names; CodeError
    when the event has no such table or it has another number of sides."""
    p = event.pairing_at(rnd, tbl)
    if p is None or p.b is None:
        raise CodeError("the code names table %d, round %d, which the event does not have; "
                        "it may be mistyped, or another event's" % (tbl, rnd))
    if len(p.sides) != sides:
        raise CodeError("the code names %d sides at table %d, round %d, which has %d; it may be mistyped, "
                        "or another event's" % (sides, tbl, rnd, len(p.sides)))
    return p


def _signed(event, p, data, tag):
    """CodeError unless ``tag`` is the signature of ``data`` with the key of pairing ``p``'s table."""
    key = table_key(event, p.round, p.tbl, make=False)
    if key is None:
        raise CodeError("this event has pushed no table its key yet, so no code can be its; nothing recorded")
    mac = hmac.new(bytes.fromhex(key), event.key.encode() + data, hashlib.sha256)
    if not hmac.compare_digest(mac.digest()[:len(tag)], tag):
        raise CodeError("the code of table %d, round %d does not carry this event's signature: "
                        "mistyped, edited or made up; nothing recorded" % (p.tbl, p.round))


def agrees(old, m):
    """Whether result ``old`` was recorded from a code that carried finished match
    ``m``'s figures: the device's match pulled later is that result, not another one."""
    return old.source.startswith(SOURCE) and same_figures(old, m)


def same_figures(old, m):
    """Whether result ``old`` has match ``m``'s winner, hands and points."""
    first = [i for i, s in enumerate(old.sides) if s.rank == 0]
    winner = first[0] if len(first) == 1 else None
    return (winner == m.winner and [s.hands for s in old.sides] == list(m.won)
            and [s.points for s in old.sides] == list(m.totals))


def record(event, entry, where):
    """Record a checked code's result as `event pull` records a device's match.
    Returns the line to print; CodeError when the table has another result,
    and nothing changes."""
    from tanteador.matchoptions import MatchOptions

    from host_tools.commands.event import collect, push
    from host_tools.support.seats import seat_label

    p = entry.pairing
    at = "table %d, round %d" % (p.tbl, p.round)
    # The match as the device held it: the pushed setup and names, and the figures the code carries.
    o = MatchOptions.from_list(push.document(event, p)["o"])
    m = types.SimpleNamespace(options=o, chiamata=o.chiamata, nsides=o.nsides, won=list(entry.hands),
                              totals=list(entry.points), winner=entry.winner)
    text = "%s: %s" % (at, collect.describe(m))
    if m.winner is None and event.format == "knockout":
        raise CodeError("%s: %s, no winner, and a knockout table needs one; nothing recorded, "
                        "enter its winner with `event correct`" % (at, collect.describe(m)))
    fp = entry.fingerprint
    with event.change():
        old = event.result_of(p.id)
        if old is not None:
            if old.fingerprint == fp:
                return KNOWN + "%s, recorded before from this code" % text
            if same_figures(old, m):
                # The device's match, pulled by cable first: the same result.
                return KNOWN + "%s, recorded before (%s)" % (text, old.source)
            raise CodeError("%s has a result already (%s); kept that one, nothing recorded" % (at, old.source))
        ids = {seat_label(o, s): event.player_by_short(seat_label(o, s)) for s in range(o.players)}
        event.add_result(collect.sides_of(m, ids), pairing=p.id, source=SOURCE + where,
                         fingerprint=fp, doc=entry.doc())
        event.note("code", "recorded from %s: %s" % (where, text))
    return "recorded: " + text
