"""A QR code encoder of one shape: version 2 (25 x 25 modules), error
correction level M, alphanumeric mode, up to 38 characters.

The OLED has 64 rows: a version-2 symbol at 2 pixels a module takes 50
of them and leaves a quiet zone of three modules and a half above and
below, big enough for a phone's camera; level M still reads with 15% of
the symbol damaged (a scratch, a glare on the glass). Version 3 would
leave room for a quiet zone of one module only.

``matrix(text)`` returns the modules as a bytearray, row by row (1 dark),
with the mask of the lowest penalty, as the standard chooses it; ``mask``
forces one (the tests read all eight). Only the match end's result code
imports this module, when it is shown.
"""

from micropython import const

SIZE = const(25)
_DATA = const(28)  # data codewords of version 2-M
_ECC = const(16)  # error correction codewords, one block
_ALIGN = const(18)  # centre of the one alignment pattern
_MAX = const(38)  # alphanumeric characters that fit
_M_BITS = const(0)  # level M in the format information
_CHARS = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ $%*+-./:"


def _mul(x, y):
    """x * y in GF(256) over the QR polynomial x^8 + x^4 + x^3 + x^2 + 1."""
    z = 0
    for i in range(7, -1, -1):
        z = ((z << 1) ^ ((z >> 7) * 0x11D)) & 0xFF
        if (y >> i) & 1:
            z ^= x
    return z


def _ecc(data):
    """The Reed-Solomon codewords of ``data`` (bytes) for _ECC codewords."""
    gen = bytearray(_ECC)
    gen[_ECC - 1] = 1
    root = 1
    for _ in range(_ECC):
        for j in range(_ECC):
            gen[j] = _mul(gen[j], root)
            if j + 1 < _ECC:
                gen[j] ^= gen[j + 1]
        root = _mul(root, 2)
    rem = bytearray(_ECC)
    for b in data:
        f = b ^ rem[0]
        for j in range(_ECC - 1):
            rem[j] = rem[j + 1] ^ _mul(gen[j], f)
        rem[_ECC - 1] = _mul(gen[_ECC - 1], f)
    return rem


