"""numpy doing rangepipe's per-frame job: window bounds by searchsorted,
y-range by slice min/max, the last visible value. Windows cover about half
the data, as in rangepipe-bench's pan/pinch script. Prints one JSON line."""
import json
import resource
import sys
import time

import numpy as np

n = int(sys.argv[1])
frames = int(sys.argv[2]) if len(sys.argv) > 2 else 300
runs = int(sys.argv[3]) if len(sys.argv) > 3 else 3
rng = np.random.default_rng(42)
x = np.arange(n, dtype=np.float64)
y = np.cumsum(rng.random(n) - 0.5) + 1000.0

def cpu_now():
    r = resource.getrusage(resource.RUSAGE_SELF)
    return r.ru_utime + r.ru_stime

def run():
    sink = 0.0
    cpu0, start = cpu_now(), time.perf_counter()
    for k in range(frames):
        a = n * 0.25 + (k % 200) * n * 0.0005
        b = a + n * (0.5 - (k % 50) * 0.002)
        i0 = np.searchsorted(x, a, "left")
        i1 = np.searchsorted(x, b, "right")
        seg = y[i0:i1]
        sink += seg.min() + seg.max() + y[i1 - 1]
    return time.perf_counter() - start, cpu_now() - cpu0, sink

samples = [run() for _ in range(runs)]
median = sorted(s[0] for s in samples)[runs // 2]
cpu = sorted(s[1] for s in samples)[runs // 2]
print(json.dumps({"bench": "frames-numpy", "points": n, "frames": frames, "seconds": median, "cpu_s": cpu,
                  "ns_per_frame": median / frames * 1e9, "cpu_ns_per_frame": cpu / frames * 1e9,
                  "frames_per_s": frames / median,
                  "numpy": np.__version__}))
