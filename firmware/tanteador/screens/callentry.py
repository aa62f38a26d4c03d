"""Briscola chiamata hand entry: the call, then the points of the caller's side.

The fields come in the order the table lives them: the caller (who won the
auction), the bid, the partner (revealed during play; the caller's own seat
is "alone"), then the card points of the caller's side. UP/DOWN change the
field (a long press moves the bid and the points by 10, as in the points
entry), OK goes to the next, BACK to the one before (BACK on the first
leaves). The last line says what the field asks; on the points it tells
what the call gives, and OK there records the hand and goes back to the
table, as the points entry of Brisca does. A refused call says why there
and puts the cursor on the field at fault; nothing is recorded.

Defaults, chosen to save presses (the bench counts them, table to table):
every default costs the same number of presses when the callers and the
partners are spread evenly over the seats, so the caller starts on the
player who opens the auction (the leader, marked on the table) and the
partner on the seat after the caller, with "alone" one press UP from it.
The bid starts at 61: most auctions end on a card's rank, which leaves the
bid at 61, and only an auction that went down to the two names points.
The points start on the bid and follow it while they are still equal to
it: a call made or missed by a little is one press or one hold away.
"""

from micropython import const

from tanteador.screens import ui
from tanteador.screens.fields import Form, keys, move, reason, told

# Texts shown (textids.py), folded: no name is kept on the device's heap.
_T_HAND = const(28)
_T_POINTS = const(30)
_T_EDIT = const(42)
_T_CALLER = const(94)
_T_BID = const(95)
_T_PARTNER = const(96)
_T_ALONE = const(97)
_T_ASK_CALLER = const(111)
_T_ASK_BID = const(112)
_T_ASK_PARTNER = const(113)
_T_HOLD_TEN = const(115)

_CALLER = const(0)
_BID = const(1)
_PARTNER = const(2)
_POINTS = const(3)
# Index in ``vals`` (the engine's order: caller, partner, bid, points) of each field.
_VAL = (0, 2, 1, 3)
# The refusal codes that put the cursor on a field, and that field.
_CODES = ("caller", "bid", "partner", "range", "one")
_AT = (_CALLER, _BID, _PARTNER, _POINTS, _POINTS)
# What each field asks, on the last line (the points tell the result instead).
_ASK = (_T_ASK_CALLER, _T_ASK_BID, _T_ASK_PARTNER)
_ROWS = const(3)
_W = const(125)       # a row's width, left of the scroll bar (ui.rows' width beside one)
_LABELS = (_T_CALLER, _T_BID, _T_PARTNER, _T_POINTS)


def _field_of(code, here):
    for k in range(len(_CODES)):
        if _CODES[k] == code:
            return _AT[k]
    return here


