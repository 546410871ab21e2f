"""docs/script.schema.json against the decoder (`make test-schema`).

A real validator (jsonschema's Draft202012Validator) checks that
- the schema is a valid draft 2020-12 schema and is what `rangepipe script
  schema` prints;
- every sample script and every script the Swift tests use that the decoder
  accepts is valid (the tests hand them over through RANGEPIPE_SCRIPT_DUMP,
  see Tests/TestHelpers/ScriptFixtures.swift);
- scripts the decoder rejects for a reason a schema can express (hand-written
  here, and the Swift tests' own rejected scripts) are invalid;
- the keys the decoder accepts at every object location equal the schema's
  properties there (the key walk: an unknown key makes the decoder list the
  allowed ones), and every location of either side is walked.

The decoder's verdicts come from the binary (`script check --no-series`),
never assumed.
"""
import copy
import json
import os
import pathlib
import re
import subprocess
import tempfile

import pytest
from jsonschema import Draft202012Validator

ROOT = pathlib.Path(__file__).resolve().parents[2]
BIN = os.environ.get("RANGEPIPE_BIN", str(ROOT / ".build/debug/rangepipe"))
DUMP = os.environ.get("SCRIPT_DUMP", str(ROOT / ".build/test-scripts"))
SCHEMA_PATH = ROOT / "docs/script.schema.json"
SCHEMA = json.loads(SCHEMA_PATH.read_text())
VALIDATOR = Draft202012Validator(SCHEMA)
PROBE = "zz-probe"


def schema_accepts(script):
    return VALIDATOR.is_valid(script)


_tmp = tempfile.TemporaryDirectory(prefix="rangepipe-schema-")


def decoder(text):
    """(exit status, stderr) of `script check --no-series` on `text`."""
    path = pathlib.Path(_tmp.name) / "s.json"
    path.write_text(text)
    r = subprocess.run([BIN, "script", "check", str(path), "--no-series"], capture_output=True, text=True)
    return r.returncode, r.stderr


# --- the schema itself ------------------------------------------------------

def test_schema_is_valid_draft_2020_12():
    assert SCHEMA["$schema"] == "https://json-schema.org/draft/2020-12/schema"
    Draft202012Validator.check_schema(SCHEMA)


def test_command_prints_the_shipped_file():
    out = subprocess.run([BIN, "script", "schema"], capture_output=True, check=True).stdout
    assert out == SCHEMA_PATH.read_bytes(), "run Tests/Schema/embed-schema.sh after editing docs/script.schema.json"


# --- accepted scripts validate ---------------------------------------------

SAMPLES = sorted((ROOT / "samples/scripts").glob("*.json"))


@pytest.mark.parametrize("path", SAMPLES, ids=lambda p: p.name)
def test_sample_validates(path):
    status, err = decoder(path.read_text())
    assert status == 0, err
    errors = [f"{list(e.absolute_path)}: {e.message}" for e in VALIDATOR.iter_errors(json.loads(path.read_text()))]
    assert errors == []


def dumped(kind):
    d = pathlib.Path(DUMP) / kind
    return sorted(d.glob("*.json")) if d.is_dir() else []


def test_swift_test_scripts_were_collected():
    # The Swift suite decodes and writes well over a hundred distinct scripts.
    assert len(dumped("accepted")) >= 100, f"run the Swift tests with RANGEPIPE_SCRIPT_DUMP={DUMP} first (make test-schema does)"
    assert len(dumped("rejected")) >= 10


def test_every_accepted_swift_test_script_validates():
    failures = []
    for path in dumped("accepted"):
        script = json.loads(path.read_text())
        errors = [f"{list(e.absolute_path)}: {e.message[:200]}" for e in VALIDATOR.iter_errors(script)]
        if errors:
            failures.append((path.read_text()[:300], errors[:3]))
    assert failures == []


