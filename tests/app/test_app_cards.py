"""A French-suited Portuguese match played with the buttons, on CPython and on MicroPython."""

import json

import pytest
from app_helpers import boot, hand, play, reboot, saved

from host_tools.harness import mplane
from tanteador import i18n, textids
from tanteador.iconids import DEALER, FRENCH, LARGE
from tanteador.matchoptions import CARDS_FRENCH, CARDS_SPANISH

# Each step: (label, script played before the screen is reported).
STEPS = (
    ("setup-en", "DOWN x5"),                        # the card style row, English: Spanish
    ("settings-pt", "UP x5; long OK; OK; OK; UP x2; OK"),  # Português (en -> fr -> pt)
    ("setup-pt", "BACK; BACK; DOWN x5"),            # the row now says French
    ("draw", "UP x5; OK"),                          # Start: the first-dealer draw
    ("table", "OK"),
    ("table-trump", "DOWN"),                        # the first suit: diamonds
    ("entry", "OK; UP x10"),
    ("counted", "OK"),
    ("trump", "OK"),                                # trump not set yet: the picker opens
    ("trump-hearts", "DOWN"),
    ("history", "BACK; long OK; DOWN x2; OK"),
)

CODE = """
import json, binascii, gc
from hostboard import HostBoard
from script import Player, parse
from tanteador.app import App
b = HostBoard(%r)
b.seed(7)
app = App(b, b.now)
app.poll(b.now)
pl = Player(app, b)
for label, script in %r:
    pl.play(parse(script))
    s = app.stage.screen
    out = {"label": label, "scr": s.NAME, "texts": app.stage.texts, "icons": app.stage.p.icons,
           "fb": binascii.hexlify(b.frame).decode()}
    if s.NAME == "draw":
        out["cards"] = [list(c) for c in s.cards]
    print(json.dumps(out))
    gc.collect()
m = app.stage.match
print(json.dumps({"label": "match", "hands": [[h.trump, list(h.points)] for h in m.hands],
                  "cards": m.options.cards}))
print(json.dumps({"k": "end"}))
"""


def _run(impl, folder, tree=None):
    rc, out, err = mplane.run_code(CODE % (str(folder), STEPS), impl,
                                   pythonpath=[tree, mplane.DEVICE] if tree else None)
    res, noise = mplane.parse(out)
    assert rc == 0 and res and res[-1] == {"k": "end"}, err + "\n".join(noise)
    return {r["label"]: r for r in res[:-1]}


@pytest.fixture(scope="module")
def cpython_run(tmp_path_factory):
    return _run("cpython", tmp_path_factory.mktemp("cp"))


def _texts(code):
    return i18n.load(code)


def test_a_portuguese_setup_plays_french_suits(cpython_run):
    r = cpython_run
    pt = _texts("pt")
    assert "Suits" in r["setup-en"]["texts"] and "Spanish" in r["setup-en"]["texts"]
    assert "Português" in r["settings-pt"]["texts"]
    assert "Naipes" in r["setup-pt"]["texts"] and "franceses" in r["setup-pt"]["texts"]
    # The draw: every player's card with its French face and French suit icon.
    d = r["draw"]
    faces = pt[textids.RANKS_FR].split("|")
    assert d["cards"] and faces != pt[textids.RANKS].split("|")
    for rank, suit in d["cards"]:
        assert faces[rank] in d["texts"] or "*" + faces[rank] in d["texts"]
    # Up to four players the dealer is marked in the list.
    assert sorted(i for i in d["icons"] if i != DEALER) == sorted(FRENCH + suit for _, suit in d["cards"])
    assert d["icons"].count(DEALER) == 1
    # The table: "?" until the trump is set, then the French diamond.
    assert "Mão 1" in r["table"]["texts"] and "?" in r["table"]["texts"]
    assert FRENCH + 0 in r["table-trump"]["icons"]
    assert not [i for i in r["table-trump"]["icons"] if i < 8]
    # The entry's title carries the trump too; the hand is counted as usual.
    assert r["entry"]["scr"] == "entry" and FRENCH + 0 in r["entry"]["icons"]
    assert r["counted"]["scr"] == "table"
    assert r["match"] == {"label": "match", "hands": [[0, [70, 50]]], "cards": CARDS_FRENCH}
    # The trump picker: the four large French suits, the one chosen named.
    t = r["trump"]
    assert t["scr"] == "trump"
    assert [i for i in t["icons"] if i >= FRENCH + LARGE] == [FRENCH + LARGE + s for s in range(4)]
    assert "ouros" in t["texts"] and "copas" in r["trump-hearts"]["texts"]
    # The history shows the counted hand's trump as a small French suit.
    h = r["history"]
    assert h["scr"] == "history" and "70-50" in h["texts"] and FRENCH + 0 in h["icons"]


