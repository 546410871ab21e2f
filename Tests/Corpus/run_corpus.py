#!/usr/bin/env python3
"""The labelled corpus test: does rangepipe read real files right?

For every file in labels.json (fetched by .ci/install-corpus.sh into
Tests/Corpus/.cache/files):

1. no flags: `rangepipe inspect FILE --json`, `rangepipe ingest FILE --json`
   into a fresh store, `rangepipe series --json`; the reading (x column,
   axis, series names, points, x range) is compared with the label.
2. with the tool's advice, when (1) is wrong: the flags of inspect's
   `command`, then each flag that ingest's or inspect's messages name with a
   value (`try --series-column C`, `give --time-format A or --time-format B`,
   `add --null X`, `--duplicates keep`, ...), applied as a user would, round
   after round; alternatives (`A or B`) are each tried. Right with advice =
   some reading the tool led to is right.
3. the Spark stage's sniffing (integrations/spark: rangepipe_sniff.inspect
   and rangepipe_detect.decide, run without Spark; see spark_sniff.py) with
   no flags and with the advice's flags the job accepts; its x, axis and
   value fields are compared with the binary's and with the label.

Prints a table, `no-flag: K/N right`, `with-advice: J/N right`, the Spark
agreement, and ends with `P passed, F failed` (passed = right with no flags
or with advice). Exit 1 when no-flag < 90% or with-advice < 100%, unless
CORPUS_REQUIRE=0 (report only).

Environment: RANGEPIPE_BIN (default /work/main/.build/debug/rangepipe; only
run, never built here), CORPUS_REQUIRE (1), CORPUS_ONLY (comma-separated
substrings of ids), CORPUS_SPARK (1; 0 skips step 3), CORPUS_JOBS (2),
CORPUS_JSON (write the full results there), CORPUS_MARKDOWN (write the
results table there, as in RESULTS.md).
"""

import concurrent.futures
import datetime as dt
import itertools
import json
import os
import re
import shlex
import shutil
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import corpus_lib as lib  # noqa: E402

BIN = os.environ.get("RANGEPIPE_BIN", "/work/main/.build/debug/rangepipe")
REQUIRE = os.environ.get("CORPUS_REQUIRE", "1") != "0"
NO_FLAG_TARGET = 0.90
ADVICE_TARGET = 1.00
MAX_ROUNDS = 4
MAX_RUNS = 12
TIMEOUT = 300

VALUE_FLAGS = {"--x", "--y", "--layout", "--series-column", "--series", "--axis", "--time-format", "--input-time-format",
               "--timezone", "--delimiter", "--null", "--duplicates", "--format", "--on-error"}
BARE_FLAGS = {"--header", "--no-header", "--decimal-comma", "--thousands", "--split-fields"}
_STORES = itertools.count()
NOT_A_VALUE = {"or", "and", "with", "to", "for", "if", "keeps", "the"}


# ------------------------------------------------------------------ the binary

def run(args, cwd):
    try:
        p = subprocess.run([BIN, *args], capture_output=True, text=True, cwd=cwd, timeout=TIMEOUT)
        return p.returncode, p.stdout, p.stderr
    except subprocess.TimeoutExpired:
        return 124, "", "rangepipe: timed out after %d s" % TIMEOUT


def flag_args(flags):
    out = []
    for flag, value in flags:
        out += [flag] if value is None else [flag, value]
    return out


def show_flags(flags):
    return " ".join(flag if value is None else "%s %s" % (flag, shlex.quote(value)) for flag, value in flags)


def first_error(stderr):
    lines = [ln.strip() for ln in stderr.splitlines() if ln.strip()]
    line = next((ln for ln in lines if "error:" in ln), lines[0] if lines else "")
    line = line.replace("rangepipe: error: ", "")
    return re.sub(r"(?:/[^/:\s]+)*/\.cache/files/", "", line)


