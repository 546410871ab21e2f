"""Hostile cases inside record and dictionary batches: lying buffers,
nodes and lengths, utf8 offsets, dictionary indices, node and buffer
counts that do not match the schema, and dictionaries out of order.
"""
from __future__ import annotations

import arrow_ipc as A
from hostile_base import (ARGS_LABEL, ARGS_NAME, LIES, Case, base_msgs, body_patch, case_class, restream, value_cases,
                          with_copy, write_ipc)


WHAT = {"buffers": ("offset", "length"), "nodes": ("length", "null_count")}  # a Buffer's, a FieldNode's entries


def _batch0_cases(cls, vec, names, col, values):
    """Entry `col` of each element of batch0's `vec` (nodes or buffers, one
    per name) set to each of `values`; built invalid."""
    out = []
    for i, name in enumerate(names):
        def setter(msgs, v, i=i):
            msgs[2].header[vec][i][col] = v
        label = f"batch0.{vec}[{i}]({name}).{WHAT[vec][col]}"
        out += value_cases(cls, label, values, setter, lambda v, label=label: f"{label} = {v}", claim="invalid")
    return out


def _dictionary_cases(cls, vec, index, name, col, values, note, **kw):
    """Entry `col` of element `index` of the dictionary batch's `vec`;
    note(what, v) says what the case is."""
    what = WHAT[vec][col]

    def setter(msgs, v):
        msgs[1].header["data"][vec][index][col] = v
    return value_cases(cls, f"dict.{vec}[{index}]{name}.{what}", values, setter, lambda v: note(what, v), **kw)


BUF_NAMES = ["t.validity", "t.data", "name.validity", "name.indices",
             "label.validity", "label.offsets", "label.data", "v.validity",
             "v.data", "n.validity", "n.data"]
NODE_NAMES = ["t", "name", "label", "v", "n"]


def _lying_buffers(keep_bitmaps=False):
    """Buffer offset/length of every buffer of batch0 and of the dictionary
    (the bitmaps of columns without nulls: lying-unused-bitmap)."""
    out = []
    body0 = len(base_msgs()[2].body)
    offs = {"2^62": 2**62, "-8": -8, "2^31-1": 2**31 - 1, "bodyLength": body0,
            "bodyLength-4": body0 - 4, "2^63-8": 2**63 - 8, "-2^63": -2**63}
    lens = {"2^62": 2**62, "-1": -1, "2^31-1": 2**31 - 1, "bodyLength+8": body0 + 8,
            "2^63-1": 2**63 - 1, "-2^63": -2**63}

    out += _batch0_cases("lying-buffers", "buffers", BUF_NAMES, 0, offs)
    out += _batch0_cases("lying-buffers", "buffers", BUF_NAMES, 1, lens)
    if not keep_bitmaps:
        out = [c for c in out if not _unused_bitmap(c)]
    # the dictionary's buffers (its validity bitmap: lying-unused-bitmap)
    dbody = len(base_msgs()[1].body)
    for bi, bn in enumerate(["validity", "offsets", "data"]):
        if bi == 0:
            continue
        for col, vals in _dictionary_lies(dbody):
            out += _dictionary_cases("lying-buffers", "buffers", bi, f"({bn})", col, vals, claim="invalid",
                                     note=lambda what, v, bn=bn: f"dictionary buffer {bn} {what} = {v}")
    return out


@case_class
def gen_lying_buffers():
    return _lying_buffers()


def _dictionary_lies(body_length):
    """(entry, values) for a dictionary buffer's offset (0) and length (1)."""
    return ((0, {"2^62": 2**62, "-8": -8, "past-end": body_length + 8}),
            (1, {"2^62": 2**62, "-1": -1, "past-end": body_length + 8}))


def _unused_bitmap(c):
    return any(f"({n}.validity)" in c.id for n in ("t", "name", "label", "n"))


@case_class
def gen_lying_unused_bitmap():
    """Lying offset/length of validity bitmaps of columns with null_count 0.
    pyarrow accepts these (it never looks at a bitmap when null_count is 0),
    but the buffer lies outside the body, which the contract calls damaged
    ("offsets or lengths out of range")."""
    out = []
    for c in _lying_buffers(keep_bitmaps=True):
        if _unused_bitmap(c):
            # an empty buffer at or just before the body's end is in range
            in_range = c.id.endswith("offset/bodyLength") or c.id.endswith("offset/bodyLength-4")
            out.append(Case("lying-unused-bitmap", c.id.replace("lying-buffers", "lying-unused-bitmap"),
                            c.data, claim="valid" if in_range else None,
                            expect="either" if in_range else "damaged",
                            note=c.note + ("" if in_range else
                                           " (null_count 0: pyarrow never reads it and accepts)")))
    dbody = len(base_msgs()[1].body)
    for col, vals in _dictionary_lies(dbody):
        out += _dictionary_cases("lying-unused-bitmap", "buffers", 0, "(validity)", col, vals, expect="damaged",
                                 note=lambda what, v: f"dictionary validity bitmap {what} = {v} (null_count 0)")
    return out


