#!/usr/bin/env python3
"""Browser ground truth for rangepipe's interaction profiles (SPEC 4.10).

    .venv/bin/python Tests/Conformance/record.py                 # record everything -> LIBRARY/ground-truth.json.gz
    .venv/bin/python Tests/Conformance/record.py --live 40       # re-record 40 stored sessions, compare exactly
    .venv/bin/python Tests/Conformance/record.py --live 40 --seed 7   # the same sample again

Record: seeded random sessions per library and drag mode (plus touch
sessions and hand-picked edge cases) are played on real Plotly.js and BokehJS
pages in Debian's chromium, and the library's x range after every raw input
sample is written to the ground-truth file. See README.md in this folder.

Live: picks N sessions from the file at random (evenly over library x drag
mode x pointer; --seed to repeat a pick, else a fresh seed that is printed),
plays their stored samples again and compares every reading exactly. Exit 1
naming session, sample and both ranges on the first difference of each
session; exit 2 if the installed library versions are not the file's.
"""
import argparse
import json
import random
import sys
import tempfile
import time
from collections import defaultdict
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

import driver  # noqa: E402
import libraries  # noqa: E402
import pages  # noqa: E402
import sessions  # noqa: E402

FORMAT = 1


def library_version(lib, versions):
    return libraries.get(lib).version_label(versions)


def play(browser, folder, setup, name, steps=None, samples=None):
    """Plays a session: `steps(cursor, view)` generates samples live, or the
    stored `samples` are replayed. Returns the session's recorded part."""
    sp = driver.SessionPage(browser, folder, setup, name)
    try:
        played = []

        def emit(s):
            played.append(s)
            sp.dispatch(s)

        if samples is None:
            cur = sessions.Cursor(emit)
            steps(cur, lambda: sp.view(cur.t))
        else:
            for s in samples:
                emit(s)
        sp.finish()
        geometry = {"boxes": sp.boxes0, "positions": sp.positions, "max_deviation_px": sp.max_deviation}
        return {"geometry": geometry, "initial": sp.initial, "samples": played, "after": sp.records}
    finally:
        sp.close()


def plan(seed, per_mode, touch_per_lib, edges=True):
    """Every session to record: (id, group, name, setup, steps)."""
    out = []
    for lib in libraries.NAMES:
        # A library.py may name the drag modes and pointers it records
        # (MODES, POINTERS); plotly's and bokeh's are both of each.
        modes = tuple(getattr(libraries.get(lib), "MODES", ("zoom", "pan")))
        pointers = tuple(getattr(libraries.get(lib), "POINTERS", ("mouse", "touch")))
        for drag in modes:
            for i in range(per_mode if "mouse" in pointers else 0):
                rng = sessions.session_rng(seed, lib, drag, "mouse", i)
                setup = sessions.make_setup(rng, lib, drag, "mouse")
                out.append((f"{lib}-{drag}-mouse-{i:03d}", "random", None, setup,
                            lambda cur, view, rng=rng, setup=setup: sessions.random_session(rng, setup, cur, view)))
        for i in range(touch_per_lib if "touch" in pointers else 0):
            drag = modes[i % len(modes)]
            rng = sessions.session_rng(seed, lib, drag, "touch", i)
            setup = sessions.make_setup(rng, lib, drag, "touch")
            out.append((f"{lib}-{drag}-touch-{i:03d}", "random", None, setup,
                        lambda cur, view, rng=rng, setup=setup: sessions.random_session(rng, setup, cur, view)))
    if edges:
        counter = defaultdict(int)
        for name, lib, drag, over, fn in sessions.edge_cases():
            setup = sessions.edge_setup(lib, drag, over)
            k = counter[(lib, drag)]
            counter[(lib, drag)] += 1
            out.append((f"{lib}-{drag}-edge-{k:02d}", "edge", name, setup,
                        lambda cur, view, fn=fn, setup=setup: fn(cur, setup, view)))
    return out


def record(args):
    versions = pages.versions()
    todo = plan(args.seed, args.per_mode, args.touch, edges=not args.no_edges)
    if args.only:
        todo = [t for t in todo if t[0].startswith(args.only)]
    if args.limit:
        todo = todo[: args.limit]
    out = []
    started = time.time()
    stats = defaultdict(lambda: [0, 0, 0.0])
    geo = {"tolerance_px": driver.GEOMETRY_TOLERANCE, "checks": 0, "max_deviation_px": 0.0, "sessions_where_an_area_moved": []}
    with driver.browser() as browser, tempfile.TemporaryDirectory(prefix="conformance-") as folder:
        chromium = browser.version
        b = driver.Tabs(browser)
        for n, (sid, group, name, setup, steps) in enumerate(todo):
            t = time.time()
            rec = play(b, Path(folder), setup, sid, steps=steps)
            lib = setup["library"]
            session = {
                "id": sid, "group": group, "library": lib, "version": library_version(lib, versions),
                "drag": setup["drag"], "pointer": setup["pointer"],
            }
            if name:
                session["name"] = name
            session["setup"] = setup
            session["script"] = sessions.script_for(setup, rec["samples"])
            session.update(rec)
            out.append(session)
            geo["max_deviation_px"] = max(geo["max_deviation_px"], rec["geometry"]["max_deviation_px"])
            geo["checks"] += 1 + sum(1 for s in rec["samples"] if s["type"] in ("down", "wheel"))
            if any(len(p) > 1 for p in rec["geometry"]["positions"].values()):
                geo["sessions_where_an_area_moved"].append(sid)
            key = (lib, setup["drag"], setup["pointer"], group)
            stats[key][0] += 1
            stats[key][1] += len(rec["samples"])
            stats[key][2] += time.time() - t
            if (n + 1) % 25 == 0 or n + 1 == len(todo):
                print(f"{n + 1}/{len(todo)} sessions, {time.time() - started:.0f} s", flush=True)
    elapsed = time.time() - started
    doc = {
        "format": FORMAT,
        "about": "What Plotly.js and BokehJS did with each session's raw input, recorded in headless chromium by "
                 "Tests/Conformance/record.py. Never rangepipe's output. See Tests/Conformance/README.md.",
        "versions": dict(versions, chromium=chromium, playwright=playwright_version()),
        "seed": args.seed,
        "timing": {"warmup_ms": driver.WARMUP_MS, "settle_ms": driver.SETTLE_MS, "session_grid_ms": driver.SESSION_GRID_MS},
        "series": {k: {"file": v["file"], "input_args": v["input_args"], "axis": v["axis"]} for k, v in pages.SERIES.items()},
        "geometry_check": geo,
        "sessions": out,
    }
    for path, count, size in libraries.write_ground_truth(doc, args.out):
        print(f"wrote {path}: {count} sessions, {size / 1e6:.1f} MB json, {path.stat().st_size / 1e6:.2f} MB gz")
    print(f"{len(out)} sessions, {sum(len(s['samples']) for s in out)} samples, {elapsed:.0f} s")
    print(f"geometry: {geo['checks']} checks, largest deviation {geo['max_deviation_px']} px, "
          f"an area moved in {len(geo['sessions_where_an_area_moved'])} sessions")
    for key in sorted(stats):
        c, smp, sec = stats[key]
        print(f"  {'/'.join(key)}: {c} sessions, {smp} samples, {sec:.0f} s")


