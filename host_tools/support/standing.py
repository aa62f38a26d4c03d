"""The engine's standing after each hand of a match: what pull's rows and charts show.

The device shows a match's figures as its engine keeps them (hands won,
and points under the tie rule: a void hand adds nothing under "void", in
Briscola chiamata each player's score), and so must every figure the PC
writes. Nothing here adds points up: the match's hands are recorded again,
in order, into a new match of the same setup and rules version, and the
engine's own figures are read after each one.
"""


def standing(m):
    """[(won, totals)] after 0, 1, ... len(m.hands) hands of Match ``m``, each a pair
    of lists per side as the engine counts them: the last is (m.won, m.totals)."""
    from tanteador.match import Match

    again = Match(m.options.copy(), m.version)
    out = [(list(again.won), list(again.totals))]
    for h in m.hands:
        again.replay(h.trump, h.entry, h.elapsed_ms, h.last)
        out.append((list(again.won), list(again.totals)))
    return out
