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

import rangepipe_sql
from rangepipe_detect import FIRST, INF, MIN_KEY, Shape, combine, file_facts
from rangepipe_records import STEM_COLUMN, Obj, csv_line, is_missing, parse_json, parse_object, raw_json, stem, \
    unique_names


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
                       StructField("f", StringType()), StructField("b", LongType()),
                       StructField("m", LongType()), StructField("line", StringType())])


def read(spark, args, series_column, dialects=None):
    """dialects: per INPUT index the (delimiter, quote) sniffed for its files."""
    if args.input_format in ("csv", "parquet"):
        return TabularInput(spark, args, series_column, dialects or {})
    return JSONInput(spark, args, series_column)


class TabularInput:
    """CSV (its header row is the first record of each file) or Parquet
    (its schema's names are the header). Spark's positional columns from
    several inputs are unioned; each file's cells are named by its header.

    Every pass over the rows is Spark SQL (the JVM): the header rows and
    the digest's facts are aggregates per file, each row's CSV line is
    built by column expressions (rangepipe_sql). Python sees one row per
    file, on the driver."""

    def __init__(self, spark, args, series_column, dialects):
        from pyspark.sql import functions as F
        self.spark = spark
        self.series_column = series_column
        self.add_stem = args.series_column is None
        self.multi_line = {}  # INPUT index -> whether it is read whole (a cell may span lines)
        frames = []
        for a, path in enumerate(args.inputs):
            if args.input_format == "csv":
                # escape='"': RFC 4180 doubled quotes. FAILFAST: a row with
                # another field count than the first is an error, as on one
                # machine (not padded or cut). multiLine (a quoted field may
                # hold line breaks) reads a file whole in one task: only
                # when some line is not a whole record by itself.
                sep, quote = dialects.get(a, (args.delimiter or ",", '"'))
                whole = not rangepipe_sql.lines_are_records(spark, path, sep, quote)
                self.multi_line[a] = whole
                df = spark.read.csv(path, header=False, multiLine=whole, escape=quote, quote=quote,
                                    sep=sep, inferSchema=False, mode="FAILFAST")
                frames.append(_ordered(df, a))
            else:
                df = spark.read.parquet(path)
                frames.append(_ordered(df, a, [_as_text(F.col("`%s`" % f.name), f.dataType).alias(f.name)
                                               for f in df.schema.fields]))
        df = frames[0]
        for other in frames[1:]:
            df = df.unionByName(other, allowMissingColumns=True)
        # One parse: the header, facts and keyed passes all read this scan
        # (columnar, in memory where it fits, else on disk). Kept until release().
        from pyspark import StorageLevel
        df = self.scan = df.persist(StorageLevel.MEMORY_AND_DISK)
        self.value_columns = [c for c in df.columns if c not in ("a", "p", "b", "m")]
        try:
            self.headers = self._headers(df) if args.input_format == "csv" else None
            self.files = sorted(self.headers) if self.headers is not None else None
            self.rows = self._rows(df)
            known = set(self.value_columns) if self.headers is None else {n for h in self.headers.values() for n in h}
            if series_column not in known and not self.add_stem:
                raise InputError("--series-column %s: no such column (columns: %s)"
                                 % (series_column, ", ".join(sorted(known))))
        except BaseException:
            self.release()  # bad input: the caller never gets the table to release
            raise

    def _headers(self, df):
        """Each CSV file's first record (lowest b, m), which is its header:
        one aggregate per file (a struct's minimum compares field by field)."""
        from pyspark.sql import functions as F
        cols = self.value_columns
        firsts = df.groupBy("a", "p").agg(F.min(F.struct("b", "m", *[F.col("`%s`" % c) for c in cols])).alias("h"))
        self.header_ids, headers = {}, {}
        for r in firsts.collect():
            f, h = (r["a"], r["p"]), r["h"]
            self.header_ids[f] = (h["b"], h["m"])
            cells = [h[c] for c in cols]
            while cells and cells[-1] is None:
                cells.pop()  # columns another input has (unionByName pads with null)
            # A repeated name gets a suffix (ISE, ISE.2), as on one machine.
            headers[f] = unique_names(["" if c is None else c for c in cells])
        return headers

    def _rows(self, df):
        """The records (header rows left out) with `h`, their file's header
        number (files with the same header share one), `stem`, and `f`, the
        file's rank in (a, p) order (sorts as the path does, in 4 bytes a
        row instead of the path: the play stage shuffles every row): a
        small table per file, broadcast and joined on (a, p)."""
        from pyspark.sql import functions as F
        from pyspark.sql.types import IntegerType, LongType, StringType, StructField, StructType
        if self.headers is None:
            self.header_list = [tuple(self.value_columns)]
            if not self.add_stem:
                return df.withColumn("h", F.lit(0)).withColumn("stem", F.lit(None).cast("string")) \
                    .withColumn("f", F.col("p"))
            files = {(r["a"], r["p"]): None for r in df.select("a", "p").distinct().collect()}
            table = [(a, p, 0, None, None, stem(p)) for a, p in files]
        else:
            self.header_list = sorted(set(tuple(h) for h in self.headers.values()))
            number = {h: i for i, h in enumerate(self.header_list)}
            table = [(a, p, number[tuple(h)], *self.header_ids[(a, p)], stem(p)) for (a, p), h in self.headers.items()]
        rank = {file: i for i, file in enumerate(sorted((a, p) for a, p, *_ in table))}
        table = [(*row, rank[(row[0], row[1])]) for row in table]
        schema = StructType([StructField("a", IntegerType()), StructField("p", StringType()),
                             StructField("h", IntegerType()), StructField("hb", LongType()),
                             StructField("hm", LongType()), StructField("stem", StringType()),
                             StructField("f", IntegerType())])
        files = self.spark.createDataFrame(table, schema)
        rows = df.join(F.broadcast(files), ["a", "p"])
        if self.headers is not None:
            rows = rows.filter(~((F.col("b") == F.col("hb")) & (F.col("m") == F.col("hm"))))
        return rows.drop("hb", "hm")

    def _cell(self, name):
        """The text of column `name` in each row: the positional column its
        file's header puts it at (null where that header has no such name)."""
        from pyspark.sql import functions as F
        if self.add_stem and name == STEM_COLUMN:
            return F.col("stem")
        picks = []
        for i, names in enumerate(self.header_list):
            if name in names:
                picks.append((i, F.col("`%s`" % self.value_columns[names.index(name)])))
        if not picks:
            return F.lit(None).cast("string")
        if len(self.header_list) == 1:
            return picks[0][1]
        out = F.when(F.col("h") == picks[0][0], picks[0][1])
        for i, col in picks[1:]:
            out = out.when(F.col("h") == i, col)
        return out

    def shape(self):
        """The digest's facts in the form rangepipe_detect.Shape takes
        (what reducing file_facts over every row gives), from one aggregate
        per file: the first record, each column's first non-missing value
        and the smallest series name."""
        from pyspark.sql import functions as F
        cols = [F.col("`%s`" % c) for c in self.value_columns]
        firsts = [F.min(F.when(~rangepipe_sql.missing(c), F.struct("b", "m", c.alias("v")))).alias("f%d" % i)
                  for i, c in enumerate(cols)]
        key = F.coalesce(self._cell(self.series_column), F.lit(""))
        agg = self.rows.groupBy("a", "p", "h").agg(F.min(F.struct("b", "m", *cols)).alias("first"),
                                                   F.min(key).alias("k"), *firsts)
        reduced, keys = [], []
        for r in agg.collect():
            file, first = (r["a"], r["p"]), r["first"]
            order = (first["b"], first["m"])
            names = list(self.header_list[r["h"]])
            cells = [(n, first[c]) for n, c in zip(names, self.value_columns)]
            values = [(n, r["f%d" % j]) for j, n in enumerate(names)]
            if self.add_stem:
                name = stem(file[1])
                cells.append((STEM_COLUMN, name))
                values.append((STEM_COLUMN, None if is_missing(name) else {"b": order[0], "m": order[1], "v": name}))
            reduced.append(((file, FIRST), (order, cells)))
            for j, (n, v) in enumerate(values):
                reduced.append(((file, n), ((order, j), (INF, None) if v is None else ((v["b"], v["m"]), v["v"]))))
            keys.append(r["k"])
        if keys:
            reduced.append((MIN_KEY, min(keys)))
        return Shape(reduced)

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
        """DataFrame k (series), a, f, b, m (input order; f the file's
        rank), line (CSV text), all built in the JVM from the persisted scan."""
        from pyspark.sql import functions as F
        key = F.coalesce(self._cell(self.series_column), F.lit("")).alias("k")
        line = rangepipe_sql.csv_line([self._cell(c) for c in columns]).alias("line")
        return self.rows.select(key, "a", "f", "b", "m", line)

    def release(self):
        self.scan.unpersist()


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

    def shape(self):
        """The digest's facts: file_facts of every record, reduced (Python:
        the records are parsed here, keeping numbers' text)."""
        return Shape(self.records.flatMap(file_facts).reduceByKey(combine).collect())

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
        # Kept once built: the range partitioner's sampling pass reads every
        # row, and would otherwise parse the JSON and build the lines again.
        from pyspark import StorageLevel
        self.kept = self.spark.createDataFrame(self.records.map(row), _keyed_schema())
        return self.kept.persist(StorageLevel.MEMORY_AND_DISK)

    def release(self):
        if getattr(self, "kept", None) is not None:
            self.kept.unpersist()
