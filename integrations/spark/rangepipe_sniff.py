"""What one machine sniffs from the head of each file, decided on the driver.

Without --x (and --delimiter), `rangepipe play --input FILE` sniffs each
file's dialect (delimiter, quote, header, decimal comma, thousands
separators) and its x column from a sample: the first 256 KiB, at most
5,000 rows. The driver reads the same head of every input file (through
Hadoop's FileSystem, so remote URIs work; decompressed by the file's codec),
cuts it at its last line end, writes it to a temporary file of the same name
and lets `rangepipe inspect FILE --json` say what ingest would decide. The
answer is rangepipe's own; Spark then reads each INPUT with that dialect and
every partition gets the decisions as flags.
"""

import json
import os
import re
import subprocess
import tempfile
from urllib.parse import unquote, urlparse

SAMPLE_BYTES = 256 * 1024  # the head ingest's sniffer reads
CODEC_SUFFIXES = (".gz", ".bz2", ".zst", ".snappy", ".lz4", ".deflate")


class SniffError(Exception):
    def __init__(self, message, code=65):
        super().__init__(message)
        self.code = code


def file_key(uri):
    """A file's URI as Spark's _metadata.file_path writes it (file:/x, not file:///x)."""
    return re.sub(r"^([A-Za-z][\w+.-]*):///", r"\1:/", uri)


def input_files(spark, path):
    """The files Spark reads for one INPUT (directories and globs expanded),
    without reading them."""
    return sorted(file_key(u) for u in spark.read.text(path).inputFiles())


def head(spark, uri, limit=None):
    """(bytes, whole): at most `limit` (default SAMPLE_BYTES) bytes from
    the start of the file, decompressed; whole says the file ended within
    them."""
    limit = limit or SAMPLE_BYTES
    parsed = urlparse(uri)
    plain = not uri.lower().endswith(CODEC_SUFFIXES)
    if plain and parsed.scheme in ("", "file"):
        with open(unquote(parsed.path) if parsed.scheme else uri, "rb") as f:
            data = f.read(limit + 1)
    else:
        jvm = spark._jvm
        conf = spark._jsc.hadoopConfiguration()
        path = jvm.org.apache.hadoop.fs.Path(uri)
        stream = path.getFileSystem(conf).open(path)
        try:
            codec = jvm.org.apache.hadoop.io.compress.CompressionCodecFactory(conf).getCodec(path)
            source = codec.createInputStream(stream) if codec is not None else stream
            bounded = jvm.org.apache.commons.io.input.BoundedInputStream(source, limit + 1)
            data = bytes(jvm.org.apache.commons.io.IOUtils.toByteArray(bounded))
        finally:
            stream.close()
    if len(data) <= limit:
        return data, True
    return data[:limit], False


def sample_name(uri):
    """The file's name without its codec suffix (the extension tells inspect the format)."""
    name = unquote(os.path.basename(urlparse(uri).path.rstrip("/"))) or "input"
    for suffix in CODEC_SUFFIXES:
        if name.lower().endswith(suffix):
            return name[:-len(suffix)]
    return name


def inspect(spark, binary, uri, fmt, options):
    """`rangepipe inspect` on the file's head: its JSON report, or None for
    a JSON array file too big to sample whole (a cut array is no JSON)."""
    data, whole = head(spark, uri)
    return inspect_head(binary, uri, data, whole, fmt, options)


