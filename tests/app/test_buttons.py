"""Buttons: bouncing contacts give exactly the intended events."""

from hypothesis import given, settings, strategies as st

from tanteador import buttons as B


def run(edges, until, step=1, start=0):
    """Poll a fresh Buttons every ``step`` ms from ``start`` to ``until``.

    ``edges`` is a list of (t_ms, button, level); the level holds from t on.
    Returns [(t, event), ...].
    """
    bt = B.Buttons()
    lv = [False] * 4
    edges = sorted(edges)
    out = []
    i = 0
    for t in range(start, until + 1, step):
        while i < len(edges) and edges[i][0] <= t:
            lv[edges[i][1]] = edges[i][2]
            i += 1
        for e in bt.update(tuple(lv), t):
            out.append((t, e))
    return out


def bounce(t, button, level, times=(0, 1, 3, 4, 7)):
    """A contact that chatters: alternating edges ending at ``level``."""
    n = len(times)
    return [(t + dt, button, level if (n - 1 - k) % 2 == 0 else not level)
            for k, dt in enumerate(times)]


def kinds(out):
    return [e for _, e in out]


def test_clean_short_press_ok_fires_on_release():
    out = run([(10, B.OK, True), (110, B.OK, False)], 400)
    assert kinds(out) == [(B.OK, B.PRESS, 0)]
    assert out[0][0] == 110  # the release's first edge: no wait for the contact to settle


def test_bouncing_press_and_release_make_one_event():
    edges = bounce(100, B.OK, True) + bounce(300, B.OK, False)
    out = run(edges, 800)
    assert kinds(out) == [(B.OK, B.PRESS, 0)]


def test_bouncing_up_press_is_one_press_at_its_first_edge():
    edges = bounce(50, B.UP, True) + bounce(200, B.UP, False)
    out = run(edges, 600)
    assert out == [(50, (B.UP, B.PRESS, 0))]


def test_bounces_in_the_lockout_after_each_edge_are_ignored():
    # Edges 1-5 ms apart after a press and after its release, the chatter
    # over within the lockout: one press each.
    for gaps in ((1,), (1, 2, 3), (5, 5, 5), (2, 4, 1, 3, 5)):
        assert sum(gaps) < B.DEBOUNCE_MS
        times = (0,) + tuple(sum(gaps[:k + 1]) for k in range(len(gaps)))
        if len(times) % 2 == 0:
            times = times[:-1]      # an odd count of edges ends at the new level
        edges = []
        for t in (100, 300, 500):
            edges += bounce(t, B.OK, True, times) + bounce(t + 100, B.OK, False, times)
        out = run(edges, 900)
        assert out == [(200, (B.OK, B.PRESS, 0)), (400, (B.OK, B.PRESS, 0)),
                       (600, (B.OK, B.PRESS, 0))], gaps


def test_a_release_inside_the_lockout_is_taken_when_the_lockout_ends():
    # Pressed and let go within DEBOUNCE_MS: the press counts at once, its
    # release when the lockout is over (the contact never came back).
    out = run([(100, B.UP, True), (100 + B.DEBOUNCE_MS - 5, B.UP, False),
               (300, B.UP, True), (320 + B.REPEAT_DELAY_MS, B.UP, False)], 1200)
    assert out[:2] == [(100, (B.UP, B.PRESS, 0)), (300, (B.UP, B.PRESS, 0))]
    assert all(e[1] == B.REPEAT for _, e in out[2:])
    # Had the first release been lost, the second press would be a repeat burst.
    assert [e[2] for _, e in out[2:]] == [1]


def test_repeat_timing_and_counts():
    edges = bounce(0, B.DOWN, True) + [(1500, B.DOWN, False)]
    out = run(edges, 2000)
    assert out[0] == (0, (B.DOWN, B.PRESS, 0))
    reps = out[1:]
    assert [e for _, e in reps] == [(B.DOWN, B.REPEAT, n) for n in range(1, len(reps) + 1)]
    times = [t for t, _ in reps]
    assert times[0] == B.REPEAT_DELAY_MS
    assert all(b - a == B.REPEAT_EVERY_MS for a, b in zip(times, times[1:]))
    # Held 1500 ms from the first edge: repeats at 400, 520, ... up to < 1500.
    assert len(reps) == (1500 - 1 - B.REPEAT_DELAY_MS) // B.REPEAT_EVERY_MS + 1
    assert times[-1] < 1500


