#!/usr/bin/env bash
# Installs what the Arrow input tests need, idempotently: what the Spark
# tests install (pyarrow, pandas, pytest in .venv), the labelled corpus,
# and polars from PyPI (its write_ipc is one of the Arrow writers held to
# the labels; the tests need it and do not skip without it).
set -euo pipefail
cd "$(dirname "$0")/.."
. .ci/lib.sh
.ci/install-spark.sh
.ci/install-corpus.sh
venv_install 'import polars' 'polars>=1.0,<3'
