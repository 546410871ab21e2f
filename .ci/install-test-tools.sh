#!/usr/bin/env bash
# What the tests run besides the binary: python3 (SQLite transaction
# holders), GNU time (peak memory), setpriv (util-linux: read-only stores as
# an unprivileged user), script (bsdutils: a terminal for the progress bar),
# the sqlite3 CLI (store read-back), tzdata (named zones), zsh, fish and
# man-db (the installed completions and man page). Installed, never skipped.
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
# InstallTests: the installed completions checked by zsh -n and fish -n, the man page by man -l.
command -v zsh >/dev/null || need+=(zsh)
command -v fish >/dev/null || need+=(fish)
command -v man >/dev/null || need+=(man-db)
apt_install "${need[@]}"
