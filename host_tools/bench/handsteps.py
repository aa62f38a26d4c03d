"""What a whole hand costs a player, table to table: steps and seconds.

Found through the real App and Buttons on a HostBoard, for every legal
two-sided score with each trump, every three-sided split and a spread of
Briscola chiamata calls (CALL_BIDS), and counted as a player counts them:

steps    every press, and every auto-repeat step of a hold, is one: a hold
         that moves 15 points costs 15, as 15 taps would, since the player
         watches each step to let go on the right number. A long press whose
         effect does not depend on how long it is held (what it leaves after
         its first repeat stays however long it goes on) is one.
seconds  a player who taps every TAP_MS; a long press takes the time to its
         first repeat and SEE_MS more to see the number move and let go; a
         hold its real duration and SEE_MS more.

The cheapest way to each value of a field (fewest steps, then fewest
seconds) is found by a shortest-path search over taps and holds of k
repeats, each played on a fresh app; the hands are counted from the
fields' ways and a sample of them is played whole, with the OKs that
record it.
"""

import heapq

from host_tools.harness import matchplan

TAP_MS = 250
SEE_MS = 300

PLAYERS_2 = {"players": 2, "goal": 2, "target": 99}
PLAYERS_3 = {"players": 3, "goal": 2, "target": 99}
# Briscola chiamata (sides 3), a number of hands to play (goal 2).
CALL_5 = {"players": 5, "sides": 3, "goal": 2, "target": 99}
CALL_6 = {"players": 6, "sides": 3, "goal": 2, "target": 99}
# The calls the chiamata figure is taken over: every caller, every partner
# (the caller's own seat: alone), every trump, each bid of CALL_BIDS with
# every possible points of the caller's side (0 to 120 but 1 and 119, evenly:
# real hands gather nearer the bid, so this spread costs more than a table
# does). The auction goes down the cards' ranks first and comes to points
# only when two players reach the two: half the bids are taken to be 61 (an
# auction that ended on a rank), the others a points auction (an assumption
# of ours, not a count of real games).
CALL_BIDS = (61, 61, 61, 61, 61, 65, 70, 75, 80, 90)

# key: (what, target as shown, kind of hand, figure, limit)
_TARGETS = (
    ("steps_two_mean", "steps per hand, two sides, mean", "two", "mean", 10),
    ("steps_two_max", "steps per hand, two sides, max", "two", "max", 14),
    ("seconds_two_mean", "seconds per hand, two sides, mean", "two", "seconds_mean", 4),
    ("steps_three_mean", "steps per hand, three sides, mean", "three", "mean", 15),
    ("seconds_three_mean", "seconds per hand, three sides, mean", "three", "seconds_mean", 6),
    ("steps_call_mean", "steps per hand, Briscola chiamata (5 and 6 players), mean", "call", "mean", 18),
    ("seconds_call_mean", "seconds per hand, Briscola chiamata (5 and 6 players), mean", "call", "seconds_mean", 8),
)
TARGETS = {t[0]: (t[1], "<= %d" % t[4]) for t in _TARGETS}
_KINDS = (("two", "two sides"), ("three", "three sides"), ("call5", "Briscola chiamata, 5 players"),
          ("call6", "Briscola chiamata, 6 players"))

OK_B = 2
BACK_B = 3


class HandSim:
    """The real App on a HostBoard, on the table of a new match (``opts``), driven by the real Buttons."""

    def __init__(self, folder, opts):
        self.folder = folder
        self.doc = matchplan.start_doc(opts)
        self.runs = 0

    def fresh(self):
        """A new app on the table of the match, nothing pressed yet."""
        matchplan.write_doc(self.folder, self.doc)
        self._boot()
        self._gap()
        while self.app.stage.screen.NAME == "notice":
            self.press(BACK_B)
        return self._on("table", "the match does not open on the table")

    def _boot(self):
        # A new app on the flash folder as it is, and the Buttons that shadow its presses.
        from host_tools.device.hostboard import HostBoard
        from tanteador.app import App
        from tanteador.buttons import Buttons

        self.board = HostBoard(self.folder)
        self.app = App(self.board, 0)
        self.shadow = Buttons()
        self.runs += 1

    def _on(self, name, fault):
        # self, once the app shows screen ``name``; else RuntimeError(fault).
        if self.app.stage.screen.NAME != name:
            raise RuntimeError("%s (screen %s)" % (fault, self.app.stage.screen.NAME))
        return self

    def tick(self):
        b = self.board
        b.advance(10)
        self.app.poll(b.now)
        self.app.tidy(b.now)
        return self.shadow.update(b.buttons(), b.now)

    def press(self, button):
        self.board.press(button, True)
        for _ in range(8):
            self.tick()
        self._gap()

    def _gap(self):
        self.board.release_all()
        for _ in range(12):
            self.tick()

    def hold(self, button, k):
        """Hold ``button`` for ``k`` auto-repeats (``k`` 0: a short press)."""
        from tanteador.buttons import REPEAT

        if k == 0:
            self.press(button)
            return
        self.board.press(button, True)
        got = 0
        while got < k:
            got += sum(1 for ev in self.tick() if ev[0] == button and ev[1] == REPEAT)
        self._gap()

    def hold_values(self, button, kmax, key):
        """Hold ``button``: [(k, key(app), ms since the press)] as it goes down (k 0: what a
        short press gives) and after each of the first ``kmax`` repeats (until two
        repeats in a row change nothing)."""
        from tanteador.buttons import PRESS, REPEAT

        t0 = self.board.now
        self.board.press(button, True)
        out = []
        polls = 0
        while len(out) <= kmax and polls < 100000:
            polls += 1
            for ev in self.tick():
                if ev[0] == button and ev[1] in (PRESS, REPEAT):
                    out.append((len(out), key(self.app), self.board.now - t0))
            if len(out) >= 3 and out[-1][1] == out[-2][1] == out[-3][1]:
                break
        self._gap()
        return out

    def apply(self, plan):
        for b, k in plan:
            self.hold(b, k)


