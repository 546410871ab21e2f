#!/usr/bin/env bash
# What the tests run besides the binary: python3 (SQLite transaction
# holders), GNU time (peak memory), setpriv (util-linux: read-only stores as
# an unprivileged user), script (bsdutils: a terminal for the progress bar),
# the sqlite3 CLI (store read-back) and tzdata (named zones). Installed, never skipped.
set -euo pipefail
cd "$(dirname "$0")/.."
. .ci/lib.sh
need=()
command -v python3 >/dev/null || need+=(python3)
[ -x /usr/bin/time ] || need+=(time)
command -v setpriv >/dev/null || need+=(util-linux)
command -v script >/dev/null || need+=(bsdutils)
command -v sqlite3 >/dev/null || need+=(sqlite3)
# Named zones (--display-zone, the script's x.zone) in the tests: Europe/Berlin, America/New_York.
[ -f /usr/share/zoneinfo/America/New_York ] || need+=(tzdata)
apt_install "${need[@]}"
