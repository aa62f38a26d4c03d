"""The hardware docs, the wiring diagram and the Wokwi file agree with the pin map."""

import copy
import json
import os
import re
import types
import xml.etree.ElementTree as ET

import pytest

from host_tools import ROOT
from host_tools.generators import hwdocs
from tanteador import config

HW = os.path.join(ROOT, "hardware")

# The expectations below come from config.py, the default wiring, and the
# Pico's datasheet: a new default needs no edit here. PH: the Pico pin of
# each GPIO and power line (hwdocs holds the Pico's pinout, off the device).
PH = dict(hwdocs.GPIO_PIN, **hwdocs.POWER_PINS)
SDA, SCL, BUZZER = config.I2C_SDA, config.I2C_SCL, config.BUZZER_PIN
BUTTONS = list(zip(config.BUTTON_NAMES, config.BUTTON_PINS))
# The Pico's ground pins in Wokwi's order GND.1 .. GND.8 (AGND included), from its datasheet.
GNDS = (3, 8, 13, 18, 23, 28, 33, 38)


def wokwi_gnd(physical):
    return "GND.%d" % (GNDS.index(physical) + 1)


def free_gpio():
    """A GPIO of the Pico that the default wiring leaves free, and its physical pin."""
    used = {SDA, SCL, BUZZER} | set(config.BUTTON_PINS)
    for phys, name in sorted(hwdocs.PICO_PINOUT.items()):
        if name.startswith("GP") and int(name[2:]) not in used:
            return int(name[2:]), phys


def clone():
    """A mutable copy of the config module's settings."""
    return types.SimpleNamespace(**{k: getattr(config, k) for k in dir(config) if k.isupper()})


def read(*parts):
    with open(os.path.join(HW, *parts), encoding="utf-8") as f:
        return f.read()


def diagram():
    return json.loads(read("wokwi", "diagram.json"))


def test_the_hand_written_docs_name_the_default_wiring():
    assert config.BUTTON_NAMES == ("UP", "DOWN", "OK", "BACK")
    for name in ("README.md", "assembly.md"):
        text = " ".join(read(name).split())
        for gp in [SDA, SCL, BUZZER] + list(config.BUTTON_PINS):
            assert "GP%d (pin %d)" % (gp, PH[gp]) in text, (name, gp)
        for button, gp in BUTTONS:
            assert "%s GP%d (pin %d)" % (button, gp, PH[gp]) in text, (name, button)
    summary = " ".join(read("README.md").split())
    assert "0x%02X on I2C%d" % (config.OLED_ADDR, config.I2C_ID) in summary


def test_pin_map_is_a_valid_pico_wiring():
    assert hwdocs.check_config(config) == []
    for w in hwdocs.wires(config):
        name = hwdocs.PICO_PINOUT[w.physical]
        assert name == w.target, (w.part, w.terminal)


def test_pinout_table_matches_the_datasheet_landmarks():
    p = hwdocs.PICO_PINOUT
    assert [n for n in range(1, 41) if p[n] == "GND"] == [3, 8, 13, 18, 23, 28, 38]
    assert (p[1], p[20], p[21], p[34], p[36], p[39], p[40]) == (
        "GP0", "GP15", "GP16", "GP28", "3V3", "VSYS", "VBUS")
    # GP23-25 and GP29 serve the board itself and reach no pin.
    assert sorted(set(range(30)) - set(hwdocs.GPIO_PIN)) == [23, 24, 25, 29]
    assert (hwdocs.GPIO_PIN[0], hwdocs.GPIO_PIN[15], hwdocs.GPIO_PIN[16]) == (1, 20, 21)


@pytest.mark.parametrize("change, needle", [
    (lambda c, power: setattr(c, "BUTTON_PINS", (23,) + config.BUTTON_PINS[1:]),
     "Button UP leg 1 goes to GP23, which is not on the Pico's pins"),
    (lambda c, power: setattr(c, "BUZZER_PIN", 25), "Buzzer + goes to GP25, which is not"),
    (lambda c, power: power.__setitem__("3V3", 37), "3V3_EN"),
    (lambda c, power: power.__setitem__("GND_OLED", 39), "VSYS"),
    (lambda c, power: setattr(c, "I2C_SDA", SDA + 2), "not SDA/SCL"),
    (lambda c, power: setattr(c, "BUTTON_PINS", config.BUTTON_PINS[:3] + config.BUTTON_PINS[2:3]), "used twice"),
    (lambda c, power: setattr(c, "DISPLAY", "st7735"), "DISPLAY"),
])
def test_a_wrong_pin_map_is_refused(change, needle, monkeypatch):
    c = clone()
    power = dict(hwdocs.POWER_PINS)
    monkeypatch.setattr(hwdocs, "POWER_PINS", power)
    change(c, power)
    problems = hwdocs.check_config(c)
    assert any(needle in p for p in problems), problems


def test_generated_files_are_up_to_date_and_check_passes(capsys):
    assert hwdocs.check(config) == []
    assert hwdocs.main(["--check"]) == 0


