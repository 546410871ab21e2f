"""Writes RESULTS.md from a run_corpus.py run (CORPUS_MARKDOWN=path): the
counts, the failures grouped by the file's shape (what rangepipe would have
to learn), the Spark stage's agreement, and one row per file."""

import datetime as dt
import os
import re
import subprocess

# Failure shapes: key -> (title, what rangepipe does with such a file today and what reading it right takes).
CLASSES = {
    "us-date-undecidable": (
        "M/D/Y dates whose day is always 1 (undecidable)",
        "ingest stops (exit 65) and names both patterns; inspect's command carries the month-first one. "
        "Right with advice. Nothing to fix on one machine; see the Spark section."),
    "missing-marker": (
        "'.' as the missing-value marker (FRED)",
        "ingest stops at the first '.' and advises `--null .`, which reads it right. Right with advice; "
        "'.' could join the default markers (FRED's CSV downloads use it for every holiday)."),
    "long-format": (
        "long format: the series column is not found or not advised",
        "without --series-column the rows collapse onto one series. Fixed by advice when the key is a text "
        "column and x is found (grunfeld: `try --series-column firm`; hourly_parking: SystemCodeNumber). "
        "chick-weights (key `chick` is numbers): x is the first column `weight`, the warning says only 'name "
        "its series column with --series-column' (no value), and even `--series-column chick` keeps x = "
        "weight (it increases within each chick, so it passes the sorted-within-series test). epil: x is the "
        "unnamed row-name column (1..236, sorted), nothing repeats, no warning at all; `--series-column "
        "subject` still takes it as x. gapminder: x is the first column `country` (text, category), the "
        "warning names no column; `--series-column country` then takes `continent` (the next text column) "
        "as a category x, 1 point per country; only `--series-column country --x year` reads it."),
    "composite-time": (
        "time split over several columns (year + quarter, YEAR + MON, year/month/day/hour, Date + Time)",
        "rangepipe has one x column; it takes the year column (number axis), so rows of one year collapse "
        "(macrodata 203 -> 51 points) or a row-number column (beijing 'No'). No flag can join columns; "
        "reading these needs a composite x (e.g. `--x year,quarter`) or a derived time."),
    "integer-date": (
        "integer dates (YYYYMMDD, YYYYMM, day ordinals)",
        "the column is taken as x but read as plain numbers (number axis): 19580329 is not a date, and the "
        "gaps between months/years are wrong (192612 -> 192701 is a step of 89). No advice is printed. "
        "`--time-format %Y%m%d` (co2) and `--time-format %Y%m` (frenchdata) read them right today, so "
        "inspect could name them when every sampled value is an 8- or 6-digit number that parses and the "
        "header says date; day ordinals (trump_approval, Python date.toordinal) have no pattern."),
    "quarter": (
        "quarter notation ('1970 Q1', '1974Q1', '1960q1')",
        "read as text: a category axis of labels (danish data) or not x at all when another column looks "
        "better (Uschange takes its unnamed 0..186 index, wpi1 its first value column). strptime has no "
        "quarter directive, so no --time-format can read it; needs a quarter family (Q1 = month 1)."),
    "month-name": (
        "month names in year-first or dash forms ('1991 Jul', '1977-Jan')",
        "not one of the month-name families (`Jan 1 2000`, `1 Jan 2000`; `Jan-1-1995` is read), so the "
        "column is text and x a category axis; no advice. `--time-format '%Y %b'` (PBS) and "
        "`--time-format '%Y-%b'` (1977-Jan) read them right today; the tool names neither."),
    "year-month": (
        "ISO year-month without a day ('1949-01')",
        "not read as a time, so the column is text: a category axis (Airline: 144 labels; monthly_sunspot: "
        "2820) and no advice. `--time-format %Y-%m` reads it right today; ISO 8601 has YYYY-MM, so the ISO "
        "family could take it, or inspect could name the flag."),
    "duplicate-column-name": (
        "duplicate column names",
        "ingest stops: `duplicate column name 'ISE' (also column 2)` and names no flag; the file cannot be "
        "read at all. A suffix (ISE, ISE.2) or reading by position would do."),
    "header-read-as-data": (
        "header of an empty name and a numeric name read as data",
        "Lynx's header is `,0` (pandas' unnamed index and a column named 0): it has no text, so it is taken "
        "for data (columns col1, col2) and the empty cell is a missing x: ingest stops at 1:1 and names no "
        "flag; `--header --time-format %Y` reads it right (Lynx' x is '' with years)."),
    "preamble": (
        "lines before the header (title, metadata, citation)",
        "the first line is taken as the header; ingest then stops on a field count (TMY3: 'expected 7 "
        "fields, got 68'), a duplicate empty name (SOI), a missing x (LR04 'Please') or takes '###' as x "
        "(EPICA). No flag skips lines; inspect's advice for TMY3 (--null on header names, --series-column "
        "'SAND POINT') is built on the misread header."),
    "r-row-names": (
        "R row names: the header is one field short",
        "R's write.csv writes a row name first on every row but no name for it in the header; ingest stops "
        "at the first data row ('expected 7 fields, got 8'). Reading it means naming the extra first field "
        "(as R's read.csv does) or a flag for it."),
    "no-x-column": (
        "no x column (a value column alone, or values + a label)",
        "the first (or only) column is taken as x: single-column files stop with 'no numeric value column' "
        "(and advise only `--x`/`--y` without a value); data,label files plot the values against "
        "themselves (mitdb: 7500 rows -> 249 points). The sample number as x (like pandas' RangeIndex) "
        "would read them; no flag exists for it."),
    "transposed": (
        "one series per row (UCR classification TSV)",
        "read column-wise: one series with the row number as x and a field per column, one point per row; "
        "each row is really a series over its columns (x the column position). ingest warns, and inspect notes, "
        "'252 columns of numbers and 36 rows: if each row is one series over its columns after a label in "
        "'col1', add --layout rows --series-column col1' (many more columns of numbers than rows; the label "
        "named when the first column holds whole numbers and the others do not), which reads it right."),
    "json-first-key": (
        "JSON array whose first key is not x",
        "a JSON array always takes its first key as x (no sniffing), so vega's driving.json plots against "
        "'side' (a label hint: left/right/top/bottom), a category of 4 points from 55 rows. Sniffing the "
        "array's keys as for NDJSON would find 'year'."),
    "time-column-not-first": (
        "the time column is not first and not named with a time word",
        "a first column that is sorted wins: Longley's 'Obs' (1..16) over YEAR, GISP2's 'Depth [m]' over "
        "'Age [yr BP]'. YEAR is a time word but its column holds plain numbers, and a sorted first column "
        "beats a time-named later one; 'Age' is not a time word. `--x YEAR --time-format %Y` and "
        "`--x 'Age [yr BP]'` read them; the tool names neither."),
    "two-time-columns": (
        "two time columns, the first coarser",
        "hourly_bikesharing has 'date' (the day) and 'ts' (the hour); both are times named like time, the "
        "leftmost wins, so 78,421 rows collapse to 3,269 days. Preferring the column with more distinct "
        "values (or none repeating) would pick ts; the collapse warning offers only --duplicates keep "
        "(which keeps 78,421 rows on a day axis); `--x ts` reads it right."),
    "other": ("other", ""),
}
ORDER = list(CLASSES)


