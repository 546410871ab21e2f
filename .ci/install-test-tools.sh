#!/usr/bin/env bash
# What the tests run besides the binary: python3 (SQLite transaction
# holders), GNU time (peak memory), setpriv (util-linux: read-only stores as
# an unprivileged user), script (bsdutils: a terminal for the progress bar),
# the sqlite3 CLI (store read-back) and tzdata (named zones). Installed, never skipped.
set -euo pipefail
need=""
command -v python3 >/dev/null || need="$need python3"
[ -x /usr/bin/time ] || need="$need time"
command -v setpriv >/dev/null || need="$need util-linux"
command -v script >/dev/null || need="$need bsdutils"
command -v sqlite3 >/dev/null || need="$need sqlite3"
# Named zones (--display-zone, the script's x.zone) in the tests: Europe/Berlin, America/New_York.
[ -f /usr/share/zoneinfo/America/New_York ] || need="$need tzdata"
if [ -n "$need" ]; then
  SUDO=$( [ "$(id -u)" = 0 ] || echo sudo )
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq $need
fi
