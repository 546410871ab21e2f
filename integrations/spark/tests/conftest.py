"""Fixtures for the Spark integration tests: the built binary, one local[2]
SparkSession for the whole run, and runners for both sides of a comparison.
Expected bytes always come from the single-machine binary run."""

import io
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[3]
SPARK_DIR = ROOT / "integrations" / "spark"
sys.path.insert(0, str(SPARK_DIR))
# Spark's Python workers run the venv's interpreter, as spark-submit below does.
os.environ.setdefault("PYSPARK_PYTHON", sys.executable)

import rangepipe_spark  # noqa: E402


def binary():
    """RANGEPIPE_BIN, else the release build, else the debug build; a
    missing binary fails the run (make test-spark builds it first)."""
    for candidate in (os.environ.get("RANGEPIPE_BIN"), ROOT / ".build/release/rangepipe",
                      ROOT / ".build/debug/rangepipe"):
        if candidate and Path(candidate).is_file():
            return str(Path(candidate).resolve())
    pytest.fail("no rangepipe binary: run `swift build` (or set RANGEPIPE_BIN)")


# The tests' JVMs live a few minutes and run small jobs: the quick JIT
# compiler only and the serial collector took the suite from 459 to 333
# CPU-s, and one session for both modules (not one each) to 278 (2-core
# machine, 2026-11-29); Spark's own code paths, whole-stage code generation
# included, are unchanged.
TEST_JAVA_OPTIONS = "-XX:TieredStopAtLevel=1 -XX:+UseSerialGC"


@pytest.fixture(scope="session")
def rangepipe():
    return binary()


@pytest.fixture(scope="session")
def spark():
    from pyspark.sql import SparkSession
    session = (SparkSession.builder.master("local[2]").appName("rangepipe-tests")
               .config("spark.sql.session.timeZone", "UTC")
               .config("spark.ui.enabled", "false")
               .config("spark.ui.showConsoleProgress", "false")
               .config("spark.sql.shuffle.partitions", "4")
               .config("spark.driver.memory", "1g")
               .config("spark.driver.extraJavaOptions", TEST_JAVA_OPTIONS)
               .getOrCreate())
    session.sparkContext.setLogLevel("ERROR")
    yield session
    session.stop()


class Result:
    def __init__(self, code, data, err):
        self.code, self.data, self.err = code, data, err


def single(rangepipe, script, inputs, *options):
    """`rangepipe play SCRIPT --input INPUT... --all` on one machine."""
    run = subprocess.run([rangepipe, "play", str(script), "--input", *map(str, inputs), "--all", *options],
                         capture_output=True)
    return Result(run.returncode, run.stdout, run.stderr.decode())


def on_spark(spark, rangepipe, out_dir, script, inputs, *options):
    """The Spark job in this process's session; the part files concatenated
    in name order."""
    err = io.StringIO()
    argv = [str(script), *map(str, inputs), "--output", str(out_dir), "--rangepipe", rangepipe, *options]
    code = rangepipe_spark.run(spark, argv, out=err)
    data = b""
    if Path(out_dir).is_dir():
        for part in sorted(Path(out_dir).glob("part-*")):
            data += part.read_bytes()
    return Result(code, data, err.getvalue())
