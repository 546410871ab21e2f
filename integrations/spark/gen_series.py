"""Seeded long-format data for the Spark tests and bench: many short series,
rows interleaved across the file, names that sort differently by bytes than
by other rules, a repeated x (the later row wins, so input order within a
series matters), a text column, and a value column whose first values are
missing (so which columns are fields is decided far into the file).

    python gen_series.py SERIES OUT.csv [OUT.ndjson] [--bad NAME]
"""

import json
import random
import sys

SCRIPT = {
    "fps": 10,
    "duration": 0.6,
    "field": "v",
    "window": {"initial": {"fraction": [0.25, 0.75]}},
    "y": {"fit": "edges", "padding": 0.1},
    "annotation": {"source": "last-visible", "format": "%.2f"},
    "events": [{"at": 0.1, "gesture": "drag-selection", "path": [[0, 300], [0.3, 220]]}],
}

SPECIAL = ["Zeta", "alpha", "S0001", "_under", "a b", "comma,name", 'quote"name', "\u00e9t\u00e9",
           "\u00df", "\u65e5\u672c", "s9", "s10", "~tilde", "A"]


def names(count):
    out = SPECIAL[:min(len(SPECIAL), count // 10)]
    k = 0
    while len(out) < count:
        out.append("s%04d" % k)
        k += 1
    return out


def rows(count, seed=12, bad=None):
    """(series, t, v, note, w) text rows, interleaved."""
    rng = random.Random(seed)
    per_series = []
    for name in names(count):
        n = 1 if name == bad else rng.randint(3, 9)
        xs = list(range(n))
        rng.shuffle(xs)
        series = []
        for x in xs:
            v = "NA" if rng.random() < 0.1 else "%.2f" % rng.uniform(-50, 150)
            series.append([name, "2024-01-%02dT%02d:00:00Z" % (1 + x // 24, x % 24), v])
        if n > 2 and rng.random() < 0.2:
            again = list(series[0])
            again[2] = "%.2f" % rng.uniform(-50, 150)  # same x, later row: this value wins
            series.append(again)
        per_series.append(series)
    flat = []
    while any(per_series):
        pick = rng.randrange(len(per_series))
        if per_series[pick]:
            flat.append(per_series[pick].pop(0))
        else:
            per_series[pick] = per_series[-1]
            per_series.pop()
    total = len(flat)
    for i, row in enumerate(flat):
        note = "calm" if i == 0 else ("%d" % i if rng.random() < 0.5 else "")
        w = "" if i < total * 2 // 3 else "%.1f" % rng.uniform(0, 9)
        row += [note, w]
    return flat


def write_csv(path, table):
    import csv
    with open(path, "w", newline="", encoding="utf-8") as f:
        out = csv.writer(f, lineterminator="\n")
        out.writerow(["s", "t", "v", "note", "w"])
        out.writerows(table)


def write_ndjson(path, table, array=False):
    """Numbers as JSON numbers (some as strings), missing as null or absent;
    a later line orders its keys differently."""
    lines = []
    for i, (s, t, v, note, w) in enumerate(table):
        obj = {"s": s, "t": t}
        obj["v"] = None if v == "NA" else (v if i % 7 == 3 else json.loads(v))
        obj["note"] = note
        if w:
            obj["w"] = float(w)
            if i % 5 == 0:
                obj = {"w": obj.pop("w"), **obj}
        lines.append(json.dumps(obj, ensure_ascii=False))
    with open(path, "w", encoding="utf-8") as f:
        if array:
            f.write("[\n" + ",\n".join(lines) + "\n]\n")
        else:
            f.write("\n".join(lines) + "\n")


def write_script(path):
    with open(path, "w", encoding="utf-8") as f:
        json.dump(SCRIPT, f)


if __name__ == "__main__":
    argv = sys.argv[1:]
    bad = None
    if "--bad" in argv:
        i = argv.index("--bad")
        bad = argv[i + 1]
        del argv[i:i + 2]
    table = rows(int(argv[0]), bad=bad)
    write_csv(argv[1], table)
    if len(argv) > 2:
        write_ndjson(argv[2], table)
