"""The device as a web page, in a real headless Chromium.

A scripted match is played on the page's buttons (mouse, touch and
keyboard in turn) and the canvas is read back after every step as a frame
buffer, to equal what `tanteador sim --png` shows for the same script,
generated here. Then the page is reloaded (the match resumes), reloaded
offline (the service worker serves it), its files are exported for
`tanteador pull --from-dir` and imported into a fresh browser, and a
damaged save is set aside and reported as on the device.
"""

import base64
import json
import shutil
import statistics
import subprocess
import sys
import urllib.request
import zipfile

import pytest
from host_tools.device import script
import webdrive
from webdrive import browser, url  # noqa: F401  (the module's fixtures)

from host_tools import cli


SEED = 3
# Setup and draw; a hand won on a long hold (a long press: 10, held on or not); the menu (long OK)
# and back; a second hand. (The match end shows the time played, which a
# browser's clock cannot repeat to the second, so the match goes on.)
MATCH = "OK;OK;DOWN;OK;hold UP 1420;OK;long OK;BACK;DOWN;OK;UP x10;OK"
HOW = ("mouse", "key", "touch")
PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1280, "height": 800}
SIDEWAYS = {"width": 844, "height": 390}     # a phone turned sideways
SMALL_SIDEWAYS = {"width": 667, "height": 375}
SHORT = {"width": 1280, "height": 500}


def kept_files(folder):
    """The files of the simulator's flash ``folder`` that the page keeps too: all but the
    empty journal the simulator holds open ahead of the next line, which the page stores
    at its first flush (empty, it has nothing to replay: a boot opens it again)."""
    names = []
    for p in folder.iterdir():
        if p.name == "state.log" and p.stat().st_size == 0:
            continue
        names.append(p.name)
    return sorted(names)


def open_page(browser, url, viewport=PHONE):
    context = browser.new_context(viewport=viewport, has_touch=True, accept_downloads=True)
    page = context.new_page()
    page.goto(url)
    webdrive.wait_ready(page)
    return context, page


@pytest.fixture(scope="module")
def played(browser, url, tmp_path_factory):
    """The match played on the page, each frame checked against the simulator's."""
    work = tmp_path_factory.mktemp("sim")
    steps = script.parse(MATCH)
    want = webdrive.sim_frames(MATCH, work / "flash", work / "png", SEED)
    assert len(want) == len(steps) + 1
    context, page = open_page(browser, url + "?seed=%d" % SEED)
    cold = page.evaluate("window.tanteador.firstFrameMs")
    webdrive.wait_frame(page, want[0], "boot")
    hands = webdrive.Hands(page)
    logs = []
    for i, step in enumerate(steps):
        before = page.evaluate("window.tanteador.flashLog.length")
        hands.play(step, HOW[i % len(HOW)])
        webdrive.wait_frame(page, want[i + 1], "step %d (%s)" % (i + 1, script.describe(step)))
        logs.append(page.evaluate("window.tanteador.flashLog").__getitem__(slice(before, None)))
    # the resume: the simulator booted again on its own flash
    again = webdrive.sim_frames("wait 100", work / "flash", work / "png-again", SEED)
    yield {"context": context, "page": page, "cold": cold, "logs": logs, "resume": again[0],
           "sim_flash": work / "flash", "steps": steps}
    context.close()


def test_a_scripted_match_shows_what_the_simulator_shows(played, capsys):
    page = played["page"]
    stats = page.evaluate("window.tanteador")
    flash = webdrive.flash(page)
    assert sorted(flash) == kept_files(played["sim_flash"])
    doc = json.loads(flash["state.json"])["m"]
    sim_doc = json.loads((played["sim_flash"] / "state.json").read_text())["m"]
    # the same hands with the same points; only the time each hand took is the browser's own
    assert [a[:-1] for a in doc.pop("a")] == [a[:-1] for a in sim_doc.pop("a")]
    assert doc == sim_doc
    answers = stats["answersMs"]
    assert answers, "no press was answered with a frame"
    with capsys.disabled():
        print("\nweb page on this machine's Chromium: first frame %.0f ms after a cold load; "
              "%d presses answered, median %.1f ms, slowest %.1f ms"
              % (played["cold"], len(answers), statistics.median(answers), max(answers)))


