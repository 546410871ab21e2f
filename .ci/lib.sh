# Shared by the .ci/install-*.sh scripts (sourced, not run): install Debian
# packages and PyPI packages only when they are missing.

export DEBIAN_FRONTEND=noninteractive
SUDO=$( [ "$(id -u)" = 0 ] || echo sudo )

# apt_install PKG...: installs the named Debian packages (none: nothing).
apt_install() {
  [ $# -gt 0 ] || return 0
  echo "installing: $*"
  $SUDO apt-get update -qq
  $SUDO apt-get install -y -qq --no-install-recommends "$@" >/dev/null
}

# python_venv_needs: the Debian packages python3 and the repo's .venv need
# (Debian's python3 has no venv/ensurepip module without python3-venv).
python_venv_needs() {
  if ! command -v python3 >/dev/null; then echo python3 python3-venv; return; fi
  if [ ! -x .venv/bin/python ] && ! python3 -c 'import ensurepip, venv' 2>/dev/null; then echo python3-venv; fi
}

# venv_install 'import a, b' SPEC...: the repo root's .venv (shared by the
# Spark, browser and schema tests), with the PyPI SPECs unless the imports work.
venv_install() {
  local imports=$1; shift
  [ -x .venv/bin/python ] || python3 -m venv .venv
  .venv/bin/python -c "$imports" 2>/dev/null \
    || .venv/bin/pip install -q --disable-pip-version-check "$@"
}
