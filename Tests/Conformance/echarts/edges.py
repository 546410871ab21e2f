"""The hand-picked ECharts sessions (library.py's `edge_cases`): wheels and pans on the
grid against its rules' edges, and the slider's handles, move zone, brushes and clicks,
among them presses within one 16 ms frame of a change (zrender tests a press against the
slider as last drawn, EChartsProfile+Shown.swift).
"""
import sessions


def _wheels(c, x, deltas, dt, y=200):
    for k, d in enumerate(deltas):
        if k:
            c.wait(dt)
        c.sample(type="wheel", x=x, y=y, area="main", deltaY=d)


def _pan(c, x, moves, dt=16, y=200, area="main"):
    c.sample(type="down", id=1, x=x, y=y, area=area)
    for m in moves:
        c.wait(dt)
        c.sample(type="move", id=1, x=m, y=y)
    c.wait(dt)
    c.sample(type="up", id=1, x=moves[-1] if moves else x, y=y)


def _slide(c, x, moves, dt=16, y=25, hold=0, settle=True):
    """A press on the slider's box at (x, y), moves to each x, a release; 60 ms
    first so that the press hits the slider as drawn."""
    if settle:
        c.wait(60)
    c.sample(type="down", id=1, x=x, y=y, area="overview")
    c.wait(hold)
    for m in moves:
        c.wait(dt)
        c.sample(type="move", id=1, x=m, y=y)
    c.wait(dt)
    c.sample(type="up", id=1, x=moves[-1] if moves else x, y=y)


