"""Every screen of the app, and how to reach it from a fresh App on a host board.

Runs unchanged on CPython and on MicroPython (unix port), so the same
recipes give the README screenshots (``tanteador screens``) and a
byte-for-byte comparison of the two ports' frame buffers.

A recipe is ``(id, state, script)``: ``state`` names a saved document put on
the flash before power-on (see ``_state``), ``script`` is played with the
button script format afterwards. ``reach(board, id, lang)`` does both and
returns the App, showing that screen.
"""

try:
    from .script import Player, parse
except ImportError:  # MicroPython: this folder is on MICROPYPATH, a module is top-level
    from script import Player, parse

from micropython import const

from tanteador.store import Store

# The "storage full" notice's text (textids.FULL), folded as the firmware
# folds its ids: on MicroPython the ids' module, the PC's, would take a
# block of the 190 KB heap the lane holds the app to (a test holds it equal).
_T_FULL = const(64)

# (id, state, script). States: "new" nothing but the language; "play" a
# 2-player match after 2 hands; "pairs" 4 players in pairs after 1 hand;
# "three" 3 players; "six" 6 players solo, time goal; "over" a finished
# match; "french" and "french-over" the same as "play" and "over" with
# French-suited cards; "call5" Briscola chiamata for five after three
# hands (points goal), "call6" for six after two (time goal; the dealer
# sits out), "call-over" a finished chiamata for five, "call5-typed" the
# same as "call5" on a call typed before a power cut (a bid no auction
# takes); "event-over" the same as "over" pushed for an event's table 3 in
# round 2, with its key for the result code, "call-event-over" the same of
# "call-over"; "bad" a damaged save file;
# "badnames" "new" with a damaged names list.
RECIPES = (
    ("setup", "new", ""),
    ("setup-edit", "new", "DOWN; OK; UP"),
    ("names", "new", "UP x3; OK"),
    ("letters", "new", "UP x3; OK; OK; OK; OK"),
    ("names-new", "new", "UP x3; OK; OK; OK; OK; long OK; OK; UP x2"),
    ("notice-names-aside", "badnames", "UP x3; OK; OK; long OK"),
    ("letters-taken", "new", "UP x3; OK; OK; OK; OK; long OK; DOWN; OK; OK; OK; long OK"),
    ("draw", "new", "OK"),
    ("draw-pairs", "new", "DOWN; OK; UP; UP; OK; DOWN; OK; UP; OK; UP x2; OK"),
    ("draw-six", "new", "DOWN; OK; UP x4; OK; UP; OK"),
    ("table-first", "new", "OK; OK"),
    ("trump", "new", "OK; OK; OK; DOWN"),
    ("table", "play", "wait 3s; DOWN x2"),
    ("entry", "play", "wait 3s; DOWN x2; OK; long UP; DOWN x2"),
    ("table-result", "play", "wait 3s; DOWN x2; OK; long UP; DOWN x2; OK"),
    ("table-pairs", "pairs", "wait 3s"),
    ("table-three", "three", "wait 3s"),
    ("entry-three", "three", "wait 3s; DOWN; OK; long UP; DOWN; OK"),
    ("entry-refused", "three", "wait 3s; DOWN; OK; long UP; long UP; long UP; DOWN x3; OK; long UP; long UP; DOWN; OK"),
    ("table-six", "six", "wait 3s"),
    ("matchend", "over", "wait 3s"),
    ("matchend-ended", "play", "wait 3s; long OK; DOWN x4; OK; OK"),
    ("notice-ends-at", "over", "wait 3s; BACK; long OK; DOWN x2; OK; UP x2; OK; OK; long UP; long UP; long UP; OK"),
    ("matchend-event", "event-over", "wait 3s; DOWN x2"),
    ("resultqr", "event-over", "wait 3s; DOWN x2; OK"),
    ("menu", "play", "wait 3s; long OK"),
    ("history", "play", "wait 3s; long OK; DOWN x2; OK"),
    ("handedit", "play", "wait 3s; long OK; DOWN x2; OK; OK"),
    ("ask", "play", "wait 3s; long OK; DOWN x4; OK"),
    ("settings", "play", "wait 3s; long OK; DOWN x3; OK"),
    ("settings-edit", "play", "wait 3s; long OK; DOWN x3; OK; OK"),
    ("about", "play", "wait 3s; long OK; UP; OK"),
    ("hwtest", "play", "wait 3s; long OK; UP x2; OK"),
    ("notice-resumed", "play", ""),
    ("notice-damaged", "bad", ""),
    ("notice-board", "board", ""),
    ("notice-full", "play", "wait 3s"),
    ("error", "play", "wait 3s"),
    ("draw-french", "french-over", "wait 3s; DOWN; OK; OK"),
    ("table-french", "french", "wait 3s; DOWN x2"),
    ("trump-french", "french", "wait 3s; OK; DOWN"),
    ("history-french", "french", "wait 3s; long OK; DOWN x2; OK"),
    ("setup-call", "new", "DOWN; OK; UP x3; OK; DOWN; OK; UP; OK; DOWN x4"),
    ("table-call-first", "new", "DOWN; OK; UP x3; OK; DOWN; OK; UP; OK; UP x2; OK; OK"),
    ("table-call", "call5", "wait 3s"),
    ("table-call6", "call6", "wait 3s"),
    ("history-call", "call5", "wait 3s; long OK; DOWN x2; OK"),
    ("matchend-call", "call-over", "wait 3s"),
    ("entry-call", "call5", "wait 3s; DOWN; OK"),
    ("entry-call-partner", "call5", "wait 3s; DOWN; OK; OK; UP x6; OK; UP"),
    ("entry-call-points", "call5", "wait 3s; DOWN; OK; OK; OK; OK; long UP; DOWN"),
    ("entry-call-six", "call6", "wait 3s; UP; OK; UP"),
    ("entry-call-refused", "call5-typed", "BACK; OK"),
    ("handedit-call", "call5", "wait 3s; long OK; DOWN x2; OK; OK"),
    ("resultqr-call", "call-event-over", "wait 3s; DOWN x2; OK"),
)