def test_repeat_has_no_long_and_release_is_silent():
    out = run([(0, B.UP, True), (2000, B.UP, False)], 3000)
    assert all(e[1] != B.LONG for _, e in out)
    assert out[-1][0] < 2000


def test_slow_polling_never_bursts_repeats():
    out = run([(0, B.UP, True), (3000, B.UP, False)], 3200, step=50)
    times = [t for t, e in out if e[1] == B.REPEAT]
    assert len(times) == len(set(times))
    assert [e[2] for _, e in out if e[1] == B.REPEAT] == list(range(1, len(times) + 1))


def test_long_press_fires_once_at_600_and_nothing_on_release():
    edges = bounce(100, B.OK, True) + bounce(2000, B.OK, False)
    out = run(edges, 2500)
    assert out == [(100 + B.LONG_MS, (B.OK, B.LONG, 0))]


def test_just_under_long_is_a_press():
    out = run([(0, B.BACK, True), (B.LONG_MS - 1, B.BACK, False)], 1500)
    assert kinds(out) == [(B.BACK, B.PRESS, 0)]


def test_long_reached_between_polls_still_long():
    b = B.Buttons()
    assert b.update((False, False, True, False), 0) == []
    assert b.update((False, False, True, False), 30) == []
    got = list(b.update((False, False, False, False), 700))
    got += list(b.update((False, False, False, False), 730))
    assert got == [(B.OK, B.LONG, 0)]


def test_release_bounce_after_long_does_not_ghost():
    edges = [(0, B.BACK, True)] + bounce(900, B.BACK, False, times=(0, 2, 5, 6, 9, 11))
    out = run(edges, 1400)
    assert kinds(out) == [(B.BACK, B.LONG, 0)]


def test_two_buttons_at_once_are_independent():
    edges = (bounce(0, B.UP, True) + bounce(100, B.OK, True)
             + bounce(300, B.OK, False) + bounce(700, B.UP, False))
    out = run(edges, 1200)
    ups = [e for _, e in out if e[0] == B.UP]
    oks = [e for _, e in out if e[0] == B.OK]
    assert oks == [(B.OK, B.PRESS, 0)]
    assert ups[0] == (B.UP, B.PRESS, 0)
    assert ups[1:] == [(B.UP, B.REPEAT, n) for n in range(1, len(ups))]
    assert len(ups) == 1 + 3  # repeats at 400, 520, 640


def test_all_four_held_long():
    edges = [(0, b, True) for b in range(4)] + [(1000, b, False) for b in range(4)]
    out = run(edges, 1200)
    assert {e for _, e in out if e[1] == B.LONG} == {(B.OK, B.LONG, 0), (B.BACK, B.LONG, 0)}
    assert sum(1 for _, e in out if e[1] == B.PRESS) == 2


def test_repeat_count_restarts_on_new_hold():
    edges = [(0, B.UP, True), (700, B.UP, False), (900, B.UP, True), (1500, B.UP, False)]
    out = run(edges, 1800)
    reps = [e[2] for _, e in out if e[1] == B.REPEAT]
    assert reps == [1, 2, 3, 1, 2]
    assert sum(1 for _, e in out if e[1] == B.PRESS) == 2


def test_levels_accept_truthy_ints():
    b = B.Buttons()
    b.update([0, 1, 0, 0], 0)
    assert b.update([0, 1, 0, 0], 25) == []
    b.update([0, 0, 0, 0], 60)
    assert b.update([1, 0, 0, 0], 80) == [(B.UP, B.PRESS, 0)]


hold = st.tuples(st.integers(30, 1500), st.integers(30, 400))  # (held ms, gap after ms)


@settings(max_examples=60, deadline=None)
@given(st.sampled_from((B.UP, B.OK, B.BACK)), st.lists(hold, min_size=1, max_size=6),
       st.lists(st.integers(1, 5), min_size=2, max_size=3))
