"""The web page's flash in the browser's storage, in a real headless Chromium.

The files are bytes, not text: the kept first frame (``frame.bin``) and its
tag (``frame.tag``) survive reloads byte for byte, online and offline; a
trump set just before a reload is kept; a long run of quick presses and
reloads never stops the page; files a page of an earlier build kept as text
are moved over; damaged entries are handed to the firmware, which sets them
aside, and never stop the page; Export and Import carry files that are not
text. Each test also fails on any console error or warning and on any
uncaught error of the page.
"""

import base64
import io
import json
import random
import shutil
import zipfile
from binascii import crc32

import pytest
from host_tools.device import script
import webdrive
from webdrive import browser, url  # noqa: F401  (the module's fixtures)

pytestmark = pytest.mark.web

SEED = 3
PHONE = {"width": 390, "height": 844}
KEPT = ("frame.bin", "frame.tag")
# The firmware keeps the first frame at its first quiet moment (400 ms without a press).
QUIET_MS = 600
KEYS = ("ArrowUp", "ArrowDown", "Enter", "Escape")


def open_page(browser, url):
    context = browser.new_context(viewport=PHONE, has_touch=True, accept_downloads=True)
    page = context.new_page()
    seen = webdrive.watch(page)
    page.goto(url + "?seed=%d" % SEED)
    webdrive.wait_ready(page)
    return context, page, seen


def press(page, *keys):
    for key in keys:
        page.keyboard.press(key, delay=script.PRESS_MS)
        page.wait_for_timeout(script.GAP_MS)


def wait_kept(page):
    """Wait until the page has written the kept frame and its tag."""
    page.wait_for_function("(keys) => keys.every((k) => localStorage.getItem(k) !== null)",
                           arg=[webdrive.PREFIX + name for name in KEPT], timeout=5000)


def reload(page):
    page.reload()
    webdrive.wait_ready(page)


def assert_clean(page, seen):
    assert seen == []
    assert page.evaluate("window.tanteador.error") is None


@pytest.fixture(scope="module")
def started(tmp_path_factory):
    """A match started in the simulator (setup, draw); what it shows when resumed, then after OK."""
    work = tmp_path_factory.mktemp("started")
    webdrive.sim_frames("OK;OK", work / "flash", work / "png", SEED)
    # The journal the simulator left open, empty, for the next action: the tests start from the match alone.
    assert (work / "flash" / "state.log").read_bytes() == b""
    (work / "flash" / "state.log").unlink()
    shutil.copytree(work / "flash", work / "resumed")
    resumed = webdrive.sim_frames("OK", work / "resumed", work / "png-resumed", SEED)
    return {"flash": work / "flash", "resumed": resumed[0], "table": resumed[1]}


def start_match(page, started):
    """Setup and draw on the page, then a reload: the match resumes and keeps its first frame."""
    press(page, "Enter", "Enter")
    reload(page)
    webdrive.wait_frame(page, started["resumed"], "the match resumed")
    wait_kept(page)


def test_the_kept_frame_survives_a_reload_byte_for_byte(browser, url, started):
    context, page, seen = open_page(browser, url)
    try:
        start_match(page, started)
        kept = webdrive.flash(page)
        assert kept["frame.bin"] == webdrive.frame(page)
        assert int.from_bytes(kept["frame.tag"][:4], "little") == crc32(kept["state.json"])
        reload(page)
        webdrive.wait_frame(page, started["resumed"], "a reload with a kept frame")
        page.wait_for_timeout(QUIET_MS)
        assert_clean(page, seen)
        # The firmware found the kept frame whole: nothing of it was written again.
        assert page.evaluate("window.tanteador.flashLog") == []
        assert webdrive.flash(page) == kept
    finally:
        context.close()


def test_an_offline_reload_with_a_kept_frame_goes_on(browser, url, started):
    context, page, seen = open_page(browser, url)
    try:
        page.evaluate("navigator.serviceWorker.ready.then(() => true)")
        start_match(page, started)
        assert page.evaluate("!!navigator.serviceWorker.controller")
        context.set_offline(True)
        reload(page)
        webdrive.wait_frame(page, started["resumed"], "an offline reload")
        page.wait_for_timeout(QUIET_MS)
        press(page, "Enter")
        webdrive.wait_frame(page, started["table"], "OK on the notice, offline")
        assert_clean(page, seen)
    finally:
        context.set_offline(False)
        context.close()


