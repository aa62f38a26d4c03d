"""Layout helpers shared by the screens, drawn through the app's Painter.

Everything goes through ``tanteador.draw`` so that every string lands in the
text model (``app.texts``). Sizes follow the generated fonts: a text line
box is LINE rows, big digits BIG_H rows, suits at most 11 px (24 px large)
so that a suit fits a text line with a row to spare.

Suits are drawn and named in the match's card style (matchoptions.CARDS_*):
screens go through ``suit``, ``suit_name`` and ``rank_name`` for that.
"""

from micropython import const

from tanteador import draw as D
from tanteador import icons

# Icons (iconids.py), folded: no name is kept on the device's heap.
_ICON_UP = const(14)
_ICON_DOWN = const(15)

# Texts shown (textids.py), folded: no name is kept on the device's heap.
_T_SUITS = const(1)
_T_RANKS = const(2)
_T_SUITS_FR = const(90)
_T_RANKS_FR = const(91)

LINE = D.LINE
WIDTH = D.WIDTH
HEIGHT = D.HEIGHT
BIG_H = const(25)
SUIT_W = const(11)
SUIT_H = const(11)
TITLE_H = const(13)  # the title bar: a text line and a blank row under its descenders
SUIT_L = const(24)
ICON_W = const(9)


def fit(s, w):
    """``s`` shortened with an ellipsis to ``w`` pixels."""
    return D.ellipsize(s, w)


def fit_drawn(app, s, w):
    """``s`` shortened with an ellipsis to ``w`` pixels, for a text drawn next.

    Measured through the Painter, which keeps a small-font text as it
    measures it: the text() that follows finds it drawn, and a text that
    fits is walked once, not once more to fit it.
    """
    return s if app.p.width(s) <= w else fit(s, w)


def width(s):
    return D.text_width(s)


