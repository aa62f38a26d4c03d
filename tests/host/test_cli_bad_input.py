"""Bad input to the real `tanteador` command, in a subprocess, as a new user would type it.

Each case must end in one line on stderr that names the problem, exit
status 2 for an argument that cannot work and 1 for a job that failed, no
traceback, and no file written or lost.
"""

import json
import os
import subprocess
import sys
import tempfile

import pytest

from tanteador import matchdoc
from tanteador import store

SCRIPT = os.path.join(os.path.dirname(sys.executable), "tanteador")
COMMAND = [SCRIPT] if os.path.exists(SCRIPT) else [sys.executable, "-m", "host_tools.cli"]


def tanteador(*args, cwd, stdin=None, memory=None):
    """(exit status, stdout, stderr) of the command run in a fresh process (its address space
    held to ``memory`` bytes when given)."""
    def limit():
        import resource

        resource.setrlimit(resource.RLIMIT_AS, (memory, memory))

    r = subprocess.run(COMMAND + [str(a) for a in args], cwd=cwd, input=stdin, capture_output=True, timeout=120,
                       env=dict(os.environ, HOME=str(cwd), XDG_DATA_HOME=str(cwd / "xdg")),
                       preexec_fn=limit if memory else None)
    return r.returncode, r.stdout.decode("utf-8"), r.stderr.decode("utf-8")


def tree(root):
    """{relative path: bytes, or None for a folder} of everything under root."""
    out = {}
    for d, dirs, files in os.walk(root):
        for n in dirs:
            out[os.path.relpath(os.path.join(d, n), root)] = None
        for n in files:
            p = os.path.join(d, n)
            with open(p, "rb") as f:
                out[os.path.relpath(p, root)] = f.read(1 << 20)
    return out


def refused(cwd, status, words, *args, stdin=None):
    """Run a command that must be refused; check the message, the status and that nothing changed."""
    before = tree(cwd)
    rc, out, err = tanteador(*args, cwd=cwd, stdin=stdin)
    assert "Traceback" not in err + out
    assert len(err.strip().splitlines()) == 1, err
    for w in words:
        assert w in err, err
    assert rc == status, (rc, err)
    assert tree(cwd) == before
    return err


@pytest.fixture
def readonly(tmp_path):
    """A folder this user cannot write in (root writes anywhere a mode allows: use sysfs then)."""
    d = tmp_path / "ro"
    d.mkdir()
    (d / "keep.txt").write_text("kept")
    d.chmod(0o555)
    try:
        with tempfile.TemporaryFile(dir=d):
            pass
    except OSError:
        yield d
    else:
        yield "/sys"
    d.chmod(0o755)


def save_folder(folder):
    """A flash folder with a finished match and one in play."""
    from tanteador.match import Match
    from tanteador.matchoptions import MatchOptions

    folder.mkdir()
    m = Match(MatchOptions(players=2, names=["Ana", "Luis"], target=2))
    m.record(0, (70, 50), 1000)
    m.record(1, (80, 40), 1000)
    (folder / "h0001.json").write_text(json.dumps(matchdoc.to_dict(m)))
    return folder


def test_pull_sets_aside_a_file_nested_too_deep_and_exports_the_rest(tmp_path):
    src = save_folder(tmp_path / "flash")
    # Deeper than any JSON parser's stack, yet small enough to be a save (200,000 would be skipped for its size).
    (src / "h0002.json").write_text("[" * (store.MAX_STATE - 1))
    before = tree(src)
    rc, out, err = tanteador("pull", "--from-dir", src, "--out", tmp_path / "out", cwd=tmp_path)
    assert rc == 1 and "Traceback" not in err + out
    assert "h0002.json is not a save: its JSON is nested deeper than any match document" in out
    records = json.loads((tmp_path / "out" / "matches.json").read_text("utf-8"))
    assert [r["file"] for r in records] == ["h0001.json"]
    assert (tmp_path / "out" / "board" / "h0002.json").read_bytes() == before["h0002.json"]
    assert tree(src) == before


def test_pull_names_the_issue_s_200000_brackets_and_exports_the_rest(tmp_path):
    src = save_folder(tmp_path / "flash")
    (src / "h0002.json").write_text("[" * 200000)
    rc, out, err = tanteador("pull", "--from-dir", src, "--out", tmp_path / "out", cwd=tmp_path)
    assert rc == 1 and "Traceback" not in err + out
    assert "h0002.json is 200000 bytes, larger than any save the device writes" in out
    records = json.loads((tmp_path / "out" / "matches.json").read_text("utf-8"))
    assert [r["file"] for r in records] == ["h0001.json"]
    assert os.path.getsize(src / "h0002.json") == 200000


def test_pull_skips_a_file_larger_than_any_save_without_reading_it(tmp_path):
    src = save_folder(tmp_path / "flash")
    with open(src / "h0003.json", "wb") as f:
        f.truncate(1 << 30)   # 1 GB, sparse: reading it whole would take a GB of memory
    # Less memory than the file's size: reading it whole would fail.
    rc, out, err = tanteador("pull", "--from-dir", src, "--out", tmp_path / "out", cwd=tmp_path, memory=900 << 20)
    assert rc == 1 and "Traceback" not in err + out
    assert ("h0003.json is 1073741824 bytes, larger than any save the device writes (%d); skipped without "
            "reading it" % store.MAX_STATE) in out
    assert sorted(os.listdir(tmp_path / "out" / "board")) == ["h0001.json"]
    assert os.path.getsize(src / "h0003.json") == 1 << 30