@case_class
def gen_lying_nodes():
    """FieldNode length / null_count of each column of batch0 and the dictionary."""
    out = []
    vals_len = {"2^31-1": 2**31 - 1, "2^62": 2**62, "-1": -1, "3": 3, "1e9": 10**9,
                "-2^63": -2**63}
    vals_null = {"2^62": 2**62, "-1": -1, "3": 3, "2^63-1": 2**63 - 1, "-2": -2}

    out += _batch0_cases("lying-nodes", "nodes", NODE_NAMES, 0, vals_len)
    out += _batch0_cases("lying-nodes", "nodes", NODE_NAMES, 1, vals_null)
    for c in out:
        if c.id.endswith("null_count/-1"):
            c.claim = None  # pyarrow reads -1 as "not known" and counts
    for col, vals in ((0, vals_len), (1, vals_null)):
        out += _dictionary_cases("lying-nodes", "nodes", 0, "", col, vals,
                                 note=lambda what, v: f"dictionary node {what} = {v}")
    return out


@case_class
def gen_lying_batch_length():
    out = []
    vals = dict(LIES)
    vals.update({"0": 0, "3": 3, "1": 1})
    for which, label in ((2, "batch0"), (3, "batch1")):
        def setter(msgs, v, which=which):
            msgs[which].header["length"] = v
        out += value_cases("lying-batch-length", label, vals, setter,
                           lambda v, label=label: f"{label}.length = {v} (nodes say 2)")

    def dict_setter(msgs, v):
        msgs[1].header["data"]["length"] = v
    out += value_cases("lying-batch-length", "dict", {"2^31-1": 2**31 - 1, "2^62": 2**62, "-1": -1, "0": 0, "5": 5},
                       dict_setter, lambda v: f"dictionary batch length = {v}")
    return out


@case_class
def gen_utf8_offsets():
    """utf8 offsets decreasing, negative, or past the data buffer: the label
    column of batch0 (offsets at body 48: 0,1,2) and the dictionary (0,1,2)."""
    out = []
    m = base_msgs()
    lab_off = m[2].header["buffers"][5][0]
    dict_off = m[1].header["data"]["buffers"][1][0]
    variants = {"decreasing": (0, 2, 1), "reversed": (2, 1, 0), "first-negative": (-1, 1, 2),
                "past-data": (0, 1, 100), "huge": (0, 1, 2**31 - 1),
                "mid-negative": (0, -5, 2), "last-int-min": (0, 1, -2**31)}
    for where, msg_i, pos, args in (("label", 2, lab_off, ARGS_LABEL),
                                    ("label-unused", 2, lab_off, ARGS_NAME),
                                    ("dictionary", 1, dict_off, ARGS_NAME)):
        for k, vals in variants.items():
            def mut(msgs, msg_i=msg_i, pos=pos, vals=vals):
                msgs[msg_i].body = body_patch(msgs[msg_i].body, pos, "<3i", *vals)
            out.append(Case("utf8-offsets", f"utf8-offsets/{where}/{k}", restream(mut),
                            args=list(args), claim="invalid",
                            note=f"{where} offsets = {vals}"))
    return out


@case_class
def gen_dict_indices():
    out = []
    m = base_msgs()
    pos = m[2].header["buffers"][3][0]
    for k, vals in {"2": (0, 2), "-1": (0, -1), "2^31-1": (0, 2**31 - 1), "both-5": (5, 5),
                    "int-min": (-2**31, 0)}.items():
        def mut(msgs, vals=vals):
            msgs[2].body = body_patch(msgs[2].body, pos, "<2i", *vals)
        out.append(Case("dict-indices", f"dict-indices/batch0/{k}", restream(mut),
                        claim="invalid", note=f"name indices = {vals} (dictionary has 2)"))
    # unused dictionary column out of range
    def mut(msgs):
        msgs[2].body = body_patch(msgs[2].body, pos, "<2i", 0, 7)
    out.append(Case("dict-indices", "dict-indices/unused-column", restream(mut),
                    args=ARGS_LABEL, claim="invalid",
                    note="indices of the (unused) name column = 0, 7"))
    return out