@pytest.mark.parametrize("after_ms", [300, 2000])
def test_a_trump_set_before_a_reload_is_kept(browser, url, started, after_ms, tmp_path):
    """The trump waits for the buttons to rest 1.5 s before it is saved: a reload
    sooner saves it on the way out (pagehide), a reload later finds it saved."""
    flash = tmp_path / "flash"
    shutil.copytree(started["flash"], flash)
    want = webdrive.sim_frames("OK;DOWN;wait 2000", flash, tmp_path / "png", SEED)
    sim_trump = json.loads((flash / "state.json").read_text())["tr"]
    resumed = webdrive.sim_frames("wait 100", flash, tmp_path / "png-again", SEED)[0]
    context, page, seen = open_page(browser, url)
    try:
        start_match(page, started)
        press(page, "Enter", "ArrowDown")
        webdrive.wait_frame(page, want[2], "the trump set")
        page.wait_for_timeout(after_ms - script.GAP_MS)
        reload(page)
        webdrive.wait_frame(page, resumed, "the reload %d ms after the trump" % after_ms)
        assert json.loads(webdrive.flash(page)["state.json"])["tr"] == sim_trump
        page.wait_for_timeout(QUIET_MS)
        assert_clean(page, seen)
    finally:
        context.close()


@pytest.mark.slow
def test_quick_presses_and_reloads_never_stop_the_page(browser, url, started):
    """200 rounds of four instant key presses (no time held), reloaded every 20 rounds,
    every other time after a quiet moment (the kept frame written)."""
    rng = random.Random(SEED)
    context, page, seen = open_page(browser, url)
    try:
        start_match(page, started)
        for round_ in range(1, 201):
            for _ in range(4):
                page.keyboard.press(rng.choice(KEYS))
            assert page.evaluate("window.tanteador.error") is None, "round %d" % round_
            if round_ % 20 == 0:
                if round_ % 40 == 0:
                    page.wait_for_timeout(QUIET_MS)
                reload(page)
                assert page.evaluate("window.tanteador.error") is None, "reload after round %d" % round_
        page.wait_for_timeout(QUIET_MS)
        assert_clean(page, seen)
        json.loads(webdrive.flash(page)["state.json"])
    finally:
        context.close()


# A tag as an earlier page could keep it: 11 bytes once written back as UTF-8, the
# language's two of them not UTF-8 (a lone surrogate), which stopped that page at
# its first quiet moment with a UnicodeError.
MANGLED_TAG = "() => localStorage.setItem('%sframe.tag', 'abcdefgh' + String.fromCharCode(0xd800))"


def test_files_kept_as_text_by_an_earlier_page_are_moved_over(browser, url, started):
    """The match an earlier build saved resumes; its kept frame, whose text copy lost
    every byte that is not UTF-8, is dropped and kept again."""
    files = {p.name: p.read_bytes() for p in started["flash"].iterdir() if p.name not in KEPT}
    context, page, seen = open_page(browser, url)
    try:
        for name, data in files.items():
            page.evaluate("([k, v]) => localStorage.setItem(k, v)", [webdrive.OLD_PREFIX + name, data.decode()])
        page.evaluate("([k, v]) => localStorage.setItem(k, v)",
                      [webdrive.OLD_PREFIX + "frame.bin", as_text(started["resumed"])])
        page.evaluate(MANGLED_TAG % webdrive.OLD_PREFIX)
        reload(page)
        webdrive.wait_frame(page, started["resumed"], "the match an earlier page saved")
        wait_kept(page)
        assert_clean(page, seen)
        assert page.evaluate(webdrive.ENTRIES, webdrive.OLD_PREFIX) == {}
        stored = webdrive.flash(page)
        assert {name: stored[name] for name in files} == files
        assert stored["frame.bin"] == webdrive.frame(page)
    finally:
        context.close()


def as_text(frame):
    """A frame as a page of an earlier build kept it: its bytes read as UTF-8 text."""
    return frame.decode("utf-8", "replace")


def garbage(n):
    return bytes(random.Random(n).randrange(256) for _ in range(n))


