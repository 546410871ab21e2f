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
    # Play at 4×: about 4 × fps frames a second.
    page.select_option("#speed", "4")
    page.keyboard.press("Space")
    assert page.evaluate(f"{player}.playing") is True
    page.wait_for_timeout(500)
    page.keyboard.press("Space")
    moved = page.evaluate(f"{player}.current") - 1
    fps = page.evaluate(f"{player}.fps")
    assert page.evaluate(f"{player}.playing") is False
    assert 0.5 * fps <= moved <= 4 * fps * 1.5, f"moved {moved} frames in 0.5 s at 4×"
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
