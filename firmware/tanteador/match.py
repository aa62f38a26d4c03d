"""A match: the log of what the table entered, and everything derived from it.

The match keeps a log of actions (record a hand, edit a past hand) and a
cursor. The hands in play are the actions before the cursor applied in
order; undo moves the cursor back, redo forward, and a new action drops
whatever could have been redone. Every figure (wins, totals, the end of the
match) is worked out again from the hands whenever a past hand changes, so
undo, redo and edits can never leave a stale figure behind.

An edit that would end the match before hands that were recorded after it
(say, correcting a hand into a capote when more hands follow) is refused
with RulesError('over'): undo the later hands first, then edit.

A long match must fit a small heap, so the log is not made of Python
objects: it is fixed-size byte records kept in small chunks (see _act), the
only copy of the match. ``hands`` reads each Hand from it when asked for.
"""

import json
from collections import namedtuple

from micropython import const

from tanteador import goals, rotation
from tanteador.options import MatchOptions, TIE_VOID
from tanteador.rules import RulesError, StateError, TOTAL, capote_side, check_points, hand_winner

# Version 3 knows the tricks: a hand whose points no deal in whole tricks
# gives is refused, and a capote is every point in play, undrawn cards or
# not. A match keeps the rules of the version it began under (see from_dict).
VERSION = 3
_EDIT = "e"

# The log: actions as fixed-size byte records, kept in chunks of at most
# _CHUNK bytes so that it grows without ever copying what is there nor asking
# the heap for one large block. An action, for n sides (7 + n bytes):
#   0      trump; an edit adds _EDIT_BIT
#   1, 2   edit: index of the edited hand, little endian
#   3..    points of each side
#   3 + n  recorded hand: elapsed ms, 4 bytes little endian
_EDIT_BIT = const(0x80)
_CHUNK = const(256)
# Highest elapsed_ms of one hand, 2**30 - 1 (12 days): a small int on the device.
_MAX_MS = const(0x3FFFFFFF)
_MAX_HANDS = const(0xFFFF)
# Actions written at once by dump().
_DUMP_BATCH = const(8)

# One recorded hand: number (1-based), dealer seat, trump suit, points per
# side (tuple), winner side or None (void / nobody), capote side or None,
# elapsed_ms. Built on demand from the log.
Hand = namedtuple("Hand", ("number", "dealer", "trump", "points", "winner", "capote", "elapsed_ms"))


class Hands:
    """The recorded hands of a match as a read-only sequence of Hand:
    len(), indexes (negative too), slices (lists), iteration, ``==`` with a
    list of Hand. Each Hand is built when asked for."""

    def __init__(self, match):
        self._m = match

    def __len__(self):
        return self._m._nh

    def __getitem__(self, i):
        n = self._m._nh
        if type(i) is not int:
            return list(self)[i]
        if i < 0:
            i += n
        if i < 0 or i >= n:
            raise IndexError("hand")
        return self._m._hand(i)

    def __iter__(self):
        for i in range(self._m._nh):
            yield self._m._hand(i)

    def __eq__(self, other):
        return list(self) == other


