"""Hostile cases in the flatbuffer metadata itself: offsets and lengths
that point outside the message or wrap, nesting 50,000 deep, a DAG of 2^40
fields, a cycle, and names and cells that are not UTF-8.
"""
from __future__ import annotations

import struct
from functools import lru_cache

import arrow_ipc as A
from hostile_base import ARGS_LABEL, ARGS_NAME, Case, base_msgs, case_class, p32, restream


def _meta_patch_cases(cls, which, label, patches):
    """Re-encode message `which`, decode it for positions, patch its
    flatbuffer with each (key, fn(meta_bytearray, root T)), reframe."""
    out = []
    msgs = base_msgs()
    meta = A.encode(msgs[which].meta)
    root = A.Reader(meta).table("Message", A.Reader(meta).deref(0))
    for key, fn in patches(root, len(meta)):
        b = bytearray(meta)
        fn(b)
        framed = [A.msg_bytes(m) for m in msgs]
        framed[which] = A.frame(bytes(b), msgs[which].body)
        data = b"".join(framed) + A.EOS
        out.append(Case(cls, f"{cls}/{label}/{key}", data, claim="invalid",
                        note=f"{label} metadata: {key}"))
    return out


@case_class
def gen_flatbuffer_offsets():
    """vtable offsets outside the message, vtable sizes, field offsets past the
    table, root offsets past the end or wrapping, vector/string lengths lying,
    a 32-bit wrap that points back at an enclosing table."""
    def common(root, n):
        yield "root-offset-0x7ffffff0", lambda b: p32(b, 0, 0x7FFFFFF0)
        yield "root-offset-wraps-to-minus-4", lambda b: p32(b, 0, 0xFFFFFFFC)
        yield "root-offset-past-end", lambda b: p32(b, 0, n)
        yield "root-offset-0", lambda b: p32(b, 0, 0)
        yield "root-offset-misaligned", lambda b: p32(b, 0, root.pos + 1)
        yield "vtable-before-start", lambda b: p32(b, root.pos, root.pos + 64, "<i")
        yield "vtable-after-end", lambda b: p32(b, root.pos, root.pos - n - 64, "<i")
        yield "vtable-int-min", lambda b: p32(b, root.pos, -2**31, "<i")
        yield "vtable-int-max", lambda b: p32(b, root.pos, 2**31 - 1, "<i")
        yield "vtable-size-0xffff", lambda b: struct.pack_into("<H", b, root.vt, 0xFFFF)
        yield "vtable-size-3", lambda b: struct.pack_into("<H", b, root.vt, 3)
        yield "header-field-0xfff0", lambda b: struct.pack_into("<H", b, root.vt + 4 + 2 * 2, 0xFFF0)
        if "bodyLength" in root.fpos:
            yield "bodylength-field-0xfff8", lambda b: struct.pack_into("<H", b, root.vt + 4 + 2 * 3, 0xFFF8)
        yield "header-offset-0x7ffffff0", lambda b: p32(b, root.fpos["header"], 0x7FFFFFF0)
        yield "header-offset-wraps-to-root", lambda b: p32(
            b, root.fpos["header"], (root.pos - root.fpos["header"]) & 0xFFFFFFFF)
        h = root["header"]
        yield "header-vtable-outside", lambda b: p32(b, h.pos, h.pos + 4096, "<i")

    def schema_extra(root, n):
        yield from common(root, n)
        s = root["header"]
        vec = s.fpos["fields"]

        def fields_vec_pos(b):
            return vec + struct.unpack_from("<I", b, vec)[0]
        yield "fields-count-0x7fffffff", lambda b: p32(b, fields_vec_pos(b), 0x7FFFFFFF)
        yield "fields-count-0xffffffff", lambda b: p32(b, fields_vec_pos(b), 0xFFFFFFFF)
        yield "fields-count-6", lambda b: p32(b, fields_vec_pos(b), 6)
        yield "field0-wraps-to-schema", lambda b: p32(
            b, fields_vec_pos(b) + 4, (s.pos - (fields_vec_pos(b) + 4)) & 0xFFFFFFFF)
        yield "field0-wraps-to-itself-vector", lambda b: p32(
            b, fields_vec_pos(b) + 4, (fields_vec_pos(b) - (fields_vec_pos(b) + 4)) & 0xFFFFFFFF)
        f0 = s["fields"][0]
        namepos = f0.fpos["name"]

        def strpos(b):
            return namepos + struct.unpack_from("<I", b, namepos)[0]
        yield "name-length-0x7fffffff", lambda b: p32(b, strpos(b), 0x7FFFFFFF)
        yield "name-length-0xffffffff", lambda b: p32(b, strpos(b), 0xFFFFFFFF)
        yield "name-length-past-end", lambda b: p32(b, strpos(b), n - strpos(b))
        yield "name-offset-outside", lambda b: p32(b, namepos, n)
        yield "field0-type-union-offset-outside", lambda b: p32(b, f0.fpos["type"], 0x40000000)
        yield "field0-type-type-99", lambda b: struct.pack_into("<B", b, f0.fpos["type_type"], 99)
        f1 = s["fields"][1]
        dpos = f1.fpos["dictionary"]
        yield "dictionary-encoding-offset-outside", lambda b: p32(b, dpos, 0x7FFFFFF0)

    def batch_extra(root, n):
        yield from common(root, n)
        h = root["header"]
        for vname in ("nodes", "buffers"):
            vp = h.fpos[vname]

            def vpos(b, vp=vp):
                return vp + struct.unpack_from("<I", b, vp)[0]
            yield f"{vname}-count-0x10000000", lambda b, vpos=vpos: p32(b, vpos(b), 0x10000000)
            yield f"{vname}-count-0xffffffff", lambda b, vpos=vpos: p32(b, vpos(b), 0xFFFFFFFF)
            yield f"{vname}-count-past-end", lambda b, vpos=vpos: p32(b, vpos(b), (n - vpos(b)) // 16 + 1)
            yield f"{vname}-offset-outside", lambda b, vp=vp: p32(b, vp, n)

    out = []
    out += _meta_patch_cases("flatbuffer-offsets", 0, "schema", schema_extra)
    out += _meta_patch_cases("flatbuffer-offsets", 2, "batch0", batch_extra)
    out += _meta_patch_cases("flatbuffer-offsets", 1, "dictionary", common)
    return out


def struct_field(name, children):
    return A.new("Field", name=name, nullable=1, type_type=A.TYPE_IDS["Struct_"],
                 type=A.new("Empty"), children=children)


def int_field(name):
    return A.new("Field", name=name, nullable=1, type_type=A.TYPE_IDS["Int"],
                 type=A.new("Int", bitWidth=32, is_signed=1), children=[])


def deep_stream(depth: int, with_batch=True) -> bytes:
    schema, batch = _deep_frames(depth)
    return schema + (batch if with_batch else b"") + A.EOS


@lru_cache(None)
def _deep_frames(depth: int):
    """Schema t, v, deep: struct<struct<...<int32>>> nested `depth` times;
    a batch of 2 rows with one node and one validity buffer per level."""
    msgs = base_msgs()
    sch = msgs[0].header
    fields = sch["fields"]
    t_f, v_f = fields[0], fields[3]
    inner = int_field("leaf")
    for i in range(depth):
        inner = struct_field(f"s{depth - i}", [inner])
    sch["fields"] = [t_f, v_f, inner]
    b0 = msgs[2]
    body0 = b0.body
    bufs = b0.header["buffers"]
    nodes = [[2, 0], [2, 1]] + [[2, 0]] * depth + [[2, 0]]
    end = len(body0)
    buffers = [bufs[0], bufs[1], bufs[7], bufs[8]] + [[end, 0]] * depth + [[end, 0], bufs[10]]
    b0.header["nodes"] = nodes
    b0.header["buffers"] = buffers
    return A.msg_bytes(msgs[0]), A.msg_bytes(b0)


def dag_stream(depth: int, with_batch: bool) -> bytes:
    """A struct field whose children are [X, X] with X shared, `depth` levels:
    a few hundred bytes that name 2^depth fields."""
    msgs = base_msgs()
    x = int_field("leaf")
    for i in range(depth):
        x = struct_field(f"d{i}", [x, x])
    sch = msgs[0].header
    sch["fields"] = [sch["fields"][0], sch["fields"][3], x]
    out = [msgs[0]]
    if with_batch:
        out.append(msgs[2])
    return A.stream_bytes(out)


def cyclic_stream() -> bytes:
    """A struct field whose only child's uoffset wraps (mod 2^32) back to the
    field itself: a cycle for a reader adding offsets in 32 bits."""
    msgs = base_msgs()
    sch = msgs[0].header
    cyc = struct_field("cyc", [int_field("placeholder")])
    sch["fields"] = [sch["fields"][0], sch["fields"][3], cyc]
    meta = A.encode(msgs[0].meta)
    r = A.Reader(meta)
    root = r.table("Message", r.deref(0))
    f = root["header"]["fields"][2]
    cv = f.fpos["children"]
    vecpos = cv + struct.unpack_from("<I", meta, cv)[0]
    b = bytearray(meta)
    p32(b, vecpos + 4, (f.pos - (vecpos + 4)) & 0xFFFFFFFF)
    framed = A.frame(bytes(b))
    return framed + A.EOS


@case_class
def gen_deep_offsets():
    out = []
    out.append(Case("deep-offsets", "deep-offsets/struct-depth-2000", deep_stream(2000),
                    expect="either", note="a struct column nested 2000 deep (valid layout)"))
    out.append(Case("deep-offsets", "deep-offsets/struct-depth-50000", deep_stream(50000),
                    expect="either", note="a struct column nested 50,000 deep (valid layout)"))
    out.append(Case("deep-offsets", "deep-offsets/struct-depth-50000-schema-only",
                    deep_stream(50000, with_batch=False), expect="either",
                    note="the 50,000-deep schema alone"))
    out.append(Case("deep-offsets", "deep-offsets/dag-2^40-schema-only", dag_stream(40, False),
                    expect="either", note="children [X, X] shared 40 levels: 2^40 fields"))
    out.append(Case("deep-offsets", "deep-offsets/dag-2^40-with-batch", dag_stream(40, True),
                    claim="invalid", note="the 2^40-field DAG schema with a 5-column batch"))
    out.append(Case("deep-offsets", "deep-offsets/dag-2^62-with-batch", dag_stream(62, True),
                    claim="invalid", note="a DAG of 2^62 fields"))
    out.append(Case("deep-offsets", "deep-offsets/cyclic-child", cyclic_stream(),
                    claim="invalid", note="a child offset that wraps in 32 bits to its own parent"))
    return out


@case_class
def gen_bad_utf8():
    out = []
    for k, nm in {"v-ff": b"v\xff", "v-truncated-seq": b"v\xc3", "surrogate": b"v\xed\xa0\x80",
                  "overlong-slash": b"\xc0\xaf"}.items():
        def mut(msgs, nm=nm):
            msgs[0].header["fields"][3]["name"] = nm
        out.append(Case("bad-utf8", f"bad-utf8/field-name/{k}", restream(mut), claim="invalid",
                        note=f"value column v named {nm!r}"))

    def mut_series(msgs):
        msgs[0].header["fields"][2]["name"] = b"lab\xffel"
    out.append(Case("bad-utf8", "bad-utf8/field-name/series-column", restream(mut_series),
                    args=["--series-column", "lab\udcffel", "--x", "t"],
                    claim="invalid", note="series column named b'lab\\xffel'"))
    # a cell used as a series name: the label column (utf8) and the dictionary
    m = base_msgs()
    lab_data = m[2].header["buffers"][6][0]
    dict_data = m[1].header["data"]["buffers"][2][0]
    for k, (msg_i, pos, val, args) in {
            "label-cell-ff": (2, lab_data, b"\xff", ARGS_LABEL),
            "label-cell-c3": (2, lab_data, b"\xc3", ARGS_LABEL),
            "dictionary-value-ff": (1, dict_data, b"\xff", ARGS_NAME),
            "dictionary-value-c3": (1, dict_data + 1, b"\xc3", ARGS_NAME)}.items():
        def mut(msgs, msg_i=msg_i, pos=pos, val=val):
            b = bytearray(msgs[msg_i].body)
            b[pos:pos + len(val)] = val
            msgs[msg_i].body = bytes(b)
        out.append(Case("bad-utf8", f"bad-utf8/cell/{k}", restream(mut), args=list(args),
                        expect="cell", claim="invalid",
                        note=f"a series-name cell holds {val!r}"))
    # valid UTF-8, but hostile
    for k, nm in {"nul": b"v\x00x", "escape": b"v\x1b[31mred", "newline": b"v\nx",
                  "bidi": "v\u202ex".encode()}.items():
        def mut(msgs, nm=nm):
            msgs[0].header["fields"][3]["name"] = nm
        out.append(Case("bad-utf8", f"bad-utf8/field-name-valid/{k}", restream(mut),
                        expect="either", claim="valid", note=f"value column named {nm!r}"))
    for k, val in {"nul": b"\x00", "escape": b"\x1b"}.items():
        def mut(msgs, val=val):
            b = bytearray(msgs[2].body)
            b[lab_data:lab_data + 1] = val
            msgs[2].body = bytes(b)
        out.append(Case("bad-utf8", f"bad-utf8/cell-valid/{k}", restream(mut), args=ARGS_LABEL,
                        expect="either", claim="valid", note=f"a series-name cell {val!r}"))
    return out