# Decoder messages for rules a JSON Schema cannot state (order, relations
# between values, totals); every other rejection must be the schema's too.
NOT_EXPRESSIBLE = [
    r"is not after",                    # path times strictly increasing
    r"the two pointers are at the same x",
    r"the two pointers are at the same point",  # pinch [dt, x1, y1, x2, y2]
    r"y\.(initial|bounds): min .* is not less than max",  # y value ranges a < b
    r"minSpan \(.*\) is larger than the bounds",         # y minSpan vs y bounds
    r"overlaps events\[",               # gestures overlapping in time
    r"minSpan is larger than maxSpan",
    r"million frames",                  # duration x fps
    r"\.fraction: .* is not less than",  # fraction window a < b
    # raw pointer samples as a sequence, and at + t within a day
    r"is before the previous sample's",
    r"is already down",
    r"is not down \(a (move|up) needs a down first\)",
    r"it stays in that area",
    r"a wheel sample while pointer",
    r"is still down at the end of the samples",
    r"samples\[\d+\]\.t: .* is out of range",
    # a zone name's file: whether tzdata has it is the machine's to say
    r"x\.zone: no zone",
    r"x\.zone: .* is not a TZif file",
    # dygraphs, echarts: a press or wheel event in main px outside 0..width x 0..height
    r"is outside the (plot area|grid)",
    # lightweight-charts: a press or wheel event outside its pane or time scale strip
    r"is outside its (main|x-axis) area",
    r"replays one mouse: pointer",      # pointers down at once, across events
    r"replays a mouse or a finger, not both",  # echarts: the presses' device, across events
    r"replays one finger, or two on the",  # echarts, dygraphs, lightweight-charts: a third finger, a finger off main
    r"a second finger on the pane pinches only",  # lightweight-charts: its timing and the first finger's moves
    r"two fingers' middle .* is off the grid",  # echarts: the middle of two fingers' places
    r"a finger down on the grid's edge",  # echarts: main's edge lines (from main's size)
    r"replays one mouse: a wheel while pointer",  # dygraphs: a wheel mid-drag, across events
    # dygraphs, echarts: a press or wheel on the overview off the chart (bounds from main's size)
    r"on the overview is off the chart",
]
JSON_SYNTAX = re.compile(r"^[^:]+:\d+:\d+: ")


def test_rejected_swift_test_scripts_with_expressible_reasons_are_invalid():
    failures = []
    checked = 0
    for path in dumped("rejected"):
        message = path.with_suffix(".err").read_text()
        if JSON_SYNTAX.match(message) or any(re.search(p, message) for p in NOT_EXPRESSIBLE):
            continue
        try:
            script = json.loads(path.read_text())
        except ValueError:
            continue
        checked += 1
        if schema_accepts(script):
            failures.append((path.read_text()[:300], message))
    assert failures == []
    assert checked >= 5


# --- hand-written cases: both sides agree ------------------------------------

def ev(**kw):
    return {"events": [kw]}


