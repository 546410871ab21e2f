"""BokehJS on the SPEC 4.10 page: its page (BokehJS from PyPI bokeh's wheel,
by absolute file path; a main figure and an overview figure with a
RangeTool) and how the recorder reads it (the main figure's x_range).
Registered in ../libraries.py.
"""
import pages

NAME = "bokeh"
# Its keys in a ground truth's "versions".
VERSION_KEYS = ("bokeh",)
ALIGNED_OVERVIEW = False


def version_label(versions):
    return f"BokehJS {versions['bokeh']} (PyPI bokeh {versions['bokeh']})"


def versions():
    import bokeh

    return {"bokeh": bokeh.__version__}


def overview_range(reading, extent):
    """The overview's x range at a reading: the data extent (Bokeh's overview
    figure never moves)."""
    return extent


BOKEH_BORDER = {"left": 80, "right": 30, "top": 20, "bottom": 50}


def bokeh_document(setup):
    """The Bokeh layout for a set-up: main figure + overview figure with a RangeTool."""
    from bokeh.layouts import column
    from bokeh.models import ColumnDataSource, Range1d, RangeTool
    from bokeh.plotting import figure

    xs, ys = pages.load_series(setup["series"])
    axis = pages.SERIES[setup["series"]]["axis"]
    W, H = setup["main"]["width"], setup["main"]["height"]
    OW, OH = setup["overview"]["width"], setup["overview"]["height"]
    x0, x1 = min(xs), max(xs)
    lo, hi = setup["initial_ms"]
    bounds = (x0, x1) if setup.get("bounds") == "data" else None
    min_interval = setup.get("min_interval_ms")
    max_interval = setup.get("max_interval_ms")
    x_range = Range1d(start=lo, end=hi, bounds=bounds, min_interval=min_interval, max_interval=max_interval)
    source = ColumnDataSource({"x": xs, "y": ys})
    kind = "datetime" if axis == "date" else "linear"
    b = BOKEH_BORDER
    main = figure(
        name="main", frame_width=W, frame_height=H, x_range=x_range, x_axis_type=kind,
        tools="xpan,xwheel_zoom,xbox_zoom,reset",
        active_drag="xpan" if setup["drag"] == "pan" else "xbox_zoom",
        active_scroll="xwheel_zoom", toolbar_location=None,
        min_border_left=b["left"], min_border_right=b["right"], min_border_top=b["top"], min_border_bottom=b["bottom"],
    )
    main.line("x", "y", source=source)
    overview = figure(
        name="overview", frame_width=OW, frame_height=OH, x_range=Range1d(start=x0, end=x1),
        x_axis_type=kind, tools="", toolbar_location=None, y_axis_type=None,
        min_border_left=b["left"], min_border_right=b["right"], min_border_top=b["top"], min_border_bottom=b["bottom"],
    )
    overview.line("x", "y", source=source)
    overview.ygrid.grid_line_color = None
    range_tool = RangeTool(x_range=x_range, name="range_tool")
    overview.add_tools(range_tool)
    return column(main, overview, name="root")


BOKEH_EXTRA_HEAD = """<style>html,body{margin:0;padding:0;overflow:hidden}</style>"""


def write_page(folder, setup, name):
    from bokeh.embed import file_html
    from bokeh.resources import Resources

    root = bokeh_document(setup)
    # BokehJS's static files from the wheel, by absolute file path (mode
    # "absolute" = the files bokeh.resources.INLINE would inline).
    text = file_html(root, resources=Resources(mode="absolute"), title="bokeh conformance")
    text = text.replace("</head>", BOKEH_EXTRA_HEAD + "</head>", 1)
    path = folder / f"{name}.html"
    path.write_text(text)
    return path



READER_JS = r"""
window.__cf = {
  view: name => Bokeh.index.query_one(v => v.model.name == name),
  ready: () => {
    if (!(window.Bokeh && Bokeh.documents && Bokeh.documents.length && Bokeh.documents[0].is_idle)) return false;
    const m = __cf.view('main'), o = __cf.view('overview');
    return m != null && o != null && m.frame.bbox.width > 0 && o.frame.bbox.width > 0;
  },
  read: () => {
    const xr = Bokeh.documents[0].get_model_by_name('main').x_range;
    return {x: [xr.start, xr.end], xn: [xr.start, xr.end]};
  },
  boxes: () => {
    const b = name => { const v = __cf.view(name), c = v.canvas_view.events_el.getBoundingClientRect(), f = v.frame.bbox;
                        return [c.left + f.left, c.top + f.top, f.width, f.height]; };
    return {main: b('main'), overview: b('overview')};
  },
};
"""
