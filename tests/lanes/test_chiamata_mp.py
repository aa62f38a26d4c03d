"""Chiamata and the last-trick tie rule on the MicroPython unix port: the same
scores, verdicts and documents as CPython, on a Pico's heap."""

from host_tools.harness import mplane


CODE = r"""
import gc, json
from tanteador import chiamata
from tanteador.match import Match
from tanteador.matchdoc import dumps, to_dict
from tanteador.matchload import loads
from tanteador.matchoptions import CHIAMATA, GOAL_HANDS, GOAL_POINTS, TIE_LAST, MatchOptions
from tanteador.rules import RulesError, hand_winner

for players in (5, 6):
    for call in ([1, 1, 1, 2], [2, 3, 1, 1], [3, 0, 2, 3]):
        for dealer in range(players):
            for caller in range(players):
                out = []
                for partner in range(players):
                    for bid in (61, 75, 120):
                        for pts in (0, 1, 2, 60, 61, 74, 75, 118, 119, 120):
                            try:
                                e = chiamata.check((caller, partner, bid, pts), players, dealer)
                                out.append(chiamata.scores(e, players, dealer, call))
                            except RulesError as err:
                                out.append(err.code)
                print(json.dumps({"k": "scores %d %s %d %d" % (players, call, dealer, caller), "v": out}))
                gc.collect()

out = []
m = Match(MatchOptions(players=6, sides=CHIAMATA, goal=GOAL_POINTS, target=6, first_dealer=5).validate())
for entry in ((0, 2, 61, 61), (1, 1, 80, 120), (3, 4, 61, 0), (5, 5, 61, 30)):
    try:
        m.record(1, entry, 1000)
    except RulesError as err:
        out.append(err.code)
m.undo()
m.redo()
back = loads(dumps(m))
print(json.dumps({"k": "match", "doc": to_dict(m), "same": to_dict(back) == to_dict(m), "totals": m.totals,
                  "won": m.won, "over": m.over, "winner": m.winner, "hands": [list(h.points) for h in m.hands]}))

t = Match(MatchOptions(players=4, sides=1, tie=TIE_LAST).validate())
t.record(0, (60, 60), 1000, 1)
t.record(1, (80, 40), 1000)
t.edit(1, points=(60, 60), last=0)
print(json.dumps({"k": "last", "doc": to_dict(loads(dumps(t))), "won": t.won,
                  "w": [hand_winner((60, 60), r, l) for r in (False, True) for l in (None, 0, 1)]}))
print(json.dumps({"k": "end"}))
"""


def _run(impl):
    rc, out, err = mplane.run_code(CODE, impl, heapsize="190K")
    res, noise = mplane.parse(out)
    assert rc == 0 and res and res[-1] == {"k": "end"}, err + "\n".join(noise)
    return {r["k"]: r for r in res[:-1]}


def test_micropython_scores_and_saves_as_cpython_does():
    mplane.require_micropython()
    mp, cp = _run("mp"), _run("cpython")
    assert mp == cp
    scores = [s for k, r in cp.items() if k.startswith("scores") for s in r["v"]]
    assert len(scores) > 10000 and {"caller", "partner", "one"} <= {s for s in scores if type(s) is str}
    assert all(sum(s) == 0 for s in scores if type(s) is list)
    m = cp["match"]
    assert m["same"] and m["hands"][0] == [2, -1, 1, -1, -1, 0] and m["doc"]["v"] == 4
    assert m["over"] and m["winner"] == 1 and m["totals"][1] == 7
    last = cp["last"]
    assert last["won"] == [1, 1] and last["doc"]["a"][0][0] == 8 and last["w"] == [None, 0, 1, None, 1, 0]
