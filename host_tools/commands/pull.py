"""`tanteador pull`: the match history off the board, as CSV, JSON and PNG charts.

Files are copied, never removed: /tt/state.json (the match in play, with
the actions its journal /tt/state.log holds, as a boot replays them),
/tt/h/hNNNN.json (finished matches; /tt/hNNNN.json on a device not yet past
a match end since an update) and /tt/bad-* (files the device set aside)
land untouched in OUT/board/. Every copy is checked against the board's
own hash; a transfer that does not match changes nothing in OUT. Files
that do not read as a match are named, kept raw, and left out of the
exports.
"""

import csv
import io
import json
import os
import sys

from host_tools import UserError
from host_tools.support.folders import check_writable
from host_tools.support.matchstats import cappotto_side, match_stats
from host_tools.support.saves import JOURNAL, BoardSource, DirSource, is_match_file, read_match
from host_tools.support.seats import UNNAMED, seat_label, side_label, unnamed_format
from host_tools.support.standing import standing

# Trump names by card style (matchoptions.CARDS_SPANISH, CARDS_FRENCH), by suit number.
SUITS = (("oros", "copas", "espadas", "bastos"), ("diamonds", "hearts", "spades", "clubs"))
GOALS = ("wins", "best-of", "hands", "points", "time")
# By matchoptions' SOLO..CHIAMATA and TIE_VOID..TIE_LAST.
SIDES = ("solo", "pairs", "trios", "chiamata")
TIES = ("void", "split", "last")


def end_of(m, archived):
    """How a match ended: its goal's reason ('goal', 'points', 'capote'...), 'abandoned'
    for one archived before its goal (End match, New match), or None while in play."""
    if m.over:
        return m.end_reason
    return "abandoned" if archived else None


def device_lang(files):
    """The language the device is set to, from its state.json ("en" when it has
    none that reads): the language its screens label unnamed seats in."""
    from tanteador import i18n

    try:
        lang = json.loads(files["state.json"].decode("utf-8"))["cfg"]["lang"]
    except (KeyError, TypeError, ValueError, UnicodeDecodeError, RecursionError):
        return "en"
    return lang if lang in i18n.LANGS else "en"


def call_record(m, h, unnamed=UNNAMED):
    """The roles of a chiamata hand: caller, partner (None alone), bid, the
    caller's side's points, made or down, cappotto, who sat it out."""
    from tanteador import chiamata

    o = m.options
    caller, partner, bid, points = h.entry
    out = chiamata.sitting_out(o.players, h.dealer)
    return {
        "caller": seat_label(o, caller, unnamed),
        "partner": None if partner == caller else seat_label(o, partner, unnamed), "bid": bid,
        "points": points, "made": chiamata.made(h.entry), "cappotto": chiamata.cappotto(h.entry),
        "sits_out": None if out is None else seat_label(o, out, unnamed),
    }


def hand_record(m, h, sides, so_far, unnamed=UNNAMED):
    """One hand as JSON: dealer, trump, points per side (in chiamata each
    player's score), winner, capote (in chiamata the players who took all
    120), the sides that won it, the last trick's side when it settled a
    tie, the engine's standing after it (``so_far``: (won, totals)), and in
    chiamata the call."""
    o = m.options
    suits = SUITS[o.cards]
    capote = None if h.capote is None else sides[h.capote]
    if m.chiamata:
        from tanteador import chiamata

        won = [sides[i] for i in range(m.nsides) if h.points[i] > 0]
        if chiamata.cappotto(h.entry):
            out = chiamata.sitting_out(o.players, h.dealer)
            capote = "/".join(sides[i] for i in cappotto_side(h.entry, o.players, out))
    else:
        won = [] if h.winner is None else [sides[h.winner]]
    rec = {
        "hand": h.number, "dealer": seat_label(o, h.dealer, unnamed), "trump": suits[h.trump] if 0 <= h.trump < 4 else h.trump,
        "points": list(h.points), "winner": None if h.winner is None else sides[h.winner],
        "capote": capote, "won_by": won,
        "last": None if h.last is None else sides[h.last], "elapsed_s": round(h.elapsed_ms / 1000, 1),
        "so_far": {"won": so_far[0], "totals": so_far[1]},
    }
    if m.chiamata:
        rec["call"] = call_record(m, h, unnamed)
    return rec


def setup_record(o):
    """The setup a match was played under, as the charts' titles tell it."""
    return {"players": o.players, "sides": SIDES[o.sides], "tie": TIES[o.tie], "reverse": bool(o.reverse),
            "capote": bool(o.capote)}


def match_record(name, m, archived, unnamed=UNNAMED):
    """A JSON-able summary of one match with all its hands.

    "finished" is true only for a match played to its goal; "end" tells how it ended;
    "game" is "brisca" or "chiamata" (with "call_scores", the scores of its setup);
    "number" the device's number of an ended match (None for the one in play);
    "winner_side" is the winner's index in "sides" (two sides may carry one
    label: players may share a name); "named" says per side which players have a name (the others are labelled
    by seat with ``unnamed``, the device's "P%d" or "G%d"...). Every figure is
    the engine's: the match's won and totals, and each hand's standing.
    """
    o = m.options
    sides = [side_label(o, i, unnamed) for i in range(m.nsides)]
    after = standing(m)[1:]
    hands = [hand_record(m, h, sides, after[k], unnamed) for k, h in enumerate(m.hands)]
    extra = {}
    if m.chiamata:
        extra["call_scores"] = dict(zip(("defender", "partner", "alone", "cappotto"), o.call))
    return dict({
        "file": name, "number": int(name[1:-5]) if archived else None,
        "game": "chiamata" if m.chiamata else "brisca", "finished": m.over,
        "end": end_of(m, archived), "setup": setup_record(o), "sides": sides,
        "players": [[seat_label(o, seat, unnamed) for seat in o.side_seats(i)] for i in range(m.nsides)],
        "named": [[bool(o.names and o.names[seat]) for seat in o.side_seats(i)] for i in range(m.nsides)],
        "goal": GOALS[o.goal] if 0 <= o.goal < len(GOALS) else o.goal, "target": o.target,
        "winner": None if m.winner is None else sides[m.winner], "winner_side": m.winner,
        "won": list(m.won), "totals": list(m.totals),
        "stats": match_stats(m), "hands": hands,
    }, **extra)


