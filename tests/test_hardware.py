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

# The Pico's physical pins, from its datasheet, written out independently of hwdocs.
EXPECTED_PHYSICAL = {"GP4": 6, "GP5": 7, "GP10": 14, "GP11": 15, "GP12": 16, "GP13": 17,
                     "GP15": 20, "3V3": 36}
EXPECTED_GND = {"OLED": 38, "Button UP": 18, "Button DOWN": 18, "Button OK": 18,
                "Button BACK": 18, "Buzzer": 18}


def clone():
    """A mutable copy of the config module's settings."""
    ns = types.SimpleNamespace(**{k: getattr(config, k) for k in dir(config) if k.isupper()})
    ns.PHYSICAL = dict(config.PHYSICAL)
    return ns


def read(*parts):
    with open(os.path.join(HW, *parts), encoding="utf-8") as f:
        return f.read()


def diagram():
    return json.loads(read("wokwi", "diagram.json"))


def test_default_pin_map_is_the_documented_one():
    assert (config.I2C_ID, config.I2C_SDA, config.I2C_SCL, config.OLED_ADDR) == (0, 4, 5, 0x3C)
    assert config.BUTTON_PINS == (10, 11, 12, 13)
    assert config.BUTTON_NAMES == ("UP", "DOWN", "OK", "BACK")
    assert config.BUZZER_PIN == 15


def test_pin_map_is_a_valid_pico_wiring():
    assert hwdocs.check_config(config) == []
    for w in hwdocs.wires(config):
        if w.target == "GND":
            assert w.physical == EXPECTED_GND[w.part]
        else:
            assert w.physical == EXPECTED_PHYSICAL[w.target], w.target


def test_pinout_table_matches_the_datasheet_landmarks():
    p = hwdocs.PICO_PINOUT
    assert [n for n in range(1, 41) if p[n] == "GND"] == [3, 8, 13, 18, 23, 28, 38]
    assert (p[1], p[20], p[21], p[34], p[36], p[39], p[40]) == (
        "GP0", "GP15", "GP16", "GP28", "3V3", "VSYS", "VBUS")


@pytest.mark.parametrize("change, needle", [
    (lambda c: c.PHYSICAL.__setitem__(10, 13), "Pico pin 13 is GND"),
    (lambda c: c.PHYSICAL.__setitem__("3V3", 37), "3V3_EN"),
    (lambda c: c.PHYSICAL.__setitem__("GND_OLED", 39), "VSYS"),
    (lambda c: c.PHYSICAL.pop(15), "no pin for Buzzer"),
    (lambda c: setattr(c, "I2C_SDA", 6), "not SDA/SCL"),
    (lambda c: setattr(c, "BUTTON_PINS", (10, 11, 12, 12)), "used twice"),
    (lambda c: setattr(c, "DISPLAY", "st7735"), "DISPLAY"),
])
def test_a_wrong_pin_map_is_refused(change, needle):
    c = clone()
    change(c)
    problems = hwdocs.check_config(c)
    assert any(needle in p for p in problems), problems


def test_generated_files_are_up_to_date_and_check_passes(capsys):
    assert hwdocs.check(config) == []
    assert hwdocs.main(["--check"]) == 0


def test_check_fails_when_a_generated_file_drifts(monkeypatch, tmp_path):
    stale = tmp_path / "wiring.md"
    stale.write_text(read("wiring.md").replace("| 14 (GP10) |", "| 15 (GP10) |"), encoding="utf-8")
    monkeypatch.setattr(hwdocs, "WIRING_MD", str(stale))
    problems = hwdocs.check(config)
    assert any("wiring.md is out of date" in p for p in problems)
    assert hwdocs.main(["--check"]) == 1


def test_check_fails_when_the_pin_map_moves_but_the_files_do_not(monkeypatch):
    c = clone()
    c.BUTTON_PINS = (10, 11, 12, 14)
    c.PHYSICAL[14] = 19
    problems = hwdocs.check(c)
    assert any("wiring.md is out of date" in p for p in problems)
    assert any("wiring.svg is out of date" in p for p in problems)
    assert any("Button BACK leg 1 should connect to GP14" in p for p in problems)


def test_wiring_table_rows():
    rows = re.findall(r"^\| (.+?) \| (.+?) \| (.+?) \| (\d+) \((.+?)\) \|$", read("wiring.md"), re.M)
    got = {(part, sig): (gpio, int(phys), name) for part, sig, gpio, phys, name in rows}
    assert got[("OLED", "SDA")] == ("GP4", 6, "GP4")
    assert got[("OLED", "SCL")] == ("GP5", 7, "GP5")
    assert got[("OLED", "VCC")] == ("-", 36, "3V3")
    assert got[("OLED", "GND")] == ("-", 38, "GND")
    for name, gp, phys in (("UP", 10, 14), ("DOWN", 11, 15), ("OK", 12, 16), ("BACK", 13, 17)):
        assert got[("Button " + name, "leg 1")] == ("GP%d" % gp, phys, "GP%d" % gp)
        assert got[("Button " + name, "leg 2")] == ("-", 18, "GND")
    assert got[("Buzzer", "+")] == ("GP15", 20, "GP15")
    assert got[("Buzzer", "-")] == ("-", 18, "GND")
    assert len(rows) == 14


