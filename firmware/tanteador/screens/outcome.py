"""The words for a hand's result: who wins it, a void hand, a capote."""

from tanteador import i18n


def outcome(app, winner, capote):
    """Text of a hand's result: who wins, void, capote (when the option is on)."""
    if capote is not None and app.match.options.capote:
        return app.t(i18n.CAPOTE_BY) % app.side_name(capote)
    if winner is None:
        return app.t(i18n.VOID)
    return app.t(i18n.WINS_HAND) % app.side_name(winner)
