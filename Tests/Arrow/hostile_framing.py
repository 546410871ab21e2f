"""Hostile cases about how messages are framed and ordered: the valid
baseline, every prefix of a stream and of a file, every byte of the
messages' framing and metadata flipped, lying metadata and body lengths,
message order, header types, and tiny inputs.
"""
from __future__ import annotations

import gzip

import arrow_ipc as A
from hostile_base import (ARGS_LABEL, LIES, Case, base_file, base_msgs, base_stream, case_class, flips, patch_i32,
                          restream, value_cases, with_copy)


@case_class
def gen_valid():
    """Valid inputs that must ingest (the baseline the others mutate)."""
    out = [
        Case("valid", "valid/stream", base_stream(), expect="valid", claim="valid",
             check_points=4),
        Case("valid", "valid/file", base_file(), expect="valid", claim="valid",
             oracle_kind="file", check_points=4),
        Case("valid", "valid/legacy-stream",
             A.stream_bytes(base_msgs(), legacy=True), expect="valid", claim="valid",
             note="pre-0.15 framing: no continuation marker"),
        Case("valid", "valid/stream-gz", gzip.compress(base_stream(), mtime=0), gz=True,
             expect="valid", claim="valid", oracle_data=base_stream()),
        Case("valid", "valid/file-gz", gzip.compress(base_file(), mtime=0), gz=True,
             oracle_kind="file", expect="valid", claim="valid", oracle_data=base_file()),
        Case("valid", "valid/stream-stdin", base_stream(), stdin=True, name="-",
             expect="valid", claim="valid"),
        Case("valid", "valid/stream-auto-ext", base_stream(), name="in/auto.arrows",
             explicit_format=False, expect="valid", claim="valid"),
        Case("valid", "valid/file-auto-feather", base_file(), name="in/auto.feather",
             oracle_kind="file", explicit_format=False, expect="valid", claim="valid"),
        Case("valid", "valid/stream-auto-content", base_stream(), name="in/noext",
             explicit_format=False, expect="valid", claim="valid"),
        Case("valid", "valid/file-auto-content", base_file(), name="in/noext-file",
             oracle_kind="file", explicit_format=False, expect="valid", claim="valid"),
        Case("valid", "valid/label-series", base_stream(), args=ARGS_LABEL,
             expect="valid", claim="valid"),
        Case("valid", "valid/reencoded", A.stream_bytes(base_msgs()), expect="valid",
             claim="valid", note="this suite's own encoder, nothing changed"),
    ]
    for c in out:
        c.check_points = 4  # a: 2 points, b: 2 (p: 2, q: 1, qq: 1 by label)
    return out


def _trunc(kind):
    data = base_stream() if kind == "stream" else base_file()
    p = A.parse(data)
    bounds = {m.start for m in p.msgs} | {p.end}
    if p.eos_at is not None:
        bounds.add(p.eos_at)
    out = []
    for n in range(len(data)):
        where = "boundary" if n in bounds else "mid"
        if kind == "file" and p.eos_at is not None and n >= p.eos_at + 8:
            where = "footer"
        out.append(Case(f"truncate-{kind}", f"truncate-{kind}/{where}@{n}", data[:n],
                        offset=n, oracle_kind=kind,
                        expect="oracle" if kind == "stream" else "damaged",
                        claim=None if kind == "stream" else "invalid",
                        note=f"the first {n} of {len(data)} bytes"))
    return out


@case_class
def gen_truncate_stream():
    """Every prefix of a 1488-byte stream (schema, dictionary, 2 batches)."""
    return _trunc("stream")


@case_class
def gen_truncate_file():
    """Every prefix of the same table as an IPC file: all invalid as files
    (no footer, no closing magic), though a prefix cut at a message
    boundary reads as a stream."""
    return _trunc("file")


@case_class
def gen_flip_metadata():
    """Every byte of each message's framing and flatbuffer: ^0xFF and =0xFF."""
    data = base_stream()
    what = A.annotate_stream(data)
    out = []
    for label, start, end in A.metadata_regions(data):
        for pos, how, nb, d in flips(data, range(start, end)):
            # a string's NUL: flatbuffers' verifier wants it, its length
            # already says where the string ends
            nul = "string NUL" in what[pos]
            out.append(Case("flip-metadata", f"flip-metadata/{label}/{how}@{pos}", d,
                            offset=pos, expect="either" if nul else "oracle",
                            note=f"byte {pos} {data[pos]:#04x} -> {nb:#04x}: {what[pos]}"))
    return out


