"""`tanteador pull`: the match history off the board, as CSV, JSON and PNG charts.

Files are copied, never removed: /tt/state.json (the match in play),
/tt/hNNNN.json (finished matches) and /tt/bad-* (files the device set aside)
land untouched in OUT/board/. Every copy is checked against the board's
own hash; a transfer that does not match changes nothing in OUT. Files
that do not read as a match are named, kept raw, and left out of the
exports.
"""

import csv
import hashlib
import io
import json
import os
import sys

from host_tools import UsageError, UserError, firmware_paths
from host_tools.support.folders import check_writable
from host_tools.support.matchstats import cappotto_side, match_stats
from host_tools.support.seats import seat_label, side_label

TT = "/tt"
# Trump names by card style (matchoptions.CARDS_SPANISH, CARDS_FRENCH), by suit number.
SUITS = (("oros", "copas", "espadas", "bastos"), ("diamonds", "hearts", "spades", "clubs"))
GOALS = ("wins", "best-of", "hands", "points", "time")


def size_limit():
    """The largest file the device reads back as a save: anything larger is not one of its saves."""
    firmware_paths()
    from tanteador import store

    return store.MAX_STATE


def too_big(size):
    """The reason a file of ``size`` bytes is skipped unread."""
    return "%d bytes, larger than any save the device writes (%d); skipped without reading it" % (
        size, size_limit())


def wanted(name):
    """Is this a file of the flash folder that pull copies?"""
    if name == "state.json" or name.startswith("bad-"):
        return True
    return name.startswith("h") and name.endswith(".json") and name[1:-5].isdigit()


class BoardSource:
    """The /tt folder of a board behind a Link."""

    def __init__(self, link):
        self.link = link
        self.where = "the board on %s" % link.port

    def fetch(self):
        """({name: bytes}, [(name, reason)] of the files skipped unread)."""
        names = sorted(n for n in self.link.listdir(TT) if wanted(n))
        sums = self.link.hashes(dirs=[TT]) if names else {}
        out = {}
        skipped = []
        limit = size_limit()
        for n in names:
            size = sums.get(TT + "/" + n, (None, 0))[1]
            if size > limit:
                skipped.append((n, too_big(size)))
                continue
            data = self.link.read(TT + "/" + n)
            want = sums.get(TT + "/" + n, (None,))[0]
            if want != hashlib.sha256(data).hexdigest():
                raise UserError(
                    "%s came back from the board different from what it holds (a USB glitch?). "
                    "Nothing was written; run `tanteador pull` again." % n
                )
            out[n] = data
        return out, skipped


class DirSource:
    """A flash folder on this computer (the simulator's, or a copy of /tt)."""

    def __init__(self, folder):
        if not os.path.isdir(folder):
            raise UsageError("--from-dir %s is not a folder; give a flash folder (e.g. the simulator's, "
                             "~/.local/share/tanteador/flash)" % folder)
        self.folder = folder
        self.where = folder

    def fetch(self):
        """({name: bytes}, [(name, reason)] of the files skipped unread)."""
        out = {}
        skipped = []
        limit = size_limit()
        try:
            listing = sorted(os.listdir(self.folder))
        except OSError as e:
            raise UserError("cannot read the folder %s (%s)" % (self.folder, os.strerror(e.errno or 0)))
        for n in listing:
            path = os.path.join(self.folder, n)
            if not (wanted(n) and os.path.isfile(path)):
                continue
            size = os.path.getsize(path)
            if size > limit:
                skipped.append((n, too_big(size)))
                continue
            try:
                with open(path, "rb") as f:
                    out[n] = f.read(limit + 1)
            except OSError as e:
                skipped.append((n, "unreadable (%s)" % os.strerror(e.errno or 0)))
        return out, skipped


def read_match(name, data):
    """(Match, finished) from a file's bytes; raises ValueError with a reason."""
    from tanteador import matchdoc

    try:
        doc = json.loads(data.decode("utf-8"))
    except (UnicodeDecodeError, ValueError) as e:
        raise ValueError("not JSON (%s)" % e)
    except RecursionError:
        raise ValueError("not a save: its JSON is nested deeper than any match document")
    if name == "state.json":
        if not isinstance(doc, dict) or "m" not in doc:
            raise ValueError("not a device state document")
        doc = doc["m"]
        if doc is None:
            return None, False
    try:
        m = matchdoc.from_dict(doc)
    except ValueError as e:
        raise ValueError("not a match this version reads (%s)" % (getattr(e, "code", None) or e))
    except RecursionError:
        raise ValueError("not a save: its JSON is nested deeper than any match document")
    return m, name != "state.json"


