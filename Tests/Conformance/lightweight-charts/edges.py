"""The hand-picked lightweight-charts sessions (library.py's `edge_cases`): a mouse's wheel, pane
and time-scale drags and double-clicks against their rules' edges; one finger's flings, long taps,
time-scale drags and double taps; two fingers' pinches.
"""
import sessions


def edge_cases(lib):
    """(name, library, drag, overrides, steps), all on AAPL 800 x 400: the session helpers
    (`_drag`, `_click`, `_double`, `_wheel`, `_finger`) and NAME are library.py's (`lib`, its globals)."""
    globals().update({k: lib[k] for k in ("_drag", "_click", "_double", "_wheel", "_finger", "NAME")})
    return _edge_cases()


def _fling(c, x, y, dx, n, dt, lift, area="main", dy=0):
    """One finger from (x, y) by (dx, dy) in n even moves dt ms apart, lifted `lift` ms after the last."""
    moves = [(x + round(dx * k / n), y + round(dy * k / n)) for k in range(1, n + 1)]
    _finger(c, area, x, y, moves, [dt] * n, lift)


def touch_edges(add):
    """One finger: the kinetic scroll's start, speed and stop, the slop, long taps and tracking
    mode, time-scale drags and double taps."""
    T = {"pointer": "touch"}

    def lifts(c, s, v):
        # AAPL has 123 bars: flings alternate, so that none runs into an end of the data.
        for k, lift in enumerate((0, 30, 49, 50, 51, 80)):
            sign = -1 if k % 2 == 0 else 1
            _fling(c, 400 - sign * 120, 200, sign * 240, 6, 8, lift)   # moves 8 ms apart: each is kept
            c.wait(3000)
    add("touch: a fling lifted 0, 30, 49, 50, 51 and 80 ms after its last move", lifts, **T)

    def speeds(c, s, v):
        for dx, n, dt in ((-600, 3, 4), (400, 2, 1), (-300, 5, 16), (90, 6, 40), (-60, 4, 60), (30, 2, 20)):
            _fling(c, 400 - dx // 2, 200, dx, n, dt, 0)
            c.wait(3500)
    add("touch: flings from over the most speed to under the least", speeds, **T)

    def shapes(c, s, v):
        # a reversal inside the last four kept positions, moves under 15 px apart, a pause mid-drag
        _finger(c, "main", 400, 200, [(380, 200), (340, 200), (300, 200), (320, 200), (360, 200)], [10] * 5, 0)
        c.wait(3000)
        _finger(c, "main", 400, 200, [(380, 200)] + [(380 - 7 * k, 200) for k in range(1, 9)], [8] * 9, 0)
        c.wait(3000)
        _finger(c, "main", 400, 200, [(370, 200), (340, 200), (310, 200), (280, 201)], [8, 8, 200, 8], 5)
        c.wait(3000)
        _finger(c, "main", 400, 200, [(370, 210), (340, 240), (320, 300), (300, 380)], [10] * 4, 0)
    add("touch: a reversal, moves under the least kept step, a pause, a diagonal", shapes, **T)

    def stops(c, s, v):
        _fling(c, 600, 200, -300, 4, 8, 0)
        c.wait(100)
        _finger(c, "main", 300, 100, [], [], 60)           # a tap on the pane stops it
        c.wait(300)
        _fling(c, 600, 200, -300, 4, 8, 0)
        c.wait(100)
        _fling(c, 500, 10, -100, 4, 16, 100, area="x-axis")  # a time-scale drag does not
        c.wait(300)
        _fling(c, 200, 200, 300, 4, 8, 0)
        c.wait(50)
        _finger(c, "x-axis", 400, 10, [], [], 40)         # a double tap on the time scale resets and stops it
        c.wait(60)
        _finger(c, "x-axis", 402, 12, [], [], 40)
        c.wait(2500)
    add("touch: what stops a kinetic scroll: a finger on the pane, not on the time scale, a reset", stops, **T)

    def ends(c, s, v):
        for dx in (700, 700, -700, -700, -700, -700):
            _fling(c, 400 - dx // 2, 200, dx, 4, 6, 0)
            c.wait(900)
    add("touch: flings into both ends of the data", ends, initial_frac=[0.05, 0.2], **T)

    def slop(c, s, v):
        for d in (10, 15, 16, 20):
            _finger(c, "main", 400, 200, [(400 - d, 200), (400 - d - 40, 200), (400 - d - 80, 200)], [16] * 3, 0)
            c.wait(2500)
        _finger(c, "main", 400, 200, [(389, 189), (388, 188), (350, 188), (300, 188)], [16] * 4, 0)
    add("touch: first moves within and just past Chromium's 15 px slop", slop, **T)

    def long_taps(c, s, v):
        for k, hold in enumerate((230, 239, 240, 241, 260)):
            sign = -1 if k % 2 == 0 else 1
            # from 240 ms on the long tap turns tracking mode on: the drag moves the crosshair
            _finger(c, "main", 400, 200, [(400 + sign * 40, 200), (400 + sign * 100, 200), (400 + sign * 160, 200)],
                    [hold, 16, 16], 0)
            c.wait(2500)
        _finger(c, "main", 400, 200, [], [], 300)          # a touch that does not move ends it, held or not
        c.wait(200)
        _fling(c, 600, 200, -300, 4, 8, 0)                 # scrolls again
        c.wait(2500)
        _finger(c, "main", 400, 200, [(405, 203)], [300], 30)  # a long tap, moved within the slop: tracking on
        c.wait(200)
        _fling(c, 200, 200, 300, 4, 8, 0)                  # the crosshair's, no scroll
        c.wait(200)
        _finger(c, "main", 500, 200, [], [], 50)           # a tap ends it
        c.wait(200)
        _fling(c, 200, 200, 300, 4, 8, 0)
    add("touch: long taps around 240 ms, and the tracking mode they leave", long_taps, **T)

    def axis(c, s, v):
        _finger(c, "x-axis", 400, 10, [(380, 12), (300, 14), (200, 15)], [16] * 3, 0)   # sideways: scales
        c.wait(300)
        _finger(c, "x-axis", 400, 10, [(398, 30), (380, 60), (300, 80)], [16] * 3, 0)   # down first: the page's
        c.wait(300)
        _finger(c, "x-axis", 400, 10, [(380, 20), (340, 20), (200, 20)], [16] * 3, 0)   # |dy| = |dx| / 2
        c.wait(300)
        _finger(c, "x-axis", 600, 10, [(700, 10), (790, 10), (820, 10), (700, 10)], [16] * 4, 0)
    add("touch: time-scale drags sideways, down first, on the diagonal's edge, past the right edge", axis, **T)

    def double_taps(c, s, v):
        for gap, dx, dy in ((150, 0, 0), (150, 29, 0), (150, 30, 0), (150, 15, 14), (150, 15, 15),
                            (380, 0, 0), (399, 0, 0), (400, 0, 0), (420, 0, 0)):
            _fling(c, 400, 200, -60, 3, 30, 200)
            c.wait(100)
            _finger(c, "x-axis", 400, 5, [], [], 50)       # the count resets 500 ms after this start
            c.wait(gap)
            _finger(c, "x-axis", 400 + dx, 5 + dy, [], [], 50)
            c.wait(300)
        _finger(c, "x-axis", 400, 10, [], [], 300)         # a long tap is no tap
        c.wait(60)
        _finger(c, "x-axis", 400, 10, [], [], 40)
    add("touch: double taps on the time scale 29..31 px apart, their second lift around 500 ms", double_taps, **T)


def pinch_edges(add):
    """Two fingers on the pane: when the pinch starts, its steps, its anchor, what follows it."""
    T = {"pointer": "touch"}

    def pair(c, a, b, moves, gap=20, dt=16, lift=(2, 1), after=()):
        sessions.two_fingers(c, a, b, moves, gap, dt, lift, after)

    def starts(c, s, v):
        for gap in (0, 1, 120, 239):
            pair(c, (300, 200), (500, 200), [(1, 280, 200), (2, 520, 200), (1, 260, 200), (2, 540, 200)], gap=gap)
            c.wait(300)
            pair(c, (300, 200), (500, 200), [(1, 320, 200), (2, 480, 200), (1, 340, 200), (2, 460, 200)], gap=gap)
            c.wait(300)
    add("pinch: the second finger 0, 1, 120 and 239 ms after the first; out, then in", starts, **T)

    def shapes(c, s, v):
        pair(c, (400, 100), (400, 300), [(2, 400, 340), (2, 400, 380), (1, 400, 60)])       # vertical
        c.wait(300)
        pair(c, (390, 200), (410, 200), [(1, 420, 200), (1, 450, 200), (2, 380, 200)])      # they cross
        c.wait(300)
        pair(c, (2, 200), (40, 210), [(2, 200, 210), (2, 400, 210)])                        # anchor near x = 0
        c.wait(300)
        pair(c, (600, 200), (799, 150), [(1, 700, 200), (1, 760, 200)])                     # closing near x = W
        c.wait(300)
        pair(c, (100, 200), (700, 200), [(1, 390, 200), (2, 410, 200)] * 1 + [(1, 395, 200)])  # to 5 px apart
    add("pinch: vertical, fingers crossing, anchors near both edges, down to 5 px apart", shapes, **T)
    # (after these the bar spacing is at its most; the closing pinch near x = W brings it back)

    def after(c, s, v):
        pair(c, (300, 200), (500, 200), [(1, 260, 200), (2, 540, 200)], lift=(2, 1),
             after=[(240, 200), (200, 200), (120, 200)])                                 # the first finger scrolls on
        c.wait(2500)
        pair(c, (300, 200), (500, 200), [(1, 340, 200), (2, 460, 200)], lift=(1, 2),
             after=[(480, 200), (520, 200), (600, 200)])                                 # the second's moves: nobody's
        c.wait(300)
        _fling(c, 600, 200, -300, 4, 8, 0)                                               # a kinetic scroll
        c.wait(60)
        pair(c, (300, 200), (500, 200), [(1, 280, 200), (2, 520, 200)])                 # a pinch stops it
        c.wait(300)
        _finger(c, "main", 400, 200, [(405, 204)], [20], 0)                              # within the slop: no move
        c.wait(100)
        pair(c, (300, 200), (500, 200), [(1, 305, 205), (2, 560, 200), (1, 250, 200)], gap=100)
    add("pinch: the finger left scrolls on or not, a pinch stops a kinetic scroll, a first move within the slop",
        after, **T)


def _edge_cases():
    """(name, library, drag, overrides, steps), all on AAPL 800 x 400."""
    W = 800
    E = []

    def add(name, fn, **over):
        E.append((name, NAME, "pan", over, fn))

    def wheel_sizes(c, s, v):
        for dy in (-1, 1, -99, -100, -101, 99, 100, 101, -250, 250, 0.5, -0.5):
            _wheel(c, "main", 400, 200, dy)
            c.wait(60)
        for x in (0, 1, 2, W - 1):
            _wheel(c, "main", x, 200, -120)
            c.wait(60)
        _wheel(c, "x-axis", 300, 10, 100)
    add("wheel deltaY straddling 100, tiny, at x = 0, 1, 2, W - 1 and on the time scale", wheel_sizes)

    def sideways(c, s, v):
        for dx, dy in ((40, 0), (-40, 0), (0.5, 0), (100, -100), (-250, 53), (7, 0)):
            _wheel(c, "main", 400, 200, dy, dx)
            c.wait(80)
    add("deltaX scrolls, alone and with deltaY", sideways)

    def zoom_limits(c, s, v):
        for _ in range(30):
            _wheel(c, "main", 400, 200, 600)   # out to 0.5 px a bar
            c.wait(20)
        for _ in range(60):
            _wheel(c, "main", 700, 200, -600)  # in to W / 2 px a bar
            c.wait(20)
    add("wheel out to the least bar spacing, in to the most", zoom_limits)

    def pass_on(c, s, v):
        for moves in ([(404, 200), (440, 200), (480, 200)],
                      [(405, 200), (440, 200), (480, 200)],
                      [(403, 202), (440, 200)],
                      [(402, 203), (402, 203), (430, 203), (460, 203)],
                      [(401, 200), (403, 201), (406, 200), (420, 200), (421, 200)]):
            _drag(c, "main", 400, 200, moves)
            c.wait(200)
    add("pane drags around the 5 px pass-on and the reference move", pass_on)

    def stale(c, s, v):
        _drag(c, "main", 400, 200, [(410, 200)])           # one passed-on move: the reference stays
        c.wait(200)
        _drag(c, "main", 300, 200, [(320, 200), (360, 200)])
        c.wait(200)
        _drag(c, "main", 400, 200, [(410, 200)])
        c.wait(200)
        _drag(c, "main", 405, 200, [(410, 200), (450, 200)])  # lands on the stale reference first
    add("a drag that never scrolled leaves its reference for the next", stale)

    def pan_ends(c, s, v):
        _drag(c, "main", 100, 200, [(400, 200), (799, 200), (1000, 220)], up=(1010, 220))
        c.wait(200)
        for _ in range(3):
            _drag(c, "main", 50, 200, [(60, 200), (790, 200)])
            c.wait(100)
        for _ in range(6):
            _drag(c, "main", 790, 200, [(780, 200), (0, 200)])
            c.wait(100)
        _drag(c, "main", 400, 200, [(420, 200), (430, 500), (300, 700)])  # leaves down through the time scale
    add("pans past both ends of the data, and off the pane", pan_ends)

    def axis_drags(c, s, v):
        _drag(c, "x-axis", 400, 10, [(403, 10), (404, 11), (300, 12)])
        c.wait(200)
        _drag(c, "x-axis", 400, 10, [(420, 10), (600, 10), (799, 10), (800, 10), (900, 10), (700, 10)])
        c.wait(200)
        _drag(c, "x-axis", 798, 10, [(790, 10), (100, 10), (0, 10), (-50, 10)])
        c.wait(200)
        _drag(c, "x-axis", 600, 20, [(600, 40), (600, 200), (400, -300)])  # y only, then up onto the pane
        c.wait(200)
        _drag(c, "x-axis", 10, 10, [(4, 10), (0, 10), (700, 10)])
    add("time-scale drags: in, out, at and past the right edge, off the strip", axis_drags)

    def doubles(c, s, v, area="x-axis"):
        # The count resets 500 ms after the first press: the second release
        # (50 ms after its press) lands 480..520 ms after it.
        for gap in (430, 449, 450, 451, 470):
            _wheel(c, "main", 300, 200, -240)
            c.wait(100)
            _double(c, area, 400, 10, gap)
            c.wait(300)
    add("double-clicks on the time scale whose second release is 480..520 ms after the first press", doubles)
    add("double-clicks on the pane change nothing", lambda c, s, v: doubles(c, s, v, area="main"))

    def dists(c, s, v):
        for dx, dy in ((4, 0), (5, 0), (2, 2), (3, 2), (0, -4), (-5, 0)):
            _wheel(c, "main", 300, 200, -240)
            c.wait(100)
            _double(c, "x-axis", 400, 12, 150, dx=dx, dy=dy)
            c.wait(300)
    add("double-clicks on the time scale 4 and 5 px apart", dists)

    def frames(c, s, v):
        for after in (1, 8, 15, 16, 17, 30):
            _wheel(c, "main", 300, 200, -240)
            c.wait(100)
            _double(c, "x-axis", 400, 10, 120)
            c.wait(after)
            _wheel(c, "main", 500, 200, -100)
            c.wait(200)
        _double(c, "x-axis", 400, 10, 120)
        c.wait(3)
        _drag(c, "main", 400, 200, [(420, 200), (430, 200), (500, 200)])
    add("input between a double-click and the frame its reset lands in", frames)

    def moved_doubles(c, s, v):
        _wheel(c, "main", 300, 200, -240)
        c.wait(100)
        _drag(c, "x-axis", 400, 10, [(420, 10)])   # a scale drag, then a click: no double-click
        c.wait(60)
        _click(c, "x-axis", 400, 10)
        c.wait(300)
        _click(c, "x-axis", 400, 10)
        c.wait(60)
        _drag(c, "x-axis", 400, 10, [(400, 16), (400, 10)])  # the second press moves 6 px and back
        c.wait(300)
        for _ in range(3):                            # a triple click
            _click(c, "x-axis", 500, 10)
            c.wait(60)
        c.wait(300)
        _click(c, "main", 500, 200)                   # the pane's clicks are its own
        c.wait(60)
        _click(c, "x-axis", 500, 10)
    add("time-scale clicks after drags, moved presses, a triple click, pane then scale", moved_doubles)

    touch_edges(add)
    pinch_edges(add)
    add("reset from the whole data", lambda c, s, v: _double(c, "x-axis", 400, 10, 150), initial_frac=[0.0, 1.0])
    add("wheel and drag from a narrow window", lambda c, s, v: (
        _wheel(c, "main", 400, 200, 100), c.wait(50),
        _drag(c, "main", 400, 200, [(410, 200), (420, 200), (700, 200)])), initial_frac=[0.5, 0.52])
    return E

