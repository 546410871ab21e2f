"""Hostile cases about size: bodies and row counts that claim gigabytes
(in gzip, under a memory limit), real large inputs, 10^9 valid rows of
nulls, and schemas of 2^19 columns.
"""
from __future__ import annotations

import gzip

import arrow_ipc as A
from hostile_base import GIB, Case, base_msgs, base_stream, case_class, patch_i32, restream, write_ipc


def one_column_stream(rows: int) -> bytes:
    import pyarrow as pa
    import numpy as np
    rng = np.random.default_rng(7)
    t = pa.table({"v": pa.array(rng.standard_normal(rows))})
    return write_ipc(t, "stream", chunk=1 << 16)


def gzip_stream(chunks) -> bytes:
    """gzip of the chunks' concatenation, built piece by piece (so this
    process's peak memory, which every child it forks inherits as its
    starting ru_maxrss, stays small)."""
    import zlib
    co = zlib.compressobj(9, zlib.DEFLATED, 31)
    out = [co.compress(ch) for ch in chunks]
    out.append(co.flush())
    return b"".join(out)


@case_class
def gen_bombs():
    c = "bombs"
    out = []
    # bodyLength claims gigabytes, gzip around it; with and without real bytes
    for k, v in {"4GiB": 4 * GIB, "1TiB": 1 << 40, "2^62": 2**62}.items():
        def mut(msgs, v=v):
            msgs[2].meta["bodyLength"] = v
        raw = restream(mut)
        out.append(Case(c, f"{c}/gz-body-{k}", gzip.compress(raw, mtime=0), gz=True,
                        claim="invalid", oracle_data=raw, size_limit=len(raw),
                        note=f"gzip of a stream whose batch0 bodyLength is {v}"))
        out.append(Case(c, f"{c}/gz-body-{k}-memlimit", gzip.compress(raw, mtime=0), gz=True,
                        claim="invalid", oracle_data=raw, size_limit=len(raw), memlimit=GIB,
                        note=f"as gz-body-{k}, under ulimit -v 1 GiB"))
    # 256 MiB of real zeros after the claim: a reader must stream, not hold it
    msgs = base_msgs()
    msgs[2].meta["bodyLength"] = 4 * GIB
    head = b"".join(A.msg_bytes(m) for m in msgs[:2]) + A.frame(A.encode(msgs[2].meta))
    zeros = 64 << 20
    gz = gzip_stream([head] + [bytes(1 << 20)] * (zeros >> 20))
    out.append(Case(c, f"{c}/gz-body-4GiB-64MiB-real", gz, gz=True, claim=None,
                    expect="damaged", size_limit=len(head) + zeros, memlimit=GIB,
                    note="batch0 claims 4 GiB of body; 64 MiB of zeros follow; ulimit -v 1 GiB"))
    # the metadata length claims 2 GiB inside gzip
    raw = patch_i32(base_stream(), A.parse(base_stream()).msgs[2].start + 4, 2**31 - 8)
    out.append(Case(c, f"{c}/gz-meta-2GiB", gzip.compress(raw, mtime=0), gz=True,
                    claim="invalid", oracle_data=raw, size_limit=len(raw), memlimit=GIB))
    # 10^9 rows declared, tiny buffers
    for k, nodes_too in {"length-only": False, "length-and-nodes": True}.items():
        def mut(msgs, nodes_too=nodes_too):
            h = msgs[2].header
            h["length"] = 10**9
            if nodes_too:
                h["nodes"] = [[10**9, 0] for _ in h["nodes"]]
        raw = restream(mut)
        out.append(Case(c, f"{c}/rows-1e9-{k}", raw, claim="invalid",
                        note=f"batch0 declares 10^9 rows ({k}); buffers hold 2"))
        out.append(Case(c, f"{c}/rows-1e9-{k}-memlimit", raw, claim="invalid", memlimit=GIB))

    # 10^9 rows, every buffer absent (length 0) and null_count = length: all null
    def allnull(msgs):
        h = msgs[2].header
        h["length"] = 10**9
        h["nodes"] = [[10**9, 10**9] for _ in h["nodes"]]
        h["buffers"] = [[0, 0] for _ in h["buffers"]]
    raw = restream(allnull)
    out.append(Case(c, f"{c}/rows-1e9-all-null-no-buffers", raw, claim=None,
                    expect="oracle", memlimit=GIB,
                    note="10^9 rows all null, no validity bitmaps (allowed when null_count = length)"))
    # a real 10^6-row column
    big = one_column_stream(10**6)
    args = ["--x", "(row number)", "--series", "big"]
    out.append(Case(c, f"{c}/rows-1e6-real", big, args=args, expect="valid", claim="valid",
                    check_points=10**6, note="one float64 column, 10^6 rows, 16 batches"))
    out.append(Case(c, f"{c}/rows-1e6-real-memlimit", big, args=args, expect="valid",
                    claim="valid", memlimit=GIB, check_points=10**6))
    out.append(Case(c, f"{c}/rows-1e6-real-gz", gzip.compress(big, compresslevel=1, mtime=0),
                    gz=True, args=args, expect="valid", claim="valid", oracle_data=big,
                    check_points=10**6))
    return out


