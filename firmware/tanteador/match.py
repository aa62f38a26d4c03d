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

Briscola chiamata keeps the same log: what a hand records is then its call
(caller, partner, bid, points of the caller's side), and the figures are
each player's scores (see chiamata.py).

A long match must fit a small heap, so the log is not made of Python
objects: it is fixed-size byte records kept in small chunks (see _act), the
only copy of the match. ``hands`` reads each Hand from it when asked for.
"""

from collections import namedtuple

from micropython import const

from tanteador import goals, rotation
from tanteador.matchoptions import TIE_LAST, TIE_SPLIT
from tanteador.rules import RulesError, TOTAL, capote_side, check_points, hand_winner

# Version 3 knows the tricks: a hand whose points no deal in whole tricks
# gives is refused, and a capote is every point in play, undrawn cards or
# not. Version 4 adds the last-trick tie rule and Briscola chiamata, with
# the same rules otherwise. A match keeps the rules of the version it began
# under (see matchload.from_dict).
VERSION = 4
# An edit's first value in the document (a recorded hand's is its trump).
EDIT = "e"

# The log: actions as fixed-size byte records, kept in chunks of at most
# _CHUNK bytes so that it grows without ever copying what is there nor asking
# the heap for one large block. An action, for n values (7 + n bytes):
#   0      trump (bits 0-1); 1 + the side that took the last trick when it
#          settled a tie (bits 2-4, 0: not asked); an edit adds _EDIT_BIT
#   1, 2   edit: index of the edited hand, little endian
#   3..    the entry: points of each side, or a chiamata call (4 values)
#   3 + n  recorded hand: elapsed ms, 4 bytes little endian
# In the document a recorded hand's or an edit's trump is this byte's low
# bits, trump + 4 * (1 + last side) when the last trick settled a tie.
_EDIT_BIT = const(0x80)
HEAD_BITS = const(0x1F)
_CHUNK = const(256)
# Highest elapsed_ms of one hand, 2**30 - 1 (12 days): a small int on the device.
_MAX_MS = const(0x3FFFFFFF)
_MAX_HANDS = const(0xFFFF)
# Log actions in one batch of the document's text (see batches).
DUMP_BATCH = const(8)

# One recorded hand: number (1-based), dealer seat, trump suit, points per
# side (tuple; in chiamata each player's score for the hand), winner side or
# None (void / nobody; always None in chiamata), capote side or None,
# elapsed_ms, the entry as recorded (the points, or the chiamata call
# (caller, partner, bid, points)), and the side that took the last trick
# when that settled a tie, else None. Built on demand from the log.
Hand = namedtuple("Hand", ("number", "dealer", "trump", "points", "winner", "capote", "elapsed_ms",
                           "entry", "last"))


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
    MatchOptions (and an event's (table, round, key), see matchload.from_push);
    raises RulesError for an impossible setup."""

    def __init__(self, options, version=VERSION, event=()):
        self.options = options.validate()
        self.nsides = options.nsides
        if self.nsides > 2 and not options.chiamata or options.undrawn_cards:
            # Its checks search a hand's split: loaded with the match, not in
            # the answer to the press of its first check (see split). A
            # chiamata's check is of its two sides.
            __import__("tanteador.split")
        self.version = version
        self.chiamata = options.chiamata
        # The check's trick arguments (players 0: any split of the cards goes)
        # and the undrawn cards a capote allows for.
        undrawn = options.undrawn_cards
        if version >= 3:
            self._tricks = (options.players, options.tricks_per_hand)
            self._cap_undrawn = undrawn
        else:
            self._tricks = (0, 0)
            self._cap_undrawn = 0
        # check_points' arguments after the points, worked out once: the
        # options' undrawn cards and tricks are worked out at every read,
        # and a saved match's load checks every hand.
        self._rules = (self.nsides, undrawn) + self._tricks
        # The log: log_size actions of _size bytes, _per to a chunk; the
        # first ``cursor`` are in effect (the rest can be redone), and make
        # the _nh hands in play. An entry is entry_width bytes: the values of
        # one hand's points or call. matchdoc reads the three.
        self.entry_width = 4 if self.chiamata else self.nsides
        self._size = 7 + self.entry_width
        self._per = _CHUNK // self._size
        self._chunks = []
        self.log_size = self.cursor = self._nh = 0
        # Log positions of the edits, in order (usually none).
        self._edits = []
        # JSON text of each full batch of DUMP_BATCH log actions, kept by
        # matchdoc.dump so that saving a long match again builds only the
        # last batch; a new action cuts the batches it changes.
        self.batches = []
        # (table, round, event key) of a match an organiser's PC pushed for
        # an event, saved with it so the PC can tell whose result it is; () if none.
        self.event = event
        # The hex key its table's result code is signed with (resultcode.py); "" if none.
        self.sign = ""
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
    def sitting_out(self):
        """Seat sitting the hand in play out (chiamata with six), else None."""
        if not self.chiamata:
            return None
        from tanteador.chiamata import sitting_out

        return sitting_out(self.options.players, self.dealer)

    @property
    def next_trump(self):
        """Trump suit of the hand in play under the trump cycle, else None."""
        return self._nh % 4 if self.options.trump_cycle else None

    # --- entering hands ---------------------------------------------------

    def other_side(self, p0):
        """Two sides: ``(p0, 120 - p0)``."""
        return (p0, TOTAL - p0)

    def check(self, points, index=None):
        """Validate one hand's points (RulesError, see rules.check_points);
        returns them as a tuple. With two sides a single int is side 0's
        points. In chiamata ``points`` is the call (caller, partner, bid,
        points; see chiamata.check) of hand ``index`` (default: the hand in
        play), whose dealer may sit out. Changes nothing."""
        if self.chiamata:
            from tanteador import chiamata

            o = self.options
            i = self._nh if index is None else index
            return chiamata.check(points, o.players, rotation.dealer(o.players, o.first_dealer, o.direction, i))
        if type(points) is int and self.nsides == 2:
            points = self.other_side(points)
        return check_points(points, *self._rules)

    def needs_last(self, points):
        """True when these (checked) points tie for the hand and the tie
        rule asks which side took the last trick."""
        o = self.options
        return o.tie == TIE_LAST and not self.chiamata and hand_winner(points, o.reverse) is None

    def _last(self, pts, last):
        # The head bits of the last-trick side: asked exactly when it settles a tie.
        if not self.needs_last(pts):
            if last is not None:
                raise RulesError("last")
            return 0
        if type(last) is not int or last < 0 or last >= self.nsides:
            raise RulesError("last")
        return (last + 1) << 2

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

    def record(self, trump, points, elapsed_ms=0, last=None):
        """Record the hand in play and return its Hand.

        ``trump`` 0..3 (None = the cycle's suit when trump_cycle is on; with
        the cycle any other suit is refused); ``points`` per side (or side 0's
        points with two sides; in chiamata the call, see check);
        ``elapsed_ms`` its play time, 0..2**30 - 1; ``last`` the side that
        took the last trick, given exactly when needs_last(points).
        RulesError ('over', 'trump', 'range' for a bad elapsed_ms, 'last',
        or a points code) leaves the match unchanged.
        """
        self.replay(trump, points, elapsed_ms, last)
        return self._hand(self._nh - 1)

    def replay(self, trump, points, elapsed_ms=0, last=None):
        """Record the hand in play as ``record`` does, without building the
        Hand it returns: for a saved match loading hand after hand."""
        i = self._nh
        if self.over or i >= _MAX_HANDS:
            raise RulesError("over")
        t = self._trump(i, trump)
        pts = self.check(points)
        t |= self._last(pts, last)
        if type(elapsed_ms) is not int or elapsed_ms < 0 or elapsed_ms > _MAX_MS:
            raise RulesError("range")
        self._act(t, 0, pts, elapsed_ms)
        self._nh += 1
        self._tally(i, elapsed_ms, pts, t)

    def edit(self, index, trump=None, points=None, last=None):
        """Change a past hand (``index`` 0-based into ``hands``): its trump,
        its points (with ``last`` as in record), or both; everything after
        it is recomputed. Returns the edited Hand. RulesError 'index' (no
        such hand), 'trump', a points code, 'last', or 'over' (the match
        would have ended before later hands; its nums: the number of the
        hand it would have ended at). An edit that changes nothing
        adds no undo step."""
        if type(index) is not int or index < 0 or index >= self._nh:
            raise RulesError("index")
        old = self._hand(index)
        t = old.trump if trump is None else self._trump(index, trump)
        if points is None:
            pts = old.entry
            last = old.last
        else:
            pts = self.check(points, index)
        t |= self._last(pts, last)
        if t == old.trump | self._last(old.entry, old.last) and pts == old.entry:
            return old
        end = self._figures(index, pts, t)
        if end is not None and end < self._nh - 1:
            self._figures()
            raise RulesError("over", None, (end + 1,))
        self._act(t | _EDIT_BIT, index, pts, 0)
        self._edits.append(self.cursor - 1)
        return self._hand(index)

    def _at(self, k):
        # (chunk, offset) of log action k.
        return self._chunks[k // self._per], (k % self._per) * self._size

    def _act(self, head, index, pts, ms):
        # A new action at the cursor: the undone ones can no longer be redone.
        k = self.cursor
        per = self._per
        del self._chunks[(k + per - 1) // per:]
        del self.batches[k // DUMP_BATCH:]
        ed = self._edits
        while ed and ed[-1] >= k:
            ed.pop()
        if k == len(self._chunks) * per:
            self._chunks.append(bytearray(per * self._size))
        self.log_size = self.cursor = k + 1
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
    def can_redo(self):
        """True if there is an undone action to redo."""
        return self.cursor < self.log_size

    def undo(self):
        """Step back one action (record or edit). False if nothing to undo."""
        if not self.cursor:
            return False
        self.cursor -= 1
        c, o = self._at(self.cursor)
        if not c[o] & _EDIT_BIT:
            self._nh -= 1
        self._figures()
        return True

    def redo(self):
        """Step forward one undone action. False if nothing to redo."""
        if self.cursor >= self.log_size:
            return False
        c, o = self._at(self.cursor)
        self.cursor += 1
        if c[o] & _EDIT_BIT:
            self._figures()
        else:
            n = self.entry_width
            self._nh += 1
            self._tally(self._nh - 1, _word(c, o + 3 + n), c[o + 3:o + 3 + n], c[o])
        return True

    # --- derived figures --------------------------------------------------

    def _byte(self, k, j):
        return self._chunks[k // self._per][(k % self._per) * self._size + j]

    def _latest(self, i, p):
        # Log position of the action whose trump and points hand i, recorded
        # at p, has now: its latest edit in effect, else p itself.
        for e in self._edits:
            if e >= self.cursor:
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
        c, o = self._at(self._latest(i, p))
        n = self.entry_width
        ent = tuple(c[o + 3:o + 3 + n])
        head = c[o]
        last = (head >> 2 & 7) - 1
        if last < 0:
            last = None
        c, o = self._at(p)
        op = self.options
        d = rotation.dealer(op.players, op.first_dealer, op.direction, i)
        ms = _word(c, o + 3 + n)
        if self.chiamata:
            from tanteador.chiamata import scores

            return Hand(i + 1, d, head & 3, scores(ent, op.players, d, op.call), None, None, ms, ent, None)
        return Hand(i + 1, d, head & 3, ent, hand_winner(ent, op.reverse, last), self.capote(ent), ms,
                    ent, last)

    def _tally(self, i, ms, pts, head):
        # Hand i's figures (its entry pts and head byte) into the running
        # ones; then, unless the match already ended, the goal is asked.
        # True if hand i ends the match.
        o = self.options
        self.play_ms += ms
        tot = self.totals
        cap = None
        if self.chiamata:
            # Every player with a gain won the hand; the scores add up.
            from tanteador.chiamata import scores

            sc = scores(pts, o.players, rotation.dealer(o.players, o.first_dealer, o.direction, i), o.call)
            for k in range(self.nsides):
                if sc[k] > 0:
                    self.won[k] += 1
                tot[k] += sc[k]
        else:
            last = (head >> 2 & 7) - 1
            w = hand_winner(pts, o.reverse, last if last >= 0 else None)
            if w is not None:
                self.won[w] += 1
            if w is not None or o.tie == TIE_SPLIT:
                for k in range(self.nsides):
                    tot[k] += pts[k]
            cap = self.capote(pts)
        if self.over:
            return False
        v = goals.decide(o, self.won, self.totals, i + 1, self.play_ms, cap)
        if v is None:
            return False
        self.winner, self.end_reason = v
        self.over = True
        return True

    def _figures(self, index=-1, pts=None, head=0):
        # Every figure again from the hands (hand ``index`` taking ``pts``
        # and ``head`` instead); returns the index of the hand that ended
        # the match, or None. Walks the log in place: a long match makes no
        # long lists.
        n = self.entry_width
        self.won = [0] * self.nsides
        self.totals = [0] * self.nsides
        self.play_ms = 0
        self.winner = self.end_reason = None
        self.over = False
        end = None
        i = k = 0
        tmp = bytearray(n)
        while k < self.cursor:
            c = self._chunks[k // self._per]
            o = (k % self._per) * self._size
            if not c[o] & _EDIT_BIT:
                ms = _word(c, o + 3 + n)
                if i == index:
                    p = pts
                    h = head
                else:
                    v = self._latest(i, k)
                    if v != k:
                        c, o = self._at(v)
                    for j in range(n):
                        tmp[j] = c[o + 3 + j]
                    p = tmp
                    h = c[o]
                if self._tally(i, ms, p, h):
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

    def rematch(self):
        """A new match with the same setup; the deal continues its rotation."""
        o = self.options.copy()
        o.first_dealer = self.dealer
        return Match(o)

    # --- the log as data (the document itself: see matchdoc) -------------

    def action(self, k):
        """Log action ``k`` in its document form: a recorded hand ``[head,
        v0, v1, ..., elapsed_ms]``, an edit ``[EDIT, index, head, v0, v1,
        ...]`` (the values the entry's, entry_width of them; the head the
        trump, + 4 * (1 + the side that took the last trick) when that
        settled a tie)."""
        n = self.entry_width
        c, o = self._at(k)
        h = c[o]
        edit = h & _EDIT_BIT
        a = [EDIT if edit else h] + [0] * (n + (2 if edit else 1))
        if edit:
            a[1] = c[o + 1] | c[o + 2] << 8
            a[2] = h & HEAD_BITS
            j = 3
        else:
            a[-1] = _word(c, o + 3 + n)
            j = 1
        for i in range(n):
            a[j + i] = c[o + 3 + i]
        return a


def _word(c, o):
    return c[o] | c[o + 1] << 8 | c[o + 2] << 16 | c[o + 3] << 24

