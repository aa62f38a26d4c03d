"""Hand entry: the points of one side (two sides) or of each side.

The entry is also the confirmation: its last line tells the result the
points give (or, for points OK would refuse, the refusal), and OK on the
last field records the hand and goes back to the table. UP/DOWN change
the value by 1; a long press by 10 from where it was, however long it is
held (the title says so). A side worked out from 120 shows "-", not a
value below zero. Where the last trick settles a tie (options.TIE_LAST),
OK on tied points asks which side took it: UP/DOWN, OK, BACK.
"""

from micropython import const

# Loaded with the match (the rules) or with the entry: imported here, not at
# each step, where importing a loaded module by its dotted name took about
# 0.3 ms on the lab's RP2040.
from tanteador.rules import RulesError, hand_winner
from tanteador.screens import ui
from tanteador.screens.fields import Form, keys, move, refusal, told
from tanteador.screens.outcome import outcome

# Buttons and events (buttons.py), folded: no name is kept on the device's heap.
_UP = const(0)
_DOWN = const(1)
_OK = const(2)
_BACK = const(3)
_PRESS = const(0)
_REPEAT = const(2)

# Texts shown (textids.py), folded: no name is kept on the device's heap.
_T_HAND = const(28)
_T_POINTS = const(30)
_T_EDIT = const(42)
_T_LAST_TRICK = const(101)
_T_E_LAST = const(105)
_T_HOLD_TEN = const(115)

START = const(60)
# Two sides share the width: a half each, the number centred in it.
_HALF = ui.WIDTH // 2


