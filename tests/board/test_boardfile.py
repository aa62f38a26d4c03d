"""A board file read over config's defaults: good, partial, mistyped and ill-typed, on CPython and MicroPython."""

import glob
import json
import os

import pytest

from host_tools import ROOT
from host_tools.harness import mplane
from tanteador import boardfile, config

BOARDS = sorted(glob.glob(os.path.join(ROOT, "hardware", "boards", "*.py")))


def settings(w):
    return {name: getattr(w, name) for name in boardfile.SETTINGS}


def defaults():
    return {name: getattr(config, name) for name in boardfile.SETTINGS}


def test_every_setting_has_a_default_in_config():
    assert set(boardfile.SETTINGS) <= set(dir(config))


def test_a_partial_file_changes_what_it_names_and_keeps_the_rest():
    w = boardfile.read('# a 1.3" module\nDISPLAY = "sh1106"\n')
    assert w.problems == []
    assert settings(w) == dict(defaults(), DISPLAY="sh1106")
    # What a board file cannot set still comes from config.
    assert (w.OLED_WIDTH, w.WDT_TIMEOUT_MS) == (config.OLED_WIDTH, config.WDT_TIMEOUT_MS)


def test_an_empty_file_is_the_default_wiring():
    w = boardfile.read("")
    assert w.problems == [] and settings(w) == defaults()


def test_a_whole_file_sets_everything():
    src = ("I2C_ID = 1\nI2C_SDA = 2\nI2C_SCL = 3\nI2C_FREQ = 100_000\nOLED_ADDR = 0x3D\n"
           "DISPLAY = 'sh1106'\nSH1106_COL_OFFSET = 0\nBUTTON_PINS = [6, 7, 8, 9]\n"
           "BUZZER_PIN = None\nVBUS_SENSE_PIN = None\n_helper = 1\n")
    w = boardfile.read(src)
    assert w.problems == []
    assert settings(w) == {"I2C_ID": 1, "I2C_SDA": 2, "I2C_SCL": 3, "I2C_FREQ": 100_000, "OLED_ADDR": 0x3D,
                           "DISPLAY": "sh1106", "SH1106_COL_OFFSET": 0, "BUTTON_PINS": (6, 7, 8, 9),
                           "BUZZER_PIN": None, "VBUS_SENSE_PIN": None}


@pytest.mark.parametrize("src, problem", [
    ("BUTON_PINS = (1, 2, 3, 4)\n", "BUTON_PINS: no such setting"),
    ("display = 'sh1106'\n", "display: no such setting"),
    ("I2C_SDA = '4'\n", "I2C_SDA must be a GPIO number 0-29, not '4'"),
    ("I2C_SDA = 30\n", "I2C_SDA must be a GPIO number 0-29, not 30"),
    ("I2C_ID = True\n", "I2C_ID must be 0 or 1, not True"),
    ("I2C_FREQ = 4e5\n", "I2C_FREQ must be a bus speed in Hz"),
    ("OLED_ADDR = 0x80\n", "OLED_ADDR must be an I2C address"),
    ("DISPLAY = 'sh1107'\n", "DISPLAY must be 'ssd1306' or 'sh1106', not 'sh1107'"),
    ("BUTTON_PINS = (10, 11, 12)\n", "BUTTON_PINS must be four GPIO numbers"),
    ("BUTTON_PINS = '10,11,12,13'\n", "BUTTON_PINS must be four GPIO numbers"),
    ("BUZZER_PIN = -1\n", "BUZZER_PIN must be a GPIO number 0-29, or None, not -1"),
    ("I2C_ID = 1\n", "GP4 is not an SDA pin of I2C1"),
    ("I2C_SDA = 5\nI2C_SCL = 4\n", "GP5 is not an SDA pin of I2C0"),
    ("BUZZER_PIN = 12\n", "GP12 is used twice: OK button and BUZZER_PIN"),
    ("BUTTON_PINS = (10, 11, 12, 12)\n", "GP12 is used twice: OK button and BACK button"),
    ("A = 1\nDISPLAY = sh1106\n", "line 2: NameError: name 'sh1106'"),
    ("A = 1\nB = 2\nBUTTON_PINS = (1, 2,\n", "line 3: SyntaxError"),
    ("import gc\n", "gc: no such setting"),
])
def test_a_bad_file_is_refused_with_the_reason(src, problem):
    w = boardfile.read(src)
    assert any(p.startswith(problem) for p in w.problems), w.problems
    # A refused value is not taken.
    assert w.DISPLAY in ("ssd1306", "sh1106") and len(w.BUTTON_PINS) == 4


