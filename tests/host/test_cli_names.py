"""`tanteador names`: validation first, then one atomic write on the board."""

import json

import pytest

from fakeboard import FakeBoard
from host_tools import cli
from host_tools.support import link as linkmod


@pytest.fixture
def board(tmp_path, monkeypatch):
    b = FakeBoard(tmp_path / "board")
    b.put("/tt/state.json", '{"v": 1}')
    monkeypatch.setattr(linkmod, "connect", lambda port=None: linkmod.Link(b, port or "fake0"))
    return b


def names_on(board):
    return json.loads(board.files()["/tt/names.json"].decode("utf-8"))


def test_names_are_written_trimmed_as_utf8_json(board, capsys):
    assert cli.main(["names", " Ana, Luis ,Mª José,Françoise,João"]) == 0
    assert names_on(board) == ["Ana", "Luis", "Mª José", "Françoise", "João"]
    assert "Mª José".encode("utf-8") in board.files()["/tt/names.json"]
    assert "/tt/names.tmp" not in board.files()
    assert board.files()["/tt/state.json"] == b'{"v": 1}'
    assert "5 names" in capsys.readouterr().out
    assert board.resets == 0 and board.closed


def test_the_device_reads_what_was_written(board, tmp_path):
    from tanteador import storeops
    from tanteador.flashfs import DirFS
    from tanteador.store import Store

    assert cli.main(["names", "Ana,Núria,Chloé"]) == 0
    assert storeops.names(Store(DirFS(str(tmp_path / "board" / "tt")))) == ["Ana", "Núria", "Chloé"]


def test_empty_text_clears_the_list(board):
    assert cli.main(["names", "Ana"]) == 0
    assert cli.main(["names", ""]) == 0
    assert names_on(board) == []


@pytest.mark.parametrize(
    "text, words",
    [
        (",".join("P%d" % i for i in range(17)), "more than 16 names"),
        ("Ana,,Luis", "empty name"),
        ("Ana,  ", "empty name"),
        ("Bartholomew Jr", "longer than 12"),
        ("Ana\x07", "control"),
        ("Ana\x7fLuis", "control"),
        ("Straße", "cannot show ß"),
        ("Zoë,Ana,zoë", "'Zoë' and 'zoë' are the same name (capitals do not count)"),
        ("Ana,Luis,Ana", "'Ana' is in the list twice"),
        ("Ana/Luis", "'/', which joins the names of a team"),
    ],
)
def test_bad_lists_change_nothing(board, capsys, text, words):
    assert cli.main(["names", "Ana,Luis"]) == 0
    before = board.files()
    assert cli.main(["names", text]) == 2
    err = capsys.readouterr().err
    assert "names not changed" in err and words in err
    assert board.files() == before


def test_bad_list_is_refused_before_looking_for_a_board(monkeypatch, capsys):
    def no_board(port=None):
        raise AssertionError("must not connect")

    monkeypatch.setattr(linkmod, "connect", no_board)
    assert cli.main(["names", "A" * 13]) == 2


def test_exactly_sixteen_names_of_twelve_chars(board):
    names = ["Name%08d" % i for i in range(16)]
    assert all(len(n) == 12 for n in names)
    assert cli.main(["names", ",".join(names)]) == 0
    assert names_on(board) == names


def test_names_into_a_simulator_flash_folder(tmp_path):
    flash = tmp_path / "flash"
    assert cli.main(["names", "Ana,Luis", "--flash", str(flash)]) == 0
    assert json.loads((flash / "names.json").read_text("utf-8")) == ["Ana", "Luis"]
    assert not (flash / "names.tmp").exists()