class Entry(Form):
    NAME = "entry"

    def __init__(self, app, edit=None, points=None):
        m = app.match
        self.edit = edit
        n = m.nsides
        # One value (the other side derived) only when the whole deck is in play.
        self.free = m.options.undrawn_cards > 0
        self.two = n == 2 and not self.free
        if points is None and edit is not None:
            points = m.hands[edit].points
        if points is not None:
            self.vals = list(points)
        elif self.two:
            self.vals = [START, 120 - START]
        else:
            v = (120 // n) // 10 * 10
            self.vals = [v] * n
            self._derive()
        # Fields the user sets; with the whole deck the last side is derived.
        self.fields = 1 if self.two else (n if self.free else n - 1)
        self.i = 0
        self.err = None
        # The side that took the last trick while the entry asks it, else None.
        self.last = None
        # True once the saved document may be this entry (its points were
        # saved, or it was resumed): leaving it then saves the table.
        self.kept = False
        self._line = None     # (what the last line says, its text)
        self._base = None     # the field's value before the press being held
        self._checked = None  # (points, the RulesError OK would meet or None)
        # The results a step can lead to are drawn ahead once the entry is on
        # the glass (see tick): not before its first frame, which they would delay.
        self._ahead = self.two
        self._drawn = False

    def _derive(self):
        if not self.free:
            n = len(self.vals)
            self.vals[n - 1] = 120 - sum(self.vals[: n - 1])

    def _title(self, app):
        if self.edit is not None:
            return app.t(_T_EDIT) % (self.edit + 1)
        return app.t(_T_HAND) % app.match.hand_no

    def tick(self, app, now_ms):
        """Once the entry's first frame is out, draw ahead the results a step can
        lead to: a step that changes the last line then costs no more than one that keeps it."""
        if self._ahead and self._drawn:
            self._ahead = False
            for w in (0, 1, None):
                # The Painter keeps a small-font text as it measures it.
                app.p.width(ui.fit_drawn(app, outcome(app, w, None), ui.WIDTH))

    def draw(self, app):
        self._drawn = True
        y = ui.LINE + 2
        # The title and the names stay put while the points change: drawn
        # once and kept, a press redraws only the numbers and the last line.
        if not app.p.restore(self):
            t = app.trump if self.edit is None else app.match.hands[self.edit].trump
            ui.title(app, self._title(app), t, app.t(_T_HOLD_TEN))
            if self.two:
                for i in range(2):
                    ui.center(app, ui.fit_drawn(app, app.side_name(i), _HALF - 2), y, _HALF // 2 + _HALF * i)
            app.p.keep(self)
        if self.two:
            for i in range(2):
                cx = _HALF // 2 + _HALF * i
                s = "%d" % self.vals[i]
                if i == 0 and self.last is None:
                    w = ui.big_width(s)
                    # The box starts a row under the names' descenders, clear of them.
                    app.p.fill_rect(cx - w // 2 - 3, y + ui.LINE + 1, w + 6, ui.BIG_H, 1)
                    ui.big_center(app, s, y + ui.LINE + 1, cx, 0)
                else:
                    ui.big_center(app, s, y + ui.LINE + 1, cx)
        else:
            rows = []
            for i in range(len(self.vals)):
                v = self.vals[i]
                rows.append((app.side_name(i), "%d" % v if v >= 0 else "-"))
            # Three rows: the fourth would share its line with the last line.
            ui.rows(app, rows, self.i, y, 3)
        self._draw_last(app, self._last_line(app))

    def _last_line(self, app):
        """The last line, fitted: why the points were refused, "Points", or the result they give.

        The text is worked out again only when what it says changes, not at every step.
        """
        err = self.err
        win = cap = None
        if err is not None:
            key = err
        elif self.i + 1 < self.fields:
            key = -1
        elif self.last is not None:
            key = ("last", self.last)
        else:
            key = self._problem(app)
            if key is None:
                m = app.match
                win = hand_winner(self.vals, m.options.reverse)
                cap = m.capote(self.vals)
                # A tie the last trick settles is a question, not a void hand.
                key = -2 if win is None and m.needs_last(self.vals) else (win, cap)
        if self._line is None or self._line[0] != key:
            if err is not None:
                text = ui.fit(refusal(app, err), ui.WIDTH - 2)
            elif isinstance(key, Exception):
                # What OK would refuse is said before it is pressed.
                text = ui.fit(refusal(app, key), ui.WIDTH)
            elif key == -1:
                text = app.t(_T_POINTS)
            elif key == -2:
                text = ui.fit(app.t(_T_E_LAST), ui.WIDTH)
            elif self.last is not None:
                text = ui.fit(app.t(_T_LAST_TRICK) + ": " + app.side_name(self.last), 118)
            else:
                # Drawn next (centred): measured so, it is walked once.
                text = ui.fit_drawn(app, outcome(app, win, cap), ui.WIDTH)
            self._line = (key, text)
        return self._line[1]

    def _draw_last(self, app, text):
        y = ui.HEIGHT - ui.LINE
        if self.last is not None:
            # The question's answer is the field being changed: marked as one.
            ui.center(app, "<" + text + ">", y)
        elif self.err is not None:
            ui.refusal(app, text)
        else:
            ui.center(app, text, y)

    def handle(self, ev, app):
        if self.last is not None:
            return self._ask(ev[0], ev[1], app)
        return keys(self, ev, app, self._change)

    def _change(self, up, n):
        f = 0 if self.two else self.i
        if n == 0:
            self._base = self.vals[f]
        v = move(self.vals[f], up, n, self._base, self.two)
        if v is None:
            return False
        if self.two:
            self.vals = [v, 120 - v]
        else:
            self.vals[f] = v
            self._derive()
        return True

    def _ask(self, b, kind, app):
        # The last-trick question: UP/DOWN choose the side, OK records, BACK goes back.
        if kind not in (_PRESS, _REPEAT):
            return False
        n = len(self.vals)
        if b in (_UP, _DOWN):
            self.last = ((self.last or 0) + (1 if b == _DOWN else -1)) % n
        elif kind != _PRESS:
            return False
        elif b == _BACK:
            self.last = None
        elif b == _OK:
            self.ok(app)

    def check(self, m, pts):
        """Raise the RulesError OK meets with points ``pts``, if any."""
        if self.fields < len(pts) and pts[-1] < 0:
            # The derived last side went below 0: the others already hold too much.
            raise RulesError("above", None, (sum(pts) - pts[-1],))
        m.check(pts)

    def _problem(self, app):
        """The RulesError OK would meet with the points as they are, or None
        (checked once for each set of points)."""
        pts = tuple(self.vals)
        c = self._checked
        if c is None or c[0] != pts:
            e = None
            if not self.two:
                try:
                    self.check(app.match, pts)
                except RulesError as x:
                    e = x
            c = self._checked = (pts, e)
        return c[1]

    def ok(self, app):
        """All fields set: record the hand (or the edit) and save, or say why not.

        Tied points the last trick settles first ask who took it."""
        m = app.match
        pts = tuple(self.vals)
        try:
            self.check(m, pts)
            if self.last is None and m.needs_last(pts):
                # The first side tied for the top: at 60-60, the first side.
                top = max(pts) if not m.options.reverse else min(pts)
                self.last = pts.index(top)
                return
            app.enter_hand(self.edit, pts, self.last)
        except RulesError as e:
            self.last = None
            if told(app, e):
                return True
            self.err = e
            if e.side is not None and e.side < self.fields:
                self.i = e.side
