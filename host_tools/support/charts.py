"""Charts of pulled matches, drawn with matplotlib (installed with the project).

One chart per match (running points per side, running hands won per side,
the goal's line) and one over all the matches of a pull (matches won per
player). A Briscola chiamata match charts each player's score, which can go
below zero (a line marks zero), and the hands that gained each player.
Text is set in DejaVu Sans, which matplotlib ships and which has
every character a name on the device can hold (fonts.SMALL). Sides that
tie keep apart: each line has its own marker and sits a little off the
others, so four players level on hands won still show four lines.
"""

import os

FONT = "DejaVu Sans"
COLOURS = ("#e6503c", "#3c82e6", "#3caa5a", "#c8961e", "#9650c8", "#28aaaa")
MARKERS = ("o", "s", "^", "D", "v", "P")


def available():
    """True when matplotlib can be imported."""
    try:
        import matplotlib  # noqa: F401
    except ImportError:
        return False
    return True


def _pyplot():
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    plt.rcParams["font.family"] = FONT
    # Names are text, never TeX: "$" in a name must not start mathtext.
    plt.rcParams["text.parse_math"] = False
    plt.rcParams["svg.fonttype"] = "none"
    return plt


def missing_glyphs(text):
    """The characters of ``text`` that the charts' font has no glyph for."""
    from matplotlib import font_manager
    from matplotlib.ft2font import FT2Font

    path = font_manager.findfont(font_manager.FontProperties(family=FONT), fallback_to_default=False)
    face = FT2Font(path)
    return "".join(sorted({c for c in text if not c.isspace() and face.get_char_index(ord(c)) == 0}))


def goal_lines(record):
    """(points goal or None, hands-won goal or None) to draw as dashed lines."""
    goal, target = record["goal"], record["target"]
    if goal == "points":
        return target, None
    if goal == "wins":
        return None, target
    if goal == "best-of":
        return None, target // 2 + 1
    return None, None


def running(record):
    """(points, won): per side, the running totals after each hand, starting at 0
    (in chiamata the scores, and the hands that gained each player)."""
    n = len(record["sides"])
    points = [[0] for _ in range(n)]
    won = [[0] for _ in range(n)]
    for hand in record["hands"]:
        for i in range(n):
            points[i].append(points[i][-1] + hand["points"][i])
            won[i].append(won[i][-1] + (1 if record["sides"][i] in hand["won_by"] else 0))
    return points, won


def offsets(series, counts):
    """Per line, the small vertical shift that keeps lines of equal values apart.

    The lines share a band 4% of the values' span high (at least 0.3), enough
    to see each one; for counts and chiamata scores, which are read as whole
    numbers, the band stays under 0.6 so every line sits nearer its own value
    than any other.
    """
    values = [v for line in series for v in line]
    band = max(0.3, 0.04 * (max(values) - min(values)))
    if counts:
        band = min(band, 0.6)
    n = len(series)
    return [(i - (n - 1) / 2) * band / max(n - 1, 1) for i in range(n)]


def shifted(line, by):
    """The values of ``line`` moved by ``by``."""
    return [v + by for v in line]


