"""Setup: the decisions before the first deal, from the table's last match.

The cursor starts on "Start": with the setup of the last match (or, the
first time, the defaults: 2 players, first to 3 hands) and the first dealer
by a draw, OK, OK starts the match. OK on another row starts changing it
(UP/DOWN), OK or BACK ends the change; OK on the last row, "Defaults",
brings back the defaults.

The card style of a new setup is the language's until it is changed:
French suits in Portuguese, Spanish (Italian) suits in the others.

Briscola chiamata (5 or 6 players) has rows of its own, the four scores,
instead of the choices that only Brisca has (deck, extra cards, 60-60,
reverse, capote, trump cycle, signals). Those choices and the goal are put
aside on the way into chiamata and come back on the way out, so trying the
Play row changes nothing else.
"""

from micropython import const

from tanteador.matchoptions import (CALL_MAX, CARDS_FRENCH, CARDS_SPANISH, CHIAMATA, GOAL_HANDS, GOAL_TIME,
                               PAIRS, SOLO, TRIOS, MatchOptions)
from tanteador.screens import ui

# Buttons and events (buttons.py), folded: no name is kept on the device's heap.
_UP = const(0)
_DOWN = const(1)
_OK = const(2)
_BACK = const(3)
_PRESS = const(0)
_LONG = const(1)
_REPEAT = const(2)

# Texts shown (textids.py), folded: no name is kept on the device's heap.
_T_NEW_MATCH = const(3)
_T_START = const(4)
_T_PLAYERS = const(5)
_T_SIDES = const(6)
_T_SIDE_VALS = const(7)
_T_GOAL = const(8)
_T_GOAL_VALS = const(9)
_T_TARGET = const(10)
_T_DECK = const(11)
_T_PREP = const(12)
_T_PREP_VALS = const(13)
_T_DIRECTION = const(14)
_T_DIR_VALS = const(15)
_T_TIE = const(16)
_T_TIE_VALS = const(17)
_T_REVERSE = const(18)
_T_CAPOTE = const(19)
_T_CYCLE = const(20)
_T_SIGNALS = const(21)
_T_NAMES = const(22)
_T_FIRST = const(23)
_T_DRAW = const(24)
_T_ONOFF = const(25)
_T_MIN = const(55)
_T_E_SETUP = const(76)
_T_DEFAULTS = const(87)
_T_CARDS = const(88)
_T_CARDS_VALS = const(89)
_T_PARTNER = const(96)
_T_DEFENDERS = const(106)
_T_ALONE_ROW = const(107)
_T_CAPPOTTO_ROW = const(108)
_T_CALLER_SHARE = const(109)

_START = const(0)
_PLAYERS = const(1)
_SIDES = const(2)
_GOAL = const(3)
_TARGET = const(4)
_DECK = const(5)
_PREP = const(6)
_DIR = const(7)
_TIE = const(8)
_REVERSE = const(9)
_CAPOTE = const(10)
_CYCLE = const(11)
_SIGNALS = const(12)
_NAMES = const(13)
_FIRST = const(14)
_DEFAULTS = const(15)
_CARDS = const(16)
_DEFEND = const(17)
_PARTNER = const(18)
_ALONE = const(19)
_CAPPOTTO = const(20)

# Label text id of each row.
_LABELS = (_T_START, _T_PLAYERS, _T_SIDES, _T_GOAL, _T_TARGET, _T_DECK,
           _T_PREP, _T_DIRECTION, _T_TIE, _T_REVERSE, _T_CAPOTE, _T_CYCLE,
           _T_SIGNALS, _T_NAMES, _T_FIRST, _T_DEFAULTS, _T_CARDS, _T_DEFENDERS,
           _T_PARTNER, _T_ALONE_ROW, _T_CAPPOTTO_ROW)
_FLAGS = (None,) * 9 + ("reverse", "capote", "trump_cycle", "signals")
# Per goal: default, step, lowest, highest target.
_TARGETS = ((3, 1, 1, 15), (3, 2, 1, 9), (5, 1, 1, 30), (500, 50, 100, 2000), (30, 5, 5, 240))
# The same in chiamata, whose goals are hands, points and time (the first
# two are never asked for): a hand moves a score by a few points.
_CALL_TARGETS = _TARGETS[:2] + ((10, 1, 1, 30), (10, 1, 1, 99), (30, 5, 5, 240))
# The choices that differ between Brisca and chiamata (see the module docstring).
_MODE = ("goal", "target", "deck", "prep", "tie", "reverse", "capote", "trump_cycle", "signals")
# The Play row's values by players.
_PLAYS = {4: (SOLO, PAIRS), 5: (SOLO, CHIAMATA), 6: (SOLO, PAIRS, TRIOS, CHIAMATA)}
_VISIBLE = const(4)
# The row a refused setup's code points at (matchoptions.MatchOptions.validate).
_FAULT_ROWS = {"players": _PLAYERS, "sides": _SIDES, "goal": _GOAL, "names": _NAMES, "index": _FIRST}


