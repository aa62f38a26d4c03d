"""The view of a list right after its cursor went round from one end to the other."""

from tanteador.draw import LINE


def around(app, n, nvis, seam, y0, w):
    """The rows in view as (index, y) pairs, top to bottom, from ``y0``, round
    the seam between the last row and the first, drawn here as a dashed line.

    The row the cursor came from stays in view across the seam: above it
    when the cursor went down to the first row (``seam`` 1), below it when
    it went up to the last (-1).
    """
    start = n - 1 if seam == 1 else n - min(n, nvis) + 1
    out = []
    y = y0
    for i in range(min(n, nvis)):
        k = (start + i) % n
        if k == 0:
            # The seam and a blank row, the blank on the selected row's side.
            for x in range(0, w - 1, 4):
                app.p.hline(x, y + (0 if seam == 1 else 1), 2, 1)
            y += 2
        out.append((k, y))
        y += LINE
    return out
