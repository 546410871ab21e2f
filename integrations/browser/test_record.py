"""record.js in headless Chromium: real mouse input and synthetic touch
pointers recorded, imported with `script from-events --from pointer-ndjson`,
and checked against the positions the test itself produced."""
import json

from conftest import BIN, ROOT
import subprocess

PAGE = """<!doctype html><html><body style="margin:0">
<div id="main" style="position:absolute;left:20px;top:20px;width:400px;height:200px;background:#eef"></div>
<div id="overview" style="position:absolute;left:20px;top:300px;width:400px;height:80px;background:#fee"></div>
</body></html>"""

PINCH_JS = """() => {
  const main = document.getElementById('main');
  const fire = (type, id, x, buttons) => main.dispatchEvent(new PointerEvent(type, {
    pointerId: id, pointerType: 'touch', clientX: x, clientY: 120, buttons, bubbles: true }));
  fire('pointerdown', 11, 120, 1); fire('pointerdown', 12, 320, 1);
  fire('pointermove', 11, 100, 1); fire('pointermove', 12, 340, 1);
  fire('pointerup', 11, 100, 0); fire('pointerup', 12, 340, 0);
}"""


def compact(event):
    out = []
    for s in event["samples"]:
        item = [s["type"], s.get("id"), s["x"], s["y"], s.get("area")]
        if s["type"] == "wheel":
            item.append(s["deltaY"])
        out.append(tuple(item))
    return out


# Counts the wheel events the document has dispatched. Playwright's
# mouse.wheel does not wait for the event, so a test waits for this count
# instead of for time: the recorder's listener runs in the same dispatch.
COUNT_WHEELS_JS = """() => { window.__wheels = 0;
  document.addEventListener('wheel', () => { window.__wheels++; }, { capture: true, passive: true }); }"""


def wait_for_wheels(page, count):
    page.wait_for_function(f"() => window.__wheels >= {count}")