PAN = {"at": 0, "gesture": "pan", "path": [[0, 1], [0.5, 2]]}
DOWN = {"t": 0, "id": 1, "type": "down", "x": 10, "area": "main"}
MOVE = {"t": 0.1, "id": 1, "type": "move", "x": 20}
UP = {"t": 0.2, "id": 1, "type": "up", "x": 20}
WHEEL = {"t": 0, "type": "wheel", "x": 10, "deltaY": 100, "area": "main"}
ACCEPTED = {
    "empty": {"events": []},
    "echarts: the slider (overview) and the gap above it": {"profile": "echarts", "overview": {"width": 800, "height": 40}, "events": [
        {"at": 0, "input": "pointer", "samples": [{"t": 0, "type": "down", "id": 1, "x": 400, "y": 3, "area": "overview"},
                                                  {"t": 0.1, "type": "move", "id": 1, "x": 450, "y": 3},
                                                  {"t": 0.2, "type": "up", "id": 1, "x": 450, "y": 3}]},
        {"at": 1, "input": "pointer", "samples": [{"t": 0, "type": "wheel", "x": 5, "y": -49, "area": "overview", "deltaY": 3}]}]},
    "dygraphs: the range selector (overview) and a handle past its end": {"profile": "dygraphs", "overview": {"width": 800, "height": 40}, "events": [
        {"at": 0, "input": "pointer", "samples": [{"t": 0, "type": "down", "id": 1, "x": -4, "y": 20, "area": "overview"},
                                                  {"t": 0.1, "type": "move", "id": 1, "x": 30, "y": 20},
                                                  {"t": 0.2, "type": "up", "id": 1, "x": 30, "y": 20}]}]},
    "every top-level key": {"series": "s", "fps": 30, "duration": None, "field": "v", "overview": {"width": 100, "height": 10},
                            "main": {"width": 1}, "window": {}, "momentum": {}, "y": {}, "annotation": {}, "events": []},
    "window settings": {"window": {"initial": "all", "minSpan": None, "maxSpan": None, "bounds": "data", "elastic": True}, "events": []},
    "bounds as times": {"window": {"bounds": {"min": "2020-01-01", "max": 1e9}}, "events": []},
    "span forms": {"window": {"minSpan": 2.5, "maxSpan": {"fraction": 1}}, "events": []},
    "span points": {"window": {"minSpan": {"points": 2}, "maxSpan": {"points": 1e6}}, "events": []},
    "span durations": {"window": {"initial": {"last": "1.5h"}, "minSpan": "pt90s", "maxSpan": "P1DT12H"}, "events": []},
    "more durations": {"window": {"initial": {"first": " 2w "}, "minSpan": "90s", "maxSpan": "P1,5W"}, "events": []},
    "window forms": {"window": {"initial": {"fraction": [0, 1]}}, "events": [
        {"at": 0, "action": "set-window", "window": {"min": 1, "max": "5"}},
        {"at": 1, "action": "set-window", "window": {"last": {"points": 3}}, "animate": None},
        {"at": 2, "action": "set-window", "window": {"first": 4}, "animate": {"duration": 0.5}},
        {"at": 3, "action": "set-window", "window": "all", "animate": {"curve": [0, -1, 1, 2], "duration": 1}},
        {"at": 4, "action": "set-window", "window": "all", "animate": {"curve": "ease-out", "duration": 86400}}]},
    "presets": {"x": {"zone": "America/New_York"}, "window": {"initial": {"preset": "YTD"}}, "events": [
        {"at": 0, "action": "set-window", "window": {"preset": "1D"}},
        {"at": 1, "action": "set-window", "window": {"preset": "all"}, "animate": {"duration": 0.5}}]},
    "zone offset": {"x": {"zone": "-03:30"}, "events": []},
    "momentum": {"momentum": {"model": "ease-out", "deceleration": 0.999999, "duration": 60}, "events": []},
    "y": {"y": {"fit": "neighbours", "padding": 100, "includeZero": False}, "events": []},
    "annotation": {"annotation": {"source": "edge", "format": "%% %.17e %%"}, "events": []},
    "annotation %d": {"annotation": {"source": "last", "format": "n=%d"}, "events": []},
    "every gesture": {"events": [
        {"at": 0, "gesture": "drag-selection", "path": [[0, 1, 5], [0.1, 2]], "release": "stop"},
        {"at": 1, "gesture": "drag-handle", "handle": "min", "path": [[0, -1e9]]},
        {"at": 2, "gesture": "pan", "path": [[0, 1], [0.1, 1e9]], "release": "fling"},
        {"at": 3, "gesture": "pinch", "path": [[0, 1, 2]]},
        {"at": 4, "gesture": "double-tap-drag", "path": [[0, 1, 2], [1, 1, 3]], "scale": 100000},
        {"at": 6, "gesture": "wheel", "x": -100000, "path": [[0, -3], [0.5, 2.5]]}]},
    "raw pointer input": {"events": [
        {"at": 0, "input": "pointer", "samples": [
            {"t": 0, "id": 0, "type": "down", "x": 100, "area": "overview"},
            {"t": 0.1, "id": 0, "type": "move", "x": 120, "y": 3, "area": "overview"},
            {"t": 0.2, "id": 0, "type": "up", "x": 130}]},
        {"at": 1, "input": "pointer", "samples": [
            {"t": 0, "id": 1, "type": "down", "x": 300, "y": 50, "area": "main"},
            {"t": 0, "id": 2, "type": "down", "x": 500, "y": 50, "area": "main"},
            {"t": 0.2, "id": 1, "type": "move", "x": 250},
            {"t": 0.2, "id": 2, "type": "move", "x": 550},
            {"t": 0.3, "id": 1, "type": "up", "x": 250},
            {"t": 0.3, "id": 2, "type": "up", "x": 550, "area": "main"},
            {"t": 0.5, "type": "wheel", "x": 300, "y": 20, "deltaY": -100, "area": "main"},
            {"t": 0.6, "type": "wheel", "x": 300, "deltaY": 250.5, "area": "overview"}]}]},
    "actions": {"events": [{"at": 0, "action": "reset"},
                           {"at": 0, "action": "switch-field", "field": "w",
                            "spring": {"bounciness": 0, "speed": 20, "threshold": 1e12, "clampMin": None}},
                           {"at": 86400, "action": "switch-field", "field": "v", "spring": {"clampMin": -5}}]},
    "append": {"events": [{"at": 1, "action": "append", "rows": [[1, 2, None], ["2024-01-01", 3], {"x": "b", "v": None, "w": 2}]},
                          {"at": 2, "action": "append", "from": {"series": "B", "rows": 10000000}}]},
}