def test_a_refused_file_is_refused_whole_good_values_and_all():
    """Half a file could put the display's bus on the wrong pins: the device runs on config's."""
    w = boardfile.read("DISPLAY = 'sh1106'\nBUZER_PIN = 16\n")
    assert w.problems == ["BUZER_PIN: no such setting"]
    assert settings(w) == defaults()


@pytest.mark.parametrize("data, problem", [
    (b'DISPLAY = "sh1106"\n# \xff\xfe\n', "not UTF-8 text"),
    (b"# " + b"x" * boardfile.MAX_BYTES + b"\n", "longer than 4096 bytes"),
    (b"raise SystemExit\n", "line 1: SystemExit"),
    (b"\x00\x00\x00\n", "line "),
])
def test_a_file_that_is_no_text_or_stops_the_program_is_refused(data, problem):
    import io

    w = boardfile.load(io.BytesIO(data))
    assert w.problems and w.problems[0].startswith(problem), w.problems
    assert settings(w) == defaults()


def test_a_good_file_loads_as_it_reads():
    import io

    w = boardfile.load(io.BytesIO(b'# a 1.3" module\nDISPLAY = "sh1106"\n'))
    assert w.problems == [] and w.DISPLAY == "sh1106"


@pytest.mark.parametrize("path", BOARDS, ids=os.path.basename)
def test_the_ready_board_files_are_good(path):
    with open(path, encoding="utf-8") as f:
        w = boardfile.read(f.read())
    assert w.problems == []
    assert settings(w) != defaults()


def test_there_are_ready_files_for_an_sh1106_and_for_other_pins():
    read = {os.path.basename(p): boardfile.read(open(p, encoding="utf-8").read()) for p in BOARDS}
    assert read["sh1106.py"].DISPLAY == "sh1106"
    moved = read["right_side.py"]
    assert moved.BUTTON_PINS != config.BUTTON_PINS and moved.I2C_SDA != config.I2C_SDA


def test_the_console_report_names_the_problem_and_every_setting(capsys):
    boardfile.report(["BUTON_PINS: no such setting"])
    out = capsys.readouterr().out
    assert config.BOARD_FILE in out and "BUTON_PINS: no such setting" in out
    assert all(name in out for name in boardfile.SETTINGS)
    assert "--board" in out


# The same files read on MicroPython: its exec, exceptions and tracebacks differ from CPython's.
LANE_CASES = [
    "DISPLAY = 'sh1106'\n",
    "BUTTON_PINS = [6, 7, 8, 9]\nI2C_ID = 1\nI2C_SDA = 2\nI2C_SCL = 3\nBUZZER_PIN = None\n",
    "BUTON_PINS = (1, 2, 3, 4)\nI2C_SDA = '4'\n",
    "I2C_ID = True\nBUZZER_PIN = 12\n",
    "A = 1\nDISPLAY = sh1106\n",
    "A = 1\nB = = 2\nC = 3\n",
] + [open(p, encoding="utf-8").read() for p in BOARDS]

LANE_CODE = """
import json
from tanteador.boardfile import SETTINGS, read
for src in json.loads(%r):
    w = read(src)
    out = {}
    for name in SETTINGS:
        v = getattr(w, name)
        out[name] = list(v) if type(v) is tuple else v
    print(json.dumps({"k": "read", "settings": out, "problems": w.problems}))
"""


def _lane(impl):
    rc, out, err = mplane.run_code(LANE_CODE % json.dumps(LANE_CASES), impl)
    assert rc == 0, out + err
    return mplane.parse(out)[0]


def _comparable(problem):
    # The interpreters word an exception of the file's own code differently
    # ("isn't" / "is not", "invalid syntax" / "'(' was never closed"):
    # the line and the exception's type must agree.
    return problem.split(":")[:2] if problem.startswith("line ") else problem


@pytest.mark.micropython
def test_micropython_reads_board_files_as_cpython_does():
    mplane.require_micropython()
    mp = _lane("mp")
    cp = _lane("cpython")
    assert len(mp) == len(cp) == len(LANE_CASES)
    for a, b in zip(mp, cp):
        assert a["settings"] == b["settings"]
        assert [_comparable(p) for p in a["problems"]] == [_comparable(p) for p in b["problems"]]
    assert mp[0]["settings"]["DISPLAY"] == "sh1106" and mp[0]["problems"] == []
    assert mp[4]["problems"][0].startswith("line 2: NameError")
    assert mp[5]["problems"][0].startswith("line 2: SyntaxError")