def edge_cases(NAME, _ends):
    """(name, library, drag, overrides, steps), on AAPL 800 x 400 unless named; NAME is the
    library's, `_ends(setup, view)` the handles' ends in the box."""
    E = []

    def add(name, fn, **over):
        E.append((name, NAME, "pan", over, fn))

    add("wheel out to the data's extent, then in at both edges",
        lambda c, s, v: (_wheels(c, 400, [100] * 12, 40), c.wait(100), _wheels(c, 0, [-100] * 4, 40), c.wait(100),
                         _wheels(c, 800, [-100] * 4, 40)))
    add("wheel events 19, 20 and 21 ms apart (the throttle)",
        lambda c, s, v: (_wheels(c, 300, [-100] * 5, 19), c.wait(200), _wheels(c, 500, [100] * 5, 20), c.wait(200),
                         _wheels(c, 200, [-100] * 5, 21), c.wait(200), _wheels(c, 600, [-100, 100, -100, 100], 1)))
    add("wheel in against minValueSpan, out against maxValueSpan",
        lambda c, s, v: (_wheels(c, 400, [-100] * 25, 30), c.wait(100), _wheels(c, 100, [100] * 25, 30)),
        min_frac=0.05, max_frac=0.4)
    add("pan against both ends of the data",
        lambda c, s, v: (_pan(c, 100, [300, 600, 790, 799]), c.wait(100), _pan(c, 700, [500, 100, 0, -60]), c.wait(100),
                         _pan(c, 400, [420]), c.wait(50), _pan(c, 400, [380])))
    add("pan moves 1..5 ms apart (inside the throttle), then a stop",
        lambda c, s, v: _pan(c, 200, list(range(205, 600, 15)), dt=3))
    add("a wheel and presses on the grid's edges (0, W, outside)",
        lambda c, s, v: (_wheels(c, 0, [-100], 0), c.wait(50), _wheels(c, 800, [-100], 0), c.wait(50),
                         _pan(c, 0, [100]), c.wait(50), _pan(c, 799, [600]), c.wait(50), _pan(c, 800, [500])))
    add("sideways wheels (deltaY 0): by the sign of deltaX",
        lambda c, s, v: (c.sample(type="wheel", x=300, y=200, area="main", deltaY=0, deltaX=-40), c.wait(100),
                         c.sample(type="wheel", x=300, y=200, area="main", deltaY=0, deltaX=120), c.wait(100),
                         c.sample(type="wheel", x=300, y=200, area="main", deltaY=0), c.wait(100),
                         c.sample(type="wheel", x=300, y=200, area="main", deltaY=-3, deltaX=100)))
    add("a number axis: the extent from 0, wheel and pan",
        lambda c, s, v: (_wheels(c, 10, [100] * 10, 40), c.wait(100), _pan(c, 300, [100, 50]), c.wait(100),
                         _wheels(c, 700, [-100] * 6, 40), c.wait(50), _pan(c, 100, [700, 790])),
        series="sf-temps-hours", initial_frac=[0.2, 0.5])
    add("the whole extent at the start: pan does nothing, wheel in",
        lambda c, s, v: (_pan(c, 400, [600]), c.wait(50), _wheels(c, 400, [-100] * 3, 30)), initial_frac=[0.0, 1.0])
    # The slider (AAPL 800 x 400, the box 800 x 40; initial 50-70 %).
    def grab(c, s, v, side, moves, dt=16, y=25):
        """A handle drag: the left or right end, moves relative to it."""
        c.wait(60)
        x = round(_ends(s, v)[side])
        _slide(c, x, [x + m for m in moves], dt=dt, y=y, settle=False)

    def mid(c, s, v, moves, dt=16, y=4):
        """A move-zone drag from the middle of the window, moves relative to it."""
        c.wait(60)
        x = round(sum(_ends(s, v)) / 2)
        _slide(c, x, [x + m for m in moves], dt=dt, y=y, settle=False)

    add("slider: the left handle dragged past the right one, then each again (the ends swap)",
        lambda c, s, v: (grab(c, s, v, 0, [50, 200, 296]), grab(c, s, v, 1, [40, 90]), grab(c, s, v, 0, [-60, -260])))
    add("slider: handles against minValueSpan and maxValueSpan, and past the box's ends",
        lambda c, s, v: (grab(c, s, v, 0, [100, 156, 200]), grab(c, s, v, 1, [140, 340, 440]), grab(c, s, v, 0, [-300, -440])),
        min_frac=0.05, max_frac=0.4)
    add("slider: the move zone against both ends, on the bar and in the body's top",
        lambda c, s, v: (mid(c, s, v, [120, 320, 420], y=2), mid(c, s, v, [-400, -700, -750], y=12),
                         mid(c, s, v, [1, 2], y=-1)))
    add("slider: brushes rightwards, leftwards, past both ends of the body",
        lambda c, s, v: (_slide(c, 100, [150, 300], dt=60), _slide(c, 700, [600, 500], dt=60),
                         _slide(c, 50, [0, -30], dt=60), _slide(c, 750, [810, 900], dt=60)))
    add("slider: brushes around 200 ms and 5 px (a click below both), and a press with no move after a brush",
        lambda c, s, v: (_slide(c, 100, [104], dt=90), _slide(c, 300, [305], dt=90), _slide(c, 650, [646], dt=110),
                         _slide(c, 200, [203], dt=40, hold=160), _slide(c, 120, [], dt=100),
                         _slide(c, 760, [], dt=300)))
    add("slider: clicks recentre (in the body, 4 and 5 px apart, on the bar off the handles, past the end)",
        lambda c, s, v: (_slide(c, 100, [], dt=50), _slide(c, 700, [704], dt=20), _slide(c, 300, [305], dt=20),
                         _slide(c, 30, [], dt=50, y=3), _slide(c, 795, [], dt=50), _slide(c, 798, [], dt=50, y=45)))
    add("slider: a drag jumping off the chart (never heard again, nor its release), then a brush",
        lambda c, s, v: (mid(c, s, v, [520, 620], y=3), _slide(c, 300, [350, 420], dt=40),
                         _slide(c, 600, [640], dt=40)))
    add("slider moves 3 ms apart (its throttle), then a wheel on the grid right after",
        lambda c, s, v: (mid(c, s, v, list(range(5, 220, 9)), dt=3), c.wait(5), _wheels(c, 400, [-100] * 2, 7)))
    # Presses within one frame of a change: zrender tests them against the slider as last drawn,
    # which catches up at the next 16 ms frame. Each change comes 1 ms before its release.
    def quick(c, x, moves, dt=16, y=25):
        """A press at x, moves relative to it `dt` ms apart, the release 1 ms after the last."""
        c.sample(type="down", id=1, x=x, y=y, area="overview")
        for m in moves:
            c.wait(dt)
            c.sample(type="move", id=1, x=x + m, y=y)
        c.wait(1)
        c.sample(type="up", id=1, x=x + (moves[-1] if moves else 0), y=y)

    def after_grab(c, s, v, waits, at_old):
        """For each wait: a left-handle drag by +30 px, then a press `wait` ms after its last
        move where the handle was drawn before it (at_old) or where it is now, dragged back."""
        for w in waits:
            c.wait(60)
            old = round(_ends(s, v)[0])
            quick(c, old, [15, 30])
            c.wait(w)
            quick(c, old if at_old else round(_ends(s, v)[0]), [-20, -40])

    add("slider: presses 1, 2, 8, 15, 16 and 17 ms after a handle moved, where the handle is now",
        lambda c, s, v: after_grab(c, s, v, [0, 1, 7, 14, 15, 16], at_old=False))
    add("slider: presses 1, 2, 8, 15, 16 and 17 ms after a handle moved, where the handle was drawn",
        lambda c, s, v: after_grab(c, s, v, [0, 1, 7, 14, 15, 16], at_old=True))

    def after_wheel(c, s, v, waits):
        """For each wait: a wheel at the grid's left edge (the slider is rebuilt, its left handle
        moves tens of px), then a press `wait` ms after it on the handle's old place or its new."""
        for k, w in enumerate(waits):
            c.wait(60)
            old = round(_ends(s, v)[0])
            _wheels(c, 0, [-300 if k % 2 == 0 else 300], 0)
            c.wait(w)
            quick(c, old if k < 3 else round(_ends(s, v)[0]), [8])

    add("slider: presses 0, 3, 9, 15, 16 and 17 ms after a wheel on the grid, on the handle's old and new places",
        lambda c, s, v: after_wheel(c, s, v, [0, 9, 17, 3, 15, 16]))

    def after_brush(c, s, v, waits):
        """For each wait: a brush (its window lands at the release), then a click on the bar
        `wait` ms after the release, in the window drawn before it or in the new one."""
        for k, w in enumerate(waits):
            c.wait(60)
            before = round(sum(_ends(s, v)) / 2)
            start = 100 + 90 * k
            quick(c, start, [60, 140], dt=30, y=30)
            c.wait(w)
            quick(c, before if k % 2 == 0 else round(sum(_ends(s, v)) / 2), [], y=4)

    add("slider: clicks on the bar 0, 2, 10, 15, 16 and 17 ms after a brush, in the window before it and now",
        lambda c, s, v: after_brush(c, s, v, [0, 2, 10, 15, 16, 17]))

    def after_click(c, s, v, waits):
        """For each wait: a click on the body that recentres the window, then a move-zone drag
        `wait` ms after the click's release from the new window's middle, on the bar."""
        for k, w in enumerate(waits):
            c.wait(60)
            quick(c, 150 + 100 * k, [], y=30)
            c.wait(w)
            quick(c, round(sum(_ends(s, v)) / 2), [25, 50], y=4)

    add("slider: a move-zone drag 0, 4, 12, 15, 16 and 17 ms after a click recentred the window",
        lambda c, s, v: after_click(c, s, v, [0, 4, 12, 15, 16, 17]))
    add("slider on a number axis: the extent from 0, a handle and a brush",
        lambda c, s, v: (grab(c, s, v, 0, [-120, -220]), _slide(c, 700, [760], dt=80)),
        series="sf-temps-hours", initial_frac=[0.4, 0.7])
    # One finger on the grid (the touch tab).
    def finger(c, x, y, moves, dt=20, lift=30):
        """A finger down at (x, y), moves to each x, lifted `lift` ms after the last (where it
        last was: a touchend has no place of its own)."""
        c.sample(type="down", id=1, x=x, y=y, area="main")
        for m in moves:
            c.wait(dt)
            c.sample(type="move", id=1, x=m, y=y)
        c.wait(lift)
        c.sample(type="up", id=1, x=moves[-1] if moves else x, y=y)

    def wheels_after_lift(c, s, v, gaps):
        """For each gap: a tap, then a wheel `gap` ms after the finger's lift (zrender ignores the
        mouse for 700 ms after a touch event), zooming in and out by turns."""
        for k, gap in enumerate(gaps):
            c.wait(800)
            finger(c, 300, 200, [])
            c.wait(gap)
            _wheels(c, 400, [-100 if k % 2 == 0 else 100], 0)

    E.append(("one finger: wheels 690, 699, 700, 701 and 710 ms after a lift", NAME, "pan", {"pointer": "touch"},
              lambda c, s, v: wheels_after_lift(c, s, v, [690, 699, 700, 701, 710])))
    E.append(("one finger: drags of 15, 16 and 40 px, a lift 5 ms after the last move", NAME, "pan", {"pointer": "touch"},
              lambda c, s, v: (finger(c, 400, 200, [410, 415]), c.wait(800), finger(c, 400, 200, [416, 440]),
                               c.wait(800), finger(c, 300, 100, [305, 340, 380], lift=5))))

    # Two fingers on the grid (zrender's pinch: a fixed 1.1 step per touch event).
    def pair(c, a, b, moves, gap=30, dt=30, lift=(2, 1), after=()):
        sessions.two_fingers(c, a, b, moves, gap, dt, lift, after)

    def pinch_steps(c, s, v):
        for dt in (19, 20, 21, 40):   # the 20 ms throttle between steps
            pair(c, (300, 200), (500, 200), [(1, 290, 200), (2, 510, 200), (1, 280, 200), (2, 520, 200)], dt=dt)
            c.wait(300)
        pair(c, (300, 200), (500, 200), [(1, 310, 200), (1, 320, 200), (2, 480, 200)], gap=0)        # closing
        c.wait(300)
        pair(c, (300, 200), (500, 200), [(1, 306, 200), (2, 506, 200), (1, 312, 204), (2, 512, 204)])  # same distance
    E.append(("two fingers: pinch steps 19, 20, 21 and 40 ms apart, closing, at a kept distance", NAME, "pan",
              {"pointer": "touch"}, pinch_steps))

    def pinch_ends(c, s, v):
        for _ in range(6):            # out to the whole extent, then in against minValueSpan
            pair(c, (350, 200), (450, 200), [(1, 360, 200), (2, 440, 200), (1, 370, 200)])
            c.wait(100)
        for _ in range(12):
            pair(c, (390, 200), (410, 200), [(1, 380, 200), (2, 420, 200), (1, 370, 200)])
            c.wait(100)
        pair(c, (10, 100), (30, 100), [(1, -30, 100), (2, 31, 100)])      # the middle at x = 0.5
        c.wait(300)
        pair(c, (700, 100), (790, 300), [(2, 899, 300)])                  # the middle at x = 799.5 (800 is off)
        c.wait(300)
        pair(c, (400, 100), (420, 200), [(2, 420, 699)])                  # the middle at y = 399.5 (400 is off)
    E.append(("two fingers: pinches out to the extent, in against minValueSpan, the middle on the grid's edges",
              NAME, "pan", {"pointer": "touch", "min_frac": 0.05}, pinch_ends))

    def pinch_and_pan(c, s, v):
        c.sample(type="down", id=1, x=300, y=200, area="main")          # a pan, then a second finger
        for k, x in enumerate((320, 340, 360)):
            c.wait(20)
            c.sample(type="move", id=1, x=x, y=200)
        c.wait(20)
        c.sample(type="down", id=2, x=560, y=220, area="main")
        for x in (370, 380):
            c.wait(25)
            c.sample(type="move", id=1, x=x, y=200)
        c.wait(25)
        c.sample(type="up", id=2, x=560, y=220)
        for x in (400, 440):                                          # the finger left pans no more
            c.wait(25)
            c.sample(type="move", id=1, x=x, y=200)
        c.wait(25)
        c.sample(type="up", id=1, x=440, y=200)
        c.wait(300)
        pair(c, (300, 200), (500, 200), [(2, 520, 200)], lift=(1, 2), after=[(560, 200), (600, 200)])
        c.wait(300)
        c.sample(type="down", id=1, x=300, y=200, area="main")        # within the slop before the second finger
        c.wait(20)
        c.sample(type="move", id=1, x=308, y=205)
        c.wait(20)
        c.sample(type="down", id=2, x=500, y=200, area="main")
        c.wait(20)
        c.sample(type="move", id=2, x=530, y=200)
        c.wait(20)
        c.sample(type="up", id=1, x=308, y=205)
        c.wait(20)
        c.sample(type="up", id=2, x=530, y=200)
    E.append(("two fingers: a pan then a second finger, the finger left after a pinch, a move within the slop before",
              NAME, "pan", {"pointer": "touch"}, pinch_and_pan))
    return E