def reading(path, flags, tmp):
    """Ingest with these flags into a fresh store and read back what was stored."""
    store = os.path.join(tmp, "s%d.sqlite" % next(_STORES))
    rc, out, err = run(["ingest", path, "--store", store, "--json", "--quiet", *flag_args(flags)], tmp)
    r = {"flags": flags, "rc": rc, "stderr": err.strip(), "warnings": [ln for ln in err.splitlines() if "warning:" in ln]}
    if rc != 0:
        r["error"] = first_error(err) or "exit %d" % rc
        return r
    try:
        summary = json.loads(out.splitlines()[0])
    except (ValueError, IndexError):
        r["error"] = "no JSON summary"
        return r
    r["rows_read"] = sum(s.get("rows_read", 0) for s in summary.get("series", []))
    r["rows_dropped"] = sum(s.get("rows_rejected", 0) + s.get("duplicates_dropped", 0) for s in summary.get("series", []))
    xinfo = (summary.get("files") or [{}])[0].get("x") or {}
    r["x"] = xinfo.get("column")
    r["x_reason"] = xinfo.get("reason")
    if r["x"] is None:
        # A JSON array's summary names no x: it is --x, else the first key (README).
        r["x"] = dict(flags).get("--x")
        if r["x"] is None and path.endswith(".json"):
            with open(path, encoding="utf-8-sig") as f:
                first = json.load(f)[0]
            r["x"] = next(iter(first), None)
        r["x_reason"] = "a JSON array's first key" if r["x"] is not None else None
    rc, out, err = run(["series", "--store", store, "--json"], tmp)
    if rc != 0:
        r["error"] = first_error(err)
        return r
    series = [json.loads(ln) for ln in out.splitlines() if ln.strip()]
    r["series"] = sorted(s["name"] for s in series)
    r["axis"] = sorted({s["axis"] for s in series})
    r["points"] = sum(s["points"] for s in series)
    r["fields"] = sorted({f for s in series for f in s.get("fields", [])})
    mins = [s["x"]["min"] for s in series if s.get("x")]
    maxs = [s["x"]["max"] for s in series if s.get("x")]
    cats = [c for s in series for c in s.get("categories", [])]
    if "category" in r["axis"] and cats:
        r["x_min"], r["x_max"] = cats[0], cats[-1]
    elif mins:
        r["x_min"], r["x_max"] = min(mins), max(maxs)
    return r


def inspect(path, flags, tmp):
    rc, out, err = run(["inspect", path, "--json", *flag_args(flags)], tmp)
    if rc != 0 or not out.strip():
        return {"error": first_error(err) or "exit %d" % rc}
    try:
        return json.loads(out.splitlines()[0])
    except ValueError:
        return {"error": "inspect printed no JSON"}


# ------------------------------------------------------------------ advice

_ADVICE = re.compile(r"\b(?:add|give|try|say)\s+(--[a-z][a-z-]*(?:[^;)\n]*))")


def _parse_alternative(text):
    """Flags with their values from one alternative (`--time-format '%m/%d/%Y'`)."""
    try:
        toks = shlex.split(text)
    except ValueError:
        toks = text.split()
    flags, i = [], 0
    while i < len(toks):
        t = toks[i]
        if t in BARE_FLAGS:
            flags.append((t, None))
            i += 1
        elif t in VALUE_FLAGS:
            if i + 1 < len(toks) and not toks[i + 1].startswith("--") and toks[i + 1] not in NOT_A_VALUE:
                flags.append((t, toks[i + 1]))
                i += 2
            else:
                return None  # the flag named without a value: not advice one can follow
        else:
            break
    return flags or None


def advice_from_text(text):
    """Each piece of followable advice in the tool's messages: a list of
    alternatives, each a list of (flag, value)."""
    found = []
    for line in text.splitlines():
        for m in _ADVICE.finditer(line):
            alts = [a for a in (_parse_alternative(p) for p in re.split(r"\s+or\s+", m.group(1))) if a]
            if alts:
                found.append(alts)
        if "--duplicates keep keeps every row" in line:
            found.append([[("--duplicates", "keep")]])
    return found