REJECTED = {
    "unknown top-level key": ({"events": [], "colour": "red"}, "colour: unknown key"),
    "no events": ({}, "events: missing"),
    "events not an array": ({"events": {}}, "events: expected an array"),
    "not an object": ([], "expected an object"),
    "fps as text": ({"fps": "60", "events": []}, "fps: expected a number"),
    "fps 0": ({"fps": 0, "events": []}, "fps: 0 is out of range"),
    "fps 1001": ({"fps": 1001, "events": []}, "fps: 1001 is out of range"),
    "duration 0": ({"duration": 0, "events": []}, "duration: 0 is out of range"),
    "series null": ({"series": None, "events": []}, "series: expected a string"),
    "width 0": ({"main": {"width": 0}, "events": []}, "main.width: 0 is out of range"),
    "height too big": ({"overview": {"height": 100001}, "events": []}, "overview.height: 100001 is out of range"),
    "chart key": ({"main": {"depth": 3}, "events": []}, "main.depth: unknown key"),
    "elastic as text": ({"window": {"elastic": "yes"}, "events": []}, "window.elastic: expected true or false"),
    "window key": ({"window": {"start": 1}, "events": []}, "window.start: unknown key"),
    "window name": ({"window": {"initial": "some"}, "events": []}, "window.initial: expected an object"),
    "min without max": ({"window": {"initial": {"min": 1}}, "events": []}, "\"min\" needs \"max\""),
    "fraction of three": ({"window": {"initial": {"fraction": [0, 0.5, 1]}}, "events": []}, "expected [a, b]"),
    "fraction above 1": ({"window": {"initial": {"fraction": [0, 1.5]}}, "events": []}, "1.5 is out of range"),
    "two window forms": ({"window": {"initial": {"last": 1, "first": 1}}, "events": []}, "window.initial.first: unknown key"),
    "window x as bool": ({"window": {"initial": {"min": True, "max": 1}}, "events": []}, "expected a number or a string"),
    "span 0": ({"window": {"minSpan": 0}, "events": []}, "a span must be positive"),
    "negative duration": ({"window": {"minSpan": "-1d"}, "events": []}, "is not a duration"),
    "zero duration": ({"window": {"minSpan": "0s"}, "events": []}, "is not a duration"),
    "duration words": ({"window": {"minSpan": "3 weeks"}, "events": []}, "is not a duration"),
    "months": ({"window": {"minSpan": "P1M"}, "events": []}, "is not a duration"),
    "bare number string": ({"window": {"minSpan": "5"}, "events": []}, "is not a duration"),
    "fractional points": ({"window": {"minSpan": {"points": 1.5}}, "events": []}, "expected a whole number of points"),
    "zero points": ({"window": {"minSpan": {"points": 0}}, "events": []}, "0 is out of range"),
    "zero fraction": ({"window": {"maxSpan": {"fraction": 0}}, "events": []}, "0 is out of range"),
    "two span forms": ({"window": {"maxSpan": {"points": 2, "fraction": 0.5}}, "events": []}, "window.maxSpan.fraction: unknown key"),
    "span object empty": ({"window": {"maxSpan": {}}, "events": []}, "expected {\"points\": k}"),
    "span as bool": ({"window": {"maxSpan": True}, "events": []}, "expected a span"),
    "bounds all": ({"window": {"bounds": "all"}, "events": []}, "window.bounds: expected an object"),
    "preset name": ({"window": {"initial": {"preset": "2M"}}, "events": []}, "window.initial.preset: \"2M\" is not one of"),
    "preset lower case": ({"window": {"initial": {"preset": "ytd"}}, "events": []}, "is not one of"),
    "preset and last": ({"window": {"initial": {"preset": "1M", "last": 1}}, "events": []}, "window.initial.preset: unknown key"),
    "zone as number": ({"x": {"zone": 2}, "events": []}, "x.zone: expected a string"),
    "zone path up": ({"x": {"zone": "Europe/../../etc/passwd"}, "events": []}, "x.zone: expected UTC, ±HH:MM or Area/City"),
    "zone path empty part": ({"x": {"zone": "Europe//Berlin"}, "events": []}, "x.zone: expected UTC, ±HH:MM or Area/City"),
    "x key": ({"x": {"base": 10}, "events": []}, "x.base: unknown key"),
    "x scale": ({"x": {"scale": "exp"}, "events": []}, "x.scale: \"exp\" is not one of"),
    "bounds half": ({"window": {"bounds": {"min": 1}}, "events": []}, "window.bounds: expected \"data\""),
    "bounds key": ({"window": {"bounds": {"min": 1, "max": 2, "step": 1}}, "events": []}, "window.bounds.step: unknown key"),
    "momentum model": ({"momentum": {"model": "spring"}, "events": []}, "is not one of"),
    "deceleration 1": ({"momentum": {"deceleration": 1}, "events": []}, "1 is out of range"),
    "momentum duration": ({"momentum": {"duration": 61}, "events": []}, "61 is out of range"),
    "fit": ({"y": {"fit": "tight"}, "events": []}, "y.fit: \"tight\" is not one of"),
    "padding": ({"y": {"padding": -1}, "events": []}, "y.padding: -1 is out of range"),
    "includeZero": ({"y": {"includeZero": 0}, "events": []}, "expected true or false"),
    "annotation source": ({"annotation": {"source": "first"}, "events": []}, "is not one of"),
    "format %s": ({"annotation": {"format": "%s"}, "events": []}, "unsupported conversion"),
    "format two": ({"annotation": {"format": "%.2f %d"}, "events": []}, "more than one conversion"),
    "format none": ({"annotation": {"format": "price"}, "events": []}, "has no conversion"),
    "format precision": ({"annotation": {"format": "%.18f"}, "events": []}, "precision of 0–17"),
    "format bare %": ({"annotation": {"format": "%.1f%"}, "events": []}, "bare %"),
    "%d with precision": ({"annotation": {"format": "%.1d"}, "events": []}, "%d takes no precision"),
    "event not an object": ({"events": [3]}, "events[0]: expected an object"),
    "missing at": ({"events": [{"gesture": "pan", "path": [[0, 1]]}]}, "events[0].at: missing"),
    "negative at": (ev(at=-1, gesture="pan", path=[[0, 1]]), "events[0].at: -1 is out of range"),
    "late at": (ev(at=86401, action="reset"), "events[0].at: 86401 is out of range"),
    "neither gesture nor action": (ev(at=0, path=[[0, 1]]), "an event needs"),
    "gesture and action": (ev(at=0, gesture="pan", action="reset", path=[[0, 1]]), "events[0].action: unknown key"),
    "unknown gesture": (ev(at=0, gesture="swipe", path=[[0, 1]]), "unknown gesture \"swipe\""),
    "unknown action": (ev(at=0, action="zoom"), "unknown action \"zoom\""),
    "gesture key": (ev(**dict(PAN, speed=2)), "events[0].speed: unknown key"),
    "release": (ev(**dict(PAN, release="bounce")), "is not \"stop\" or \"fling\""),
    "no path": (ev(at=0, gesture="pan"), "events[0].path: missing"),
    "empty path": (ev(at=0, gesture="pan", path=[]), "non-empty array"),
    "sample of one": (ev(at=0, gesture="pan", path=[[0]]), "expected [dt, x] or [dt, x, y]"),
    "sample of four": (ev(at=0, gesture="drag-selection", path=[[0, 1, 2, 3]]), "expected [dt, x] or [dt, x, y]"),
    "negative dt": (ev(at=0, gesture="pan", path=[[-0.1, 1]]), "is out of range"),
    "huge x": (ev(at=0, gesture="pan", path=[[0, 2e9]]), "is out of range"),
    "x as text": (ev(at=0, gesture="pan", path=[[0, "1"]]), "expected a number"),
    "no handle": (ev(at=0, gesture="drag-handle", path=[[0, 1]]), "events[0].handle: missing"),
    "handle name": (ev(at=0, gesture="drag-handle", handle="left", path=[[0, 1]]), "is not \"min\" or \"max\""),
    "handle release": (ev(at=0, gesture="drag-handle", handle="min", path=[[0, 1]], release="stop"), "events[0].release: unknown key"),
    "pinch of two": (ev(at=0, gesture="pinch", path=[[0, 1]]), "expected [dt, x1, x2] or [dt, x1, y1, x2, y2]"),
    "pinch release": (ev(at=0, gesture="pinch", path=[[0, 1, 2]], release="fling"), "unknown key"),
    "double-tap without y": (ev(at=0, gesture="double-tap-drag", path=[[0, 1]]), "expected [dt, x, y]"),
    "scale 0": (ev(at=0, gesture="double-tap-drag", path=[[0, 1, 2]], scale=0), "events[0].scale: 0 is out of range"),
    "wheel without x": (ev(at=0, gesture="wheel", path=[[0, 1]]), "events[0].x: missing"),
    "wheel x far": (ev(at=0, gesture="wheel", x=100001, path=[[0, 1]]), "events[0].x: 100001 is out of range"),
    "wheel sample of three": (ev(at=0, gesture="wheel", x=1, path=[[0, 1, 2]]), "expected [dt, x]"),
    "set-window without window": (ev(at=0, action="set-window"), "events[0].window: missing"),
    "animate without duration": (ev(at=0, action="set-window", window="all", animate={"curve": "linear"}), "animate.duration: missing"),
    "curve name": (ev(at=0, action="set-window", window="all", animate={"curve": "bounce", "duration": 1}), "is not linear"),
    "curve x1": (ev(at=0, action="set-window", window="all", animate={"curve": [2, 0, 1, 1], "duration": 1}), "x1 and x2 must be within"),
    "curve of three": (ev(at=0, action="set-window", window="all", animate={"curve": [0, 0, 1], "duration": 1}), "expected a curve name"),
    "animate key": (ev(at=0, action="set-window", window="all", animate={"duration": 1, "delay": 1}), "animate.delay: unknown key"),
    "reset key": (ev(at=0, action="reset", window="all"), "events[0].window: unknown key"),
    "switch-field without field": (ev(at=0, action="switch-field"), "events[0].field: missing"),
    "bounciness": (ev(at=0, action="switch-field", field="v", spring={"bounciness": 21}), "spring.bounciness: 21 is out of range"),
    "threshold 0": (ev(at=0, action="switch-field", field="v", spring={"threshold": 0}), "0 is out of range"),
    "input name": (ev(at=0, input="mouse", samples=[WHEEL]), "unknown input \"mouse\""),
    "no samples": (ev(at=0, input="pointer"), "events[0].samples: missing"),
    "empty samples": (ev(at=0, input="pointer", samples=[]), "non-empty array"),
    "input key": (ev(at=0, input="pointer", samples=[WHEEL], release="fling"), "events[0].release: unknown key"),
    "sample type": (ev(at=0, input="pointer", samples=[dict(WHEEL, type="hover")]), "samples[0].type: \"hover\" is not one of"),
    "sample without type": (ev(at=0, input="pointer", samples=[{"t": 0, "x": 1}]), "samples[0].type: missing"),
    "sample without t": (ev(at=0, input="pointer", samples=[{"type": "wheel", "x": 1, "deltaY": 1, "area": "main"}]), "samples[0].t: missing"),
    "sample without x": (ev(at=0, input="pointer", samples=[{"t": 0, "type": "wheel", "deltaY": 1, "area": "main"}]), "samples[0].x: missing"),
    "sample area": (ev(at=0, input="pointer", samples=[dict(WHEEL, area="side")]), "samples[0].area: \"side\" is not one of"),
    "down without area": (ev(at=0, input="pointer", samples=[{"t": 0, "id": 1, "type": "down", "x": 1}, UP]), "samples[0].area: missing"),
    "down without id": (ev(at=0, input="pointer", samples=[{"t": 0, "type": "down", "x": 1, "area": "main"}]), "samples[0].id: missing"),
    "fractional id": (ev(at=0, input="pointer", samples=[dict(DOWN, id=1.5), UP]), "samples[0].id: 1.5 is not an integer"),
    "negative id": (ev(at=0, input="pointer", samples=[dict(DOWN, id=-1), UP]), "samples[0].id: -1 is out of range"),
    "id on wheel": (ev(at=0, input="pointer", samples=[dict(WHEEL, id=1)]), "samples[0].id: unknown key"),
    "wheel without deltaY": (ev(at=0, input="pointer", samples=[{"t": 0, "type": "wheel", "x": 1, "area": "main"}]), "samples[0].deltaY: missing"),
    "wheel without area": (ev(at=0, input="pointer", samples=[{"t": 0, "type": "wheel", "x": 1, "deltaY": 1}]), "samples[0].area: missing"),
    "deltaY on move": (ev(at=0, input="pointer", samples=[DOWN, dict(MOVE, deltaY=1), UP]), "samples[1].deltaY: unknown key"),
    "sample x far": (ev(at=0, input="pointer", samples=[dict(WHEEL, x=100001)]), "samples[0].x: 100001 is out of range"),
    "negative t": (ev(at=0, input="pointer", samples=[dict(WHEEL, t=-1)]), "samples[0].t: -1 is out of range"),
    "sample as array": (ev(at=0, input="pointer", samples=[[0, 1]]), "samples[0]: expected an object"),
    "spring key": (ev(at=0, action="switch-field", field="v", spring={"mass": 1}), "spring.mass: unknown key"),
    "append nothing": (ev(at=0, action="append"), "rows: missing (append needs"),
    "append both": (ev(at=0, action="append", rows=[[1, 2]], **{"from": {"series": "B", "rows": 1}}), "give \"rows\" or \"from\", not both"),
    "append no rows": (ev(at=0, action="append", rows=[]), "rows: expected a non-empty array"),
    "append row without value": (ev(at=0, action="append", rows=[[1]]), "rows[0]: expected [x, value, …]"),
    "append row value text": (ev(at=0, action="append", rows=[[1, "2"]]), "rows[0][1]: expected a number"),
    "append object row without x": (ev(at=0, action="append", rows=[{"v": 1}]), "rows[0].x: missing"),
    "append object row x only": (ev(at=0, action="append", rows=[{"x": 1}]), "rows[0]: expected at least one field's value"),
    "append from 0 rows": (ev(at=0, action="append", **{"from": {"series": "B", "rows": 0}}), "from.rows: 0 is out of range"),
    "append from 1.5 rows": (ev(at=0, action="append", **{"from": {"series": "B", "rows": 1.5}}), "from.rows: 1.5 is not a whole number"),
    "append from a file": (ev(at=0, action="append", **{"from": {"file": "x.csv", "series": "B", "rows": 1}}), "from.file: files are not read"),
}