# Briscola chiamata: (trump, (caller, partner, bid, points)) of each hand
# recorded; a partner equal to the caller plays alone.
CALL5 = ((0, (1, 3, 70, 75)), (2, (2, 2, 80, 60)), (1, (4, 0, 61, 120)))
CALL6 = ((3, (2, 4, 65, 50)), (0, (5, 5, 90, 95)))


def ids():
    """The ids of all the screens in the gallery."""
    return [r[0] for r in RECIPES]


def _match(kind, lang, names=None):
    from tanteador.match import Match
    from tanteador.matchoptions import CARDS_FRENCH, CHIAMATA, GOAL_HANDS, GOAL_POINTS, GOAL_TIME, PAIRS, MatchOptions

    if kind.startswith("call"):
        six = kind == "call6"
        n = 6 if six else 5
        if six:
            goal, target = GOAL_TIME, 60
        elif kind in ("call5", "call5-typed"):
            goal, target = GOAL_POINTS, 10
        else:
            goal, target = GOAL_HANDS, 3
        m = Match(MatchOptions(players=n, sides=CHIAMATA, goal=goal, target=target,
                               names=["Ana", "Beto", "Carla", "Dani", "Eva", "Fede"][:n]))
        for trump, call in CALL6 if six else CALL5:
            m.record(trump, call, 400000)
    elif kind == "pairs":
        o = MatchOptions(players=4, sides=PAIRS, names=["Ana", "Bea", "Carla", "Dani"], signals=True)
        m = Match(o)
        m.record(1, (75, 45), 300000)
    elif kind == "three":
        m = Match(MatchOptions(players=3, names=["Íñigo", "Zoë", "João"]))
    elif kind == "six":
        m = Match(MatchOptions(players=6, deck=48, goal=GOAL_TIME, target=45))
        m.record(2, (30, 20, 10, 25, 15, 20), 600000)
    else:
        french = kind.startswith("french")
        m = Match(MatchOptions(names=["Ana", "Beto"], cards=CARDS_FRENCH if french else 0))
        m.record(0, (70, 50), 420000)
        m.record(3, (45, 75), 380000)
        if kind.endswith("over"):
            m.record(2, (90, 30), 400000)
            m.record(1, (64, 56), 350000)
    if kind.endswith("event-over"):
        m.event = (3, 2, "fiesta24")
        m.sign = "0123456789abcdef" * 2
    if names:
        m.options.names = list(names[:m.options.players])
    if lang == "pt":
        # Portuguese tables play French suits: a new match there starts with them.
        m.options.cards = CARDS_FRENCH
    return m


def _state(board, kind, lang, names=None):
    from tanteador import matchdoc

    fs = board.fs
    if kind == "badnames":
        f = fs.open("names.json", "w")
        f.write('["Ana", "Be')
        f.close()
        kind = "new"
    if kind == "bad":
        f = fs.open("state.json", "w")
        f.write('{"v": 1, "cfg": ')
        f.close()
        return
    cfg = {"lang": lang, "contrast": 255, "timeout": 180, "sound": 1}
    m = None if kind in ("new", "board") else matchdoc.to_dict(_match(kind, lang, names))
    scr = "setup" if m is None else "table"
    doc = {"v": 1, "cfg": cfg, "m": m, "scr": scr}
    if kind == "call5-typed":
        doc.update(scr="entry", tr=3, en=[-1, 3, 1, 3, 50, 70])
    Store(fs).save(doc)


def _name_setup(setup, names):
    """Give the setup all six names, whatever the player count it moves to."""
    change = setup.change

    def renamed(app, r, d):
        change(app, r, d)
        setup.names = list(names[:len(setup.names)])

    setup.names = list(names[:len(setup.names)])
    setup.change = renamed


def _fixed_mem():
    return 123456


def reach(board, sid, lang="en", names=None):
    """Power on an App on ``board`` (empty flash) and bring it to screen ``sid``.

    ``names`` (one per seat, up to six) replaces the players' names: the
    layout check draws every screen with the widest names allowed.
    """
    from tanteador.app import App

    for r in RECIPES:
        if r[0] == sid:
            break
    else:
        raise ValueError(sid)
    _state(board, r[1], lang, names)
    if r[1] == "board":
        # What the Pico's board keeps of a board file it refused.
        board.problems = ["BUTON_PINS: no such setting"]
    if sid == "about":
        board.mem_free = _fixed_mem
    app = App(board, board.now)
    if r[1] == "bad":
        app.stage.set_lang(lang)
    app.poll(board.now)
    if names and r[1] == "new":
        _name_setup(app.stage.screen, names)
    Player(app, board).play(parse(r[2]))
    if sid == "notice-full":
        app.stage.notice(_T_FULL, ms=0)
    elif sid == "error":
        from tanteador.screens.error import Error

        app.stage.push(Error("ValueError 1A2B"))
    app.poll(board.now)
    return app