def test_wiring_svg_draws_every_connection_to_its_pad():
    root = ET.fromstring(read("wiring.svg"))
    ns = {"s": "http://www.w3.org/2000/svg"}
    wires = {p.get("data-wire"): p.get("points") for p in root.iterfind(".//s:polyline", ns)}
    pads = {int(c.get("data-pin")): c for c in root.iterfind(".//s:circle[@class='pad']", ns)}
    assert sorted(pads) == list(range(1, 41))
    for ident, target, phys in (("oled:SDA-GP4", "GP4", 6), ("oled:SCL-GP5", "GP5", 7),
                                ("oled:VCC-3V3", "3V3", 36), ("oled:GND-GND", "GND", 38),
                                ("btn_up:1-GP10", "GP10", 14), ("btn_down:1-GP11", "GP11", 15),
                                ("btn_ok:1-GP12", "GP12", 16), ("btn_back:1-GP13", "GP13", 17),
                                ("buzzer:+-GP15", "GP15", 20), ("gnd-rail-GND", "GND", 18)):
        end = tuple(int(v) for v in wires[ident].split()[-1].split(","))
        pad = pads[phys]
        assert end == (int(pad.get("cx")), int(pad.get("cy"))), ident
        assert pad.get("fill") != "#d4d4d4", "pad %d should be marked as used" % phys
    assert pads[1].get("fill") == "#d4d4d4"
    text = "".join(root.itertext())
    assert "GND (pin 18)" in text and "3V3 (pin 36)" in text


def test_wokwi_diagram_has_every_part_on_its_pins():
    d = diagram()
    types_ = {p["id"]: p["type"] for p in d["parts"]}
    assert types_["pico"] == "wokwi-pi-pico"
    assert types_["oled"] == "board-ssd1306"
    assert [p for p in d["parts"] if p["id"] == "oled"][0]["attrs"]["i2cAddress"].lower() == "0x3c"
    assert sorted(i for i, t in types_.items() if t == "wokwi-pushbutton") == [
        "btn_back", "btn_down", "btn_ok", "btn_up"]
    assert types_["buzzer"] == "wokwi-buzzer"
    pairs = {frozenset(c[:2]) for c in d["connections"]}
    for a, b in (("oled:SDA", "pico:GP4"), ("oled:SCL", "pico:GP5"), ("oled:VCC", "pico:3V3"),
                 ("oled:GND", "pico:GND.8"), ("btn_up:1.r", "pico:GP10"),
                 ("btn_down:1.r", "pico:GP11"), ("btn_ok:1.r", "pico:GP12"),
                 ("btn_back:1.r", "pico:GP13"), ("buzzer:2", "pico:GP15"),
                 ("buzzer:1", "pico:GND.4")):
        assert frozenset((a, b)) in pairs, (a, b)
    for name in ("up", "down", "ok", "back"):
        assert frozenset(("btn_%s:2.r" % name, "pico:GND.4")) in pairs
    assert hwdocs.check_wokwi(config, d) == []


def test_wokwi_generation_matches_the_committed_diagram_connections():
    assert hwdocs.wokwi_diagram(config)["connections"] == diagram()["connections"]


def _rewire(d, end, new_pico_pin):
    for c in d["connections"]:
        if end in c[:2]:
            i = c.index(end)
            c[1 - i] = new_pico_pin


@pytest.mark.parametrize("mutate, needle", [
    (lambda d: _rewire(d, "btn_ok:1.r", "pico:GP14"), "Button OK leg 1 should connect to GP12"),
    (lambda d: _rewire(d, "oled:SDA", "pico:GP5"), "shorted"),
    (lambda d: _rewire(d, "oled:VCC", "pico:VBUS"), "OLED VCC should connect to 3V3"),
    (lambda d: _rewire(d, "buzzer:1", "pico:GP16"), "Buzzer - should connect to GND.4"),
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
    d["connections"] += [["btn_down:1.l", "pico:GP11", "green", []],
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
    from tanteador import i18n

    texts = i18n.load("en")
    entries = {texts[i] for i in (i18n.UNDO, i18n.REDO, i18n.HISTORY, i18n.SETTINGS, i18n.END_MATCH,
                                  i18n.HWTEST, i18n.ABOUT)}
    named = []
    for path in (os.path.join(HW, "assembly.md"), os.path.join(HW, "wokwi", "README.md")):
        with open(path, encoding="utf-8") as f:
            text = " ".join(f.read().split())
        named += re.findall(r"menu[^.>]{0,60}> ([A-Z]?[a-z]+(?: [a-z]+)?)", text)
    assert named, "the docs say how to reach the button test from the menu"
    assert [n for n in named if n not in entries] == []
