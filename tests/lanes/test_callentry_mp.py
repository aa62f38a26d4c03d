"""A Briscola chiamata match typed by the buttons on MicroPython, from the .mpy
files a Pico runs: the same saved document as CPython gives."""

import json

from host_tools.harness import matchplan, mplane
from tanteador import matchload


def _canon(obj):
    # MicroPython's dicts have no key order and its tuples come back as lists.
    return json.loads(json.dumps(obj, sort_keys=True))


def _run(folder, doc, text, impl, tree=None):
    flash = folder / "flash"
    matchplan.write_doc(str(flash), doc)
    script = folder / "script.txt"
    script.write_text(text)
    res = mplane.drive("script", {"dir": str(flash), "script": str(script)}, impl=impl,
                       pythonpath=[tree, mplane.DEVICE] if tree else None)
    return [r for r in res if r["k"] == "script"][0]


def test_micropython_types_the_same_chiamata_match(tmp_path, mpy_tree):
    mplane.require_micropython()
    opts = {"players": 6, "sides": 3, "goal": 2, "target": 7, "names": ["Ana", "Bea", "Íñigo", "Dani", "Eva", "Zoë"]}
    g = matchplan.Generator(str(tmp_path / "gen"), matchplan.start_doc(opts, "it"), seed=4)
    g.session(["hand", "hand", "hand", "undo", "redo", "hand"])
    text = g.match()
    final = g.app.stage.state()
    m = matchload.from_dict(final["m"])
    assert m.over and len(m.hands) >= 7
    # Every seat called now and then, some alone, and the dealer sat out each hand.
    assert len({h.entry[0] for h in m.hands}) >= 3 and any(h.entry[0] == h.entry[1] for h in m.hands)
    assert all(h.points[h.dealer] == 0 for h in m.hands)
    mp = _run(tmp_path / "mp", matchplan.start_doc(opts, "it"), text, "mp", mpy_tree)
    cp = _run(tmp_path / "cp", matchplan.start_doc(opts, "it"), text, "cpython")
    assert _canon(mp["state"]) == _canon(cp["state"]) == _canon(final)
    assert mp["screen"] == cp["screen"] == "matchend"
