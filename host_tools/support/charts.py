"""Charts of pulled matches, drawn with matplotlib (installed with the project).

One chart per match (running points per side, running hands won per side,
the goal's line) and one over all the matches of a pull (matches won per
player). A Briscola chiamata match charts each player's score, which can go
below zero (a line marks zero), and the hands that gained each player.
Text is set in DejaVu Sans, which matplotlib ships and which has
every character a name on the device can hold (fonts.SMALL). Every value
drawn is the engine's own (pull's records carry its standing after each
hand) and is drawn where it is: sides that tie keep apart by width, dash
and marker, so four players level on hands won still show four lines.
"""

import os

FONT = "DejaVu Sans"
COLOURS = ("#e6503c", "#3c82e6", "#3caa5a", "#c8961e", "#9650c8", "#28aaaa")
MARKERS = ("o", "s", "^", "D", "v", "P")
DASHES = ("-", "--", "-.", ":", (0, (5, 2, 1, 2, 1, 2)), (0, (1, 3)))


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
    """(points, won): per side, the engine's standing after each hand, starting at 0
    (points as the match counts them, under its tie rule; in chiamata the
    scores, and the hands that gained each player)."""
    n = len(record["sides"])
    points = [[0] + [h["so_far"]["totals"][i] for h in record["hands"]] for i in range(n)]
    won = [[0] + [h["so_far"]["won"][i] for h in record["hands"]] for i in range(n)]
    return points, won


def line_style(i, n):
    """matplotlib keywords of line ``i`` of ``n``: lines of equal values must stay
    apart without moving them, so the first is the widest with the largest
    marker and each next one narrower, of its own dash and marker, drawn over
    the ones before: a line hidden under another still shows round it."""
    wider = n - 1 - i
    return {"color": COLOURS[i % len(COLOURS)], "marker": MARKERS[i % len(MARKERS)],
            "linestyle": DASHES[i % len(DASHES)], "linewidth": 1.2 + 1.1 * wider,
            "markersize": 4 + 2 * wider, "zorder": 3 + i}


def show_goal(ax, goal):
    """Raise the top of ``ax`` above the goal's line, with room to see it."""
    low, high = ax.get_ylim()
    room = 0.08 * (max(high, goal) - low)
    if high < goal + room:
        ax.set_ylim(low, goal + room)


def setup_text(record):
    """The setup of a match in words: players, teams, goal, rules that change the count."""
    setup = record["setup"]
    n = setup["players"]
    if record["game"] == "chiamata":
        words = ["Briscola chiamata, %d players" % n]
    else:
        words = ["%d players%s" % (n, {"pairs": " in pairs", "trios": " in trios"}.get(setup["sides"], ""))]
    goal, target = record["goal"], record["target"]
    words.append({"wins": "first to %s won" % plural(target, "hand", "hands"),
                  "best-of": "best of %s" % plural(target, "round", "rounds"),
                  "hands": "%s played" % plural(target, "hand", "hands"),
                  "points": "first to %s" % plural(target, "point", "points"),
                  "time": plural(target, "minute", "minutes")}.get(goal, "goal %s %s" % (goal, target)))
    if record["game"] != "chiamata":
        words.append({"void": "ties void", "split": "ties count their points",
                      "last": "ties to the last trick"}[setup["tie"]])
        if setup["reverse"]:
            words.append("reverse")
        if setup["capote"]:
            words.append("capote wins")
    return ", ".join(words)


def match_name(record):
    """Which match it is: an ended one by its number on the device, else the
    device's current match (in play, or ended and not yet put away)."""
    return "Current match" if record["number"] is None else "Match %d" % record["number"]


def match_title(record):
    """A match's chart title: which match, its setup, its sides."""
    return "%s: %s\n%s" % (match_name(record), setup_text(record), " vs ".join(record["sides"]))


def match_figure(record):
    """A matplotlib Figure of one match: the engine's running points and hands won
    per side, drawn as they are, and the goal."""
    plt = _pyplot()
    points, won = running(record)
    chiamata = record.get("game") == "chiamata"
    goal_points, goal_won = goal_lines(record)
    hands = list(range(len(record["hands"]) + 1))
    fig, (top, bottom) = plt.subplots(2, 1, figsize=(10, 6), sharex=True, height_ratios=(3, 2))
    fig.suptitle(match_title(record))
    # Legends get their labels explicitly: matplotlib hides labels that start with "_".
    keys = {top: ([], []), bottom: ([], [])}
    n = len(record["sides"])
    for i, side in enumerate(record["sides"]):
        style = line_style(i, n)
        keys[top][0].extend(top.plot(hands, points[i], **style))
        keys[top][1].append("%s: %d" % (side, points[i][-1]))
        keys[bottom][0].extend(bottom.step(hands, won[i], where="post", **style))
        keys[bottom][1].append("%s: %d" % (side, won[i][-1]))
    for ax, goal, what in ((top, goal_points, "points"), (bottom, goal_won, "hands won")):
        if goal is not None:
            show_goal(ax, goal)
            keys[ax][0].append(ax.axhline(goal, color="black", linestyle="--", linewidth=1.2, zorder=2))
            keys[ax][1].append("goal: %d %s" % (goal, what))
    if chiamata:
        # Scores go both ways: zero is where a player is even.
        top.axhline(0, color="black", linewidth=0.8)
    top.set_ylabel("score" if chiamata else "points")
    bottom.set_ylabel("hands won")
    bottom.set_xlabel("hand")
    # Hands, points and scores are whole numbers: no tick between two of them.
    top.yaxis.get_major_locator().set_params(integer=True)
    bottom.yaxis.get_major_locator().set_params(integer=True)
    bottom.xaxis.get_major_locator().set_params(integer=True)
    for ax in (top, bottom):
        ax.grid(True, alpha=0.3)
        # Beside the plot, where it covers no line.
        ax.legend(keys[ax][0], keys[ax][1], loc="upper left", bbox_to_anchor=(1.01, 1), fontsize="small")
    fig.tight_layout()
    return fig


def player_key(record, side, k):
    """Who player ``k`` of ``side`` is over several matches: a name is one person
    in every match; an unnamed seat is only itself, so its label carries the match."""
    label = record["players"][side][k]
    if record["named"][side][k]:
        return label
    return "%s (%s)" % (label, match_name(record).lower())


def wins_per_player(records):
    """{player: matches won} over the matches played to their goal (a pair's win
    counts for both; see player_key for who is one player)."""
    wins = {}
    for r in records:
        for side in range(len(r["players"])):
            for k in range(len(r["players"][side])):
                wins.setdefault(player_key(r, side, k), 0)
        side = r["winner_side"]
        if r["finished"] and side is not None:
            # A set: two players of one name on the winning side are one win for that name.
            for key in {player_key(r, side, k) for k in range(len(r["players"][side]))}:
                wins[key] += 1
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
