"""Reading the input with Spark, in an order that is written down.

Every record carries its input order explicitly: `a` (which INPUT argument),
`p` (the file's path), `b` (the byte offset of the split it was read from)
and `m` (monotonically_increasing_id, which grows row by row within the
read partition holding that split). Sorting by (a, p, b, m) is file order;
no step relies on the order Spark happens to hand rows over in.

Values reach rangepipe as text: CSV and JSON are read as strings (JSON
numbers keep their text), Parquet's typed values are cast to text Spark
writes exactly (doubles round-trip, timestamps as UTC "yyyy-MM-dd
HH:mm:ss[.ffffff]", which rangepipe reads as UTC). Whatever the input
format, each partition gets CSV: one header row (the columns in order of
first appearance) and the records, RFC 4180 quoted.
"""

from rangepipe_records import STEM_COLUMN, Obj, csv_line, parse_json, parse_object, raw_json, stem, unique_names


class InputError(Exception):
    def __init__(self, message, code=65):
        super().__init__(message)
        self.code = code


def _ordered(df, a, values=None):
    """The scan's rows with their order columns (taken in the same projection
    as the scan, where _metadata and the row-by-row id are defined)."""
    from pyspark.sql import functions as F
    values = values if values is not None else [F.col("`%s`" % c) for c in df.columns]
    return df.select(F.lit(a).alias("a"), F.col("_metadata.file_path").alias("p"),
                     F.col("_metadata.file_block_start").alias("b"),
                     F.monotonically_increasing_id().alias("m"), *values)


def _keyed_schema():
    from pyspark.sql.types import IntegerType, LongType, StringType, StructField, StructType
    return StructType([StructField("k", StringType()), StructField("a", IntegerType()),
                       StructField("p", StringType()), StructField("b", LongType()),
                       StructField("m", LongType()), StructField("line", StringType())])


def read(spark, args, series_column, dialects=None):
    """dialects: per INPUT index the (delimiter, quote) sniffed for its files."""
    if args.input_format in ("csv", "parquet"):
        return TabularInput(spark, args, series_column, dialects or {})
    return JSONInput(spark, args, series_column)


class TabularInput:
    """CSV (its header row is the first record of each file) or Parquet
    (its schema's names are the header). Spark's positional columns from
    several inputs are unioned; each file's cells are named by its header."""

    def __init__(self, spark, args, series_column, dialects):
        from pyspark.sql import functions as F
        self.spark = spark
        self.series_column = series_column
        self.add_stem = args.series_column is None
        frames = []
        for a, path in enumerate(args.inputs):
            if args.input_format == "csv":
                # multiLine: a quoted field may hold newlines, and a file is then
                # read whole by one task. escape='"': RFC 4180 doubled quotes.
                # FAILFAST: a row with another field count than the first is an
                # error, as on one machine (not padded or cut).
                sep, quote = dialects.get(a, (args.delimiter or ",", '"'))
                df = spark.read.csv(path, header=False, multiLine=True, escape=quote, quote=quote,
                                    sep=sep, inferSchema=False, mode="FAILFAST")
                frames.append(_ordered(df, a))
            else:
                df = spark.read.parquet(path)
                frames.append(_ordered(df, a, [_as_text(F.col("`%s`" % f.name), f.dataType).alias(f.name)
                                               for f in df.schema.fields]))
        df = frames[0]
        for other in frames[1:]:
            df = df.unionByName(other, allowMissingColumns=True)
        self.value_columns = [c for c in df.columns if c not in ("a", "p", "b", "m")]
        if args.input_format == "csv":
            self.headers = self._headers(df)
            self.files = sorted(self.headers)
        else:
            self.headers = None
            self.files = None
            self.header_ids = {}
        header_ids = self.header_ids
        # The CSV header rows are records Spark read; they are left out here.
        self.rows = df.rdd.filter(lambda r: header_ids.get((r["a"], r["p"])) != (r["b"], r["m"]))
        known = set(self.value_columns) if self.headers is None else {n for h in self.headers.values() for n in h}
        if series_column not in known and not self.add_stem:
            raise InputError("--series-column %s: no such column (columns: %s)"
                             % (series_column, ", ".join(sorted(known))))

    def _headers(self, df):
        """Each CSV file's first record (lowest b, m), which is its header."""
        cols = self.value_columns
        firsts = (df.rdd.map(lambda r: ((r["a"], r["p"]), ((r["b"], r["m"]), [r[c] for c in cols])))
                  .reduceByKey(lambda u, v: u if u[0] <= v[0] else v).collect())
        self.header_ids = {f: o for f, (o, _) in firsts}
        headers = {}
        for f, (_, cells) in firsts:
            while cells and cells[-1] is None:
                cells.pop()  # columns another input has (unionByName pads with null)
            # A repeated name gets a suffix (ISE, ISE.2), as on one machine.
            headers[f] = unique_names(["" if c is None else c for c in cells])
        return headers

    def _cells(self):
        """A row as (column, text) pairs in its file's column order: each CSV
        file has its own header, as on one machine."""
        headers, cols, add_stem = self.headers, self.value_columns, self.add_stem

        def cells(r):
            names = cols if headers is None else headers[(r["a"], r["p"])]
            pairs = [(n, r[c]) for n, c in zip(names, cols)]
            if add_stem:
                pairs.append((STEM_COLUMN, stem(r["p"])))
            return pairs
        return cells

    @property
    def facts(self):
        cells, series = self._cells(), self.series_column
        return self.rows.map(lambda r: _fact(r, cells(r), series))

    def check_files(self, shape):
        if self.files is None:
            return
        for file in self.files:
            if file not in shape.files:
                raise InputError("%s:1:1: no data rows" % file[1])

    def file_name(self, file):
        return file[1]

    def columns(self, shape):
        return shape.all_columns()

    def keyed(self, columns):
        cells, series = self._cells(), self.series_column

        def row(r):
            values = dict(cells(r))
            line = csv_line([values.get(c) for c in columns])
            return (values.get(series) or "", r["a"], r["p"], r["b"], r["m"], line)
        return self.spark.createDataFrame(self.rows.map(row), _keyed_schema())