def match_figure(record):
    """A matplotlib Figure of one match: running points and hands won per side, and the goal."""
    plt = _pyplot()
    points, won = running(record)
    chiamata = record.get("game") == "chiamata"
    shift_points, shift_won = offsets(points, chiamata), offsets(won, True)
    goal_points, goal_won = goal_lines(record)
    hands = list(range(len(record["hands"]) + 1))
    fig, (top, bottom) = plt.subplots(2, 1, figsize=(8, 6), sharex=True, height_ratios=(3, 2))
    fig.suptitle("%s: %s" % (record["file"], " vs ".join(record["sides"])))
    # Legends get their labels explicitly: matplotlib hides labels that start with "_".
    keys = {top: ([], []), bottom: ([], [])}
    for i, side in enumerate(record["sides"]):
        colour = COLOURS[i % len(COLOURS)]
        marker = MARKERS[i % len(MARKERS)]
        keys[top][0].extend(top.plot(hands, shifted(points[i], shift_points[i]), marker=marker, markersize=5,
                                     color=colour))
        keys[top][1].append("%s: %d" % (side, points[i][-1]))
        keys[bottom][0].extend(bottom.step(hands, shifted(won[i], shift_won[i]), where="post", color=colour,
                                           marker=marker, markersize=5))
        keys[bottom][1].append("%s: %d" % (side, won[i][-1]))
    if goal_points is not None:
        keys[top][0].append(top.axhline(goal_points, color="grey", linestyle="--"))
        keys[top][1].append("goal: %d points" % goal_points)
    if goal_won is not None:
        keys[bottom][0].append(bottom.axhline(goal_won, color="grey", linestyle="--"))
        keys[bottom][1].append("goal: %d hands won" % goal_won)
    if chiamata:
        # Scores go both ways: zero is where a player is even.
        top.axhline(0, color="black", linewidth=0.8)
    top.set_ylabel("score" if chiamata else "points")
    bottom.set_ylabel("hands won")
    bottom.set_xlabel("hand")
    bottom.yaxis.get_major_locator().set_params(integer=True)
    bottom.xaxis.get_major_locator().set_params(integer=True)
    for ax in (top, bottom):
        ax.grid(True, alpha=0.3)
        ax.legend(keys[ax][0], keys[ax][1], loc="upper left", fontsize="small")
    fig.tight_layout()
    return fig


def wins_per_player(records):
    """{player: matches won} over the matches played to their goal (a pair's win counts for both)."""
    wins = {}
    for r in records:
        for players in r["players"]:
            for p in players:
                wins.setdefault(p, 0)
        if r["finished"] and r["winner"] is not None:
            for p in r["players"][r["sides"].index(r["winner"])]:
                wins[p] += 1
    return wins


def plural(n, one, many):
    """``n`` with the word that agrees with it: 1 match, 2 matches."""
    return "%d %s" % (n, one if n == 1 else many)


def summary_title(finished, total):
    """The summary's title: what it counts, in words that agree with the numbers."""
    title = "Matches won per player\n%s played to %s goal" % (
        plural(finished, "match", "matches"), "its" if finished == 1 else "their")
    rest = total - finished
    if rest:
        title += "; %s ended early or %s still in play, not counted" % (
            plural(rest, "other", "others"), "is" if rest == 1 else "are")
    return title


def has_winners(records):
    """True when some match was played to its goal and won: the summary has something to show."""
    return any(wins_per_player(records).values())


def summary_figure(records):
    """A matplotlib Figure: matches won per player over all the records."""
    plt = _pyplot()
    wins = sorted(wins_per_player(records).items(), key=lambda kv: (-kv[1], kv[0]))
    fig, ax = plt.subplots(figsize=(8, 1.5 + 0.4 * max(len(wins), 1)))
    names = [p for p, _ in wins]
    ax.barh(names, [w for _, w in wins], color=COLOURS[1])
    ax.invert_yaxis()
    ax.xaxis.get_major_locator().set_params(integer=True)
    ax.set_xlabel("matches won")
    finished = sum(1 for r in records if r["finished"])
    ax.set_title(summary_title(finished, len(records)))
    fig.tight_layout()
    return fig


def save(fig, path):
    """Write a figure to ``path`` (PNG or SVG by its name) and free it."""
    plt = _pyplot()
    try:
        fig.savefig(path, dpi=100)
    finally:
        plt.close(fig)
    return path


def write_all(records, folder):
    """charts/<file>.png per match with hands, and charts/summary.png once a match
    has been won (never an empty plot); None without matplotlib."""
    if not available():
        return None
    done = []
    with_hands = [r for r in records if r["hands"]]
    if not with_hands:
        return done
    os.makedirs(folder, exist_ok=True)
    for r in with_hands:
        done.append(save(match_figure(r), os.path.join(folder, r["file"][:-5] + ".png")))
    if has_winners(records):
        done.append(save(summary_figure(records), os.path.join(folder, "summary.png")))
    return done
