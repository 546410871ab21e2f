"""The flatbuffer side of the Arrow IPC format, dependency-free, for
generating hostile inputs (arrow_ipc.py frames and encodes): the tables of
format/Message.fbs, Schema.fbs and File.fbs (MetadataVersion V5), a tree of
`T` objects (one per flatbuffer table) decoded from metadata bytes, and
`annotate`, what each byte of a message's metadata is.
"""
from __future__ import annotations

import struct
from dataclasses import dataclass, field
from typing import Any

# ---------------------------------------------------------------- schemas
# Each table: list of (name, kind). A union takes two slots: its type (u8)
# is the field just before, named NAME_type; kind 'union:UNIONNAME'.
TABLES: dict[str, list[tuple[str, str]]] = {
    "Message": [("version", "i16"), ("header_type", "u8"),
                ("header", "union:MessageHeader"), ("bodyLength", "i64"),
                ("custom_metadata", "vec:KeyValue")],
    "Schema": [("endianness", "i16"), ("fields", "vec:Field"),
               ("custom_metadata", "vec:KeyValue"), ("features", "vecs:i64")],
    "Field": [("name", "str"), ("nullable", "bool"), ("type_type", "u8"),
              ("type", "union:Type"), ("dictionary", "tbl:DictionaryEncoding"),
              ("children", "vec:Field"), ("custom_metadata", "vec:KeyValue")],
    "DictionaryEncoding": [("id", "i64"), ("indexType", "tbl:Int"),
                           ("isOrdered", "bool"), ("dictionaryKind", "i16")],
    "KeyValue": [("key", "str"), ("value", "str")],
    "RecordBatch": [("length", "i64"), ("nodes", "vecs:FieldNode"),
                    ("buffers", "vecs:Buffer"),
                    ("compression", "tbl:BodyCompression"),
                    ("variadicBufferCounts", "vecs:i64")],
    "BodyCompression": [("codec", "i8"), ("method", "i8")],
    "DictionaryBatch": [("id", "i64"), ("data", "tbl:RecordBatch"),
                        ("isDelta", "bool")],
    "Footer": [("version", "i16"), ("schema", "tbl:Schema"),
               ("dictionaries", "vecs:Block"), ("recordBatches", "vecs:Block"),
               ("custom_metadata", "vec:KeyValue")],
    # Type tables
    "Empty": [],
    "Int": [("bitWidth", "i32"), ("is_signed", "bool")],
    "FloatingPoint": [("precision", "i16")],
    "Decimal": [("precision", "i32"), ("scale", "i32"), ("bitWidth", "i32")],
    "Date": [("unit", "i16")],
    "Time": [("unit", "i16"), ("bitWidth", "i32")],
    "Timestamp": [("unit", "i16"), ("timezone", "str")],
    "Interval": [("unit", "i16")],
    "Duration": [("unit", "i16")],
    "FixedSizeBinary": [("byteWidth", "i32")],
    "FixedSizeList": [("listSize", "i32")],
    "Map": [("keysSorted", "bool")],
    "Union": [("mode", "i16"), ("typeIds", "vecs:i32")],
}

UNIONS: dict[str, dict[int, str]] = {
    "MessageHeader": {1: "Schema", 2: "DictionaryBatch", 3: "RecordBatch"},
    "Type": {1: "Empty", 2: "Int", 3: "FloatingPoint", 4: "Empty", 5: "Empty",
             6: "Empty", 7: "Decimal", 8: "Date", 9: "Time", 10: "Timestamp",
             11: "Interval", 12: "Empty", 13: "Empty", 14: "Union",
             15: "FixedSizeBinary", 16: "FixedSizeList", 17: "Map",
             18: "Duration", 19: "Empty", 20: "Empty", 21: "Empty",
             22: "Empty", 23: "Empty", 24: "Empty", 25: "Empty", 26: "Empty"},
}

# struct name -> (struct format, size, alignment)
STRUCTS = {
    "FieldNode": ("<qq", 16, 8),
    "Buffer": ("<qq", 16, 8),
    "Block": ("<qi4xq", 24, 8),
    "i64": ("<q", 8, 8),
    "i32": ("<i", 4, 4),
}

SCALARS = {"u8": ("<B", 1), "i8": ("<b", 1), "bool": ("<B", 1),
           "i16": ("<h", 2), "i32": ("<i", 4), "i64": ("<q", 8)}

TYPE_IDS = {"Null": 1, "Int": 2, "FloatingPoint": 3, "Binary": 4, "Utf8": 5,
            "Bool": 6, "Decimal": 7, "Date": 8, "Time": 9, "Timestamp": 10,
            "Struct_": 13, "LargeUtf8": 20}


class DecodeError(Exception):
    pass


@dataclass
class T:
    """One flatbuffer table: its type name and field values (None = absent).
    After decoding, `pos` is the table's offset in the metadata buffer,
    `vt` its vtable's and `fpos[name]` each present field's."""
    kind: str
    f: dict[str, Any] = field(default_factory=dict)
    pos: int = -1
    vt: int = -1
    fpos: dict[str, int] = field(default_factory=dict)

    def __getitem__(self, k):
        return self.f.get(k)

    def __setitem__(self, k, v):
        self.f[k] = v

    def copy(self) -> "T":
        def c(v):
            if isinstance(v, T):
                return v.copy()
            if isinstance(v, list):
                return [c(x) for x in v]
            return v
        return T(self.kind, {k: c(v) for k, v in self.f.items()})


def new(kind: str, **kw) -> T:
    return T(kind, dict(kw))