def incomplete_advice(text):
    """Flags an advice names without a value (`name x with --x`, `--series-column;`): not followable."""
    out = []
    for m in re.finditer(r"\b(?:with|give|try|add|say)\s+(--[a-z][a-z-]*)(?=\s*(?:[;),]|$|\s+or\b|\s+and\b))", text):
        if m.group(1) in VALUE_FLAGS:
            out.append(m.group(1))
    return out


def advice_from_inspect(report, path):
    """The flags of inspect's suggested command (without the file), and its notes' advice."""
    out = []
    cmd = report.get("command")
    if cmd:
        try:
            toks = shlex.split(cmd)
        except ValueError:
            toks = []
        toks = [t for t in toks[2:] if t != path]
        alt = _parse_alternative(" ".join(shlex.quote(t) for t in toks)) if toks else None
        if alt:
            out.append([alt])
    for note in report.get("notes") or []:
        out += advice_from_text(note)
    return out


def apply(flags, extra):
    flags = list(flags)
    for flag, value in extra:
        if flag == "--null":
            if (flag, value) not in flags:
                flags.append((flag, value))
            continue
        aliases = {"--time-format", "--input-time-format"} if flag in ("--time-format", "--input-time-format") else {flag}
        flags = [(f, v) for f, v in flags if f not in aliases]
        flags.append((flag, value))
    return tuple(flags)


# ------------------------------------------------------------------ judging

def _time(s):
    try:
        return dt.datetime.fromisoformat(s.replace("Z", "+00:00"))
    except (ValueError, AttributeError):
        return None


def _same_x(a, b):
    if a is None or b is None:
        return a is b
    if isinstance(b, str) and isinstance(a, str):
        ta, tb = _time(a), _time(b)
        if ta and tb:
            return abs((ta - tb).total_seconds()) < 0.0005
        return a == b
    try:
        fa, fb = float(a), float(b)
    except (TypeError, ValueError):
        return False
    return abs(fa - fb) <= 1e-9 * max(1.0, abs(fb))


def readings_of(entry):
    """The right readings: (columns, axis, x_min, x_max) for x and each also_right."""
    exp = entry["expect"]
    out = [(entry["x"]["columns"], entry["x"]["axis"], exp["x_min"], exp["x_max"])]
    for alt, a in zip(entry.get("also_right", []), exp.get("also", [])):
        out.append((alt["columns"], alt["axis"], a["x_min"], a["x_max"]))
    return out


def judge(entry, r):
    """(right, problems): problems name what differs from the label."""
    if "error" in r:
        return False, ["error: " + r["error"]]
    exp = entry["expect"]
    stem = lib.stem(entry["file"])
    want_series = exp["series"] if exp["series"] is not None else None
    best = None
    for cols, axis, lo, hi in readings_of(entry):
        problems = []
        # A time over several columns is right when ingest names x by its parts joined by commas (`--x year,quarter`).
        # A label's "" is an unnamed first column of row names, which ingest names "(row names)".
        if ",".join(c or "(row names)" for c in cols) != r.get("x"):
            problems.append("x %r (label: %s)" % (r.get("x"), " + ".join(repr(c) for c in cols)))
        if r.get("axis") != [axis]:
            problems.append("axis %s (label: %s)" % ("/".join(r.get("axis") or ["?"]), axis))
        elif not (_same_x(r.get("x_min"), lo) and _same_x(r.get("x_max"), hi)):
            problems.append("x range %s..%s (label: %s..%s)" % (r.get("x_min"), r.get("x_max"), lo, hi))
        if best is None or len(problems) < len(best):
            best = problems
    problems = best
    if want_series is None:
        # One series per row (transposed): the label fixes their count, not their names.
        if len(r.get("series") or []) != exp["series_count"]:
            problems.append("series %d (label: %d, one per row)" % (len(r.get("series") or []), exp["series_count"]))
    elif r.get("series") != sorted(want_series):
        if len(r.get("series", [])) != len(want_series):
            problems.append("series %d %s (label: %d%s)" % (
                len(r.get("series", [])), _short(r.get("series")), len(want_series),
                " by %r" % entry["series_column"] if entry.get("series_column") else " named %r" % stem))
        else:
            problems.append("series names %s (label: %s)" % (_short(r.get("series")), _short(want_series)))
    if r.get("points") != exp["points"] and r.get("points") not in exp.get("points_also", []):
        problems.append("points %s (label: %s)" % (r.get("points"), exp["points"]))
    return not problems, problems


