#!/usr/bin/env bash
# Installs what the Spark integration tests need, idempotently: Java from
# Debian when `java` is missing, and a venv in .venv/ with pyspark (major
# version 3, which runs on Java 8/11/17), pytest, and pyarrow and pandas (for
# DataFrame.mapInArrow, which moves rows to the Python workers in Arrow
# batches) from PyPI.
set -euo pipefail
cd "$(dirname "$0")/.."
. .ci/lib.sh
need=()
if ! command -v java >/dev/null; then
  $SUDO apt-get update -qq
  # Debian 12 has Java 17; a release without it gets its default JRE.
  java_pkg=openjdk-17-jre-headless
  apt-cache show "$java_pkg" >/dev/null 2>&1 || java_pkg=default-jre-headless
  need+=("$java_pkg")
fi
need+=($(python_venv_needs))
apt_install "${need[@]}"
venv_install 'import pyspark, pytest, pyarrow, pandas' 'pyspark>=3.5,<4' 'pytest>=8,<9' 'pyarrow>=11' 'pandas>=1.5'
