"""The windows of a frame cover every byte that changed, and skip what did not when that is cheaper."""

import random

from tanteador.pages import WINDOW_COST, PageDiff, spans


def _covered(windows):
    cov = bytearray(1024)
    for c0, c1, p0, p1 in windows:
        assert 0 <= c0 <= c1 < 128 and 0 <= p0 <= p1 < 8
        for p in range(p0, p1 + 1):
            for c in range(c0, c1 + 1):
                cov[p * 128 + c] = 1
    return cov


def test_the_first_frame_and_a_new_screen_are_one_window():
    buf = bytearray(1024)
    d = PageDiff(buf)
    assert d.changed() == 0xFF and d.windows == [(0, 127, 0, 7)]
    assert d.changed() == 0                      # nothing changed
    for p in range(8):
        buf[p * 128 + 3] = 1
    assert d.changed() == 0xFF and d.windows == [(0, 127, 0, 7)]


def test_two_numbers_far_apart_are_two_windows_over_their_pages():
    buf = bytearray(1024)
    d = PageDiff(buf)
    d.changed()
    for p in range(3, 7):
        for c in range(33, 50):
            buf[p * 128 + c] = 0x55
        for c in range(98, 114):
            buf[p * 128 + c] = 0xAA
    assert d.changed() == 0b01111000
    assert sorted(d.windows) == [(33, 49, 3, 6), (98, 113, 3, 6)]


def test_spans_join_what_a_short_gap_separates():
    x = bytearray(128)
    x[5] = x[10] = x[60] = 1
    assert spans(bytes(x)) == [(5, 10), (60, 60)]
    assert spans(bytes(128)) == []


def test_random_changes_are_all_covered_at_a_fair_cost():
    rnd = random.Random(7)
    buf = bytearray(1024)
    d = PageDiff(buf)
    d.changed()
    for _ in range(300):
        old = bytes(buf)
        for _ in range(rnd.randrange(4)):
            x0, y0 = rnd.randrange(128), rnd.randrange(64)
            for x in range(x0, min(128, x0 + rnd.randrange(1, 30))):
                for y in range(y0, min(64, y0 + rnd.randrange(1, 14))):
                    buf[(y >> 3) * 128 + x] ^= 1 << (y & 7)
        mask = d.changed()
        cov = _covered(d.windows)
        changed = [i for i in range(1024) if old[i] != buf[i]]
        assert all(cov[i] for i in changed)
        assert mask == sum({1 << (i // 128) for i in changed})
        # Never more than whole changed pages in runs would have cost.
        assert sum(cov) + WINDOW_COST * len(d.windows) <= 128 * bin(mask).count("1") + WINDOW_COST * 8
