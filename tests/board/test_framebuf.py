"""The CPython framebuf stand-in matches MicroPython's framebuf byte for byte."""

import contextlib
import io
import os
import random
import subprocess
import tempfile

import pytest

import framebuf
from host_tools.harness import mplane

# The buffers every run sets up: name -> (bytes, width, height, format, stride or None)
SPECS = {
    "d": (128 * 64 // 8, 128, 64, framebuf.MONO_VLSB, None),
    "h": (3 * 13, 19, 13, framebuf.MONO_HLSB, None),
    "s": (4 * 5, 21, 5, framebuf.MONO_HLSB, 32),
    "v": (2 * 11, 11, 10, framebuf.MONO_VLSB, None),
    "m": (2 * 9, 13, 9, framebuf.MONO_HMSB, None),
    "w": (40 * 2, 40, 16, framebuf.MONO_VLSB, None),
    "p": (1, 2, 1, framebuf.MONO_HLSB, None),
    "q": (2, 2, 1, framebuf.MONO_VLSB, None),
}
DESTS = ("d", "h", "s", "v", "m", "w")
SOURCES = ("h", "s", "v", "m", "w")


def coord(rng, size):
    return rng.choice((rng.randint(-size - 3, 2 * size + 3), rng.randint(-3, size + 2),
                       0, size - 1, size, -1))


def program(seed, n=400):
    """A random list of drawing calls: (dest, method, args)."""
    rng = random.Random(seed)
    ops = []
    for name in SPECS:
        size = SPECS[name][0]
        ops.append((name, "init", [rng.randrange(256) for _ in range(size)]))
    ops.append(("p", "pixel", (0, 0, 0)))
    ops.append(("p", "pixel", (1, 0, 1)))
    ops.append(("q", "pixel", (0, 0, 1)))
    for _ in range(n):
        d = rng.choice(DESTS)
        _, w, h, _, _ = SPECS[d]
        c = rng.choice((0, 1, 1, -1, 2, 255))
        kind = rng.randrange(9)
        x, y = coord(rng, w), coord(rng, h)
        if kind == 0:
            if rng.random() < 0.15:
                ops.append((d, "fill", (rng.choice((0, 1, 7)),)))
            else:
                # Fresh noise keeps the blit sources non-uniform.
                ops.append((d, "init", [rng.randrange(256) for _ in range(SPECS[d][0])]))
        elif kind == 1:
            ops.append((d, "pixel", (x, y, c)))
        elif kind == 2:
            ops.append((d, "fill_rect", (x, y, rng.randint(-3, w + 4), rng.randint(-3, h + 4), c)))
        elif kind == 3:
            ops.append((d, "rect", (x, y, rng.randint(-2, w + 4), rng.randint(-2, h + 4), c)))
        elif kind == 4:
            ops.append((d, "rect", (x, y, rng.randint(-2, w + 4), rng.randint(-2, h + 4), c,
                                    rng.choice((True, False, 0, 1)))))
        elif kind == 5:
            ops.append((d, "hline", (x, y, rng.randint(-5, w + 5), c)))
        elif kind == 6:
            ops.append((d, "vline", (x, y, rng.randint(-5, h + 5), c)))
        else:
            src = rng.choice([s for s in SOURCES if s != d])
            _, sw, sh, _, _ = SPECS[src]
            bx = rng.choice((rng.randint(-sw - 2, w + 2), -sw, -sw + 1, w - 1, w))
            by = rng.choice((rng.randint(-sh - 2, h + 2), -sh, -sh + 1, h - 1, h))
            # A source named with "+" is blitted as the tuple (buffer, width, height, format[, stride]).
            args = [src + ("+" if rng.random() < 0.3 else ""), bx, by]
            r = rng.randrange(5)
            if r >= 1:
                args.append(rng.choice((-1, 0, 1, 2)))
            if r >= 3:
                args.append(rng.choice(("p", "q")))
            ops.append((d, "blit", tuple(args)))
    ops.append(("d", "probe", None))
    return ops


MP_RUNNER = r"""
import framebuf
# MicroPython dicts do not keep insertion order: the order is passed in.
SPECS = %r
OPS = %r
fbs = {}
bufs = {}
probes = []
for name, meth, args in OPS:
    if meth == "init":
        size, w, h, fmt, stride = SPECS[name]
        bufs[name] = bytearray(args)
        a = (bufs[name], w, h, fmt) + (() if stride is None else (stride,))
        fbs[name] = framebuf.FrameBuffer(*a)
    elif meth == "blit":
        src = args[0]
        if src[-1] == "+":
            size, w, h, fmt, stride = SPECS[src[:-1]]
            src = (bufs[src[:-1]], w, h, fmt) + (() if stride is None else (stride,))
        else:
            src = fbs[src]
        a = [src] + list(args[1:])
        if len(a) == 5:
            a[4] = fbs[a[4]]
        fbs[name].blit(*a)
    elif meth == "probe":
        probes = [fbs[n].pixel(x, y) for n in %r for x in (-1, 0, 5, 127, 128)
                  for y in (-1, 0, 3, 63, 64)]
    else:
        getattr(fbs[name], meth)(*args)
for n in %r:
    print(bytes(bufs[n]).hex())
print(repr(probes))
"""


def runner_source(ops):
    """The drawing program both interpreters run: the buffers as hex, then the probes."""
    return MP_RUNNER % (SPECS, ops, DESTS, list(SPECS))


def run_standin(ops):
    """Run the program on CPython, with the stand-in as ``framebuf``."""
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        exec(runner_source(ops), {})
    return out.getvalue().strip()


def run_micropython(ops):
    mp = mplane.require_micropython()
    src = runner_source(ops)
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "prog.py")
        with open(path, "w") as f:
            f.write(src)
        res = subprocess.run([mp, "-X", "heapsize=8M", path], capture_output=True,
                             text=True, timeout=120)
    assert res.returncode == 0, res.stderr + res.stdout
    return res.stdout.strip()