def test_check_fails_when_a_generated_file_drifts(monkeypatch, tmp_path):
    stale = tmp_path / "wiring.md"
    up = config.BUTTON_PINS[0]
    row = "| %d (GP%d) |" % (PH[up], up)
    assert row in read("wiring.md")
    stale.write_text(read("wiring.md").replace(row, "| %d (GP%d) |" % (PH[up] + 1, up)), encoding="utf-8")
    monkeypatch.setattr(hwdocs, "WIRING_MD", str(stale))
    problems = hwdocs.check(config)
    assert any("wiring.md is out of date" in p for p in problems)
    assert hwdocs.main(["--check"]) == 1


def test_check_fails_when_the_pin_map_moves_but_the_files_do_not(monkeypatch):
    c = clone()
    gp, phys = free_gpio()
    c.BUTTON_PINS = config.BUTTON_PINS[:3] + (gp,)      # the GPIO alone: the Pico pin follows
    assert hwdocs.check_config(c) == []
    assert "| Button BACK | leg 1 | GP%d | %d (GP%d) |" % (gp, phys, gp) in hwdocs.wiring_md(c)
    problems = hwdocs.check(c)
    assert any("wiring.md is out of date" in p for p in problems)
    assert any("wiring.svg is out of date" in p for p in problems)
    assert any("Button BACK leg 1 should connect to GP%d" % gp in p for p in problems)


def test_wiring_table_rows():
    rows = re.findall(r"^\| (.+?) \| (.+?) \| (.+?) \| (\d+) \((.+?)\) \|$", read("wiring.md"), re.M)
    got = {(part, sig): (gpio, int(phys), name) for part, sig, gpio, phys, name in rows}
    assert got[("OLED", "SDA")] == ("GP%d" % SDA, PH[SDA], "GP%d" % SDA)
    assert got[("OLED", "SCL")] == ("GP%d" % SCL, PH[SCL], "GP%d" % SCL)
    assert got[("OLED", "VCC")] == ("-", PH["3V3"], "3V3")
    assert got[("OLED", "GND")] == ("-", PH["GND_OLED"], "GND")
    for name, gp in BUTTONS:
        assert got[("Button " + name, "leg 1")] == ("GP%d" % gp, PH[gp], "GP%d" % gp)
        assert got[("Button " + name, "leg 2")] == ("-", PH["GND_BUTTONS"], "GND")
    assert got[("Buzzer", "+")] == ("GP%d" % BUZZER, PH[BUZZER], "GP%d" % BUZZER)
    assert got[("Buzzer", "-")] == ("-", PH["GND_BUZZER"], "GND")
    assert len(rows) == 14


def test_wiring_svg_draws_every_connection_to_its_pad():
    root = ET.fromstring(read("wiring.svg"))
    ns = {"s": "http://www.w3.org/2000/svg"}
    wires = {p.get("data-wire"): p.get("points") for p in root.iterfind(".//s:polyline", ns)}
    pads = {int(c.get("data-pin")): c for c in root.iterfind(".//s:circle[@class='pad']", ns)}
    assert sorted(pads) == list(range(1, 41))
    expected = [("oled:SDA-GP%d" % SDA, PH[SDA]), ("oled:SCL-GP%d" % SCL, PH[SCL]),
                ("oled:VCC-3V3", PH["3V3"]), ("oled:GND-GND", PH["GND_OLED"]),
                ("buzzer:+-GP%d" % BUZZER, PH[BUZZER]), ("gnd-rail-GND", PH["GND_BUTTONS"])]
    expected += [("btn_%s:1-GP%d" % (name.lower(), gp), PH[gp]) for name, gp in BUTTONS]
    for ident, phys in expected:
        end = tuple(int(v) for v in wires[ident].split()[-1].split(","))
        pad = pads[phys]
        assert end == (int(pad.get("cx")), int(pad.get("cy"))), ident
        assert pad.get("fill") != "#d4d4d4", "pad %d should be marked as used" % phys
    assert pads[1].get("fill") == "#d4d4d4"
    text = "".join(root.itertext())
    assert "GND (pin %d)" % PH["GND_BUTTONS"] in text and "3V3 (pin %d)" % PH["3V3"] in text


def test_wokwi_diagram_has_every_part_on_its_pins():
    d = diagram()
    types_ = {p["id"]: p["type"] for p in d["parts"]}
    assert types_["pico"] == "wokwi-pi-pico"
    assert types_["oled"] == "board-ssd1306"
    assert [p for p in d["parts"] if p["id"] == "oled"][0]["attrs"]["i2cAddress"].lower() == "0x%02x" % config.OLED_ADDR
    assert sorted(i for i, t in types_.items() if t == "wokwi-pushbutton") == [
        "btn_back", "btn_down", "btn_ok", "btn_up"]
    assert types_["buzzer"] == "wokwi-buzzer"
    pairs = {frozenset(c[:2]) for c in d["connections"]}
    want = [("oled:SDA", "pico:GP%d" % SDA), ("oled:SCL", "pico:GP%d" % SCL), ("oled:VCC", "pico:3V3"),
            ("oled:GND", "pico:" + wokwi_gnd(PH["GND_OLED"])), ("buzzer:2", "pico:GP%d" % BUZZER),
            ("buzzer:1", "pico:" + wokwi_gnd(PH["GND_BUZZER"]))]
    want += [("btn_%s:1.r" % name.lower(), "pico:GP%d" % gp) for name, gp in BUTTONS]
    want += [("btn_%s:2.r" % name.lower(), "pico:" + wokwi_gnd(PH["GND_BUTTONS"])) for name, _ in BUTTONS]
    for a, b in want:
        assert frozenset((a, b)) in pairs, (a, b)
    assert hwdocs.check_wokwi(config, d) == []


