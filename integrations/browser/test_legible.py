"""The player's legible defaults in Chromium: the annotation's label box
that the data line never crosses, the handles inside the overview, and the
field's title (with the script's unit) in the caption and over the y axis.

Positions are read from the drawn elements and compared with the frame
`play` writes (the `selector` track's pixels) and with the drawn line's own
points, within 0.5 px.
"""
import json

import pytest

from conftest import ROOT, SCRIPTS, run

TOL = 0.5

# The main line's points, the annotation's box and label, both handles and
# the overview's rect; boxes from getBBox (user units of their own <g>).
GEOMETRY_JS = """() => {
  const box = (id) => { const e = document.getElementById(id), b = e.getBBox();
    return { visible: e.getAttribute('visibility') !== 'hidden', x: b.x, y: b.y, width: b.width, height: b.height }; };
  const pts = (document.getElementById('mainline').getAttribute('points') || '').trim();
  const ov = document.querySelector('#overview > rect');
  return {
    line: pts ? pts.split(' ').map((p) => p.split(',').map(Number)) : [],
    annbox: box('annbox'), annlabel: box('annlabel'), handle0: box('handle0'), handle1: box('handle1'),
    overview: { width: Number(ov.getAttribute('width')), height: Number(ov.getAttribute('height')) },
    caption: document.getElementById('caption').textContent, ytitle: document.getElementById('ytitle').textContent,
  };
}"""

# The shown field's title per script (weather-zoom and quarterly-springs switch fields).
TITLES = {"stocks-tour": {"price (USD)"}, "weather-zoom": {"temp_max (°C)", "temp_min (°C)"}, "quarterly-springs": {"2012", "2013", "2014"}}


def crossings(line, b):
    """Points of the polyline, sampled every 0.1 px along x, strictly inside the box shrunk by TOL."""
    x0, x1, y0, y1 = b["x"] + TOL, b["x"] + b["width"] - TOL, b["y"] + TOL, b["y"] + b["height"] - TOL
    found = []
    for (px, py), (qx, qy) in zip(line, line[1:]):
        lo, hi = max(min(px, qx), x0), min(max(px, qx), x1)
        if lo > hi:
            continue
        steps = max(1, int((hi - lo) / 0.1))
        for i in range(steps + 1):
            x = lo + (hi - lo) * i / steps
            y = py if qx == px else py + (qy - py) * (x - px) / (qx - px)
            if y0 < y < y1:
                found.append((x, y))
        if qx == px and x0 < px < x1 and max(py, qy) > y0 and min(py, qy) < y1:
            found.append((px, (py + qy) / 2))
    return found


