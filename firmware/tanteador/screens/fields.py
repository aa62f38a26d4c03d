"""What the two hand entries (points, chiamata call) share: what the saved
document keeps of them; a number stepped by 1 or, with a long press, by 10;
the keys of a form of fields; the words of a refusal."""

from micropython import const

from tanteador.screens import ui

# Buttons and events (buttons.py), folded: no name is kept on the device's heap.
_UP = const(0)
_DOWN = const(1)
_OK = const(2)
_BACK = const(3)
_PRESS = const(0)
_REPEAT = const(2)

# Texts shown (textids.py), folded: no name is kept on the device's heap.
_T_E_RANGE = const(69)
_T_E_ONE = const(70)
_T_E_TOTAL = const(71)
_T_E_CARDS = const(72)
_T_E_UNDRAWN = const(73)
_T_E_OVER = const(74)
_T_E_OTHER = const(75)
_T_E_ABOVE = const(84)
_T_E_MISSING = const(85)
_T_E_TRICKS = const(93)
_T_E_CALLER = const(102)
_T_E_PARTNER = const(103)
_T_E_BID = const(104)
_T_E_LAST = const(105)
_T_E_ENDS_AT = const(122)

# Refusal code, then the text id saying it (the text takes the error's numbers).
_REASONS = const(("range", _T_E_RANGE, "one", _T_E_ONE, "total", _T_E_TOTAL,
                  "cards", _T_E_CARDS, "undrawn", _T_E_UNDRAWN, "over", _T_E_OVER,
                  "above", _T_E_ABOVE, "missing", _T_E_MISSING, "tricks", _T_E_TRICKS,
                  "last", _T_E_LAST, "caller", _T_E_CALLER, "partner", _T_E_PARTNER, "bid", _T_E_BID))
# How long a notice of several lines stays (any press closes it sooner).
_HINT_MS = const(8000)


class Form:
    """A hand entry as the saved document keeps it: the hand it edits
    (``edit``, None for the hand in play), the field being set (``i``, of
    ``fields``) and the values typed (``vals``)."""

    edit: "int | None"
    i: int
    fields: int
    vals: list
    kept: bool

    def typed(self):
        """What the saved document keeps: ``[edit or -1, field, values...]``
        (the points, or in chiamata the caller, partner, bid and points)."""
        return [-1 if self.edit is None else self.edit, self.i] + self.vals

    def resume(self, field):
        """Back on field ``field`` of an entry the saved document kept
        (leaving it then saves the table again, see ``keys``)."""
        self.i = min(field, self.fields - 1)
        self.kept = True


def step(v, up, two=True, d=1):
    """Value ``v`` moved ``d`` up (``up``) or down, kept within 0..120.

    With two sides 1 and 119 are skipped: no set of cards is worth 1 point.
    """
    v += d if up else -d
    if v < 0:
        v = 0
    elif v > 120:
        v = 120
    if two:
        if v == 1:
            v = 2 if up else 0
        elif v == 119:
            v = 120 if up else 118
    return v


def move(v, up, n, base, two=True):
    """A number's value after an UP/DOWN event with repeat count ``n``: a
    press steps ``v`` by 1, the first repeat (a long press) moves ``base``
    (the value before the press) by 10; None for later repeats."""
    if n == 0:
        return step(v, up, two)
    if n == 1:
        return step(v if base is None else base, up, two, 10)
    return None


def reason(code):
    """Text id explaining a RulesError code."""
    for i in range(0, len(_REASONS), 2):
        if _REASONS[i] == code:
            return _REASONS[i + 1]
    return _T_E_OTHER


def keys(s, ev, app, change):
    """Handle event ``ev`` for the entry ``s`` (a Form, with ``err`` and
    ``ok(app)``): UP/DOWN change the field through ``change(up, repeats)``
    (which says whether anything changed), OK goes to the next field or,
    on the last, records the entry (``s.ok``), BACK goes to the field
    before (on the first, it leaves). False when the event changed nothing
    (see ``handle`` in the screens package). What is typed is saved once
    the buttons rest, so a power cut comes back to it; leaving saves the
    table again if it was."""
    b, kind, n = ev
    if b in (_UP, _DOWN) and kind in (_PRESS, _REPEAT):
        if not change(b == _UP, n):
            return False
        s.err = None
        s.kept = True
        app.save_soon()
        return True
    if kind != _PRESS:
        return False
    if b == _BACK:
        s.err = None
        if s.i > 0:
            s.i -= 1
        else:
            app.pop()
            if s.kept:
                app.save_soon()
    elif b == _OK:
        if s.i + 1 >= s.fields:
            s.ok(app)
        else:
            s.err = None
            s.i += 1
    return True


def told(app, e):
    """True when refusal ``e`` needs more words than the last line holds and
    a notice has said them: an edit that would end the match before the
    hands after it says at which hand, and what makes the edit possible."""
    if e.code != "over" or not e.nums:
        return False
    app.notice(_T_E_ENDS_AT, e.nums[0], ms=_HINT_MS)
    return True


def refusal(app, e):
    """What a refusal (RulesError ``e``) says: its reason with its numbers,
    after the name of the side at fault when there is one."""
    s = app.t(reason(e.code))
    # Some reasons say no number (a seat sitting out is shown, not told).
    if e.nums and "%" in s:
        s = s % e.nums
    if e.side is not None:
        tail = ": " + s
        s = ui.fit(app.side_name(e.side), ui.WIDTH - 2 - ui.width(tail)) + tail
    return s
