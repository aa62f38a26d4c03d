"""The words for a hand's result: who wins it, a void hand, a capote; in
chiamata, whether the caller's side made the bid and the caller's score."""

from micropython import const

# Texts shown (textids.py), folded: no name is kept on the device's heap.
_T_WINS_HAND = const(31)
_T_VOID = const(32)
_T_CAPOTE_BY = const(33)
_T_CALL_MADE = const(98)
_T_CALL_DOWN = const(99)
_T_CAPPOTTO = const(100)


def outcome(app, winner, capote):
    """Text of a hand's result: who wins, void, capote (when the option is on)."""
    if capote is not None and app.match.options.capote:
        return app.t(_T_CAPOTE_BY) % app.side_name(capote)
    if winner is None:
        return app.t(_T_VOID)
    return app.t(_T_WINS_HAND) % app.side_name(winner)


def call_outcome(app, entry, dealer):
    """Text of a chiamata hand's result, ``entry`` its call (caller, partner,
    bid, points) and ``dealer`` its dealer: made, down or cappotto, with
    the caller's score."""
    from tanteador import chiamata

    o = app.match.options
    c = entry[0]
    score = chiamata.scores(entry, o.players, dealer, o.call)[c]
    if chiamata.cappotto(entry):
        tid = _T_CAPPOTTO
    else:
        tid = _T_CALL_MADE if chiamata.made(entry) else _T_CALL_DOWN
    return app.t(tid) % (app.side_name(c), score)


def hand_outcome(app, h):
    """Text of a recorded Hand's result."""
    if app.match.chiamata:
        return call_outcome(app, h.entry, h.dealer)
    return outcome(app, h.winner, h.capote)
