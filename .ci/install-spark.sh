#!/usr/bin/env bash
# Installs what the Spark integration tests need, idempotently: Java from
# Debian when `java` is missing, and a venv in .venv/ with pyspark (major
# version 3, which runs on Java 8/11/17) and pytest from PyPI.
set -euo pipefail
cd "$(dirname "$0")/.."
export DEBIAN_FRONTEND=noninteractive
SUDO=$( [ "$(id -u)" = 0 ] || echo sudo )
apt_need=""
java_pkg=openjdk-17-jre-headless
if ! command -v java >/dev/null; then
  $SUDO apt-get update -qq
  # Debian 12 has Java 17; a release without it gets its default JRE.
  apt-cache show "$java_pkg" >/dev/null 2>&1 || java_pkg=default-jre-headless
  apt_need="$apt_need $java_pkg"
fi
# Debian's python3 has no venv/ensurepip module without python3-venv.
if [ ! -x .venv/bin/python ] && ! python3 -c 'import ensurepip, venv' 2>/dev/null; then
  apt_need="$apt_need python3-venv"
fi
command -v python3 >/dev/null || apt_need="$apt_need python3 python3-venv"
if [ -n "$apt_need" ]; then
  echo "installing:$apt_need"
  $SUDO apt-get update -qq
  $SUDO apt-get install -y -qq $apt_need >/dev/null
fi
[ -x .venv/bin/python ] || python3 -m venv .venv
if ! .venv/bin/python -c 'import pyspark, pytest' 2>/dev/null; then
  .venv/bin/pip install -q --disable-pip-version-check 'pyspark>=3.5,<4' 'pytest>=8,<9'
fi