def test_one_save_per_committed_action(played):
    """A hand recorded (OK on the entry) is its journal line, then the whole save written
    to the browser's storage and renamed in place, then the journal removed."""
    steps = played["steps"]
    recorded = [i for i in range(1, len(steps)) if script.describe(steps[i]) == "OK"
                and script.describe(steps[i - 1]).split()[0] in ("UP", "hold")]
    assert len(recorded) == 2
    for i in recorded:
        assert played["logs"][i] == ["write state.log", "write state.tmp", "rename state.tmp state.json",
                                     "remove state.log"]


def test_a_reload_resumes_on_the_same_screen(played):
    page = played["page"]
    page.reload()
    webdrive.wait_ready(page)
    webdrive.wait_frame(page, played["resume"], "after a reload")


def test_offline_after_the_first_visit(played):
    page = played["page"]
    context = played["context"]
    page.evaluate("navigator.serviceWorker.ready.then(() => true)")
    page.reload()
    webdrive.wait_ready(page)
    assert page.evaluate("!!navigator.serviceWorker.controller")
    context.set_offline(True)
    try:
        page.reload()
        webdrive.wait_ready(page)
        webdrive.wait_frame(page, played["resume"], "offline reload")
    finally:
        context.set_offline(False)


@pytest.fixture(scope="module")
def exported(played, tmp_path_factory):
    page = played["page"]
    with page.expect_download() as info:
        page.click("#export")
    path = tmp_path_factory.mktemp("export") / info.value.suggested_filename
    info.value.save_as(str(path))
    return path, match_files(webdrive.flash(page))


def match_files(flash):
    """The files Export takes: all but the kept first frame and its tag, which only make a reset quicker."""
    return {name: data for name, data in flash.items() if name not in ("frame.bin", "frame.tag")}


def test_export_is_what_pull_reads(exported, tmp_path):
    path, flash = exported
    folder = tmp_path / "flash"
    with zipfile.ZipFile(path) as z:
        assert z.testzip() is None
        z.extractall(folder)
    assert {p.relative_to(folder).as_posix(): p.read_bytes() for p in folder.rglob("*") if p.is_file()} == flash
    assert cli.main(["pull", "--from-dir", str(folder), "--out", str(tmp_path / "out")]) == 0
    assert (tmp_path / "out" / "board" / "state.json").read_bytes() == flash["state.json"]


def deflated_folder_zip(flash, path):
    """The files zipped again by another tool: deflated, inside a folder."""
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as z:
        for name, text in flash.items():
            z.writestr("tanteador-flash/" + name, text)
    return path


@pytest.mark.parametrize("made_by", ["export", "another-tool"])
def test_import_brings_the_match_into_another_browser(browser, url, exported, played, made_by, tmp_path):
    path, flash = exported
    if made_by == "another-tool":
        path = deflated_folder_zip(flash, tmp_path / "again.zip")
    context, page = open_page(browser, url)
    try:
        with page.expect_navigation():
            page.set_input_files("#import", str(path))
        webdrive.wait_ready(page)
        webdrive.wait_frame(page, played["resume"], "after the import")
        assert match_files(webdrive.flash(page)) == flash
    finally:
        context.close()


def test_an_import_that_would_replace_the_match_asks_first(played, tmp_path):
    page = played["page"]
    before = webdrive.flash(page)
    sim_files = {p.name: p.read_bytes() for p in played["sim_flash"].iterdir()}
    assert sim_files["state.json"] != before["state.json"]   # the hands took other times
    asked = []

    def no(dialog):
        asked.append(dialog.message)
        dialog.dismiss()

    page.once("dialog", no)
    page.set_input_files("#import", str(deflated_folder_zip(sim_files, tmp_path / "other.zip")))
    page.wait_for_function("document.getElementById('status').textContent.startsWith('Import cancelled')")
    assert asked and "state.json" in asked[0]
    assert webdrive.flash(page) == before
    assert page.evaluate("window.tanteador.error") is None


def test_an_import_that_is_not_a_zip_changes_nothing(browser, url, tmp_path):
    bad = tmp_path / "photo.zip"
    bad.write_bytes(b"\x89PNG not a zip at all")
    context, page = open_page(browser, url)
    try:
        before = webdrive.flash(page)
        page.set_input_files("#import", str(bad))
        page.wait_for_function("document.getElementById('status').textContent.startsWith('Import failed')")
        assert "not a ZIP file" in page.text_content("#status")
        assert webdrive.flash(page) == before
    finally:
        context.close()