def classify(entry, res):
    shapes = set(entry["shapes"])
    err = res["no_flag"].get("error") or ""
    if "transposed" in shapes:
        return "transposed"
    if "no-x-column" in shapes:
        return "no-x-column"
    if "preamble" in shapes:
        return "preamble"
    if "ragged-header" in shapes and "fields" in err:
        return "r-row-names"
    if "composite-time" in shapes:
        return "composite-time"
    if "duplicate column name" in err:
        return "duplicate-column-name"
    if "integer-date" in shapes:
        return "integer-date"
    if "quarter" in shapes:
        return "quarter"
    if "month-name" in shapes:
        return "month-name"
    if "year-month" in shapes:
        return "year-month"
    if "us-date-undecidable" in shapes:
        return "us-date-undecidable"
    if "dot-missing" in shapes:
        return "missing-marker"
    if "long" in shapes:
        return "long-format"
    if "unnamed-index-column" in shapes and "missing x value" in err:
        return "header-read-as-data"
    if "json-array" in shapes:
        return "json-first-key"
    if "two-time-columns" in shapes:
        return "two-time-columns"
    if shapes & {"x-not-first", "row-number-first-column"}:
        return "time-column-not-first"
    return "other"


def spark_why(r):
    s = r["spark"]
    texts = [x.get("refused", "") for x in (s["no_flag"], s.get("advice") or {})]
    if any("no header row" in t for t in texts):
        return "documented: the job needs a header row (README 'Not mirrored')"
    if any("below a title" in t or "one name short" in t for t in texts):
        return ("documented: the job reads the header from the first line, with a name for every column "
                "(README 'Not mirrored'); one machine skips the title lines or names R's row-name column ''")
    if any("duplicate column name" in t for t in texts):
        return "documented: the job refuses duplicate column names; one machine adds a suffix (ISE, ISE.2)"
    if any("first 1 rows" in t for t in texts):
        return ("bug: the digest holds the first row only, so M/D/Y dates that the binary decides from its "
                "5,000-row sample (a day above 12 later on) are undecidable there; the time format inspect "
                "sniffed (`%m/%d/%Y`) is not passed to the digest or the partitions")
    nf = s["no_flag"]
    insp = (r.get("inspect") or {}).get("x") or {}
    if "x" in nf and insp.get("column") == nf["x"] and nf["x"] != r["no_flag"].get("x"):
        return ("inspect (which the job sniffs x with) and ingest choose different x: inspect's x (%r) assumes "
                "the series column it suggests (%r), plain ingest does not (%r)"
                % (nf["x"], (r.get("inspect") or {}).get("series_column"), r["no_flag"].get("x")))
    return ""