NOT_UTF8 = b'{"v": \xff\xfe\x80' + garbage(40)
DAMAGED_SAVES = {
    "not-base64": ("{not base64, a save typed by hand", b"{not base64, a save typed by hand"),
    "not-utf8": (base64.b64encode(NOT_UTF8).decode(), NOT_UTF8),
}


@pytest.mark.parametrize("damage", sorted(DAMAGED_SAVES))
def test_a_damaged_stored_save_is_set_aside_and_the_page_starts(browser, url, damage, tmp_path):
    entry, data = DAMAGED_SAVES[damage]
    flash = tmp_path / "flash"
    flash.mkdir()
    (flash / "state.json").write_bytes(data)
    want = webdrive.sim_frames("wait 100", flash, tmp_path / "png", SEED)[0]
    context, page, seen = open_page(browser, url)
    try:
        webdrive.store(page, "state.json", entry)
        reload(page)
        webdrive.wait_frame(page, want, "a damaged save (%s)" % damage)
        stored = webdrive.flash(page)
        assert stored["bad-1-state.json"] == data
        assert "state.json" not in stored
        assert_clean(page, seen)
    finally:
        context.close()


@pytest.mark.parametrize("damage", ["garbage", "not-base64", "empty", "tag-language-not-utf-8"])
def test_a_damaged_kept_frame_is_drawn_again(browser, url, started, damage):
    # The last: a tag of the right length (11 bytes) whose language bytes are
    # not UTF-8, which stopped the firmware at every start.
    entries = {"garbage": [base64.b64encode(garbage(n)).decode() for n in (1024, 7)],
               "not-base64": ["%%% not a frame", "%%% not a tag"],
               "empty": ["", ""],
               "tag-language-not-utf-8": [base64.b64encode(garbage(1024)).decode(),
                                          base64.b64encode(garbage(9) + b"\xff\xfe").decode()]}[damage]
    context, page, seen = open_page(browser, url)
    try:
        start_match(page, started)
        for name, entry in zip(KEPT, entries):
            webdrive.store(page, name, entry)
        reload(page)
        webdrive.wait_frame(page, started["resumed"], "a damaged kept frame (%s)" % damage)
        page.wait_for_function("window.tanteador.flashLog.includes('write frame.tag')", timeout=5000)
        assert webdrive.flash(page)["frame.bin"] == webdrive.frame(page)
        assert_clean(page, seen)
    finally:
        context.close()


def _beside_the_match(browser, url, started, tmp_path, name, data):
    """The started match's flash with ``data`` as file ``name`` beside its save: the frames
    the simulator shows on it (its boot, then an OK), and a fresh page reloaded on the same
    files -> (frames, context, page, seen)."""
    flash = tmp_path / "flash"
    shutil.copytree(started["flash"], flash)
    (flash / name).parent.mkdir(exist_ok=True)
    (flash / name).write_bytes(data)
    files = {f.relative_to(flash).as_posix(): f.read_bytes() for f in flash.rglob("*") if f.is_file()}
    want = webdrive.sim_frames("OK", flash, tmp_path / "png", SEED)
    context, page, seen = open_page(browser, url)
    try:
        for f, b in files.items():
            webdrive.store(page, f, base64.b64encode(b).decode())
        reload(page)
    except BaseException:
        context.close()
        raise
    return want, context, page, seen


@pytest.mark.parametrize("name", ["names.json", "h/h0001.json", "h/h.tmp", "h0001.json", "state.tmp",
                                  "bad-1-state.json"])
def test_other_damaged_files_leave_the_match_going(browser, url, started, name, tmp_path):
    """Garbage in a file beside a good save: the page shows what the simulator shows on the
    same flash, and a press on the resumed match is answered."""
    want, context, page, seen = _beside_the_match(browser, url, started, tmp_path, name, garbage(300))
    try:
        webdrive.wait_frame(page, want[0], "garbage in %s" % name)
        page.wait_for_timeout(QUIET_MS)
        press(page, "Enter")
        webdrive.wait_frame(page, want[1], "OK with garbage in %s" % name)
        assert_clean(page, seen)
    finally:
        context.close()


