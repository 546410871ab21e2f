"""The `render` rows of `make bench` (issue 31): frames per second of
`rangepipe render` to MP4 at 1280×720 and 1920×1080 with --jobs 1 and 2,
end to end (store read, play, drawing, ffmpeg), against the peer a user
has today: headless Chromium screenshotting `rangepipe player`'s chart at
every frame (Benchmarks/peers/player_screenshots.py, through the repo's
.venv with Playwright; skipped with a note where that is not installed).

Where the time goes, at 720p with one drawing thread, each with a
stand-in ffmpeg on PATH that reads and discards what render sends:
- drawing: `render` to GIF (the frames go out as drawn, 4 bytes a pixel);
- drawing + conversion: `render` to MP4 (each frame converted to yuv420p
  on the drawing thread, 1.5 bytes a pixel);
- encoding: the real ffmpeg alone on the yuv420p frames render sent,
  with render's H.264 settings.

Each figure is the median of RUNS runs taken in turn (rangepipe, peer,
rangepipe, peer, ...); CPU is user + sys of the whole process tree
(ffmpeg is rangepipe's child, Chromium Playwright's).
"""
import json
import os
import stat
import subprocess
from pathlib import Path

from benchlib import measure, summary

SCRIPT = "stocks-tour"


def run(out, root, rangepipe, runs, table):
    work = out / "render"
    work.mkdir(parents=True, exist_ok=True)
    store = work / "demo.sqlite"
    for suffix in ["", "-wal", "-shm"]:
        Path(f"{store}{suffix}").unlink(missing_ok=True)
    samples = root / "samples"
    for args in [["stocks-monthly.csv", "--series-column", "symbol", "--x", "date"], ["seattle-weather.csv"], ["quarterly-sales.csv"]]:
        subprocess.run([rangepipe, "ingest", samples / args[0], *args[1:], "--store", store, "--quiet"], check=True, capture_output=True)
    script = samples / "scripts" / f"{SCRIPT}.json"
    frames = len(subprocess.run([rangepipe, "play", script, "--store", store, "--tracks", "range"], check=True,
                                capture_output=True, text=True).stdout.splitlines())
    results = {"script": SCRIPT, "frames": frames, "rows": []}

    page = work / f"{SCRIPT}.html"
    subprocess.run([rangepipe, "player", script, "--store", store, "-o", page], check=True, capture_output=True)
    venv = root / ".venv/bin/python"
    peer_ok = venv.exists() and subprocess.run([venv, "-c", "import playwright"], capture_output=True).returncode == 0

    def render(size, jobs, extra_env=None, target=None):
        return measure([rangepipe, "render", script, "--store", store, "-o", target or work / "out.mp4",
                        "--size", size, "--jobs", str(jobs), "--quiet"], env=extra_env)

    def peer(size):
        return measure([venv, root / "Benchmarks/peers/player_screenshots.py", page, work / "shots", size])

    def fps(m):
        return {**m, "frames_per_s": frames / m["wall_s"]}

    for size in ["1280x720", "1920x1080"]:
        ours = {1: [], 2: []}
        theirs = []
        for _ in range(runs):
            ours[1].append(fps(render(size, 1)))
            if peer_ok:
                theirs.append(fps(peer(size)))
            ours[2].append(fps(render(size, 2)))
        peer_summary = summary(theirs, keys=("wall_s", "cpu_s", "frames_per_s")) if theirs else None
        for jobs in (1, 2):
            mine = summary(ours[jobs], keys=("wall_s", "cpu_s", "frames_per_s"))
            note = f"{mine['frames_per_s']:.0f} frames/s" + (f" vs {peer_summary['frames_per_s']:.1f}" if peer_summary else "")
            table.add(f"render/{size}/jobs{jobs}", f"render {SCRIPT} ({frames} frames) to MP4 at {size}, --jobs {jobs}", mine,
                      "Chromium screenshots of player (1 page)" if peer_summary else "", peer_summary, note=note)
            results["rows"].append({"size": size, "jobs": jobs, "rangepipe": mine, "chromium": peer_summary})
        if not peer_ok:
            print("render: no .venv with playwright (make test-browser installs it): the Chromium peer was not run")

    # Where the time goes at 720p, one drawing thread.
    raw = work / "frames.yuv"
    bin_dir = work / "bin"
    discard, keep = bin_dir / "discard" / "ffmpeg", bin_dir / "keep" / "ffmpeg"
    for tool, body in [(discard, "exec cat > /dev/null"), (keep, f"exec cat > '{raw}'")]:
        tool.parent.mkdir(parents=True, exist_ok=True)
        tool.write_text(f"#!/bin/sh\n{body}\n")
        tool.chmod(tool.stat().st_mode | stat.S_IXUSR)
    path = os.environ.get("PATH", "")
    render("1280x720", 1, {"PATH": f"{keep.parent}:{path}"})
    encode = ["ffmpeg", "-hide_banner", "-nostdin", "-loglevel", "error", "-f", "rawvideo", "-pix_fmt", "yuv420p",
              "-video_size", "1280x720", "-framerate", "30", "-i", raw, "-c:v", "libx264", "-preset", "ultrafast", "-crf", "18",
              "-colorspace", "bt709", "-color_primaries", "bt709", "-color_trc", "bt709", "-color_range", "tv",
              "-threads", "4", "-movflags", "+faststart", "-y", work / "encode-only.mp4"]
    parts = {"draw": [], "convert": [], "encode": []}
    for _ in range(runs):
        parts["draw"].append(render("1280x720", 1, {"PATH": f"{discard.parent}:{path}"}, target=work / "out.gif"))
        parts["convert"].append(render("1280x720", 1, {"PATH": f"{discard.parent}:{path}"}))
        parts["encode"].append(measure(encode))
    raw.unlink(missing_ok=True)
    labels = {"draw": "drawing (play + cairo; frames discarded as drawn)",
              "convert": "drawing + yuv420p conversion (frames discarded)",
              "encode": "H.264 alone (ffmpeg on render's yuv420p frames, render's settings)"}
    for name, samples in parts.items():
        m = summary(samples)
        table.add(f"render/split/{name}", f"render 720p split: {labels[name]}", m, note=f"{frames / m['wall_s']:.0f} frames/s")
        results[f"split_{name}"] = m
    return results