def playwright_version():
    from importlib.metadata import version
    return version("playwright")


def pick(sessions_, n, rng):
    """n sessions, spread evenly over (library, drag, pointer) strata."""
    strata = defaultdict(list)
    for s in sessions_:
        strata[(s["library"], s["drag"], s["pointer"])].append(s)
    for v in strata.values():
        rng.shuffle(v)
    keys = sorted(strata)
    chosen = []
    i = 0
    while len(chosen) < min(n, len(sessions_)):
        k = keys[i % len(keys)]
        if strata[k]:
            chosen.append(strata[k].pop())
        i += 1
    return chosen


def fmt(reading):
    return json.dumps(reading, separators=(",", ":"))


def live(args):
    doc = libraries.load_ground_truth(args.file)
    versions = pages.versions()
    # The versions the file recorded (one library's file holds its own and
    # the browser's), each against what is installed.
    for k in sorted(set(versions) & set(doc["versions"])):
        if doc["versions"][k] != versions[k]:
            print(f"live check: installed {k} {versions[k]} is not the ground truth's {doc['versions'][k]} "
                  f"(run bash .ci/install-conformance.sh, or re-record)", file=sys.stderr)
            return 2
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(1 << 30)
    chosen = pick(doc["sessions"], args.live, random.Random(seed))
    print(f"live check: {len(chosen)} sessions (--seed {seed})", flush=True)
    started = time.time()
    failures = 0
    per_lib = defaultdict(lambda: [0, 0.0])
    with driver.browser() as browser, tempfile.TemporaryDirectory(prefix="conformance-") as folder:
        b = driver.Tabs(browser)
        for s in chosen:
            t = time.time()
            got = play(b, Path(folder), s["setup"], s["id"], samples=s["samples"])
            per_lib[s["library"]][0] += 1
            per_lib[s["library"]][1] += time.time() - t
            problem = None
            if got["initial"] != s["initial"]:
                problem = f"initial range: file {fmt(s['initial'])}, browser {fmt(got['initial'])}"
            else:
                for i, (want, have) in enumerate(zip(s["after"], got["after"])):
                    if want != have:
                        problem = (f"sample {i} {fmt(s['samples'][i])}: file {fmt(want)}, browser {fmt(have)}")
                        break
                else:
                    if len(s["after"]) != len(got["after"]):
                        problem = f"{len(got['after'])} readings, file has {len(s['after'])}"
            if problem:
                failures += 1
                print(f"MISMATCH {s['id']} ({s['library']} {s['drag']} {s['pointer']}): {problem}", flush=True)
    elapsed = time.time() - started
    for lib, (c, sec) in sorted(per_lib.items()):
        print(f"  {lib}: {c} sessions, {sec:.1f} s")
    print(f"live check: {len(chosen) - failures} passed, {failures} failed ({elapsed:.1f} s)")
    return 1 if failures else 0


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--live", type=int, metavar="N", help="re-record N stored sessions and compare them with the file")
    ap.add_argument("--seed", type=int, default=None, help="record: the generator's seed (default 4100); live: the pick's seed")
    ap.add_argument("--file", "--out", dest="file", default=None,
                    help="one ground-truth file for every library (default: each library's LIBRARY/ground-truth.json.gz)")
    ap.add_argument("--per-mode", type=int, default=200, help="record: random mouse sessions per library and drag mode")
    ap.add_argument("--touch", type=int, default=40, help="record: random touch sessions per library")
    ap.add_argument("--no-edges", action="store_true", help="record: leave out the hand-picked edge cases")
    ap.add_argument("--only", help="record: only sessions whose id starts with this (for trying things out)")
    ap.add_argument("--limit", type=int, help="record: at most this many sessions (for trying things out)")
    args = ap.parse_args(argv)
    if args.live is not None:
        return live(args)
    if args.seed is None:
        args.seed = 4100
    args.out = args.file
    record(args)
    return 0


if __name__ == "__main__":
    sys.exit(main())
