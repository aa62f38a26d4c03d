"""A whole match on the real MicroPython unix port, held to a Pico's heap."""

from host_tools.harness import mplane


CODE = """
import gc, json
gc.collect()
from hostboard import HostBoard
from script import Player, parse
gc.collect()
tools = gc.mem_alloc()
from tanteador.app import App
b = HostBoard(%r)
app = App(b, 0)
app.poll(0)
gc.collect()
boot = gc.mem_alloc() - tools
pl = Player(app, b)
peak = [0]
def hook(i, st):
    gc.collect()
    peak[0] = max(peak[0], gc.mem_alloc() - tools)
pl.play(parse("DOWN x3; OK; UP x12; OK; UP x3; OK; OK"), hook)
heaps = []
for k in range(15):
    pl.play(parse("DOWN x2; OK; hold UP 900; OK"), hook)
    if k == 14:
        break
    pl.play(parse("DOWN; OK; hold DOWN 900; OK"), hook)
    gc.collect()
    heaps.append(gc.mem_alloc() - tools)
m = app.stage.match
print(json.dumps({"boot": boot, "peak": peak[0], "heaps": heaps, "hands": len(m.hands),
                  "won": m.won, "over": m.over, "scr": app.stage.screen.NAME}))
print(json.dumps({"k": "end"}))
"""


def _on_micropython(code, tree=None):
    """Run ``code`` on the MicroPython unix port at a Pico's heap; its first result line.

    ``tree``: the firmware compiled by mpy-cross, as a Pico runs it (default: the sources).
    """
    rc, out, err = mplane.run_code(code, "mp", heapsize="190K", pythonpath=[tree, mplane.DEVICE] if tree else None)
    res, noise = mplane.parse(out)
    assert rc == 0 and res and res[-1] == {"k": "end"}, err + "\n".join(noise)
    return res[0]


def test_thirty_hands_on_micropython(tmp_path, mpy_tree):
    r = _on_micropython(CODE % str(tmp_path), mpy_tree)
    # First to 15: 14-14 after 28 hands, the 29th ends the match.
    assert r["hands"] == 29 and r["won"] == [15, 14]
    assert r["over"] and r["scr"] == "matchend"
    # Only the match's own data grows from hand to hand (a few hundred bytes a hand).
    heaps = r["heaps"]
    assert heaps[-1] - heaps[1] < 12 * 600, heaps
    print("heap after boot %d, peak %d (bytes, gc.mem_alloc)" % (r["boot"], r["peak"]))


HABITS = """
import json
from hostboard import HostBoard
from script import Player, parse
from tanteador.app import App

def boot():
    b = HostBoard(%r)
    app = App(b, 0)
    app.poll(0)
    return b, app, Player(app, b)

b, app, pl = boot()
# Three players, the last card undrawn; a refused entry, then 43 typed and the power cut.
pl.play(parse("DOWN; OK; UP; OK; DOWN x4; OK; UP; OK; UP x5; OK; OK; OK"))
out = {"prep": app.stage.match.options.prep}
pl.play(parse("DOWN; OK; DOWN x20; OK; OK; OK"))
out["refused"] = app.stage.texts[-1]
pl.play(parse("BACK; BACK; UP x23; wait 2s"))
b, app, pl = boot()
pl.play(parse("BACK"))
out["resumed"] = [app.stage.screen.NAME, app.stage.screen.vals, app.stage.screen.i]
pl.play(parse("BACK; long OK; DOWN x4; OK; OK"))
out["ended"] = [app.stage.screen.NAME, app.stage.match is None]
b, app, pl = boot()
out["setup"] = [app.stage.screen.NAME, app.stage.screen.o.players, app.stage.screen.o.prep]
print(json.dumps(out))
print(json.dumps({"k": "end"}))
"""


def test_refusal_resume_and_last_setup_on_micropython(tmp_path, mpy_tree):
    # Three boots in one process: compiling the sources again and again
    # inside 190 KB scatters the heap as a Pico running .mpy files never is.
    r = _on_micropython(HABITS % str(tmp_path), mpy_tree)
    assert r["prep"] == 1
    assert r["refused"] == "20 missing, 11 at most"
    assert r["resumed"] == ["entry", [43, 40, 40], 0]
    assert r["ended"] == ["setup", True]             # End match, on a Pico's heap
    assert r["setup"] == ["setup", 3, 1]            # the next one starts from its setup


