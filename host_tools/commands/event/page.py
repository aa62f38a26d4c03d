"""The standings as terminal text, a static web page readable on a phone, and CSV.

The page is one file with its charts inside (PNG drawn by matplotlib, the
`charts` extra, as `tanteador pull` draws): without matplotlib it is
written all the same, with the tables and a line saying why there are no
charts.
"""

import base64
import csv
import html
import io
import os

from host_tools import UserError
from host_tools.commands.event import ratings
from host_tools.commands.event.standings import LABELS, order_text, wins_text

NO_CHARTS = "No charts: they need matplotlib (pip install \"matplotlib>=3.7\")."

CSS = """body{font-family:system-ui,sans-serif;margin:0 auto;max-width:48rem;padding:.5rem;color:#222}
h1{font-size:1.4rem}h2{font-size:1.15rem;margin-top:1.5rem}
.scroll{overflow-x:auto}table{border-collapse:collapse;width:100%}
th,td{padding:.3rem .4rem;border-bottom:1px solid #ddd;text-align:right;white-space:nowrap}
th:nth-child(2),td:nth-child(2){text-align:left;white-space:normal}
.rounds th:nth-child(3),.rounds td:nth-child(3){text-align:left;white-space:normal}
abbr{text-decoration:none}.short,.key{display:none}
img{max-width:100%;height:auto}details{margin:.3rem 0}.note{color:#666}
@media (max-width:40rem){body{padding:.3rem}.fit th,.fit td{padding:.25rem .15rem;font-size:.8rem}
.long{display:none}.short{display:inline}.key{display:block;font-size:.8rem}}"""

# The headings a phone shows, so that every column fits its width (the page explains them).
SHORT = {"Played": "P", "Wins": "W", "Losses": "L", "Byes": "Bye", "Buchholz": "BH", "Median Buchholz": "MBH",
         "Sonneborn-Berger": "SB", "Direct encounter": "DE", "Points +/-": "Pts", "Hands +/-": "Hds",
         "Entry": "Entry", "Player": "Player"}


def columns(event):
    """(heading, value of a Row) of the standings, after place and name."""
    cols = [("Played", lambda r: str(r.played)), ("Wins", lambda r: wins_text(r.wins)),
            ("Losses", lambda r: str(r.losses))]
    if event.format != "club":
        cols.append(("Byes", lambda r: str(r.byes)))
    for t in event.tiebreaks:
        cols.append((LABELS[t], (lambda t: lambda r: figure_text(r.value(t)))(t)))
    return cols


def figure_text(v):
    """A tie-break's figure as the tables show it: halves as '½', other fractions to two places."""
    if isinstance(v, float):
        return wins_text(v) if v * 2 == int(v * 2) else "%.2f" % v
    return "%+d" % v if v else "0"


def rating_rows(event):
    """[(name, ordinal, mu, sigma, matches, history)] best first."""
    now, history = ratings.rate(event)
    names = event.players()
    rows = [(names[p], o, mu, sigma, len(history[p]), history[p]) for p, (mu, sigma, o) in now.items()]
    rows.sort(key=lambda r: (-r[1], r[0]))
    return rows


def terminal(event, rows):
    """The standings (and, for a club, the ratings) as text for the terminal."""
    cols = columns(event)
    head = ["#", "Entry" if event.format != "club" else "Player"] + [c[0] for c in cols]
    body = [[str(r.place), r.shown] + [f(r) for _, f in cols] for r in rows]
    if event.format == "club":
        rated = {name: o for name, o, *_ in rating_rows(event)}
        head.append("Rating")
        for line, r in zip(body, rows):
            line.append("%.1f" % rated[r.label] if r.label in rated else "-")
    widths = [max(len(x) for x in col) for col in zip(head, *body)]
    out = ["%s: standings (%s)" % (event.name, order_text(event.tiebreaks))]
    for line in [head] + body:
        out.append("  ".join(x.ljust(w) if i == 1 else x.rjust(w) for i, (x, w) in enumerate(zip(line, widths))))
    return "\n".join(out)


def write(event, rows, folder):
    """Write standings.html and standings.csv into ``folder``: (paths written, True if charts were drawn)."""
    from host_tools.support import charts

    rated = rating_rows(event)
    drawn = charts.available()
    images = []
    if drawn:
        images = [("Wins", _png(_wins_figure(rows)))]
        if rated:
            images.append(("Ratings, match by match", _png(_ratings_figure(event, rated))))
    text = _html(event, rows, rated, images, drawn)
    try:
        os.makedirs(folder, exist_ok=True)
        page = os.path.join(folder, "standings.html")
        with open(page, "w", encoding="utf-8") as f:
            f.write(text)
        table = os.path.join(folder, "standings.csv")
        with open(table, "w", encoding="utf-8", newline="") as f:
            f.write(csv_text(event, rows, rated))
    except OSError as e:
        raise UserError("cannot write into %s (%s); give another --out" % (folder, os.strerror(e.errno or 0)))
    return [page, table], drawn


