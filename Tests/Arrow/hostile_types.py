"""Hostile cases per column type: compressed bodies (LZ4, ZSTD), utf8_view
columns, the types ingest reads past, and values at the types' extremes.
"""
from __future__ import annotations

import struct

import arrow_ipc as A
from hostile_base import GIB, Case, base_table, body_patch, case_class, write_ipc


@case_class
def gen_compression():
    """LZ4_FRAME and ZSTD bodies: valid, then lying uncompressed lengths
    (each compressed buffer starts with one), a zero length with data,
    unknown codecs, cut frames, and every byte of the first buffer's length
    and frame header flipped."""
    c = "compression"
    out = []
    t = base_table()
    for codec in ("lz4", "zstd"):
        good = write_ipc(t, codec=codec)
        out.append(Case(c, f"{c}/{codec}/valid-stream", good, expect="valid", claim="valid",
                        check_points=4))
        out.append(Case(c, f"{c}/{codec}/valid-file", write_ipc(t, "file", codec=codec),
                        oracle_kind="file", expect="valid", claim="valid", check_points=4))
        msgs = A.parse(good).msgs
        b0 = msgs[2]
        bufs = b0.meta["header"]["buffers"]
        data_bufs = [(i, o, n) for i, (o, n) in enumerate(bufs) if n > 0]
        i1, o1, n1 = data_bufs[0]          # t.data: the first non-empty buffer
        real = struct.unpack_from("<q", b0.body, o1)[0]

        def with_len(v, o=o1):
            ms = A.clone_msgs(msgs)
            ms[2].body = body_patch(ms[2].body, o, "<q", v)
            return A.stream_bytes(ms)
        for k, v in {"2^62": 2**62, "2^40": 2**40, "3GiB": 3 * GIB, "plus1": real + 1,
                     "minus1": real - 1, "-2": -2, "int-min": -2**63}.items():
            out.append(Case(c, f"{c}/{codec}/uncompressed-length-{k}", with_len(v),
                            claim="invalid", note=f"batch0's t.data says it decompresses to {v} bytes (really {real})"))
        for k, v in {"2^40": 2**40, "3GiB": 3 * GIB}.items():
            out.append(Case(c, f"{c}/{codec}/uncompressed-length-{k}-memlimit", with_len(v),
                            claim="invalid", memlimit=GIB))
        out.append(Case(c, f"{c}/{codec}/uncompressed-length-0-first-buffer", with_len(0),
                        claim="invalid", note="the first non-empty buffer says it holds 0 bytes"))
        out.append(Case(c, f"{c}/{codec}/uncompressed-length-is-minus-1", with_len(-1),
                        note="-1: the frame's bytes taken as stored values"))
        for k, cv in {"2": 2, "127": 127, "-1": -1}.items():
            ms = A.clone_msgs(msgs)
            ms[2].meta["header"]["compression"] = A.new("BodyCompression", codec=cv)
            out.append(Case(c, f"{c}/{codec}/codec-{k}", A.stream_bytes(ms), claim="invalid",
                            note=f"BodyCompression.codec = {cv}"))
        ms = A.clone_msgs(msgs)
        ms[2].meta["header"]["compression"] = A.new("BodyCompression", codec=0 if codec == "zstd" else 1)
        out.append(Case(c, f"{c}/{codec}/codec-swapped", A.stream_bytes(ms), claim="invalid",
                        note="the other codec named"))
        ms = A.clone_msgs(msgs)
        ms[2].meta["header"]["compression"] = A.new("BodyCompression", codec=0, method=1)
        out.append(Case(c, f"{c}/{codec}/method-1", A.stream_bytes(ms),
                        note="BodyCompression.method 1 (not BUFFER)"))
        ms = A.clone_msgs(msgs)
        ms[2].meta["header"]["buffers"][i1] = [o1, n1 - 5]
        out.append(Case(c, f"{c}/{codec}/frame-cut", A.stream_bytes(ms), claim="invalid",
                        note="t.data's compressed frame 5 bytes short"))
        ms = A.clone_msgs(msgs)
        ms[2].meta["header"]["buffers"][i1] = [o1, 4]
        out.append(Case(c, f"{c}/{codec}/buffer-4-bytes", A.stream_bytes(ms), claim="invalid",
                        note="a compressed buffer of 4 bytes (no room for its length)"))
        # no compression table, compressed body
        ms = A.clone_msgs(msgs)
        ms[2].meta["header"]["compression"] = None
        out.append(Case(c, f"{c}/{codec}/compressed-body-declared-plain", A.stream_bytes(ms),
                        note="compressed buffers, no BodyCompression"))
        # flips over each buffer's first 16 bytes (length + frame header)
        base = A.stream_bytes(A.clone_msgs(msgs))
        bstart = A.parse(base).msgs[2].meta_start + A.parse(base).msgs[2].meta_len
        for i, o, n in data_bufs[:1]:   # t.data (the other frames are laid out alike)
            for j in range(min(16, n)):
                pos = bstart + o + j
                d = base[:pos] + bytes([base[pos] ^ 0xFF]) + base[pos + 1:]
                out.append(Case(c, f"{c}/{codec}/flip-buffer{i}@{pos}", d, offset=pos,
                                note=f"batch0 buffer {i} byte {j} ^0xFF"))
    return out