@case_class
def gen_count_mismatch():
    """A batch whose node or buffer count does not match the schema."""
    cases = {
        "nodes-drop-last": lambda h: h["nodes"].pop(),
        "nodes-extra": lambda h: h["nodes"].append([2, 0]),
        "nodes-empty": lambda h: h.f.__setitem__("nodes", []),
        "nodes-absent": lambda h: h.f.__setitem__("nodes", None),
        "buffers-drop-last": lambda h: h["buffers"].pop(),
        "buffers-drop-first": lambda h: h["buffers"].pop(0),
        "buffers-extra": lambda h: h["buffers"].append([0, 0]),
        "buffers-empty": lambda h: h.f.__setitem__("buffers", []),
        "buffers-absent": lambda h: h.f.__setitem__("buffers", None),
    }
    out = []
    for k, f in cases.items():
        def mut(msgs, f=f):
            f(msgs[2].header)
        extra = k.endswith("-extra")  # pyarrow ignores what is left over
        out.append(Case("count-mismatch", f"count-mismatch/batch0/{k}", restream(mut),
                        claim=None if extra else "invalid",
                        expect="damaged" if extra else "oracle", note=k))
    for k in ("nodes-extra", "buffers-drop-last", "buffers-extra", "nodes-empty"):
        f = cases[k]

        def mut(msgs, f=f):
            f(msgs[1].header["data"])
        extra = k.endswith("-extra")
        out.append(Case("count-mismatch", f"count-mismatch/dict/{k}", restream(mut),
                        claim=None if extra else "invalid",
                        expect="damaged" if extra else "oracle", note="dictionary " + k))

    # the schema says n is utf8 (3 buffers), the batch has an int's 2
    def mut(msgs):
        f = msgs[0].header["fields"][4]
        f["type_type"] = A.TYPE_IDS["Utf8"]
        f["type"] = A.new("Empty")
    out.append(Case("count-mismatch", "count-mismatch/schema-type-changed", restream(mut),
                    claim="invalid", note="field n declared utf8, batch laid out for int32"))

    # a batch written for another schema (2 columns) spliced in
    import pyarrow as pa
    other = pa.table({"a": pa.array([1, 2], pa.int64()), "b": pa.array(["x", "y"])})
    om = A.parse(write_ipc(other)).msgs

    def mut(msgs):
        return msgs[:3] + [A.Msg(om[1].meta.copy(), om[1].body)]
    out.append(Case("count-mismatch", "count-mismatch/foreign-batch", restream(mut),
                    claim="invalid", note="batch1 replaced by a 2-column batch of another table"))
    return out


@case_class
def gen_dictionary_order():
    out = []

    def unknown(msgs):
        msgs[1].header["id"] = 7
    out.append(Case("dictionary-order", "dictionary-order/unknown-id", restream(unknown),
                    claim="invalid", note="dictionary batch id 7 (schema has 0)"))

    out.append(Case("dictionary-order", "dictionary-order/extra-unknown-id",
                    restream(lambda m: with_copy(m, 1, 2, header={"id": 7})), claim="invalid",
                    note="a second dictionary batch, id 7"))
    for k, v in {"-1": -1, "2^62": 2**62}.items():
        def neg(msgs, v=v):
            msgs[1].header["id"] = v
        out.append(Case("dictionary-order", f"dictionary-order/id-{k}", restream(neg),
                        claim="invalid", note=f"dictionary batch id {v}"))

    out.append(Case("dictionary-order", "dictionary-order/missing",
                    restream(lambda msgs: [msgs[0], msgs[2], msgs[3]]), claim="invalid",
                    note="no dictionary batch"))
    out.append(Case("dictionary-order", "dictionary-order/after-first-batch",
                    restream(lambda msgs: [msgs[0], msgs[2], msgs[1], msgs[3]]),
                    claim="invalid", note="dictionary after batch0"))
    out.append(Case("dictionary-order", "dictionary-order/before-schema",
                    restream(lambda msgs: [msgs[1], msgs[0], msgs[2], msgs[3]]),
                    claim="invalid", note="dictionary before the schema"))
    out.append(Case("dictionary-order", "dictionary-order/replaced",
                    restream(lambda m: with_copy(m, 1, 3)),
                    expect="either", note="the same dictionary sent again (a replacement)"))

    out.append(Case("dictionary-order", "dictionary-order/delta",
                    restream(lambda m: with_copy(m, 1, 3, header={"isDelta": 1})),
                    expect="either", note="a delta dictionary batch (a, b appended)"))

    def dict_type(msgs):
        # the dictionary's value type claimed int32 via the index type being utf8-wide
        f = msgs[0].header["fields"][1]
        f["dictionary"]["indexType"]["bitWidth"] = 64
    out.append(Case("dictionary-order", "dictionary-order/index-width-64", restream(dict_type),
                    claim="invalid", note="dictionary index type int64, indices written int32 "
                    "(buffers too short for 2 int64s? no: 16 bytes: reads 2 garbage indices)"))
    return out
