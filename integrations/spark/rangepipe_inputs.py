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
format, the keyed rows hold the cells as string columns c0, c1, ... (the
columns in order of first appearance; null where a record has none), which
each partition hands rangepipe as an Arrow stream of those cells, or (the
CSV hand-off) as a header row and the records, RFC 4180 quoted.
"""

import rangepipe_sql
from rangepipe_detect import FIRST, INF, MIN_KEY, Shape, combine, file_facts
from rangepipe_records import STEM_COLUMN, Obj, is_missing, parse_json, parse_object, raw_json, stem, \
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


def _keyed_schema(width):
    """JSON input's keyed rows: k, a, f (the path), b, m, then the cells c0..c{width-1}."""
    from pyspark.sql.types import IntegerType, LongType, StringType, StructField, StructType
    return StructType([StructField("k", StringType()), StructField("a", IntegerType()),
                       StructField("f", StringType()), StructField("b", LongType()),
                       StructField("m", LongType())] + [StructField("c%d" % i, StringType()) for i in range(width)])


def csv_line_of_cells(width):
    """Each keyed row's CSV text from its cells c0..c{width-1}, built in the
    JVM (rangepipe_sql): the CSV hand-off's line."""
    from pyspark.sql import functions as F
    return rangepipe_sql.csv_line([F.col("c%d" % i) for i in range(width)]).alias("line")


def read(spark, args, series_column, sniffed=None):
    """sniffed: the rangepipe_sniff.Sniffed of the inputs (each INPUT's
    dialect, files and their heads); without it, or for a file it lacks,
    the files are listed and their heads read here."""
    if args.input_format in ("csv", "parquet"):
        from rangepipe_sniff import Sniffed
        return TabularInput(spark, args, series_column, sniffed or Sniffed())
    return JSONInput(spark, args, series_column)


def _quiet_header_check(spark):
    """Spark compares each CSV file's header with the read schema and warns
    when they differ: here they always do (positional _c0, _c1, ...; each
    file's names are its sniffed header), so the warning says nothing.
    Quieted in this JVM (the driver, and the executors in local mode)."""
    try:
        jvm = spark._jvm
        jvm.org.apache.logging.log4j.core.config.Configurator.setLevel(
            "org.apache.spark.sql.catalyst.csv.CSVHeaderChecker", jvm.org.apache.logging.log4j.Level.ERROR)
    except Exception:  # noqa: BLE001 - another logging back end: the warnings stay
        pass