def test_wokwi_generation_matches_the_committed_diagram_connections():
    assert hwdocs.wokwi_diagram(config)["connections"] == diagram()["connections"]


def _rewire(d, end, new_pico_pin):
    for c in d["connections"]:
        if end in c[:2]:
            i = c.index(end)
            c[1 - i] = new_pico_pin


@pytest.mark.parametrize("mutate, needle", [
    (lambda d: _rewire(d, "btn_ok:1.r", "pico:GP%d" % free_gpio()[0]),
     "Button OK leg 1 should connect to GP%d" % config.BUTTON_PINS[2]),
    (lambda d: _rewire(d, "oled:SDA", "pico:GP%d" % SCL), "shorted"),
    (lambda d: _rewire(d, "oled:VCC", "pico:VBUS"), "OLED VCC should connect to 3V3"),
    (lambda d: _rewire(d, "buzzer:1", "pico:GP%d" % free_gpio()[0]),
     "Buzzer - should connect to " + wokwi_gnd(PH["GND_BUZZER"])),
    (lambda d: d["parts"].pop([p["id"] for p in d["parts"]].index("btn_down")), "'btn_down'"),
    (lambda d: d["parts"][1]["attrs"].__setitem__("i2cAddress", "0x3d"), "i2cAddress"),
    (lambda d: d["connections"].append(["ghost:1", "pico:GP2", "green", []]), "unknown part"),
])
def test_wokwi_drift_is_caught(mutate, needle):
    d = copy.deepcopy(diagram())
    assert d["parts"][1]["id"] == "oled"
    mutate(d)
    problems = hwdocs.check_wokwi(config, d)
    assert any(needle in p for p in problems), problems


def test_wokwi_accepts_a_chained_ground_and_the_other_button_legs():
    d = copy.deepcopy(diagram())
    d["connections"] = [c for c in d["connections"] if not c[0].startswith("btn_down")]
    d["connections"] += [["btn_down:1.l", "pico:GP%d" % config.BUTTON_PINS[1], "green", []],
                         ["btn_down:2.l", "btn_up:2.l", "black", []]]
    assert hwdocs.check_wokwi(config, d) == []


def test_wokwi_project_files():
    toml = read("wokwi", "wokwi.toml")
    m = re.search(r'^firmware\s*=\s*"([^"]+\.uf2)"', toml, re.M)
    assert m and "[wokwi]" in toml
    with open(os.path.join(ROOT, ".gitignore"), encoding="utf-8") as f:
        ignore = f.read()
    assert "hardware/wokwi/*.uf2" in ignore.split()
    guide = read("wokwi", "README.md")
    assert "micropython.org" in guide and "mpremote" in guide and "RPI_PICO" in guide


def test_hardware_docs_exist_and_link_each_other():
    index = read("README.md")
    for name in ("bom.md", "wiring.md", "wiring.svg", "power.md", "assembly.md",
                 "wokwi/README.md", "enclosure/tanteador.scad"):
        assert name in index, name
        assert os.path.exists(os.path.join(HW, name)), name
    # No shop links: the only web addresses are the simulator's and MicroPython's.
    for name in ("bom.md", "power.md", "assembly.md", "README.md", "wiring.md", "wokwi/README.md"):
        for url in re.findall(r"https?://([^/\s)]+)", read(*name.split("/"))):
            assert url in ("wokwi.com", "micropython.org"), (name, url)


def test_enclosure_dimensions_are_variables():
    scad = read("enclosure", "tanteador.scad")
    for var in ("wall", "oled_window_w", "oled_window_h", "button_d", "button_pitch", "usb_w",
                "battery_l", "box_h"):
        assert re.search(r"^%s\s*=\s*[\d.]+;" % var, scad, re.M), var


def test_menu_paths_in_the_hardware_docs_name_the_devices_menu_entries():
    from tanteador import i18n, textids

    texts = i18n.load("en")
    entries = {texts[i] for i in (textids.UNDO, textids.REDO, textids.HISTORY, textids.SETTINGS, textids.END_MATCH,
                                  textids.HWTEST, textids.ABOUT)}
    named = []
    for path in (os.path.join(HW, "assembly.md"), os.path.join(HW, "wokwi", "README.md")):
        with open(path, encoding="utf-8") as f:
            text = " ".join(f.read().split())
        named += re.findall(r"menu[^.>]{0,60}> ([A-Z]?[a-z]+(?: [a-z]+)?)", text)
    assert named, "the docs say how to reach the button test from the menu"
    assert [n for n in named if n not in entries] == []