@case_class
def gen_lying_meta_length():
    """The int32 metadata length of each frame: huge, negative, past the end,
    not a multiple of 8, too short for the flatbuffer."""
    data = base_stream()
    p = A.parse(data)
    out = []
    names = ["schema", "dictionary", "batch0", "batch1"]
    for i, m in enumerate(p.msgs):
        pos = m.start + 4
        rest = len(data) - m.meta_start
        vals = {"2^31-1": 2**31 - 1, "-1": -1, "-8": -8, "-2^31": -2**31,
                "0x7ffffff8": 0x7FFFFFF8, "past-end": rest + 8, "to-end+1": rest + 1,
                "plus1": m.meta_len + 1, "minus8": m.meta_len - 8, "4": 4, "1": 1}
        for k, v in vals.items():
            out.append(Case("lying-meta-length", f"lying-meta-length/{names[i]}/{k}",
                            patch_i32(data, pos, v), offset=pos, claim="invalid",
                            note=f"{names[i]}'s metadata length (at byte {pos}) = {v}"))
        if i > 0:  # 0 there is an early end of stream: the rest is trailing bytes
            out.append(Case("lying-meta-length", f"lying-meta-length/{names[i]}/0",
                            patch_i32(data, pos, 0), offset=pos, expect="either",
                            note="metadata length 0 before the message: an EOS, then bytes"))
    return out


@case_class
def gen_lying_body_length():
    out = []
    names = ["schema", "dictionary", "batch0", "batch1"]
    for i in range(4):
        base = base_msgs()
        rest = sum(len(A.msg_bytes(m)) for m in base[i + 1:]) + 8
        vals = dict(LIES)
        vals.update({"past-end": len(base[i].body) + rest + 8,
                     "past-end+1": len(base[i].body) + rest + 1})
        if base[i].body:
            vals.update({"short8": len(base[i].body) - 8, "zero": 0})
        else:
            vals.update({"8": 8})
        def setter(msgs, v, i=i):
            msgs[i].meta["bodyLength"] = v
        out += value_cases("lying-body-length", names[i], vals, setter,
                           lambda v, i=i: f"{names[i]}.bodyLength = {v}", claim="invalid")
    return out


@case_class
def gen_message_order():
    out = []
    out.append(Case("message-order", "message-order/batch-before-schema",
                    restream(lambda m: [m[2], m[0], m[1], m[3]]), claim="invalid",
                    note="record batch first"))
    out.append(Case("message-order", "message-order/only-batches",
                    restream(lambda m: [m[2], m[3]]), claim="invalid", note="no schema"))
    out.append(Case("message-order", "message-order/two-schemas",
                    restream(lambda m: with_copy(m, 0, 1)),
                    claim="invalid", note="the schema twice"))
    out.append(Case("message-order", "message-order/schema-after-batch",
                    restream(lambda m: with_copy(m, 0, 3)),
                    claim="invalid", note="a second schema between the batches"))
    out.append(Case("message-order", "message-order/schema-only",
                    restream(lambda m: [m[0]]), expect="either", claim="valid",
                    note="a schema and no batches: a header with no rows"))
    out.append(Case("message-order", "message-order/schema-and-dict-only",
                    restream(lambda m: m[:2]), expect="either", claim="valid",
                    note="schema + dictionary, no batches"))
    out.append(Case("message-order", "message-order/garbage-after-eos",
                    base_stream() + b"\x13\x37" * 20, expect="either",
                    note="40 bytes after the end-of-stream marker"))
    out.append(Case("message-order", "message-order/stream-after-eos",
                    base_stream() + base_stream(), expect="either",
                    note="a second stream after the EOS"))
    return out


