"""The ground the hostile Arrow cases (hostile_cases.py) stand on: the Case
record, the small pyarrow-written table every class mutates (a stream of
schema, dictionary and two batches, and the same as an IPC file), ways to
patch bytes, and the registry of case classes.
"""
from __future__ import annotations

import datetime as dt
import io
import struct
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Callable, Iterator, Optional

import arrow_ipc as A

ARGS_NAME = ["--series-column", "name", "--x", "t"]
ARGS_LABEL = ["--series-column", "label", "--x", "t"]
GIB = 1 << 30
# lengths and counts that lie: huge, negative, past any input
LIES = {"2^31-1": 2**31 - 1, "2^32": 2**32, "2^62": 2**62, "2^63-1": 2**63 - 1,
        "-1": -1, "-2^63": -2**63, "1e9": 10**9}


@dataclass
class Case:
    cls: str
    id: str
    data: bytes = field(repr=False)
    name: str = ""                 # the file name given on the command line
    args: list = field(default_factory=lambda: list(ARGS_NAME))
    expect: str = "oracle"
    claim: Optional[str] = None    # "invalid" / "valid" for pyarrow
    oracle_kind: str = "stream"    # how pyarrow reads it: stream / file
    offset: Optional[int] = None   # the mutated byte, for reports
    gz: bool = False               # data is gzip of the Arrow bytes
    stdin: bool = False
    memlimit: Optional[int] = None
    explicit_format: bool = True
    note: str = ""
    timeout: float = 20.0
    check_points: Optional[int] = None  # valid: points stored for the series
    size_limit: Optional[int] = None    # `byte N` must be <= this (default: len(data))
    oracle_data: Optional[bytes] = field(default=None, repr=False)

    def __post_init__(self):
        if not self.name:
            ext = ".arrow" if self.oracle_kind == "file" else ".arrows"
            if self.gz:
                ext += ".gz"
            self.name = "in/" + self.id.replace("/", "_").replace("@", "-") + ext


# ---------------------------------------------------------------- base data
def base_table():
    import pyarrow as pa
    t0 = dt.datetime(2024, 1, 1, tzinfo=dt.timezone.utc)
    return pa.table({
        "t": pa.array([t0 + dt.timedelta(days=i) for i in range(4)],
                      pa.timestamp("ms", tz="UTC")),
        "name": pa.array(["a", "b", "a", "b"]).dictionary_encode(),
        "label": pa.array(["p", "q", "p", "qq"]),
        "v": pa.array([1.5, None, 3.0, 4.25]),
        "n": pa.array([1, 2, 3, 4], pa.int32()),
    })


def write_ipc(table, kind="stream", chunk=2, codec=None):
    """pyarrow's stream (or file) of `table` in batches of `chunk` rows,
    its buffers compressed with `codec` when given."""
    import pyarrow.ipc as ipc
    s = io.BytesIO()
    opts = ipc.IpcWriteOptions(compression=codec) if codec else None
    w = (ipc.new_stream if kind == "stream" else ipc.new_file)(s, table.schema, options=opts)
    for b in table.to_batches(max_chunksize=chunk):
        w.write_batch(b)
    w.close()
    return s.getvalue()


@lru_cache(None)
def base_stream() -> bytes:
    return write_ipc(base_table(), "stream")


@lru_cache(None)
def base_file() -> bytes:
    return write_ipc(base_table(), "file")


def base_msgs():
    """Fresh decoded copies: [schema, dictionary, batch0, batch1]."""
    return A.clone_msgs(A.parse(base_stream()).msgs)


def restream(mut: Callable, eos=True) -> bytes:
    msgs = base_msgs()
    r = mut(msgs)
    return A.stream_bytes(r if r is not None else msgs, eos=eos)


def value_cases(cls: str, label: str, values: dict, setter: Callable, note: Callable[[int], str],
                **kw) -> list:
    """A case per (key, value) of `values`: the base stream with
    setter(msgs, value) applied, id CLASS/LABEL/KEY, note note(value)."""
    return [Case(cls, f"{cls}/{label}/{k}", restream(lambda msgs, v=v: setter(msgs, v)), note=note(v), **kw)
            for k, v in values.items()]


def with_copy(msgs: list, of: int, at: int, meta: Optional[dict] = None, header: Optional[dict] = None) -> list:
    """msgs with a copy of msgs[of] inserted before index `at`, the copy's
    Message fields `meta` and header fields `header` set."""
    d = A.Msg(msgs[of].meta.copy(), msgs[of].body)
    for k, v in (meta or {}).items():
        d.meta[k] = v
    for k, v in (header or {}).items():
        d.header[k] = v
    return msgs[:at] + [d] + msgs[at:]


def patch_i32(data: bytes, pos: int, value: int) -> bytes:
    b = bytearray(data)
    struct.pack_into("<i" if value < 1 << 31 else "<I", b, pos, value)
    return bytes(b)


def body_patch(body: bytes, pos: int, fmt: str, *vals) -> bytes:
    b = bytearray(body)
    struct.pack_into(fmt, b, pos, *vals)
    return bytes(b)


def p32(b, pos, v, fmt="<I"):
    struct.pack_into(fmt, b, pos, v & 0xFFFFFFFF if fmt == "<I" else v)


def flips(data: bytes, positions) -> Iterator[tuple[int, str, int, bytes]]:
    """(pos, how, new byte, data with it) for each position: the byte ^0xFF
    ("xor") and set to 0xFF ("set"), where that changes it."""
    for pos in positions:
        for how, nb in (("xor", data[pos] ^ 0xFF), ("set", 0xFF)):
            if nb != data[pos]:
                yield pos, how, nb, data[:pos] + bytes([nb]) + data[pos + 1:]


# ---------------------------------------------------------------- classes
CLASSES: dict[str, Callable[[], list]] = {}


def case_class(fn):
    CLASSES[fn.__name__.replace("gen_", "").replace("_", "-")] = fn
    return fn
