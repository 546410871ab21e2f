"""The peer of `rangepipe render`: what a user does without it. Opens a
`rangepipe player` page in headless Chromium (Debian's, through
Playwright) and screenshots the chart at every frame, scaled to fit
WIDTHxHEIGHT, as PNG files (the screenshots' own format).

usage: player_screenshots.py PAGE.html OUT_DIR WIDTHxHEIGHT
Prints the frame count. Timed whole by the harness, browser start included.
"""
import os
import shutil
import sys
from pathlib import Path

from playwright.sync_api import sync_playwright


def main():
    page_path, out, size = Path(sys.argv[1]), Path(sys.argv[2]), sys.argv[3]
    width, height = map(int, size.lower().split("x"))
    out.mkdir(parents=True, exist_ok=True)
    executable = os.environ.get("CHROMIUM") or shutil.which("chromium")
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=executable, headless=True, args=["--no-sandbox"])
        first = browser.new_page()
        first.goto(page_path.as_uri())
        w, h = first.evaluate("() => { const r = document.getElementById('chart').getBoundingClientRect(); return [r.width, r.height]; }")
        first.close()
        scale = min(width / w, height / h)
        page = browser.new_page(viewport={"width": int(w) + 40, "height": int(h) + 200}, device_scale_factor=scale)
        page.goto(page_path.as_uri())
        page.wait_for_function("window.rangepipePlayer !== undefined")
        count = page.evaluate("window.rangepipePlayer.frameCount")
        chart = page.locator("#chart")
        for k in range(count):
            page.evaluate("k => window.rangepipePlayer.seek(k)", k)
            chart.screenshot(path=str(out / f"frame-{k:06d}.png"))
        browser.close()
    print(count)


if __name__ == "__main__":
    main()
