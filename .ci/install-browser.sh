#!/usr/bin/env bash
# Installs what the browser tests need, only what is missing (idempotent):
# Debian's chromium (Playwright drives it through executable_path; no
# browser is ever downloaded), a font, tzdata, and the repo root's .venv
# (shared with the Spark tests) with playwright and pytest from PyPI.
set -euo pipefail
cd "$(dirname "$0")/.."
export DEBIAN_FRONTEND=noninteractive
SUDO=$( [ "$(id -u)" = 0 ] || echo sudo )
need=""
command -v chromium >/dev/null || need="$need chromium"
[ -d /usr/share/fonts/truetype/dejavu ] || need="$need fonts-dejavu-core"
# Named display zones (--display-zone Area/City) read tzdata's TZif files.
[ -f /usr/share/zoneinfo/Europe/Berlin ] || need="$need tzdata"
# Debian's python3 has no venv/ensurepip module without python3-venv.
command -v python3 >/dev/null || need="$need python3 python3-venv"
if [ ! -x .venv/bin/python ] && command -v python3 >/dev/null && ! python3 -c 'import ensurepip, venv' 2>/dev/null; then
  need="$need python3-venv"
fi
if [ -n "$need" ]; then
  echo "installing:$need"
  $SUDO apt-get update -qq
  $SUDO apt-get install -y -qq --no-install-recommends $need >/dev/null
fi
[ -x .venv/bin/python ] || python3 -m venv .venv
.venv/bin/python -c 'import playwright, pytest' 2>/dev/null \
  || .venv/bin/pip install -q --disable-pip-version-check 'playwright>=1.40' 'pytest>=8,<9'
