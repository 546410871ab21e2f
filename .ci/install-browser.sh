#!/usr/bin/env bash
# Installs what the browser tests need, only what is missing (idempotent):
# Debian's chromium (Playwright drives it through executable_path; no
# browser is ever downloaded), a font, tzdata, and the repo root's .venv
# (shared with the Spark tests) with playwright and pytest from PyPI.
set -euo pipefail
cd "$(dirname "$0")/.."
. .ci/lib.sh
need=()
command -v chromium >/dev/null || need+=(chromium)
[ -d /usr/share/fonts/truetype/dejavu ] || need+=(fonts-dejavu-core)
# Named display zones (--display-zone Area/City) read tzdata's TZif files.
[ -f /usr/share/zoneinfo/Europe/Berlin ] || need+=(tzdata)
need+=($(python_venv_needs))
apt_install "${need[@]}"
venv_install 'import playwright, pytest' 'playwright>=1.40' 'pytest>=8,<9'
