"""Record text for the Spark job, without Spark: how rangepipe names a series,
what it counts as missing, and how records are written back as the CSV or
NDJSON text `rangepipe play --input -` reads. Shipped to executors with
SparkContext.addPyFile, so it imports nothing but the standard library."""

import csv
import io
import json
import posixpath
from urllib.parse import unquote, urlparse

# A series column the job adds when the input has none: rangepipe names a
# file's only series by the file's stem, but `--input -` would say "stdin".
STEM_COLUMN = "__rangepipe_spark_series"


def stem(path):
    """rangepipe's default series name: the file name without directories,
    `.gz` and the last extension (Ingestor.stem)."""
    if "://" in path or path.startswith("file:"):
        path = unquote(urlparse(path).path)
    name = posixpath.basename(path.rstrip("/")) or path
    if name.endswith(".gz"):
        name = name[:-3]
    dot = name.rfind(".")
    if dot > 0:
        name = name[:dot]
    return name


_MISSING = {"na", "n/a", "nan", "null", "nil", "#n/a", "-", "?", "."}


def unique_names(names):
    """Header names made unique as one machine does (HeaderNames.unique): a
    name seen before gets the suffix .N, N its occurrence (ISE, ISE.2),
    skipping suffixes already taken."""
    taken, seen, out = set(names), {}, []
    for name in names:
        seen[name] = seen.get(name, 0) + 1
        if seen[name] == 1:
            out.append(name)
            continue
        n = seen[name]
        while "%s.%d" % (name, n) in taken:
            n += 1
        taken.add("%s.%d" % (name, n))
        out.append("%s.%d" % (name, n))
    return out


def is_missing(text):
    """DecimalParser.parseCell's missing values: blank (spaces, tabs), NA,
    N/A, NaN, null, nil, #N/A in any case, and `-`, `?`, `.`. None is a SQL null (an empty CSV field or an
    absent key)."""
    if text is None:
        return True
    t = text.strip(" \t")
    return t == "" or t.lower() in _MISSING


# ---------------------------------------------------------------- CSV text

def csv_line(cells, delimiter=","):
    """One RFC 4180 record with a trailing newline; None is an empty field.
    The writer's line terminator is CRLF so that it quotes a cell holding
    either character (with "\n" alone it leaves a carriage return bare,
    where rangepipe's reader would end the record); then LF ends the line."""
    buf = io.StringIO()
    csv.writer(buf, delimiter=delimiter, lineterminator="\r\n",
               quoting=csv.QUOTE_MINIMAL).writerow(["" if c is None else c for c in cells])
    return buf.getvalue()[:-2] + "\n"


# -------------------------------------------------------------- JSON text

class RawNumber(str):
    """A JSON number kept as the text the file had (rangepipe names a series
    and detects the axis from that text, not from a re-formatted float)."""


def _reject_constant(name):
    raise ValueError("not JSON: " + name)


class Obj(list):
    """A JSON object as its ordered (key, value) pairs (duplicates kept)."""


def parse_json(text):
    """JSON text with objects as Obj and numbers as RawNumber."""
    return json.loads(text, object_pairs_hook=Obj, parse_float=RawNumber,
                      parse_int=RawNumber, parse_constant=_reject_constant)


def parse_object(text):
    """The object on one NDJSON line as an ordered list of (key, value)
    pairs. Raises ValueError when the text is not one JSON object."""
    value = parse_json(text)
    if not isinstance(value, Obj):
        raise ValueError("not a JSON object")
    return value


def raw_json(value):
    """JSON text for a value from parse_object, numbers verbatim."""
    if isinstance(value, RawNumber):
        return str(value)
    if value is None:
        return "null"
    if value is True:
        return "true"
    if value is False:
        return "false"
    if isinstance(value, str):
        return json.dumps(value, ensure_ascii=False)
    if isinstance(value, Obj):
        return "{" + ",".join(json.dumps(k, ensure_ascii=False) + ":" + raw_json(v) for k, v in value) + "}"
    return "[" + ",".join(raw_json(v) for v in value) + "]"