def test_bouncy_random_presses_give_one_gesture_each(button, holds, chatter):
    # Every press and release chatters, edges 1-5 ms apart, for less than the
    # lockout; the debounced gestures must match the clean holds one for one.
    times = tuple(sum(chatter[:k + 1]) for k in range(len(chatter)))
    times = (0,) + times
    edges, t, expected = [], 100, []
    for held, gap in holds:
        held = max(held, times[-1] + B.DEBOUNCE_MS + 1)
        edges += bounce(t, button, True, times)
        settle = t + times[-1]
        edges += bounce(settle + held, button, False, times)
        if button == B.UP:
            expected.append("P")
        else:
            # A hold runs from the press's first edge to the release's.
            expected.append("L" if held + times[-1] >= B.LONG_MS else "P")
        t = settle + held + times[-1] + max(gap, B.DEBOUNCE_MS + 1)
    out = run(edges, t + 1000)
    got = [{B.PRESS: "P", B.LONG: "L"}[e[1]] for _, e in out if e[1] != B.REPEAT]
    assert got == expected
    # Repeat counts run 1, 2, 3... within each hold.
    n = 0
    for _, e in out:
        if e[1] == B.PRESS:
            n = 0
        elif e[1] == B.REPEAT:
            n += 1
            assert e[2] == n


def test_edges_taken_late_keep_their_order_across_buttons():
    # A tap of OK then a tap of UP, both over before the app looks at 400 ms.
    b = B.Buttons()
    for e in ((B.OK, True, 100), (B.OK, False, 160), (B.UP, True, 220), (B.UP, False, 280)):
        b.edge(*e)
    assert b.update((False,) * 4, 400) == [(B.OK, B.PRESS, 0), (B.UP, B.PRESS, 0)]


def test_a_long_press_is_judged_by_its_edges_not_by_when_they_are_taken():
    b = B.Buttons()
    b.edge(B.BACK, True, 0)
    b.edge(B.BACK, False, B.LONG_MS + 50)
    assert b.update((False,) * 4, 5000) == [(B.BACK, B.LONG, 0)]
    b.edge(B.BACK, True, 6000)
    b.edge(B.BACK, False, 6100)
    assert b.update((False,) * 4, 9000) == [(B.BACK, B.PRESS, 0)]


def test_ring_counts_what_it_drops_and_levels_unstick_the_button():
    from tanteador.buttons import EdgeRing

    ring = EdgeRing(4)                  # room for 3 edges
    ring.push(B.UP, True, 10)
    ring.push(B.UP, True, 11)           # same level again: a bounce already seen
    ring.push(B.UP, False, 50)
    ring.push(B.DOWN, True, 60)
    ring.push(B.DOWN, False, 90)        # full: dropped and counted
    assert ring.overflows == 1 and ring.waiting() == 3
    b = B.Buttons()
    ring.take(b.edge)
    assert ring.waiting() == 0
    # DOWN's release was lost, but the levels read now say it is up.
    evs = b.update((False,) * 4, 200)
    assert evs == [(B.UP, B.PRESS, 0), (B.DOWN, B.PRESS, 0)]
    assert b.update((False,) * 4, 900) == []    # no phantom auto-repeat


def test_due_says_when_a_lockout_ends_a_press_repeats_or_turns_long():
    bt = B.Buttons()
    assert bt.due(0) is None                     # nothing pending: the loop may sleep its tick
    bt.edge(B.UP, True, 100)
    assert bt.update((True, False, False, False), 101) == [(B.UP, B.PRESS, 0)]
    assert bt.due(101) == 100 + B.REPEAT_DELAY_MS - 101     # held: its first repeat
    bt.edge(B.UP, False, 105)                    # let go inside the lockout
    assert bt.due(106) == 100 + B.DEBOUNCE_MS - 106
    assert bt.due(150) == 0                      # the lockout is over: at once
    bt.update((False,) * 4, 150)
    assert bt.due(150) is None
    bt.edge(B.OK, True, 300)
    bt.update((False, False, True, False), 301)
    assert bt.due(400) == 300 + B.LONG_MS - 400  # OK held: when it turns long
    bt.update((False, False, True, False), 300 + B.LONG_MS)
    assert bt.due(1000) is None                  # long sent: nothing more until the release
