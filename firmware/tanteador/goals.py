"""When a match is over and who won it.

The engine asks after every recorded hand; nothing here keeps state.

Goals and what happens on a tie at the end (every "another hand" below is
sudden death: the match ends after the first later hand that breaks the
tie, and the goal is checked again after every hand):

- GOAL_WINS: first side to win ``target`` hands. A hand has one winner or
  none, so two sides never get there together: no tie is possible.
- GOAL_BESTOF: Briscola rounds, best of ``target`` (1, 3 or 5: first to
  target // 2 + 1 rounds). With two sides a round needs 61 or more, which
  is exactly "more points than the other"; 60-60 follows the tie rule. With
  more sides the round goes, like any hand, to the side with the most
  points even below 61 (a strict 61 would void most rounds), ties per the
  tie rule. Reverse: the fewest points take the round.
- GOAL_HANDS: ``target`` hands are played (void hands count as played);
  the side with the most hands won takes the match. Tie for the most ->
  another hand, until one side alone has the most hands won. In Briscola
  chiamata the highest score takes it (ties likewise).
- GOAL_POINTS: cumulative points (per the tie rule: with TIE_VOID or
  TIE_LAST a void hand's points do not count; in chiamata each player's
  score). The match ends after the hand in which any side reaches
  ``target``; the highest total wins, so when several cross in
  the same hand the higher total wins. Equal highest totals -> another
  hand. Reverse: reaching the target ends the match too, and the LOWEST
  total wins (equal lowest -> another hand).
- GOAL_TIME: ``target`` minutes of play, the sum of the ``elapsed_ms`` of
  the recorded hands (the caller pauses it while the device sleeps). The
  hand in play is always finished: the match ends when, after recording a
  hand, that sum is at least the target. Most points win (fewest in
  reverse); equal -> another hand.
- Capote (option): a side that takes every point in play in a hand (all
  120, or all but what the undrawn cards hold) wins the match at once, whatever the goal. In reverse mode the capote is noted in the
  history and figures but does not end the match: taking every point is the
  worst result there, and the hand is decided like any other (the side with
  the fewest points wins it).
"""

from tanteador.matchoptions import GOAL_BESTOF, GOAL_HANDS, GOAL_POINTS, GOAL_TIME
from tanteador.rules import hand_winner

MINUTE_MS = 60000


def wins_needed(opts):
    """Hands (rounds) a side must win for GOAL_WINS / GOAL_BESTOF, else None."""
    if opts.goal == GOAL_BESTOF:
        return opts.target // 2 + 1
    if opts.goal < GOAL_BESTOF:
        return opts.target
    return None


def decide(opts, won, totals, played, play_ms, capote):
    """``(winner_side, reason)`` if the match is over after the last hand, else None.

    won/totals: hands won and points per side so far; played: hands played;
    play_ms: play time so far; capote: side that took every point in play
    in the last hand or None. Reasons: 'capote', 'goal' (wins, best of), 'hands',
    'points', 'time'.
    """
    if capote is not None and opts.capote and not opts.reverse:
        return (capote, "capote")
    g = opts.goal
    if g <= GOAL_BESTOF:
        need = wins_needed(opts)
        for i in range(len(won)):
            if won[i] >= need:
                return (i, "goal")
        return None
    if g == GOAL_HANDS:
        if played >= opts.target:
            # Chiamata counts scores, not hands won.
            w = hand_winner(totals if opts.chiamata else won)
            if w is not None:
                return (w, "hands")
        return None
    if g == GOAL_POINTS:
        reached = max(totals) >= opts.target
        reason = "points"
    else:
        reached = g == GOAL_TIME and play_ms >= opts.target * MINUTE_MS
        reason = "time"
    if reached:
        w = hand_winner(totals, opts.reverse)
        if w is not None:
            return (w, reason)
    return None


def progress(opts, won, totals):
    """``(values_per_side, target)`` for the table screen.

    Hands won and the wins needed for GOAL_WINS / GOAL_BESTOF; hands won and
    the number of hands for GOAL_HANDS; points and the target for
    GOAL_POINTS; points and the minutes for GOAL_TIME. In Briscola
    chiamata the scores, whatever the goal: they decide the match.
    """
    g = opts.goal
    if g <= GOAL_BESTOF:
        return (list(won), wins_needed(opts))
    if g == GOAL_HANDS and not opts.chiamata:
        return (list(won), opts.target)
    return (list(totals), opts.target)