NAMES = """
import json
from hostboard import HostBoard
from script import Player, parse
from tanteador.app import App
b = HostBoard(%r)
app = App(b, 0)
app.poll(0)
pl = Player(app, b)
pl.play(parse("UP x3; OK; OK"))
out = {"screen": app.stage.screen.NAME}
pl.play(parse(%r))
out["names"] = app.stage.screen.setup.names
out["file"] = open(%r + "/names.json").read()
pl.play(parse("BACK; DOWN x3; OK; OK"))
out["table"] = [app.stage.screen.NAME, app.stage.match.options.names]
print(json.dumps(out))
print(json.dumps({"k": "end"}))
"""


def _typing(name, ring, start=0):
    """The taps that type ``name`` on the letters screen (DOWN or UP, the shorter way), OKs between."""
    from tanteador.screens import letters
    from tanteador.storeops import fold

    out = []
    k = start
    n = len(ring)
    for i, c in enumerate(name):
        want = ring.index(fold(c))
        down = (want - k) % n
        if down:
            out.append("DOWN x%d" % down if down <= n - down else "UP x%d" % (n - down))
        out.append("OK" if i < len(name) - 1 else "long OK")
        vowel = fold(c) in letters._VOWELS
        k = letters.STARTS[1] if vowel else 0
    return "; ".join(out)


def test_names_typed_with_accents_on_micropython(tmp_path, mpy_tree):
    from tanteador.screens import letters

    script = _typing("José", letters.RING) + "; DOWN; OK; " + _typing("Chloé", letters.RING)
    flash = str(tmp_path)
    r = _on_micropython(NAMES % (flash, script, flash), mpy_tree)
    assert r["screen"] == "letters"
    assert r["names"] == ["José", "Chloé"]
    import json

    assert json.loads(r["file"]) == ["Chloé", "José"]
    assert r["table"] == ["table", ["José", "Chloé"]]


SWEPT = """
import json, sys
from tanteador import boardfile
from tanteador.wiring import WIRING
w = boardfile.read("BUZZER_PIN = 16\\n")
from hostboard import HostBoard
from tanteador.app import App
b = HostBoard(%r)
app = App(b, 0)
app.poll(0)
print(json.dumps({"loaded": [m for m in ("tanteador.boardfile", "tanteador.wiring", "tanteador.storeops",
                                        "tanteador.resume") if m in sys.modules],
                  "buzzer": w.BUZZER_PIN, "wiring": WIRING.OLED_ADDR, "scr": app.stage.screen.NAME}))
print(json.dumps({"k": "end"}))
"""


def test_the_boot_only_modules_leave_the_heap_once_the_app_has_started(tmp_path, mpy_tree):
    # A board file's checker (some 4 KB on a Pico) and the wiring's reader (main.py imports it first) are
    # read at boot, before the app; the wiring they gave stays in force.
    r = _on_micropython(SWEPT % str(tmp_path), mpy_tree)
    assert r["loaded"] == [] and r["buzzer"] == 16 and r["wiring"] == 0x3C and r["scr"] == "setup"


RESUMED = """
import json, sys
from hostboard import HostBoard
from tanteador.app import App
b = HostBoard(%r)
app = App(b, 0)
app.poll(0)
readers = sorted(n for n, m in sys.modules.items() if hasattr(m, "from_dict"))
print(json.dumps({"readers": readers, "hands": len(app.stage.match.hands), "scr": app.stage.screen.NAME}))
print(json.dumps({"k": "end"}))
"""


def test_the_saved_documents_reader_leaves_the_heap_after_a_boot_into_a_match(tmp_path, mpy_tree):
    # Only a boot and a pushed match read a document back: the match in play does not carry the reader.
    from host_tools.harness import matchplan

    opts = {"players": 4, "sides": 1, "names": ["Ana", "Begoña", "Carlos", "João"], "goal": 2, "target": 5}
    g = matchplan.Generator(str(tmp_path / "play"), matchplan.start_doc(opts), 7)
    g.match(max_hands=3)
    flash = str(tmp_path / "flash")
    matchplan.write_doc(flash, g.app.stage.state())
    r = _on_micropython(RESUMED % flash, mpy_tree)
    assert r["hands"] == 3 and r["scr"] in ("notice", "table")
    assert r["readers"] == []