def view_table(long=True):
    import pyarrow as pa
    t = base_table()
    labels = ["p" * 20, "q" * 13, "p", "qq"] if long else ["p", "q", "p", "qq"]
    return pa.table({"t": t["t"], "label": pa.array(labels).cast(pa.string_view()), "v": t["v"]})


@case_class
def gen_views():
    """utf8_view columns: 16-byte views, inline (<= 12 bytes) or into
    variadic buffers; views and counts that lie."""
    c = "views"
    out = []
    good = write_ipc(view_table(), chunk=4)   # one batch: rows 0-1 out of line, 2-3 inline
    args = ["--series-column", "label", "--x", "t"]
    out.append(Case(c, f"{c}/valid", good, args=args, expect="valid", claim="valid",
                    check_points=4))
    msgs = A.parse(good).msgs
    b0 = msgs[1]
    h = b0.meta["header"]
    vbuf = h["buffers"][3]        # label views (t: 2 buffers, label validity, views)

    def patched(view_row, fmt, off, val, **kw):
        ms = A.clone_msgs(msgs)
        ms[1].body = body_patch(ms[1].body, vbuf[0] + 16 * view_row + off, fmt, val)
        return A.stream_bytes(ms)
    # row 0 is out of line (20 bytes): length, prefix, buffer index, offset
    for k, (off, val) in {"length-negative": (0, -5), "length-2^31-1": (0, 2**31 - 1),
                          "length-past-buffer": (0, 100), "buffer-index-1": (8, 1),
                          "buffer-index-negative": (8, -1), "offset-past": (12, 1000),
                          "offset-negative": (12, -4), "offset-int-max": (12, 2**31 - 1)}.items():
        out.append(Case(c, f"{c}/row0-{k}", patched(0, "<i", off, val), args=args,
                        claim="invalid", note=f"label view of row 1: field at +{off} = {val}"))
    # an inline view saying 13 bytes (not inline) pointing nowhere
    out.append(Case(c, f"{c}/row2-inline-length-13", patched(2, "<i", 0, 13), args=args,
                    claim="invalid", note="row 3's inline view claims 13 bytes"))
    for k, v in {"absent": None, "zero": [0], "2^62": [2**62], "-1": [-1], "two": [1, 1]}.items():
        ms = A.clone_msgs(msgs)
        ms[1].meta["header"]["variadicBufferCounts"] = v
        out.append(Case(c, f"{c}/variadic-counts-{k}", A.stream_bytes(ms), args=args,
                        claim=None if k == "two" else "invalid",
                        expect="damaged" if k == "two" else "oracle",
                        note=f"variadicBufferCounts = {v}"
                        + (" (one view column; pyarrow ignores the extra count)" if k == "two" else "")))
    ms = A.clone_msgs(msgs)
    ms[1].meta["header"]["buffers"][4] = [vbuf[0], 2**62]
    out.append(Case(c, f"{c}/variadic-buffer-length-2^62", A.stream_bytes(ms), args=args,
                    claim="invalid", note="the variadic data buffer's length 2^62"))
    return out


