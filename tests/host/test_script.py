"""The scripted button format: parsing, errors, and the player's timing."""

import pytest

from host_tools.device import script
from host_tools.device.script import HOLD, PRESS, WAIT, ScriptError, parse


def kinds(text):
    return [(s[0], s[1], s[2], s[3]) for s in parse(text)]


def test_each_event_form():
    text = "UP\nDOWN\nOK\nBACK\nlong OK\nhold UP 1500\nwait 500\nDOWN x3\nlong UP x3\n"
    assert kinds(text) == [
        (PRESS, 0, 80, 1),
        (PRESS, 1, 80, 1),
        (PRESS, 2, 80, 1),
        (PRESS, 3, 80, 1),
        (HOLD, 2, 800, 1),
        (HOLD, 0, 1500, 1),
        (WAIT, -1, 500, 1),
        (PRESS, 1, 80, 3),
        (HOLD, 0, 800, 3),
    ]


def test_semicolons_comments_blank_lines_and_case():
    text = "# set up\n\nok; Ok ;  # all the same\nLONG back;wait 2s\n   \nhold down 1m # held\n"
    assert kinds(text) == [
        (PRESS, 2, 80, 1),
        (PRESS, 2, 80, 1),
        (HOLD, 3, 800, 1),
        (WAIT, -1, 2000, 1),
        (HOLD, 1, 60000, 1),
    ]


def test_steps_remember_their_line():
    steps = parse("UP\n# x\n\nOK;BACK\n")
    assert [s[4] for s in steps] == [1, 4, 4]


def test_wait_takes_seconds_minutes_and_hours_up_to_two():
    assert [s[2] for s in parse("wait 2h;wait 120m;wait 90s;wait 1h")] == [7200000, 7200000, 90000, 3600000]


def test_empty_script_is_empty():
    assert parse("") == []
    assert parse("# only a comment\n;;\n") == []


@pytest.mark.parametrize(
    "text, line, words",
    [
        ("UP\nOKK", 2, "unknown button 'OKK'"),
        ("wait", 1, "'wait' takes one duration"),
        ("UP\n\nwait soon", 3, "'soon' is not a duration"),
        ("wait 0", 1, "out of range"),
        ("wait 3h", 1, "out of range (1 ms .. 2 h)"),
        ("wait 2d", 1, "not a duration"),
        ("wait 9999999", 1, "out of range"),
        ("long", 1, "'long' takes a button"),
        ("long OK 900", 1, "'long' takes a button"),
        ("long UP x0", 1, "out of range"),
        ("long UP x3 x3", 1, "'long' takes a button"),
        ("hold UP", 1, "'hold' takes a button and a duration"),
        ("hold LEFT 100", 1, "unknown button 'LEFT'"),
        ("OK twice", 1, "'x5'"),
        ("OK x0", 1, "out of range"),
        ("OK x 5", 1, "too many words"),
        ("OK;OK\n# fine\nUP;press OK", 3, "unknown button 'press'"),
    ],
)
def test_errors_name_the_line(text, line, words):
    with pytest.raises(ScriptError) as e:
        parse(text)
    assert e.value.line == line
    assert str(e.value).startswith("script line %d: " % line)
    assert words in str(e.value)


@pytest.mark.parametrize("text", ["UP", "DOWN x12", "long OK", "long UP x3", "hold BACK 1500", "wait 500"])
def test_describe_round_trips(text):
    steps = parse(text)
    assert script.describe(steps[0]) == text


class RecordingApp:
    """Records the levels the app would see at each poll."""

    def __init__(self, board):
        self.board = board
        self.seen = []

    def poll(self, now):
        self.seen.append((now, self.board.buttons()))
        return False

    def tidy(self, now):
        pass


class LevelsBoard:
    def __init__(self):
        from tanteador.buttons import EdgeRing

        self.now = 0
        self.levels = [False] * 4
        self.ring = EdgeRing()
        self.edges = []
        self.late = []

    def buttons(self):
        return tuple(self.levels)

    def press(self, b, down=True, t=None):
        self.levels[b] = down
        self.edges.append((self.now if t is None else t, b, down))
        self.late.append(self.now - self.edges[-1][0])
        self.ring.take(lambda *e: None)

    def advance(self, ms):
        self.now += ms
        return self.now


def pressed_ms(edges, b):
    """Time ``b`` was down, from the edges' own times."""
    total = 0
    for t, button, down in edges:
        if button == b:
            total += -t if down else t
    return total


def test_player_timing_and_hook():
    board = LevelsBoard()
    app = RecordingApp(board)
    calls = []
    player = script.Player(app, board)
    player.play(parse("OK; long BACK; wait 300; UP x2"), hook=lambda i, st: calls.append((i, board.now)))
    press = script.PRESS_MS + script.GAP_MS
    held = script.LONG_MS + script.GAP_MS
    assert calls == [
        (0, press),
        (1, press + held),
        (2, press + held + 300),
        (3, press + held + 300 + 2 * press),
    ]
    # polls every 10 ms of simulated time, never skipping one
    times = [t for t, _ in app.seen]
    assert times == list(range(10, times[-1] + 1, 10))
    assert pressed_ms(board.edges, 2) == script.PRESS_MS
    assert pressed_ms(board.edges, 3) == script.LONG_MS
    assert pressed_ms(board.edges, 0) == 2 * script.PRESS_MS
    # each edge reaches the board at the first poll at or after its time
    assert board.late and all(0 <= d <= 10 for d in board.late)
    assert app.seen[-1][1] == (False, False, False, False)