def sampled_geometry(page, lines):
    """About 40 frames spread over the replay: (frame index, the page's drawn geometry there)."""
    for k in range(0, len(lines), max(1, len(lines) // 40)):
        page.evaluate("k => window.rangepipePlayer.seek(k)", k)
        yield k, page.evaluate(GEOMETRY_JS)


@pytest.mark.parametrize("name", SCRIPTS)
def test_annotation_box_clear_of_the_line(name, replays, open_page):
    path, lines = replays[name]
    p = open_page(path)
    page = p.page
    shown = 0
    for k, g in sampled_geometry(page, lines):
        assert g["ytitle"] in TITLES[name] and f" · {g['ytitle']} · frame {k} " in g["caption"], f"frame {k}: {g['caption']}"
        if not g["annbox"]["visible"]:
            assert lines[k]["annotation"] is None or lines[k]["annotation"]["y"] is None, f"frame {k}: no box"
            continue
        shown += 1
        b, t = g["annbox"], g["annlabel"]
        assert crossings(g["line"], b) == [], f"frame {k}: the line crosses the label's box {b}"
        # The label's drawn text lies inside its box.
        assert t["x"] >= b["x"] - TOL and t["x"] + t["width"] <= b["x"] + b["width"] + TOL, f"frame {k}: label {t} box {b}"
        assert t["y"] >= b["y"] - TOL and t["y"] + t["height"] <= b["y"] + b["height"] + TOL, f"frame {k}: label {t} box {b}"
    assert shown >= 10
    assert p.errors == [], p.errors


@pytest.mark.parametrize("name", SCRIPTS)
def test_handles_inside_the_overview(name, replays, open_page):
    path, lines = replays[name]
    p = open_page(path)
    page = p.page
    ends = 0
    for k, g in sampled_geometry(page, lines):
        sel = lines[k]["selector"]
        width = g["overview"]["width"]
        for handle, edge in [(g["handle0"], sel["min_px"]), (g["handle1"], sel["max_px"])]:
            assert handle["x"] >= -TOL and handle["x"] + handle["width"] <= width + TOL, f"frame {k}: handle {handle} outside 0…{width}"
            assert abs(handle["width"] - 6) <= TOL
            if 3 <= edge <= width - 3:
                assert abs(handle["x"] + 3 - edge) <= TOL, f"frame {k}: handle {handle} not centred on {edge}"
            else:
                ends += 1
                assert abs(handle["x"] - (0 if edge < 3 else width - 6)) <= TOL, f"frame {k}: handle {handle} at edge {edge}"
    if name == "weather-zoom":
        assert ends >= 1  # the initial window ends at the data's end: the right handle sits at width − 6
    assert p.errors == [], p.errors


# The box on a log y-axis (placed on the log10 heights the page draws) and on every linked panel.
PANELS_JS = """(s) => {
  const box = (id) => { const e = document.getElementById(id + s), b = e.getBBox();
    return { visible: e.getAttribute('visibility') !== 'hidden', x: b.x, y: b.y, width: b.width, height: b.height }; };
  const pts = (document.getElementById('mainline' + s).getAttribute('points') || '').trim();
  return { line: pts ? pts.split(' ').map((p) => p.split(',').map(Number)) : [], annbox: box('annbox'),
           annline: Number(document.getElementById('annline' + s).getAttribute('y1')) };
}"""


@pytest.mark.parametrize("name,panels", [("stocks-log", 1), ("stocks-linked", 3)])
def test_annotation_box_clear_on_log_and_linked_panels(name, panels, store, tmp_path, open_page):
    page_path = tmp_path / f"{name}.html"
    run("player", ROOT / "samples/scripts" / f"{name}.json", "--store", store, "-o", page_path)
    p = open_page(page_path)
    page = p.page
    count = page.evaluate("window.rangepipePlayer.frameCount")
    assert page.evaluate("window.rangepipePlayer.panels") == panels
    shown = 0
    for k in range(0, count, max(1, count // 30)):
        page.evaluate("k => window.rangepipePlayer.seek(k)", k)
        for j in range(panels):
            g = page.evaluate(PANELS_JS, "" if j == 0 else f"-{j}")
            if not g["annbox"]["visible"]:
                continue
            shown += 1
            b = g["annbox"]
            assert crossings(g["line"], b) == [], f"frame {k} panel {j}: the line crosses the label's box {b}"
            # The box sits off the annotation's dashed line.
            assert b["y"] + b["height"] <= g["annline"] + TOL or b["y"] >= g["annline"] - TOL, f"frame {k} panel {j}: {b}"
    assert shown >= 10 * panels
    assert p.errors == [], p.errors


# On a linked page: the ids of every overview part, and the one overview's rect and handles.
LINKED_OVERVIEW_JS = """() => {
  const ids = (sel) => [...document.querySelectorAll(sel)].map((e) => e.id);
  const box = (id) => { const b = document.getElementById(id).getBBox(); return { x: b.x, width: b.width }; };
  const ov = document.querySelector('#overview > rect');
  return { overviews: ids('g[id^=overview]'), selections: ids('rect[id^=selection]'), handles: ids('rect[id^=handle]'),
           width: Number(ov.getAttribute('width')), handle0: box('handle0'), handle1: box('handle1'), selection: box('selection') };
}"""


def test_linked_panels_share_one_overview_with_handles_inside(store, tmp_path, open_page):
    """stocks-linked: exactly one overview, one selection and two handles on every frame, the handles inside
    the overview and centred on the selector pixels every series' frame names (or at 0 / width − 6)."""
    script = ROOT / "samples/scripts/stocks-linked.json"
    page_path = tmp_path / "linked.html"
    run("player", script, "--store", store, "-o", page_path)
    lines = [json.loads(l) for l in run("play", script, "--store", store, "--tracks", "selector").splitlines()]
    p = open_page(page_path)
    page = p.page
    panels = page.evaluate("window.rangepipePlayer.panels")
    assert panels == 3 and len(lines) == 3 * page.evaluate("window.rangepipePlayer.frameCount")
    count = len(lines) // panels
    for k in range(0, count, max(1, count // 40)):
        page.evaluate("k => window.rangepipePlayer.seek(k)", k)
        g = page.evaluate(LINKED_OVERVIEW_JS)
        assert g["overviews"] == ["overview"] and g["selections"] == ["selection"] and g["handles"] == ["handle0", "handle1"], g
        for j in range(panels):
            sel = lines[k * panels + j]["selector"]
            assert abs(g["selection"]["x"] - sel["min_px"]) <= TOL and abs(g["selection"]["width"] - (sel["max_px"] - sel["min_px"])) <= TOL
            for handle, edge in [(g["handle0"], sel["min_px"]), (g["handle1"], sel["max_px"])]:
                assert handle["x"] >= -TOL and handle["x"] + handle["width"] <= g["width"] + TOL, f"frame {k}: {handle}"
                assert abs(handle["x"] - min(max(edge - 3, 0), g["width"] - 6)) <= TOL, f"frame {k} panel {j}: {handle} vs {edge}"
    assert p.errors == [], p.errors
