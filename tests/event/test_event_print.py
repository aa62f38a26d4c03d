"""What the organiser prints or shows: pairing sheets, result slips, the cross-table, the bracket,
the phone page's rounds and the ratings chart."""

from event_helpers import PAIRS, event_of, run, tables
from host_tools.commands.event import page, standings


def evening(tmp_path, capsys, fmt="swiss"):
    ev = tmp_path / "e.db"
    assert run(capsys, "event", "create", ev, "--name", "Fiesta", "--format", fmt)[0] == 0
    assert run(capsys, "event", "add", ev, *(PAIRS if fmt == "swiss" else PAIRS[:6]))[0] == 0
    assert run(capsys, "event", "pair", ev)[0] == 0
    return ev


def test_a_rounds_pairing_sheet_slips_and_cross_table(tmp_path, capsys):
    ev = evening(tmp_path, capsys)
    tabs = tables(ev, 1)
    a, b = tabs[1]
    assert run(capsys, "event", "correct", ev, "--round", 1, "--table", 1, "--winner", b, "--hands", "1-2",
               "--points", "150-210")[0] == 0
    rc, out, err = run(capsys, "event", "print", ev, "--out", tmp_path / "print")
    assert rc == 0, err
    sheet = (tmp_path / "print" / "pairings-round-1.html").read_text("utf-8")
    for tbl, (x, y) in tabs.items():
        assert "<td class=\"n\">%d</td><td>%s</td><td>%s</td>" % (tbl, x, y) in sheet
    assert "1-2, B wins" in sheet and "@media print" in sheet
    slips = (tmp_path / "print" / "slips-round-1.html").read_text("utf-8")
    assert [slips.count("Table %d - Round 1" % t) for t in range(1, 6)] == [1, 1, 1, 1, 0]
    cross = (tmp_path / "print" / "crosstable.html").read_text("utf-8")
    e = event_of(ev)
    rows = standings.table(e)
    e.close()
    number = {r.label: k + 1 for k, r in enumerate(rows)}
    # The winner of table 1 sat B and won: its cell names the loser's number, side B, +.
    assert "<td class=\"n\">%dB +</td>" % number[a] in cross
    assert "<td class=\"n\">%dA -</td>" % number[b] in cross
    assert "Ranked by wins, then Buchholz" in cross


def test_a_knockout_prints_its_bracket(tmp_path, capsys):
    ev = evening(tmp_path, capsys, "knockout")
    rc, out, _ = run(capsys, "event", "print", ev, "--out", tmp_path / "print")
    assert rc == 0 and "bracket.html" in out
    bracket = (tmp_path / "print" / "bracket.html").read_text("utf-8")
    assert "Round 1" in bracket and "Ana/Luis</span><br>bye" in bracket


def test_print_before_any_round_is_one_line(tmp_path, capsys):
    ev = tmp_path / "e.db"
    assert run(capsys, "event", "create", ev, "--name", "E")[0] == 0
    rc, _, err = run(capsys, "event", "print", ev, "--out", tmp_path / "print")
    assert rc == 1 and "no round is paired yet" in err and not (tmp_path / "print").exists()


def test_the_phone_page_shows_the_rounds_and_short_headings(tmp_path, capsys):
    ev = evening(tmp_path, capsys)
    a, b = tables(ev, 1)[2]
    assert run(capsys, "event", "correct", ev, "--round", 1, "--table", 2, "--winner", a, "--hands", "2-0",
               "--points", "160-80")[0] == 0
    assert run(capsys, "event", "standings", ev, "--out", tmp_path / "web")[0] == 0
    html = (tmp_path / "web" / "standings.html").read_text("utf-8")
    assert "<h2>Round 1</h2>" in html
    assert "<td>2</td><td>%s</td><td>%s</td><td>2-0, A wins</td>" % (page.name_html(a), page.name_html(b)) in html
    assert "<td>1</td><td>%s</td><td>%s</td><td>playing</td>" % tuple(map(page.name_html, tables(ev, 1)[1])) in html
    assert '<abbr class="short" title="Buchholz">BH</abbr>' in html and "@media (max-width:40rem)" in html


def test_the_ratings_chart_draws_everyone_and_partners_apart(tmp_path, capsys):
    ev = evening(tmp_path, capsys)
    for tbl, (a, b) in tables(ev, 1).items():
        assert run(capsys, "event", "correct", ev, "--round", 1, "--table", tbl, "--winner", a, "--hands", "2-0",
                   "--points", "160-80")[0] == 0
    e = event_of(ev)
    try:
        rated = page.rating_rows(e)
        look = page.line_styles(e, rated)
        fig = page._ratings_figure(e, rated)
        entries = [[e.players()[p] for p in members] for members in e.entries().values()]
    finally:
        e.close()
    assert len(rated) == 16
    assert len(fig.axes[0].get_legend().get_texts()) == 16 and len(fig.axes[0].get_lines()) == 16
    assert len(set(look.values())) == 16
    for first, second in entries:
        # Partners: one colour, a line style and marker each.
        assert look[first][0] == look[second][0] and look[first][1:] != look[second][1:]