def costs(seen):
    """[(k, value, (steps, ms))] of the ways ``seen`` (hold_values) offers: a tap,
    or a hold let go after k repeats."""
    out = []
    for k, v, ms in seen:
        if k == 0:
            out.append((k, v, (1, TAP_MS)))
        elif all(w == seen[1][1] for _, w, _ in seen[1:]):
            # Whatever it is held for once it moved, it leaves the same: a long press.
            out.append((k, v, (1, ms + SEE_MS)))
        else:
            out.append((k, v, (1 + k, ms + SEE_MS)))
    return out


def cheapest(sim, prefix, key, kmax, depth=99, want=None):
    """The cheapest way (fewest steps, then fewest ms) from ``prefix`` to every value of
    ``key(app)`` that UP/DOWN reach in ``depth`` actions: {value: (plan, (steps, ms))}.

    ``want``: the values looked for; the search ends once it has them all.
    """
    from tanteador.buttons import DOWN, UP

    sim.fresh().apply(prefix)
    start = key(sim.app)
    best = {start: ([], (0, 0))}
    done = set()
    queue = [((0, 0), 0, start)]
    order = 0
    left = None if want is None else set(want)
    while queue:
        cost, _, v = heapq.heappop(queue)
        if v in done or best[v][1] != cost:
            continue
        done.add(v)
        if left is not None:
            left.discard(v)
            if not left:
                break
        plan = best[v][0]
        if len(plan) >= depth:
            continue
        for b in (UP, DOWN):
            sim.fresh().apply(prefix + plan)
            for k, u, c in costs(sim.hold_values(b, kmax, key)):
                total = (cost[0] + c[0], cost[1] + c[1])
                if u not in done and (u not in best or total < best[u][1]):
                    best[u] = (plan + [(b, k)], total)
                    order += 1
                    heapq.heappush(queue, (total, order, u))
    return {v: best[v] for v in done}


def _record(sim, plan, want_trump, want_points):
    """Play ``plan`` from the table, then OK until the hand is recorded and the table is back;
    the OKs that took. Raises if the hand recorded is not the one meant."""
    sim.fresh().apply(plan)
    m = sim.app.stage.match
    oks = 0
    while (not m.hands or sim.app.stage.screen.NAME != "table") and oks < 6:
        sim.press(OK_B)
        oks += 1
    h = m.hands[-1] if m.hands else None
    # In chiamata the hand's entry is the call (its points are the players' scores).
    if h is None or h.trump != want_trump or tuple(h.entry if m.chiamata else h.points) != tuple(want_points) \
            or sim.app.stage.screen.NAME != "table":
        raise RuntimeError("%r recorded %r, screen %s" % (plan, h, sim.app.stage.screen.NAME))
    return oks


def _add(*ways):
    """The plan and cost of ways done one after another (each (plan, (steps, ms)))."""
    plan = []
    steps = ms = 0
    for p, c in ways:
        plan += p
        steps += c[0]
        ms += c[1]
    return plan, (steps, ms)


def _oks(n):
    return [(OK_B, 0)] * n, (n, n * TAP_MS)


def measure(folder, kmax=40, quick=False):
    """Steps and seconds of whole hands, table to table (see the module docstring):
    {"two", "three", "call5", "call6"}, each with the figures of ``_figures``.

    ``quick``: only values one action away (a smoke run, not figures).
    """
    import gc

    collect = gc.collect
    # A count, not a timing: CPython's full collections only cost time here.
    gc.collect = lambda *a: 0
    try:
        return {"two": _two_sides(folder, kmax, quick), "three": _three_sides(folder, kmax, quick),
                "call5": _chiamata(folder, CALL_5, kmax, quick), "call6": _chiamata(folder, CALL_6, kmax, quick)}
    finally:
        gc.collect = collect