def _cell(text):
    return str(text).replace("|", "\\|").replace("\n", " ")


def _reading(r):
    if r is None:
        return ""
    if r.get("error"):
        return "error: " + r["error"]
    axis = r["axis"] if isinstance(r.get("axis"), str) else "/".join(r.get("axis") or [])
    n = r["series"] if isinstance(r.get("series"), int) else len(r.get("series") or [])
    return "x %r %s, %d series, %s points" % (r.get("x"), axis, n, r.get("points"))


def _label(entry):
    x = entry["x"]
    s = " + ".join("`%s`" % c if c else "`''`" for c in x["columns"]) + " " + x["axis"]
    if x.get("time_format"):
        s += " `%s`" % x["time_format"]
    for alt in entry.get("also_right", []):
        s += " (or %s %s)" % (" + ".join("`%s`" % c if c else "`''`" for c in alt["columns"]), alt["axis"])
    if entry.get("series_column"):
        s += "; series `%s`" % entry["series_column"]
    e = entry["expect"]
    return s + "; %d series, %d points" % (e["series_count"], e["points"])


def write(path, labels, entries, results, binary):
    by_id = {e["id"]: e for e in entries}
    n = len(results)
    k = sum(r["no_flag_right"] for r in results)
    j = sum(r["advice_right"] for r in results)
    try:
        version = subprocess.run([binary, "--version"], capture_output=True, text=True).stdout.strip()
    except OSError:
        version = "?"
    lines = []
    w = lines.append
    w("# Corpus results")
    w("")
    w("Generated by `Tests/Corpus/run_corpus.py` (`CORPUS_MARKDOWN=Tests/Corpus/RESULTS.md`) on %s against "
      "`%s` (`rangepipe --version`: %s). Labels: `labels.json` (hand-made; see README.md)."
      % (dt.date.today().isoformat(), os.path.relpath(binary, os.getcwd()) if binary.startswith(os.getcwd()) else binary,
         version or "?"))
    w("")
    w("| | files | right | share | target |")
    w("| --- | --- | --- | --- | --- |")
    w("| no flags | %d | %d | %.1f%% | 90%% |" % (n, k, 100.0 * k / max(n, 1)))
    w("| with the tool's advice | %d | %d | %.1f%% | 100%% |" % (n, j, 100.0 * j / max(n, 1)))
    if results and "spark" in results[0]:
        agree = sum(r["spark"]["no_flag_agrees"] for r in results)
        sright = sum(r["spark"]["no_flag_right"] for r in results)
        w("| Spark stage's sniff + decide, no flags: same x, axis and fields as the binary | %d | %d | %.1f%% | 100%% |"
          % (n, agree, 100.0 * agree / max(n, 1)))
        w("| Spark stage, no flags: x and axis right | %d | %d | %.1f%% | |" % (n, sright, 100.0 * sright / max(n, 1)))
    w("")
    w("Right = the stored reading has the labelled x column (or an `also_right` one), axis, series (names and "
      "count), points and x range. With advice = the flags of `inspect`'s command, then every flag the "
      "tool's messages name with a value (`try --series-column C`, `give --input-time-format A or ...`, "
      "`add --null X`, `--duplicates keep`), followed round after round as a user would.")
    wrong = [r for r in results if not r["advice_right"]]
    known = [r for r in wrong if any(kf["right"] for kf in r.get("known_flags", []))]
    w("")
    if known:
        w("Of the %d files still wrong with advice, %d read right today with flags rangepipe already has "
          "(`right_with` in the labels, checked on this run), so only the advice is missing: %s. The other %d "
          "need something rangepipe cannot do yet (see the shapes below)."
            % (len(wrong), len(known), ", ".join("`%s` (`%s`)" % (r["id"].split("/", 1)[1],
                                                               next(kf["flags"] for kf in r["known_flags"] if kf["right"]))
                                               for r in known), len(wrong) - len(known)))
    elif not wrong:
        w("Every file reads right with no flags or with the tool's own advice.")
    else:
        w("None of the %d files still wrong with advice reads right with flags rangepipe has (`right_with` in the "
          "labels, checked on this run): each needs something rangepipe cannot do (see the shapes below)." % len(wrong))
    tried = [(r["id"], sg) for r in results for sg in r.get("suggestions", [])]
    if tried:
        bad = [(rid, sg) for rid, sg in tried if sg["problem"]]
        w("")
        w("Every suggestion, followed or not: each flag set the tool names for a file (`inspect`'s command and notes, "
          "the plain ingest's warnings and error), run on that file, must exit 0 and drop at most 1%% of rows "
          "without a warning: %d of %d work (%s)." % (len(tried) - len(bad), len(tried), "; ".join(
              "`%s` %s%s" % (rid.split("/", 1)[1], sg["flags"], ": " + sg["problem"] if sg["problem"] else "")
              for rid, sg in tried)))
    w("")
    # ---------------------------------------------------------- failure shapes
    groups = {}
    for r in results:
        if r["no_flag_right"]:
            continue
        c = classify(by_id[r["id"]], r)
        groups.setdefault(c, []).append(r)
    w("## Failures by shape")
    w("")
    w("| shape | wrong with no flags | still wrong with advice | files |")
    w("| --- | --- | --- | --- |")
    for c in sorted(groups, key=lambda c: (-sum(not r["advice_right"] for r in groups[c]), ORDER.index(c))):
        rs = groups[c]
        w("| %s | %d | %d | %s |" % (CLASSES[c][0], len(rs), sum(not r["advice_right"] for r in rs),
                                    ", ".join("`%s`" % r["id"].split("/", 1)[1] for r in rs)))
    w("")
    for c in sorted(groups, key=lambda c: (-sum(not r["advice_right"] for r in groups[c]), ORDER.index(c))):
        w("- **%s** (%d): %s" % (CLASSES[c][0], len(groups[c]), CLASSES[c][1]))
    w("")
    # ---------------------------------------------------------- spark
    if results and "spark" in results[0]:
        w("## The Spark stage's sniffing")
        w("")
        w("`integrations/spark` decides x from `rangepipe inspect` on each file's first 256 KiB "
          "(`rangepipe_sniff.inspect`) and x, fields and axis from a digest of the first row and each column's "
          "first value (`rangepipe_detect.decide`). Run here as plain functions (see `spark_sniff.py`), with no "
          "flags and with the advice's flags the job accepts (it has no `--null`). Where the two paths differ:")
        w("")
        w("Checked against the real job (pyspark 3.5.9, `local`, `rangepipe_spark.py` with a one-gesture script, "
          "`--partitions 2`) on 2026-11-26, after issue 29's detection work: `arch/nasdaq` (M/D/Y dates the "
          "binary decides from 5,000 rows; before, the digest refused them), `statsmodels/grunfeld` (long "
          "format, split by `firm` into 11 series; before, the job took another x than `play --input`) and "
          "`statsmodels/co2` (integer dates `%Y%m%d`) give the lines of `rangepipe play --input FILE --all` "
          "(compared sorted, byte for byte). On 2026-11-25, before that work, `river/bitcoin`, `arch/crude` "
          "(BOM, gzip) and `vega_datasets/wheat` (JSON) gave the same bytes too.")
        w("")
        w("| file | binary (no flags) | Spark stage (no flags) | binary with advice | Spark stage with advice | why |")
        w("| --- | --- | --- | --- | --- | --- |")
        for r in results:
            s = r["spark"]
            if s["no_flag_agrees"] and s.get("advice_agrees", True):
                continue
            adv = next((t for t in r.get("advice_tried", []) if t["right"]), None)

            def sp(x):
                if x is None:
                    return ""
                if "refused" in x:
                    return "refused: " + re.sub(r"file:(?:/[^/:\s]+)*/\.cache/files/", "",
                                                x["refused"].replace("rangepipe: error: ", ""))
                return "x %r %s, fields %s" % (x["x"], x["axis"], ", ".join(x["fields"]))
            w("| `%s` | %s | %s | %s | %s | %s |" % (
                r["id"], _cell(_reading(r["no_flag"])), _cell(sp(s["no_flag"])),
                _cell(("`%s`: " % adv["flags"] + _reading(adv)) if adv else ""),
                _cell(("%s%s: " % ("`%s`" % s["advice_flags"] if s.get("advice_flags") else "no flags",
                                   " (not offered: `%s`)" % s["advice_not_offered"]
                                     if s.get("advice_not_offered") else "") + sp(s.get("advice"))) if "advice" in s else ""),
                _cell(spark_why(r))))
        w("")
    # ---------------------------------------------------------- per file
    w("## Every file")
    w("")
    w("| file | shape | label | no flags | with advice | failure shape |")
    w("| --- | --- | --- | --- | --- | --- |")
    for r in results:
        e = by_id[r["id"]]
        nf = "right" if r["no_flag_right"] else "**wrong**: " + "; ".join(r["no_flag_problems"])
        if r["no_flag_right"]:
            ad = "-"
        elif r["advice_right"]:
            ad = "right with `%s`" % " ".join(
                f if v is None else "%s %s" % (f, v) for f, v in r["advice_flags"])
        elif r.get("advice_tried"):
            b = r["advice_best"]
            ad = "**wrong** with `%s`: %s" % (b["flags"], "; ".join(b["problems"]))
        else:
            ad = "**no advice**" + (" (names %s without a value)" % ", ".join("`%s`" % f for f in r["advice_incomplete"])
                                    if r["advice_incomplete"] else "")
        for kf in r.get("known_flags", []):
            ad += "; %s with `%s`, which the tool does not name" % ("right" if kf["right"] else "**still wrong**",
                                                                  kf["flags"])
        klass = "" if r["no_flag_right"] else CLASSES[classify(e, r)][0]
        w("| `%s` (%s %s) | %s | %s | %s | %s | %s |" % (
            e["id"], e["package"], e["version"], _cell(", ".join(e["shapes"])), _cell(_label(e)),
            _cell(nf), _cell(ad), _cell(klass)))
    w("")
    with open(path, "w", encoding="utf-8") as f:
        f.write("\n".join(lines))
