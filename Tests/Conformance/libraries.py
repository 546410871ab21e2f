"""The chart libraries the recorder knows, one line each. A library is a
folder here: `library.py` (its page, how the recorder reads its x range,
its package versions) and `ground-truth.json.gz` (what the real library did
with every recorded session). Adding one is its folder and its line below.
"""
import gzip
import importlib.util
import json
from pathlib import Path

HERE = Path(__file__).resolve().parent

NAMES = [
    "plotly",
    "bokeh",
    "uplot",
    "dygraphs",
    "lightweight-charts",
    "echarts",
]

_loaded = {}


def get(name):
    """The library's module, loaded from its folder (under a name of its own,
    so that the folder never shadows the library's PyPI package)."""
    if name not in _loaded:
        spec = importlib.util.spec_from_file_location(f"conformance_{name}", HERE / name / "library.py")
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
        _loaded[name] = module
    return _loaded[name]


def all_libraries():
    return [get(n) for n in NAMES]


def ground_truth_path(name):
    return HERE / name / "ground-truth.json.gz"


def load_ground_truth(path=None):
    """One ground-truth document: the file at `path`, or every library's
    file merged (their sessions in library order, their versions together)."""
    paths = [Path(path)] if path else [ground_truth_path(n) for n in NAMES]
    merged = None
    for p in paths:
        with gzip.open(p, "rb") as f:
            doc = json.loads(f.read())
        if merged is None:
            merged = doc
        else:
            merged["versions"].update(doc["versions"])
            merged["sessions"].extend(doc["sessions"])
    return merged


def write_ground_truth(doc, path=None):
    """Writes `doc` to `path`, or each library's sessions to its own file
    (with the shared fields, and that library's versions beside the
    browser's). gzip's mtime is 0: the same recording gives the same bytes."""
    if path:
        targets = {Path(path): doc}
    else:
        targets = {}
        for name in NAMES:
            own = set(get(name).VERSION_KEYS)
            part = dict(doc)
            part["versions"] = {k: v for k, v in doc["versions"].items() if k in own or k in ("chromium", "playwright")}
            part["sessions"] = [s for s in doc["sessions"] if s["library"] == name]
            if not part["sessions"]:
                continue  # a record of other libraries (--only) leaves this file alone
            targets[ground_truth_path(name)] = part
    written = []
    for p, d in targets.items():
        data = json.dumps(d, separators=(",", ":")).encode()
        with gzip.GzipFile(p, "wb", mtime=0) as f:
            f.write(data)
        written.append((p, len(d["sessions"]), len(data)))
    return written
