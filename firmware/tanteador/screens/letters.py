"""A player's name typed with the four buttons, letter by letter.

The name so far shows with the letter being chosen inverted after it, the
letter before it (UP) above and the one after it (DOWN) below. The letters
come most used in names first, in groups (vowels, the common consonants,
the rare ones, the accents of the five languages, ª . ' - and a space),
round a ring whose last group holds the acute accents, é last: one UP
from "a" away. A held UP/DOWN jumps a group at each repeat. OK takes the letter
and offers the next, starting at the vowels after a consonant and at the
consonants after a vowel; a long OK ends the name as shown (the letter
being chosen included). BACK takes the last letter back to change it, and
leaves when there is none. The first letter, and one after a space, a
hyphen, an apostrophe or a dot, is a capital.

A name ended joins the device's names list (``Stage.add_name``), first,
so that the next match offers it one press away.
"""

from micropython import const

from tanteador.matchoptions import MAX_NAME_CHARS
from tanteador.screens import ui
from tanteador.storeops import fold

# Buttons and events (buttons.py), folded: no name is kept on the device's heap.
_UP = const(0)
_DOWN = const(1)
_OK = const(2)
_BACK = const(3)
_PRESS = const(0)
_LONG = const(1)
_REPEAT = const(2)

# Texts shown (textids.py), folded: no name is kept on the device's heap.
_T_PLAYER = const(26)
_T_HOLD_JUMP = const(118)
_T_LETTER_KEYS = const(119)
_T_NAME_TAKEN = const(120)

_GROUPS = ("aeiou", "nrlst", "cdmjb", "hgpvf", "zykqxw", "àèìòù", "çãõñâ", "êîôûë", "ïüœæöä",
           "ª.'- ", "úóíáé")
RING = "".join(_GROUPS)


def _starts():
    out = []
    n = 0
    for g in _GROUPS:
        out.append(n)
        n += len(g)
    return tuple(out)


# The index in RING where each group starts.
STARTS = _starts()
_CONSONANTS = STARTS[1]
_VOWELS = "aeiouyéíáóúàèìòùãõâêîôûëïüöäæœ"
_AFTER_CAPITAL = " -'."


def upper(c):
    """Letter ``c`` as a capital (MicroPython's ``upper`` knows only ASCII)."""
    o = ord(c)
    if 97 <= o <= 122 or (224 <= o <= 254 and o != 247):
        return chr(o - 32)
    if o == 0x153:
        return "\u0152"
    return c


def jump(k, d):
    """The ring index a repeat of a held DOWN (``d`` 1) or UP (-1) moves ``k`` to:
    the start of the next group, or of this one (the one before from its start)."""
    n = len(STARTS)
    g = n - 1
    while STARTS[g] > k:
        g -= 1
    if d > 0:
        return STARTS[(g + 1) % n]
    if STARTS[g] == k:
        g = (g - 1) % n
    return STARTS[g]


class Letters:
    NAME = "letters"

    def __init__(self, seat, done):
        self.seat = seat
        # done(app, name): called with the name ended (stripped, not empty).
        self.done = done
        self.text = ""
        self.k = 0
        self.taken = False

    def letter(self, k=None):
        """The letter at ring index ``k`` (the one being chosen by default), a capital where one goes."""
        c = RING[self.k if k is None else k]
        t = self.text
        if not t or t[-1] in _AFTER_CAPITAL:
            return upper(c)
        return c

    def _near(self, app, k, cx, y):
        # The letter at ring index k centred on column cx; a space as an open
        # box, as keyboards mark it: a blank would look like the ring's end.
        c = self.letter(k)
        if c != " ":
            ui.center(app, c, y, cx)
            return
        p = app.p
        y += ui.LINE - 5
        p.vline(cx - 3, y, 3, 1)
        p.hline(cx - 3, y + 2, 7, 1)
        p.vline(cx + 3, y, 3, 1)

    def shown(self):
        """The name as it stands, the letter being chosen included."""
        return self.text + self.letter()

    def draw(self, app):
        ui.title(app, app.t(_T_PLAYER) % (self.seat + 1), hint=app.t(_T_HOLD_JUMP))
        p = app.p
        c = self.letter()
        w = ui.width(self.text)
        cw = ui.width(c)
        x = (ui.WIDTH - w - cw - 2) // 2
        y = ui.TITLE_H + ui.LINE
        p.text(self.text, x, y)
        x += w
        p.bar(y, ui.LINE, x, cw + 2)
        p.text(c, x + 1, y, 0)
        n = len(RING)
        cx = x + 1 + cw // 2
        self._near(app, (self.k - 1) % n, cx, y - ui.LINE)
        self._near(app, (self.k + 1) % n, cx, y + ui.LINE)
        if self.taken:
            ui.refusal(app, app.t(_T_NAME_TAKEN))
        else:
            ui.center(app, app.t(_T_LETTER_KEYS), ui.HEIGHT - ui.LINE)

    def handle(self, ev, app):
        b, kind = ev[0], ev[1]
        self.taken = False
        if b in (_UP, _DOWN) and kind in (_PRESS, _REPEAT):
            d = 1 if b == _DOWN else -1
            self.k = (self.k + d) % len(RING) if kind == _PRESS else jump(self.k, d)
        elif b == _OK and kind == _LONG:
            self.end(app)
        elif kind != _PRESS:
            return False
        elif b == _OK:
            if len(self.text) + 1 >= MAX_NAME_CHARS:
                self.end(app)
                return
            c = self.letter()
            self.text += c
            self.k = _CONSONANTS if fold(c) in _VOWELS else 0
        elif b == _BACK:
            t = self.text
            if not t:
                app.pop()
                return
            self.text = t[:-1]
            k = RING.find(fold(t[-1]))
            self.k = k if k >= 0 else 0

    def end(self, app):
        """End the name as shown: ``done`` takes it, or refuses one already at the table."""
        name = self.shown().strip()
        self.taken = not self.done(app, name)
