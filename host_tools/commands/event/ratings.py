"""Player ratings across matches and evenings, with openskill's Plackett-Luce model.

Every result in effect, in the order it came in, rates its players: each
side is a team of its players' ratings and the sides are ranked as the
match placed them (pairs, trios and matches of three or more sides alike).
The ratings are worked out again from all the results each time they are
shown, so a correction by hand changes every later rating as it should.
A player's rating is shown as openskill's ordinal, mu - 3 sigma: it grows
as the model gets surer of the player.
"""


def model():
    """The rating model (openskill's Plackett-Luce with its defaults)."""
    from openskill.models import PlackettLuce

    return PlackettLuce()


class Step:
    """A player's rating after one match."""

    def __init__(self, result, evening, mu, sigma, ordinal):
        self.result = result
        self.evening = evening
        self.mu = mu
        self.sigma = sigma
        self.ordinal = ordinal


def rate(event):
    """({player id: (mu, sigma, ordinal)} now, {player id: [Step, ...]} each player's history)."""
    m = model()
    current = {}
    history = {}
    for r in event.results():
        if len(r.sides) < 2:
            continue
        teams = [[current.get(p) or m.rating(name=str(p)) for p in s.players] for s in r.sides]
        new = m.rate(teams, ranks=[s.rank for s in r.sides])
        for side, team in zip(r.sides, new):
            for p, rating in zip(side.players, team):
                current[p] = rating
                history.setdefault(p, []).append(
                    Step(r.id, r.evening, rating.mu, rating.sigma, rating.ordinal()))
    now = {p: (x.mu, x.sigma, x.ordinal()) for p, x in current.items()}
    return now, history