def test_pull_from_a_folder_that_is_not_there(tmp_path):
    refused(tmp_path, 2, ["--from-dir nowhere is not a folder"], "pull", "--from-dir", "nowhere", "--out", "out")


def test_pull_out_is_a_file(tmp_path):
    save_folder(tmp_path / "flash")
    (tmp_path / "notes.txt").write_text("mine")
    refused(tmp_path, 2, ["--out notes.txt is a file, not a folder"],
            "pull", "--from-dir", "flash", "--out", "notes.txt")


def test_pull_out_cannot_be_created(tmp_path):
    save_folder(tmp_path / "flash")
    (tmp_path / "notes.txt").write_text("mine")
    refused(tmp_path, 1, ["cannot create the folder notes.txt/out", "is a file"],
            "pull", "--from-dir", "flash", "--out", "notes.txt/out")


def test_pull_out_in_a_read_only_folder(tmp_path, readonly):
    save_folder(tmp_path / "flash")
    refused(tmp_path, 1, ["cannot create the folder", "--out"],
            "pull", "--from-dir", "flash", "--out", os.path.join(readonly, "out"))


def test_names_flash_is_a_file(tmp_path):
    (tmp_path / "hostname").write_text("pc\n")
    refused(tmp_path, 2, ["--flash hostname is a file, not a folder"], "names", "Ana,Luis", "--flash", "hostname")


def test_names_into_a_read_only_folder(tmp_path, readonly):
    refused(tmp_path, 1, ["cannot write in", "--flash"], "names", "Ana,Luis", "--flash", readonly)


@pytest.mark.parametrize("text, words", [
    ("Ana/Luis", ["'Ana/Luis' has a '/', which joins the names of a team"]),
    ("Ana,Luis,ana", ["'Ana' and 'ana' are the same name (capitals do not count)"]),
    ("Max\u0301", ["cannot show"]),   # no letter x with an acute to fold the accent into
])
def test_names_refused(tmp_path, text, words):
    (tmp_path / "flash").mkdir()
    refused(tmp_path, 2, ["names not changed"] + words, "names", text, "--flash", "flash")


def test_names_typed_decomposed_are_stored_composed(tmp_path):
    rc, out, err = tanteador("names", "Jose\u0301,Chloe\u0301", "--flash", "flash", cwd=tmp_path)
    assert rc == 0, err
    assert json.loads((tmp_path / "flash" / "names.json").read_text("utf-8")) == ["Jos\u00e9", "Chlo\u00e9"]


def test_sim_script_not_utf8(tmp_path):
    (tmp_path / "bad.txt").write_bytes(b"OK\nUP # se\xf1al\n")
    refused(tmp_path, 2, ["script bad.txt line 2 is not UTF-8 text (byte 0xf1)"],
            "sim", "--script", "bad.txt", "--flash", "flash")
    refused(tmp_path, 2, ["script from stdin line 1 is not UTF-8"],
            "sim", "--script", "-", "--flash", "flash", stdin=b"\xff\n")


@pytest.mark.parametrize("args", [["sim", "-e", "OK", "--flash", "flash", "--scale", "0"],
                                  ["screens", "shots", "--scale", "0"]])
def test_scale_zero(tmp_path, args):
    refused(tmp_path, 2, ["--scale must be 1 or more"], *args)


@pytest.mark.parametrize("args, words", [
    (["sim", "-e", "OK", "--flash", "flash", "--png", "shot.png"], ["--png shot.png is a file, not a folder"]),
    (["screens", "shot.png"], ["DIR shot.png is a file, not a folder"]),
    (["sim", "-e", "OK", "--flash", "shot.png"], ["--flash shot.png is a file, not a folder"]),
])
def test_a_file_where_a_folder_goes(tmp_path, args, words):
    (tmp_path / "shot.png").write_bytes(b"\x89PNG mine")
    refused(tmp_path, 2, words, *args)


def test_sim_flash_that_cannot_be_created(tmp_path):
    (tmp_path / "shot.png").write_bytes(b"\x89PNG mine")
    refused(tmp_path, 1, ["cannot create the folder shot.png/flash", "is a file"],
            "sim", "-e", "OK", "--flash", "shot.png/flash")


def test_sim_flash_read_only_is_refused_before_starting(tmp_path, readonly):
    refused(tmp_path, 1, ["cannot write in", "--flash"], "sim", "-e", "OK;OK;OK", "--flash", readonly)


def test_flash_port_that_does_not_exist(tmp_path):
    err = refused(tmp_path, 2, ["there is no port /dev/nonexistent; ports found: "],
                  "flash", "--port", "/dev/nonexistent")
    assert "another program" not in err


def test_sim_json_is_the_document_saved_on_the_flash(tmp_path):
    # The trump picked last is saved once the buttons rest for 1.5 s: not yet when the script ends.
    rc, out, err = tanteador("sim", "-e", "OK;OK;wait 2s;DOWN", "--json", "--flash", "flash",
                             "--seed", "3", cwd=tmp_path)
    assert rc == 0, err
    saved = json.loads((tmp_path / "flash" / "state.json").read_text("utf-8"))
    assert json.loads(out.strip().splitlines()[-1]) == saved
