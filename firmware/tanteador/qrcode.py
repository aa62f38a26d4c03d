"""A QR code encoder of two shapes: version 2 (25 x 25 modules) or 3 (29 x
29), error correction level M, alphanumeric mode, up to 38 or 61 characters.

The OLED has 64 rows: a version-2 symbol at 2 pixels a module takes 50
of them and leaves a quiet zone of three modules and a half above and
below, big enough for a phone's camera; level M still reads with 15% of
the symbol damaged (a scratch, a glare on the glass). A two-sided result
fits version 2. The result of a table of three to six seats may need
version 3: 58 rows, a quiet zone of a module and a half, which phones'
readers still find (the tests read it off the device's frame); version 4
(33 modules, 66 rows) no longer fits.

``matrix(text)`` returns the modules as a list of rows, each a bytearray
(1 dark), in the smallest version that holds ``text``, with the mask of
the lowest penalty, as the standard chooses it; ``mask`` forces one (the
tests read all eight); ``side(grid)`` is its modules a row. Rows, not one
block: at the end of a long match the heap may hold no free block of 625
bytes, while a row's 29 find room. Only the match end's result code
imports this module, when it is shown.
"""

from micropython import const

# Versions 2 and 3 at level M, one block each: data codewords, error
# correction codewords, alphanumeric characters that fit.
_DATA = (28, 44)
_ECC = (16, 26)
_MAX = (38, 61)
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


def _ecc(data, ne):
    """The ``ne`` Reed-Solomon codewords of ``data`` (bytes)."""
    gen = bytearray(ne)
    gen[ne - 1] = 1
    root = 1
    for _ in range(ne):
        for j in range(ne):
            gen[j] = _mul(gen[j], root)
            if j + 1 < ne:
                gen[j] ^= gen[j + 1]
        root = _mul(root, 2)
    rem = bytearray(ne)
    for b in data:
        f = b ^ rem[0]
        for j in range(ne - 1):
            rem[j] = rem[j + 1] ^ _mul(gen[j], f)
        rem[ne - 1] = _mul(gen[ne - 1], f)
    return rem


def version(text):
    """The smallest version (2 or 3) that holds ``text``; ValueError when none does."""
    for v in (2, 3):
        if len(text) <= _MAX[v - 2]:
            return v
    raise ValueError("too long")


def side(grid):
    """The modules a row of a symbol ``matrix`` made."""
    return len(grid)


def _put(data, pos, v, n):
    """Write the ``n`` low bits of ``v`` into ``data`` from bit ``pos`` on, the
    highest first; returns the position after them."""
    for i in range(n - 1, -1, -1):
        if (v >> i) & 1:
            data[pos >> 3] |= 0x80 >> (pos & 7)
        pos += 1
    return pos


def _value(c):
    """The alphanumeric value of character ``c``; ValueError outside the set."""
    k = _CHARS.find(c)
    if k < 0:
        raise ValueError("not alphanumeric: " + c)
    return k


