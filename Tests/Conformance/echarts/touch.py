"""The ECharts touch tab's random gestures (library.py's `random_session`): one finger on the
grid, and two (a pinch).
"""
import sessions


def g_touch_drag(rng, cur, setup, view):
    """One finger on the grid: a drag of 1-10 moves, some staying within Chromium's 15 px touch
    slop, some leaving the chart's element (x from -160 to W + 200), or a tap. Wheels in touch
    sessions (TOUCH_GESTURES) meet zrender's 700 ms mouse suppression after a touch."""
    W, H = setup["main"]["width"], setup["main"]["height"]
    # Never on the grid's edge lines (not modelled for a finger: EChartsProfile+Touch.swift).
    x = rng.randint(1, W - 1) if rng.random() < 0.9 else rng.choice([1, W - 1])
    y = rng.randint(1, H - 1)
    dx = rng.choice([-1, 1]) * rng.choice([0, 2, 5, 10, 14, 15, 16, 20, 40, 120, 300, 600])
    steps = rng.randint(1, 10) if dx else rng.choice([0, 1])
    cur.sample(type="down", id=1, x=x, y=y, area="main")
    px, py = x, y
    for k in range(1, steps + 1):
        cur.wait(rng.randint(12, 40))
        px = max(-160, min(W + 200, x + round(dx * k / steps)))
        py = max(-60, min(H + 60, py + rng.randint(-3, 3)))
        cur.sample(type="move", id=1, x=px, y=py)
    cur.wait(rng.choice([8, 30, 120, 400]))
    cur.sample(type="up", id=1, x=px, y=py)


def g_touch_pinch(rng, cur, setup, view):
    """Two fingers on the grid: the second goes down 0..400 ms after the first (which may have
    panned first), both spread or close in steps (some moves of one finger only, some keeping the
    distance), their middle always inside the grid (outside it ECharts leaves the touch to the
    page, which zooms itself: not modelled), and they lift in either order, the one left
    sometimes moving on."""
    W, H = setup["main"]["width"], setup["main"]["height"]
    cx, cy = rng.randint(100, W - 100), rng.randint(40, H - 40)
    half = rng.randint(15, min(cx, W - cx) - 5)
    a, b = [cx - half, cy + rng.randint(-20, 20)], [cx + half, cy + rng.randint(-20, 20)]
    cur.sample(type="down", id=1, x=a[0], y=a[1], area="main")
    if rng.random() < 0.2:       # the first finger pans first
        for _ in range(rng.randint(1, 3)):
            cur.wait(rng.randint(10, 30))
            a[0] += rng.choice([-1, 1]) * rng.randint(5, 25)
            a[0] = max(1, min(W - 1, a[0]))
            cur.sample(type="move", id=1, x=a[0], y=a[1])
    cur.wait(rng.choice([0, 5, 19, 20, 21, 60, 400]))
    cur.sample(type="down", id=2, x=b[0], y=b[1], area="main")
    grow = rng.choice([-1, 1]) * rng.randint(8, 100)
    steps = rng.randint(1, 8)
    a0, b0 = list(a), list(b)
    for k in range(1, steps + 1):
        cur.wait(rng.choice([rng.randint(8, 30), 20, 21]))
        d = round(grow * k / steps)
        if rng.random() < 0.1:   # both move the same way: the distance stays, a zoom out
            a = [a[0] + 6, a[1]]
            b = [b[0] + 6, b[1]]
            cur.sample(type="move", id=1, x=a[0], y=a[1])
            cur.sample(type="move", id=2, x=b[0], y=b[1])
            continue
        both = rng.random() < 0.8
        if both or k % 2:
            a = [a0[0] - d, a0[1]]
            cur.sample(type="move", id=1, x=a[0], y=a[1])
        if both or not k % 2:
            b = [b0[0] + d, b0[1] + rng.randint(-3, 3)]
            cur.sample(type="move", id=2, x=b[0], y=b[1])
    sessions.lift_two(rng, cur, a, b)
