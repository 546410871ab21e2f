"""Hostile cases in an IPC file's footer (File.fbs), which a reader that
follows it trusts.
"""
from __future__ import annotations

import struct

import arrow_ipc as A
from hostile_base import GIB, Case, base_msgs, case_class, flips


@case_class
def gen_file_footer():
    """An IPC file's footer (File.fbs: schema, dictionary and record batch
    Blocks of offset, metaDataLength, bodyLength), which a reader that
    follows it trusts: every byte flipped (^0xFF, =0xFF), lying blocks,
    a block repeated 2^16 times, a footer length that lies."""
    c = "file-footer"
    out = []
    msgs = base_msgs()
    good = A.file_bytes(A.clone_msgs(msgs))
    out.append(Case(c, f"{c}/valid-reencoded", good, oracle_kind="file", expect="valid",
                    claim="valid", check_points=4))
    p = A.parse(good)
    fs = p.footer_start
    what = {fs + k: v for k, v in A.annotate(good[fs:len(good) - 10], "Footer").items()}
    for pos, how, nb, d in flips(good, range(fs, len(good) - 6)):
        where = "footer length" if pos >= len(good) - 10 else what[pos]
        out.append(Case(c, f"{c}/flip-{how}@{pos}", d, offset=pos, oracle_kind="file",
                        expect="either" if "string NUL" in where else "oracle",
                        note=f"byte {pos} {good[pos]:#04x} -> {nb:#04x}: {where}"))
    b0 = p.footer["recordBatches"][0]
    d0 = p.footer["dictionaries"][0]
    size = len(good)
    lies = {
        "batch-offset--8": ("recordBatches", 0, 0, -8),
        "batch-offset-2^62": ("recordBatches", 0, 0, 2**62),
        "batch-offset-size": ("recordBatches", 0, 0, size),
        "batch-offset-mid-message": ("recordBatches", 0, 0, b0[0] + 4),
        "batch-offset-at-dictionary": ("recordBatches", 0, 0, d0[0]),
        "batch-offset-at-schema": ("recordBatches", 0, 0, 8),
        "batch-offset-in-footer": ("recordBatches", 0, 0, p.footer_start),
        "batch-metalen-0": ("recordBatches", 0, 1, 0),
        "batch-metalen--1": ("recordBatches", 0, 1, -1),
        "batch-metalen-2^31-1": ("recordBatches", 0, 1, 2**31 - 1),
        "batch-metalen-plus8": ("recordBatches", 0, 1, b0[1] + 8),
        "batch-bodylen--1": ("recordBatches", 0, 2, -1),
        "batch-bodylen-2^62": ("recordBatches", 0, 2, 2**62),
        "batch-bodylen-plus8": ("recordBatches", 0, 2, b0[2] + 8),
        "dict-offset-2^62": ("dictionaries", 0, 0, 2**62),
        "dict-offset-at-batch": ("dictionaries", 0, 0, b0[0]),
        "dict-bodylen-2^62": ("dictionaries", 0, 2, 2**62),
    }
    for k, (vec, i, col, v) in lies.items():
        def fm(footer, vec=vec, i=i, col=col, v=v):
            footer[vec][i][col] = v
        out.append(Case(c, f"{c}/{k}", A.file_bytes(A.clone_msgs(msgs), footer_mut=fm),
                        oracle_kind="file", claim="invalid", note=f"footer {vec}[{i}] field {col} = {v}"))
    structural = {
        "no-batches": lambda f: f.f.__setitem__("recordBatches", []),
        "no-dictionaries": lambda f: f.f.__setitem__("dictionaries", []),
        "no-schema": lambda f: f.f.__setitem__("schema", None),
        "batch-twice": lambda f: f["recordBatches"].append(list(f["recordBatches"][0])),
        "batches-swapped": lambda f: f["recordBatches"].reverse(),
        "schema-renamed-v": lambda f: f["schema"]["fields"][3].f.__setitem__("name", b"w"),
        "schema-v-int64": lambda f: f["schema"]["fields"][3].f.update(
            type_type=2, type=A.new("Int", bitWidth=64, is_signed=1)),
        "schema-one-field-fewer": lambda f: f["schema"]["fields"].pop(),
    }
    for k, fm in structural.items():
        out.append(Case(c, f"{c}/{k}", A.file_bytes(A.clone_msgs(msgs), footer_mut=fm),
                        oracle_kind="file", note=f"footer: {k}"))
    # one record batch listed 2^16 times: 1.5 MiB of footer, 2^17 rows
    def rep(f):
        f["recordBatches"] = [list(f["recordBatches"][0])] * (1 << 16)
    out.append(Case(c, f"{c}/batch-listed-2^16-times", A.file_bytes(A.clone_msgs(msgs), footer_mut=rep),
                    oracle_kind="file", expect="either", memlimit=GIB,
                    note="the footer lists batch0 65536 times (ulimit -v 1 GiB)"))
    for k, fn in {
            "length-0": lambda t, at, n: struct.pack("<i", 0) + A.MAGIC,
            "length--1": lambda t, at, n: struct.pack("<i", -1) + A.MAGIC,
            "length-2^31-1": lambda t, at, n: struct.pack("<i", 2**31 - 1) + A.MAGIC,
            "length-whole-file": lambda t, at, n: struct.pack("<i", at + n) + A.MAGIC,
            "length-past-start": lambda t, at, n: struct.pack("<i", at + n + 8) + A.MAGIC,
            "length-minus-8": lambda t, at, n: struct.pack("<i", n - 8) + A.MAGIC,
            "magic-arrow2": lambda t, at, n: t[:4] + b"ARROW2"}.items():
        out.append(Case(c, f"{c}/tail-{k}", A.file_bytes(A.clone_msgs(msgs), tail_mut=fn),
                        oracle_kind="file", claim="invalid", note=f"the file's tail: {k}"))
    return out