class Match:
    """A match in play (see the module docstring). Build with validated-or-not
    MatchOptions; raises RulesError for an impossible setup."""

    def __init__(self, options, version=VERSION):
        self.options = options.validate()
        self.nsides = options.nsides
        self.version = version
        # The check's trick arguments (players 0: any split of the cards goes)
        # and the undrawn cards a capote allows for.
        if version >= 3:
            self._tricks = (options.players, options.tricks_per_hand)
            self._cap_undrawn = options.undrawn_cards
        else:
            self._tricks = (0, 0)
            self._cap_undrawn = 0
        # The log: _n actions of _size bytes, _per to a chunk; the first
        # _cur are in effect, and make the _nh hands in play.
        self._size = 7 + self.nsides
        self._per = _CHUNK // self._size
        self._chunks = []
        self._n = self._cur = self._nh = 0
        # Log positions of the edits, in order (usually none).
        self._edits = []
        # JSON text of each full batch of _DUMP_BATCH log actions, for dump().
        self._dumped = []
        self.hands = Hands(self)
        self._figures()

    # --- the hand in play -------------------------------------------------

    @property
    def hand_no(self):
        """1-based number of the hand in play (the next to record)."""
        return self._nh + 1

    @property
    def dealer(self):
        """Seat dealing the hand in play."""
        o = self.options
        return rotation.dealer(o.players, o.first_dealer, o.direction, self._nh)

    @property
    def cutter(self):
        """Seat cutting the hand in play (dealer's left)."""
        o = self.options
        return rotation.cutter(o.players, self.dealer, o.direction)

    @property
    def leader(self):
        """Seat leading the first trick of the hand in play (dealer's right)."""
        o = self.options
        return rotation.leader(o.players, self.dealer, o.direction)

    @property
    def next_trump(self):
        """Trump suit of the hand in play under the trump cycle, else None."""
        return self._nh % 4 if self.options.trump_cycle else None

    # --- entering hands ---------------------------------------------------

    def other_side(self, p0):
        """Two sides: ``(p0, 120 - p0)``."""
        return (p0, TOTAL - p0)

    def check(self, points):
        """Validate one hand's points (RulesError, see rules.check_points);
        returns them as a tuple. With two sides a single int is side 0's
        points. Changes nothing."""
        if type(points) is int and self.nsides == 2:
            points = self.other_side(points)
        return check_points(points, self.nsides, self.options.undrawn_cards, *self._tricks)

    def capote(self, points):
        """Side that took every point in play with these points, else None
        (rules.capote_side, under this match's rules)."""
        return capote_side(points, self._cap_undrawn)

    def _trump(self, index, trump):
        cyc = index % 4 if self.options.trump_cycle else None
        if trump is None:
            trump = cyc
        if type(trump) is not int or trump < 0 or trump > 3 or (cyc is not None and trump != cyc):
            raise RulesError("trump")
        return trump

    def record(self, trump, points, elapsed_ms=0):
        """Record the hand in play and return its Hand.

        ``trump`` 0..3 (None = the cycle's suit when trump_cycle is on; with
        the cycle any other suit is refused); ``points`` per side (or side 0's
        points with two sides); ``elapsed_ms`` its play time, 0..2**30 - 1.
        RulesError ('over', 'trump', 'range' for a bad elapsed_ms, or a
        points code) leaves the match unchanged.
        """
        i = self._nh
        if self.over or i >= _MAX_HANDS:
            raise RulesError("over")
        t = self._trump(i, trump)
        pts = self.check(points)
        if type(elapsed_ms) is not int or elapsed_ms < 0 or elapsed_ms > _MAX_MS:
            raise RulesError("range")
        self._act(t, 0, pts, elapsed_ms)
        self._nh += 1
        self._tally(i, elapsed_ms, pts)
        return self._hand(i)

    def edit(self, index, trump=None, points=None):
        """Change a past hand (``index`` 0-based into ``hands``): its trump,
        its points, or both; everything after it is recomputed. Returns the
        edited Hand. RulesError 'index' (no such hand), 'trump', a points
        code, or 'over' (the match would have ended before later hands).
        An edit that changes nothing adds no undo step."""
        if type(index) is not int or index < 0 or index >= self._nh:
            raise RulesError("index")
        old = self._hand(index)
        t = old.trump if trump is None else self._trump(index, trump)
        pts = old.points if points is None else self.check(points)
        if t == old.trump and pts == old.points:
            return old
        end = self._figures(index, pts)
        if end is not None and end < self._nh - 1:
            self._figures()
            raise RulesError("over")
        self._act(t | _EDIT_BIT, index, pts, 0)
        self._edits.append(self._cur - 1)
        return self._hand(index)

    def _at(self, k):
        # (chunk, offset) of log action k.
        return self._chunks[k // self._per], (k % self._per) * self._size

    def _act(self, head, index, pts, ms):
        # A new action at the cursor: the undone ones can no longer be redone.
        k = self._cur
        per = self._per
        del self._chunks[(k + per - 1) // per:]
        del self._dumped[k // _DUMP_BATCH:]
        ed = self._edits
        while ed and ed[-1] >= k:
            ed.pop()
        if k == len(self._chunks) * per:
            self._chunks.append(bytearray(per * self._size))
        self._n = self._cur = k + 1
        c, o = self._at(k)
        c[o] = head
        c[o + 1] = index & 255
        c[o + 2] = index >> 8
        o += 3
        for p in pts:
            c[o] = p
            o += 1
        for _ in range(4):
            c[o] = ms & 255
            ms >>= 8
            o += 1

    # --- undo / redo ------------------------------------------------------

    @property
    def can_undo(self):
        """True if there is an action to undo."""
        return self._cur > 0

    @property
    def can_redo(self):
        """True if there is an undone action to redo."""
        return self._cur < self._n

    def undo(self):
        """Step back one action (record or edit). False if nothing to undo."""
        if not self._cur:
            return False
        self._cur -= 1
        c, o = self._at(self._cur)
        if not c[o] & _EDIT_BIT:
            self._nh -= 1
        self._figures()
        return True

    def redo(self):
        """Step forward one undone action. False if nothing to redo."""
        if self._cur >= self._n:
            return False
        c, o = self._at(self._cur)
        self._cur += 1
        if c[o] & _EDIT_BIT:
            self._figures()
        else:
            n = self.nsides
            self._nh += 1
            self._tally(self._nh - 1, _word(c, o + 3 + n), c[o + 3:o + 3 + n])
        return True

    # --- derived figures --------------------------------------------------

    def _byte(self, k, j):
        return self._chunks[k // self._per][(k % self._per) * self._size + j]

    def _last(self, i, p):
        # Log position of the action whose trump and points hand i, recorded
        # at p, has now: its latest edit in effect, else p itself.
        for e in self._edits:
            if e >= self._cur:
                break
            if e > p and self._byte(e, 1) | self._byte(e, 2) << 8 == i:
                p = e
        return p

    def _hand(self, i):
        p = i
        for e in self._edits:
            if e > p:
                break
            p += 1
        c, o = self._at(self._last(i, p))
        n = self.nsides
        pts = tuple(c[o + 3:o + 3 + n])
        t = c[o] & 3
        c, o = self._at(p)
        op = self.options
        return Hand(i + 1, rotation.dealer(op.players, op.first_dealer, op.direction, i), t, pts,
                    hand_winner(pts, op.reverse), self.capote(pts), _word(c, o + 3 + n))

    def _tally(self, i, ms, pts):
        # Hand i's figures into the running ones; then, unless the match
        # already ended, the goal is asked. True if hand i ends the match.
        o = self.options
        w = hand_winner(pts, o.reverse)
        self.play_ms += ms
        if w is not None:
            self.won[w] += 1
        if w is not None or o.tie != TIE_VOID:
            tot = self.totals
            for k in range(self.nsides):
                tot[k] += pts[k]
        if self.over:
            return False
        v = goals.decide(o, self.won, self.totals, i + 1, self.play_ms, self.capote(pts))
        if v is None:
            return False
        self.winner, self.end_reason = v
        self.over = True
        return True

    def _figures(self, index=-1, pts=None):
        # Every figure again from the hands (hand ``index`` taking ``pts``
        # instead); returns the index of the hand that ended the match, or
        # None. Walks the log in place: a long match makes no long lists.
        n = self.nsides
        self.won = [0] * n
        self.totals = [0] * n
        self.play_ms = 0
        self.winner = self.end_reason = None
        self.over = False
        end = None
        i = k = 0
        tmp = bytearray(n)
        while k < self._cur:
            c = self._chunks[k // self._per]
            o = (k % self._per) * self._size
            if not c[o] & _EDIT_BIT:
                ms = _word(c, o + 3 + n)
                if i == index:
                    p = pts
                else:
                    v = self._last(i, k)
                    if v != k:
                        c, o = self._at(v)
                    for j in range(n):
                        tmp[j] = c[o + 3 + j]
                    p = tmp
                if self._tally(i, ms, p):
                    end = i
                i += 1
            k += 1
        return end

    def time_left_ms(self, current_hand_ms=0):
        """Time goal: ms left counting the hand in play, never below 0; else None."""
        o = self.options
        if o.goal != goals.GOAL_TIME:
            return None
        left = o.target * goals.MINUTE_MS - self.play_ms - current_hand_ms
        return left if left > 0 else 0

    def progress(self):
        """``(values_per_side, target)`` for the table screen (see goals.progress)."""
        return goals.progress(self.options, self.won, self.totals)

    def stats(self):
        """Figures of the match (see stats.match_stats)."""
        from tanteador.stats import match_stats
        return match_stats(self)

    def rematch(self):
        """A new match with the same setup; the deal continues its rotation."""
        o = self.options.copy()
        o.first_dealer = self.dealer
        return Match(o)

    # --- state as data ----------------------------------------------------

    def to_dict(self):
        """Compact JSON-able document, version 3 (2 for a match begun under
        version 2, same layout):
        ``{"v": 3, "o": options.to_list(), "a": [action, ...], "c": cursor}``.
        A recorded hand is ``[trump, p0, p1, ..., elapsed_ms]``; an edit is
        ``["e", index, trump, p0, p1, ...]``. "c" (how many actions are in
        effect; the rest can be redone) is left out when all are."""
        acts = [None] * self._n
        for k in range(self._n):
            acts[k] = self._action(k)
        d = {"v": self.version, "o": self.options.to_list(), "a": acts}
        if self._cur != self._n:
            d["c"] = self._cur
        return d

    def dump(self, write):
        """Write the document of to_dict() as compact JSON text through
        ``write(str)``, _DUMP_BATCH actions at a time: saving a long match
        then never holds all its actions as lists, nor the whole text, in
        memory, and a save stays quick."""
        write('{"v":%d,"o":' % self.version)
        write(json.dumps(self.options.to_list(), separators=(",", ":")))
        write(',"a":[')
        n = self._n
        done = self._dumped
        for k in range(0, n, _DUMP_BATCH):
            b = k // _DUMP_BATCH
            if b < len(done):
                text = done[b]
            else:
                text = ",".join([json.dumps(self._action(j), separators=(",", ":"))
                                 for j in range(k, min(n, k + _DUMP_BATCH))])
                if k + _DUMP_BATCH <= n:
                    # A full batch of the log never changes until it is cut.
                    done.append(text)
            write(("," if k else "") + text)
        write("]")
        if self._cur != n:
            write(',"c":%d' % self._cur)
        write("}")

    def _action(self, k):
        # Log action k in its document form.
        n = self.nsides
        c, o = self._at(k)
        h = c[o]
        edit = h & _EDIT_BIT
        a = [0] * (n + (3 if edit else 2))
        if edit:
            a[0] = _EDIT
            a[1] = c[o + 1] | c[o + 2] << 8
            a[2] = h & 3
            j = 3
        else:
            a[0] = h
            a[-1] = _word(c, o + 3 + n)
            j = 1
        for i in range(n):
            a[j + i] = c[o + 3 + i]
        return a

    @classmethod
    def from_dict(cls, d):
        """Load a document from to_dict() (or version 1: ``{"v": 1, "o":
        [options without trump_cycle], "h": [[trump, p0, ..., elapsed_ms], ...]}``,
        migrated: its hands become the undo log). Every action is replayed
        and checked. A match saved by version 1 or 2 keeps their rules, so
        that it loads as it was played: any split of the cards goes, a
        capote is 120 points; it is saved as version 2 again. StateError:
        'shape' (not this layout, wrong types, impossible setup), 'newer' (a
        later version), 'history' (an entry or edit the rules refuse, or
        hands after the end of the match)."""
        if type(d) is not dict or type(d.get("v")) is not int:
            raise StateError("shape")
        v = d["v"]
        if v > VERSION:
            raise StateError("newer")
        if v == 1:
            o = d.get("o")
            if type(o) is not list or len(o) != 13 or type(d.get("h")) is not list:
                raise StateError("shape")
            d = {"v": 2, "o": o[:12] + [0] + o[12:], "a": d["h"]}
            v = 2
        elif v < 2:
            raise StateError("shape")
        try:
            m = cls(MatchOptions.from_list(d.get("o")), v)
        except ValueError:
            raise StateError("shape", "options")
        acts = d.get("a")
        cur = d.get("c", len(acts) if type(acts) is list else 0)
        if type(acts) is not list or type(cur) is not int or cur < 0 or cur > len(acts):
            raise StateError("shape")
        n = m.nsides
        for a in acts:
            if type(a) is not list:
                raise StateError("shape")
            edit = len(a) == n + 3 and a[0] == _EDIT
            if not edit and len(a) != n + 2:
                raise StateError("shape")
            for x in a[1:] if edit else a:
                if type(x) is not int:
                    raise StateError("shape")
            try:
                if edit:
                    m.edit(a[1], a[2], a[3:])
                else:
                    m.record(a[0], a[1:-1], a[-1])
            except RulesError as e:
                raise StateError("history", e.code)
        if m._n != len(acts):
            raise StateError("history", "edit")
        while m._cur > cur:
            m.undo()
        return m

    def __eq__(self, other):
        return isinstance(other, Match) and self.to_dict() == other.to_dict()


def _word(c, o):
    return c[o] | c[o + 1] << 8 | c[o + 2] << 16 | c[o + 3] << 24


def dumps(match):
    """The match document as compact JSON text."""
    return json.dumps(match.to_dict(), separators=(",", ":"))


def loads(text):
    """A Match from JSON text; StateError('json') when it does not parse."""
    try:
        d = json.loads(text)
    except (ValueError, RuntimeError):
        # RuntimeError: nesting too deep for the parser (RecursionError on CPython).
        raise StateError("json")
    return Match.from_dict(d)
