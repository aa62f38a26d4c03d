"""The event's pages in a real headless Chromium: on a phone nothing needs a sideways swipe."""

import pytest

import webdrive
from event_helpers import run, tables

pytestmark = pytest.mark.web

PHONE = {"width": 390, "height": 844}
# Sixteen real names, some as long as the event takes (24 characters).
LONG = ["María José Fernández/Francisca Gómez Ortega", "Francisca Gil Ortiz/Juan Carlos Pérez",
        "Maximiliano Rodríguez/Inmaculada Sánchez", "Bartolomé Esteban Cano/Guadalupe Villanueva",
        "Ana/Luis", "Eva/Pau", "Jo/Bea", "Marta/Raúl"]
WIDEST = """() => { const w = document.documentElement.clientWidth; let worst = 0;
  for (const el of document.querySelectorAll('th, td')) worst = Math.max(worst, el.getBoundingClientRect().right);
  return {page: document.documentElement.scrollWidth, cells: worst, view: w}; }"""


@pytest.fixture(scope="module")
def browser():
    exe = webdrive.chromium()
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=exe, args=["--no-sandbox"])
        yield b
        b.close()


def test_the_standings_page_fits_a_phone_with_every_column(browser, tmp_path, capsys):
    ev = tmp_path / "e.db"
    assert run(capsys, "event", "create", ev, "--name", "Campeonato de brisca",
               "--tiebreaks", "buchholz,median,sonneborn-berger,direct,points,hands")[0] == 0
    assert run(capsys, "event", "add", ev, *LONG)[0] == 0
    assert run(capsys, "event", "pair", ev)[0] == 0
    for tbl, (a, b) in tables(ev, 1).items():
        assert run(capsys, "event", "correct", ev, "--round", 1, "--table", tbl, "--winner", a, "--hands", "2-1",
                   "--points", "190-170")[0] == 0
    assert run(capsys, "event", "pair", ev)[0] == 0
    assert run(capsys, "event", "standings", ev, "--out", tmp_path / "web")[0] == 0
    context = browser.new_context(viewport=PHONE)
    try:
        page = context.new_page()
        page.goto((tmp_path / "web" / "standings.html").as_uri())
        got = page.evaluate(WIDEST)
        assert got["page"] <= PHONE["width"] and got["cells"] <= got["view"], got
        heads = page.locator("table.standings th").all_inner_texts()
        assert heads == ["#", "Entry", "P", "W", "L", "Bye", "BH", "MBH", "SB", "DE", "Pts", "Hds"]
    finally:
        context.close()


def test_a_chiamata_page_with_five_long_names_a_table_fits_a_phone(browser, tmp_path, capsys):
    ev = tmp_path / "c.db"
    assert run(capsys, "event", "create", ev, "--name", "Chiamata", "--players", 5, "--goal", "hands",
               "--target", 1)[0] == 0
    assert run(capsys, "event", "add", ev, *[n for pair in LONG[:5] for n in pair.split("/")])[0] == 0
    assert run(capsys, "event", "pair", ev)[0] == 0
    assert run(capsys, "event", "standings", ev, "--out", tmp_path / "web")[0] == 0
    context = browser.new_context(viewport=PHONE)
    try:
        page = context.new_page()
        page.goto((tmp_path / "web" / "standings.html").as_uri())
        got = page.evaluate(WIDEST)
        assert got["page"] <= PHONE["width"] and got["cells"] <= got["view"], got
    finally:
        context.close()
