"""A small, dependency-free codec for the Arrow IPC format (stream and file),
written for generating hostile inputs.

It decodes a pyarrow-written stream or file into a list of framed messages
whose flatbuffer metadata is a tree of `T` objects (ipc_flatbuffers.py),
lets a test change any field, and encodes it back. The encoder writes every
field that is not None (no default elision) and lays objects out forward
(parents before children), with scalars aligned to their size, so a model
that is not changed re-encodes to a stream pyarrow reads identically
(`test_codec_roundtrip` checks that).
"""
from __future__ import annotations

import struct
from collections import deque
from dataclasses import dataclass
from typing import Any, Optional

from ipc_flatbuffers import (SCALARS, STRUCTS, TABLES, TYPE_IDS, UNIONS, DecodeError, Reader, T,  # noqa: F401
                             annotate, decode_root, new)

CONT = b"\xff\xff\xff\xff"
EOS = CONT + b"\x00\x00\x00\x00"
MAGIC = b"ARROW1"
HEADER_SCHEMA, HEADER_DICT, HEADER_BATCH = 1, 2, 3
CODECS = {"lz4": 0, "zstd": 1}  # BodyCompression.codec: LZ4_FRAME, ZSTD

# ---------------------------------------------------------------- encode
class Builder:
    """Forward layout: root offset at 0, each object after its referrer."""

    def __init__(self):
        self.b = bytearray(b"\0\0\0\0")
        self.patches: list[tuple[int, Any]] = []  # (field pos, object)
        self.positions: dict[int, int] = {}       # id(obj) -> pos (tables)

    def align(self, n):
        self.b += bytes(-len(self.b) % n)

    def finish(self, root: T) -> bytes:
        queue = deque([(0, root)])
        placed: dict[int, int] = {}
        # breadth first: place an object, queue its children; a table met
        # again (shared, as in a DAG) is referred to where it already is
        while queue:
            ref_pos, obj = queue.popleft()
            if isinstance(obj, T) and id(obj) in placed:
                pos = placed[id(obj)]
                assert pos > ref_pos, "a shared table must lie after every referrer"
            else:
                pos, children = self.place(obj)
                if isinstance(obj, T):
                    placed[id(obj)] = pos
                queue.extend(children)
            struct.pack_into("<I", self.b, ref_pos, pos - ref_pos)
        self.align(8)
        return bytes(self.b)

    def place(self, obj):
        if isinstance(obj, str):
            obj = obj.encode()
        if isinstance(obj, bytes):  # string
            self.align(4)
            pos = len(self.b)
            self.b += struct.pack("<I", len(obj)) + obj + b"\0"
            return pos, []
        if isinstance(obj, tuple) and obj[0] == "vec":
            _, kind, items = obj
            if kind.startswith("vec:"):
                self.align(4)
                pos = len(self.b)
                self.b += struct.pack("<I", len(items))
                children = []
                for it in items:
                    children.append((len(self.b), it))
                    self.b += b"\0\0\0\0"
                return pos, children
            fmt, size, al = STRUCTS[kind[5:]]
            # the vector's length precedes the elements, which are aligned
            while (len(self.b) + 4) % al:
                self.b.append(0)
            pos = len(self.b)
            self.b += struct.pack("<I", len(items))
            for it in items:
                self.b += struct.pack(fmt, *(it if isinstance(it, (list, tuple)) else [it]))
            return pos, []
        if isinstance(obj, tuple) and obj[0] == "rawbytes":
            self.align(8)
            pos = len(self.b)
            self.b += obj[1]
            return pos, []
        assert isinstance(obj, T), obj
        schema = TABLES[obj.kind]
        present = []
        for slot, (name, k) in enumerate(schema):
            v = obj.f.get(name)
            if v is None:
                continue
            if k.startswith("union:") and isinstance(v, tuple):
                continue
            present.append((slot, name, k, v))
        nslots = (max(s for s, *_ in present) + 1) if present else 0
        vtsize = 4 + 2 * nslots
        # inline layout: soffset, then fields by size descending, aligned
        def fsize(k):
            return SCALARS[k][1] if k in SCALARS else 4
        order = sorted(present, key=lambda x: -fsize(x[2]))
        # place vtable, then table 8-aligned (so 8-byte fields can align)
        self.align(2)
        vt = len(self.b)
        self.b += b"\0" * vtsize
        self.align(8)
        tpos = len(self.b)
        self.b += struct.pack("<i", tpos - vt)
        offs = {}
        children = []
        for slot, name, k, v in order:
            sz = fsize(k)
            self.b += bytes(-len(self.b) % sz)
            fp = len(self.b)
            offs[slot] = fp - tpos
            if k in SCALARS:
                self.b += struct.pack(SCALARS[k][0], v)
            else:
                self.b += b"\0\0\0\0"
                if k == "str":
                    children.append((fp, v))
                elif k.startswith("tbl:") or k.startswith("union:"):
                    children.append((fp, v))
                else:
                    children.append((fp, ("vec", k, v)))
        tsize = len(self.b) - tpos
        struct.pack_into("<HH", self.b, vt, vtsize, tsize)
        for slot, o in offs.items():
            struct.pack_into("<H", self.b, vt + 4 + 2 * slot, o)
        return tpos, children


def encode(root: T) -> bytes:
    return Builder().finish(root)


