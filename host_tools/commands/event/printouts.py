"""What the organiser prints or puts on a screen: the round's pairing sheet, a result slip per
table, the cross-table (a Swiss event) or the bracket (a knockout).

Each is one HTML file with its own styles: large and readable on a
screen, and on paper (A4 or Letter) black on white with no page break
inside a table row or a slip. Names are the full names; a slip also shows
the short forms the device displays, so the scorer finds the seats.
"""

import html
import os

from host_tools import UserError
from host_tools.commands.event.page import figure_text
from host_tools.commands.event.standings import LABELS, order_text, wins_text

CSS = """body{font-family:system-ui,sans-serif;margin:0 auto;max-width:60rem;padding:.75rem;color:#111}
h1{font-size:1.5rem;margin:.2rem 0}h2{font-size:1.2rem}.note{color:#555}
table{border-collapse:collapse;width:100%}th,td{border:1px solid #999;padding:.35rem .5rem;text-align:left}
th{background:#eee}td.n{text-align:right;white-space:nowrap}tr{break-inside:avoid}
.big td{font-size:1.25rem;padding:.6rem .5rem}
.slips{display:grid;grid-template-columns:repeat(auto-fill,minmax(18rem,1fr));gap:.75rem}
.slip{border:2px dashed #555;padding:.6rem;break-inside:avoid}.slip h2{margin:.1rem 0 .4rem}
.slip td{height:2.1rem}.sign{margin-top:.6rem}
.bracket{display:flex;gap:1rem;overflow-x:auto}.bracket section{flex:1;min-width:11rem}
.bracket .m{border:1px solid #999;margin:.5rem 0;padding:.3rem}.win{font-weight:bold}
@media print{body{max-width:none;padding:0;font-size:11pt}a{color:#000}th{background:#ddd}
.noprint{display:none}.slips{grid-template-columns:1fr 1fr}}
@page{margin:12mm}"""


def write(event, folder, rnd=None):
    """Write the printouts of round ``rnd`` (default: the last paired) into ``folder``; the paths written."""
    from host_tools.commands.event import standings

    last = event.last_round()
    if last == 0:
        raise UserError("no round is paired yet: `tanteador event pair %s`" % event.path)
    rnd = last if rnd is None else rnd
    if not 1 <= rnd <= last:
        raise UserError("there is no round %d (rounds 1 to %d are paired)" % (rnd, last))
    rows = standings.table(event)
    pages = [("pairings-round-%d.html" % rnd, pairing_sheet(event, rnd)),
             ("slips-round-%d.html" % rnd, result_slips(event, rnd))]
    if event.format == "knockout":
        pages.append(("bracket.html", bracket(event)))
    else:
        pages.append(("crosstable.html", cross_table(event, rows)))
    written = []
    try:
        os.makedirs(folder, exist_ok=True)
        for name, text in pages:
            path = os.path.join(folder, name)
            with open(path, "w", encoding="utf-8") as f:
                f.write(text)
            written.append(path)
    except OSError as e:
        raise UserError("cannot write into %s (%s); give another --out" % (folder, os.strerror(e.errno or 0)))
    return written


def _page(title, body):
    e = html.escape
    return "\n".join(["<!DOCTYPE html><html><head><meta charset=\"utf-8\">",
                      "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">",
                      "<title>%s</title><style>%s</style></head><body>" % (e(title), CSS), body,
                      "</body></html>\n"])


SIDES = "ABCDEF"


def round_tables(event, rnd):
    """[(table or None for a bye, [side labels in seat order], result text or None)] of a round."""
    names = event.players()
    out = []
    for p in event.pairings(rnd):
        labels = [event.entry_label(x, names) for x in p.sides]
        if p.b is None:
            out.append((None, labels, "bye"))
            continue
        r = event.result_of(p.id)
        text = None
        if r is not None:
            first = [i for i, s in enumerate(r.sides) if s.rank == 0]
            text = "%s%s" % ("-".join(str(s.hands) for s in r.sides),
                             "" if len(first) != 1 else ", %s wins" % SIDES[first[0]])
        out.append((p.tbl, labels, text))
    return out


def widest(tables):
    """The most sides at a table of these round_tables rows (2 at least)."""
    return max([2] + [len(labels) for _, labels, _ in tables])


def pairing_sheet(event, rnd):
    """The pairing sheet of a round: table, side A (deals first), side B; the bye last."""
    e = html.escape
    rows = []
    tabs = round_tables(event, rnd)
    n = widest(tabs)
    for tbl, labels, text in tabs:
        if tbl is None:
            rows.append("<tr><td class=\"n\">bye</td><td colspan=\"%d\">%s</td><td>counts as a win</td></tr>"
                        % (n, e(labels[0])))
        else:
            cells = "".join("<td>%s</td>" % e(x) for x in labels + [""] * (n - len(labels)))
            rows.append("<tr><td class=\"n\">%d</td>%s<td>%s</td></tr>" % (tbl, cells, e(text or "")))
    body = ("<h1>%s</h1><h2>Round %d: pairings</h2><p class=\"note\">Side A deals first.</p>"
            "<table class=\"big\"><tr><th>Table</th>%s<th>Result</th></tr>%s</table>"
            % (e(event.name), rnd, "".join("<th>Side %s</th>" % SIDES[k] for k in range(n)), "".join(rows)))
    return _page("%s - round %d pairings" % (event.name, rnd), body)


