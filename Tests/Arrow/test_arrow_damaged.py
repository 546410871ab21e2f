"""Damaged Arrow streams through the plain ingest path: a truncated
message, a lying length, bad magic, a missing dictionary, a batch that does
not match its schema, random byte changes. Each ends in one `FILE: byte N:
Arrow: reason` line, exit 65, no store, and no crash or large allocation
(the runs have a 2 GiB address-space limit). The exhaustive hostile suite
is test_arrow_hostile.py."""

import random
import re
import struct

import pyarrow as pa
import pyarrow.ipc as ipc

from arrow_helpers import error_lines, needs_binary, run, write_arrow
from arrow_ipc import EOS

pytestmark = needs_binary

DAMAGE_LINE = re.compile(r"(^|\s)(\./)?d\.arrows: byte \d+: Arrow: \S")


def _messages(data):
    return [m for m in ipc.MessageReader.open_stream(pa.BufferReader(data))]


def _damaged_run(tmp_path, data, name="d.arrows"):
    (tmp_path / name).write_bytes(data)
    store = tmp_path / ("s%d.sqlite" % random.randrange(10 ** 9))
    rc, out, err = run(["ingest", name, "--store", store.name, "--quiet", "--series", "d"], tmp_path,
                       limit_memory=True, timeout=30)
    return rc, err, store


def _assert_damage(tmp_path, data, what):
    rc, err, store = _damaged_run(tmp_path, data)
    lines = error_lines(err)
    assert rc == 65, "%s: exit %d\n%s" % (what, rc, err)
    assert len(lines) == 1 and DAMAGE_LINE.search(lines[0]), "%s: want one 'd.arrows: byte N: Arrow: ...' line:\n%s" % (
        what, err)
    byte = int(re.search(r"byte (\d+):", lines[0]).group(1))
    assert byte <= len(data), "%s: byte %d of a %d-byte file: %s" % (what, byte, len(data), lines[0])
    assert not store.exists(), "%s: a store was written" % what


def _damage_source():
    n = 400
    return pa.table({"x": pa.array(range(n), pa.int64()), "v": pa.array([i * 0.5 for i in range(n)]),
                     "s": pa.array(["k%d" % (i % 3) for i in range(n)])})


def test_damaged_truncated_inside_messages(tmp_path):
    t = _damage_source()
    data = write_arrow(None, t, "one")
    schema_len = len(write_arrow(None, t, "zero")) - 8  # the schema message; then the batch, then 8 bytes of EOS
    cuts = [1, 3, 4, 6, 9, 20, schema_len // 2, schema_len + 2, schema_len + 6, schema_len + 40,
            schema_len + 400, len(data) - 8 - 1000, len(data) - 8 - 3]
    for cut in cuts:
        _assert_damage(tmp_path, data[:cut], "stream cut at byte %d of %d" % (cut, len(data)))


def test_damaged_file_format_cut_inside_a_batch(tmp_path):
    t = _damage_source()
    data = write_arrow(None, t, "one", file_format=True)
    for cut in (4, 7, 30, len(data) // 2):
        _assert_damage(tmp_path, data[:cut], "IPC file cut at byte %d of %d" % (cut, len(data)))


def test_damaged_lying_lengths(tmp_path):
    t = _damage_source()
    data = bytearray(write_arrow(None, t, "one"))
    schema_len = len(write_arrow(None, t, "zero")) - 8
    for at, value in [(4, 0x7FFFFFF0), (4, 0xFFFFFFF0), (schema_len + 4, 0x7FFFFFF0), (schema_len + 4, 0x10)]:
        bad = bytearray(data)
        bad[at:at + 4] = struct.pack("<I", value)
        _assert_damage(tmp_path, bytes(bad), "metadata length at byte %d set to %#x" % (at, value))


def test_damaged_bad_magic(tmp_path):
    t = _damage_source()
    data = write_arrow(None, t, "one", file_format=True)
    _assert_damage(tmp_path, b"ARROW2" + data[6:], "file magic ARROW2")
    rc, err, store = _damaged_run(tmp_path, b"\xff\xff\xff\xff\x10\x00\x00\x00" + b"\x00" * 16)
    assert rc == 65, err


def test_damaged_missing_dictionary(tmp_path):
    t = pa.table({"x": pa.array([1, 2, 3], pa.int64()), "s": pa.array(["a", "b", "a"]).dictionary_encode(),
                  "v": pa.array([1.0, 2.0, 3.0])})
    msgs = _messages(write_arrow(None, t))
    assert [m.type for m in msgs] == ["schema", "dictionary", "record batch"]
    data = msgs[0].serialize().to_pybytes() + msgs[2].serialize().to_pybytes() + EOS
    _assert_damage(tmp_path, data, "the dictionary batch left out")


def test_damaged_batch_not_matching_schema(tmp_path):
    one = pa.table({"x": pa.array([1, 2, 3], pa.int64())})
    three = pa.table({"x": pa.array([1, 2, 3], pa.int64()), "v": pa.array([1.0, 2.0, 3.0]),
                      "s": pa.array(["a", "b", "c"])})
    m1, m3 = _messages(write_arrow(None, one)), _messages(write_arrow(None, three))
    data = m3[0].serialize().to_pybytes() + m1[1].serialize().to_pybytes() + EOS
    _assert_damage(tmp_path, data, "a 1-column batch under a 3-column schema")
    data = m1[0].serialize().to_pybytes() + m3[1].serialize().to_pybytes() + EOS
    rc, err, store = _damaged_run(tmp_path, data)
    assert rc == 65, "a 3-column batch under a 1-column schema: exit %d\n%s" % (rc, err)


def test_damaged_random_bytes_never_crash(tmp_path):
    """Mutated streams: exit 0 (it still reads) or 65 with the located line;
    never a crash, a hang or a big allocation."""
    t = _damage_source()
    base = write_arrow(None, t, "many")
    rng = random.Random(44)
    for k in range(150):
        bad = bytearray(base)
        for _ in range(rng.randint(1, 4)):
            i = rng.randrange(len(bad))
            bad[i] = rng.randrange(256)
        rc, err, store = _damaged_run(tmp_path, bytes(bad))
        assert rc in (0, 65), "mutation %d: exit %d\n%s" % (k, rc, err[-2000:])
        if rc == 65 and "Arrow:" in err:
            assert len(error_lines(err)) == 1 and DAMAGE_LINE.search(error_lines(err)[0]), err
            assert not store.exists()
