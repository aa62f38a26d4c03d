"""`tanteador pull`'s charts: every character a name on the device can hold is drawn as itself."""

import warnings
import xml.etree.ElementTree as ET

from host_tools.commands import names, pull
from host_tools.support import charts
from tanteador import fonts
from tanteador.match import Match
from tanteador.matchoptions import SOLO, MatchOptions


def device_name_chars():
    """Every character the device's small font shows, as names.parse accepts them."""
    first, count, extra = fonts.SMALL[3], fonts.SMALL[4], fonts.SMALL[5]
    chars = [chr(c) for c in range(first, first + count)] + list(extra)
    # ',' separates names on the command line, '/' joins team names: neither is in a name.
    return [c for c in chars if c not in " ,/"]


def names_with_every_char():
    chars = device_name_chars()
    chunks = ["".join(chars[i:i + 10]) for i in range(0, len(chars), 10)]
    chunks[0] = chunks[0][:5] + " " + chunks[0][5:]   # a space inside a name too
    return chunks


def records(all_names):
    out = []
    for k in range(0, len(all_names), 6):
        group = all_names[k:k + 6]
        group += ["P%d" % i for i in range(len(group), 2)]
        m = Match(MatchOptions(players=len(group), sides=SOLO, names=group, target=2))
        while not m.over:
            m.record(0, tuple(120 if i == len(m.hands) % len(group) else 0 for i in range(len(group))), 1000)
        out.append(pull.match_record("h%04d.json" % (k + 1), m, True))
    return out


def svg_text(fig, path):
    charts.save(fig, str(path))
    return "".join(t.text or "" for t in ET.parse(path).iter() if t.tag.endswith("text"))


def test_the_names_are_ones_the_device_accepts():
    all_names = names_with_every_char()
    for k in range(0, len(all_names), 16):
        assert names.parse(",".join(all_names[k:k + 16])) == all_names[k:k + 16]


def test_the_font_has_every_character_a_name_can_hold():
    assert charts.missing_glyphs("".join(device_name_chars())) == ""


def test_charts_draw_every_name_character_as_text(tmp_path):
    all_names = names_with_every_char()
    recs = records(all_names)
    with warnings.catch_warnings():
        warnings.simplefilter("error")   # matplotlib warns of every glyph it cannot draw
        text = svg_text(charts.summary_figure(recs), tmp_path / "summary.svg")
        for name in all_names:
            assert name in text
        for r in recs:
            text = svg_text(charts.match_figure(r), tmp_path / (r["file"] + ".svg"))
            for side in r["sides"]:
                assert "%s: " % side in text
            assert "goal: 2 hands won" in text
        done = charts.write_all(recs, str(tmp_path / "charts"))
    assert sorted(p.name for p in (tmp_path / "charts").iterdir()) == sorted(
        [r["file"][:-5] + ".png" for r in recs] + ["summary.png"])
    assert len(done) == len(recs) + 1


def test_wins_per_player_count_matches_played_to_their_goal():
    recs = records(["Ana", "Luis", "Eva"])
    abandoned = dict(recs[0], finished=False, end="abandoned")
    wins = charts.wins_per_player(recs + [abandoned])
    assert wins == {"Ana": 1, "Luis": 0, "Eva": 0}


def chiamata_record():
    from tanteador.matchoptions import CHIAMATA, GOAL_POINTS

    m = Match(MatchOptions(players=5, sides=CHIAMATA, goal=GOAL_POINTS, target=6,
                           names=["Ana", "Beto", "Carla", "Dani", "Eva"]))
    m.record(0, (2, 2, 80, 40), 1000)            # Carla alone goes down: -4
    m.record(0, (0, 3, 61, 70), 1000)
    return pull.match_record("h0009.json", m, True)


def test_a_chiamata_chart_draws_scores_below_zero(tmp_path):
    r = chiamata_record()
    points, won = charts.running(r)
    assert points[2] == [0, -4, -5] and points[0] == [0, 1, 3]
    assert won[2] == [0, 0, 0] and won[0] == [0, 1, 2] and won[1] == [0, 1, 1]
    fig = charts.match_figure(r)
    top = fig.axes[0]
    assert top.get_ylim()[0] < -5 and top.get_ylabel() == "score"
    assert any(list(line.get_ydata()) == [0, 0] for line in top.lines)   # the zero line
    text = svg_text(fig, tmp_path / "call.svg")
    assert "Carla: -5" in text and "goal: 6 points" in text


def test_players_level_on_hands_won_keep_their_own_lines_at_their_own_values():
    from tanteador.matchoptions import CHIAMATA, GOAL_POINTS

    m = Match(MatchOptions(players=5, sides=CHIAMATA, goal=GOAL_POINTS, target=9,
                           names=["Ana", "Beto", "Carla", "Dani", "Eva"]))
    m.record(0, (0, 1, 70, 80), 1000)            # Ana and Beto gain, the other three lose alike
    r = pull.match_record("h0003.json", m, True)
    points, won = charts.running(r)
    assert won[2] == won[3] == won[4] and points[2] == points[3] == points[4]
    fig = charts.match_figure(r)
    for ax, want in zip(fig.axes, (points, won)):
        sides = [line for line in ax.lines if line.get_marker() != "None"]
        # Every line where its values are: nothing moved to keep it apart.
        assert [[int(y) for y in line.get_ydata()] for line in sides] == want
        # Apart by look alone: marker, dash and width each differ line to line.
        for look in (lambda line: line.get_marker(), lambda line: line.get_linewidth()):
            assert len({look(line) for line in sides}) == 5
        assert len({str(charts.line_style(i, 5)["linestyle"]) for i in range(5)}) == 5
        # The wider lines lie under the narrower: a line on top of another leaves it showing.
        order = sorted(sides, key=lambda line: line.get_zorder())
        assert [line.get_linewidth() for line in order] == sorted((line.get_linewidth() for line in sides),
                                                                   reverse=True)


def test_the_summary_title_reads_as_a_sentence():
    assert charts.summary_title(1, 1) == "Matches won per player\n1 match played to its goal"
    assert charts.summary_title(3, 3) == "Matches won per player\n3 matches played to their goal"
    assert charts.summary_title(1, 2) == ("Matches won per player\n1 match played to its goal; "
                                          "1 other ended early or is still in play, not counted")
    assert charts.summary_title(2, 5).endswith("; 3 others ended early or are still in play, not counted")


def test_no_summary_is_drawn_before_a_match_is_won(tmp_path):
    m = Match(MatchOptions(players=2, names=["Ana", "Luis"], target=3))
    m.record(0, (70, 50), 1000)
    r = pull.match_record("state.json", m, False)
    done = charts.write_all([r], str(tmp_path))
    assert [p.name for p in tmp_path.iterdir()] == ["state.png"] and len(done) == 1