def _wrap(v, d, lo, hi, step):
    v += d * step
    if v > hi:
        return lo
    if v < lo:
        return hi
    return v


class Setup:
    NAME = "setup"

    def __init__(self, app, prev=None):
        if prev is None and app.cfg.get("last") is not None:
            prev = MatchOptions.from_list(app.cfg["last"])
        self._reset(prev.copy() if prev is not None else MatchOptions())
        # None: the language's card style (see style), until the row is changed.
        self.cards = None if prev is None else prev.cards
        self.sel = 0
        self.seam = 0
        self.editing = False
        self.err = None

    def _reset(self, o):
        self.o = o
        self.names = list(o.names) if o.names else [""] * o.players
        # The names and the first dealer live in self.names and self.first:
        # left in the options they would outlast a change of Players and
        # make every later copy of the options invalid.
        o.names = None
        o.first_dealer = 0
        # -1: virtual draw; else the chosen seat.
        self.first = -1
        # The _MODE choices of the other kind of game, None: its defaults.
        self.aside = None

    def _targets(self):
        """Default, step, lowest and highest target of the goal chosen."""
        o = self.o
        return (_CALL_TARGETS if o.chiamata else _TARGETS)[o.goal]

    def play(self, sides):
        """Set the Play row; into or out of chiamata the _MODE choices are swapped (see the module docstring)."""
        o = self.o
        into = sides == CHIAMATA
        if into == o.chiamata:
            o.sides = sides
            return
        if self.aside is None:
            d = MatchOptions()
            if into:
                d.goal = GOAL_HANDS
                d.target = _CALL_TARGETS[GOAL_HANDS][0]
            self.aside = [getattr(d, k) for k in _MODE]
        mine = [getattr(o, k) for k in _MODE]
        for i in range(len(_MODE)):
            setattr(o, _MODE[i], self.aside[i])
        self.aside = mine
        o.sides = sides

    def rows(self):
        """Rows shown for the current choices."""
        o = self.o
        r = [_START, _PLAYERS]
        if o.players > 3:
            r.append(_SIDES)
        r += [_GOAL, _TARGET]
        if o.chiamata:
            r += [_DEFEND, _PARTNER, _ALONE, _CAPPOTTO, _CARDS, _DIR]
        else:
            r.append(_DECK)
            if (o.players, o.deck) in ((3, 40), (5, 48)):
                r.append(_PREP)
            r += [_CARDS, _DIR, _TIE, _REVERSE, _CAPOTE, _CYCLE]
            if o.sides != SOLO:
                r.append(_SIGNALS)
        r += [_NAMES, _FIRST, _DEFAULTS]
        return r

    def value(self, app, r):
        o = self.o
        if r in (_START, _DEFAULTS):
            return ""
        if r == _PLAYERS:
            return "%d" % o.players
        if r == _SIDES:
            return app.part(_T_SIDE_VALS, o.sides)
        if r == _GOAL:
            return app.part(_T_GOAL_VALS, o.goal)
        if r == _TARGET:
            return app.t(_T_MIN) % o.target if o.goal == GOAL_TIME else "%d" % o.target
        if r == _DECK:
            return "%d" % o.deck
        if r == _PREP:
            return app.part(_T_PREP_VALS, o.prep)
        if r == _DIR:
            return app.part(_T_DIR_VALS, o.direction)
        if r == _TIE:
            return app.part(_T_TIE_VALS, o.tie)
        if r == _CARDS:
            return app.part(_T_CARDS_VALS, self.style(app))
        if r == _NAMES:
            # The names given so far, so the row tells whether the seats are named.
            return ", ".join([n for n in self.names if n])
        c = o.call
        if r == _DEFEND:
            return app.t(_T_CALLER_SHARE) % (c[0], 3 * c[0] - c[1])
        if r == _PARTNER:
            return app.t(_T_CALLER_SHARE) % (c[1], 3 * c[0] - c[1])
        if r == _ALONE:
            return app.t(_T_CALLER_SHARE) % (c[2], 4 * c[2])
        if r == _CAPPOTTO:
            return "x%d" % c[3]
        if r == _FIRST:
            return app.t(_T_DRAW) if self.first < 0 else app.seat_name(self.first, self.names)
        return app.part(_T_ONOFF, 1 if getattr(o, _FLAGS[r]) else 0)

    def style(self, app):
        """The card style chosen, or the language's: Portuguese tables play French suits."""
        if self.cards is not None:
            return self.cards
        return CARDS_FRENCH if app.cfg["lang"] == "pt" else CARDS_SPANISH

    def change(self, app, r, d):
        o = self.o
        if r == _PLAYERS:
            o.players = _wrap(o.players, d, 2, 6, 1)
            n = o.players
            self.names = (self.names + [""] * 6)[:n]
            if o.sides not in _PLAYS.get(n, (SOLO,)):
                self.play(SOLO)
            if self.first >= n:
                self.first = -1
        elif r == _SIDES:
            allowed = _PLAYS[o.players]
            self.play(allowed[(allowed.index(o.sides) + d) % len(allowed)])
        elif r == _GOAL:
            # Chiamata's goals are the last three.
            lo = GOAL_HANDS if o.chiamata else 0
            o.goal = _wrap(o.goal, d, lo, GOAL_TIME, 1)
            o.target = self._targets()[0]
        elif r == _TARGET:
            t = self._targets()
            o.target = _wrap(o.target, d, t[2], t[3], t[1])
        elif r in (_DEFEND, _PARTNER, _ALONE, _CAPPOTTO):
            self.score(r, d)
        elif r == _DECK:
            o.deck = 88 - o.deck
        elif r == _PREP:
            o.prep ^= 1
        elif r == _CARDS:
            self.cards = self.style(app) ^ 1
        elif r == _DIR:
            o.direction ^= 1
        elif r == _TIE:
            o.tie = (o.tie + d) % 3
        elif r == _FIRST:
            self.first = _wrap(self.first, d, -1, o.players - 1, 1)
        elif _FLAGS[r] is not None:
            k = _FLAGS[r]
            setattr(self.o, k, not getattr(o, k))

    def score(self, r, d):
        """Step one of the chiamata scores: the partner never gets more than
        the caller (2 * partner <= 3 * defender, see matchoptions.CALL_DEFAULT)."""
        c = list(self.o.call)
        k = r - _DEFEND
        hi = CALL_MAX[k]
        if k == 1:
            hi = min(hi, 3 * c[0] // 2)
        c[k] = _wrap(c[k], d, 0 if k == 1 else 1, hi, 1)
        c[1] = min(c[1], 3 * c[0] // 2)
        self.o.call = c

    def draw(self, app):
        ui.title(app, app.t(_T_NEW_MATCH))
        rows = self.rows()
        if self.sel >= len(rows):
            self.sel = len(rows) - 1
        items = [(app.t(_LABELS[r]), self.value(app, r)) for r in rows]
        ui.rows(app, items, self.sel, ui.TITLE_H + 1, _VISIBLE, self.editing, self.seam)
        if self.err is not None:
            ui.refusal(app, app.t(_T_E_SETUP), 0)

    def handle(self, ev, app):
        b, kind = ev[0], ev[1]
        rows = self.rows()
        r = rows[self.sel]
        if b in (_UP, _DOWN) and kind in (_PRESS, _REPEAT):
            d = 1 if b == _DOWN else -1
            if self.editing:
                self.change(app, r, -d)
            else:
                ui.step(self, len(rows), d, kind == _REPEAT)
            self.err = None
            return
        if kind == _LONG and b == _OK and not self.editing:
            from tanteador.screens.menu import Menu

            app.push(Menu(app))
            return
        if kind != _PRESS:
            return False
        if self.editing:
            self.editing = False
        elif b == _BACK:
            if not app.can_pop():
                return False
            app.pop()
        elif b == _OK:
            if r == _START:
                self.start(app)
            elif r == _NAMES:
                from tanteador.screens.names import Names

                app.push(Names(self, app))
            elif r == _DEFAULTS:
                self._reset(MatchOptions())
                self.cards = None
                self.sel = 0
                self.seam = 0
            else:
                self.editing = True

    def options(self, app):
        """The options as chosen (first dealer 0 until the draw sets it)."""
        o = self.o.copy()
        o.cards = self.style(app)
        o.names = list(self.names) if any(self.names) else None
        o.first_dealer = max(0, self.first)
        if o.sides == SOLO:
            o.signals = False
        o.validate()
        return o

    def start(self, app):
        from tanteador.rules import RulesError

        try:
            o = self.options(app)
        except RulesError as e:
            self.err = e.code
            # The cursor goes to the row at fault, where one is shown.
            row = _FAULT_ROWS.get(e.code)
            rows = self.rows()
            if row in rows:
                self.sel = rows.index(row)
                self.seam = 0
            return
        if self.first < 0:
            from tanteador.screens.dealdraw import DealDraw

            app.push(DealDraw(app, o, [app.seat_name(i, self.names) for i in range(o.players)]))
            return
        app.begin(o)
