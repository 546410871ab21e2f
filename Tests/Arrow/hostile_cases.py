"""Hostile Arrow IPC inputs for rangepipe, generated from pyarrow-written
streams and files and mutated through the flatbuffer layout (arrow_ipc):
the registry of every class of cases. The classes live by topic in
hostile_framing.py, hostile_batches.py, hostile_metadata.py,
hostile_sizes.py, hostile_types.py and hostile_footer.py; the Case record
and the base data in hostile_base.py; pyarrow's verdicts in
hostile_oracle.py.

Each Case says what the binary must do with it:
  expect = "valid"    exit 0 (the input is valid and usable)
           "damaged"  exit 65, one line naming the file and `byte N`
           "cell"     exit 65, one line naming the file and either `byte N`
                      or a row location (bad text in a cell)
           "either"   exit 0, or 65 with one line naming the file
           "oracle"   decided by pyarrow: "either" if pyarrow reads and fully
                      validates it, else "damaged"
`claim` (for mutations built to be invalid) is what pyarrow must say of the
input; test_generator_claims checks it, so the suite cannot silently test a
mutation that is not what it says it is.

Run `python hostile_cases.py write CASE_ID OUT` to write one case's bytes
(for reproducers), `python hostile_cases.py list` to list the ids.
"""
from __future__ import annotations

import sys
from functools import lru_cache

# the class modules register their classes on import, in this order
import hostile_framing  # noqa: F401
import hostile_batches  # noqa: F401
import hostile_metadata  # noqa: F401
import hostile_sizes  # noqa: F401
import hostile_types  # noqa: F401
import hostile_footer  # noqa: F401
from arrow_common import FORMAT_FLAG
from hostile_base import CLASSES, GIB, Case, base_file, base_msgs, base_stream, base_table  # noqa: F401
from hostile_oracle import oracle_verdicts  # noqa: F401


@lru_cache(None)
def all_cases() -> dict[str, list]:
    out = {}
    for name, fn in CLASSES.items():
        cs = fn()
        ids = [c.id for c in cs]
        assert len(ids) == len(set(ids)), f"duplicate ids in {name}"
        out[name] = cs
    return out


def find(case_id: str) -> Case:
    """The case with this id (its class alone is generated)."""
    cls = case_id.split("/", 1)[0]
    for c in CLASSES[cls]():
        if c.id == case_id:
            return c
    raise KeyError(case_id)


if __name__ == "__main__":
    if sys.argv[1] == "list":
        for k, cs in all_cases().items():
            print(k, len(cs))
    elif sys.argv[1] == "ids":
        for cs in all_cases().values():
            for c in cs:
                print(c.id)
    elif sys.argv[1] == "verdicts":
        import json
        import tempfile
        cs = [c for k, v in all_cases().items() for c in v
              if len(sys.argv) < 3 or k in sys.argv[2:]]
        with tempfile.TemporaryDirectory() as d:
            for cid, v in oracle_verdicts(cs, d).items():
                print(json.dumps([cid, v]))
    elif sys.argv[1] == "write":
        c = find(sys.argv[2])
        open(sys.argv[3], "wb").write(c.data)
        fmt = [FORMAT_FLAG, "arrow"] if c.explicit_format else []
        lim = f"prlimit --as={c.memlimit} -- " if c.memlimit else ""
        print(f"{c.id}: {len(c.data)} bytes; {c.note}\n  {lim}rangepipe ingest "
              f"{'- < ' if c.stdin else ''}{sys.argv[3]} --store S.sqlite --quiet "
              + " ".join(fmt + [repr(a) if " " in a or "(" in a else a for a in c.args]))