@pytest.mark.micropython
def test_micropython_draws_the_same_match(cpython_run, tmp_path, mpy_tree):
    mp = _run("mp", tmp_path, mpy_tree)
    assert list(mp) == list(cpython_run)
    for label, a in cpython_run.items():
        b = mp[label]
        for k in ("scr", "texts", "icons", "cards", "hands"):
            assert a.get(k) == b.get(k), (label, k)
        assert a.get("fb") == b.get("fb"), label


def test_the_style_is_saved_with_the_match_and_kept_for_a_new_one(tmp_path):
    board, app = boot(tmp_path)
    play(app, board, "DOWN x5; OK; DOWN; OK; UP x5; OK; OK")   # Suits: French, Start, draw
    assert app.stage.match.options.cards == CARDS_FRENCH
    hand(app, board, ups=10)
    doc = saved(tmp_path)
    assert doc["m"]["o"][-1] == CARDS_FRENCH and len(doc["m"]["o"]) == 15
    board, app = reboot(board)
    play(app, board, "wait 3s; DOWN; OK")
    assert app.stage.match.options.cards == CARDS_FRENCH
    assert app.stage.screen.NAME == "entry" and FRENCH in app.stage.p.icons
    # The hand edit names the French suit in the language of the device.
    play(app, board, "BACK; long OK; DOWN x2; OK; OK")
    assert app.stage.screen.NAME == "handedit" and "diamonds" in app.stage.texts
    play(app, board, "BACK; BACK; BACK")
    assert app.stage.screen.NAME == "table"
    # Two more hands end the match; a new match starts from its setup: still French.
    hand(app, board, ups=10)
    hand(app, board, ups=10)
    assert app.stage.screen.NAME == "matchend"
    play(app, board, "DOWN; OK; DOWN x5")
    assert app.stage.screen.NAME == "setup" and "French" in app.stage.texts
    play(app, board, "UP x5; OK; OK")
    assert app.stage.match.options.cards == CARDS_FRENCH and not app.stage.match.hands


def test_a_save_written_before_the_card_style_loads_as_spanish(tmp_path):
    # A state file exactly as the previous version wrote it: 14 options.
    doc = {"v": 1, "cfg": {"lang": "pt", "contrast": 255, "timeout": 180, "sound": 1},
           "m": {"v": 2, "o": [2, None, 0, 40, 0, 0, 0, 0, 3, 0, 0, 0, 0, 1], "a": [[2, 70, 50, 90000]]},
           "scr": "table", "tr": None}
    (tmp_path / "state.json").write_text(json.dumps(doc, separators=(",", ":")))
    board, app = boot(tmp_path)
    assert app.stage.match is not None and app.stage.match.options.cards == CARDS_SPANISH
    assert app.stage.match.hands[0].trump == 2 and app.stage.match.won == [1, 0]
    play(app, board, "wait 3s; UP")                # bastos, in the Spanish style
    assert app.stage.screen.NAME == "table" and 3 in app.stage.p.icons
    assert not [i for i in app.stage.p.icons if i >= FRENCH]
    play(app, board, "OK; OK")                     # a hand counted: saved as before
    o = saved(tmp_path)["m"]["o"]
    assert o == doc["m"]["o"]