class CallEntry(Form):
    # The same name as the Brisca entry: the saved document resumes "entry"
    # and its values say which of the two it is (see savefile.py).
    NAME = "entry"
    # Caller, bid, partner, points.
    fields = _POINTS + 1

    def __init__(self, app, edit=None, vals=None):
        from tanteador.chiamata import BID_MIN, sitting_out

        m = app.match
        self.edit = edit
        self.players = m.options.players
        self.dealer = m.dealer if edit is None else m.hands[edit].dealer
        self.out = sitting_out(self.players, self.dealer)
        if vals is None and edit is not None:
            vals = m.hands[edit].entry
        if vals is None:
            c = m.leader
            vals = (c, self.next_seat(c, 1), BID_MIN, BID_MIN)
        # caller, partner, bid, points (the engine's order); partner == caller: alone.
        self.vals = list(vals)
        self.i = _CALLER
        self.err = None
        # True once the saved document may be this entry (see Entry.kept).
        self.kept = False
        # The field whose background (title, labels, bars) is kept, or None.
        self._bg = None
        # The number field's value before the press being held (a long press moves from it).
        self._base = None
        # What a press leaves alone is worked out once: each label and its
        # width, each field's value as shown (value, fitted, width), and the
        # last line (what it says, its text).
        self._labels = [(app.t(t), ui.width(app.t(t))) for t in _LABELS]
        self._cells = [("", "", 0)] * 4
        self._line = None

    def call(self):
        """The call as typed, as the engine takes it: (caller, partner, bid, points)."""
        return tuple(self.vals)

    def next_seat(self, s, d):
        """The seat ``d`` (+1 or -1) from ``s``, round the table, past the seat sitting out."""
        n = self.players
        s = (s + d) % n
        if s == self.out:
            s = (s + d) % n
        return s

    # -- changing the fields ----------------------------------------------

    def _change(self, up, n):
        v = self.vals
        i = self.i
        if i == _CALLER:
            old = v[0]
            c = self.next_seat(old, -1 if up else 1)
            v[0] = c
            p = v[1]
            if p == old:
                # Alone stays alone.
                v[1] = c
            elif p == self.next_seat(old, 1) or p == c:
                # A partner not chosen yet (still the seat after the caller)
                # follows the caller, and the caller cannot be their own partner.
                v[1] = self.next_seat(c, 1)
            return True
        if i == _PARTNER:
            v[1] = self.next_seat(v[1], -1 if up else 1)
            return True
        f = _VAL[i]
        if n == 0:
            self._base = v[f]
        b = move(v[f], up, n, self._base, i == _POINTS)
        if b is None:
            return False
        if i == _BID:
            from tanteador.chiamata import BID_MIN

            old = v[2]
            v[2] = b if b > BID_MIN else BID_MIN
            if v[3] == old:
                v[3] = v[2]
        else:
            v[3] = b
        return True

    def handle(self, ev, app):
        return keys(self, ev, app, self._change)

    def ok(self, app):
        """The call complete: record the hand (or the edit) and save, or say why not."""
        from tanteador.rules import RulesError

        try:
            app.enter_hand(self.edit, self.call())
        except RulesError as e:
            if told(app, e):
                return
            self.err = e
            self.i = _field_of(e.code, self.i)

    # -- drawing ----------------------------------------------------------

    def _value(self, app, f):
        v = self.vals
        if f == _CALLER:
            return app.seat_name(v[0])
        if f == _PARTNER:
            return app.t(_T_ALONE) if v[1] == v[0] else app.seat_name(v[1])
        return "%d" % v[_VAL[f]]

    def _cell(self, app, f):
        """Field ``f``'s value as shown: (value, fitted to its row, width)."""
        raw = self._value(app, f)
        c = self._cells[f]
        if c[0] != raw:
            lw = self._labels[f][1]
            v = ui.fit(raw, _W - 8 - min(lw, (_W - 8) // 2))
            c = self._cells[f] = (raw, v, ui.width(v))
        return c

    def _last_line(self, app):
        """The last line, fitted: why the call was refused, what the field asks,
        or what the call gives (worked out again only when that changes)."""
        e = self.err
        v = self.vals
        if e is not None:
            key = e
        elif self.i < _POINTS:
            key = self.i
        else:
            key = (v[0], v[1] == v[0], v[3] >= v[2], v[3] in (0, 120))
        if self._line is not None and self._line[0] == key:
            return self._line[1]
        if e is not None:
            # The chiamata codes' numbers (a seat, a bid) are said only where
            # the text has room for them; the field at fault is highlighted.
            s = app.t(reason(e.code))
            if e.nums and "%" in s:
                s = s % e.nums
            text = ui.fit(s, ui.WIDTH - 2)
        elif self.i < _POINTS:
            text = ui.fit(app.t(_ASK[self.i]), ui.WIDTH)
        else:
            from tanteador.screens.outcome import call_outcome

            text = ui.fit(call_outcome(app, self.call(), self.dealer), ui.WIDTH)
        self._line = (key, text)
        return text

    def draw(self, app):
        p = app.p
        # The rows of ui.rows, three of the four fields at a time: a press
        # changes values only, so the title, the labels and the bars are
        # drawn once per field and kept (while every label shows whole).
        top = 0 if self.i < 2 else 1
        y0 = ui.LINE + 2
        labels = []
        values = []
        whole = True
        for f in range(top, top + _ROWS):
            lab, lw = self._labels[f]
            c = self._cell(app, f)
            vw = c[2]
            if lw > _W - vw - 8:
                lab = ui.fit(lab, _W - vw - 8)
                whole = False
            labels.append(lab)
            values.append(c[1])
        if not (whole and self._bg == self.i and p.restore(self)):
            self._background(app, top, y0, labels)
            self._bg = None
            if whole:
                p.keep(self)
                self._bg = self.i
        for k in range(_ROWS):
            p.right(values[k], _W - 2, y0 + k * ui.LINE, 0 if top + k == self.i else 1)
        text = self._last_line(app)
        if self.err is not None:
            ui.refusal(app, text)
        else:
            ui.center(app, text, ui.HEIGHT - ui.LINE)

    def _background(self, app, top, y0, labels):
        """The title, the rows' labels, the bar of the field being set and the scroll bar."""
        m = app.match
        if self.edit is None:
            title, t = app.t(_T_HAND) % m.hand_no, app.trump
        else:
            title, t = app.t(_T_EDIT) % (self.edit + 1), m.hands[self.edit].trump
        ui.title(app, title, t, app.t(_T_HOLD_TEN) if self.i in (_BID, _POINTS) else None)
        p = app.p
        for k in range(_ROWS):
            y = y0 + k * ui.LINE
            on = top + k == self.i
            if on:
                p.bar(y, ui.LINE, 0, _W)
            p.text(labels[k], 2, y, 0 if on else 1)
        h = _ROWS * ui.LINE
        p.vline(ui.WIDTH - 2, y0, h, 1)
        bh = max(3, h * _ROWS // 4)
        p.fill_rect(ui.WIDTH - 2, y0 + (h - bh) * top // (4 - _ROWS), 2, bh, 1)
