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
 * Either element may be left out (not both). The first line is the layout,
 * {"type":"layout","overview":RECT,"main":RECT}, each RECT the element's
 * getBoundingClientRect() (client CSS px) when recording starts — so do not
 * scroll or resize the page while recording. Then one line per event:
 *
 *   {"type":"pointerdown|pointermove|pointerup|pointercancel","pointerId":..,
 *    "pointerType":"mouse|pen|touch","clientX":..,"clientY":..,"timeStamp":..,"buttons":..}
 *   {"type":"wheel","clientX":..,"clientY":..,"deltaY":..,"deltaMode":..,"timeStamp":..}
 *
 * What is recorded: a pointerdown whose target is inside one of the
 * elements, and that pointer's moves and its up or cancel wherever they
 * happen (a drag may leave the element); wheel events inside the elements.
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

  function start(elements) {
    var areas = ['overview', 'main'].filter(function (a) { return elements && elements[a]; });
    if (areas.length === 0) throw new Error('RangePipeRecorder.start: give {overview: element, main: element}');
    var lines = [];
    var layout = { type: 'layout' };
    areas.forEach(function (a) { layout[a] = rectOf(elements[a]); });
    lines.push(JSON.stringify(layout));

    var down = new Set();
    function inside(target) {
      return areas.some(function (a) { return target instanceof Node && elements[a].contains(target); });
    }
    function onPointer(e) {
      if (e.type === 'pointerdown') {
        if (!inside(e.target)) return;
        down.add(e.pointerId);
      } else if (!down.has(e.pointerId)) {
        return;
      } else if (e.type === 'pointerup' || e.type === 'pointercancel') {
        down.delete(e.pointerId);
      }
      lines.push(JSON.stringify({
        type: e.type, pointerId: e.pointerId, pointerType: e.pointerType,
        clientX: e.clientX, clientY: e.clientY, timeStamp: e.timeStamp, buttons: e.buttons
      }));
    }
    function onWheel(e) {
      if (!inside(e.target)) return;
      lines.push(JSON.stringify({
        type: 'wheel', clientX: e.clientX, clientY: e.clientY,
        deltaY: e.deltaY, deltaMode: e.deltaMode, timeStamp: e.timeStamp
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
