"""Hostile Arrow IPC inputs against the rangepipe binary (a subprocess).

    RANGEPIPE_BIN=/work/arrow-bin/rangepipe .venv/bin/python -m pytest -q Tests/Arrow/test_arrow_hostile.py

Every case (hostile_cases.py builds them from pyarrow-written inputs,
mutated through the IPC/flatbuffer layout) is ingested into a copy of a store
pre-created from a small CSV, and must end:
  - within 20 s, not by a signal, with no "Fatal error"/backtrace text;
  - exit 0 only if the input is valid (pyarrow reads and fully validates it,
    or it was built valid); otherwise exit 65 with exactly one line on stderr
    that names the file as given on the command line (after rangepipe's usual
    `rangepipe: error: ` prefix) and, for a damaged stream, `byte N` with N
    within the input's size (the decompressed size for gzip);
  - under `ulimit -v 1 GiB` (the memlimit cases), exit 71 (out of memory,
    docs/reliability.md) is a clean error too;
  - after any failed run the store file byte-identical, its -wal empty or
    absent, no -journal and no other file left beside it;
  - a damaged input's run (not under a memory limit) peaking under 1 GiB of
    RSS. (A child's ru_maxrss starts at this process's own peak, which the
    generators keep near 250 MB, so 1 GiB means the child itself grew.)
Every run also has RLIMIT_DATA 4 GiB, a guard for the shared machine: past
it an allocation fails, which rangepipe reports as exit 71.

Cases that name their format do so with ingest's `--format arrow` (which
`ingest --help` must list). Running and judging a case is hostile_runner.py;
results are per class (test_hostile[CLASS]); a failing class lists, per family of
cases, each kind of failure with its first offending case and offset.

Environment: RANGEPIPE_BIN (default /work/arrow-bin/rangepipe),
ARROW_HOSTILE_JOBS (parallel runs; default: the usable cores),
ARROW_HOSTILE_REPORT (a path: one JSON line per case result).
"""
from __future__ import annotations

import os
import re
import resource
import subprocess
from concurrent.futures import ThreadPoolExecutor

import pyarrow.ipc as ipc
import pytest

import arrow_ipc as A
import hostile_cases as H
import hostile_runner as R
from arrow_helpers import BIN, FORMAT_FLAG


@pytest.fixture(scope="session")
def verdicts(request, tmp_path_factory):
    """pyarrow's verdict on the cases of the selected classes (all of them
    when test_generator_claims runs)."""
    names = {item.originalname for item in request.session.items}
    classes = list(H.CLASSES) if "test_generator_claims" in names else selected_classes(request.session)
    cases = [c for cls in classes for c in H.all_cases()[cls]]
    return H.oracle_verdicts(cases, str(tmp_path_factory.mktemp("oracle")))


@pytest.fixture(scope="session")
def suite(tmp_path_factory, verdicts):
    if not (os.path.isfile(BIN) and os.access(BIN, os.X_OK)):
        pytest.skip(f"no rangepipe binary at {BIN} (set RANGEPIPE_BIN)")
    help_text = subprocess.run([BIN, "ingest", "--help"], capture_output=True, text=True,
                               timeout=30).stdout
    assert re.search(re.escape(FORMAT_FLAG) + r"\b.*?\(values: [^)]*\barrow\b", help_text, re.S), \
        f"ingest --help lists no {FORMAT_FLAG} with the value arrow:\n" + help_text
    assert "--store" in help_text
    root = str(tmp_path_factory.mktemp("arrow-hostile"))
    seed = os.path.join(root, "seed")
    os.makedirs(seed)
    with open(os.path.join(seed, "pre.csv"), "wb") as f:
        f.write(R.SEED_CSV)
    r = subprocess.run([BIN, "ingest", "pre.csv", "--store", "store.sqlite", "--quiet"],
                       cwd=seed, capture_output=True, timeout=60)
    assert r.returncode == 0, f"pre-creating the store failed: {r.stderr!r}"
    with open(os.path.join(seed, "store.sqlite"), "rb") as f:
        store_bytes = f.read()
    expect = {}
    for cs in H.all_cases().values():
        for c in cs:
            e = c.expect
            if e == "oracle":
                if c.id not in verdicts:
                    continue  # a class not selected
                e = "either" if verdicts[c.id] == "valid" else "damaged"
            expect[c.id] = e
    s = R.Suite(root, [FORMAT_FLAG, "arrow"], store_bytes, expect, verdicts)
    yield s
    if s.report:
        s.report.close()