def csv_text(event, rows, rated):
    """One row per entry (or player): place, name, the columns, and a player's rating."""
    buf = io.StringIO()
    w = csv.writer(buf, lineterminator="\n")
    # The tie-breaks in the event's order, named with their rank; points and hands after if not among them.
    chosen = event.tiebreaks
    rest = [t for t in ("points", "hands") if t not in chosen]
    head = ["place", "name", "played", "wins", "losses", "byes"]
    head += ["tie-break %d: %s" % (k + 1, t) for k, t in enumerate(chosen)] + rest
    w.writerow(head + (["rating"] if event.format == "club" else []))
    by_name = {r[0]: r[1] for r in rated}
    for r in rows:
        line = [r.place, r.label, r.played, r.wins, r.losses, r.byes]
        line += [round(r.value(t), 2) for t in chosen + rest]
        if event.format == "club":
            line.append("" if r.label not in by_name else round(by_name[r.label], 2))
        w.writerow([cell(v) for v in line])
    return buf.getvalue()


# What a spreadsheet takes for the start of a formula in a cell it opens.
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


def cell(value):
    """A CSV cell a spreadsheet shows as it is: a whole number without ".0",
    and a text that would start a formula (a name like "=1+1") behind a quote."""
    if isinstance(value, float) and value.is_integer():
        return int(value)
    if isinstance(value, str) and value.startswith(FORMULA_STARTS):
        return "'" + value
    return value


def _html(event, rows, rated, images, drawn):
    e = html.escape
    cols = columns(event)
    parts = ["<!DOCTYPE html><html><head><meta charset=\"utf-8\">",
             "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">",
             "<title>%s</title><style>%s</style></head><body>" % (e(event.name), CSS),
             "<h1>%s</h1>" % e(event.name)]
    paired = event.last_round()
    if event.format != "club":
        parts.append("<p class=\"note\">%s, round %d of %d</p>" % (
            e(event.format.capitalize()), paired,
            event.rounds if event.format == "swiss" else max(paired, _ko_rounds(event))))
    parts.append("<h2>Standings</h2><p class=\"note\">Ranked by %s.</p>" % e(order_text(event.tiebreaks)))
    parts.append("<div class=\"scroll\"><table class=\"standings fit\"><tr><th>#</th><th>%s</th>%s</tr>" % (
        "Player" if event.format == "club" else "Entry", "".join("<th>%s</th>" % _heading(c[0]) for c in cols)))
    for r in rows:
        parts.append("<tr><td>%d</td><td>%s</td>%s</tr>" % (
            r.place, name_html(r.shown), "".join("<td>%s</td>" % e(f(r)) for _, f in cols)))
    parts.append("</table></div>")
    parts.append("<p class=\"note key\">%s</p>" % e(", ".join("%s: %s" % (SHORT[c[0]], c[0]) for c in cols)))
    if event.format != "club":
        parts.extend(_rounds(event))
    if not drawn:
        parts.append("<p class=\"note\">%s</p>" % e(NO_CHARTS))
    for title, data in images:
        parts.append("<h2>%s</h2><img alt=\"%s\" src=\"data:image/png;base64,%s\">" % (e(title), e(title), data))
    if rated:
        parts.append("<h2>Ratings</h2><p class=\"note\">openskill (Plackett-Luce): mu - 3 sigma, "
                     "growing as the player's matches make it surer.</p>")
        parts.append("<div class=\"scroll\"><table class=\"fit\"><tr><th>#</th><th>Player</th><th>Rating</th>"
                     "<th>mu</th>"
                     "<th>sigma</th><th>Matches</th></tr>")
        for k, (name, o, mu, sigma, n, _) in enumerate(rated):
            parts.append("<tr><td>%d</td><td>%s</td><td>%.1f</td><td>%.1f</td><td>%.1f</td><td>%d</td></tr>"
                         % (k + 1, e(name), o, mu, sigma, n))
        parts.append("</table></div>")
        for name, o, mu, sigma, n, steps in rated:
            items = "".join("<li>%s: %.1f</li>" % (e(_when(event, s)), s.ordinal) for s in steps)
            parts.append("<details><summary>%s: %.1f</summary><ol>%s</ol></details>" % (e(name), o, items))
    parts.append("</body></html>\n")
    return "\n".join(parts)


def name_html(label):
    """An entry's label for a page: escaped, and free to wrap after each '/' on a narrow screen."""
    return html.escape(label).replace("/", "/<wbr>")


def _heading(text):
    """A column heading: in full on a wide screen, its short form on a phone."""
    e = html.escape
    return "<span class=\"long\">%s</span><abbr class=\"short\" title=\"%s\">%s</abbr>" % (
        e(text), e(text), e(SHORT[text]))


