#!/usr/bin/env python3
"""Fills (or checks) the counted part of each label: its `expect` block.

The hand-made part of a label says what the file IS: the x column(s), axis,
time format, series column, how the file is laid out (`parse`: preamble
lines, header, R row names, transposed). This script reads each fetched file
with those decisions (corpus_lib.read_table / x_values, not rangepipe) and
counts: rows, rows with a valid x, points (distinct x per series), the
series names and the x range, for x and for each `also_right` reading.

    python3 Tests/Corpus/count_labels.py          # check: exit 1 if a count differs
    python3 Tests/Corpus/count_labels.py --write  # rewrite labels.json's expect blocks
"""

import argparse
import json
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import corpus_lib as lib  # noqa: E402


def main(argv=None):
    ap = argparse.ArgumentParser()
    ap.add_argument("--write", action="store_true")
    ap.add_argument("--labels", default=lib.LABELS)
    args = ap.parse_args(argv)
    labels = lib.load_labels(args.labels)
    bad = 0
    for entry in labels["files"]:
        path = lib.file_path(entry)
        if not os.path.exists(path):
            sys.exit("count_labels: %s missing: run .ci/install-corpus.sh" % path)
        if lib.sha256_file(path) != entry["sha256"]:
            sys.exit("count_labels: %s: sha256 differs from the label" % path)
        exp = lib.expected(entry, path)
        if entry.get("expect") != exp:
            if not args.write:
                print("count_labels: %s: expect %s, counted %s" % (entry["id"], entry.get("expect"), exp))
            bad += 1
            entry["expect"] = exp
    if args.write:
        with open(args.labels, "w", encoding="utf-8") as f:
            json.dump(labels, f, indent=1, ensure_ascii=False)
            f.write("\n")
        print("count_labels: %d labels, %d updated" % (len(labels["files"]), bad))
        return 0
    print("count_labels: %d labels, %d differ" % (len(labels["files"]), bad))
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