def _short(names):
    names = list(names or [])
    return "[" + ", ".join(names[:3]) + (", ... %d" % len(names) if len(names) > 3 else "") + "]"


# ------------------------------------------------------------------ one file

def check(entry):
    path = lib.file_path(entry)
    tmp = tempfile.mkdtemp(prefix="corpus-")
    try:
        res = {"id": entry["id"]}
        report = inspect(path, (), tmp)
        res["inspect"] = {k: report.get(k) for k in ("x", "series_column", "command", "notes", "error", "header",
                                                      "delimiter", "duplicates_expected")}
        plain = reading(path, (), tmp)
        res["no_flag"] = plain
        ok, problems = judge(entry, plain)
        res["no_flag_right"], res["no_flag_problems"] = ok, problems
        res["advice_tried"] = []
        res["advice_right"] = ok
        res["advice_flags"] = ()
        res["advice_incomplete"] = sorted(set(incomplete_advice(plain.get("stderr", ""))
                                              + [f for n in report.get("notes") or [] for f in incomplete_advice(n)]))
        if not ok:
            # Follow the tool: inspect's command and notes, then what each run's messages advise.
            seen = {()}
            queue = [apply((), alt) for alts in advice_from_inspect(report, path) + advice_from_text(plain.get("stderr", ""))
                     for alt in alts]
            best = None
            runs = 0
            for _ in range(MAX_ROUNDS):
                nxt = []
                for flags in queue:
                    if flags in seen or runs >= MAX_RUNS:
                        continue
                    seen.add(flags)
                    runs += 1
                    r = reading(path, flags, tmp)
                    good, probs = judge(entry, r)
                    res["advice_tried"].append({"flags": show_flags(flags), "right": good, "problems": probs,
                                                "x": r.get("x"), "axis": r.get("axis"), "points": r.get("points"),
                                                "series": len(r.get("series") or []), "fields": r.get("fields"),
                                                "error": r.get("error"), "warnings": r.get("warnings")})
                    if best is None or good or len(probs) < len(best["problems"]):
                        best = res["advice_tried"][-1]
                    if good:
                        res["advice_right"], res["advice_flags"] = True, flags
                        break
                    more = advice_from_text(r.get("stderr", ""))
                    rep = inspect(path, flags, tmp)
                    if "error" not in rep:
                        more += advice_from_inspect(rep, path)
                    for alts in more:
                        for alt in alts:
                            nxt.append(apply(flags, alt))
                if res["advice_right"] or not nxt:
                    break
                queue = nxt
            res["advice_best"] = best
        res["suggestions"] = check_suggestions(path, report, plain, tmp)
        if not res["advice_right"] and entry.get("right_with"):
            # Flags that exist today and read the file right (labels.json right_with): the tool did not name them.
            res["known_flags"] = []
            for text in entry["right_with"]:
                toks = shlex.split(text)
                flags = tuple(_parse_alternative(" ".join(shlex.quote(t) for t in toks)) or ())
                r = reading(path, flags, tmp)
                good, probs = judge(entry, r)
                res["known_flags"].append({"flags": text, "right": good, "problems": probs})
        if os.environ.get("CORPUS_SPARK", "1") != "0":
            res["spark"] = spark_check(entry, path, res)
        return res
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


