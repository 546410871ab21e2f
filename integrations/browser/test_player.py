"""`rangepipe player` pages in headless Chromium, checked against `play`."""
import math

import pytest

from conftest import ARTIFACTS, SCRIPTS

# The overview's shaded selection and the overview's origin, in overview pixels.
SELECTION_JS = """() => {
  const origin = document.querySelector('#overview > rect').getBoundingClientRect();
  const scale = origin.width > 0 ? Number(document.querySelector('#overview > rect').getAttribute('width')) / origin.width : 1;
  const sel = document.getElementById('selection').getBoundingClientRect();
  return { x: (sel.left - origin.left) * scale, width: sel.width * scale };
}"""
Y_LABELS_JS = "() => [...document.querySelectorAll('#yaxis text.ytick')].map(t => t.textContent)"


def frames_to_check(count):
    picks = {0, 1, 2, count // 5, count // 3, count // 2, 2 * count // 3, count - 2, count - 1}
    return sorted(k for k in picks if 0 <= k < count)


@pytest.mark.parametrize("name", SCRIPTS)
def test_frames_match_play(name, replays, open_page):
    path, lines = replays[name]
    p = open_page(path)
    page = p.page
    assert page.evaluate("window.rangepipePlayer.frameCount") == len(lines)
    assert page.evaluate("window.rangepipePlayer.exact") is True
    for k in frames_to_check(len(lines)):
        page.evaluate("k => window.rangepipePlayer.seek(k)", k)
        expected = lines[k]
        assert page.evaluate("window.rangepipePlayer.frame()") == expected, f"frame {k}"
        sel = page.evaluate(SELECTION_JS)
        lo, hi = expected["selector"]["min_px"], expected["selector"]["max_px"]
        assert abs(sel["x"] - lo) <= 0.5, f"frame {k}: selection x {sel['x']} vs min_px {lo}"
        assert abs(sel["width"] - (hi - lo)) <= 0.5, f"frame {k}: selection width {sel['width']} vs {hi - lo}"
        labels = page.evaluate(Y_LABELS_JS)
        if expected["y"] is None:
            assert labels == []
        else:
            assert len(labels) >= 2, f"frame {k}: y labels {labels}"
            y0, y1 = expected["y"]["min"], expected["y"]["max"]
            slack = 1e-9 * max(1.0, abs(y0), abs(y1))
            for text in labels:
                value = float(text.replace(",", ""))
                assert y0 - slack <= value <= y1 + slack, f"frame {k}: y label {text} outside {y0}…{y1}"
        assert page.evaluate("document.querySelectorAll('#xaxis text').length") >= 1, f"frame {k}: no x labels"
        assert page.evaluate("document.getElementById('mainline').getAttribute('points').split(' ').length") >= 2
        caption = page.evaluate("document.getElementById('caption').textContent")
        assert f"frame {k} " in caption and expected["phase"] in caption
    assert p.errors == [], p.errors
    assert p.requests == [], p.requests


def test_controls_and_screenshot(replays, open_page):
    path, lines = replays["stocks-tour"]
    p = open_page(path)
    page = p.page
    player = "window.rangepipePlayer"
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowRight")
    assert page.evaluate(f"{player}.current") == 2
    page.keyboard.press("ArrowLeft")
    assert page.evaluate(f"{player}.current") == 1
    page.click("#fwd")
    assert page.evaluate(f"{player}.current") == 2
    page.click("#back")
    assert page.evaluate(f"{player}.current") == 1
    # Play at 4×: 4 × fps frames a second of the page's clock. The clock is
    # Playwright's (it drives performance.now and requestAnimationFrame), so
    # the count does not depend on how busy the machine is.
    # Paused, so only run_for moves it: real time passing between the key
    # presses (a loaded machine) adds nothing.
    page.clock.install()
    page.clock.pause_at(page.evaluate("Date.now()") + 1000)
    page.select_option("#speed", "4")
    page.keyboard.press("Space")
    assert page.evaluate(f"{player}.playing") is True
    page.clock.run_for(500)
    page.keyboard.press("Space")
    moved = page.evaluate(f"{player}.current") - 1
    fps = page.evaluate(f"{player}.fps")
    assert page.evaluate(f"{player}.playing") is False
    # The first animation frame only starts the count; the rest advance
    # 0.5 s × 4 of clock, less at most one frame interval (about 16 ms).
    expected = 4 * 0.5 * fps
    assert expected - 4 * 0.034 * fps - 1 <= moved <= expected, f"moved {moved} frames in 0.5 s at 4× ({fps} fps)"
    # The scrubber seeks.
    page.fill("#scrub", "120")
    page.dispatch_event("#scrub", "input")
    assert page.evaluate(f"{player}.current") == 120
    assert page.evaluate(f"{player}.frame()") == lines[120]
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    for name in ["stocks-tour", "weather-zoom", "quarterly-springs"]:
        q = open_page(replays[name][0]).page
        count = q.evaluate(f"{player}.frameCount")
        q.evaluate("k => window.rangepipePlayer.seek(k)", min(120, count // 2))
        q.screenshot(path=str(ARTIFACTS / f"player-{name}.png"), full_page=True)
    assert (ARTIFACTS / "player-stocks-tour.png").stat().st_size > 10_000
    assert p.errors == [], p.errors


def test_decimated_page(store, tmp_path, open_page):
    """Over --max-mb the page still plays; every key but points is play's."""
    from conftest import ALL_TRACKS, ROOT, run
    import json

    script = ROOT / "samples/scripts/weather-zoom.json"
    page_path = tmp_path / "small.html"
    run("player", script, "--store", store, "--max-mb", "0.6", "-o", page_path)
    assert page_path.stat().st_size < 600_000
    lines = [json.loads(l) for l in run("play", script, "--store", store, "--tracks", ALL_TRACKS).splitlines()]
    p = open_page(page_path)
    page = p.page
    assert page.evaluate("window.rangepipePlayer.exact") is False
    assert page.evaluate("window.rangepipePlayer.pointsWidth") < 800
    for k in frames_to_check(len(lines)):
        page.evaluate("k => window.rangepipePlayer.seek(k)", k)
        got = page.evaluate("window.rangepipePlayer.frame()")
        assert {**got, "points": None} == {**lines[k], "points": None}, f"frame {k}"
        assert len(got["points"]) >= 2
    assert p.errors == [], p.errors


# The main chart's zoom box and crosshair elements, in the main chart's pixels.
MARKS_JS = """() => Object.fromEntries(['zoombox', 'crossline', 'crossdot', 'crosslabel'].map((id) => {
  const e = document.getElementById(id), r = e.getBoundingClientRect();
  return [id, { visible: e.getAttribute('visibility') === 'visible', x: Number(e.getAttribute('x')), width: Number(e.getAttribute('width')),
                x1: Number(e.getAttribute('x1')), text: e.textContent, drawn: r.width + r.height > 0 }];
}))"""


def test_box_and_crosshair_follow_the_frames(store, tmp_path, open_page):
    """stocks-gestures: the zoom box while it is drawn, the crosshair while the pointer is over the chart."""
    from conftest import ROOT, run
    import json

    script = ROOT / "samples/scripts/stocks-gestures.json"
    page_path = tmp_path / "gestures.html"
    run("player", script, "--store", store, "-o", page_path)
    lines = [json.loads(l) for l in run("play", script, "--store", store, "--tracks", "range,box,crosshair",
                                        "--output-time-format", "epoch-s").splitlines()]
    boxed = [k for k, f in enumerate(lines) if f["box"] is not None]
    hovered = [k for k, f in enumerate(lines) if f["crosshair"] is not None and f["box"] is None]
    neither = [k for k, f in enumerate(lines) if f["crosshair"] is None and f["box"] is None]
    assert len(boxed) >= 10 and len(hovered) >= 30 and len(neither) >= 30
    p = open_page(page_path)
    page = p.page
    width = 800  # the script's main chart

    def px(x, f):
        lo, hi = f["window"]["min"], f["window"]["max"]
        return (x - lo) / (hi - lo) * width

    for k in [boxed[len(boxed) // 2], boxed[-1], hovered[0], hovered[len(hovered) // 2], neither[0], neither[-1]]:
        page.evaluate("k => window.rangepipePlayer.seek(k)", k)
        f, marks = lines[k], page.evaluate(MARKS_JS)
        assert marks["zoombox"]["visible"] == (f["box"] is not None), f"frame {k}"
        if f["box"] is not None:
            x0, x1 = px(f["box"]["min"], f), px(f["box"]["max"], f)
            assert abs(marks["zoombox"]["x"] - x0) <= 0.01 and abs(marks["zoombox"]["width"] - (x1 - x0)) <= 0.02, f"frame {k}"
            assert marks["zoombox"]["drawn"]
        for part in ["crossline", "crossdot", "crosslabel"]:
            assert marks[part]["visible"] == (f["crosshair"] is not None), f"frame {k}: {part}"
        if f["crosshair"] is not None:
            assert abs(marks["crossline"]["x1"] - px(f["crosshair"]["x"], f)) <= 0.01, f"frame {k}"
            assert marks["crosslabel"]["text"] == "$%.2f" % f["crosshair"]["y"]
            assert marks["crossline"]["drawn"] and marks["crossdot"]["drawn"] and marks["crosslabel"]["drawn"]
    page.evaluate("k => window.rangepipePlayer.seek(k)", boxed[len(boxed) // 2])
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "player-stocks-gestures.png"), full_page=True)
    assert p.errors == [], p.errors