def other_types_table():
    import pyarrow as pa
    import decimal
    t = base_table()
    n = 4
    return pa.table({
        "t": t["t"], "name": t["name"], "v": t["v"],
        "dec": pa.array([decimal.Decimal("1.5")] * n, pa.decimal256(10, 2)),
        "dur": pa.array([1, 2, 3, 4], pa.duration("s")),
        "lst": pa.array([[1], [2, 3], [], None], pa.list_(pa.int32())),
        "st": pa.StructArray.from_arrays(
            [pa.array([1, 2, 3, 4], pa.int8()), pa.array(["x", "y", "x", "y"]).dictionary_encode()],
            names=["a", "d"]),
        "fsb": pa.array([b"ab", b"cd", b"ef", b"gh"], pa.binary(2)),
        "mp": pa.array([[("k", 1)], [], [("k", 2)], None], pa.map_(pa.string(), pa.int64())),
        "nul": pa.nulls(n),
        "ldict": pa.array([["x"], ["y"], [], ["x"]], pa.list_(pa.dictionary(pa.int8(), pa.string()))),
    })


@case_class
def gen_other_types():
    """Columns ingest reads past (decimal256, duration, list, struct with a
    dictionary child, fixed_size_binary, map, list of dictionary) and a null
    column: valid, they are ignored; their nodes and buffers are checked
    for bounds and alignment (lying, they are a damaged stream all the
    same), their contents are not validated."""
    c = "other-types"
    out = []
    good = write_ipc(other_types_table())
    out.append(Case(c, f"{c}/valid", good, expect="valid", claim="valid", check_points=4,
                    note="the base columns plus 8 ignored types (a nested dictionary among them)"))
    out.append(Case(c, f"{c}/valid-file", write_ipc(other_types_table(), "file"),
                    oracle_kind="file", expect="valid", claim="valid", check_points=4))
    msgs = A.parse(good).msgs
    bi = next(i for i, m in enumerate(msgs) if m.htype == 3)
    h = msgs[bi].meta["header"]
    # buffer layout: t(2) name(2) v(2) dec(2) dur(2) lst(2: validity, offsets)+child(2) ...
    names = ["t.validity", "t.data", "name.validity", "name.indices", "v.validity", "v.data",
             "dec.validity", "dec.data", "dur.validity", "dur.data",
             "lst.validity", "lst.offsets", "lst.item.validity", "lst.item.data"]
    for k in range(6, 14):
        for what, col, v in (("offset", 0, 2**62), ("length", 1, 2**62), ("length", 1, -1)):
            ms = A.clone_msgs(msgs)
            ms[bi].meta["header"]["buffers"][k][col] = v
            bitmap = names[k].endswith(".validity")  # null_count 0: pyarrow never reads it
            out.append(Case(c, f"{c}/{names[k]}.{what}-{v}", A.stream_bytes(ms),
                            claim=None if bitmap else "invalid",
                            expect="damaged" if bitmap else "oracle",
                            note=f"the ignored column's buffer {names[k]} {what} = {v}"))
    ms = A.clone_msgs(msgs)
    # list offsets past the child: the list's offsets buffer bytes
    lo = h["buffers"][11][0]
    ms[bi].body = body_patch(ms[bi].body, lo, "<3i", 0, 50, 3)
    # A column ingest reads past has its nodes and buffers checked for bounds
    # and alignment, but not its contents (docs/ingest.md: "their contents are
    # not checked"): a list's offsets past its child and a child node's length
    # are contents, so these two may be read past (exit 0) or refused (65).
    # pyarrow refuses both (claim): the mutation is what it says it is.
    out.append(Case(c, f"{c}/list-offsets-past-child", A.stream_bytes(ms), claim="invalid",
                    expect="either", note="the ignored list column's offsets 0, 50, 3"))
    ms = A.clone_msgs(msgs)
    ms[bi].meta["header"]["nodes"][6][0] = 10**9   # the list's child node
    out.append(Case(c, f"{c}/child-node-length-1e9", A.stream_bytes(ms), claim="invalid",
                    expect="either", note="the ignored list's child node says 10^9 values"))
    return out