def inspect_head(binary, uri, data, whole, fmt, options):
    """inspect() on a head already read."""
    if not whole:
        if fmt == "json":
            return None
        cut = data.rfind(b"\n")
        data = data[:cut + 1] if cut >= 0 else data
    with tempfile.TemporaryDirectory(prefix="rangepipe-sniff-") as tmp:
        path = os.path.join(tmp, sample_name(uri))
        with open(path, "wb") as f:
            f.write(data)
        format_flag = {"csv": [], "ndjson": ["--format", "ndjson"], "json": ["--format", "json"]}[fmt]
        if fmt == "csv" and not path.lower().endswith((".csv", ".tsv")):
            format_flag = ["--format", "csv"]
        run = subprocess.run([binary, "inspect", path, "--json", *format_flag, *options],
                             capture_output=True, text=True)
        if run.returncode != 0:
            lines = [ln for ln in run.stderr.splitlines() if ln.strip()]
            line = next((ln for ln in lines if "error:" in ln.lower()), lines[-1] if lines else "inspect failed")
            raise SniffError(line.replace(path, uri + " (first %d KiB)" % (SAMPLE_BYTES // 1024)), run.returncode)
    return json.loads(run.stdout.splitlines()[0])


class Head:
    """What a CSV file's head says, read as Spark reads the same bytes
    (RFC 4180 quotes, doubled quotes inside, empty records skipped): the
    header row's cells, the first data record, and per column position
    the first non-missing cell as (record number, text). Only records the
    head holds whole count; a byte-order mark is no part of a name."""

    def __init__(self, data, whole, delimiter, quote):
        import csv
        import io
        from rangepipe_records import is_missing
        text = data.decode("utf-8", "replace")
        if text.startswith("\ufeff"):
            text = text[1:]
        if not whole:
            text = text[:text.rfind("\n") + 1]
        records = [r for r in csv.reader(io.StringIO(text, newline=""), delimiter=delimiter, quotechar=quote,
                                         doublequote=True, strict=False) if r]
        if not whole and len(records) > 1:
            records.pop()  # it may go on past the head (a quoted line break)
        self.header = records[0] if records else []
        rows = records[1:]
        self.first = rows[0] if rows else None
        self.values = {}
        for i, row in enumerate(rows):
            for j, cell in enumerate(row):
                if j not in self.values and not is_missing(cell):
                    self.values[j] = (i, cell)
            if len(self.values) >= len(self.header):
                break


class Sniffed:
    """Per INPUT the CSV dialect Spark reads it with; per file the x column;
    and the number style every partition parses with."""

    def __init__(self):
        self.dialects = {}   # INPUT index -> (delimiter, quote)
        self.x = {}          # file key (Spark's file_path) -> x column
        self.number_flags = []
        self.time_formats = {}    # file key -> the strptime pattern ingest reads x with
        self.series_columns = {}  # file key -> the long-format series column inspect chose
        self.inspected = 0        # files inspect reported on
        self.heads = {}           # CSV file key -> its Head
        self.files = {}           # INPUT index -> its files' keys, as listed once (input_files)

    def x_of(self, file):
        return self.x.get(file[1])

    def _common(self, values):
        """The one value every inspected file gave, else None (files that
        disagree, or some that gave none, are left to the digest)."""
        found = set(values.values())
        return found.pop() if len(found) == 1 and len(values) == self.inspected else None

    def time_format(self):
        """The pattern one machine reads x with in every file (M/D/Y dates
        decided from 5,000 rows, integer dates, composite time): the digest
        holds the first row only and cannot decide it again."""
        return self._common(self.time_formats)

    def series_column(self):
        """The series column one machine splits every (long-format) file by."""
        return self._common(self.series_columns)


def sniff(spark, binary, args, options):
    """Inspects every CSV/NDJSON/JSON input file when --x or --delimiter was
    not given. `options` are the user's ingest flags for inspect."""
    out = Sniffed()
    if args.input_format == "parquet":
        return out
    styles = set()
    for a, path in enumerate(args.inputs):
        dialects = set()
        out.files[a] = input_files(spark, path)
        for uri in out.files[a]:
            data, whole = head(spark, uri)
            report = inspect_head(binary, uri, data, whole, args.input_format, options)
            if report is None:
                continue
            out.inspected += 1
            if report.get("x") and args.x is None:
                out.x[uri] = report["x"]["column"]
            if report.get("input_time_format") and args.input_time_format is None:
                out.time_formats[uri] = report["input_time_format"]
            if report.get("long_format") and args.series_column is None:
                out.series_columns[uri] = report["long_format"]["series_column"]
            if "delimiter" in report:
                if not report["header"]:
                    raise SniffError("%s: the first row is data (no header row); one machine names the columns "
                                     "col1, col2, ..., the Spark job needs a header row" % uri)
                if report.get("header_line"):
                    raise SniffError("%s: the header is on line %d, below a title or metadata; one machine skips "
                                     "the lines above it, the Spark job needs the header on the first line"
                                     % (uri, report["header_line"]))
                if report.get("row_names"):
                    raise SniffError("%s: the header is one name short (R's row names); one machine names the first "
                                     "column '', the Spark job needs a name for every column" % uri)
                dialects.add((report["delimiter"], report["quote"]))
                out.heads[uri] = Head(data, whole, report["delimiter"], report["quote"])
                styles.add((report["decimal_comma"], report["thousands"]))
        if len(dialects) > 1:
            shown = ", ".join("delimiter %r quote %r" % d for d in sorted(dialects))
            raise SniffError("the files of %s sniff different CSV dialects (%s); give --delimiter" % (path, shown))
        if dialects:
            out.dialects[a] = dialects.pop()
    if len(styles) > 1:
        raise SniffError("the input files do not agree on decimal comma or thousands separators; "
                         "give --decimal-comma or --thousands")
    if styles:
        decimal_comma, thousands = styles.pop()
        out.number_flags = (["--decimal-comma"] if decimal_comma else []) + (["--thousands"] if thousands else [])
    return out
