/*
 * record.js — records a chart's pointer input as rangepipe's pointer-ndjson,
 * for `rangepipe script from-events FILE --from pointer-ndjson`.
 *
 * Include it on the page that shows the chart, then:
 *
 *   const rec = RangePipeRecorder.start({ overview: overviewElement, main: mainElement });
 *   ... the user drags, pinches, turns the wheel ...
 *   const text = rec.stop();        // the NDJSON text (also rec.text(), rec.lines())
 *   rec.download('session.ndjson'); // or save it as a file
 *
 * The areas: `overview` and `main` (either may be left out, not both) and,
 * optionally, `xAxis` (the strip of the main chart's x tick labels, area
 * "x-axis"). Each is an element, or {element, rect} when the area is a part
 * of an element (a Bokeh figure's frame inside its canvas): `element`
 * decides which events are recorded, `rect` ({left, top, width, height},
 * client CSS px) is what the layout line says.
 *
 * The first line is the layout, {"type":"layout","overview":RECT,"main":RECT}
 * (and "x-axis":RECT), each RECT the element's getBoundingClientRect()
 * (client CSS px) when recording starts, or the rect given — so do not
 * scroll or resize the page while recording. Then one line per event:
 *
 *   {"type":"pointerdown","pointerId":..,"pointerType":"mouse|pen|touch",
 *    "clientX":..,"clientY":..,"timeStamp":..,"buttons":..,"shiftKey":..}
 *   {"type":"pointermove|pointerup|pointercancel","pointerId":..,
 *    "pointerType":"mouse|pen|touch","clientX":..,"clientY":..,"timeStamp":..,"buttons":..}
 *   {"type":"wheel","clientX":..,"clientY":..,"deltaY":..,"deltaMode":..,"timeStamp":..,
 *    "deltaX":..,"shiftKey":..}
 *
 * What is recorded: a pointerdown whose target is inside one of the
 * elements (also through shadow roots: the event's composed path), and that
 * pointer's moves and its up or cancel wherever they happen (a drag may
 * leave the element); wheel events inside the elements.
 * Which area a press or a wheel turn is in is the importer's business (by
 * the layout's rectangles).
 * Listeners are on `window` in the capture phase, so the chart's own
 * handlers (stopPropagation, preventDefault) do not hide events; nothing is
 * prevented or changed. Hover moves are not recorded (the importer would
 * skip them). docs/recordings.md describes how the lines become a script.
 */
(function (root) {
  'use strict';

  function rectOf(element) {
    var r = element.getBoundingClientRect();
    return { left: r.left, top: r.top, width: r.width, height: r.height };
  }

  // The option names of the areas and their names in the layout line.
  var AREAS = [['overview', 'overview'], ['main', 'main'], ['xAxis', 'x-axis']];

  function start(options) {
    var given = AREAS.filter(function (a) { return options && options[a[0]]; });
    if (!given.some(function (a) { return a[0] !== 'xAxis'; })) {
      throw new Error('RangePipeRecorder.start: give {overview: element, main: element}');
    }
    var elements = [];
    var layout = { type: 'layout' };
    given.forEach(function (a) {
      var area = options[a[0]];
      var element = area instanceof Node ? area : area.element;
      if (!(element instanceof Node)) throw new Error('RangePipeRecorder.start: ' + a[0] + ' is not an element or {element, rect}');
      var r = area instanceof Node ? rectOf(element) : area.rect || rectOf(element);
      layout[a[1]] = { left: r.left, top: r.top, width: r.width, height: r.height };
      elements.push(element);
    });
    var lines = [JSON.stringify(layout)];

    var down = new Set();
    // The event's path, not only its target: at window a target inside a
    // shadow root (Bokeh's canvases) is retargeted to the shadow host.
    function inside(e) {
      var path = e.composedPath();
      return elements.some(function (element) {
        return path.indexOf(element) >= 0 || (e.target instanceof Node && element.contains(e.target));
      });
    }
    function onPointer(e) {
      if (e.type === 'pointerdown') {
        if (!inside(e)) return;
        down.add(e.pointerId);
      } else if (!down.has(e.pointerId)) {
        return;
      } else if (e.type === 'pointerup' || e.type === 'pointercancel') {
        down.delete(e.pointerId);
      }
      var line = {
        type: e.type, pointerId: e.pointerId, pointerType: e.pointerType,
        clientX: e.clientX, clientY: e.clientY, timeStamp: e.timeStamp, buttons: e.buttons
      };
      if (e.type === 'pointerdown') line.shiftKey = e.shiftKey;
      lines.push(JSON.stringify(line));
    }
    function onWheel(e) {
      if (!inside(e)) return;
      lines.push(JSON.stringify({
        type: 'wheel', clientX: e.clientX, clientY: e.clientY,
        deltaY: e.deltaY, deltaMode: e.deltaMode, timeStamp: e.timeStamp,
        deltaX: e.deltaX, shiftKey: e.shiftKey
      }));
    }
    var pointerTypes = ['pointerdown', 'pointermove', 'pointerup', 'pointercancel'];
    pointerTypes.forEach(function (t) { root.addEventListener(t, onPointer, true); });
    root.addEventListener('wheel', onWheel, { capture: true, passive: true });

    var recorder = {
      lines: function () { return lines.slice(); },
      text: function () { return lines.join('\n') + '\n'; },
      stop: function () {
        pointerTypes.forEach(function (t) { root.removeEventListener(t, onPointer, true); });
        root.removeEventListener('wheel', onWheel, { capture: true, passive: true });
        return recorder.text();
      },
      download: function (name) {
        var url = URL.createObjectURL(new Blob([recorder.text()], { type: 'application/x-ndjson' }));
        var a = document.createElement('a');
        a.href = url;
        a.download = name || 'session.ndjson';
        document.body.appendChild(a);
        a.click();
        a.remove();
        URL.revokeObjectURL(url);
      }
    };
    return recorder;
  }

  root.RangePipeRecorder = { start: start };
})(window);