def _fact(r, cells, series):
    """(file, order, cells, series key) for rangepipe_detect.file_facts."""
    return (r["a"], r["p"]), (r["b"], r["m"]), cells, dict(cells).get(series) or ""


def _as_text(col, data_type):
    """Parquet values as the text rangepipe reads: floats widened to double
    first (the value the file holds, not a shorter decimal), nested values
    as JSON; everything else cast to string by Spark."""
    from pyspark.sql import functions as F
    from pyspark.sql.types import ArrayType, FloatType, MapType, StructType
    if isinstance(data_type, FloatType):
        return col.cast("double").cast("string")
    if isinstance(data_type, (ArrayType, MapType, StructType)):
        return F.to_json(col)
    return col.cast("string")


def _text(value):
    """A JSON value as the CSV text rangepipe would read for it."""
    if value is None:
        return None
    if isinstance(value, str):  # strings and RawNumber
        return str(value)
    if value is True or value is False:
        return "true" if value else "false"
    return raw_json(value)


class JSONInput:
    """NDJSON (one object per line, read as text lines) or JSON (a top-level
    array per file, read whole). Keys keep their order of first appearance."""

    def __init__(self, spark, args, series_column):
        self.spark = spark
        self.series_column = series_column
        self.add_stem = args.series_column is None
        whole = args.input_format == "json"
        frames = [_ordered(spark.read.text(path, wholetext=whole), a) for a, path in enumerate(args.inputs)]
        df = frames[0]
        for other in frames[1:]:
            df = df.union(other)
        add_stem = self.add_stem

        def records(r):
            """(file, order, cells, series key) per object."""
            file, text = (r["a"], r["p"]), r["value"]
            if whole:
                try:
                    items = parse_json(text.lstrip("\ufeff"))
                except ValueError as e:
                    raise RuntimeError("rangepipe_spark: bad input: %s: %s" % (r["p"], e))
                if not isinstance(items, list) or isinstance(items, Obj) or \
                        not all(isinstance(o, Obj) for o in items):
                    raise RuntimeError("rangepipe_spark: bad input: %s: expected an array of objects" % r["p"])
                orders = [(0, i) for i in range(len(items))]
            else:
                line = text.lstrip("\ufeff")
                if not line.strip(" \t\r\n"):
                    return
                try:
                    items = [parse_object(line)]
                except ValueError as e:
                    raise RuntimeError("rangepipe_spark: bad input: %s (split at byte %d): %s: %.60s"
                                       % (r["p"], r["b"], e, line))
                orders = [(r["b"], r["m"])]
            for order, pairs in zip(orders, items):
                cells = [(k, _text(v)) for k, v in pairs]
                if add_stem:
                    cells.append((STEM_COLUMN, stem(r["p"])))
                yield file, order, cells, dict(cells).get(series_column) or ""

        self.records = df.rdd.flatMap(records)

    @property
    def facts(self):
        return self.records

    def check_files(self, shape):
        pass  # an empty file has no rows to see; see README "Differences"

    def file_name(self, file):
        return file[1]

    def columns(self, shape):
        return shape.all_columns()

    def keyed(self, columns):
        series = self.series_column
        if series not in columns:
            raise InputError("--series-column %s: no such key in any record" % series)

        def row(rec):
            (a, p), (b, m), cells, _ = rec
            values = dict(cells)  # a repeated key: the last one, as a cell overwritten
            return (values.get(series) or "", a, p, b, m, csv_line([values.get(c) for c in columns]))
        return self.spark.createDataFrame(self.records.map(row), _keyed_schema())