def _rounds(event):
    """The rounds, the last first: each table with its sides and its result (or that it is still playing)."""
    from host_tools.commands.event.printouts import SIDES, round_tables, widest

    e = html.escape
    parts = []
    for rnd in range(event.last_round(), 0, -1):
        tabs = round_tables(event, rnd)
        n = widest(tabs)
        # More than two sides share one cell, in seat order: a column each would not fit a phone.
        heads = "<th>Side A</th><th>Side B</th>" if n == 2 else "<th>Seats A to %s</th>" % SIDES[n - 1]
        parts.append("<h2>Round %d</h2><table class=\"rounds\"><tr><th>Table</th>%s<th>Result</th></tr>"
                     % (rnd, heads))
        for tbl, labels, text in tabs:
            if n == 2:
                cells = "".join("<td>%s</td>" % name_html(x) for x in labels + [""] * (n - len(labels)))
            else:
                cells = "<td>%s</td>" % ", ".join(name_html(x) for x in labels)
            parts.append("<tr><td>%s</td>%s<td>%s</td></tr>" % (
                "bye" if tbl is None else tbl, cells, "win" if tbl is None else e(text or "playing")))
        parts.append("</table>")
    return parts


def _when(event, step):
    if step.evening:
        return "%s, match %d" % (step.evening, step.result)
    return "match %d" % step.result


def _ko_rounds(event):
    from host_tools.commands.event.pairing import knockout_rounds

    return knockout_rounds(len(event.entries()))


def _png(fig):
    from host_tools.support import charts

    plt = charts._pyplot()
    buf = io.BytesIO()
    try:
        fig.savefig(buf, format="png", dpi=100)
    finally:
        plt.close(fig)
    return base64.b64encode(buf.getvalue()).decode("ascii")


def _wins_figure(rows):
    from matplotlib.ticker import MaxNLocator

    from host_tools.support import charts

    plt = charts._pyplot()
    shown = rows[:24]
    fig, ax = plt.subplots(figsize=(6, 1 + 0.3 * max(len(shown), 1)))
    ax.barh([r.label for r in shown][::-1], [r.wins for r in shown][::-1], color=charts.COLOURS[1])
    ax.set_xlabel("wins")
    ax.xaxis.set_major_locator(MaxNLocator(integer=True))
    fig.tight_layout()
    return fig


def line_styles(event, rated):
    """{player name: (colour, line style, marker)} for the ratings chart, a different look for each.

    Partners share every result, so their lines lie on one another: the
    pair has one colour, the first partner a wide pale band and the others
    a thin dashed or dotted line with hollow markers drawn inside it, so
    every line stays visible. In a club, players take the colours in turn
    and a new line style each time the colours come round again."""
    from host_tools.support import charts

    styles = ("-", "--", ":", "-.")
    names = event.players()
    entries = list(event.entries().values()) if event.format != "club" else []
    look = {}
    for k, members in enumerate(entries):
        for pos, pid in enumerate(members):
            look[names[pid]] = (charts.COLOURS[k % len(charts.COLOURS)],
                                styles[(pos + k // len(charts.COLOURS)) % len(styles)],
                                charts.MARKERS[pos % len(charts.MARKERS)])
    others = [r[0] for r in rated if r[0] not in look]
    for k, name in enumerate(others):
        look[name] = (charts.COLOURS[k % len(charts.COLOURS)], styles[k // len(charts.COLOURS) % len(styles)],
                      charts.MARKERS[k // len(charts.COLOURS) % len(charts.MARKERS)])
    return look


def _ratings_figure(event, rated):
    from matplotlib.ticker import MaxNLocator

    from host_tools.support import charts

    plt = charts._pyplot()
    look = line_styles(event, rated)
    rows = (len(rated) + 2) // 3
    fig, ax = plt.subplots(figsize=(6, 4 + 0.25 * rows))
    for name, o, mu, sigma, n, steps in rated:
        colour, style, marker = look[name]
        band = style == "-"
        ax.plot(range(len(steps) + 1), [0.0] + [s.ordinal for s in steps], marker=marker,
                markersize=7 if band else 4, label=name, color=colour, linestyle=style,
                linewidth=5 if band else 1.3, alpha=0.4 if band else 1.0, zorder=1 if band else 2,
                markerfacecolor=colour if band else "none")
    ax.xaxis.set_major_locator(MaxNLocator(integer=True))
    ax.set_xlabel("matches played")
    ax.set_ylabel("rating")
    # Everyone in the legend, under the chart: it does not hide lines however many players there are.
    ax.legend(fontsize="small", ncol=3, loc="upper center", bbox_to_anchor=(0.5, -0.15), frameon=False)
    fig.tight_layout()
    return fig
