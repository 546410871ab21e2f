#!/usr/bin/env bash
# Installs what the browser ground-truth recorder of the interaction-profile
# conformance tests needs (Tests/Conformance/record.py), only what is missing
# (idempotent): everything .ci/install-browser.sh installs (Debian's chromium,
# the repo root's .venv with playwright and pytest), plus the two chart
# libraries from their PyPI wheels at the exact versions the committed
# ground truth was recorded with (nicegui's ECharts bundle without nicegui's
# dependencies). plotly.min.js comes from plotly's
# package_data and BokehJS from bokeh's INLINE resources; dygraphs from
# Debian's libjs-dygraphs (dygraph.min.js and its ES sources under
# /usr/share/javascript/dygraphs); lightweight-charts.js from the lightweight-charts
# wheel, installed alone (--no-deps): no CDN, no download at record time. Changing a pin means re-recording Tests/Conformance/LIBRARY/ground-truth.json.gz.
set -euo pipefail
cd "$(dirname "$0")/.."
. .ci/lib.sh
bash .ci/install-browser.sh
PLOTLY_VERSION=7.1.0   # ships plotly.js 4.1.1
BOKEH_VERSION=3.9.2    # BokehJS 3.9.2 (bokeh 3.10 needs a newer Python than Debian 12's 3.11)
UPLOT_CARD_VERSION=1.0.0   # ships uPlot 1.6.18 (uPlot.iife.min.js, SPEC 4.11); found by its file list, never imported (it needs metaflow)
venv_install "import plotly, bokeh, sys; from importlib.metadata import version; sys.exit(plotly.__version__ != '$PLOTLY_VERSION' or bokeh.__version__ != '$BOKEH_VERSION' or version('metaflow-card-uplot') != '$UPLOT_CARD_VERSION')" \
  "plotly==$PLOTLY_VERSION" "bokeh==$BOKEH_VERSION" "metaflow-card-uplot==$UPLOT_CARD_VERSION"
# Apache ECharts 6.1.0 (SPEC 4.11): the ES module nicegui ships
# (nicegui/elements/echart/dist/index.js); only that wheel, without its
# dependencies (the recorder reads one JS file, never imports nicegui).
NICEGUI_VERSION=3.18.0
if ! .venv/bin/python -c "import sys; from importlib.metadata import version; sys.exit(version('nicegui') != '$NICEGUI_VERSION')" 2>/dev/null; then
  .venv/bin/pip install -q --disable-pip-version-check --no-deps "nicegui==$NICEGUI_VERSION"
fi
DYGRAPHS_DEB=2.2.1-1   # libjs-dygraphs: dygraphs 2.2.1
if [ "$(dpkg-query -W -f='${Version}' libjs-dygraphs 2>/dev/null)" != "$DYGRAPHS_DEB" ]; then
  apt_install "libjs-dygraphs=$DYGRAPHS_DEB"
fi
LWC_VERSION=2.1   # PyPI lightweight-charts 2.1 ships lightweight-charts 4.1.3 (lightweight_charts/js/lightweight-charts.js, SPEC 4.11); only that wheel (--no-deps): its Python dependencies are not needed to read one JS file
if ! .venv/bin/python -c "import sys; from importlib.metadata import version; sys.exit(version('lightweight-charts') != '$LWC_VERSION')" 2>/dev/null; then
  .venv/bin/pip install -q --disable-pip-version-check --no-deps "lightweight-charts==$LWC_VERSION"
fi
