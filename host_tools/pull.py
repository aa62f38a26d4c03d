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

from host_tools import UserError, firmware_paths

TT = "/tt"
# Trump names by card style (options.CARDS_SPANISH, CARDS_FRENCH), by suit number.
SUITS = (("oros", "copas", "espadas", "bastos"), ("diamonds", "hearts", "spades", "clubs"))
GOALS = ("wins", "best-of", "hands", "points", "time")
COLOURS = ((230, 80, 60), (60, 130, 230), (60, 170, 90), (200, 150, 30), (150, 80, 200), (40, 170, 170))


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
        names = sorted(n for n in self.link.listdir(TT) if wanted(n))
        sums = self.link.hashes(dirs=[TT]) if names else {}
        out = {}
        for n in names:
            data = self.link.read(TT + "/" + n)
            want = sums.get(TT + "/" + n, (None,))[0]
            if want != hashlib.sha256(data).hexdigest():
                raise UserError(
                    "%s came back from the board different from what it holds (a USB glitch?). "
                    "Nothing was written; run `tanteador pull` again." % n
                )
            out[n] = data
        return out


class DirSource:
    """A flash folder on this computer (the simulator's, or a copy of /tt)."""

    def __init__(self, folder):
        if not os.path.isdir(folder):
            raise UserError("no folder %s" % folder)
        self.folder = folder
        self.where = folder

    def fetch(self):
        out = {}
        for n in sorted(os.listdir(self.folder)):
            if wanted(n) and os.path.isfile(os.path.join(self.folder, n)):
                with open(os.path.join(self.folder, n), "rb") as f:
                    out[n] = f.read()
        return out


def read_match(name, data):
    """(Match, finished) from a file's bytes; raises ValueError with a reason."""
    from tanteador.match import Match

    try:
        doc = json.loads(data.decode("utf-8"))
    except (UnicodeDecodeError, ValueError) as e:
        raise ValueError("not JSON (%s)" % e)
    if name == "state.json":
        if not isinstance(doc, dict) or "m" not in doc:
            raise ValueError("not a device state document")
        doc = doc["m"]
        if doc is None:
            return None, False
    try:
        m = Match.from_dict(doc)
    except ValueError as e:
        raise ValueError("not a match this version reads (%s)" % (getattr(e, "code", None) or e))
    return m, name != "state.json"


def match_record(name, m, finished):
    """A JSON-able summary of one match with all its hands."""
    o = m.options
    sides = [o.side_label(i) for i in range(m.nsides)]
    suits = SUITS[o.cards]
    hands = []
    for h in m.hands:
        hands.append({
            "hand": h.number, "dealer": o.name(h.dealer), "trump": suits[h.trump] if 0 <= h.trump < 4 else h.trump,
            "points": list(h.points), "winner": None if h.winner is None else sides[h.winner],
            "capote": None if h.capote is None else sides[h.capote], "elapsed_s": round(h.elapsed_ms / 1000, 1),
        })
    return {
        "file": name, "finished": finished, "over": m.over, "sides": sides,
        "goal": GOALS[o.goal] if 0 <= o.goal < len(GOALS) else o.goal, "target": o.target,
        "winner": None if m.winner is None else sides[m.winner], "won": list(m.won), "totals": list(m.totals),
        "stats": m.stats(), "hands": hands,
    }


def csv_text(records):
    """One row per hand of every match; per-side columns up to the most sides of any match."""
    width = max([len(r["sides"]) for r in records] + [2])
    buf = io.StringIO()
    w = csv.writer(buf, lineterminator="\n")
    head = ["file", "finished", "hand", "dealer", "trump", "winner", "capote", "elapsed_s"]
    head += ["side%d" % (i + 1) for i in range(width)]
    head += ["points%d" % (i + 1) for i in range(width)]
    head += ["won%d" % (i + 1) for i in range(width)]
    w.writerow(head)
    for r in records:
        n = len(r["sides"])
        won = [0] * n
        for h in r["hands"]:
            if h["winner"] is not None:
                won[r["sides"].index(h["winner"])] += 1
            pad = [""] * (width - n)
            w.writerow([r["file"], int(r["finished"]), h["hand"], h["dealer"], h["trump"], h["winner"] or "",
                        h["capote"] or "", h["elapsed_s"]] + r["sides"] + pad + h["points"] + pad + won + pad)
    return buf.getvalue()


