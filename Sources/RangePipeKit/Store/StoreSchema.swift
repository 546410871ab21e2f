/// The store's schema, versioned with `PRAGMA user_version`.
///
/// Version 4 (documented in docs/store.md) is version 3 with a series'
/// first field (ordinal 0) in its own row: `series.field_name`,
/// `field_min`, `field_max` and `field_missing` (NULL name: a series
/// without fields), and the `field` table holding ordinals 1 on. A fleet
/// of one-field series then writes one row and three b-tree entries per
/// series (the series, its name and its generation), not two rows and
/// four: 23.9k instructions a series where version 3 took 26.7k (10^5
/// one-point series, callgrind). The first write
/// into an older store moves its first fields in that write's transaction
/// (`migrateToVersion4`).
///
/// Version 3 (documented in docs/store.md) is version 2 plus packs: a small
/// series (at most `packedBytes` of columns) has no chunk rows; its x and
/// field columns lie one after another in a shared `pack` row's blob (up
/// to `packBytes`), at `series.pack_offset` bytes in pack `series.pack_id`
/// (both NULL for a chunked series). A fleet of 10^6 one-point series is
/// then 2·10^6 rows and 10^3 packs instead of 4·10^6 rows. Replacing a
/// packed series leaves its bytes in the pack as a hole (see
/// `SeriesStore+Packs`). Version 1 and 2 stores are read as they are; the
/// first write migrates them in its transaction (`migrateToVersion3`:
/// new columns and table only, the old series stay in chunks).
///
/// Sources (any version from 1; no version change, so an older rangepipe
/// still reads and writes the store): `series.source_id` names a row of
/// `source`, the files the series was last written from (canonical paths,
/// one per line; `-` for standard input), so that an ingest can say when it
/// replaces series another file wrote. NULL for a series written before,
/// or by a rangepipe without, this column. Added by the first write that
/// finds it missing (`ensureSources`).
///
/// Version 2 (documented in docs/store.md) is version 1 plus what a scheduled
/// re-run needs to find the series that changed without reading them
/// (`play --changed-since`):
/// - `series.content_hash`: `Series.contentHash` of what the series holds,
///   set by every write;
/// - `series.changed_generation` (indexed): the write transaction that
///   last changed that content (a write of the same content keeps it);
/// - `meta` keys `generation` (the last committed write transaction's
///   number, counting from 1) and `store_id` (random, so a state file is
///   not read against another store).
///
/// A version 1 store is migrated by the first write that opens it, in that
/// write's transaction: hashes from the stored content, generation 0.
///
/// Version 1:
/// - `series`: one row per series (name, axis, points, x range, chunk size).
/// - `field`: the value fields of a series, in order, with min/max/missing.
/// - `category`: labels of category series by ordinal.
/// - `chunk`: the columns in chunks of up to `chunkSize` little-endian
///   Float64 values, `column_index` -1 for x and the field ordinal otherwise,
///   with the chunk's min and max over non-missing values.
enum StoreSchema {
    static let version: Int64 = 4
    static let chunkSize = 65_536
    /// A series with at most this many bytes of columns (64 one-field
    /// points) is packed.
    static let packedBytes = 1024
    /// A pack holds at most this many bytes (1,024 one-point series).
    static let packBytes = 16_384

    /// The source column and table on a store made without them.
    static let addSources = """
    ALTER TABLE series ADD COLUMN source_id INTEGER;
    CREATE TABLE IF NOT EXISTS source(
        id    INTEGER PRIMARY KEY,
        files TEXT NOT NULL UNIQUE
    );
    """

    /// Version 2 → 3 (see `migrateToVersion3`).
    static let addPacks = """
    ALTER TABLE series ADD COLUMN pack_id INTEGER;
    ALTER TABLE series ADD COLUMN pack_offset INTEGER;
    CREATE TABLE IF NOT EXISTS pack(
        id   INTEGER PRIMARY KEY,
        data BLOB NOT NULL
    );
    """

    /// Version 3 → 4 (see `migrateToVersion4`): every first field (the
    /// lowest ordinal, as readers ordered them) moves into its series'
    /// row. Row values, not `UPDATE … FROM`: SQLite 3.15 on.
    static let addFirstField = """
    ALTER TABLE series ADD COLUMN field_name TEXT;
    ALTER TABLE series ADD COLUMN field_min REAL;
    ALTER TABLE series ADD COLUMN field_max REAL;
    ALTER TABLE series ADD COLUMN field_missing INTEGER;
    UPDATE series SET (field_name, field_min, field_max, field_missing) =
      (SELECT name, min, max, missing FROM field WHERE series_id = series.id ORDER BY ordinal LIMIT 1);
    DELETE FROM field WHERE (series_id, ordinal) IN (SELECT series_id, min(ordinal) FROM field GROUP BY series_id);
    """

    /// The columns of a series row a reader takes its first field from,
    /// as `field_name, field_min, field_max, field_missing`: NULLs before
    /// version 4, where the `field` table holds every field.
    static func firstField(version: Int64) -> String {
        version >= 4 ? "field_name, field_min, field_max, field_missing" : "NULL, NULL, NULL, NULL"
    }

    static let create = """
    CREATE TABLE IF NOT EXISTS meta(
        key   TEXT PRIMARY KEY,
        value TEXT NOT NULL
    );
    CREATE TABLE IF NOT EXISTS series(
        id         INTEGER PRIMARY KEY,
        name       TEXT NOT NULL UNIQUE,
        axis       TEXT NOT NULL CHECK (axis IN ('time', 'number', 'category')),
        points     INTEGER NOT NULL,
        x_min      REAL,
        x_max      REAL,
        chunk_size INTEGER NOT NULL,
        content_hash TEXT,
        changed_generation INTEGER NOT NULL DEFAULT 0,
        pack_id    INTEGER,
        pack_offset INTEGER,
        source_id  INTEGER,
        field_name TEXT,
        field_min  REAL,
        field_max  REAL,
        field_missing INTEGER
    );
    CREATE TABLE IF NOT EXISTS source(
        id    INTEGER PRIMARY KEY,
        files TEXT NOT NULL UNIQUE
    );
    CREATE INDEX IF NOT EXISTS series_changed ON series(changed_generation);
    CREATE TABLE IF NOT EXISTS field(
        series_id INTEGER NOT NULL REFERENCES series(id) ON DELETE CASCADE,
        ordinal   INTEGER NOT NULL,
        name      TEXT NOT NULL,
        min       REAL,
        max       REAL,
        missing   INTEGER NOT NULL,
        PRIMARY KEY (series_id, ordinal)
    ) WITHOUT ROWID;
    CREATE TABLE IF NOT EXISTS category(
        series_id INTEGER NOT NULL REFERENCES series(id) ON DELETE CASCADE,
        ordinal   INTEGER NOT NULL,
        label     TEXT NOT NULL,
        PRIMARY KEY (series_id, ordinal)
    ) WITHOUT ROWID;
    CREATE TABLE IF NOT EXISTS chunk(
        series_id    INTEGER NOT NULL REFERENCES series(id) ON DELETE CASCADE,
        column_index INTEGER NOT NULL,
        seq          INTEGER NOT NULL,
        first_index  INTEGER NOT NULL,
        count        INTEGER NOT NULL,
        min          REAL,
        max          REAL,
        data         BLOB NOT NULL,
        PRIMARY KEY (series_id, column_index, seq)
    );
    CREATE TABLE IF NOT EXISTS pack(
        id   INTEGER PRIMARY KEY,
        data BLOB NOT NULL
    );
    """
}