@pytest.mark.parametrize("damage", ["whole", "empty", "cut", "random", "not-utf8"])
def test_the_journal_whole_or_damaged_leaves_the_match_going(browser, url, started, damage, tmp_path):
    """The journal (state.log) beside a good save: a whole one brings its hand back,
    a cut one is left out, a damaged one is set aside byte for byte and said; the
    page shows what the simulator shows on the same flash, and answers a press."""
    from storekit import journal_after

    whole = journal_after((started["flash"] / "state.json").read_bytes())
    data = {"whole": whole, "empty": b"", "cut": whole[:-3], "random": garbage(60),
            "not-utf8": whole[:-2] + b"\xff\xfe\n"}[damage]
    want, context, page, seen = _beside_the_match(browser, url, started, tmp_path, "state.log", data)
    try:
        webdrive.wait_frame(page, want[0], "state.log %s" % damage)
        stored = webdrive.flash(page)
        aside = [n for n in stored if n.startswith("bad-")]
        assert aside == (["bad-1-state.json"] if damage in ("random", "not-utf8") else [])
        if aside:
            assert stored["bad-1-state.json"] == data
        if damage == "empty":
            # Nothing to replay: the journal stays as it is, opened again for the next action.
            page.wait_for_timeout(QUIET_MS)
            assert webdrive.flash(page)["state.log"] == b""
        else:
            # The boot's whole save, once nobody presses, takes the journal in.
            page.wait_for_function("(k) => localStorage.getItem(k) === null", arg=webdrive.PREFIX + "state.log",
                                   timeout=5000)
        assert len(json.loads(webdrive.flash(page)["state.json"])["m"]["a"]) == (1 if damage == "whole" else 0)
        press(page, "Enter")
        webdrive.wait_frame(page, want[1], "OK with state.log %s" % damage)
        assert_clean(page, seen)
    finally:
        context.close()


def test_an_entry_whose_name_is_no_file_name_is_left_aside_and_said(browser, url, started):
    context, page, seen = open_page(browser, url)
    try:
        start_match(page, started)
        for name in ("sub/state.json", "..", "h/x/h0001.json", "h/"):
            webdrive.store(page, name, "e30=")
        reload(page)
        webdrive.wait_frame(page, started["resumed"], "entries with folder names beside the match")
        status = page.text_content("#status")
        assert "not file names" in status and "sub/state.json" in status and ".." in status
        assert "h/x/h0001.json" in status
        assert page.evaluate(webdrive.ENTRIES, webdrive.PREFIX)["sub/state.json"] == "e30="
        assert_clean(page, seen)
    finally:
        context.close()


def test_export_and_import_keep_files_that_are_not_text(browser, url, started, tmp_path):
    files = {p.name: p.read_bytes() for p in started["flash"].iterdir() if p.name not in KEPT}
    files["bad-1-state.json"] = NOT_UTF8
    context, page, seen = open_page(browser, url)
    try:
        for name, data in files.items():
            webdrive.store(page, name, base64.b64encode(data).decode())
        reload(page)
        with page.expect_download() as info:
            page.click("#export")
        exported = tmp_path / "flash.zip"
        info.value.save_as(str(exported))
        with zipfile.ZipFile(io.BytesIO(exported.read_bytes())) as z:
            assert {n: z.read(n) for n in z.namelist()} == files
        assert_clean(page, seen)
    finally:
        context.close()
    context, page, seen = open_page(browser, url)
    try:
        with page.expect_navigation():
            page.set_input_files("#import", str(exported))
        webdrive.wait_ready(page)
        webdrive.wait_frame(page, started["resumed"], "after the import")
        stored = webdrive.flash(page)
        assert {name: stored[name] for name in files} == files
        assert_clean(page, seen)
    finally:
        context.close()


# Fills the page's storage to the brim but for ``room`` characters: a journal
# line then fits, a whole save does not.
FILL = """(room) => {
  localStorage.setItem("junk-room", "x".repeat(room));
  let n = 0;
  for (let size = 1 << 20; size >= 1;) {
    try {
      localStorage.setItem("junk-" + n, "x".repeat(size));
      n += 1;
    } catch (e) {
      size >>= 1;
    }
  }
  localStorage.removeItem("junk-room");
  return n;
}"""
EMPTY = """() => Object.keys(localStorage).filter((k) => k.startsWith("junk-"))
  .forEach((k) => localStorage.removeItem(k))"""