@pytest.mark.parametrize("name", sorted(ACCEPTED))
def test_accepted_by_both(name):
    script = ACCEPTED[name]
    status, err = decoder(json.dumps(script))
    assert status == 0, err
    assert [e.message for e in VALIDATOR.iter_errors(script)] == []


@pytest.mark.parametrize("name", sorted(REJECTED))
def test_rejected_by_both(name):
    script, message = REJECTED[name]
    status, err = decoder(json.dumps(script))
    assert status == 65, err
    assert message in err
    assert not schema_accepts(script)


# --- the key walk ------------------------------------------------------------
#
# Each probe is a script that the decoder accepts, with PROBE inserted in one
# object; the decoder then names the keys it accepts there. The schema side is
# the properties of the schema object (JSON pointer) that governs that place.

class at:
    """A script the decoder accepts, and the path of one object in it; `.probe`
    is a copy with PROBE added to that object."""

    def __init__(self, script, *path):
        self.clean = script
        self.probe = copy.deepcopy(script)
        o = self.probe
        for k in path:
            o = o[k]
        o[PROBE] = 1


def event_probe(event):
    return at({"events": [event]}, "events", 0)


def pointer(samples):
    return {"at": 0, "input": "pointer", "samples": samples}



PROBES = [
    ("top level", at({"events": []}), ""),
    ("overview", at({"overview": {}, "events": []}, "overview"), "/$defs/chartSize"),
    ("main", at({"main": {}, "events": []}, "main"), "/properties/main"),
    ("window", at({"window": {}, "events": []}, "window"), "/$defs/windowSettings"),
    ("window.bounds", at({"window": {"bounds": {"min": 0, "max": 1}}, "events": []}, "window", "bounds"),
     "/$defs/windowSettings/properties/bounds/oneOf/1"),
    ("window fraction", at({"window": {"initial": {"fraction": [0, 1]}}, "events": []}, "window", "initial"), "/$defs/windowSpec/oneOf/1"),
    ("window min/max", at({"window": {"initial": {"min": 0, "max": 1}}, "events": []}, "window", "initial"), "/$defs/windowSpec/oneOf/2"),
    ("window last", at({"window": {"initial": {"last": 1}}, "events": []}, "window", "initial"), "/$defs/windowSpec/oneOf/3"),
    ("window first", at({"window": {"initial": {"first": 1}}, "events": []}, "window", "initial"), "/$defs/windowSpec/oneOf/4"),
    ("window preset", at({"window": {"initial": {"preset": "3M"}}, "events": []}, "window", "initial"), "/$defs/windowSpec/oneOf/5"),
    ("x", at({"x": {}, "events": []}, "x"), "/$defs/xSettings"),
    ("span points", at({"window": {"minSpan": {"points": 2}}, "events": []}, "window", "minSpan"), "/$defs/span/oneOf/2"),
    ("span fraction", at({"window": {"maxSpan": {"fraction": 0.5}}, "events": []}, "window", "maxSpan"), "/$defs/span/oneOf/3"),
    ("momentum", at({"momentum": {}, "events": []}, "momentum"), "/$defs/momentum"),
    ("y", at({"y": {}, "events": []}, "y"), "/$defs/y"),
    ("y.initial", at({"y": {"fit": "manual", "initial": {"min": 0, "max": 1}}, "events": []}, "y", "initial"), "/$defs/valueRange"),
    ("annotation", at({"annotation": {}, "events": []}, "annotation"), "/$defs/annotation"),
    ("drag-selection", event_probe({"at": 0, "gesture": "drag-selection", "path": [[0, 1]]}), "/$defs/dragSelection"),
    ("drag-handle", event_probe({"at": 0, "gesture": "drag-handle", "handle": "max", "path": [[0, 1]]}), "/$defs/dragHandle"),
    ("pan", event_probe({"at": 0, "gesture": "pan", "path": [[0, 1]]}), "/$defs/pan"),
    ("pinch", event_probe({"at": 0, "gesture": "pinch", "path": [[0, 1, 2]]}), "/$defs/pinch"),
    ("double-tap-drag", event_probe({"at": 0, "gesture": "double-tap-drag", "path": [[0, 1, 2]]}), "/$defs/doubleTapDrag"),
    ("wheel", event_probe({"at": 0, "gesture": "wheel", "x": 1, "path": [[0, 1]]}), "/$defs/wheel"),
    ("wheel-pan", event_probe({"at": 0, "gesture": "wheel-pan", "x": 1, "path": [[0, 1]]}), "/$defs/wheelPan"),
    ("box-zoom", event_probe({"at": 0, "gesture": "box-zoom", "path": [[0, 1]]}), "/$defs/boxZoom"),
    ("double-click", event_probe({"at": 0, "gesture": "double-click"}), "/$defs/doubleClick"),
    ("drag-axis", event_probe({"at": 0, "gesture": "drag-axis", "path": [[0, 1]]}), "/$defs/dragAxis"),
    ("hover", event_probe({"at": 0, "gesture": "hover", "path": [[0, 1]]}), "/$defs/hover"),
    ("set-window", event_probe({"at": 0, "action": "set-window", "window": "all"}), "/$defs/setWindow"),
    ("set-window window", at({"events": [{"at": 0, "action": "set-window", "window": {"last": 1}}]}, "events", 0, "window"),
     "/$defs/windowSpec/oneOf/3"),
    ("animate", at({"events": [{"at": 0, "action": "set-window", "window": "all", "animate": {"duration": 1}}]},
                   "events", 0, "animate"), "/$defs/animate"),
    ("reset", event_probe({"at": 0, "action": "reset"}), "/$defs/reset"),
    ("switch-field", event_probe({"at": 0, "action": "switch-field", "field": "v"}), "/$defs/switchField"),
    ("spring", at({"events": [{"at": 0, "action": "switch-field", "field": "v", "spring": {}}]}, "events", 0, "spring"),
     "/$defs/spring"),
    ("append", event_probe({"at": 0, "action": "append", "rows": [[1, 2]]}), "/$defs/append"),
    ("append from", at({"events": [{"at": 0, "action": "append", "from": {"series": "B", "rows": 1}}]}, "events", 0, "from"),
     "/$defs/append/properties/from"),
    ("pointer input", event_probe(pointer([DOWN, UP])), "/$defs/pointerInput"),
    ("pointer down", at({"events": [pointer([DOWN, UP])]}, "events", 0, "samples", 0), "/$defs/pointerDown"),
    ("pointer move", at({"events": [pointer([DOWN, MOVE, UP])]}, "events", 0, "samples", 1), "/$defs/pointerMoveOrUp"),
    ("pointer up", at({"events": [pointer([DOWN, UP])]}, "events", 0, "samples", 1), "/$defs/pointerMoveOrUp"),
    ("wheel sample", at({"events": [pointer([WHEEL])]}, "events", 0, "samples", 0), "/$defs/wheelSample"),
]

