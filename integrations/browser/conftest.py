"""Fixtures for the browser tests of `rangepipe player`.

The binary under test is $RANGEPIPE_BIN (default .build/debug/rangepipe);
the browser is Debian's chromium ($CHROMIUM, default `chromium` on PATH),
driven headless by Playwright through executable_path: nothing is downloaded.
"""
import json
import os
import shutil
import subprocess
from pathlib import Path

import pytest
from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parents[2]
BIN = Path(os.environ.get("RANGEPIPE_BIN", ROOT / ".build/debug/rangepipe"))
ARTIFACTS = ROOT / "bench-out" / "browser"
SCRIPTS = ["stocks-tour", "weather-zoom", "quarterly-springs"]
ALL_TRACKS = "range,annotation,selector,values,points"


def run(*args, cwd=None):
    done = subprocess.run([str(BIN), *map(str, args)], cwd=cwd, capture_output=True, text=True)
    assert done.returncode == 0, f"rangepipe {' '.join(map(str, args))}: {done.stderr}"
    return done.stdout


@pytest.fixture(scope="session")
def store(tmp_path_factory):
    """The shipped samples ingested as `make demo` does, plus the hourly and weekday ones."""
    path = tmp_path_factory.mktemp("store") / "rangepipe.sqlite"
    run("ingest", ROOT / "samples/stocks-monthly.csv", "--series-column", "symbol", "--x", "date", "--store", path)
    run("ingest", ROOT / "samples/seattle-weather.csv", "--store", path)
    run("ingest", ROOT / "samples/quarterly-sales.csv", "--store", path)
    # The log-x and ordinal samples (test_player_features.py).
    run("ingest", ROOT / "samples/sf-temps-hours.csv", "--store", path)
    run("ingest", ROOT / "samples/seattle-weekdays.csv", "--store", path)
    return path


@pytest.fixture(scope="session")
def replays(store, tmp_path_factory):
    """Per sample script: the player page and the NDJSON lines `play` writes with every track."""
    out = {}
    folder = tmp_path_factory.mktemp("pages")
    for name in SCRIPTS:
        script = ROOT / "samples/scripts" / f"{name}.json"
        page = folder / f"{name}.html"
        run("player", script, "--store", store, "-o", page)
        lines = run("play", script, "--store", store, "--tracks", ALL_TRACKS).splitlines()
        out[name] = (page, [json.loads(line) for line in lines])
    return out


@pytest.fixture(scope="session")
def browser():
    executable = os.environ.get("CHROMIUM") or shutil.which("chromium")
    assert executable, "chromium is not installed (run .ci/install-browser.sh)"
    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=executable, headless=True, args=["--no-sandbox"])
        yield b
        b.close()


class OpenPage:
    """A page with its console errors, page errors and outside requests recorded."""

    def __init__(self, browser, path):
        self.page = browser.new_page(viewport={"width": 1000, "height": 760})
        self.errors = []
        self.requests = []
        self.page.on("console", lambda m: self.errors.append(m.text) if m.type == "error" else None)
        self.page.on("pageerror", lambda e: self.errors.append(str(e)))
        self.page.on("request", lambda r: self.requests.append(r.url) if not r.url.startswith("file://") else None)
        self.page.goto(path.as_uri())
        self.page.wait_for_function("window.rangepipePlayer !== undefined")


@pytest.fixture
def open_page(browser):
    opened = []

    def factory(path):
        p = OpenPage(browser, path)
        opened.append(p)
        return p

    yield factory
    for p in opened:
        p.page.close()