# The chiamata columns of hands.csv, empty for Brisca: see host_tools/docs/pull.md.
CALL_COLUMNS = ("caller", "partner", "alone", "bid", "call_points", "made", "sits_out")


def _call_cells(h):
    c = h.get("call")
    if c is None:
        return [""] * len(CALL_COLUMNS)
    return [c["caller"], c["partner"] or "", int(c["partner"] is None), c["bid"], c["points"], int(c["made"]),
            c["sits_out"] or ""]


def csv_text(records):
    """One row per hand of every match; per-side columns up to the most sides of any match
    (the columns are described in host_tools/docs/pull.md)."""
    width = max([len(r["sides"]) for r in records] + [2])
    buf = io.StringIO()
    w = csv.writer(buf, lineterminator="\n")
    head = ["file", "game", "finished", "end", "hand", "dealer", "trump", "winner", "capote", "last", "elapsed_s"]
    head += list(CALL_COLUMNS)
    head += ["side%d" % (i + 1) for i in range(width)]
    head += ["points%d" % (i + 1) for i in range(width)]
    head += ["won%d" % (i + 1) for i in range(width)]
    head += ["total%d" % (i + 1) for i in range(width)]
    w.writerow(head)
    for r in records:
        pad = [""] * (width - len(r["sides"]))
        for h in r["hands"]:
            so_far = h["so_far"]
            w.writerow([r["file"], r["game"], int(r["finished"]), r["end"] or "", h["hand"], h["dealer"], h["trump"],
                        h["winner"] or "", h["capote"] or "", h["last"] or "", h["elapsed_s"]] + _call_cells(h)
                       + r["sides"] + pad + h["points"] + pad + so_far["won"] + pad + so_far["totals"] + pad)
    return buf.getvalue()


def export(files, out):
    """Check the fetched files, write OUT/board/*, matches.json, hands.csv, charts/*.png.

    Returns (the exported records, [(file, reason)] copied but not exported,
    the chart files written or None when the charts' library is missing).
    """
    from host_tools.support import charts

    records = []
    bad = []
    unnamed = unnamed_format(device_lang(files))
    for name in sorted(files):
        if not is_match_file(name):
            continue
        try:
            m, archived = read_match(name, files[name], files.get(JOURNAL))
        except ValueError as e:
            bad.append((name, str(e)))
            continue
        if m is not None:
            records.append(match_record(name, m, archived, unnamed))
    rows = csv_text(records)
    try:
        os.makedirs(os.path.join(out, "board"), exist_ok=True)
        for name, data in files.items():
            with open(os.path.join(out, "board", name), "wb") as f:
                f.write(data)
        with open(os.path.join(out, "matches.json"), "w", encoding="utf-8") as f:
            json.dump(records, f, ensure_ascii=False, indent=1)
        with open(os.path.join(out, "hands.csv"), "w", encoding="utf-8", newline="") as f:
            f.write(rows)
        drawn = charts.write_all(records, os.path.join(out, "charts"))
    except OSError as e:
        raise UserError("cannot write into %s (%s); the board was not changed, run the command again "
                        "with another --out" % (out, os.strerror(e.errno or 0)))
    return records, bad, drawn


def chart_report(records, drawn, folder):
    """What pull says of its charts: where they are, or why there are none (and how to get them)."""
    from host_tools.support import charts

    if drawn is None:
        return ["no charts: matplotlib is missing from this Python; add it with `%s -m pip install "
                "\"matplotlib>=3.7\"`, then pull again" % (sys.executable or "python3")]
    out = []
    if drawn:
        out.append("%d charts in %s" % (len(drawn), folder))
    if not any(r["hands"] for r in records):
        out.append("no charts yet: no match has a hand recorded")
    elif not charts.has_winners(records):
        out.append("no summary chart yet: no match has been played to its goal")
    return out


def main(args, link=None):
    """Entry for `tanteador pull`."""
    check_writable(args.out, "--out")
    own = False
    if args.from_dir:
        source = DirSource(args.from_dir)
    else:
        if link is None:
            from host_tools.support import link as linkmod

            link = linkmod.connect(args.port)
            own = True
        source = BoardSource(link)
    try:
        files, skipped = source.fetch()
    finally:
        if own:
            link.close()
    for name, reason in skipped:
        print("warning: %s is %s" % (name, reason))
    if not files:
        print("no saved match or history on %s; nothing to pull" % source.where)
        return 1 if skipped else 0
    records, bad, drawn = export(files, args.out)
    print("%d files copied from %s into %s/board/ (left where they were)" % (len(files), source.where, args.out))
    print("%d matches exported: %s, %s" % (len(records), os.path.join(args.out, "matches.json"),
                                           os.path.join(args.out, "hands.csv")))
    for line in chart_report(records, drawn, os.path.join(args.out, "charts")):
        print(line)
    nbad = sum(1 for n in files if n.startswith("bad-"))
    if nbad:
        print("%d files the device had set aside (bad-*) are in %s/board/ for a bug report" % (nbad, args.out))
    for name, reason in bad:
        print("warning: %s is %s; copied raw, not exported" % (name, reason))
    return 1 if bad or skipped else 0