def null_rows_stream(rows: int, ncols: int, names=("t", "v")) -> bytes:
    """A schema of null-typed columns and one batch of `rows` rows: no
    buffers at all, which is valid (the null type has none)."""
    fields = [A.new("Field", name=names[i], nullable=1, type_type=A.TYPE_IDS["Null"],
                    type=A.new("Empty"), children=[]) for i in range(ncols)]
    schema = A.message(A.HEADER_SCHEMA, A.new("Schema", endianness=0, fields=fields))
    batch = A.message(A.HEADER_BATCH, A.new("RecordBatch", length=rows,
                                            nodes=[[rows, rows]] * ncols, buffers=[]))
    return A.stream_bytes([schema, batch])


@case_class
def gen_row_bombs():
    """Tiny inputs that are valid and declare 10^9 or 2^62 rows: null-typed
    columns need no buffers. The first row already lacks x, so a run that
    stops at the first bad row stops at once; counting rows must not take
    the 20 s either way, nor memory past the budget."""
    c = "row-bombs"
    out = []
    for k, rows in {"1e9": 10**9, "2^62": 2**62}.items():
        d = null_rows_stream(rows, 2)
        out.append(Case(c, f"{c}/null-x-{k}", d, args=["--x", "t", "--y", "v"],
                        expect="either", claim=None if rows > 2**31 else "valid",
                        note=f"{rows} rows of null t and v"))
        out.append(Case(c, f"{c}/null-x-{k}-memlimit", d, args=["--x", "t", "--y", "v"],
                        expect="either", memlimit=GIB))
        d1 = null_rows_stream(rows, 1, names=("v",))
        out.append(Case(c, f"{c}/row-number-{k}-memlimit", d1, args=["--x", "(row number)", "--y", "v"],
                        expect="either", memlimit=256 << 20,
                        note=f"{rows} rows of a null v, x the row number, ulimit -v 256 MiB "
                             "(the rows held pass the budget after ~4*10^6 rows: exit 71)"))
    return out


@case_class
def gen_wide_schema():
    """A 2 MiB schema of 2^19 columns (one shared Field table), and 5*10^4
    distinct columns: no rows, so a clean 65 (or 0) within 20 s."""
    c = "wide-schema"
    out = []
    msgs = base_msgs()
    shared = A.new("Field", name=b"w", nullable=1, type_type=A.TYPE_IDS["Int"],
                   type=A.new("Int", bitWidth=32, is_signed=1), children=[])
    sch = msgs[0].header
    sch["fields"] = sch["fields"][:1] + [shared] * (1 << 19)
    out.append(Case(c, f"{c}/shared-2^19-same-name", A.stream_bytes([msgs[0]]), expect="either",
                    args=["--x", "t"], note="2^19 columns named w, one Field table (2 MiB)"))
    msgs = base_msgs()
    sch = msgs[0].header
    sch["fields"] = sch["fields"][:1] + [
        A.new("Field", name=f"c{i}", nullable=1, type_type=A.TYPE_IDS["Int"],
              type=A.new("Int", bitWidth=32, is_signed=1), children=[]) for i in range(50000)]
    out.append(Case(c, f"{c}/distinct-5e4", A.stream_bytes([msgs[0]]), expect="either",
                    args=["--x", "t"], claim="valid", note="5*10^4 int32 columns, no batch"))
    return out