def center(app, s, y, cx=WIDTH // 2, c=1):
    """Text centred on column ``cx``."""
    return app.p.text(s, cx - app.p.width(s) // 2, y, c)


def big_width(s):
    return D.text_width(s, D.BIG)


def medium_width(s):
    return D.text_width(s, D.MEDIUM)


def icon_width(icon_id):
    return icons.INDEX[icon_id * 4 + 2]


def label(app, s, x, y):
    """``s`` in the label font (capitals 13 px), its box's top-left at (x, y)."""
    return app.p.text(s, x, y, 1, D.LABEL)


def label_fit(s, w):
    """``s`` shortened with an ellipsis to ``w`` pixels of the label font."""
    return D.ellipsize(s, w, D.LABEL)


def big_center(app, s, y, cx, c=1, room=WIDTH):
    """A number in big digits centred on ``cx`` (medium digits if it exceeds ``room``)."""
    font = D.BIG
    w = D.text_width(s, font)
    if w > room:
        font = D.MEDIUM
        w = D.text_width(s, font)
        y += (BIG_H - D.MEDIUM[0]) // 2
    return app.p.text(s, cx - w // 2, y, c, font)


def medium_right(app, s, xr, y, c=1):
    """Digits in the medium font ending at column ``xr`` - 1."""
    return app.p.right(s, xr, y, c, D.MEDIUM)


def style(app):
    """The card style of the match in play (Spanish cards without a match)."""
    m = app.match
    return 0 if m is None else m.options.cards


def suit(app, s, x, y, c=1, large=False, cards=None):
    """A suit icon centred in a SUIT_W x SUIT_H box (SUIT_L square when ``large``).

    ``cards``: the card style, when it is not the match's (a setup not
    started yet).
    """
    if cards is None:
        cards = style(app)
    i = D.suit_icon(s, large, cards)
    idx = icons.INDEX
    bw = SUIT_L if large else SUIT_W
    bh = SUIT_L if large else SUIT_H
    return app.p.icon(i, x + (bw - idx[i * 4 + 2]) // 2, y + (bh - idx[i * 4 + 3]) // 2, c)


def next_suit(suit, down):
    """The suit after ``suit`` going DOWN (oros, copas, espadas, bastos; with
    French cards diamonds, hearts, spades, clubs) or UP; from None (not set
    yet), the first or the last. Here, beside the table and the trump picker
    alike: a step of the trump on the table then imports nothing (an import
    of a loaded module by its dotted name took 0.3 ms on the lab's RP2040)."""
    if suit is None:
        return 0 if down else 3
    return (suit + (1 if down else 3)) % 4


def suit_name(app, s, cards=None):
    """The name of suit ``s`` in the match's card style (or ``cards``)."""
    if cards is None:
        cards = style(app)
    return app.part(_T_SUITS_FR if cards else _T_SUITS, s)


def rank_name(app, r, cards):
    """The face of rank index ``r`` ("A", "3", "K"...) in card style ``cards``."""
    return app.part(_T_RANKS_FR if cards else _T_RANKS, r)


def title(app, s, trump=None, hint=None):
    """The title bar: inverted band with ``s`` on it, and the trump at its right.

    The band is a row taller than the text line, so that descenders keep a
    row of band under them; the suit sits inside it with a row above and below.
    ``hint`` (what a long press of UP/DOWN does) goes right of the title,
    after the UP and DOWN arrows, where the title leaves room for it.
    """
    p = app.p
    p.bar(0, TITLE_H)
    x = WIDTH
    if trump is not None:
        x = WIDTH - SUIT_W - 2
        suit(app, trump, x, 1, 0)
    # Measured through the Painter (see fit_drawn): the title and the hint
    # drawn next are found drawn, not walked three or four times (the
    # entry's first frame 0.6 ms sooner on the lab's RP2040).
    if hint is not None:
        hw = p.width(hint) + ICON_W + 2
        if p.width(s) + hw + 10 <= x:
            x = p.right(hint, x - 3, 0, 0) - ICON_W
            p.icon(_ICON_UP, x, 1, 0)
            p.icon(_ICON_DOWN, x, 6, 0)
            x -= 3
    p.text(fit_drawn(app, s, x - 4), 2, 0, 0)


def step(scr, n, d, held):
    """Moves ``scr.sel`` a row down (``d`` 1) or up (-1) in a list of ``n`` rows that goes round.

    A press past an end goes round to the other end and sets ``scr.seam``
    (1: down to the first row, -1: up to the last) so that the list shows
    where it went round; a held button's repeats stop at the ends, so that a
    hold never carries the cursor round into rows the player is not watching:
    ``held`` for a repeat of a held button.
    """
    s = scr.sel + d
    went = 0
    if s < 0 or s >= n:
        if held or n < 2:
            s = scr.sel
        else:
            s %= n
            went = d
    scr.sel = s
    scr.seam = went


def lay(app, n, sel, nvis, seam, y0, w=WIDTH):
    """The rows in view right after the cursor went round (``seam``, see
    ``step``): (index, y) pairs round the seam (see ``seam.around``), None
    when the list shows its rows from the top row on, as it does otherwise."""
    if (seam == 1 and sel == 0) or (seam == -1 and sel == n - 1):
        # Imported only after a wrap, and nothing allocated otherwise: the
        # heap of a list that does not go round stays as it was.
        from tanteador.screens.seam import around

        return around(app, n, nvis, seam, y0, w)
    return None


def rows(app, items, sel, y0, nvis, editing=False, seam=0):
    """A scrolling list of (label, value) rows with the row ``sel`` highlighted.

    While ``editing`` the selected value alone is inverted, to show that
    UP/DOWN now change it. ``seam``: the cursor has just gone round (see ``lay``).
    """
    n = len(items)
    top = 0
    if n > nvis:
        top = min(max(0, sel - nvis // 2), n - nvis)
    w = WIDTH if n <= nvis else WIDTH - 3
    p = app.p
    spots = lay(app, n, sel, nvis, seam, y0, w)
    for i in range(min(n, nvis)):
        if spots:
            k, y = spots[i]
        else:
            k = top + i
            y = y0 + i * LINE
        label, value = items[k]
        on = k == sel
        c = 1
        if on and not editing:
            p.bar(y, LINE, 0, w)
            c = 0
        if value:
            # A long value (a name) gives way to a label that would vanish.
            room = w - 8 - min(D.text_width(label), (w - 8) // 2)
            value = fit(value, room)
        vw = D.text_width(value) if value else 0
        p.text(fit(label, w - vw - 8), 2, y, c)
        if value:
            if on and editing:
                p.bar(y, LINE, w - vw - 5, vw + 5)
                p.right(value, w - 2, y, 0)
            else:
                p.right(value, w - 2, y, c)
    if n > nvis:
        h = nvis * LINE
        p.vline(WIDTH - 2, y0, h, 1)
        bh = max(3, h * nvis // n)
        p.fill_rect(WIDTH - 2, y0 + (h - bh) * top // (n - nvis), 2, bh, 1)


def refusal(app, s, up=1):
    """The last line as a refusal: ``s`` inverted in a band along the bottom
    of the screen, ``up`` rows above the line's place (1: its descenders
    keep a row of band under them)."""
    y = HEIGHT - LINE
    app.p.bar(y - 1, LINE + 1)
    center(app, s, y - up, WIDTH // 2, 0)


def wrap(app, s, y):
    """``s`` word-wrapped and centred from row ``y``; returns the row below it."""
    return app.p.lines(s, y, WIDTH - 2)
