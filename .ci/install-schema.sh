#!/usr/bin/env bash
# Installs what the script-schema tests need, only what is missing
# (idempotent): the repo root's .venv (shared with the Spark and browser
# tests) with jsonschema (Draft 2020-12 validator) and pytest from PyPI.
set -euo pipefail
cd "$(dirname "$0")/.."
export DEBIAN_FRONTEND=noninteractive
SUDO=$( [ "$(id -u)" = 0 ] || echo sudo )
need=""
command -v python3 >/dev/null || need="$need python3 python3-venv"
# Debian's python3 has no venv/ensurepip module without python3-venv.
if [ ! -x .venv/bin/python ] && command -v python3 >/dev/null && ! python3 -c 'import ensurepip, venv' 2>/dev/null; then
  need="$need python3-venv"
fi
if [ -n "$need" ]; then
  echo "installing:$need"
  $SUDO apt-get update -qq
  $SUDO apt-get install -y -qq --no-install-recommends $need >/dev/null
fi
[ -x .venv/bin/python ] || python3 -m venv .venv
.venv/bin/python -c 'import jsonschema, pytest' 2>/dev/null \
  || .venv/bin/pip install -q --disable-pip-version-check 'jsonschema>=4.18,<5' 'pytest>=8,<9'