ALLOWED = re.compile(re.escape(PROBE) + r": unknown key \(expected one of: ([^)]*)\)")


def resolve(pointer_text):
    node = SCHEMA
    for part in [p for p in pointer_text.split("/") if p]:
        node = node[int(part)] if isinstance(node, list) else node[part]
    while "$ref" in node and "properties" not in node:
        node = resolve(node["$ref"].lstrip("#"))
    return node


def decoder_keys(script):
    status, err = decoder(json.dumps(script))
    m = ALLOWED.search(err)
    assert status == 65 and m, f"the probe did not reach an unknown-key error: {err}"
    return set(m.group(1).split(", "))


@pytest.mark.parametrize("name,script,where", PROBES, ids=[p[0] for p in PROBES])
def test_key_walk(name, script, where):
    node = resolve(where)
    assert node.get("additionalProperties") is False
    assert decoder_keys(script.probe) == set(node["properties"])
    # Without the probe both sides accept the script; with it, neither.
    status, err = decoder(json.dumps(script.clean))
    assert status == 0, err
    assert schema_accepts(script.clean), [e.message for e in VALIDATOR.iter_errors(script.clean)]
    assert not schema_accepts(script.probe)


def closed_objects(node, where=""):
    """JSON pointers of every schema object that lists its keys."""
    found = []
    if isinstance(node, dict):
        if node.get("additionalProperties") is False:
            found.append(where)
        for k, v in node.items():
            found += closed_objects(v, f"{where}/{k}")
    elif isinstance(node, list):
        for k, v in enumerate(node):
            found += closed_objects(v, f"{where}/{k}")
    return found


