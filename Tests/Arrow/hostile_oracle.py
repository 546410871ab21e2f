"""pyarrow's verdict on a hostile case (valid, or invalid and why), computed
in child processes: pyarrow meeting hostile input must not take the test
process down. Run as `python hostile_oracle.py oracle LISTING START` by
oracle_verdicts itself.
"""
from __future__ import annotations

import os
import select
import subprocess
import sys

from hostile_base import GIB


def pyarrow_verdict(data: bytes, kind: str) -> str:
    """'valid' if pyarrow reads every batch and validates it fully (UTF-8,
    offsets, dictionary indices) and the field names decode, else 'invalid:
    reason'."""
    import pyarrow as pa
    import pyarrow.ipc as ipc
    try:
        if kind == "file":
            t = ipc.open_file(pa.BufferReader(data)).read_all()
        else:
            t = ipc.open_stream(pa.BufferReader(data)).read_all()
        t.validate(full=True)
        for col in t.columns:
            for ch in col.chunks:
                ch.validate(full=True)
                if pa.types.is_dictionary(ch.type):
                    ch.dictionary.validate(full=True)
        [n.encode() for n in t.schema.names]

        def names(f):
            f.name.encode()
            for i in range(f.type.num_fields if hasattr(f.type, "num_fields") else 0):
                names(f.type.field(i))
        for f in t.schema:
            names(f)
        return "valid"
    except Exception as e:  # noqa: BLE001 - any refusal counts
        return "invalid: " + (type(e).__name__ + ": " + str(e)).replace("\n", " ")[:200]


def _oracle_main(listing: str, start: int):
    """Child process: answer `idx<TAB>verdict` per line of the listing."""
    import resource
    resource.setrlimit(resource.RLIMIT_AS, (8 * GIB, 8 * GIB))
    sys.setrecursionlimit(10000)
    lines = open(listing).read().splitlines()
    for line in lines[start:]:
        idx, kind, path = line.split("\t")
        v = pyarrow_verdict(open(path, "rb").read(), kind)
        sys.stdout.write(f"{idx}\t{v}\n")
        sys.stdout.flush()


def oracle_verdicts(cases: list, workdir: str, timeout: float = 60.0) -> dict:
    """pyarrow's verdict on each case, computed in child processes (pyarrow
    meeting hostile input must not take the test process down): a crash or
    a hang is recorded as that case's verdict and the rest go on."""
    import os
    import select
    import subprocess
    os.makedirs(workdir, exist_ok=True)
    listing = os.path.join(workdir, "listing.tsv")
    with open(listing, "w") as lf:
        for i, c in enumerate(cases):
            p = os.path.join(workdir, f"{i}.bin")
            with open(p, "wb") as f:
                f.write(c.oracle_data if c.oracle_data is not None else c.data)
            lf.write(f"{i}\t{c.oracle_kind}\t{p}\n")
    out: dict[str, str] = {}
    start = 0
    while start < len(cases):
        proc = subprocess.Popen([sys.executable, __file__, "oracle", listing, str(start)],
                                stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
        nxt = start
        while True:
            r, _, _ = select.select([proc.stdout], [], [], timeout)
            if not r:
                proc.kill()
                out[cases[nxt].id] = "invalid: pyarrow hung"
                nxt += 1
                break
            line = proc.stdout.readline()
            if not line:
                rc = proc.wait()
                if nxt < len(cases):
                    out[cases[nxt].id] = f"invalid: pyarrow died (rc {rc})"
                    nxt += 1
                break
            idx, v = line.rstrip("\n").split("\t", 1)
            out[cases[int(idx)].id] = v
            nxt = int(idx) + 1
        proc.wait()
        start = nxt
    return out


if __name__ == "__main__" and sys.argv[1] == "oracle":
    _oracle_main(sys.argv[2], int(sys.argv[3]))