def test_a_journal_line_is_kept_across_a_reload_once_flushed(browser, url, started):
    """The journal stays open and each line is flushed before its frame: the browser's
    storage has the line then, not only once the file is closed. With room for the
    line and not for the whole save after it, a reload still brings the hand back."""
    context, page, seen = open_page(browser, url)
    try:
        start_match(page, started)
        press(page, "Enter")
        webdrive.wait_frame(page, started["table"], "OK on the notice")
        press(page, "ArrowDown")
        page.wait_for_timeout(2000)                                     # the trump, saved at rest
        assert page.evaluate(FILL, 300) > 0
        press(page, "Enter", *["ArrowUp"] * 10, "Enter")
        page.wait_for_timeout(QUIET_MS)
        stored = webdrive.flash(page)
        assert json.loads(stored["state.json"])["m"]["a"] == []       # the whole save found no room
        assert stored["state.log"].count(b"\n") == 2                    # the save's number, the hand
        page.evaluate(EMPTY)
        reload(page)
        # The boot replays the line, and its whole save takes the journal in once nobody presses.
        page.wait_for_function("(k) => localStorage.getItem(k) === null", arg=webdrive.PREFIX + "state.log",
                               timeout=5000)
        assert len(json.loads(webdrive.flash(page)["state.json"])["m"]["a"]) == 1
        assert page.evaluate("window.tanteador.error") is None
    finally:
        context.close()


def _ended(target):
    """The JSON bytes of a two-player match played to ``target`` won hands."""
    from tanteador import matchdoc
    from tanteador.match import Match
    from tanteador.matchoptions import MatchOptions

    m = Match(MatchOptions(players=2, target=target))
    for i in range(target):
        m.record(i % 4, (70, 50), 60000)
    return json.dumps(matchdoc.to_dict(m)).encode()


def test_ended_matches_keep_to_their_folder_and_an_earlier_page_s_move_in(browser, url, started, tmp_path):
    """An ended match is stored in the flash's folder h/; one an earlier build kept beside
    the save moves in at the next match end, bytes untouched; a reload, Export and Import
    keep them there."""
    inside, beside = _ended(1), _ended(2)
    context, page, seen = open_page(browser, url)
    try:
        start_match(page, started)
        webdrive.store(page, "h/h0001.json", base64.b64encode(inside).decode())
        webdrive.store(page, "h0002.json", base64.b64encode(beside).decode())
        reload(page)
        webdrive.wait_frame(page, started["resumed"], "ended matches in both places")
        press(page, "Escape", "ArrowDown", "Enter", "Enter")            # a hand
        page.keyboard.down("Enter")                                    # the menu
        page.wait_for_timeout(script.LONG_MS)
        page.keyboard.up("Enter")
        page.wait_for_timeout(script.GAP_MS)
        press(page, "ArrowDown", "ArrowDown", "ArrowDown", "ArrowDown", "Enter", "Enter")   # End match
        page.wait_for_function("window.tanteador.flashLog.some((l) => l.startsWith('rename h/h.tmp'))",
                               timeout=5000)
        stored = webdrive.flash(page)
        ended = sorted(n for n in stored if "h0" in n)
        assert ended == ["h/h0001.json", "h/h0002.json", "h/h0003.json"]
        assert stored["h/h0001.json"] == inside and stored["h/h0002.json"] == beside
        assert json.loads(stored["h/h0003.json"])["a"]
        reload(page)
        with page.expect_download() as info:
            page.click("#export")
        exported = tmp_path / "flash.zip"
        info.value.save_as(str(exported))
        with zipfile.ZipFile(exported) as z:
            assert sorted(n for n in z.namelist() if "h0" in n) == ended
        assert_clean(page, seen)
    finally:
        context.close()
    flat = tmp_path / "flat.zip"
    with zipfile.ZipFile(flat, "w") as z:
        z.writestr("h0005.json", beside)
    context, page, seen = open_page(browser, url)
    try:
        with page.expect_navigation():
            page.set_input_files("#import", str(flat))
        webdrive.wait_ready(page)
        assert webdrive.flash(page)["h/h0005.json"] == beside and "h0005.json" not in webdrive.flash(page)
        assert_clean(page, seen)
    finally:
        context.close()
