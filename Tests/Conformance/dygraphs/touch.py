"""The dygraphs touch tab's random gestures (library.py's `random_session`): one finger on the
plot area (a swipe pans, two taps within 500 ms and 50 px reset), and two (a pinch, which zooms x
when the fingers lie within 67.5 degrees of the horizontal). dygraphs' touch handlers are in its
default interaction model (dygraph-interaction-model.js:415-600).
"""
import sessions


def _finger_path(cur, pid, moves, dts):
    for (x, y), dt in zip(moves, dts):
        cur.wait(dt)
        cur.sample(type="move", id=pid, x=x, y=y)


def g_touch_swipe(rng, cur, setup, view):
    """One finger: 1..8 moves of up to 80 % of the width, sometimes off the plot area."""
    W, H = setup["main"]["width"], setup["main"]["height"]
    x, y = rng.randint(1, W - 2), rng.randint(1, H - 2)
    dx = rng.choice([-1, 1]) * rng.choice([3, 10, 40, 150, int(W * 0.8)])
    dy = rng.randint(-40, 40)
    n = rng.randint(1, 8)
    cur.sample(type="down", id=1, x=x, y=y, area="main")
    moves = [(x + round(dx * k / n) + (rng.randint(-2, 2) if k < n else 0), y + round(dy * k / n)) for k in range(1, n + 1)]
    _finger_path(cur, 1, moves, [rng.randint(8, 40) for _ in moves])
    cur.wait(rng.choice([5, 30, 120]))
    cur.sample(type="up", id=1, x=moves[-1][0], y=moves[-1][1])


def g_touch_taps(rng, cur, setup, view):
    """Two taps: the second lift 0..700 ms after the first, 0..70 px away (a double tap resets:
    within 500 ms and 50 screen px in x and in y)."""
    W, H = setup["main"]["width"], setup["main"]["height"]
    x, y = rng.randint(60, W - 61), rng.randint(60, H - 61)
    hold = rng.randint(10, 100)
    cur.sample(type="down", id=1, x=x, y=y, area="main")
    cur.wait(hold)
    cur.sample(type="up", id=1, x=x, y=y)
    cur.wait(rng.choice([rng.randint(30, 350), rng.randint(380, 420), rng.randint(520, 700)]))
    d = rng.choice([0, 10, 49, 50, 51, 70])
    nx, ny = (x + rng.choice([-1, 1]) * d, y) if rng.random() < 0.5 else (x, y + rng.choice([-1, 1]) * d)
    nx, ny = max(1, min(W - 2, nx)), max(1, min(H - 2, ny))
    h2 = rng.randint(10, 100)
    cur.sample(type="down", id=1, x=nx, y=ny, area="main")
    cur.wait(h2)
    cur.sample(type="up", id=1, x=nx, y=ny)