# ---------------------------------------------------------------- decode
class Reader:
    def __init__(self, buf: bytes, max_depth: int = 64):
        self.b = buf
        self.max_depth = max_depth

    def _u(self, fmt, pos):
        size = struct.calcsize(fmt)
        if pos < 0 or pos + size > len(self.b):
            raise DecodeError(f"read of {size} at {pos} outside {len(self.b)}")
        return struct.unpack_from(fmt, self.b, pos)[0]

    def deref(self, pos):
        return pos + self._u("<I", pos)

    def table(self, kind: str, pos: int, depth: int = 0) -> T:
        if depth > self.max_depth:
            raise DecodeError("too deep")
        vt = pos - self._u("<i", pos)
        vtsize = self._u("<H", vt)
        t = T(kind, pos=pos, vt=vt)
        schema = TABLES[kind]
        for slot, (name, k) in enumerate(schema):
            voff = 4 + 2 * slot
            off = self._u("<H", vt + voff) if voff + 2 <= vtsize else 0
            if off == 0:
                t.f[name] = None
                continue
            fp = pos + off
            t.fpos[name] = fp
            if k in SCALARS:
                t.f[name] = self._u(SCALARS[k][0], fp)
            elif k == "str":
                t.fpos[name + "->"] = self.deref(fp)
                t.f[name] = self.string(self.deref(fp))
            elif k.startswith("tbl:"):
                t.f[name] = self.table(k[4:], self.deref(fp), depth + 1)
            elif k.startswith("union:"):
                tt = t.f.get(name + "_type") or 0
                sub = UNIONS[k[6:]].get(tt)
                if sub is None:
                    t.f[name] = ("raw", self.deref(fp))
                else:
                    t.f[name] = self.table(sub, self.deref(fp), depth + 1)
            elif k.startswith("vec:"):
                vp = self.deref(fp)
                t.fpos[name + "->"] = vp
                n = self._u("<I", vp)
                if n > len(self.b):
                    raise DecodeError("vector too long")
                t.f[name] = [self.table(k[4:], self.deref(vp + 4 + 4 * i), depth + 1)
                             for i in range(n)]
            elif k.startswith("vecs:"):
                vp = self.deref(fp)
                t.fpos[name + "->"] = vp
                n = self._u("<I", vp)
                fmt, size, _ = STRUCTS[k[5:]]
                if n * size > len(self.b):
                    raise DecodeError("vector too long")
                out = []
                for i in range(n):
                    p = vp + 4 + size * i
                    if p + size > len(self.b):
                        raise DecodeError("struct outside")
                    v = struct.unpack_from(fmt, self.b, p)
                    out.append(list(v) if len(v) > 1 else v[0])
                t.f[name] = out
                t.fpos[name + "[]"] = vp + 4
            else:
                raise AssertionError(k)
        return t

    def string(self, pos):
        n = self._u("<I", pos)
        if pos + 4 + n > len(self.b):
            raise DecodeError("string outside")
        return bytes(self.b[pos + 4:pos + 4 + n])


def annotate(buf: bytes, kind: str = "Message") -> dict[int, str]:
    """What each byte of a flatbuffer is: {offset: description}."""
    r = Reader(buf)
    root = r.table(kind, r.deref(0))
    out: dict[int, str] = {i: "root offset" for i in range(4)}

    def mark(start, n, what):
        for i in range(start, start + n):
            out.setdefault(i, what)

    def walk(t: T, path: str):
        vtsize = struct.unpack_from("<H", buf, t.vt)[0]
        mark(t.vt, 2, f"{path} vtable size")
        mark(t.vt + 2, 2, f"{path} vtable: table size")
        for slot, (name, k) in enumerate(TABLES[t.kind]):
            if 4 + 2 * slot + 2 <= vtsize:
                mark(t.vt + 4 + 2 * slot, 2, f"{path} vtable entry for {name}")
        mark(t.pos, 4, f"{path} soffset to vtable")
        for slot, (name, k) in enumerate(TABLES[t.kind]):
            if name not in t.fpos:
                continue
            fp = t.fpos[name]
            p = f"{path}.{name}"
            if k in SCALARS:
                mark(fp, SCALARS[k][1], f"{p} = {t.f[name]}")
                continue
            mark(fp, 4, f"{p} (offset)")
            v = t.f[name]
            if k == "str":
                sp = t.fpos[name + "->"]
                mark(sp, 4, f"{p} string length")
                mark(sp + 4, len(v), f"{p} string bytes {v!r}")
                mark(sp + 4 + len(v), 1, f"{p} string NUL")
            elif isinstance(v, T):
                walk(v, p if not k.startswith("union:") else f"{p}<{v.kind}>")
            elif k.startswith("vec:"):
                vp = t.fpos[name + "->"]
                mark(vp, 4, f"{p} vector length = {len(v)}")
                for i, e in enumerate(v):
                    mark(vp + 4 + 4 * i, 4, f"{p}[{i}] (offset)")
                    walk(e, f"{p}[{i}]")
            elif k.startswith("vecs:"):
                vp = t.fpos[name + "->"]
                mark(vp, 4, f"{p} vector length = {len(v)}")
                fmt, size, _ = STRUCTS[k[5:]]
                for i, e in enumerate(v):
                    names = {"FieldNode": ("length", "null_count"),
                             "Buffer": ("offset", "length")}.get(k[5:])
                    if names:
                        mark(vp + 4 + size * i, 8, f"{p}[{i}].{names[0]} = {e[0]}")
                        mark(vp + 4 + size * i + 8, 8, f"{p}[{i}].{names[1]} = {e[1]}")
                    else:
                        mark(vp + 4 + size * i, size, f"{p}[{i}] = {e}")
    walk(root, kind)
    for i in range(len(buf)):
        out.setdefault(i, "padding / unused")
    return out



def decode_root(buf: bytes, kind: str) -> T:
    r = Reader(buf)
    return r.table(kind, r.deref(0))