@case_class
def gen_header_type():
    """Unknown / unsupported message header types and metadata versions."""
    out = []
    for which, label in ((0, "schema"), (2, "batch0")):
        for field, keys, what, values, kw in (
                ("header_type", "{}", "header type", (0, 4, 5, 6, 200, 255), {"claim": "invalid"}),
                ("version", "version-{}", "MetadataVersion", (0, 2, 5, 99, -1), {})):
            def setter(msgs, v, which=which, field=field):
                msgs[which].meta[field] = v
            out += value_cases("header-type", label, {keys.format(v): v for v in values}, setter,
                               lambda v, label=label, what=what: f"{label} {what} {v}", **kw)

    def no_header(msgs):
        msgs[2].meta["header"] = None
    out.append(Case("header-type", "header-type/batch0/absent-header", restream(no_header),
                    claim="invalid", note="batch0's header table absent, type 3"))
    # an extra message of type Tensor between the batches
    out.append(Case("header-type", "header-type/extra-tensor-message",
                    restream(lambda m: with_copy(m, 3, 3, meta={"header_type": 4})),
                    claim="invalid", note="a message of type Tensor (4) between the batches"))
    return out


@case_class
def gen_tiny_inputs():
    c = "tiny-inputs"
    legacy_first = A.stream_bytes(base_msgs(), legacy=True)
    return [
        Case(c, f"{c}/empty", b"", claim="invalid", note="0 bytes"),
        Case(c, f"{c}/empty-auto-ext", b"", name="in/empty.arrows", explicit_format=False,
             claim="invalid", note="0 bytes named .arrows, no --format"),
        Case(c, f"{c}/magic6", b"ARROW1", oracle_kind="file", claim="invalid"),
        Case(c, f"{c}/magic8", b"ARROW1\0\0", oracle_kind="file", claim="invalid"),
        Case(c, f"{c}/magic-eos", b"ARROW1\0\0" + A.EOS, oracle_kind="file", claim="invalid"),
        Case(c, f"{c}/magic-magic", b"ARROW1\0\0ARROW1", oracle_kind="file", claim="invalid"),
        Case(c, f"{c}/magic-garbage", b"ARROW1\0\0" + bytes(range(256)) * 4,
             oracle_kind="file", claim="invalid"),
        Case(c, f"{c}/eos", A.EOS, claim="invalid", note="just FF FF FF FF 00 00 00 00"),
        Case(c, f"{c}/legacy-eos", b"\0\0\0\0", claim="invalid", note="just 00 00 00 00"),
        Case(c, f"{c}/eos-then-stream", A.EOS + base_stream(), claim="invalid",
             note="continuation marker, metadata length 0, then a whole valid stream"),
        Case(c, f"{c}/continuation-only", A.CONT, claim="invalid"),
        Case(c, f"{c}/continuation-len-short", A.CONT + b"\x10\x00", claim="invalid"),
        Case(c, f"{c}/ff-x8", b"\xff" * 8, claim="invalid"),
        Case(c, f"{c}/ff-x64", b"\xff" * 64, claim="invalid"),
        Case(c, f"{c}/zeros-4096", b"\0" * 4096, claim="invalid"),
        Case(c, f"{c}/legacy-len-0x7fffffff", b"\xff\xff\xff\x7f" + b"\0" * 12, claim="invalid"),
        Case(c, f"{c}/legacy-len-0x10-then-zeros", b"\x10\0\0\0" + b"\0" * 16, claim="invalid"),
        Case(c, f"{c}/legacy-truncated", legacy_first[:200], claim="invalid",
             note="a pre-0.15 stream cut at byte 200"),
        Case(c, f"{c}/gz-empty", gzip.compress(b"", mtime=0), gz=True, claim="invalid",
             oracle_data=b"", size_limit=0),
        Case(c, f"{c}/stdin-truncated", base_stream()[:700], stdin=True, name="-",
             claim="invalid", note="a stream cut at byte 700 on stdin"),
        Case(c, f"{c}/file-auto-truncated", base_file()[:900], name="in/cut.arrow",
             oracle_kind="file", explicit_format=False, claim="invalid",
             note="an IPC file cut at byte 900, format from the name"),
        Case(c, f"{c}/file-auto-content-truncated", base_file()[:900], name="in/cut",
             oracle_kind="file", explicit_format=False, claim="invalid",
             note="an IPC file cut at byte 900, format from the content"),
    ]
