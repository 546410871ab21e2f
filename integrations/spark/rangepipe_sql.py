"""Spark SQL expressions for the driver's passes over tabular input, so
that they run in the JVM, not row by row in Python: rangepipe's missing
values, a record written back as CSV text, and the test whether a CSV
file can be read line by line (in parallel) instead of whole.

Each mirrors a Python function the job used before and the tests hold
them to: `missing` is rangepipe_records.is_missing, `csv_line` is
rangepipe_records.csv_line (Python's csv module, QUOTE_MINIMAL, quoting
a cell that holds a delimiter, quote, CR or LF)."""

from rangepipe_records import _MISSING


def _missing_pattern():
    """A Java regex for a cell that is blank or a missing word between
    spaces and tabs; (?i) folds ASCII case only, which is all the words
    need (no other character lower-cases to their letters), and \\z,
    not $, so that a final line break is not passed over."""
    words = "|".join(_java_literal_text(w) for w in sorted(_MISSING))
    return "^[ \\t]*+(?i:%s)?[ \\t]*+\\z" % words


def _java_literal_text(text):
    return "".join(_java_literal(c) for c in text)


def missing(col):
    """is_missing as a Column: null, blank (spaces, tabs) or one of the
    missing words in any case. One regex match a cell (a strip, lower-case
    and set test as three expressions cost the facts pass about 7 of its
    12 s at 10^5 series)."""
    return col.isNull() | col.rlike(_missing_pattern())


def _java_literal(char):
    """One character as a Java regex literal (backslash before anything
    not a letter or digit, which Java allows and needs for ] \\ ^ - etc.)."""
    return char if char.isalnum() else "\\" + char


def _quoted(col, delimiter, quote='"'):
    """One cell as csv.writer writes it: as is, or between quotes with
    inner quotes doubled when it holds the delimiter, a quote, a line feed
    or a carriage return."""
    from pyspark.sql import functions as F
    text = F.coalesce(col, F.lit(""))
    special = "[%s%s\n\r]" % (_java_literal(delimiter), _java_literal(quote))
    inner = F.regexp_replace(text, _java_literal(quote), (quote + quote).replace("\\", "\\\\").replace("$", "\\$"))
    return F.when(text.rlike(special), F.concat(F.lit(quote), inner, F.lit(quote))).otherwise(text)


def csv_line(cols, delimiter=","):
    """One RFC 4180 record with a trailing newline from string Columns; a
    null is an empty field. A record of one empty field is written `""`
    (as Python's writer does: else it would be an empty line)."""
    from pyspark.sql import functions as F
    cells = [_quoted(c, delimiter) for c in cols]
    if len(cells) == 1:
        cells = [F.when(cells[0] == "", F.lit('""')).otherwise(cells[0])]
    return F.concat(F.concat_ws(delimiter, *cells), F.lit("\n"))


def single_line_pattern(delimiter, quote):
    """A Java regex a physical line (read up to "\\n", a final "\\r" kept)
    matches only when it is a whole CSV record by itself: every field bare
    (no quote, no CR or LF) or quoted and closed on the line (inner quotes
    doubled, no CR). If every line of a file matches, no cell spans lines,
    and Spark's line-by-line reader (which splits on CR, LF and CRLF)
    gives the records the whole-file (`multiLine`) reader gives."""
    d, q = _java_literal(delimiter), _java_literal(quote)
    # Quoted first: a bare field never starts with a quote, so the two
    # branches exclude each other and the possessive loops give up nothing.
    field = "(?:%s(?:[^%s\\r\\n]++|%s%s)*+%s|[^%s%s\\r\\n]*+)" % (q, q, q, q, q, d, q)
    return "^%s(?:%s%s)*+\\r?\\z" % (field, d, field)


# A non-empty line of blanks and control characters only: the line-by-line
# reader drops it (Java's trim), the whole-file reader takes it as a record.
BLANK_LINE = "^[\\x00-\\x20]+$"


def lines_are_records(spark, path, delimiter, quote):
    """Whether every line of the files of `path` is a whole record: see
    inputs_read_by_line."""
    return inputs_read_by_line(spark, [(0, path, delimiter, quote)])[0]


def inputs_read_by_line(spark, inputs):
    """{index: whether every line of its files is a whole record} for
    [(index, path, delimiter, quote)]: one job (a hash aggregate over
    the lines of every input, in the JVM), not one per input or a `limit`
    that scans in growing waves. False when a quoted cell holds a line
    break, a line is blank but not empty, or a field is quoted in a way
    the pattern does not take (then that input is read whole)."""
    from pyspark.sql import functions as F
    frames = []
    for index, path, delimiter, quote in inputs:
        value = F.col("value")
        bad = ~value.rlike(single_line_pattern(delimiter, quote)) | value.rlike(BLANK_LINE)
        frames.append(spark.read.text(path, lineSep="\n").select(F.lit(index).alias("i"),
                                                                  bad.cast("int").alias("bad")))
    lines = frames[0]
    for other in frames[1:]:
        lines = lines.union(other)
    found = {r["i"]: r["bad"] for r in lines.groupBy("i").agg(F.max("bad").alias("bad")).collect()}
    # An input without lines (empty files) has nothing to read whole.
    return {index: not found.get(index) for index, *_ in inputs}