def _two_sides(folder, kmax, quick):
    sim = HandSim(folder, PLAYERS_2)
    trumps = cheapest(sim, [], lambda app: app.stage.trump, 3)
    entry = _add(trumps[0], _oks(1))
    start = _record_start(sim, entry[0])
    values = cheapest(sim, entry[0], lambda app: app.stage.screen.vals[0], kmax, 1 if quick else 99)
    legal = [p for p in range(121) if p not in (1, 119)]
    if quick:
        legal = [p for p in legal if p in values][::4]
    counts = {}
    for t in range(4):
        for p in legal:
            if p not in values:
                raise RuntimeError("score %d cannot be entered" % p)
            plan, c = _add(trumps[t], _oks(1), values[p])
            counts[(t, p)] = _add(([], c), _oks(_record(sim, plan, t, (p, 120 - p))))[1]
    return _figures(counts, sim.runs, start)


def _record_start(sim, prefix):
    sim.fresh().apply(prefix)
    return list(sim.app.stage.screen.vals)


def _three_sides(folder, kmax, quick):
    from tanteador.rules import RulesError, check_points

    sim = HandSim(folder, PLAYERS_3)
    trumps = cheapest(sim, [], lambda app: app.stage.trump, 3)
    entry = _add(trumps[0], _oks(1))
    start = _record_start(sim, entry[0])
    first = cheapest(sim, entry[0], lambda app: app.stage.screen.vals[0], kmax, 1 if quick else 99)
    # The second field starts where the first leaves it: searched from its start.
    second = cheapest(sim, entry[0] + [(OK_B, 0)], lambda app: app.stage.screen.vals[1], kmax, 1 if quick else 99)
    counts = {}
    for a in range(121):
        for b in range(121 - a):
            pts = (a, b, 120 - a - b)
            try:
                check_points(pts, 3)
            except RulesError:
                continue
            if a in first and b in second:
                for t in range(4):
                    counts[(t, pts)] = _add(trumps[t], _oks(1), first[a], _oks(1), second[b], _oks(1))[1]
    played = 0
    keys = sorted(counts)
    for key in keys[::max(1, len(keys) // (4 if quick else 40))]:
        t, pts = key
        plan = _add(trumps[t], _oks(1), first[pts[0]], _oks(1), second[pts[1]])[0]
        if _record(sim, plan, t, pts) != 1:
            raise RuntimeError("three sides %r: the count does not match the app" % (pts,))
        played += 1
    r = _figures(counts, sim.runs, start)
    r["played"] = played
    return r


def _chiamata(folder, opts, kmax, quick):
    """Whole chiamata hands of the first deal of a match of ``opts``.

    Each field of the call is searched apart from the entry as OK leaves it
    (a field's start may follow the one before it: the partner the caller,
    the points the bid), the hands are counted from the fields' ways, and
    a sample is played whole.
    """
    go = [(OK_B, 0)]
    sim = HandSim(folder, opts)
    first = sim.fresh().app.stage.match
    depth = 1 if quick else 99
    trumps = cheapest(sim, [], lambda app: app.stage.trump, 3)
    entry = trumps[0][0] + go
    start = _record_start(sim, entry)
    callers = cheapest(sim, entry, lambda app: app.stage.screen.vals[0], 6)
    bids = cheapest(sim, entry + go, lambda app: app.stage.screen.vals[2], kmax, depth)
    wanted = sorted(set(CALL_BIDS))
    if quick:
        wanted = [b for b in wanted if b in bids][:1]
    legal = [p for p in range(121) if p not in (1, 119)]
    partners = {}
    for c in callers:
        partners[c] = cheapest(sim, entry + callers[c][0] + go + go, lambda app: app.stage.screen.vals[1], 6)
    points = {}
    for b in wanted:
        if b not in bids:
            raise RuntimeError("bid %d cannot be entered" % b)
        points[b] = cheapest(sim, entry + go + bids[b][0] + go + go, lambda app: app.stage.screen.vals[3], kmax,
                             depth, legal)
    counts = {}
    for t in range(4):
        for c in callers:
            for p in partners[c]:
                for k in range(len(CALL_BIDS)):
                    b = CALL_BIDS[k]
                    if b not in points:
                        continue
                    for x in legal:
                        if x not in points[b]:
                            if not quick:
                                raise RuntimeError("points %d cannot be entered after bid %d" % (x, b))
                            continue
                        # trump, OK, caller, OK, bid, OK, partner, OK, points, OK that records
                        counts[(t, c, p, k, x)] = _add(trumps[t], _oks(1), callers[c], _oks(1), bids[b], _oks(1),
                                                       partners[c][p], _oks(1), points[b][x], _oks(1))[1]
    played = 0
    keys = sorted(counts)
    for key in keys[::max(1, len(keys) // (4 if quick else 60))]:
        t, c, p, k, x = key
        b = CALL_BIDS[k]
        plan = _add(trumps[t], _oks(1), callers[c], _oks(1), bids[b], _oks(1), partners[c][p], _oks(1),
                    points[b][x])[0]
        if _record(sim, plan, t, (c, p, b, x)) != 1:
            raise RuntimeError("chiamata %r: the count does not match the app" % (key,))
        played += 1
    r = _figures(counts, sim.runs, start)
    r["played"] = played
    r["bids"] = list(CALL_BIDS)
    r["leader"] = first.leader
    r["sitting_out"] = first.sitting_out
    # The worst hands as calls: trump, caller, partner, bid, points.
    r["worst"] = [[w[0], w[1], w[2], CALL_BIDS[w[3]], w[4]] for w in r["worst"]]
    return r


def _figures(counts, runs, start):
    steps = [c[0] for c in counts.values()]
    secs = [c[1] / 1000 for c in counts.values()]
    worst = max(steps)
    return {
        "mean": round(sum(steps) / len(steps), 2),
        "max": worst,
        "seconds_mean": round(sum(secs) / len(secs), 2),
        "seconds_max": round(max(secs), 2),
        "hands": len(steps),
        "start": start,
        "worst": [list(k) if isinstance(k, tuple) else k for k in sorted(k for k in counts if counts[k][0] == worst)[:6]],
        "histogram": {str(k): steps.count(k) for k in sorted(set(steps))},
        "simulations": runs,
    }


def _value(r, kind, figure):
    if kind == "call":
        return max(r["call5"][figure], r["call6"][figure])
    return r[kind][figure]


def check(r):
    """{target key: True/False} for the figures ``r`` of ``measure``."""
    return {key: _value(r, kind, fig) <= limit for key, _, kind, fig, limit in _TARGETS}


def rows(r, ok):
    """(figure, value, target, verdict) rows of the bench's table; ``ok(key)`` gives a target's verdict."""
    out = []
    for kind, name in _KINDS:
        p = r[kind]
        t = "call" if kind.startswith("call") else kind
        steps = [x for x in _TARGETS if x[2] == t and x[0].startswith("steps")]
        secs = [x for x in _TARGETS if x[2] == t and x[0].startswith("seconds")]
        limit = "<= %d" % steps[0][4] + "".join(" (%d)" % x[4] for x in steps[1:])
        out.append(("steps per hand, table to table, %s, mean (max)" % name, "%.2f (%d)" % (p["mean"], p["max"]),
                    limit, "ok" if all(ok(x[0]) == "ok" for x in steps) else "MISSED"))
        out.append(("seconds per hand, table to table, %s, mean (max)" % name,
                    "%.1f s (%.1f s)" % (p["seconds_mean"], p["seconds_max"]), "<= %d s" % secs[0][4],
                    ok(secs[0][0])))
    return out


def notes(r):
    """The Markdown notes that say how the figures of ``r`` were counted."""
    return [
        "- Steps and seconds per hand: a whole hand from the table back to the table, as a player counts "
        "it: every press is a step, and so is every auto-repeat step of a hold (a hold that moves 15 points "
        "costs 15, as 15 taps); a long press whose effect does not depend on how long it is held is one. "
        "Seconds: a tap every %d ms; a long press its time to the first repeat and %d ms to see the number "
        "move and let go; a hold its real duration and the same %d ms. The cheapest way to each value of a "
        "field (fewest steps, then fewest seconds) is found through the real Buttons and App; two sides: "
        "every legal score with each of the four trumps, %d hands played whole (entry start %s); three "
        "sides: %d hands counted from the fields' ways, %d of them played whole."
        % (TAP_MS, SEE_MS, SEE_MS, r["two"]["hands"], r["two"]["start"][0], r["three"]["hands"],
           r["three"]["played"]),
        "- Briscola chiamata: the same for the first hand of a match of 5 players and of 6 (the dealer sits "
        "out): the trump on the table, OK, the caller, OK, the bid, OK, the partner, OK, the points of the "
        "caller's side, OK. Counted over every caller, every partner (alone too), every trump, the bids %s "
        "(half the auctions end on a card's rank, which leaves 61: an assumption, not a count of games) and "
        "every possible points 0 to 120, evenly (real hands gather near the bid, where a hand costs less): "
        "%d hands for 5 players, %d for 6, counted from the fields' ways, %d and %d of them played whole."
        % (", ".join("%d" % b for b in sorted(set(r["call5"]["bids"]))), r["call5"]["hands"],
           r["call6"]["hands"], r["call5"]["played"], r["call6"]["played"]),
    ]
