"""The virtual draw for the first dealer: who drew what, where each sits, who deals.

With 4 players in pairs the draw also seats the players: the two highest
play against the two lowest, the highest deals from seat 1, the partner
sits opposite and the better of the others at the dealer's right.
"""

from tanteador import i18n
from tanteador.buttons import BACK, OK, PRESS
from tanteador.screens import ui


class DealDraw:
    NAME = "draw"

    def __init__(self, app, opts, names):
        from tanteador.options import PAIRS
        from tanteador.seating import draw_for_dealer

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
        o = opts.copy()
        o.first_dealer = r.dealer
        if pairs:
            o.names = [names[p] for p in r.seats]
        self.opts = o

    def draw(self, fb, app):
        ui.title(fb, app, app.t(i18n.FIRST))
        n = len(self.names)
        seats = self.seats
        y0 = ui.LINE + 2
        o = self.opts
        cols = 1 if n <= 3 else 2
        w = 128 // cols
        for s in range(n):
            p = seats[s]
            x = (s % cols) * w
            # Rows as tall as a suit icon, so icons neither touch the title nor each other.
            y = y0 + (s // cols) * ui.SUIT_H
            card = self.cards[p]
            ui.text(fb, app, x, y, "%d" % (s + 1))
            ui.text(fb, app, x + 8, y, ui.fit(self.names[p], w - 34))
            rank = ui.rank_name(app, card[0], o.cards)
            if self.draws[p] > 1:
                rank = "*" + rank
            xr = x + w - 4 - ui.SUIT_W
            ui.right(fb, app, y, rank, xr - 1)
            ui.suit(fb, app, xr, y - 1, card[1], cards=o.cards)
        y = 64 - ui.LINE
        d = o.first_dealer
        ui.center(fb, app, y, ui.fit(app.t(i18n.DEALS) % self.names[seats[d]], 128))

    def handle(self, ev, app):
        if ev[1] != PRESS:
            return
        if ev[0] == BACK:
            app.pop()
        elif ev[0] == OK:
            app.begin(self.opts)