def silent_drop(r):
    """Rows dropped (rejected or collapsed as duplicates) beyond 1% with no warning naming it."""
    read, dropped = r.get("rows_read", 0), r.get("rows_dropped", 0)
    return dropped * 100 > read and not r.get("warnings")


def check_suggestions(path, report, plain, tmp):
    """Runs every flag set the tool suggests for this file (inspect's command
    and notes, the plain ingest's messages), whether or not the file needed
    it: each must ingest (exit 0) and drop at most 1% of rows silently."""
    out, seen = [], set()
    for alts in advice_from_inspect(report, path) + advice_from_text(plain.get("stderr", "")):
        for alt in alts:
            flags = apply((), alt)
            if flags in seen:
                continue
            seen.add(flags)
            r = reading(path, flags, tmp)
            problem = ("error: " + r["error"]) if "error" in r else (
                "%d of %d rows dropped silently" % (r["rows_dropped"], r["rows_read"]) if silent_drop(r) else None)
            out.append({"flags": show_flags(flags), "problem": problem})
    return out


def spark_check(entry, path, res):
    import spark_sniff
    out = {}
    plain = res["no_flag"]
    s = spark_sniff.run(BIN, path, ())
    out["no_flag"] = s
    out["no_flag_agrees"] = _agree(s, plain)
    out["no_flag_right"] = _spark_right(entry, s)
    flags = res["advice_flags"] or ()
    if flags:
        ok_flags, not_offered = spark_sniff.split_flags(flags)
        s2 = spark_sniff.run(BIN, path, ok_flags)
        out["advice"] = s2
        out["advice_flags"] = show_flags(ok_flags)
        out["advice_not_offered"] = show_flags(not_offered)
        adv = next((t for t in res["advice_tried"] if t["flags"] == show_flags(flags)), None)
        out["advice_agrees"] = _agree(s2, adv or {})
        out["advice_right"] = _spark_right(entry, s2)
    return out


def _agree(spark, r):
    """The Spark stage decides as the binary did: x, axis and value fields (or both refuse)."""
    if "refused" in spark:
        return r.get("error") is not None
    if r.get("error") is not None:
        return False
    if spark["x"] != r.get("x") or [spark["axis"]] != r.get("axis"):
        return False
    return r.get("fields") is None or sorted(spark["fields"]) == r.get("fields")


def _spark_right(entry, s):
    if "refused" in s:
        return False
    return any(",".join(cols) == s["x"] and axis == s["axis"] for cols, axis, _, _ in readings_of(entry))


# ------------------------------------------------------------------ report

def describe(r):
    if "error" in r:
        return "ERROR " + r["error"].replace("rangepipe: error: ", "")[:150]
    return "x %r %s, %d series, %d points" % (r.get("x"), "/".join(r.get("axis") or []), len(r.get("series") or []),
                                             r.get("points") or 0)


def label_text(entry):
    x = entry["x"]
    s = " + ".join(repr(c) for c in x["columns"]) + " " + x["axis"]
    if x.get("time_format"):
        s += " (%s)" % x["time_format"]
    if entry.get("series_column"):
        s += ", series %r" % entry["series_column"]
    return s + ", %d series, %d points" % (entry["expect"]["series_count"], entry["expect"]["points"])


