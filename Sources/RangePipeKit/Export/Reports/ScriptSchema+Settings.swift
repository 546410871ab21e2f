// Generated from docs/script.schema.json by Tests/Schema/embed-schema.sh: edit the JSON file.
extension ScriptSchema {
    /// The schema's lines up to the path definitions: the top level and the settings.
    static let settingsPart = ##"""
{
  "$schema": "https://json-schema.org/draft/2020-12/schema",
  "title": "rangepipe play script",
  "description": "A script for `rangepipe play`: chart sizes, window rules and a list of timed gestures and actions (docs/scripts.md). What a schema cannot say is checked by `rangepipe script check`: strictly increasing path times, pinch pointers at different x, gestures that overlap in time, minSpan > maxSpan, fraction windows with a >= b, and raw pointer samples out of order.",
  "type": "object",
  "required": ["events"],
  "additionalProperties": false,
  "properties": {
    "series": { "type": "string", "description": "The series to play (overridden by --series/--all); may be left out when the store holds one series." },
    "profile": { "enum": ["rangepipe", "plotly", "bokeh", "uplot", "dygraphs", "lightweight-charts", "echarts"], "default": "rangepipe", "description": "Whose interaction rules raw pointer input follows (SPEC 4.10, 4.11, docs/profiles.md): rangepipe's own, or Plotly.js 4.1.1's, Bokeh 3.9.2's, uPlot 1.6.18's, dygraphs 2.2.1's, lightweight-charts 4.1.3's or Apache ECharts 6.1.0's. Under a library profile every event is raw pointer input. uplot has no overview (leave overview out), main.drag zoom only, no bounds or span limits, and samples on main from a mouse; under dygraphs main.drag is zoom, there are no bounds or span limits, the overview is the range selector (main.width wide, 40 px high), and presses and wheel events from one mouse land in the plot area (main) or on the range selector (overview), or presses from one or two fingers (pointer touch) in the plot area; lightweight-charts has no overview, main.drag pan only, no bounds or span limits, and presses and wheel events from a mouse on main (the pane) or x-axis (its time scale, 28 px high), or instead presses from one finger (pointer touch) there, or two on main that pinch, and no wheel; under echarts main.drag is pan, there are no bounds (ECharts holds the window to the data), minSpan and maxSpan are the dataZooms' minValueSpan and maxValueSpan, and presses and wheel events from one mouse land in the grid (main) or on the slider dataZoom's box (overview, with the chart's margins around it); a script may instead press with one finger (pointer touch) on the grid, or two whose middle stays on it (a pinch), never with both a mouse and a finger." },
    "sync": { "type": "array", "items": { "type": "string", "minLength": 1 }, "minItems": 1, "uniqueItems": true, "description": "Linked charts: these series play through one x-window over the union of their x, each with its own y-fit and annotation; frames carry every series, in this order (docs/script-views.md#linked-charts). Not with series; --sync overrides it, --series/--all play solo instead." },
    "fps": { "type": "number", "minimum": 0.001, "maximum": 1000, "default": 60, "description": "Frames per second: frame k is at t = k/fps." },
    "duration": { "type": ["number", "null"], "exclusiveMinimum": 0, "maximum": 86400, "description": "Seconds to play (null or absent: until the last event's motion comes to rest); duration x fps at most 50 million frames." },
    "field": { "type": "string", "description": "The value field shown first (default: the series' first field)." },
    "unit": {
      "oneOf": [
        { "type": "string", "minLength": 1 },
        { "type": "object", "minProperties": 1, "additionalProperties": { "type": "string", "minLength": 1 } }
      ],
      "description": "What the values count in, e.g. \"ppm\", or one unit per field, e.g. {\"co2\": \"ppm\", \"temp\": \"°C\"} (a field without one shows none): the pictures (preview, player, render) show the shown field's unit after its name in the y axis title and the caption (\"value (ppm)\"), so switch-field changes it too; tracks never carry it."
    },
    "x": { "$ref": "#/$defs/xSettings" },
    "overview": { "$ref": "#/$defs/chartSize", "default": { "width": 800, "height": 120 }, "description": "The overview chart (drag-selection, drag-handle), px." },
    "main": {
      "type": "object",
      "additionalProperties": false,
      "default": { "width": 800, "height": 400 },
      "description": "The main chart (pan, box-zoom, pinch, double-tap-drag, wheel, hover, M4 columns), px; drag: what a one-pointer drag on it does.",
      "properties": {
        "width": { "type": "number", "minimum": 1, "maximum": 100000 },
        "height": { "type": "number", "minimum": 1, "maximum": 100000 },
        "drag": { "enum": ["pan", "zoom"], "description": "pan moves the window; zoom draws an x box and zooms to it on release (default: pan, zoom under the plotly, uplot and dygraphs profiles; uplot and dygraphs take zoom only, dygraphs' shift-drag pans; lightweight-charts and echarts take pan only)." }
      }
    },
    "window": { "$ref": "#/$defs/windowSettings" },
    "momentum": { "$ref": "#/$defs/momentum" },
    "y": { "$ref": "#/$defs/y" },
    "annotation": { "$ref": "#/$defs/annotation" },
    "events": { "type": "array", "items": { "$ref": "#/$defs/event" }, "description": "Gestures and actions, in any order; they start in order of `at` (ties: script order)." }
  },
  "allOf": [
    {
      "if": { "properties": { "profile": { "const": "uplot" } }, "required": ["profile"] },
      "then": {
        "not": { "required": ["overview"] },
        "properties": {
          "main": { "properties": { "drag": { "const": "zoom" } } },
          "window": { "not": { "anyOf": [{ "required": ["bounds"] }, { "required": ["minSpan"] }, { "required": ["maxSpan"] }] } },
          "events": { "items": { "properties": { "samples": { "items": { "properties": { "area": { "const": "main" }, "pointer": { "const": "mouse" } } } } } } }
        }
      }
    },
    {
      "if": { "properties": { "profile": { "const": "dygraphs" } }, "required": ["profile"] },
      "then": {
        "properties": {
          "main": { "properties": { "drag": { "const": "zoom" }, "width": { "minimum": 2 } } },
          "overview": { "properties": { "height": { "const": 40 } } },
          "window": { "not": { "anyOf": [{ "required": ["bounds"] }, { "required": ["minSpan"] }, { "required": ["maxSpan"] }] } },
          "events": { "items": { "properties": { "samples": { "items": {
            "properties": { "area": { "enum": ["main", "overview"] }, "pointer": { "enum": ["mouse", "touch"] } },
            "if": { "properties": { "type": { "const": "down" }, "pointer": { "const": "touch" } }, "required": ["type", "pointer", "area"] },
            "then": { "properties": { "area": { "const": "main" } } }
          } } } } }
        }
      }
    },
    {
      "if": { "properties": { "profile": { "const": "lightweight-charts" } }, "required": ["profile"] },
      "then": {
        "not": { "required": ["overview"] },
        "properties": {
          "main": { "properties": { "drag": { "const": "pan" } } },
          "window": { "not": { "anyOf": [{ "required": ["bounds"] }, { "required": ["minSpan"] }, { "required": ["maxSpan"] }] } },
          "events": { "items": { "properties": { "samples": { "items": { "properties": { "area": { "enum": ["main", "x-axis"] }, "pointer": { "enum": ["mouse", "touch"] } } } } } } }
        }
      }
    },
    {
      "if": { "properties": { "profile": { "const": "echarts" } }, "required": ["profile"] },
      "then": {
        "properties": {
          "main": { "properties": { "drag": { "const": "pan" } } },
          "window": { "not": { "required": ["bounds"] } },
          "events": { "items": { "properties": { "samples": { "items": {
            "properties": { "area": { "enum": ["main", "overview"] }, "pointer": { "enum": ["mouse", "touch"] } },
            "if": { "properties": { "type": { "const": "down" }, "pointer": { "const": "touch" } }, "required": ["type", "pointer", "area"] },
            "then": { "properties": { "area": { "const": "main" } } }
          } } } } }
        }
      }
    }
  ],
  "$defs": {
    "seconds": { "type": "number", "minimum": 0, "maximum": 86400 },
    "coordinate": { "type": "number", "minimum": -1000000000, "maximum": 1000000000 },
    "chartSize": {
      "type": "object",
      "additionalProperties": false,
      "properties": {
        "width": { "type": "number", "minimum": 1, "maximum": 100000 },
        "height": { "type": "number", "minimum": 1, "maximum": 100000 }
      }
    },
    "x": {
      "description": "An x value: a number in axis units (epoch seconds on time axes), or a string (ISO-8601 time on time axes, a category label on category axes, a decimal on number axes).",
      "type": ["number", "string"]
    },
    "xSettings": {
      "description": "How x reads: the zone whose wall clock the range-selector presets count calendar days, months and years on (docs/script-views.md, Range-selector presets).",
      "type": "object",
      "additionalProperties": false,
      "properties": {
        "zone": {
          "type": "string",
          "default": "UTC",
          "pattern": "^(?!(.*/)?\\.{1,2}(/|$))[^/]+(/[^/]+)*$",
          "description": "UTC, a fixed offset ±HH:MM, or an Area/City tzdata name (read from /usr/share/zoneinfo), as --display-zone: a relative path without empty, . or .. parts. Whether the zone exists is the machine's tzdata's to say."
        },
        "scale": { "$ref": "#/$defs/xScale" }
      }
    },
    "xScale": {
      "description": "How x maps to the view units gestures, spans and pixels are linear in (docs/script-views.md, X scales): linear (u = x, any axis), log (u = ln x; number axes, every x and the bounds > 0; number spans are ratios b/a > 1) or ordinal (u = point index, straight between neighbouring points; time axes with distinct x; durations count calendar days that hold a point).",
      "enum": ["linear", "log", "ordinal"],
      "default": "linear"
    },
    "duration": {
      "description": "A duration for time axes: 90s, 15m, 12h, 4d, 2w (decimals allowed) or ISO-8601 P1W, P1DT12H, PT90S (weeks, days, hours, minutes, seconds; no months or years). Must be positive.",
      "type": "string",
      "pattern": "^[ \\t]*(\\+?(?=[0-9.]*[1-9])([0-9]+\\.?[0-9]*|\\.[0-9]+)([eE][+-]?[0-9]+)?[smhdw]|[Pp](?=.*[1-9])(([0-9]*[.,]?[0-9]+|[0-9]+[.,]?)[WwDd])*([Tt](([0-9]*[.,]?[0-9]+|[0-9]+[.,]?)[HhMmSs])*)?)[ \\t]*$"
    },
    "span": {
      "description": "A span: axis units, a duration string (time axes), {\"points\": k} or {\"fraction\": f} of the bounds' extent.",
      "oneOf": [
        { "type": "number", "exclusiveMinimum": 0 },
        { "$ref": "#/$defs/duration" },
        {
          "type": "object",
          "required": ["points"],
          "additionalProperties": false,
          "properties": { "points": { "type": "integer", "minimum": 1, "maximum": 1000000000000 } }
        },
        {
          "type": "object",
          "required": ["fraction"],
          "additionalProperties": false,
          "properties": { "fraction": { "type": "number", "exclusiveMinimum": 0, "maximum": 1 } }
        }
      ]
    },
    "windowSpec": {
      "description": "A window: \"all\", {\"fraction\": [a, b]} (a < b), {\"min\": X, \"max\": X}, {\"last\": SPAN}, {\"first\": SPAN} or {\"preset\": NAME}.",
      "oneOf": [
        { "const": "all" },
        {
          "type": "object",
          "required": ["fraction"],
          "additionalProperties": false,
          "properties": {
            "fraction": {
              "type": "array",
              "prefixItems": [
                { "type": "number", "minimum": 0, "maximum": 1 },
                { "type": "number", "minimum": 0, "maximum": 1 }
              ],
              "minItems": 2,
              "maxItems": 2
            }
          }
        },
        {
          "type": "object",
          "required": ["min", "max"],
          "additionalProperties": false,
          "properties": { "min": { "$ref": "#/$defs/x" }, "max": { "$ref": "#/$defs/x" } }
        },
        {
          "type": "object",
          "required": ["last"],
          "additionalProperties": false,
          "properties": { "last": { "$ref": "#/$defs/span" } }
        },
        {
          "type": "object",
          "required": ["first"],
          "additionalProperties": false,
          "properties": { "first": { "$ref": "#/$defs/span" } }
        },
        {
          "type": "object",
          "required": ["preset"],
          "additionalProperties": false,
          "properties": {
            "preset": {
              "enum": ["1D", "5D", "1M", "3M", "6M", "YTD", "1Y", "5Y", "all"],
              "description": "A range-selector button: a window ending at the series' last x, reaching back by calendar days, months (clamped to the month's end), to Jan 1 (YTD), or all; time axes only except all."
            }
          }
        }
      ]
    },
    "windowSettings": {
      "type": "object",
      "additionalProperties": false,
      "properties": {
        "initial": { "$ref": "#/$defs/windowSpec", "description": "The window on frame 0 (default: point floor(0.6 n) to point floor(0.8 n))." },
        "minSpan": { "oneOf": [{ "type": "null" }, { "$ref": "#/$defs/span" }], "description": "Default: the smallest x gap in the series." },
        "maxSpan": { "oneOf": [{ "type": "null" }, { "$ref": "#/$defs/span" }], "description": "Default: none." },
        "bounds": {
          "default": "data",
          "oneOf": [
            { "const": "data" },
            {
              "type": "object",
              "required": ["min", "max"],
              "additionalProperties": false,
              "properties": { "min": { "$ref": "#/$defs/x" }, "max": { "$ref": "#/$defs/x" } }
            }
          ]
        },
        "elastic": { "type": "boolean", "default": false }
      }
    },
    "momentum": {
      "type": "object",
      "additionalProperties": false,
      "properties": {
        "model": { "enum": ["decay", "ease-out"], "default": "decay" },
        "deceleration": { "type": "number", "exclusiveMinimum": 0, "maximum": 0.999999, "default": 0.998, "description": "decay: velocity factor per millisecond." },
        "duration": { "type": "number", "exclusiveMinimum": 0, "maximum": 60, "default": 1, "description": "ease-out: seconds." }
      }
    },
    "y": {
      "type": "object",
      "additionalProperties": false,
      "properties": {
        "fit": { "enum": ["edges", "points", "neighbours", "none", "manual"], "default": "edges", "description": "manual: a y-window the main chart's pan and pinch move (initial, minSpan, maxSpan, bounds, lock)." },
        "padding": { "type": "number", "minimum": 0, "maximum": 100, "default": 0, "description": "A fraction of the range on each side (of its decades with scale log)." },
        "includeZero": { "type": "boolean", "default": false },
        "scale": { "enum": ["linear", "log"], "default": "linear", "description": "log: fit and padding by log10 of the positive values; values <= 0 left out and counted (yOmitted)." },
        "initial": { "$ref": "#/$defs/valueRange", "description": "manual: the y-window on frame 0 (values)." },
        "minSpan": { "type": ["number", "null"], "exclusiveMinimum": 0, "description": "manual: the narrowest y-window (values)." },
        "maxSpan": { "type": ["number", "null"], "exclusiveMinimum": 0, "description": "manual: the widest y-window (values)." },
        "bounds": { "oneOf": [{ "$ref": "#/$defs/valueRange" }, { "type": "null" }], "description": "manual: values the y-window stays inside." },
        "lock": { "enum": ["x", "y", "none", "dominant"], "default": "none", "description": "manual: the axis a main-chart pan or pinch leaves alone; dominant: the axis of larger movement at the first sample 10 px from the down position (ties: x)." }
      },
      "allOf": [
        {
          "if": { "properties": { "fit": { "const": "manual" } }, "required": ["fit"] },
          "then": { "required": ["initial"], "properties": { "scale": { "const": "linear" } } },
          "else": { "not": { "anyOf": [{ "required": ["initial"] }, { "required": ["minSpan"] }, { "required": ["maxSpan"] }, { "required": ["bounds"] }, { "required": ["lock"] }] } }
        },
        {
          "if": { "properties": { "scale": { "const": "log" } }, "required": ["scale"] },
          "then": { "properties": { "includeZero": { "const": false } } }
        }
      ]
    },
    "valueRange": {
      "description": "{min, max} in value units, min < max.",
      "type": "object",
      "additionalProperties": false,
      "required": ["min", "max"],
      "properties": {
        "min": { "type": "number" },
        "max": { "type": "number" }
      }
    },
    "annotation": {
      "type": "object",
      "additionalProperties": false,
      "properties": {
        "source": { "enum": ["last-visible", "last", "edge"], "default": "last-visible" },
        "format": {
          "type": "string",
          "default": "%.2f",
          "description": "printf subset with exactly one conversion (%.Nf, %.Ne, %.Ng with N 0-17, %f, %e, %g, %d), literal text around it and %% for a percent sign. Tracks use %.2f without it; the pictures then write the value as the y axis writes numbers (grouped, e.g. 1,318,683,096).",
          "pattern": "^([^%]|%%)*%(\\.0*(1[0-7]|[0-9])[feg]|[dfeg])([^%]|%%)*$"
        }
      }
    },
"""##
}