class TabularInput:
    """CSV (each file's header row sniffed from its head, the rows read
    after it) or Parquet (its schema's names are the header). Spark's
    positional columns from several inputs are unioned; each file's cells
    are named by its header.

    Every pass over the rows is Spark SQL (the JVM), none sorts, and each
    reads only the columns it needs (Spark's CSV and Parquet readers parse
    no others): the digest's facts come from each file's head where it
    holds them, else from a hash aggregate of row ids per file split and a
    fetch of the few rows it names; each row's CSV line is built by column
    expressions (rangepipe_sql) after the shuffle. Python sees a row per
    split and a few rows per file, on the driver."""

    def __init__(self, spark, args, series_column, sniffed):
        from pyspark.sql import functions as F
        self.spark = spark
        self.series_column = series_column
        self.add_stem = args.series_column is None
        self.headers = None if args.input_format != "csv" else {}  # (a, p) -> its header's names
        self.heads = {}  # (a, p) -> its rangepipe_sniff.Head (CSV)
        frames = []
        csv_dialects = {a: sniffed.dialects.get(a, (args.delimiter or ",", '"')) for a in range(len(args.inputs))}
        # multiLine (a quoted field may hold line breaks) reads a file whole in
        # one task: only an INPUT where some line is not a whole record by itself.
        by_line = rangepipe_sql.inputs_read_by_line(spark, [(a, path, *csv_dialects[a])
                                                           for a, path in enumerate(args.inputs)]) \
            if args.input_format == "csv" else {}
        self.multi_line = {a: not ok for a, ok in by_line.items()}
        if args.input_format == "csv":
            _quiet_header_check(spark)
        for a, path in enumerate(args.inputs):
            if args.input_format == "csv":
                sep, quote = csv_dialects[a]
                width = self._sniffed_headers(spark, a, path, sep, quote, sniffed)
                # escape='"': RFC 4180 doubled quotes. header=True drops each
                # file's first record (in the split at its start only). FAILFAST:
                # a row with another field count than the first file's header is
                # an error, as on one machine (not padded or cut).
                from pyspark.sql.types import StringType, StructField, StructType
                schema = StructType([StructField("_c%d" % i, StringType()) for i in range(width)])
                df = spark.read.csv(path, schema=schema, header=True, enforceSchema=True,
                                    multiLine=self.multi_line[a], escape=quote, quote=quote, sep=sep, mode="FAILFAST")
                frames.append(_ordered(df, a))
            else:
                df = spark.read.parquet(path)
                frames.append(_ordered(df, a, [_as_text(F.col("`%s`" % f.name), f.dataType).alias(f.name)
                                               for f in df.schema.fields]))
        df = frames[0]
        for other in frames[1:]:
            df = df.unionByName(other, allowMissingColumns=True)
        # Not persisted: every pass reads only its own columns, and the row
        # ids (b, m) are the same in each (the same files, split and packed
        # into the same partitions, read in the same order).
        self.value_columns = [c for c in df.columns if c not in ("a", "p", "b", "m")]
        self.files = sorted(self.headers) if self.headers is not None else None
        self.rows = self._rows(df)
        known = set(self.value_columns) if self.headers is None else {n for h in self.headers.values() for n in h}
        if series_column not in known and not self.add_stem:
            raise InputError("--series-column %s: no such column (columns: %s)"
                             % (series_column, ", ".join(sorted(known))))

    def _sniffed_headers(self, spark, a, path, sep, quote, sniffed):
        """Names each file of INPUT `a` by its header row (sniffed from its
        head); returns the field count of the first file's header, which
        Spark reads every file of the INPUT with."""
        from rangepipe_sniff import Head, head, input_files
        width = None
        for uri in sniffed.files.get(a) or input_files(spark, path):
            found = sniffed.heads.get(uri)
            if found is None:
                found = Head(*head(spark, uri), sep, quote)
            self.heads[(a, uri)] = found
            if width is None and found.header:
                width = len(found.header)
            names = list(found.header)
            while names and names[-1] == "":
                names.pop()  # Spark reads an empty cell as null: a trailing one names no column
            # A repeated name gets a suffix (ISE, ISE.2), as on one machine.
            self.headers[(a, uri)] = unique_names(names)
        return width or 1

    def _rows(self, df):
        """The records with `h`, their file's header number (files with the
        same header share one), `stem`, and `f`, the file's rank in (a, p)
        order (sorts as the path does, in 4 bytes a row instead of the
        path: the play stage shuffles every row): a small table per file,
        broadcast and joined on (a, p)."""
        from pyspark.sql import functions as F
        from pyspark.sql.types import IntegerType, StringType, StructField, StructType
        if self.headers is None:
            self.header_list = [tuple(self.value_columns)]
            if not self.add_stem:
                return df.withColumn("h", F.lit(0)).withColumn("stem", F.lit(None).cast("string")) \
                    .withColumn("f", F.col("p"))
            files = {(r["a"], r["p"]): None for r in df.select("a", "p").distinct().collect()}
            table = [(a, p, 0, stem(p)) for a, p in files]
        else:
            self.header_list = sorted(set(tuple(h) for h in self.headers.values()))
            number = {h: i for i, h in enumerate(self.header_list)}
            table = [(a, p, number[tuple(h)], stem(p)) for (a, p), h in self.headers.items()]
        rank = {file: i for i, file in enumerate(sorted((a, p) for a, p, *_ in table))}
        table = [(*row, rank[(row[0], row[1])]) for row in table]
        schema = StructType([StructField("a", IntegerType()), StructField("p", StringType()),
                             StructField("h", IntegerType()), StructField("stem", StringType()),
                             StructField("f", IntegerType())])
        files = self.spark.createDataFrame(table, schema)
        return df.join(F.broadcast(files), ["a", "p"])

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

    def shape(self, min_key=True):
        """The digest's facts in the form rangepipe_detect.Shape takes
        (what reducing file_facts over every row gives): the first record
        of each file, each column's first non-missing value and (when
        `min_key`: CSV output needs it) the smallest series name.

        A CSV file's head holds its first records in order: what it shows
        is the file's answer (order (0, record, 0)). The rest (a column
        missing all through the head; Parquet, which has no head) comes
        from the rows, in input order (1, b, m): a file's splits by offset,
        rows within a split by the row-by-row id. A hash aggregate per
        split (its smallest id, and per column still open the smallest id
        of a non-missing cell; longs only, so no sort) says where each is,
        and one filtered pass fetches those rows."""
        from pyspark.sql import functions as F
        number = {h: i for i, h in enumerate(self.header_list)}
        first_record, first_value = {}, {}  # (a, p, h) -> (order, cells); ((a, p, h), j) -> (order, text)
        open_files, open_columns = set(), set()
        for (a, p), names in (self.headers or {}).items():
            file, head = (a, p, number[tuple(names)]), self.heads[(a, p)]
            if head.first is None:
                open_files.add(file)
            else:
                first_record[file] = ((0, 0, 0), head.first)
            for j in range(len(names)):
                if j in head.values:
                    i, text = head.values[j]
                    first_value[(file, j)] = ((0, i, 0), text)
                else:
                    open_columns.add(j)
        if self.headers is None:
            open_columns = set(range(len(self.value_columns)))
        if open_files or open_columns or self.headers is None:
            self._facts_from_rows(first_record, first_value, sorted(open_columns), open_files, self.headers is None)
        reduced = []
        for (a, p, h), (order, first) in sorted(first_record.items()):
            names = list(self.header_list[h])
            cells = list(zip(names, first))
            values = [(n, first_value.get(((a, p, h), j))) for j, n in enumerate(names)]
            if self.add_stem:
                name = stem(p)
                cells.append((STEM_COLUMN, name))
                values.append((STEM_COLUMN, None if is_missing(name) else (order, name)))
            reduced.append((((a, p), FIRST), (order, cells)))
            for j, (n, v) in enumerate(values):
                reduced.append((((a, p), n), ((order, j), (INF, None) if v is None else v)))
        if min_key and first_record:
            key = F.coalesce(self._cell(self.series_column), F.lit(""))
            reduced.append((MIN_KEY, self.rows.agg(F.min(key)).first()[0]))
        return Shape(reduced)

    def _facts_from_rows(self, first_record, first_value, columns, files, every_file):
        """Fills in what the heads left open: the first record of `files`
        (of every file with `every_file`) and the first non-missing value of
        each column position in `columns` for every file still without one."""
        from pyspark.sql import functions as F
        from pyspark.sql.types import IntegerType, LongType, StringType, StructField, StructType
        splits = self.split_facts(columns).collect()
        found_first, found_value = {}, {}
        for r in splits:
            file, b = (r["a"], r["p"], r["h"]), r["b"]
            found_first[file] = min(found_first.get(file, (b, r["first"])), (b, r["first"]))
            for j in columns:
                if r["v%d" % j] is not None:
                    at = (b, r["v%d" % j])
                    found_value[(file, j)] = min(found_value.get((file, j), at), at)
        wanted_first = {f: at for f, at in found_first.items() if every_file or f in files}
        wanted_value = {k: at for k, at in found_value.items() if k not in first_value}
        wanted = {(f[0], f[1], *at) for f, at in list(wanted_first.items()) + [(k[0], at) for k, at in
                                                                                wanted_value.items()]}
        if not wanted:
            return
        ids = self.spark.createDataFrame(sorted(wanted), StructType(
            [StructField("a", IntegerType()), StructField("p", StringType()), StructField("b", LongType()),
             StructField("m", LongType())]))
        # A first record needs every cell; a first value only its own column.
        read = self.value_columns if wanted_first else [self.value_columns[j] for j in columns]
        fetched = {}
        for r in self.rows.join(F.broadcast(ids), ["a", "p", "b", "m"], "left_semi") \
                .select("a", "p", "b", "m", *[F.col("`%s`" % c) for c in read]).collect():
            fetched[(r["a"], r["p"], r["b"], r["m"])] = {c: r[c] for c in read}
        for f, at in wanted_first.items():
            row = fetched[(f[0], f[1], *at)]
            first_record[f] = ((1, *at), [row[c] for c in self.value_columns])
        for (f, j), at in wanted_value.items():
            first_value[(f, j)] = ((1, *at), fetched[(f[0], f[1], *at)][self.value_columns[j]])

    def split_facts(self, columns=None):
        """A row per file split (a, p, h, b): `first`, its smallest row id,
        and v<j> for each column position j in `columns` (default: all),
        the smallest id of a row whose cell is not missing (null: none).
        Longs only: a hash aggregate."""
        from pyspark.sql import functions as F
        columns = range(len(self.value_columns)) if columns is None else columns
        firsts = [F.min(F.when(~rangepipe_sql.missing(F.col("`%s`" % self.value_columns[j])), F.col("m")))
                  .alias("v%d" % j) for j in columns]
        return self.rows.groupBy("a", "p", "h", "b").agg(F.min("m").alias("first"), *firsts)

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
        rank), then the cells of `columns` (c0, c1, ...). The CSV line
        is built from the cells after the
        shuffle (line()): the range partitioner's sampling pass reads
        this frame and needs only k."""
        from pyspark.sql import functions as F
        key = F.coalesce(self._cell(self.series_column), F.lit("")).alias("k")
        return self.rows.select(key, "a", "f", "b", "m", *[self._cell(c).alias("c%d" % i)
                                                          for i, c in enumerate(columns)])

    def line(self, columns):
        """Each keyed row's CSV text, built in the JVM (rangepipe_sql)."""
        return csv_line_of_cells(len(columns))

    def release(self):
        pass  # nothing is persisted


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

    def shape(self, min_key=True):
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
            return (values.get(series) or "", a, p, b, m, *[values.get(c) for c in columns])
        # Kept once built: the range partitioner's sampling pass reads every
        # row, and would otherwise parse the JSON again.
        from pyspark import StorageLevel
        self.kept = self.spark.createDataFrame(self.records.map(row), _keyed_schema(len(columns)))
        return self.kept.persist(StorageLevel.MEMORY_AND_DISK)

    def line(self, columns):
        """Each keyed row's CSV text, built in the JVM (rangepipe_sql, held
        to rangepipe_records.csv_line, which built it here before)."""
        return csv_line_of_cells(len(columns))

    def release(self):
        if getattr(self, "kept", None) is not None:
            self.kept.unpersist()
