"""The Spark stage's sniffing and per-file decisions on one corpus file,
without Spark.

integrations/spark decides a file's CSV dialect and x in
rangepipe_sniff.inspect (rangepipe inspect --json on the file's first
256 KiB) and its x, value fields and axis in rangepipe_detect.decide (the
binary ingests a digest: the first row and each column's first non-missing
value). Both are plain functions: inspect() needs a SparkSession only to
read a remote or compressed file, and decide() needs the reduced "facts"
that Spark collects from the rows. Here a .gz file is decompressed to a
temporary file of the name without .gz (what Hadoop's codec and
sample_name do), and the facts are made from the file read with Python's
csv module the way the job's reader is set up (sniffed delimiter and quote,
RFC 4180 quotes, header row as the first record, a row with another field
count than the header refused as FAILFAST does), then reduced with the
stage's own file_facts/combine.
"""

import csv
import gzip
import io
import os
import shutil
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
SPARK_DIR = os.path.normpath(os.path.join(HERE, "..", "..", "integrations", "spark"))
sys.path.insert(0, SPARK_DIR)

import rangepipe_detect  # noqa: E402
import rangepipe_records  # noqa: E402
import rangepipe_sniff  # noqa: E402

# Flags the Spark job takes and hands to inspect (rangepipe_spark.inspect_options)
# and to the digest ingest (ingest_options); --null and the rest are not offered.
SPARK_VALUE_FLAGS = {"--series-column", "--x", "--delimiter", "--axis", "--timezone", "--time-format",
                     "--input-time-format", "--y"}
SPARK_BARE_FLAGS = {"--decimal-comma", "--thousands"}


class Refused(Exception):
    """The Spark job would stop on this file (its own error, not rangepipe's reading)."""


def split_flags(flags):
    """(spark_flags, not_offered): the advice flags the Spark job accepts, and the rest."""
    ok, rest = [], []
    for flag, value in flags:
        if flag in SPARK_VALUE_FLAGS or flag in SPARK_BARE_FLAGS:
            ok.append((flag, value))
        else:
            rest.append((flag, value))
    return ok, rest


def _format(name):
    low = name.lower()
    if low.endswith(".gz"):
        low = low[:-3]
    if low.endswith((".csv", ".tsv")):
        return "csv"
    if low.endswith((".ndjson", ".jsonl")):
        return "ndjson"
    if low.endswith(".json"):
        return "json"
    raise Refused("cannot tell the format from the name; the job needs --input-format")


def _records_csv(text, delimiter, quote, file, series_column):
    rows = list(csv.reader(io.StringIO(text, newline=""), delimiter=delimiter, quotechar=quote, doublequote=True))
    rows = [r for r in rows if r]  # Spark skips blank lines
    if not rows:
        raise Refused("no data rows")
    header = rangepipe_records.unique_names(rows[0])  # ISE, ISE.2, as the job names them
    out = []
    for i, r in enumerate(rows[1:], start=1):
        if len(r) != len(header):
            raise Refused("malformed CSV record %d: %d fields, the header has %d (Spark FAILFAST)"
                          % (i + 1, len(r), len(header)))
        cells = [(n, None if v == "" else v) for n, v in zip(header, r)]
        if series_column == rangepipe_records.STEM_COLUMN:
            cells.append((series_column, rangepipe_records.stem(file[1])))
        out.append((file, (0, i), cells, dict(cells).get(series_column) or ""))
    return out


def _records_json(text, fmt, file, series_column):
    text = text.lstrip("\ufeff")
    if fmt == "json":
        items = rangepipe_records.parse_json(text)
        if not isinstance(items, list) or isinstance(items, rangepipe_records.Obj):
            raise Refused("expected an array of objects")
    else:
        items = [rangepipe_records.parse_object(ln) for ln in text.splitlines() if ln.strip()]
    out = []
    for i, pairs in enumerate(items):
        cells = []
        for k, v in pairs:
            if v is None:
                t = None
            elif isinstance(v, str):
                t = str(v)
            elif v is True or v is False:
                t = "true" if v else "false"
            else:
                t = rangepipe_records.raw_json(v)
            cells.append((k, t))
        if series_column == rangepipe_records.STEM_COLUMN:
            cells.append((series_column, rangepipe_records.stem(file[1])))
        out.append((file, (0, i), cells, dict(cells).get(series_column) or ""))
    return out