def end_of(m, archived):
    """How a match ended: its goal's reason ('goal', 'points', 'capote'...), 'abandoned'
    for one archived before its goal (End match, New match), or None while in play."""
    if m.over:
        return m.end_reason
    return "abandoned" if archived else None


def call_record(m, h):
    """The roles of a chiamata hand: caller, partner (None alone), bid, the
    caller's side's points, made or down, cappotto, who sat it out."""
    from tanteador import chiamata

    o = m.options
    caller, partner, bid, points = h.entry
    out = chiamata.sitting_out(o.players, h.dealer)
    return {
        "caller": seat_label(o, caller), "partner": None if partner == caller else seat_label(o, partner), "bid": bid,
        "points": points, "made": chiamata.made(h.entry), "cappotto": chiamata.cappotto(h.entry),
        "sits_out": None if out is None else seat_label(o, out),
    }


def hand_record(m, h, sides):
    """One hand as JSON: dealer, trump, points per side (in chiamata each
    player's score), winner, capote (in chiamata the players who took all
    120), the sides that won it, the last trick's side when it settled a
    tie, and in chiamata the call."""
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
        "hand": h.number, "dealer": seat_label(o, h.dealer), "trump": suits[h.trump] if 0 <= h.trump < 4 else h.trump,
        "points": list(h.points), "winner": None if h.winner is None else sides[h.winner],
        "capote": capote, "won_by": won,
        "last": None if h.last is None else sides[h.last], "elapsed_s": round(h.elapsed_ms / 1000, 1),
    }
    if m.chiamata:
        rec["call"] = call_record(m, h)
    return rec


def match_record(name, m, archived):
    """A JSON-able summary of one match with all its hands.

    "finished" is true only for a match played to its goal; "end" tells how it ended;
    "game" is "brisca" or "chiamata" (with "call_scores", the scores of its setup).
    """
    o = m.options
    sides = [side_label(o, i) for i in range(m.nsides)]
    hands = [hand_record(m, h, sides) for h in m.hands]
    extra = {}
    if m.chiamata:
        extra["call_scores"] = dict(zip(("defender", "partner", "alone", "cappotto"), o.call))
    return dict({
        "file": name, "game": "chiamata" if m.chiamata else "brisca", "finished": m.over,
        "end": end_of(m, archived), "sides": sides,
        "players": [[seat_label(o, seat) for seat in o.side_seats(i)] for i in range(m.nsides)],
        "goal": GOALS[o.goal] if 0 <= o.goal < len(GOALS) else o.goal, "target": o.target,
        "winner": None if m.winner is None else sides[m.winner], "won": list(m.won), "totals": list(m.totals),
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
    w.writerow(head)
    for r in records:
        n = len(r["sides"])
        won = [0] * n
        for h in r["hands"]:
            for side in h["won_by"]:
                won[r["sides"].index(side)] += 1
            pad = [""] * (width - n)
            w.writerow([r["file"], r["game"], int(r["finished"]), r["end"] or "", h["hand"], h["dealer"], h["trump"],
                        h["winner"] or "", h["capote"] or "", h["last"] or "", h["elapsed_s"]] + _call_cells(h)
                       + r["sides"] + pad + h["points"] + pad + won + pad)
    return buf.getvalue()


def export(files, out):
    """Check the fetched files, write OUT/board/*, matches.json, hands.csv, charts/*.png.

    Returns (the exported records, [(file, reason)] copied but not exported,
    the chart files written or None when the charts' library is missing).
    """
    from host_tools.support import charts

    firmware_paths()
    records = []
    bad = []
    for name in sorted(files):
        if name.startswith("bad-"):
            continue
        try:
            m, archived = read_match(name, files[name])
        except ValueError as e:
            bad.append((name, str(e)))
            continue
        if m is not None:
            records.append(match_record(name, m, archived))
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
