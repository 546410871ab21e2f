#!/usr/bin/env bash
# Installs what the script-schema tests need, only what is missing
# (idempotent): the repo root's .venv (shared with the Spark and browser
# tests) with jsonschema (Draft 2020-12 validator) and pytest from PyPI.
set -euo pipefail
cd "$(dirname "$0")/.."
. .ci/lib.sh
apt_install $(python_venv_needs)
venv_install 'import jsonschema, pytest' 'jsonschema>=4.18,<5' 'pytest>=8,<9'