def test_record_js_round_trip(browser, tmp_path):
    page = browser.new_page()
    page.set_content(PAGE)
    page.add_script_tag(path=str(ROOT / "integrations/browser/record.js"))
    page.evaluate(COUNT_WHEELS_JS)
    page.evaluate("() => { window.rec = RangePipeRecorder.start({overview: document.getElementById('overview'), main: document.getElementById('main')}); }")
    # A mouse drag on the overview (the hover before it is not recorded).
    page.mouse.move(100, 330)
    page.mouse.move(120, 340)
    page.mouse.down()
    page.mouse.move(150, 345)
    page.mouse.up()
    # A wheel turn on the main chart, then a two-finger pinch there.
    page.mouse.move(220, 120)
    page.mouse.wheel(0, 100)
    wait_for_wheels(page, 1)
    page.evaluate(PINCH_JS)
    text = page.evaluate("() => window.rec.stop()")
    page.close()

    lines = [json.loads(line) for line in text.splitlines()]
    assert lines[0] == {"type": "layout", "overview": {"left": 20, "top": 300, "width": 400, "height": 80},
                        "main": {"left": 20, "top": 20, "width": 400, "height": 200}}
    recording = tmp_path / "session.ndjson"
    recording.write_text(text)
    done = subprocess.run([str(BIN), "script", "from-events", str(recording), "--from", "pointer-ndjson"],
                          capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    script = json.loads(done.stdout)
    assert script["overview"] == {"width": 400, "height": 80}
    assert script["main"] == {"width": 400, "height": 200}
    events = script["events"]
    assert len(events) == 3, events
    mouse = events[0]["samples"][0]["id"]
    assert compact(events[0]) == [("down", mouse, 100, 40, "overview"), ("move", mouse, 130, 45, None), ("up", mouse, 130, 45, None)]
    assert compact(events[1]) == [("wheel", None, 200, 100, "main", 100)]
    assert compact(events[2]) == [("down", 11, 100, 100, "main"), ("down", 12, 300, 100, "main"),
                                  ("move", 11, 80, 100, None), ("move", 12, 320, 100, None),
                                  ("up", 11, 80, 100, None), ("up", 12, 320, 100, None)]
    assert events[0]["at"] == 0
    assert 0 < events[1]["at"] <= events[2]["at"]
    for e in events:
        ts = [s["t"] for s in e["samples"]]
        assert ts[0] == 0 and ts == sorted(ts)


def test_record_js_shift_deltax_and_areas(browser, tmp_path):
    """Shift on a press and a wheel, a wheel's deltaX, a pen's pointerType,
    an x-axis strip, and an area given as {element, rect} inside a shadow
    root (as Bokeh's frames are) reach the script."""
    page = browser.new_page()
    page.set_content(PAGE + '<div id="host" style="position:absolute;left:500px;top:20px;width:300px;height:300px"></div>')
    page.add_script_tag(path=str(ROOT / "integrations/browser/record.js"))
    page.evaluate(COUNT_WHEELS_JS)
    page.evaluate("""() => {
      const root = document.getElementById('host').attachShadow({mode: 'open'});
      root.innerHTML = '<div id="canvas" style="width:300px;height:300px;background:#efe"></div>';
      window.rec = RangePipeRecorder.start({
        overview: document.getElementById('overview'),
        main: {element: root.getElementById('canvas'), rect: {left: 540, top: 40, width: 200, height: 150}},
        xAxis: {element: root.getElementById('canvas'), rect: {left: 540, top: 190, width: 200, height: 30}}});
      const canvas = root.getElementById('canvas');
      canvas.dispatchEvent(new PointerEvent('pointerdown', {pointerId: 5, pointerType: 'pen', clientX: 600, clientY: 100,
                                                            buttons: 1, bubbles: true, composed: true}));
      canvas.dispatchEvent(new PointerEvent('pointerup', {pointerId: 5, pointerType: 'pen', clientX: 610, clientY: 100,
                                                          bubbles: true, composed: true}));
    }""")
    page.keyboard.down("Shift")
    page.mouse.move(100, 330)
    page.mouse.down()
    page.mouse.up()
    page.mouse.move(640, 200)
    page.mouse.wheel(0, 100)
    page.keyboard.up("Shift")
    page.mouse.wheel(30, -50)
    wait_for_wheels(page, 2)
    text = page.evaluate("() => window.rec.stop()")
    page.close()

    lines = [json.loads(line) for line in text.splitlines()]
    assert lines[0]["x-axis"] == {"left": 540, "top": 190, "width": 200, "height": 30}
    assert [(l["type"], l.get("shiftKey")) for l in lines[1:]] == [
        ("pointerdown", False), ("pointerup", None), ("pointerdown", True), ("pointerup", None), ("wheel", True), ("wheel", False)]
    recording = tmp_path / "session.ndjson"
    recording.write_text(text)
    done = subprocess.run([str(BIN), "script", "from-events", str(recording), "--from", "pointer-ndjson", "--profile", "bokeh"],
                          capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    script = json.loads(done.stdout)
    assert script["profile"] == "bokeh" and script["main"] == {"width": 200, "height": 150}
    samples = [s for e in script["events"] for s in e["samples"]]
    pen, mouse = samples[0]["id"], samples[2]["id"]
    assert samples == [
        {"t": 0, "id": pen, "type": "down", "x": 60, "y": 60, "area": "main", "pointer": "pen"},
        {"t": samples[1]["t"], "id": pen, "type": "up", "x": 70, "y": 60},
        {"t": 0, "id": mouse, "type": "down", "x": 80, "y": 30, "area": "overview", "shift": True},
        {"t": samples[3]["t"], "id": mouse, "type": "up", "x": 80, "y": 30},
        {"t": 0, "type": "wheel", "x": 100, "y": 10, "deltaY": 100, "area": "x-axis", "shift": True},
        {"t": samples[5]["t"], "type": "wheel", "x": 100, "y": 10, "deltaX": 30, "deltaY": -50, "area": "x-axis"},
    ]
