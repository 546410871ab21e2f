// Generated from docs/script.schema.json by Tests/Schema/embed-schema.sh: edit the JSON file.
extension ScriptSchema {
    /// The schema's lines from the path definitions on: paths, gestures, actions, raw pointer input.
    static let eventsPart = ##"""
    "pathXOrXY": {
      "description": "Samples [dt, x] or [dt, x, y]: dt seconds after `at`, strictly increasing; x, y px.",
      "type": "array",
      "minItems": 1,
      "items": {
        "type": "array",
        "prefixItems": [{ "$ref": "#/$defs/seconds" }, { "$ref": "#/$defs/coordinate" }, { "$ref": "#/$defs/coordinate" }],
        "minItems": 2,
        "maxItems": 3
      }
    },
    "pathXY": {
      "description": "Samples [dt, x, y]: dt seconds after `at`, strictly increasing; x, y px.",
      "type": "array",
      "minItems": 1,
      "items": {
        "type": "array",
        "prefixItems": [{ "$ref": "#/$defs/seconds" }, { "$ref": "#/$defs/coordinate" }, { "$ref": "#/$defs/coordinate" }],
        "minItems": 3,
        "maxItems": 3
      }
    },
    "pinchPath": {
      "description": "Samples [dt, x1, x2] (the two pointers' x, px, never equal) or [dt, x1, y1, x2, y2] (two different points; y moves a manual y-window), dt strictly increasing.",
      "type": "array",
      "minItems": 1,
      "items": {
        "type": "array",
        "prefixItems": [{ "$ref": "#/$defs/seconds" }, { "$ref": "#/$defs/coordinate" }, { "$ref": "#/$defs/coordinate" }, { "$ref": "#/$defs/coordinate" }, { "$ref": "#/$defs/coordinate" }],
        "minItems": 3,
        "maxItems": 5,
        "not": { "minItems": 4, "maxItems": 4 }
      }
    },
    "wheelPath": {
      "description": "Samples [dt, notches]: one wheel event each, dt strictly increasing; positive notches zoom out.",
      "type": "array",
      "minItems": 1,
      "items": {
        "type": "array",
        "prefixItems": [{ "$ref": "#/$defs/seconds" }, { "$ref": "#/$defs/coordinate" }],
        "minItems": 2,
        "maxItems": 2
      }
    },
    "release": { "enum": ["stop", "fling"], "default": "stop" },
    "animate": {
      "type": "object",
      "required": ["duration"],
      "additionalProperties": false,
      "properties": {
        "curve": {
          "default": "ease-in-out",
          "oneOf": [
            { "enum": ["linear", "ease-in", "ease-out", "ease-in-out"] },
            {
              "type": "array",
              "description": "cubic-bezier [x1, y1, x2, y2] with x1, x2 in [0, 1].",
              "prefixItems": [
                { "type": "number", "minimum": 0, "maximum": 1 },
                { "type": "number" },
                { "type": "number", "minimum": 0, "maximum": 1 },
                { "type": "number" }
              ],
              "minItems": 4,
              "maxItems": 4
            }
          ]
        },
        "duration": { "type": "number", "exclusiveMinimum": 0, "maximum": 86400 }
      }
    },
    "spring": {
      "type": "object",
      "additionalProperties": false,
      "properties": {
        "bounciness": { "type": "number", "minimum": 0, "maximum": 20, "default": 4 },
        "speed": { "type": "number", "minimum": 0, "maximum": 20, "default": 12 },
        "threshold": { "type": "number", "exclusiveMinimum": 0, "maximum": 1000000000000, "default": 0.01 },
        "clampMin": { "type": ["number", "null"], "default": null }
      }
    },
    "event": {
      "description": "A gesture (\"gesture\"), an action (\"action\") or raw pointer input (\"input\"), starting `at` seconds.",
      "type": "object",
      "required": ["at"],
      "properties": { "at": { "$ref": "#/$defs/seconds" } },
      "oneOf": [
        { "$ref": "#/$defs/dragSelection" },
        { "$ref": "#/$defs/dragHandle" },
        { "$ref": "#/$defs/pan" },
        { "$ref": "#/$defs/pinch" },
        { "$ref": "#/$defs/doubleTapDrag" },
        { "$ref": "#/$defs/wheel" },
        { "$ref": "#/$defs/wheelPan" },
        { "$ref": "#/$defs/boxZoom" },
        { "$ref": "#/$defs/doubleClick" },
        { "$ref": "#/$defs/dragAxis" },
        { "$ref": "#/$defs/hover" },
        { "$ref": "#/$defs/setWindow" },
        { "$ref": "#/$defs/reset" },
        { "$ref": "#/$defs/switchField" },
        { "$ref": "#/$defs/append" },
        { "$ref": "#/$defs/pointerInput" }
      ]
    },
    "dragSelection": {
      "type": "object",
      "required": ["at", "gesture", "path"],
      "additionalProperties": false,
      "properties": {
        "at": { "$ref": "#/$defs/seconds" },
        "gesture": { "const": "drag-selection" },
        "path": { "$ref": "#/$defs/pathXOrXY" },
        "release": { "$ref": "#/$defs/release" }
      }
    },
    "dragHandle": {
      "type": "object",
      "required": ["at", "gesture", "handle", "path"],
      "additionalProperties": false,
      "properties": {
        "at": { "$ref": "#/$defs/seconds" },
        "gesture": { "const": "drag-handle" },
        "handle": { "enum": ["min", "max"] },
        "path": { "$ref": "#/$defs/pathXOrXY" }
      }
    },
    "pan": {
      "type": "object",
      "required": ["at", "gesture", "path"],
      "additionalProperties": false,
      "properties": {
        "at": { "$ref": "#/$defs/seconds" },
        "gesture": { "const": "pan" },
        "path": { "$ref": "#/$defs/pathXOrXY" },
        "release": { "$ref": "#/$defs/release" }
      }
    },
    "pinch": {
      "type": "object",
      "required": ["at", "gesture", "path"],
      "additionalProperties": false,
      "properties": {
        "at": { "$ref": "#/$defs/seconds" },
        "gesture": { "const": "pinch" },
        "path": { "$ref": "#/$defs/pinchPath" }
      }
    },
    "doubleTapDrag": {
      "type": "object",
      "required": ["at", "gesture", "path"],
      "additionalProperties": false,
      "properties": {
        "at": { "$ref": "#/$defs/seconds" },
        "gesture": { "const": "double-tap-drag" },
        "path": { "$ref": "#/$defs/pathXY" },
        "scale": { "type": "number", "exclusiveMinimum": 0, "maximum": 100000, "default": 50, "description": "px of vertical movement per unit of zoom." }
      }
    },
    "wheel": {
      "type": "object",
      "required": ["at", "gesture", "x", "path"],
      "additionalProperties": false,
      "properties": {
        "at": { "$ref": "#/$defs/seconds" },
        "gesture": { "const": "wheel" },
        "x": { "type": "number", "minimum": -100000, "maximum": 100000, "description": "The pointer's x on the main chart, px." },
        "path": { "$ref": "#/$defs/wheelPath" }
      }
    },
    "wheelPan": {
      "description": "Horizontal wheel or trackpad scroll: each sample [dt, px] moves the window by px·span/main.width (positive shows later x).",
      "type": "object",
      "required": ["at", "gesture", "x", "path"],
      "additionalProperties": false,
      "properties": {
        "at": { "$ref": "#/$defs/seconds" },
        "gesture": { "const": "wheel-pan" },
        "x": { "type": "number", "minimum": -100000, "maximum": 100000, "description": "The pointer's x on the main chart, px (where the crosshair is)." },
        "path": { "$ref": "#/$defs/wheelPath" }
      }
    },
    "boxZoom": {
      "description": "Draws an x box on the main chart from the first sample's x; at the release the window becomes the box (if at least 10 px wide).",
      "type": "object",
      "required": ["at", "gesture", "path"],
      "additionalProperties": false,
      "properties": {
        "at": { "$ref": "#/$defs/seconds" },
        "gesture": { "const": "box-zoom" },
        "path": { "$ref": "#/$defs/pathXOrXY" }
      }
    },
    "doubleClick": {
      "description": "A double click or double tap on the main chart: back to the initial window, as the reset action.",
      "type": "object",
      "required": ["at", "gesture"],
      "additionalProperties": false,
      "properties": {
        "at": { "$ref": "#/$defs/seconds" },
        "gesture": { "const": "double-click" }
      }
    },
    "dragAxis": {
      "description": "Drags the x axis' tick labels: the value under the press follows the pointer; the window's end on the other half of the axis stays.",
      "type": "object",
      "required": ["at", "gesture", "path"],
      "additionalProperties": false,
      "properties": {
        "at": { "$ref": "#/$defs/seconds" },
        "gesture": { "const": "drag-axis" },
        "path": { "$ref": "#/$defs/pathXOrXY" }
      }
    },
    "hover": {
      "description": "A pointer over the main chart with no button down: moves only the crosshair.",
      "type": "object",
      "required": ["at", "gesture", "path"],
      "additionalProperties": false,
      "properties": {
        "at": { "$ref": "#/$defs/seconds" },
        "gesture": { "const": "hover" },
        "path": { "$ref": "#/$defs/pathXOrXY" }
      }
    },
    "setWindow": {
      "type": "object",
      "required": ["at", "action", "window"],
      "additionalProperties": false,
      "properties": {
        "at": { "$ref": "#/$defs/seconds" },
        "action": { "const": "set-window" },
        "window": { "$ref": "#/$defs/windowSpec" },
        "animate": { "oneOf": [{ "type": "null" }, { "$ref": "#/$defs/animate" }] }
      }
    },
    "reset": {
      "type": "object",
      "required": ["at", "action"],
      "additionalProperties": false,
      "properties": {
        "at": { "$ref": "#/$defs/seconds" },
        "action": { "const": "reset" }
      }
    },
    "switchField": {
      "type": "object",
      "required": ["at", "action", "field"],
      "additionalProperties": false,
      "properties": {
        "at": { "$ref": "#/$defs/seconds" },
        "action": { "const": "switch-field" },
        "field": { "type": "string" },
        "spring": { "$ref": "#/$defs/spring" }
      }
    },
    "append": {
      "description": "Rows added to the end of the played series (live data): inline `rows`, or the next rows of another series (`from`).",
      "type": "object",
      "required": ["at", "action"],
      "additionalProperties": false,
      "properties": {
        "at": { "$ref": "#/$defs/seconds" },
        "action": { "const": "append" },
        "rows": { "type": "array", "minItems": 1, "items": { "$ref": "#/$defs/appendRow" } },
        "from": {
          "type": "object",
          "required": ["series", "rows"],
          "additionalProperties": false,
          "properties": {
            "series": { "type": "string", "description": "A series of the store or the --input files." },
            "rows": { "type": "integer", "minimum": 1, "maximum": 10000000, "description": "How many rows at most (fewer when the source runs out)." }
          }
        }
      },
      "oneOf": [{ "required": ["rows"] }, { "required": ["from"] }]
    },
    "appendRow": {
      "description": "[x, v1, v2, …] with one value per field in field order, or {\"x\": x, \"FIELD\": v, …}; values are numbers or null (missing). x: a number, an ISO time, or a new category label.",
      "oneOf": [
        {
          "type": "array",
          "minItems": 2,
          "prefixItems": [{ "$ref": "#/$defs/x" }],
          "items": { "type": ["number", "null"] }
        },
        {
          "type": "object",
          "required": ["x"],
          "minProperties": 2,
          "properties": { "x": { "$ref": "#/$defs/x" } },
          "additionalProperties": { "type": ["number", "null"] }
        }
      ]
    },
    "pointerInput": {
      "type": "object",
      "required": ["at", "input", "samples"],
      "additionalProperties": false,
      "properties": {
        "at": { "$ref": "#/$defs/seconds" },
        "input": { "const": "pointer" },
        "samples": { "type": "array", "minItems": 1, "items": { "$ref": "#/$defs/pointerSample" } }
      }
    },
    "pointerSample": {
      "description": "One raw input sample: t seconds after `at` (never going back, and at + t at most 86400), x, y px from the area's left/top edge.",
      "type": "object",
      "required": ["t", "type"],
      "oneOf": [
        { "$ref": "#/$defs/pointerDown" },
        { "$ref": "#/$defs/pointerMoveOrUp" },
        { "$ref": "#/$defs/wheelSample" }
      ]
    },
    "samplePixels": { "type": "number", "minimum": -100000, "maximum": 100000 },
    "pointerDown": {
      "type": "object",
      "required": ["t", "type", "id", "x", "area"],
      "additionalProperties": false,
      "properties": {
        "t": { "$ref": "#/$defs/seconds" },
        "type": { "const": "down" },
        "id": { "type": "integer", "minimum": 0, "maximum": 2147483647 },
        "x": { "$ref": "#/$defs/samplePixels" },
        "y": { "$ref": "#/$defs/samplePixels", "default": 0 },
        "area": { "enum": ["overview", "main", "x-axis"] },
        "shift": { "type": "boolean", "default": false, "description": "The shift key was held." },
        "pointer": { "enum": ["mouse", "pen", "touch"], "default": "mouse", "description": "PointerEvent.pointerType: what went down (a library profile replays a touch as the browser delivers it)." }
      }
    },
    "pointerMoveOrUp": {
      "type": "object",
      "required": ["t", "type", "id", "x"],
      "additionalProperties": false,
      "properties": {
        "t": { "$ref": "#/$defs/seconds" },
        "type": { "enum": ["move", "up"] },
        "id": { "type": "integer", "minimum": 0, "maximum": 2147483647 },
        "x": { "$ref": "#/$defs/samplePixels" },
        "y": { "$ref": "#/$defs/samplePixels", "default": 0 },
        "area": { "enum": ["overview", "main", "x-axis"], "description": "Only the area of this pointer's down." },
        "shift": { "type": "boolean", "default": false, "description": "The shift key was held." }
      }
    },
    "wheelSample": {
      "type": "object",
      "required": ["t", "type", "x", "deltaY", "area"],
      "additionalProperties": false,
      "properties": {
        "t": { "$ref": "#/$defs/seconds" },
        "type": { "const": "wheel" },
        "x": { "$ref": "#/$defs/samplePixels" },
        "y": { "$ref": "#/$defs/samplePixels", "default": 0 },
        "deltaY": { "type": "number", "minimum": -1000000000, "maximum": 1000000000, "description": "px, as WheelEvent.deltaY with deltaMode 0: 100 px is one notch, positive zooms out." },
        "deltaX": { "type": "number", "minimum": -1000000000, "maximum": 1000000000, "default": 0, "description": "px, as WheelEvent.deltaX with deltaMode 0 (horizontal wheel or trackpad)." },
        "area": { "enum": ["overview", "main", "x-axis"] },
        "shift": { "type": "boolean", "default": false, "description": "The shift key was held." }
      }
    }
  }
}
"""##
}
