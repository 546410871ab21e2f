"""`rangepipe render`'s PNG frames against Chromium's screenshots of the
same frames in `rangepipe player`: the page and the video draw one picture.

The measure is SSIM (ffmpeg's `ssim` filter, luma and chroma averaged as
its `All` figure) between the player's chart (`#chart`, its natural size,
device scale 1) and `render --size` at that size (scale 1, nothing
letterboxed): at least 0.98 on every frame compared (0.990 to 0.998 seen).
The two draw the same shapes with different rasterisers (Skia and cairo)
and text engines, so they are close, not equal. As a control, the middle
frame's screenshot against render's first frame (another window) must
score lower than against its own (about 0.83 on stocks-tour), so the
measure can tell frames apart.
"""
import re
import subprocess

import pytest

from conftest import ARTIFACTS, ROOT, run

SSIM_FLOOR = 0.98


def ssim(a, b):
    done = subprocess.run(["ffmpeg", "-hide_banner", "-nostdin", "-i", str(a), "-i", str(b), "-lavfi", "ssim", "-f", "null", "-"],
                          capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    found = re.search(r"All:([0-9.]+)", done.stderr)
    assert found, done.stderr
    return float(found.group(1))


@pytest.mark.parametrize("name", ["stocks-tour", "weather-zoom", "quarterly-springs"])
def test_render_frames_match_player_screenshots(name, replays, store, open_page, tmp_path):
    path, lines = replays[name]
    p = open_page(path)
    page = p.page
    width, height = page.evaluate("() => { const r = document.getElementById('chart').getBoundingClientRect(); return [r.width, r.height]; }")
    assert width == int(width) and height == int(height), (width, height)
    frames = tmp_path / "frames"
    run("render", ROOT / "samples/scripts" / f"{name}.json", "--store", store, "-o", f"{frames}/", "--size", f"{int(width)}x{int(height)}", "--quiet")
    drawn = sorted(frames.iterdir())
    assert len(drawn) == len(lines)
    scores = {}
    for k in sorted({0, len(lines) // 4, len(lines) // 2, 3 * len(lines) // 4, len(lines) - 1}):
        page.evaluate("k => window.rangepipePlayer.seek(k)", k)
        shot = tmp_path / f"player-{k}.png"
        page.locator("#chart").screenshot(path=str(shot))
        scores[k] = ssim(shot, frames / f"frame-{k:06d}.png")
        if k == len(lines) // 2:
            control = ssim(shot, frames / "frame-000000.png")
            assert control < scores[k], f"frame {k}: SSIM {scores[k]} against itself, {control} against frame 0"
            ARTIFACTS.mkdir(parents=True, exist_ok=True)
            shot.replace(ARTIFACTS / f"render-vs-player-{name}-player.png")
            (frames / f"frame-{k:06d}.png").replace(ARTIFACTS / f"render-vs-player-{name}-render.png")
    print(f"{name}: SSIM render vs player by frame {scores}")
    assert min(scores.values()) >= SSIM_FLOOR, scores
    assert p.errors == [], p.errors
