"""Pictures of the OLED: a 128x64 MONO_VLSB framebuffer to PNG or to text art."""

from PIL import Image

WIDTH = 128
HEIGHT = 64
# A lit SSD1306 pixel and its dark glass, roughly.
ON = (214, 236, 255)
OFF = (12, 14, 20)
DIM_ON = (90, 100, 110)


def pixels(buf, width=WIDTH, height=HEIGHT):
    """Rows of 0/1 from a MONO_VLSB buffer (byte = 8 vertical pixels, LSB on top)."""
    if len(buf) < width * height // 8:
        raise ValueError("framebuffer too short: %d bytes for %dx%d" % (len(buf), width, height))
    rows = []
    for y in range(height):
        base = (y >> 3) * width
        bit = y & 7
        rows.append([(buf[base + x] >> bit) & 1 for x in range(width)])
    return rows


_HALF = {(0, 0): " ", (1, 0): "\u2580", (0, 1): "\u2584", (1, 1): "\u2588"}


def to_text(buf, width=WIDTH, height=HEIGHT):
    """Text art with Unicode half-blocks: two pixel rows per line (64 rows -> 32 lines)."""
    rows = pixels(buf, width, height)
    lines = []
    for y in range(0, height, 2):
        top = rows[y]
        bottom = rows[y + 1] if y + 1 < height else [0] * width
        lines.append("".join(_HALF[(top[x], bottom[x])] for x in range(width)))
    return "\n".join(lines)


def to_image(buf, scale=4, border=None, powered=True, contrast=255, width=WIDTH, height=HEIGHT):
    """An RGB Pillow image of the display, scaled up with nearest neighbour (crisp pixels).

    A display that is powered off is drawn dark; a low contrast dims the lit pixels.
    """
    if scale < 1:
        raise ValueError("scale must be >= 1")
    if border is None:
        border = 2 * scale
    on = ON if contrast >= 128 else DIM_ON
    img = Image.new("P", (width, height), 0)
    img.putpalette(list(OFF) + list(on))
    if powered:
        flat = []
        for row in pixels(buf, width, height):
            flat.extend(row)
        img.putdata(flat)
    img = img.convert("RGB")
    if scale != 1:
        img = img.resize((width * scale, height * scale), Image.NEAREST)
    if border:
        framed = Image.new("RGB", (img.width + 2 * border, img.height + 2 * border), OFF)
        framed.paste(img, (border, border))
        img = framed
    return img


def save_png(buf, path, scale=4, **kw):
    """Write the display as a PNG file; returns the path."""
    to_image(buf, scale=scale, **kw).save(path, "PNG")
    return path


def to_braille(buf, width=WIDTH, height=HEIGHT):
    """Compact text art with Braille cells, 2x4 pixels each (128x64 -> 64x16), for small terminals."""
    rows = pixels(buf, width, height)
    dots = ((0, 0, 0x01), (0, 1, 0x02), (0, 2, 0x04), (1, 0, 0x08), (1, 1, 0x10), (1, 2, 0x20), (0, 3, 0x40), (1, 3, 0x80))
    lines = []
    for y in range(0, height, 4):
        line = []
        for x in range(0, width, 2):
            v = 0
            for dx, dy, bit in dots:
                if y + dy < height and x + dx < width and rows[y + dy][x + dx]:
                    v |= bit
            line.append(chr(0x2800 + v))
        lines.append("".join(line))
    return "\n".join(lines)