def g_touch_pinch(rng, cur, setup, view):
    """Two fingers: mostly sideways (an x zoom), sometimes steep (y only: the x range stays),
    spreading or closing in 1..6 steps, lifted in either order, the one left moving on."""
    W, H = setup["main"]["width"], setup["main"]["height"]
    cx, cy = rng.randint(150, W - 150), rng.randint(80, H - 80)
    half = rng.randint(20, 120)
    tilt = rng.choice([0, 0, 0, 10, 30, 60]) if rng.random() < 0.7 else rng.choice([120, 200, 300])
    tilt = min(tilt, 2 * (min(cy, H - 1 - cy) - 1))   # both fingers go down on the plot area
    side = rng.choice([-1, 1])   # the first finger left or right of the middle (dygraphs' angle rule)
    a = [cx - side * half, cy - tilt // 2]
    b = [cx + side * half, cy + tilt // 2]
    cur.sample(type="down", id=1, x=a[0], y=a[1], area="main")
    cur.wait(rng.choice([0, 10, 40, 120]))
    cur.sample(type="down", id=2, x=b[0], y=b[1], area="main")
    grow = rng.choice([-1, 1]) * rng.randint(10, 100)
    steps = rng.randint(1, 6)
    a0, b0 = list(a), list(b)
    for k in range(1, steps + 1):
        cur.wait(rng.randint(8, 30))
        d = round(grow * k / steps)
        if grow < 0:
            d = max(d, -half + 4)
        a = [a0[0] - side * d, a0[1]]
        cur.sample(type="move", id=1, x=a[0], y=a[1])
        if rng.random() < 0.85:
            b = [b0[0] + side * d, b0[1] + rng.randint(-2, 2)]
            cur.sample(type="move", id=2, x=b[0], y=b[1])
    sessions.lift_two(rng, cur, a, b)


TOUCH_GESTURES = [(g_touch_swipe, 45), (g_touch_taps, 20), (g_touch_pinch, 35)]


# --- hand-picked touch cases (library.py's `edge_cases`) -------------------------

def _pair(c, a, b, moves, gap=20, dt=20, lift=(2, 1), after=()):
    sessions.two_fingers(c, a, b, moves, gap, dt, lift, after)


def _tap(c, x, y, hold=40):
    c.sample(type="down", id=1, x=x, y=y, area="main")
    c.wait(hold)
    c.sample(type="up", id=1, x=x, y=y)


def _swipe(c, x, y, moves, dt=16, lift=20):
    c.sample(type="down", id=1, x=x, y=y, area="main")
    for mx, my in moves:
        c.wait(dt)
        c.sample(type="move", id=1, x=mx, y=my)
    c.wait(lift)
    c.sample(type="up", id=1, x=moves[-1][0] if moves else x, y=moves[-1][1] if moves else y)


def touch_edges():
    """(name, overrides, steps) for library.py's list, in the touch tab."""
    T = {"pointer": "touch"}
    E = []

    def swipes(c, s, v):
        _swipe(c, 400, 200, [(401, 200)])
        c.wait(200)
        _swipe(c, 400, 200, [(300, 200), (200, 260), (-100, 300)])   # off the plot area
        c.wait(200)
        _swipe(c, 300, 100, [(300, 200), (300, 390)])                # vertical: x stays
        c.wait(200)
        _swipe(c, 200, 200, [(500, 200), (200, 200)])                # there and back
    E.append(("touch: swipes of 1 px, off the plot area, vertical, there and back", T, swipes))

    def taps(c, s, v):
        # the second lift 499, 500 and 501 ms after the first (40 ms holds), then 49 / 50 px apart
        # (a swipe's lift is a tap too: each pair starts 600 ms after it)
        for gap in (459, 460, 461):
            _swipe(c, 400, 200, [(380, 200), (360, 200)])
            c.wait(600)
            _tap(c, 400, 200)
            c.wait(gap)
            _tap(c, 400, 200)
            c.wait(700)
        for dx, dy in ((49, 0), (50, 0), (0, 49), (0, 50), (49, 49)):
            _swipe(c, 400, 200, [(380, 200), (360, 200)])
            c.wait(600)
            _tap(c, 400, 200)
            c.wait(100)
            _tap(c, 400 + dx, 200 + dy)
            c.wait(700)
        _swipe(c, 400, 200, [(380, 200), (360, 200)])
        c.wait(600)
        _tap(c, 400, 200)                                            # a move between: no reset
        c.wait(60)
        _swipe(c, 400, 200, [(402, 200)])
        c.wait(60)
        _tap(c, 400, 200)
    E.append(("touch: double taps 499..501 ms and 49 / 50 px apart, a move between", T, taps))

    def pinches(c, s, v):
        # The angle is the first finger's from the middle, folded by dygraphs' "symmetry" step
        # (abs, then 90 - a above 90): a first finger left of the middle always zooms x; one
        # right of it zooms x only within 67.5 degrees of the horizontal (dy = 144.9 at 60 px).
        for dy in (0, 144, 146, 200):
            _pair(c, (430, 200 - dy // 2), (370, 200 + dy - dy // 2), [(1, 450, 200 - dy // 2), (2, 350, 200 + dy - dy // 2)])
            c.wait(300)
        for dy in (146, 200):
            _pair(c, (370, 200 - dy // 2), (430, 200 + dy - dy // 2), [(1, 350, 200 - dy // 2), (2, 450, 200 + dy - dy // 2)])
            c.wait(300)
        _pair(c, (390, 200), (410, 200), [(1, 300, 200), (2, 500, 200), (1, 200, 200), (2, 600, 200)])  # over 8x: clipped
        c.wait(300)
        _pair(c, (200, 200), (600, 200), [(1, 390, 200), (2, 410, 200), (1, 420, 200), (2, 380, 200)])  # under 1/8, crossed
        c.wait(300)
        _pair(c, (300, 200), (500, 200), [(1, 280, 200), (2, 520, 200)], lift=(2, 1), after=[(300, 200), (400, 200)])
        c.wait(300)
        _pair(c, (300, 200), (500, 200), [(1, 320, 200), (2, 480, 200)], lift=(1, 2), after=[(500, 200), (600, 200)])
        c.wait(300)
        _tap(c, 400, 200)                                            # a tap after a pinch, then one more
        c.wait(100)
        _tap(c, 400, 200)
    E.append(("touch: pinches at 0 to 100 px of tilt, past 8x and under 1/8, the finger left swiping", T, pinches))

    def edges(c, s, v):
        for x, y, to in ((0, 200, 200), (800, 200, 600), (400, 0, 250), (400, 400, 550), (0, 0, 300)):
            _swipe(c, x, y, [(to, y)])
            c.wait(600)
        _pair(c, (0, 200), (800, 200), [(1, 100, 200), (2, 700, 200)])
    E.append(("touch: fingers down on the plot area's edge lines (x = 0 and width, y = 0 and height)", T, edges))
    return E