def test_a_damaged_save_is_set_aside_and_reported(browser, url, played, tmp_path):
    good = (played["sim_flash"] / "state.json").read_bytes()
    damaged = good[: len(good) // 2]
    flash = tmp_path / "flash"
    flash.mkdir()
    (flash / "state.json").write_bytes(damaged)
    want = webdrive.sim_frames("wait 100", flash, tmp_path / "png", SEED)[0]
    context, page = open_page(browser, url)
    try:
        webdrive.store(page, "state.json", base64.b64encode(damaged).decode())
        page.reload()
        webdrive.wait_ready(page)
        webdrive.wait_frame(page, want, "a damaged save")
        stored = webdrive.flash(page)
        assert stored["bad-1-state.json"] == damaged
        assert stored.get("state.json") != damaged
        assert sorted(stored) == kept_files(flash)
    finally:
        context.close()


def test_a_second_tab_stops_the_first_from_saving_over_it(browser, url):
    context, first = open_page(browser, url + "?seed=%d" % SEED)
    try:
        second = context.new_page()
        second.goto(url + "?seed=%d" % SEED)
        webdrive.wait_ready(second)
        for key in ("Enter", "Enter"):            # setup, draw: the match starts and is saved
            second.keyboard.press(key, delay=script.PRESS_MS)
            second.wait_for_timeout(script.GAP_MS)
        first.wait_for_function("document.getElementById('status').textContent.includes('another tab')")
        saved = webdrive.flash(first)
        shown = webdrive.frame(first)
        first.keyboard.press("Enter", delay=script.PRESS_MS)
        first.wait_for_timeout(300)
        assert webdrive.frame(first) == shown and webdrive.flash(first) == saved
    finally:
        context.close()


@pytest.mark.parametrize("sound", [False, True], ids=["silent", "sound"])
def test_the_match_end_tune_plays_only_with_sound_ticked(browser, url, sound):
    context, page = open_page(browser, url)
    try:
        if sound:
            page.check("#sound")
        # setup and draw, then three hands won by side 1: the match is over
        for key in ["Enter"] * 2 + ["ArrowDown", "Enter", "ArrowUp", "Enter"] * 3:
            page.keyboard.press(key, delay=script.PRESS_MS)
            page.wait_for_timeout(script.GAP_MS)
        page.wait_for_function("window.tanteador.tones.length >= 6", timeout=5000)
        # TUNE_END of the firmware, note by note, rests as 0
        assert page.evaluate("window.tanteador.tones") == [523, 659, 784, 0, 1047, 0]
        assert page.evaluate("window.tanteador.audio") == ("running" if sound else None)
    finally:
        context.close()


@pytest.mark.parametrize("viewport", [PHONE, DESKTOP, SIDEWAYS, SMALL_SIDEWAYS, SHORT],
                         ids=["phone", "desktop", "sideways", "small-sideways", "short"])
def test_the_page_fits_the_screen(browser, url, viewport):
    """The screen is in view; but in a short desktop window, so are the buttons, Sound, Export and Import."""
    context, page = open_page(browser, url, viewport)
    try:
        canvas = page.locator("#oled").bounding_box()
        # the whole screen in view, none of it above the page where no scrolling reaches
        assert canvas["y"] >= 0 and canvas["y"] + canvas["height"] <= viewport["height"]
        assert canvas["width"] <= viewport["width"]
        assert canvas["width"] >= 256            # at least two screen pixels per OLED pixel
        assert canvas["width"] == 2 * canvas["height"]
        for key in webdrive.Hands.IDS:
            box = page.locator("#" + key).bounding_box()
            assert box["height"] >= 60 and box["width"] >= 60, key
        if viewport is not SHORT:
            for what in ["#" + key for key in webdrive.Hands.IDS] + ["#sound", "#export", "label.file"]:
                box = page.locator(what).bounding_box()
                assert box["y"] >= 0 and box["y"] + box["height"] <= viewport["height"], what
                assert box["x"] >= 0 and box["x"] + box["width"] <= viewport["width"], what
        assert not page.is_checked("#sound")     # sound is off until asked for
        webdrive.frame(page)                     # crisp, in the OLED's colours
    finally:
        context.close()


def setup_frames(tmp_path, downs):
    """What the simulator shows after boot and after each of ``downs`` presses of DOWN (the setup's cursor)."""
    return webdrive.sim_frames(";".join(["DOWN"] * downs) or "wait 100", tmp_path / "flash", tmp_path / "png", SEED)


def test_a_touch_is_answered_while_the_finger_is_still_down(browser, url, tmp_path, capsys):
    """Each touch's frame is shown before the finger lifts (not on the click a browser sends
    after it); how soon is measured and printed, not asserted."""
    want = setup_frames(tmp_path, 3)
    context, page = open_page(browser, url + "?seed=%d" % SEED)
    try:
        hands = webdrive.Hands(page)
        down, up = hands._down_up("touch", 1)
        page.evaluate("window.tanteador.answersMs = []")
        for n in range(1, 4):
            down()
            webdrive.wait_frame(page, want[n], "touch %d, the finger still down" % n)
            up()
            page.wait_for_timeout(script.GAP_MS)
        answers = page.evaluate("window.tanteador.answersMs")
    finally:
        context.close()
    with capsys.disabled():
        print("\nweb page on this machine's Chromium: touches answered in %s ms"
              % ", ".join("%.0f" % a for a in answers))


def test_presses_too_short_for_a_contact_still_count(browser, url, tmp_path):
    """Browser events do not bounce: a 1 ms tap, a click() from assistive technology and a key
    press without delay each count once, as a real press would."""
    want = setup_frames(tmp_path, 4)
    context, page = open_page(browser, url + "?seed=%d" % SEED)
    try:
        webdrive.wait_frame(page, want[0], "boot")
        page.mouse.move(*webdrive.Hands(page)._centre(1))
        page.mouse.down()
        page.wait_for_timeout(1)
        page.mouse.up()
        webdrive.wait_frame(page, want[1], "a 1 ms tap")
        page.evaluate("document.getElementById('key-down').click()")
        webdrive.wait_frame(page, want[2], "click()")
        page.keyboard.press("ArrowDown")
        webdrive.wait_frame(page, want[3], "a key press")
        page.locator("#key-down").click()       # a whole mouse click: its click event is no second press
        webdrive.wait_frame(page, want[4], "a mouse click")
        page.wait_for_timeout(300)
        assert webdrive.frame(page) == want[4]
    finally:
        context.close()


def test_build_writes_a_static_folder(tmp_path):
    folder = tmp_path / "site"
    assert cli.main(["web", "--build", str(folder)]) == 0
    names = {p.relative_to(folder).as_posix() for p in folder.rglob("*") if p.is_file()}
    worker = (folder / "sw.js").read_text()
    cached = json.loads(worker.split("const FILES = ", 1)[1].split(";\n", 1)[0])
    assert set(cached) - {"./"} | {"sw.js"} == names
    bundle = json.loads((folder / "firmware.json").read_text())["files"]
    assert "tanteador/app.py" in bundle and "webboard.py" in bundle and "pcboard.py" in bundle
    manifest = json.loads((folder / "manifest.webmanifest").read_text())
    assert manifest["start_url"] == "./" and manifest["display"] == "standalone"
    shutil.rmtree(folder / "mp")
    (folder / "mp").write_text("not a folder")
    assert cli.main(["web", "--build", str(folder)]) == 1


def test_web_serves_the_page_and_prints_its_address():
    cmd = [sys.executable, "-c", "import sys; from host_tools.cli import main; sys.exit(main())",
           "web", "--port", "0"]
    p = subprocess.Popen(cmd, stdout=subprocess.PIPE, text=True)
    try:
        line = p.stdout.readline()
        assert line.startswith("Tanteador in a browser: http://127.0.0.1:"), line
        address = line.split()[4]
        with urllib.request.urlopen(address, timeout=10) as r:
            assert b'src="page.js"' in r.read()
        with urllib.request.urlopen(address + "mp/micropython.wasm", timeout=10) as r:
            assert r.headers["Content-Type"] == "application/wasm"
            assert r.read(4) == b"\0asm"
    finally:
        p.terminate()
        p.wait(timeout=10)
