"""Screenshots of every sample script in the player, for docs/gallery.md.

Run from the repository root:
    RANGEPIPE_BIN=.build/debug/rangepipe .venv/bin/python integrations/browser/gallery.py
It ingests the shipped samples into a temp store (as `make demo` does, plus
the hourly and weekday samples the log and ordinal scripts use), writes each
script's player page, seeks to the frame listed below (a moment that shows the
script's feature) and saves docs/gallery/<script>.png (README_SCRIPT's is also
docs/player-frame.png, the README's picture). Chromium is Debian's
(`$CHROMIUM` or `chromium` on PATH), headless, as in conftest.py.
"""
import json
import re
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parents[2]
BIN = Path(os.environ.get("RANGEPIPE_BIN", ROOT / ".build/debug/rangepipe"))
OUT = ROOT / "docs" / "gallery"
# Where in the replay to take the picture, as a fraction of its frames.
MOMENT = {"weather-live": 1.0, "stocks-linked": 0.84, "weather-presets": 0.4}
# The README's picture (docs/player-frame.png): this script's gallery picture, linked charts with a lit preset.
README_SCRIPT = "stocks-linked"
DEFAULT_MOMENT = 0.6
# Scripts also pictured in `preview` (SVG), as <script>-preview.png: the same frame drawn by the same
# layout code, to compare with the player's picture.
PREVIEWS = ["stocks-linked", "stocks-log", "weather-presets"]


class Refused(Exception):
    """rangepipe exited non-zero; the message is its stderr."""


def run(*args):
    done = subprocess.run([str(BIN), *map(str, args)], capture_output=True, text=True)
    if done.returncode != 0:
        raise Refused(done.stderr.strip())
    return done.stdout


def ingest(store):
    s = ROOT / "samples"
    run("ingest", s / "stocks-monthly.csv", "--series-column", "symbol", "--x", "date", "--store", store)
    for name in ["seattle-weather", "quarterly-sales", "sf-temps-hours", "seattle-weekdays"]:
        run("ingest", s / f"{name}.csv", "--store", store)


def main():
    names = sys.argv[1:] or sorted(p.stem for p in (ROOT / "samples/scripts").glob("*.json"))
    OUT.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp:
        store = Path(tmp) / "rangepipe.sqlite"
        ingest(store)
        executable = os.environ.get("CHROMIUM") or shutil.which("chromium")
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=executable, headless=True, args=["--no-sandbox"])
            page = browser.new_page(viewport={"width": 900, "height": 640})
            failed = False
            for name in names:
                html = Path(tmp) / f"{name}.html"
                try:
                    run("player", ROOT / "samples/scripts" / f"{name}.json", "--store", store, "-o", html)
                except Refused as refusal:
                    # A script the player refuses gets no picture; the gallery says why.
                    print(f"{name}: refused: {refusal}")
                    failed = True
                    continue
                page.goto(html.as_uri())
                page.wait_for_function("window.rangepipePlayer !== undefined")
                count = page.evaluate("window.rangepipePlayer.frameCount")
                k = min(count - 1, int(MOMENT.get(name, DEFAULT_MOMENT) * count))
                page.evaluate("k => window.rangepipePlayer.seek(k)", k)
                page.screenshot(path=str(OUT / f"{name}.png"), full_page=True)
                if name == README_SCRIPT:
                    shutil.copyfile(OUT / f"{name}.png", ROOT / "docs" / "player-frame.png")
                print(f"{name}: frame {k} of {count}")
            for name in [n for n in PREVIEWS if n in names]:
                script = ROOT / "samples/scripts" / f"{name}.json"
                # A linked script writes one line per series and frame.
                count = 1 + max(json.loads(line)["frame"] for line in run("play", script, "--store", store).splitlines())
                k = min(count - 1, int(MOMENT.get(name, DEFAULT_MOMENT) * count))
                svg = Path(tmp) / f"{name}.svg"
                run("preview", script, "--store", store, "--frame", k, "-o", svg)
                # The whole SVG: a linked stack is taller than the player's viewport.
                size = re.search(r'<svg[^>]* width="(\d+)" height="(\d+)"', svg.read_text())
                page.set_viewport_size({"width": max(900, int(size[1])), "height": max(640, int(size[2]))})
                page.goto(svg.as_uri())
                page.screenshot(path=str(OUT / f"{name}-preview.png"), timeout=120000)
                print(f"{name}: preview frame {k} of {count}")
            browser.close()
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