def _single_type_stream(arr, name="x", extra=None):
    import pyarrow as pa
    cols = {name: arr}
    if extra:
        cols.update(extra)
    return write_ipc(pa.table(cols), chunk=1 << 20)


@case_class
def gen_extreme_values():
    """Valid Arrow whose values are at the types' extremes, as x and as
    values: the text they become must be refused as a bad row or read, never
    trap (overflow in date arithmetic, etc.)."""
    import decimal
    import pyarrow as pa
    c = "extreme-values"
    out = []
    i64 = [-2**63, 2**63 - 1, -1, 0]
    vals = pa.array([1.0, 2.0, 3.0, 4.0])
    cases = {}
    for unit in ("s", "ms", "us", "ns"):
        cases[f"timestamp-{unit}-utc"] = pa.array(i64, pa.timestamp(unit, tz="UTC"))
        cases[f"timestamp-{unit}-naive"] = pa.array(i64, pa.timestamp(unit))
    cases["date32"] = pa.array([-2**31, 2**31 - 1, 0, 1], pa.date32())
    cases["date64"] = pa.array(i64, pa.date64())
    cases["time32-s"] = pa.array([-2**31, 2**31 - 1, 0, 86399], pa.time32("s"))
    cases["time32-ms"] = pa.array([-2**31, 2**31 - 1, 0, 1], pa.time32("ms"))
    cases["time64-us"] = pa.array(i64, pa.time64("us"))
    cases["time64-ns"] = pa.array(i64, pa.time64("ns"))
    cases["int64"] = pa.array(i64, pa.int64())
    cases["uint64"] = pa.array([2**64 - 1, 0, 2**63, 1], pa.uint64())
    cases["int8"] = pa.array([-128, 127, 0, 1], pa.int8())
    cases["float64"] = pa.array([float("nan"), float("inf"), -float("inf"), 5e-324])
    cases["float32"] = pa.array([float("nan"), float("inf"), 3.4e38, 1e-45], pa.float32())
    cases["float16"] = pa.array(__import__("numpy").array([float("nan"), float("inf"), 65504, 6e-8],
                                                           dtype="float16"), pa.float16())
    nines = 10 ** 38 - 1
    cases["decimal128-38-0"] = pa.array([decimal.Decimal(-nines), decimal.Decimal(nines), 0, 1], pa.decimal128(38, 0))
    cases["decimal128-38-38"] = pa.array([decimal.Decimal("-0." + "9" * 38), decimal.Decimal("0." + "9" * 38), 0,
                                          decimal.Decimal("1E-38")], pa.decimal128(38, 38))
    cases["bool"] = pa.array([True, False, None, True])
    cases["large-utf8"] = pa.array(["a", "", None, "\u202e\x1b"], pa.large_string())
    cases["binary-ff"] = pa.array([b"\xff\xfe", b"", None, b"\x00"], pa.binary())
    out_of_range = {"date64", "time32-s", "time32-ms", "time64-us", "time64-ns"}
    for k, arr in cases.items():
        claim = None if k in out_of_range else "valid"  # pyarrow: not whole days / not in a day
        d = _single_type_stream(arr, "x", {"y": vals})
        out.append(Case(c, f"{c}/{k}/as-x", d, args=["--x", "x", "--y", "y"], expect="either",
                        claim=claim, note=f"{arr.type} extremes as x"))
        d = _single_type_stream(arr, "val", {"x": pa.array([1, 2, 3, 4])})
        out.append(Case(c, f"{c}/{k}/as-value", d, args=["--x", "x", "--y", "val"],
                        expect="either", claim=claim, note=f"{arr.type} extremes as a value"))
        d = _single_type_stream(arr, "s", {"x": pa.array([1, 2, 3, 4]), "y": vals})
        out.append(Case(c, f"{c}/{k}/as-series", d,
                        args=["--series-column", "s", "--x", "x", "--y", "y"], expect="either",
                        claim=claim, note=f"{arr.type} extremes as the series column"))
    return out