def result_slips(event, rnd):
    """A slip per table of a round: who sits where, the boxes to fill in, two signatures."""
    from host_tools.commands.event.cli import describe_setup

    e = html.escape
    names, shorts, entries = event.players(), event.shorts(), event.entries()
    setup = describe_setup(event.setup)
    slips = []
    for p in event.pairings(rnd):
        if p.b is None:
            continue
        sides = []
        for side, eid in zip(SIDES, p.sides):
            people = ", ".join(names[x] if names[x] == shorts[x] else "%s (%s)" % (names[x], shorts[x])
                               for x in entries[eid])
            sides.append("<tr><td>%s</td><td>%s</td><td></td><td></td></tr>" % (side, e(people)))
        slips.append("<div class=\"slip\"><h2>Table %d - Round %d</h2><p class=\"note\">%s; %s</p>"
                     "<table><tr><th>Side</th><th>Players</th><th>Hands</th><th>Points</th></tr>%s</table>"
                     "<p class=\"sign\">Winner: ____________________</p>"
                     "<p class=\"sign\">Signed A: ____________ B: ____________</p></div>"
                     % (p.tbl, rnd, e(event.name), e(setup), "".join(sides)))
    body = "<h1 class=\"noprint\">%s: result slips, round %d</h1><div class=\"slips\">%s</div>" % (
        e(event.name), rnd, "".join(slips))
    return _page("%s - round %d slips" % (event.name, rnd), body)


def cross_table(event, rows):
    """The cross-table: each entry's opponent (by standings number), side and result, round by round."""
    e = html.escape
    number = {r.key: k + 1 for k, r in enumerate(rows)}
    rounds = event.last_round()
    cells = {r.key: {} for r in rows}
    results = {r.pairing: r for r in event.results() if r.pairing is not None}
    for p in event.pairings():
        if p.b is None:
            cells[p.a][p.round] = "bye +"
            continue
        r = results.get(p.id)
        for i, me in enumerate(p.sides):
            mark = "" if r is None else ("+" if r.sides[i].rank == 0 else "-")
            if r is not None and [s.rank for s in r.sides].count(0) > 1 and r.sides[i].rank == 0:
                mark = "="
            others = ",".join(str(number[x]) for x in p.sides if x != me)
            cells[me][p.round] = "%s%s %s" % (others, SIDES[i], mark or "?")
    head = "".join("<th>R%d</th>" % k for k in range(1, rounds + 1))
    tb = "".join("<th>%s</th>" % e(LABELS[t]) for t in event.tiebreaks)
    lines = []
    for r in rows:
        rounds_td = "".join("<td class=\"n\">%s</td>" % e(cells[r.key].get(k, "-")) for k in range(1, rounds + 1))
        lines.append("<tr><td class=\"n\">%d</td><td class=\"n\">%d</td><td>%s</td>%s<td class=\"n\">%s</td>%s</tr>"
                     % (number[r.key], r.place, e(r.shown), rounds_td, wins_text(r.wins),
                        "".join("<td class=\"n\">%s</td>" % figure_text(r.value(t)) for t in event.tiebreaks)))
    body = ("<h1>%s</h1><h2>Cross-table after round %d</h2><p class=\"note\">Each round: the opponent's "
            "number, the side sat (A deals first), + won, - lost, = drawn, ? no result yet. Ranked by %s.</p>"
            "<table><tr><th>No.</th><th>#</th><th>Entry</th>%s<th>Wins</th>%s</tr>%s</table>"
            % (e(event.name), rounds, e(order_text(event.tiebreaks)), head, tb, "".join(lines)))
    return _page("%s - cross-table" % event.name, body)


def bracket(event):
    """A knockout's bracket: a column per round, each table with its winner in bold."""
    e = html.escape
    cols = []
    for rnd in range(1, event.last_round() + 1):
        matches = []
        for tbl, (a, *rest), text in round_tables(event, rnd):
            b = rest[0] if rest else None
            if tbl is None:
                matches.append("<div class=\"m\"><span class=\"win\">%s</span><br>bye</div>" % e(a))
                continue
            won = text.split(", ")[-1] if text and "wins" in text else ""
            matches.append("<div class=\"m\"><span%s>%s</span><br><span%s>%s</span><br><small>%s</small></div>" % (
                " class=\"win\"" if won == "A wins" else "", e(a), " class=\"win\"" if won == "B wins" else "", e(b),
                e("table %d: %s" % (tbl, text or "no result yet"))))
        cols.append("<section><h2>Round %d</h2>%s</section>" % (rnd, "".join(matches)))
    body = "<h1>%s</h1><div class=\"bracket\">%s</div>" % (e(event.name), "".join(cols))
    return _page("%s - bracket" % event.name, body)
