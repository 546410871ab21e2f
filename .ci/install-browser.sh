#!/usr/bin/env bash
# Installs what the browser tests need, only what is missing (idempotent):
# Debian's chromium (Playwright drives it through executable_path; no
# browser is ever downloaded), a font, and a .venv at the repo root with
# playwright and pytest from PyPI.
set -euo pipefail
cd "$(dirname "$0")/.."
export DEBIAN_FRONTEND=noninteractive
SUDO=$( [ "$(id -u)" = 0 ] || echo sudo )
need=""
command -v chromium >/dev/null || need="$need chromium"
[ -d /usr/share/fonts/truetype/dejavu ] || need="$need fonts-dejavu-core"
# Named display zones (--timezone Area/City) read the TZif files of tzdata.
[ -f /usr/share/zoneinfo/Europe/Berlin ] || need="$need tzdata"
if [ -n "$need" ]; then
  echo "installing:$need"
  $SUDO apt-get update -qq
  $SUDO apt-get install -y -qq --no-install-recommends $need >/dev/null
fi
[ -x .venv/bin/python ] || python3 -m venv .venv
.venv/bin/python -c 'import playwright, pytest' 2>/dev/null \
  || .venv/bin/pip install -q --disable-pip-version-check playwright pytest
