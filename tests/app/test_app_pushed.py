"""A match pushed by an organiser's PC (event.json): taken at boot, named, saved with its table and round."""

import json
import os

import pytest

from app_helpers import NAMES, boot, hand, play, pushed_doc, reboot, saved
from host_tools.harness import mplane
from tanteador import matchdoc, matchload
from tanteador.match import Match
from tanteador.matchload import StateError
from tanteador.matchoptions import MatchOptions

def put(folder, doc):
    text = doc if isinstance(doc, str) else json.dumps(doc)
    (folder / "event.json").write_text(text, encoding="utf-8")


def test_a_pushed_match_starts_with_its_names_and_tells_table_and_round(tmp_path):
    put(tmp_path, pushed_doc())
    board, app = boot(tmp_path)
    assert app.stage.screen.NAME == "notice"
    assert "Table 3 - Round 2" in " ".join(app.stage.texts)
    assert not (tmp_path / "event.json").exists()
    m = app.stage.match
    assert m.options.names == NAMES and m.options.target == 2 and not m.hands
    assert m.event == (3, 2, "fiesta24")
    assert app.stage.side_name(0) == "Ana/Luis" and app.stage.side_name(1) == "Eva/Pau"
    assert saved(tmp_path)["m"]["ev"] == [3, 2, "fiesta24"]
    play(app, board, "OK")
    assert app.stage.screen.NAME == "table"


def test_a_push_stays_on_flash_until_its_match_is_saved(tmp_path):
    """A full flash refuses the pushed match's save: event.json stays, and the
    next boot with room takes it again; nothing of the push is lost."""
    from host_tools.device.faultfs import FaultFS
    from host_tools.device.hostboard import HostBoard
    from tanteador.flashfs import DirFS

    put(tmp_path, pushed_doc())
    fs = FaultFS(DirFS(str(tmp_path)))
    fs.free = 0
    board, app = boot(board=HostBoard(fs=fs))
    assert app.stage.match.event == (3, 2, "fiesta24")
    assert (tmp_path / "event.json").exists() and not (tmp_path / "state.json").exists()
    board, app = boot(tmp_path)
    assert app.stage.match.event == (3, 2, "fiesta24")
    assert not (tmp_path / "event.json").exists() and saved(tmp_path)["m"]["ev"] == [3, 2, "fiesta24"]


def test_the_finished_match_keeps_its_event_in_the_archive_and_a_rematch_is_not_the_events(tmp_path):
    put(tmp_path, pushed_doc())
    board, app = boot(tmp_path)
    play(app, board, "OK; OK")
    hand(app, board, ups=20)
    hand(app, board, ups=20)
    assert app.stage.match.over and app.stage.screen.NAME == "matchend"
    board, app = reboot(board)
    assert app.stage.match.event == (3, 2, "fiesta24")
    play(app, board, "OK")  # Rematch
    assert app.stage.match.event == () and not app.stage.match.hands
    assert "ev" not in saved(tmp_path)["m"]
    with open(os.path.join(str(tmp_path), "h", "h0001.json")) as f:
        archived = json.load(f)
    assert archived["ev"] == [3, 2, "fiesta24"]
    assert matchload.from_dict(archived).over


def test_a_push_replaces_a_match_in_play_which_is_archived(tmp_path):
    board, app = boot(tmp_path)
    play(app, board, "OK; OK")  # Start with the defaults, then the draw
    assert app.stage.match is not None
    hand(app, board, ups=10)
    before = matchdoc.to_dict(app.stage.match)
    put(tmp_path, pushed_doc(table=1, rnd=1))
    board, app = reboot(board)
    assert app.stage.match.event == (1, 1, "fiesta24")
    with open(os.path.join(str(tmp_path), "h", "h0001.json")) as f:
        assert json.load(f) == before


@pytest.mark.parametrize("doc, notice", [
    ("{not json", "Damaged"),
    ({"v": 1, "o": [9], "ev": [1, 1, "k"]}, "Damaged"),
    (pushed_doc(table=0), "Damaged"),
    (dict(pushed_doc(), v=2), "newer"),
])
def test_a_bad_push_is_set_aside_and_the_saved_match_stays(tmp_path, doc, notice):
    board, app = boot(tmp_path)
    play(app, board, "OK; OK")
    hand(app, board, ups=10)
    before = matchdoc.to_dict(app.stage.match)
    put(tmp_path, doc)
    board, app = reboot(board)
    assert matchdoc.to_dict(app.stage.match) == before
    assert not (tmp_path / "event.json").exists()
    assert (tmp_path / "bad-1-state.json").exists()
    assert notice in " ".join(app.stage.texts)


def test_documents_without_an_event_still_load_and_a_bad_event_is_refused():
    m = Match(MatchOptions(players=2, target=1))
    d = matchdoc.to_dict(m)
    assert "ev" not in d and matchload.from_dict(d).event == ()
    m.event = (12, 3, "club")
    out = []
    matchdoc.dump(m, out.append)
    assert json.loads("".join(out)) == matchdoc.to_dict(m) == dict(d, ev=[12, 3, "club"])
    assert matchload.from_dict(matchdoc.to_dict(m)).event == (12, 3, "club")
    for bad in ([12, 3], [0, 1, "k"], [1, 100, "k"], [1, 1, ""], [1, 1, "k" * 17], ["1", 1, "k"]):
        with pytest.raises(StateError):
            matchload.from_dict(dict(d, ev=bad))
    with pytest.raises(StateError):
        matchload.from_push({"v": 1, "o": MatchOptions().to_list()})


MP_CODE = """
import gc, json
from hostboard import HostBoard
gc.collect()
from tanteador.app import App
b = HostBoard(%r)
app = App(b, 0)
app.poll(0)
gc.collect()
m = app.stage.match
print(json.dumps({"ev": list(m.event), "names": m.options.names, "texts": app.stage.texts, "free": gc.mem_free()}))
print(json.dumps({"k": "end"}))
"""


@pytest.mark.micropython
def test_a_push_is_taken_on_micropython_at_a_picos_heap(tmp_path, mpy_tree):
    put(tmp_path, pushed_doc())
    rc, out, err = mplane.run_code(MP_CODE % str(tmp_path), "mp", heapsize="190K",
                                   pythonpath=[mpy_tree, mplane.DEVICE])
    res, noise = mplane.parse(out)
    assert rc == 0 and res and res[-1] == {"k": "end"}, err + "\n".join(noise)
    r = res[0]
    assert r["ev"] == [3, 2, "fiesta24"] and r["names"] == NAMES
    assert "Table 3 - Round 2" in " ".join(r["texts"])
