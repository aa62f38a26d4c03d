"""The Pico board's button interrupts, run as the firmware runs them: with the heap locked.

    MICROPYPATH=firmware micropython -X heapsize=190K tests/mp_irq_lock.py FOLDER

A hard interrupt on the Pico runs with the heap locked, so a handler that
allocates raises MemoryError there and MicroPython switches it off. This
program builds the real ``Board`` over a ``machine`` made of plain fakes,
takes the handlers the board registered with ``hard=True``, and calls each
of them between ``micropython.heap_lock()`` and ``heap_unlock()`` on every
path: press, release, a bounce, a tap hidden by a flash write (both edges
flagged) and a full ring. The handlers set the app loop's real asyncio
ThreadSafeFlag too, as on the device. It prints one JSON line: the calls
made, the exceptions raised under the lock (their type names), how many
calls set the flag, the edges the ring holds afterwards and its overflow
count.

Needs the MicroPython unix port (heap_lock is MicroPython's alone).
"""

import json
import sys

import micropython


class Pin:
    """A button pin: its level is set by the program, its interrupt is called by hand."""

    IN = 0
    OUT = 1
    PULL_UP = 2
    IRQ_FALLING = 4
    IRQ_RISING = 8
    made = []

    def __init__(self, n, mode=None, pull=None):
        self.n = n
        self.level = 1
        self.handler = None
        self.hard = False
        self.edges = 0
        Pin.made.append(self)

    def value(self, v=None):
        return self.level

    def irq(self, handler=None, trigger=None, hard=False):
        """Positional and keyword arguments only, so the interrupt path allocates nothing here."""
        if trigger is not None or handler is not None:
            self.handler = handler
            self.hard = hard
        return self

    def flags(self):
        return self.edges


class I2C:
    def __init__(self, bus_id, sda=None, scl=None, freq=None):
        pass

    def scan(self):
        return []


class PWM:
    def __init__(self, pin):
        pass

    def duty_u16(self, d):
        pass

    def freq(self, f):
        pass


class WDT:
    def __init__(self, id=0, timeout=5000):
        pass

    def feed(self):
        pass


class machine:
    """Stands in for the ``machine`` module: the board imports these names from it."""

    Pin = Pin
    I2C = I2C
    PWM = PWM
    WDT = WDT
    mem32 = {}

    @staticmethod
    def lightsleep(ms):
        pass


# Preallocated: nothing the program keeps while the heap is locked may need a new block.
_MAX_CALLS = 512
_errors = [None] * _MAX_CALLS
_calls = [0]
_wakes = [0]
_flag = [None]


def locked_call(pin, level, edges):
    """Set ``pin`` to ``level`` with ``edges`` flagged and run its handler with the heap locked."""
    pin.level = level
    pin.edges = edges
    handler = pin.handler
    k = _calls[0]
    micropython.heap_lock()
    try:
        handler(pin)
    except BaseException as e:
        _errors[k] = e
    micropython.heap_unlock()
    flag = _flag[0]
    if flag.state:
        _wakes[0] += 1
        flag.clear()
    _calls[0] = k + 1


def main(folder):
    sys.modules["machine"] = machine
    # The OLED driver is not needed: the board then draws into RAM and says so.
    from tanteador.board import Board
    from tanteador.buttons import RING_SIZE as SIZE

    # asyncio is frozen into the port, as on the Pico; MICROPYPATH left its folder off the path.
    sys.path.append(".frozen")

    board = Board(folder)
    _flag[0] = board.edge_flag(10)
    buttons = [p for p in Pin.made if p.handler is not None]
    fall = Pin.IRQ_FALLING
    rise = Pin.IRQ_RISING
    both = fall | rise
    for pin in buttons:
        locked_call(pin, 0, fall)       # press
        locked_call(pin, 0, fall)       # a bounce: the level already pushed
        locked_call(pin, 1, rise)       # release
        locked_call(pin, 1, both)       # a tap hidden by a flash write
        locked_call(pin, 0, both)       # a press whose bounce hid an edge
        locked_call(pin, 1, rise)
    edges = []
    board.take_edges(lambda b, down, t: edges.append([b, 1 if down else 0]))
    # A full ring: more edges than it holds, none taken meanwhile.
    pin = buttons[0]
    for i in range(SIZE + 8):
        locked_call(pin, i & 1, rise if i & 1 else fall)
    errors = [type(e).__name__ for e in _errors[:_calls[0]] if e is not None]
    print(json.dumps({"calls": _calls[0], "wakes": _wakes[0], "hard": [p.hard for p in buttons], "errors": errors,
                      "edges": edges, "waiting": board._ring.waiting(),
                      "overflows": board.edge_overflows, "ring": SIZE}))


main(sys.argv[1])