def selected_classes(session):
    out = []
    for item in session.items:
        cs = getattr(item, "callspec", None)
        if item.originalname == "test_hostile" and cs and "cls" in cs.params:
            out.append(cs.params["cls"])
    return out


@pytest.fixture(scope="session")
def results(request, suite):
    """Every selected class's cases, run once in one pool (slow ones first,
    so that a hang overlaps the rest)."""
    classes = selected_classes(request.session)
    cases = [c for cls in classes for c in H.all_cases()[cls]]
    order = sorted(cases, key=lambda c: -(len(c.data) + (1 << 40 if c.memlimit or c.cls in
                                                          ("deep-offsets", "bombs", "row-bombs", "wide-schema")
                                                          else 0)))
    soft, hard = resource.getrlimit(resource.RLIMIT_DATA)
    # a guard for the shared machine: no run may map more than 4 GiB of data
    # (rangepipe's memory budget reads RLIMIT_AS only; past this a malloc
    # fails, which rangepipe reports as exit 71 and this suite as a failure)
    resource.setrlimit(resource.RLIMIT_DATA, (min(hard, 4 * H.GIB) if hard != resource.RLIM_INFINITY
                                              else 4 * H.GIB, hard))
    before = R.digest(BIN)
    try:
        with ThreadPoolExecutor(R.JOBS) as ex:
            res = list(ex.map(lambda c: R.run_case(suite, c), order))
    finally:
        resource.setrlimit(resource.RLIMIT_DATA, (soft, hard))
    # the binary may be replaced by newer builds at the same path
    assert R.digest(BIN) == before, f"{BIN} was replaced during the run: run the suite again"
    by = R.Results()
    for r in res:
        by.setdefault(r["cls"], []).append(r)
    return by


# ---------------------------------------------------------------- tests
def test_codec_roundtrip():
    """The suite's own encoder re-encodes pyarrow's messages into a stream
    and a file pyarrow reads as the original table."""
    t = H.base_table()
    assert ipc.open_stream(A.stream_bytes(H.base_msgs())).read_all().equals(t)
    assert ipc.open_stream(A.stream_bytes(H.base_msgs(), legacy=True)).read_all().equals(t)
    assert ipc.open_file(A.file_bytes(H.base_msgs())).read_all().equals(t)
    p = A.parse(H.base_stream())
    assert [m.htype for m in p.msgs] == [1, 2, 3, 3] and p.eos_at == len(H.base_stream()) - 8


def test_generator_claims(verdicts):
    """Every case built to be invalid is refused by pyarrow, every one built
    valid is read by it (cases whose claim is None are ones pyarrow is known
    to be lenient about; they are expected damaged by the contract)."""
    wrong = []
    for cs in H.all_cases().values():
        for c in cs:
            v = verdicts[c.id]
            if c.claim == "invalid" and v == "valid":
                wrong.append(f"{c.id}: built invalid, pyarrow reads it")
            if c.claim == "valid" and v != "valid":
                wrong.append(f"{c.id}: built valid, pyarrow says {v}")
    assert not wrong, "\n".join(wrong)


def test_truncation_offsets_cover_every_byte():
    for cls, base in (("truncate-stream", H.base_stream()), ("truncate-file", H.base_file())):
        offs = sorted(c.offset for c in H.all_cases()[cls])
        assert offs == list(range(len(base)))
    assert 1000 <= len(H.base_stream()) <= 2048 and 1000 <= len(H.base_file()) <= 2048


@pytest.mark.parametrize("cls", list(H.CLASSES))
def test_hostile(results, cls):
    msg = R.summarise(cls, results[cls])
    assert msg is None, msg