def chart(record, size=(640, 360)):
    """A Pillow image: running points per side over the hands of one match."""
    from PIL import Image, ImageDraw, ImageFont

    w, h = size
    img = Image.new("RGB", size, (255, 255, 255))
    d = ImageDraw.Draw(img)
    font = ImageFont.load_default()
    n = len(record["sides"])
    runs = [[0] for _ in range(n)]
    for hand in record["hands"]:
        for i in range(n):
            runs[i].append(runs[i][-1] + hand["points"][i])
    top = max([r[-1] for r in runs] + [120])
    left, right, upper, lower = 56, w - 16, 36, h - 40
    d.rectangle([left, upper, right, lower], outline=(160, 160, 160))
    hands = len(record["hands"])
    title = "%s  -  %s" % (record["file"], " vs ".join(record["sides"]))
    d.text((left, 10), title, fill=(0, 0, 0), font=font)

    def xy(k, v):
        x = left + (right - left) * k / max(hands, 1)
        y = lower - (lower - upper) * v / top
        return (x, y)

    for k in range(hands + 1):
        x, _ = xy(k, 0)
        if hands <= 20 or k % 5 == 0:
            d.text((x - 3, lower + 6), str(k), fill=(90, 90, 90), font=font)
    step = 120 if top <= 1200 else 600
    v = 0
    while v <= top:
        _, y = xy(0, v)
        d.line([left - 4, y, left, y], fill=(90, 90, 90))
        d.text((6, y - 6), str(v), fill=(90, 90, 90), font=font)
        v += step
    d.text((right - 60, lower + 22), "hands", fill=(90, 90, 90), font=font)
    for i in range(n):
        colour = COLOURS[i % len(COLOURS)]
        pts = [xy(k, runs[i][k]) for k in range(hands + 1)]
        if len(pts) > 1:
            d.line(pts, fill=colour, width=3)
        for p in pts:
            d.ellipse([p[0] - 3, p[1] - 3, p[0] + 3, p[1] + 3], fill=colour)
        d.text((left + 8, upper + 6 + 14 * i), "%s: %d" % (record["sides"][i], runs[i][-1]), fill=colour, font=font)
    return img


def export(files, out):
    """Check the fetched files, write OUT/board/*, matches.json, hands.csv, charts/*.png.

    Returns the list of (file, reason) that were copied but not exported.
    """
    firmware_paths()
    records = []
    bad = []
    for name in sorted(files):
        if name.startswith("bad-"):
            continue
        try:
            m, finished = read_match(name, files[name])
        except ValueError as e:
            bad.append((name, str(e)))
            continue
        if m is not None:
            records.append(match_record(name, m, finished))
    charts = [(r["file"][:-5] + ".png", chart(r)) for r in records if r["hands"]]
    rows = csv_text(records)
    os.makedirs(os.path.join(out, "board"), exist_ok=True)
    for name, data in files.items():
        with open(os.path.join(out, "board", name), "wb") as f:
            f.write(data)
    with open(os.path.join(out, "matches.json"), "w", encoding="utf-8") as f:
        json.dump(records, f, ensure_ascii=False, indent=1)
    with open(os.path.join(out, "hands.csv"), "w", encoding="utf-8", newline="") as f:
        f.write(rows)
    if charts:
        os.makedirs(os.path.join(out, "charts"), exist_ok=True)
    for fname, img in charts:
        img.save(os.path.join(out, "charts", fname))
    return records, bad


def main(args, link=None):
    """Entry for `tanteador pull`."""
    own = False
    if args.from_dir:
        source = DirSource(args.from_dir)
    else:
        if link is None:
            from host_tools import link as linkmod

            link = linkmod.connect(args.port)
            own = True
        source = BoardSource(link)
    try:
        files = source.fetch()
    finally:
        if own:
            link.close()
    if not files:
        print("no saved match or history on %s; nothing to pull" % source.where)
        return 0
    records, bad = export(files, args.out)
    print("%d files copied from %s into %s/board/ (left where they were)" % (len(files), source.where, args.out))
    print("%d matches exported: %s, %s, charts/" % (len(records), os.path.join(args.out, "matches.json"),
                                                    os.path.join(args.out, "hands.csv")))
    nbad = sum(1 for n in files if n.startswith("bad-"))
    if nbad:
        print("%d files the device had set aside (bad-*) are in %s/board/ for a bug report" % (nbad, args.out))
    for name, reason in bad:
        print("warning: %s is %s; copied raw, not exported" % (name, reason))
    return 1 if bad else 0