def codewords(text):
    """The 44 codewords of ``text`` (data, then error correction); ValueError
    when it is too long or has a character outside the alphanumeric set."""
    if len(text) > _MAX:
        raise ValueError("too long")
    bits = []

    def put(v, n):
        for i in range(n - 1, -1, -1):
            bits.append((v >> i) & 1)

    put(2, 4)  # alphanumeric mode
    put(len(text), 9)
    vals = []
    for c in text:
        k = _CHARS.find(c)
        if k < 0:
            raise ValueError("not alphanumeric: " + c)
        vals.append(k)
    for i in range(0, len(vals) - 1, 2):
        put(vals[i] * 45 + vals[i + 1], 11)
    if len(vals) % 2:
        put(vals[-1], 6)
    room = _DATA * 8
    put(0, min(4, room - len(bits)))
    put(0, -len(bits) % 8)
    data = bytearray(_DATA)
    for i in range(len(bits) // 8):
        v = 0
        for b in bits[i * 8:i * 8 + 8]:
            v = (v << 1) | b
        data[i] = v
    pad = 0xEC
    for i in range(len(bits) // 8, _DATA):
        data[i] = pad
        pad ^= 0xEC ^ 0x11
    return data + _ecc(data)


def _functions(grid, fixed):
    """Finders, separators, timing, alignment and the dark module, marked fixed."""

    def put(x, y, v):
        grid[y * SIZE + x] = v
        fixed[y * SIZE + x] = 1

    for cx, cy in ((3, 3), (SIZE - 4, 3), (3, SIZE - 4)):
        for dy in range(-4, 5):
            for dx in range(-4, 5):
                x, y = cx + dx, cy + dy
                if 0 <= x < SIZE and 0 <= y < SIZE:
                    d = max(abs(dx), abs(dy))
                    put(x, y, 1 if d != 2 and d != 4 else 0)
    for i in range(8, SIZE - 8):
        put(i, 6, 1 - i % 2)
        put(6, i, 1 - i % 2)
    for dy in range(-2, 3):
        for dx in range(-2, 3):
            put(_ALIGN + dx, _ALIGN + dy, 1 if max(abs(dx), abs(dy)) != 1 else 0)
    # The format information's places: reserved now, written per mask.
    for i in range(9):
        fixed[8 * SIZE + i] = fixed[i * SIZE + 8] = 1
    for i in range(8):
        fixed[8 * SIZE + SIZE - 1 - i] = fixed[(SIZE - 1 - i) * SIZE + 8] = 1
    put(8, SIZE - 8, 1)


def _format(grid, mask):
    """Write the 15 format bits (level M, ``mask``) in both places."""
    data = (_M_BITS << 3) | mask
    rem = data
    for _ in range(10):
        rem = (rem << 1) ^ ((rem >> 9) * 0x537)
    bits = ((data << 10) | rem) ^ 0x5412
    for i in range(15):
        b = (bits >> i) & 1
        if i < 6:
            grid[i * SIZE + 8] = b
        elif i < 8:
            grid[(i + 1) * SIZE + 8] = b
        elif i == 8:
            grid[8 * SIZE + 7] = b
        else:
            grid[8 * SIZE + 14 - i] = b
        if i < 8:
            grid[8 * SIZE + SIZE - 1 - i] = b
        else:
            grid[(SIZE - 15 + i) * SIZE + 8] = b


def _place(grid, fixed, words):
    """The codewords' bits in the zigzag of two-module columns, bottom right first."""
    i = 0
    n = len(words) * 8
    right = SIZE - 1
    while right >= 1:
        if right == 6:
            right = 5
        up = ((right + 1) & 2) == 0
        for vert in range(SIZE):
            y = SIZE - 1 - vert if up else vert
            for x in (right, right - 1):
                k = y * SIZE + x
                if not fixed[k] and i < n:
                    grid[k] = (words[i >> 3] >> (7 - (i & 7))) & 1
                    i += 1
        right -= 2


def _flip(x, y, mask):
    if mask == 0:
        return (x + y) % 2 == 0
    if mask == 1:
        return y % 2 == 0
    if mask == 2:
        return x % 3 == 0
    if mask == 3:
        return (x + y) % 3 == 0
    if mask == 4:
        return (x // 3 + y // 2) % 2 == 0
    if mask == 5:
        return x * y % 2 + x * y % 3 == 0
    if mask == 6:
        return (x * y % 2 + x * y % 3) % 2 == 0
    return ((x + y) % 2 + x * y % 3) % 2 == 0


def _apply(grid, fixed, mask):
    """XOR the data modules with ``mask``."""
    for y in range(SIZE):
        for x in range(SIZE):
            k = y * SIZE + x
            if not fixed[k] and _flip(x, y, mask):
                grid[k] ^= 1


def _line_penalty(grid, k, step):
    """Rules 1 and 3 of the standard's penalty along the row or column that
    starts at module ``k`` and goes on by ``step`` (1 a row, SIZE a column)."""
    p = 0
    run = 0
    last = -1
    window = 0
    for i in range(SIZE):
        v = grid[k]
        k += step
        if v == last:
            run += 1
        else:
            if run >= 5:
                p += run - 2
            run = 1
            last = v
        window = ((window << 1) | v) & 0x7FF
        # 1011101 with four light modules on either side: a finder look-alike.
        if i >= 10 and (window == 0x5D0 or window == 0x05D):
            p += 40
    if run >= 5:
        p += run - 2
    return p


def penalty(grid):
    """The standard's penalty of a masked symbol: the lowest is chosen."""
    p = 0
    for i in range(SIZE):
        p += _line_penalty(grid, i * SIZE, 1) + _line_penalty(grid, i, SIZE)
    dark = 0
    for y in range(SIZE):
        for x in range(SIZE):
            v = grid[y * SIZE + x]
            dark += v
            if x and y and v == grid[y * SIZE + x - 1] == grid[(y - 1) * SIZE + x] \
                    == grid[(y - 1) * SIZE + x - 1]:
                p += 3
    total = SIZE * SIZE
    p += (abs(dark * 20 - total * 10) + total - 1) // total * 10 - 10
    return p


def matrix(text, mask=None):
    """The modules of ``text`` as a bytearray of SIZE * SIZE (row by row, 1
    dark) with ``mask`` 0-7, or the mask of the lowest penalty when None."""
    grid = bytearray(SIZE * SIZE)
    fixed = bytearray(SIZE * SIZE)
    _functions(grid, fixed)
    _place(grid, fixed, codewords(text))
    masks = range(8) if mask is None else (mask,)
    best = None
    for m in masks:
        g = bytearray(grid)
        _apply(g, fixed, m)
        _format(g, m)
        p = penalty(g) if mask is None else 0
        if best is None or p < best:
            best, out = p, g
    return out