def main():
    if not os.path.exists(BIN):
        sys.exit("run_corpus: %s: no such binary (build it, or set RANGEPIPE_BIN)" % BIN)
    labels = lib.load_labels()
    entries = labels["files"]
    only = [s for s in os.environ.get("CORPUS_ONLY", "").split(",") if s]
    if only:
        entries = [e for e in entries if any(s in e["id"] for s in only)]
    for e in entries:
        p = lib.file_path(e)
        if not os.path.exists(p):
            sys.exit("run_corpus: %s missing: run .ci/install-corpus.sh first" % p)
    jobs = int(os.environ.get("CORPUS_JOBS", "2"))
    with concurrent.futures.ThreadPoolExecutor(max_workers=jobs) as pool:
        results = list(pool.map(check, entries))
    n = len(results)
    by_id = {e["id"]: e for e in entries}
    print("%-52s %-9s %-9s %s" % ("file", "no-flag", "advice", "what went wrong (no flags -> with advice)"))
    for r in results:
        e = by_id[r["id"]]
        nf = "right" if r["no_flag_right"] else "WRONG"
        ad = "right" if r["advice_right"] else "WRONG"
        why = ""
        if not r["no_flag_right"]:
            why = "; ".join(r["no_flag_problems"])[:160]
            if r["advice_right"]:
                why += "  -> right with: " + show_flags(r["advice_flags"])
            elif r.get("advice_tried"):
                why += "  -> best advice (%s): %s" % (r["advice_best"]["flags"], "; ".join(r["advice_best"]["problems"])[:120])
            else:
                why += "  -> no advice" + (" (names %s without a value)" % ", ".join(r["advice_incomplete"])
                                           if r["advice_incomplete"] else "")
            for kf in r.get("known_flags", []):
                why += "; %s with %s (not named by the tool)" % ("right" if kf["right"] else "STILL WRONG", kf["flags"])
        print("%-52s %-9s %-9s %s" % (e["id"][:52], nf, ad, why))
    bad = [(r["id"], sg) for r in results for sg in r.get("suggestions", []) if sg["problem"]]
    for rid, sg in bad:
        print("suggestion fails: %s with %s: %s" % (rid, sg["flags"], sg["problem"]))
    k = sum(r["no_flag_right"] for r in results)
    j = sum(r["advice_right"] for r in results)
    print()
    print("no-flag: %d/%d right (%.1f%%; target %d%%)" % (k, n, 100.0 * k / max(n, 1), NO_FLAG_TARGET * 100))
    print("with-advice: %d/%d right (%.1f%%; target %d%%)" % (j, n, 100.0 * j / max(n, 1), ADVICE_TARGET * 100))
    tried = sum(len(r.get("suggestions", [])) for r in results)
    print("suggestions: %d/%d work (exit 0, at most 1%% of rows dropped silently) over %d files"
          % (tried - len(bad), tried, sum(1 for r in results if r.get("suggestions"))))
    if results and "spark" in results[0]:
        agree = sum(r["spark"]["no_flag_agrees"] for r in results)
        sright = sum(r["spark"]["no_flag_right"] for r in results)
        adv = [r for r in results if "advice_agrees" in r["spark"]]
        print("spark sniff (no flags): %d/%d decide x, axis and fields as the binary; x and axis right on %d/%d"
              % (agree, n, sright, n))
        if adv:
            print("spark sniff (with advice): %d/%d agree with the binary's advised reading"
                  % (sum(r["spark"]["advice_agrees"] for r in adv), len(adv)))
    if os.environ.get("CORPUS_JSON"):
        with open(os.environ["CORPUS_JSON"], "w", encoding="utf-8") as f:
            json.dump(results, f, indent=1, default=list)
    if os.environ.get("CORPUS_MARKDOWN"):
        import corpus_report
        corpus_report.write(os.environ["CORPUS_MARKDOWN"], labels, entries, results, BIN)
    met = k >= NO_FLAG_TARGET * n and j >= ADVICE_TARGET * n and not bad
    if not met:
        print("targets not met%s" % ("" if REQUIRE else " (CORPUS_REQUIRE=0: report only)"))
    print("%d passed, %d failed" % (j, n - j))
    return 1 if (REQUIRE and not met) else 0


if __name__ == "__main__":
    sys.exit(main())