def codewords(text):
    """The codewords of ``text`` (data, then error correction: 44 in version 2,
    70 in version 3); ValueError when it is too long or has a character outside
    the alphanumeric set."""
    shape = version(text) - 2
    nd = _DATA[shape]
    # The bits go straight into their bytes: a list of them would be the
    # encoder's largest block (kilobytes on a 64-bit port), where the heap
    # of a long match may have no such hole left.
    data = bytearray(nd)
    pos = _put(data, 0, 2, 4)  # alphanumeric mode
    pos = _put(data, pos, len(text), 9)
    n = len(text)
    for i in range(0, n - 1, 2):
        pos = _put(data, pos, _value(text[i]) * 45 + _value(text[i + 1]), 11)
    if n % 2:
        pos = _put(data, pos, _value(text[n - 1]), 6)
    # The terminator (up to four 0 bits) and the zeros to the byte's end are there already.
    pos += min(4, nd * 8 - pos)
    pad = 0xEC
    for i in range((pos + 7) // 8, nd):
        data[i] = pad
        pad ^= 0xEC ^ 0x11
    return data + _ecc(data, _ECC[shape])


def _functions(grid, fixed, n):
    """Finders, separators, timing, alignment and the dark module of a symbol
    ``n`` modules wide, marked fixed."""

    def put(x, y, v):
        grid[y][x] = v
        fixed[y][x] = 1

    for cx, cy in ((3, 3), (n - 4, 3), (3, n - 4)):
        for dy in range(-4, 5):
            for dx in range(-4, 5):
                x, y = cx + dx, cy + dy
                if 0 <= x < n and 0 <= y < n:
                    d = max(abs(dx), abs(dy))
                    put(x, y, 1 if d != 2 and d != 4 else 0)
    for i in range(8, n - 8):
        put(i, 6, 1 - i % 2)
        put(6, i, 1 - i % 2)
    # Versions 2 and 3 have one alignment pattern, 7 modules in from the far corner.
    a = n - 7
    for dy in range(-2, 3):
        for dx in range(-2, 3):
            put(a + dx, a + dy, 1 if max(abs(dx), abs(dy)) != 1 else 0)
    # The format information's places: reserved now, written per mask.
    for i in range(9):
        fixed[8][i] = fixed[i][8] = 1
    for i in range(8):
        fixed[8][n - 1 - i] = fixed[n - 1 - i][8] = 1
    put(8, n - 8, 1)


def _format(grid, mask, n):
    """Write the 15 format bits (level M, ``mask``) in both places."""
    data = (_M_BITS << 3) | mask
    rem = data
    for _ in range(10):
        rem = (rem << 1) ^ ((rem >> 9) * 0x537)
    bits = ((data << 10) | rem) ^ 0x5412
    for i in range(15):
        b = (bits >> i) & 1
        if i < 6:
            grid[i][8] = b
        elif i < 8:
            grid[i + 1][8] = b
        elif i == 8:
            grid[8][7] = b
        else:
            grid[8][14 - i] = b
        if i < 8:
            grid[8][n - 1 - i] = b
        else:
            grid[n - 15 + i][8] = b


def _place(grid, fixed, words, n):
    """The codewords' bits in the zigzag of two-module columns, bottom right first."""
    i = 0
    nb = len(words) * 8
    right = n - 1
    while right >= 1:
        if right == 6:
            right = 5
        # Every version is 1 modulo 4 modules wide: the same pairs go up in each.
        up = ((right + 1) & 2) == 0
        for vert in range(n):
            y = n - 1 - vert if up else vert
            row = grid[y]
            frow = fixed[y]
            for x in (right, right - 1):
                if not frow[x] and i < nb:
                    row[x] = (words[i >> 3] >> (7 - (i & 7))) & 1
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


def _apply(grid, fixed, mask, n):
    """XOR the data modules with ``mask``."""
    for y in range(n):
        row = grid[y]
        frow = fixed[y]
        for x in range(n):
            if not frow[x] and _flip(x, y, mask):
                row[x] ^= 1


def _line_penalty(grid, k, across, n):
    """Rules 1 and 3 of the standard's penalty along row ``k`` (``across``) or
    column ``k`` of a symbol ``n`` modules wide."""
    p = 0
    run = 0
    last = -1
    window = 0
    row = grid[k]
    for i in range(n):
        v = row[i] if across else grid[i][k]
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
    n = side(grid)
    p = 0
    for i in range(n):
        p += _line_penalty(grid, i, True, n) + _line_penalty(grid, i, False, n)
    dark = 0
    # Row 0 has no row above it: the test below skips it (``y``).
    above = grid[0]
    for y in range(n):
        row = grid[y]
        for x in range(n):
            v = row[x]
            dark += v
            if x and y and v == row[x - 1] == above[x] == above[x - 1]:
                p += 3
        above = row
    total = n * n
    p += (abs(dark * 20 - total * 10) + total - 1) // total * 10 - 10
    return p


def matrix(text, mask=None):
    """The modules of ``text`` as n rows of n (a bytearray each, 1 dark; n =
    side() of it) with ``mask`` 0-7, or the mask of the lowest penalty when None."""
    n = 17 + 4 * version(text)
    grid = [bytearray(n) for _ in range(n)]
    fixed = [bytearray(n) for _ in range(n)]
    _functions(grid, fixed, n)
    _place(grid, fixed, codewords(text), n)
    masks = range(8) if mask is None else (mask,)
    best = None
    for m in masks:
        g = [bytearray(r) for r in grid]
        _apply(g, fixed, m, n)
        _format(g, m, n)
        p = penalty(g) if mask is None else 0
        if best is None or p < best:
            best, out = p, g
    return out
