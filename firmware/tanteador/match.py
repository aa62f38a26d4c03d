"""A match: the log of what the table entered, and everything derived from it.

The match keeps a list of actions (record a hand, edit a past hand) and a
cursor. The hands in play are the actions before the cursor replayed; undo
moves the cursor back, redo forward, and a new action drops whatever could
have been redone. Every figure (dealer, wins, totals, the end of the match)
is recomputed from the hands, so undo, redo and edits can never leave a
stale figure behind.

An edit that would end the match before hands that were recorded after it
(say, correcting a hand into a capote when more hands follow) is refused
with RulesError('over'): undo the later hands first, then edit.
"""

import json
from collections import namedtuple

from tanteador import goals, rotation
from tanteador.options import MatchOptions, TIE_VOID
from tanteador.rules import RulesError, StateError, TOTAL, capote_side, check_points, hand_winner

VERSION = 2
_EDIT = "e"


# One recorded hand: number (1-based), dealer seat, trump suit, points per
# side (tuple), winner side or None (void / nobody), capote side or None,
# elapsed_ms. A named tuple: a long match keeps a few dozen of them.
Hand = namedtuple("Hand", ("number", "dealer", "trump", "points", "winner", "capote", "elapsed_ms"))


class Match:
    """A match in play (see the module docstring). Build with validated-or-not
    MatchOptions; raises RulesError for an impossible setup."""

    def __init__(self, options):
        self.options = options.validate()
        self.nsides = options.nsides
        self._acts = []
        self._cur = 0
        self._set(self._replay(self._entries(0)))

    # --- the hand in play -------------------------------------------------

    @property
    def hand_no(self):
        """1-based number of the hand in play (the next to record)."""
        return len(self.hands) + 1

    def _dealer_at(self, index):
        o = self.options
        return rotation.dealer(o.players, o.first_dealer, o.direction, index)

    @property
    def dealer(self):
        """Seat dealing the hand in play."""
        return self._dealer_at(len(self.hands))

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
        return self._cycle(len(self.hands))

    def _cycle(self, index):
        return index % 4 if self.options.trump_cycle else None

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
        return check_points(points, self.nsides, self.options.undrawn_cards)

    def _trump(self, index, trump):
        cyc = self._cycle(index)
        if trump is None:
            trump = cyc
        if type(trump) is not int or trump < 0 or trump > 3 or (cyc is not None and trump != cyc):
            raise RulesError("trump")
        return trump

    def record(self, trump, points, elapsed_ms=0):
        """Record the hand in play and return its Hand.

        ``trump`` 0..3 (None = the cycle's suit when trump_cycle is on; with
        the cycle any other suit is refused); ``points`` per side (or side 0's
        points with two sides); ``elapsed_ms`` its play time. RulesError
        ('over', 'trump', 'range' for a bad elapsed_ms, or a points code)
        leaves the match unchanged.
        """
        if self.over:
            raise RulesError("over")
        t = self._trump(len(self.hands), trump)
        pts = self.check(points)
        if type(elapsed_ms) is not int or elapsed_ms < 0:
            raise RulesError("range")
        self._push((t, pts, elapsed_ms))
        return self.hands[-1]

    def edit(self, index, trump=None, points=None):
        """Change a past hand (``index`` 0-based into ``hands``): its trump,
        its points, or both; everything after it is recomputed. Returns the
        edited Hand. RulesError 'index' (no such hand), 'trump', a points
        code, or 'over' (the match would have ended before later hands).
        An edit that changes nothing adds no undo step."""
        if type(index) is not int or index < 0 or index >= len(self.hands):
            raise RulesError("index")
        old = self.hands[index]
        t = old.trump if trump is None else self._trump(index, trump)
        pts = old.points if points is None else self.check(points)
        if t == old.trump and pts == old.points:
            return old
        act = (_EDIT, index, t, pts)
        ents = self._entries(self._cur)
        _apply(ents, act)
        res = self._replay(ents)
        if res[-1] is not None and res[-1] < len(ents) - 1:
            raise RulesError("over")
        self._push(act, res)
        return self.hands[index]

    def _push(self, act, res=None):
        del self._acts[self._cur:]
        self._acts.append(act)
        self._cur += 1
        self._set(res or self._replay(self._entries(self._cur), act[0] != _EDIT))

    # --- undo / redo ------------------------------------------------------

    @property
    def can_undo(self):
        """True if there is an action to undo."""
        return self._cur > 0

    @property
    def can_redo(self):
        """True if there is an undone action to redo."""
        return self._cur < len(self._acts)

    def undo(self):
        """Step back one action (record or edit). False if nothing to undo."""
        if not self._cur:
            return False
        self._cur -= 1
        self._set(self._replay(self._entries(self._cur)))
        return True

    def redo(self):
        """Step forward one undone action. False if nothing to redo."""
        if self._cur >= len(self._acts):
            return False
        self._cur += 1
        self._set(self._replay(self._entries(self._cur), self._acts[self._cur - 1][0] != _EDIT))
        return True

    # --- derived figures --------------------------------------------------

    def _entries(self, n):
        ents = []
        for a in self._acts[:n]:
            _apply(ents, a)
        return ents

    def _replay(self, ents, more=False):
        # -> (hands, won, totals, play_ms, winner, reason, end_index).
        # ``more``: ents only adds hands to the current ones, so carry on from
        # the current figures instead of rebuilding every Hand.
        o = self.options
        n = self.nsides
        if more:
            hands = list(self.hands)
            won = list(self.won)
            tot = list(self.totals)
            ms = self.play_ms
        else:
            hands = []
            won = [0] * n
            tot = [0] * n
            ms = 0
        end = None
        verdict = None
        for i in range(len(hands), len(ents)):
            t, pts, el = ents[i]
            w = hand_winner(pts, o.reverse)
            cap = capote_side(pts)
            hands.append(Hand(i + 1, self._dealer_at(i), t, pts, w, cap, el))
            ms += el
            if w is not None:
                won[w] += 1
            if w is not None or o.tie != TIE_VOID:
                for k in range(n):
                    tot[k] += pts[k]
            if end is None:
                verdict = goals.decide(o, won, tot, i + 1, ms, cap)
                if verdict is not None:
                    end = i
        if verdict is None:
            return (hands, won, tot, ms, None, None, None)
        return (hands, won, tot, ms, verdict[0], verdict[1], end)

    def _set(self, res):
        self.hands, self.won, self.totals, self.play_ms, self.winner, self.end_reason, end = res
        self.over = end is not None

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
        """Compact JSON-able document, version 2:
        ``{"v": 2, "o": options.to_list(), "a": [action, ...], "c": cursor}``.
        A recorded hand is ``[trump, p0, p1, ..., elapsed_ms]``; an edit is
        ``["e", index, trump, p0, p1, ...]``. "c" (how many actions are in
        effect; the rest can be redone) is left out when all are."""
        acts = []
        for a in self._acts:
            if a[0] == _EDIT:
                acts.append([_EDIT, a[1], a[2]] + list(a[3]))
            else:
                acts.append([a[0]] + list(a[1]) + [a[2]])
        d = {"v": VERSION, "o": self.options.to_list(), "a": acts}
        if self._cur != len(acts):
            d["c"] = self._cur
        return d

    @classmethod
    def from_dict(cls, d):
        """Load a document from to_dict() (or version 1: ``{"v": 1, "o":
        [options without trump_cycle], "h": [[trump, p0, ..., elapsed_ms], ...]}``,
        migrated: its hands become the undo log). Every action is replayed
        and checked. StateError: 'shape' (not this layout, wrong types,
        impossible setup), 'newer' (a later version), 'history' (an entry or
        edit the rules refuse, or hands after the end of the match)."""
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
        elif v != VERSION:
            raise StateError("shape")
        try:
            m = cls(MatchOptions.from_list(d.get("o")))
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
        if len(m._acts) != len(acts):
            raise StateError("history", "edit")
        while m._cur > cur:
            m.undo()
        return m

    def __eq__(self, other):
        return isinstance(other, Match) and self.to_dict() == other.to_dict()

    def __ne__(self, other):
        return not self.__eq__(other)


def _apply(ents, act):
    if act[0] == _EDIT:
        ents[act[1]] = (act[2], act[3], ents[act[1]][2])
    else:
        ents.append(act)


def dumps(match):
    """The match document as compact JSON text."""
    return json.dumps(match.to_dict(), separators=(",", ":"))


def loads(text):
    """A Match from JSON text; StateError('json') when it does not parse."""
    try:
        d = json.loads(text)
    except ValueError:
        raise StateError("json")
    return Match.from_dict(d)