def test_key_walk_covers_every_schema_object():
    assert sorted(set(closed_objects(SCHEMA))) == sorted({p[2] for p in PROBES})


def decoder_key_lists():
    """Every key list the decoder's sources pass to ObjectReader.finish."""
    lists = []
    for path in sorted((ROOT / "Sources/RangePipeKit/Simulation").rglob("ScriptDecoder*.swift")):
        text = path.read_text()
        for arg in re.findall(r"(?<!func )finish\(allowed:\s*([^)]*)\)", text):
            arg = arg.strip()
            if not arg.startswith("["):
                m = re.search(r"let " + re.escape(arg) + r"\s*(?::[^=]*)?=\s*(\[[^\]]*\])", text)
                if not m:
                    m = next(filter(None, (re.search(r"let " + re.escape(arg) + r"\s*(?::[^=]*)?=\s*(\[[^\]]*\])", p.read_text())
                                           for p in (ROOT / "Sources/RangePipeKit").rglob("*.swift"))), None)
                assert m, f"{path.name}: cannot read the key list {arg}"
                arg = m.group(1)
            lists.append(frozenset(re.findall(r'"([^"]*)"', arg)))
    return lists


def test_key_walk_covers_every_decoder_location():
    lists = decoder_key_lists()
    assert len(lists) >= 20
    walked = {frozenset(decoder_keys(script.probe)) for _, script, _ in PROBES}
    missing = [sorted(keys) for keys in set(lists) - walked]
    assert missing == [], "decoder key lists no probe reaches"