# ---------------------------------------------------------------- framing
@dataclass
class Msg:
    """One framed message: metadata (decoded Message table) and body."""
    meta: T
    body: bytes
    start: int = -1          # offset of the frame in the input
    meta_start: int = -1     # offset of the flatbuffer in the input
    meta_len: int = -1       # the frame's metadata length (padded)
    raw_meta: bytes = b""    # the flatbuffer bytes as read

    @property
    def htype(self):
        return self.meta["header_type"]

    @property
    def header(self) -> T:
        return self.meta["header"]


@dataclass
class Parsed:
    kind: str                # "stream" or "file"
    msgs: list[Msg]
    eos_at: Optional[int]    # offset of the EOS marker, if any
    end: int                 # offset after the last message / EOS
    footer: Optional[T] = None
    footer_start: int = -1


def parse(data: bytes) -> Parsed:
    kind = "stream"
    o = 0
    if data[:6] == MAGIC:
        kind = "file"
        o = 8
    msgs = []
    eos_at = None
    limit = len(data)
    if kind == "file":
        (flen,) = struct.unpack_from("<i", data, len(data) - 10)
        limit = len(data) - 10 - flen
    while o < limit:
        start = o
        if data[o:o + 4] == CONT:
            (n,) = struct.unpack_from("<i", data, o + 4)
            o += 8
        else:
            (n,) = struct.unpack_from("<i", data, o)
            o += 4
        if n == 0:
            eos_at = start
            break
        raw = data[o:o + n]
        meta = decode_root(raw, "Message")
        body_len = meta["bodyLength"] or 0
        body = data[o + n:o + n + body_len]
        msgs.append(Msg(meta, body, start, o, n, raw))
        o += n + body_len
    end = (eos_at + 8) if eos_at is not None else o
    p = Parsed(kind, msgs, eos_at, end)
    if kind == "file":
        (flen,) = struct.unpack_from("<i", data, len(data) - 10)
        p.footer_start = len(data) - 10 - flen
        p.footer = decode_root(data[p.footer_start:len(data) - 10], "Footer")
    return p


def frame(meta_bytes: bytes, body: bytes = b"", legacy=False, meta_len=None) -> bytes:
    """Frame one message: continuation, int32 length (padded to 8), metadata
    padded with zeros, body. `meta_len` overrides the written length."""
    pad = (-(len(meta_bytes) + (4 if legacy else 8))) % 8
    m = meta_bytes + b"\0" * pad
    n = len(m) if meta_len is None else meta_len
    head = struct.pack("<i", n) if legacy else CONT + struct.pack("<i", n)
    return head + m + body


def msg_bytes(m: Msg, legacy=False) -> bytes:
    return frame(encode(m.meta), m.body, legacy=legacy)


def stream_bytes(msgs: list[Msg], eos=True, legacy=False) -> bytes:
    out = b"".join(msg_bytes(m, legacy) for m in msgs)
    if eos:
        out += b"\0\0\0\0" if legacy else EOS
    return out


def file_bytes(msgs: list[Msg], schema_msg: Optional[Msg] = None, footer_mut=None,
               tail_mut=None) -> bytes:
    """An IPC file: magic, the stream, a footer with blocks for the
    dictionary and record batches, footer length, magic."""
    out = bytearray(MAGIC + b"\0\0")
    dicts, batches = [], []
    for m in msgs:
        framed = msg_bytes(m)
        meta_len = len(framed) - len(m.body)
        if m.htype == HEADER_DICT:
            dicts.append([len(out), meta_len, len(m.body)])
        elif m.htype == HEADER_BATCH:
            batches.append([len(out), meta_len, len(m.body)])
        out += framed
    out += EOS
    sm = schema_msg or next(m for m in msgs if m.htype == HEADER_SCHEMA)
    footer = new("Footer", version=4, schema=sm.header.copy(),
                 dictionaries=dicts, recordBatches=batches)
    if footer_mut:
        footer_mut(footer)
    fb = encode(footer)
    tail = struct.pack("<i", len(fb)) + MAGIC
    if tail_mut:
        tail = tail_mut(tail, len(out), len(fb))
    out += fb + tail
    return bytes(out)


def clone_msgs(msgs: list[Msg]) -> list[Msg]:
    return [Msg(m.meta.copy(), m.body) for m in msgs]


# ---------------------------------------------------------------- helpers
def msg_name(m: Msg) -> str:
    return {HEADER_SCHEMA: "schema", HEADER_DICT: "dictionary", HEADER_BATCH: "batch"}.get(m.htype, f"h{m.htype}")


def annotate_stream(data: bytes) -> dict[int, str]:
    """{absolute offset: description} over every message's frame and metadata."""
    out = {}
    for i, m in enumerate(parse(data).msgs):
        name = msg_name(m) + str(i)
        for j in range(m.start, m.meta_start):
            out[j] = f"{name} frame: " + ("continuation" if j < m.meta_start - 4 else "metadata length")
        for off, what in annotate(m.raw_meta).items():
            out[m.meta_start + off] = f"{name}: {what}"
    return out


def message(htype: int, header: T, body: bytes = b"", version: int = 4) -> Msg:
    meta = new("Message", version=version, header_type=htype, header=header,
               bodyLength=len(body))
    return Msg(meta, body)


def metadata_regions(data: bytes) -> list[tuple[str, int, int]]:
    """(label, start, end) of each message's flatbuffer metadata in `data`,
    and the 8 framing bytes before it (continuation + length)."""
    p = parse(data)
    out = []
    for i, m in enumerate(p.msgs):
        out.append((f"{msg_name(m)}{i}", m.start, m.meta_start + m.meta_len))
    return out
