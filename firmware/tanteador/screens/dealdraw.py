"""The virtual draw for the first dealer: who drew what, where each sits, who deals.

With 4 players in pairs the draw also seats the players: the two highest
play against the two lowest, the highest deals from seat 1, the partner
sits opposite and the better of the others at the dealer's right; the
title then says who partners whom.

Up to four players a row each, the dealer marked; five or six in two
columns parted by a rule (else a card runs into the next seat's number),
with the dealer named on the last line.
"""

from micropython import const

from tanteador.screens import ui

# Buttons and events (buttons.py), folded: no name is kept on the device's heap.
_OK = const(2)
_BACK = const(3)
_PRESS = const(0)
# Icons (iconids.py), folded the same way.
_ICON_DEALER = const(8)

# Texts shown (textids.py), folded: no name is kept on the device's heap.
_T_FIRST = const(23)
_T_DEALS = const(27)
_T_SEATS_PAIRS = const(92)

_Y0 = const(14)   # the first row, under the title and a blank row
_GUTTER = const(7)  # between two columns, the rule in its middle


class DealDraw:
    NAME = "draw"

    def __init__(self, app, opts, names):
        from tanteador.matchoptions import PAIRS
        from tanteador.firstdealer import draw_for_dealer

        n = opts.players
        pairs = opts.sides == PAIRS and n == 4
        r = draw_for_dealer(n, app.rand_below, opts.deck, pairs)
        # Last card each player drew (ties draw again), by player index.
        self.cards = [None] * n
        self.draws = [0] * n
        for rnd in r.rounds:
            for who, card in rnd:
                self.cards[who] = card
                self.draws[who] += 1
        self.names = names
        self.seats = r.seats
        self.pairs = pairs
        o = opts.copy()
        o.first_dealer = r.dealer
        if pairs:
            o.names = [names[p] for p in r.seats]
        self.opts = o

    def draw(self, app):
        n = len(self.names)
        ui.title(app, app.t(_T_SEATS_PAIRS if self.pairs else _T_FIRST))
        seats = self.seats
        o = self.opts
        d = o.first_dealer
        cols = 1 if n <= 4 else 2
        w = ui.WIDTH if cols == 1 else (ui.WIDTH - _GUTTER) // 2
        for s in range(n):
            p = seats[s]
            x = (s % cols) * (w + _GUTTER)
            y = _Y0 + (s // cols) * ui.LINE
            card = self.cards[p]
            rank = ui.rank_name(app, card[0], o.cards)
            if self.draws[p] > 1:
                rank = "*" + rank
            xs = x + w - 2 - ui.SUIT_W
            ui.suit(app, card[1], xs, y + 1, cards=o.cards)
            xr = app.p.right(rank, xs - 2, y)
            xn = x + app.p.text("%d" % (s + 1), x, y) + 3
            if cols == 1:
                # No room for a last line: the dealer is marked in the list.
                if s == d:
                    app.p.icon(_ICON_DEALER, xn, y + 2)
                xn += ui.ICON_W + 3
            app.p.text(ui.fit(self.names[p], xr - xn - 3), xn, y)
        if cols == 2:
            app.p.vline(w + _GUTTER // 2, _Y0, (n + 1) // 2 * ui.LINE - 1, 1)
            ui.center(app, ui.fit(app.t(_T_DEALS) % self.names[seats[d]], ui.WIDTH), ui.HEIGHT - ui.LINE)

    def handle(self, ev, app):
        if ev[1] != _PRESS:
            return False
        if ev[0] == _BACK:
            app.pop()
        elif ev[0] == _OK:
            app.begin(self.opts)
        else:
            return False