def run(binary, path, flags=()):
    """What the Spark stage decides for one file with these (user) flags:
    {"x", "axis", "fields"} or {"refused": message}."""
    flags = list(flags)
    given = dict(flags)
    fmt = _format(path)
    tmp = tempfile.mkdtemp(prefix="corpus-spark-")
    try:
        local = path
        if path.lower().endswith(".gz"):
            local = os.path.join(tmp, rangepipe_sniff.sample_name(path))
            with gzip.open(path, "rb") as src, open(local, "wb") as dst:
                shutil.copyfileobj(src, dst)
        # rangepipe_spark.inspect_options: the user's flags for inspect
        options = []
        for flag in ("--series-column", "--x", "--delimiter", "--axis", "--timezone"):
            if given.get(flag) is not None:
                options += [flag, given[flag]]
        tf = given.get("--input-time-format") or given.get("--time-format")
        if tf is not None:
            options += ["--time-format", tf]
        options += [f for f in ("--decimal-comma", "--thousands") if f in given]
        try:
            report = rangepipe_sniff.inspect(None, binary, local, fmt, options)
        except rangepipe_sniff.SniffError as e:
            raise Refused("sniff: %s" % e)
        x_sniffed = None
        if report is not None and report.get("x") and given.get("--x") is None:
            x_sniffed = report["x"]["column"]
        # rangepipe_spark._job: the time pattern and long-format series column inspect chose
        if tf is None and report is not None and report.get("input_time_format"):
            tf = report["input_time_format"]
        long_series = (report or {}).get("long_format", {}).get("series_column") if "--series-column" not in given else None
        delimiter, quote = ",", '"'
        number_flags = []
        if report is not None and "delimiter" in report:
            if not report["header"]:
                raise Refused("the first row is data (no header row); the Spark job needs a header row")
            if report.get("header_line"):
                raise Refused("the header is on line %d, below a title; the Spark job needs it on the first line"
                              % report["header_line"])
            if report.get("row_names"):
                raise Refused("the header is one name short (R's row names); the Spark job needs a name for every column")
            delimiter, quote = report["delimiter"], report["quote"]
            number_flags = (["--decimal-comma"] if report["decimal_comma"] else []) + \
                           (["--thousands"] if report["thousands"] else [])
        if given.get("--delimiter"):
            delimiter = given["--delimiter"].replace("\\t", "\t")
        with open(local, "rb") as f:
            text = f.read().decode("utf-8")
        if text.startswith("\ufeff"):
            text = text[1:]
        uri = "file:" + os.path.abspath(path)
        file = (0, uri)
        series_column = given.get("--series-column") or long_series or rangepipe_records.STEM_COLUMN
        if fmt == "csv":
            records = _records_csv(text, delimiter, quote, file, series_column)
        else:
            records = _records_json(text, fmt, file, series_column)
        reduced = {}
        for rec in records:
            for key, value in rangepipe_detect.file_facts(rec):
                reduced[key] = value if key not in reduced else rangepipe_detect.combine(reduced[key], value)
        shape = rangepipe_detect.Shape(list(reduced.items()))
        # rangepipe_spark.ingest_options + the number style
        ingest_args = []
        if given.get("--timezone"):
            ingest_args += ["--timezone", given["--timezone"]]
        if tf is not None:
            ingest_args += ["--time-format", tf]
        if given.get("--axis"):
            ingest_args += ["--axis", given["--axis"]]
        if given.get("--y"):
            ingest_args += ["--y", given["--y"]]
        ingest_args += number_flags or [f for f in ("--decimal-comma", "--thousands") if f in given]
        stem_of = (lambda f: rangepipe_records.stem(f[1])) if "--series-column" not in given and not long_series else None
        try:
            groups, _ = rangepipe_detect.decide(binary, shape, series_column, ingest_args, given.get("--x"),
                                                lambda f: f[1], stem_of, lambda f: x_sniffed)
        except rangepipe_detect.DetectError as e:
            raise Refused("decide: %s" % e)
        x, fields, axis = groups[0]
        return {"x": x, "axis": axis, "fields": list(fields), "x_sniffed": x_sniffed}
    except Refused as e:
        return {"refused": str(e)}
    except (ValueError, UnicodeDecodeError) as e:
        return {"refused": "%s: %s" % (type(e).__name__, e)}
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
