"""Figures of a match, computed from its hands: the "stats" that `tanteador pull` writes.

The device shows none of them (its match end shows the hands won, the
points and the play time, which the match keeps), so they are worked out
here, on the PC, from the match the device saved. Per hand the history is
the Hand objects themselves (number, dealer, trump, points, winner or None
for void, capote, elapsed_ms).
"""


def match_stats(m):
    """Figures of a match as a dict.

    hands: hands played; voids: hands nobody won (none in chiamata, where
    the caller's side or the defenders win each hand); won: hands won per
    side (in chiamata per player: hands that gained them points);
    totals: points per side as the goals count them (per the tie rule);
    avg10: average points taken per hand per side, in tenths (int, over all
    hands, void ones included: the cards fell that way; in chiamata the
    average score); avg: the same as a float with one decimal; capotes:
    hands with every point in play per side (in chiamata per player, on the
    side that took all 120: a cappotto); streak: longest run of consecutive
    hands won per side (a lost or void hand ends a run; a hand sat out
    neither ends nor lengthens one); duration_ms: play time (sum of the
    hands' elapsed_ms).
    """
    from tanteador import chiamata

    n = m.nsides
    hands = m.hands
    raw = [0] * n
    caps = [0] * n
    streak = [0] * n
    run = [0] * n
    voids = 0
    call = m.chiamata
    players = m.options.players
    for h in hands:
        out = None
        if call:
            out = chiamata.sitting_out(players, h.dealer)
            if chiamata.cappotto(h.entry):
                for i in cappotto_side(h.entry, players, out):
                    caps[i] += 1
        elif h.winner is None:
            voids += 1
        if h.capote is not None:
            caps[h.capote] += 1
        for i in range(n):
            raw[i] += h.points[i]
            if i == out:
                continue
            # In chiamata every player who gained won the hand.
            if (h.points[i] > 0) if call else h.winner == i:
                run[i] += 1
                if run[i] > streak[i]:
                    streak[i] = run[i]
            else:
                run[i] = 0
    k = len(hands)
    avg10 = [(r * 10 + k // 2) // k if k else 0 for r in raw]
    return {
        "hands": k,
        "voids": voids,
        "won": list(m.won),
        "totals": list(m.totals),
        "avg10": avg10,
        "avg": [a / 10 for a in avg10],
        "capotes": caps,
        "streak": streak,
        "duration_ms": m.play_ms,
    }


def cappotto_side(entry, players, out):
    """Seats of the side that took all 120 points of a chiamata hand
    (``out`` the seat sitting out, or None)."""
    callers = (entry[0], entry[1])
    took = entry[3] > 0
    return [i for i in range(players) if i != out and (i in callers) == took]