@pytest.mark.micropython
@pytest.mark.parametrize("seed", range(6))
def test_random_drawing_matches_micropython(seed):
    ops = program(seed)
    assert run_standin(ops) == run_micropython(ops)


@pytest.mark.micropython
def test_display_sized_sequence_matches():
    # Longer run concentrated on the display, as the screens use it.
    rng = random.Random(99)
    ops = [op for op in program(1234, n=1500)]
    rng.shuffle(ops[len(SPECS) + 3:-1])
    assert run_standin(ops) == run_micropython(ops)


def test_constructor_checks():
    with pytest.raises(ValueError):
        framebuf.FrameBuffer(bytearray(15), 8, 9, framebuf.MONO_VLSB)
    with pytest.raises(ValueError):
        framebuf.FrameBuffer(bytearray(1), 9, 1, framebuf.MONO_HLSB)
    with pytest.raises(ValueError):
        framebuf.FrameBuffer(bytearray(64), 8, 8, framebuf.MONO_HLSB, 4)
    with pytest.raises(ValueError):
        framebuf.FrameBuffer(bytearray(64), 0, 8, framebuf.MONO_VLSB)
    with pytest.raises(TypeError):
        framebuf.FrameBuffer(bytes(8), 8, 8, framebuf.MONO_VLSB)
    fb = framebuf.FrameBuffer(memoryview(bytearray(10))[2:], 3, 2, framebuf.MONO_HLSB)
    assert fb.pixel(3, 0) is None


def test_positional_only_like_micropython():
    # MicroPython's framebuf takes no keyword arguments; code using them must
    # fail here too.
    fb = framebuf.FrameBuffer(bytearray(8), 8, 8, framebuf.MONO_VLSB)
    src = framebuf.FrameBuffer(bytearray(1), 1, 1, framebuf.MONO_HLSB)
    with pytest.raises(TypeError):
        fb.blit(src, 0, 0, key=0)
    with pytest.raises(TypeError):
        fb.blit((bytearray(1), 1, 1, framebuf.MONO_HLSB), 0, 0, key=0)


def test_writes_go_to_the_callers_buffer():
    buf = bytearray(128 * 8)
    fb = framebuf.FrameBuffer(buf, 128, 64, framebuf.MONO_VLSB)
    fb.pixel(3, 9, 1)
    assert buf[128 + 3] == 0b10


def test_gs8_fills_every_byte_and_offers_nothing_else():
    # The Painter clears a MONO_VLSB frame through a GS8 view of its bytes.
    buf = bytearray(range(256)) * 4
    mono = framebuf.FrameBuffer(buf, 128, 64, framebuf.MONO_VLSB)
    fb = framebuf.FrameBuffer(buf, len(buf), 1, framebuf.GS8)
    fb.fill(0x1FF)
    assert buf == b"\xff" * 1024
    assert mono.pixel(127, 63) == 1
    fb.fill(0)
    assert buf == bytes(1024)
    for draw in (lambda: fb.pixel(0, 0, 1), lambda: fb.fill_rect(0, 0, 2, 1, 1),
                 lambda: fb.hline(0, 0, 2, 1), lambda: mono.blit(fb, 0, 0)):
        with pytest.raises(NotImplementedError):
            draw()
    with pytest.raises(ValueError):
        framebuf.FrameBuffer(bytearray(1023), 1024, 1, framebuf.GS8)
