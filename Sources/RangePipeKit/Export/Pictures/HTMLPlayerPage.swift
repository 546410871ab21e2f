/// The fixed parts of the player page: head and styles, the SVG skeleton
/// the script redraws, the controls, and the script itself.
enum HTMLPlayerPage {
    static func head(title: String) -> String {
        """
        <!DOCTYPE html>
        <html lang="en">
        <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <title>\(SVGNumber.escape(title))</title>
        <style>
        body { margin: 16px; font: 13px "DejaVu Sans", Verdana, sans-serif; color: #222; background: #fff; }
        #controls { display: flex; align-items: center; gap: 8px; margin-top: 8px; flex-wrap: wrap; }
        #controls button { font: inherit; min-width: 3.2em; padding: 3px 8px; }
        #scrub { flex: 1 1 240px; }
        #readout { font-variant-numeric: tabular-nums; min-width: 20em; }
        #keys { color: #666; font-size: 12px; margin-top: 4px; }
        </style>
        </head>
        <body>

        """
    }

    /// The chart as `preview` lays it out: one panel, or the linked
    /// series' main charts stacked over their one shared overview as
    /// `preview --sync` draws them, with ids (suffixed per panel,
    /// `HTMLPlayer.suffix`) on what changes per frame, the preset buttons
    /// unlit; `marks`: the tracks whose zoom box or crosshair it draws.
    static func svg(_ previews: [SVGPreview], _ l: ChartLayout, marks: Set<Track>) -> String {
        let f = SVGNumber.fmt
        var s = SVGPreview.header(width: l.width, height: l.height, id: "chart")
        s += "<defs><clipPath id=\"mainclip\"><rect x=\"0\" y=\"0\" width=\"\(f(l.main.width))\" height=\"\(f(l.main.height))\"/></clipPath></defs>\n"
        s += "<rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n"
        let contents = previews.indices.map { j in
            var content = SVGPreview.PanelContent()
            if !marks.isEmpty {
                var m = PointerMarks(size: l.main, slots: marks)
                m.idSuffix = HTMLPlayer.suffix(j)
                content.marks = m
            }
            return content
        }
        let p = previews[0], buttons = p.presetButtonsSVG(p.presetButtonMarks(lit: nil, l), ids: "")
        if l.isLinked { return s + SVGPreview.linkedSVG(previews, contents, buttons: buttons, l, ids: true) + "</svg>\n" }
        s += "<g id=\"panel\" transform=\"translate(0 0)\">\n"
        s += p.panel(contents[0], l, ids: "") + buttons + "</g>\n"
        return s + "</svg>\n"
    }

    static func controls(frameCount: Int) -> String {
        """
        <div id="controls">
        <button id="back" type="button" title="Previous frame (←)">◀ 1</button>
        <button id="play" type="button" title="Play / pause (space)">Play</button>
        <button id="fwd" type="button" title="Next frame (→)">1 ▶</button>
        <input id="scrub" type="range" min="0" max="\(max(frameCount - 1, 0))" step="1" value="0" aria-label="frame">
        <label>speed <select id="speed"><option value="0.25">0.25×</option><option value="0.5">0.5×</option><option value="1" selected>1×</option><option value="2">2×</option><option value="4">4×</option></select></label>
        <span id="readout"></span>
        </div>
        <div id="keys">space: play / pause · ← →: one frame · the scrubber seeks</div>

        """
    }

    /// A data block the script reads as text (never executed).
    static func data(_ id: String, _ text: String) -> String {
        "<script type=\"application/x-ndjson\" id=\"\(id)\">\n\(text)</script>\n"
    }

    static let script = """
    <script>
    (() => {
      'use strict';
      const $ = (id) => document.getElementById(id);
      const lines = (id) => { const a = $(id).textContent.split('\\n'); a.shift(); if (a[a.length - 1] === '') a.pop(); return a; };
      const meta = JSON.parse(lines('meta')[0]);
      const heads = lines('frames'), points = lines('points');
      const draws = lines('draws').map((l) => JSON.parse(l)), overviews = lines('overviews').map((l) => JSON.parse(l));
      const W = meta.main.width, H = meta.main.height, last = meta.frameCount - 1, P = meta.panels;
      // Panel j's line of frame k as play writes it: the points track goes before `preset`, else last.
      const text = (k, j) => {
        const h = heads[k * P + j], cut = meta.preset ? h.lastIndexOf(',"preset":') : h.length - 1;
        return h.slice(0, cut) + ',"points":' + points[draws[k * P + j][0]] + h.slice(cut);
      };
      // x values: numbers, or ISO-8601 UTC text with up to 6 fraction digits.
      const seconds = (v) => {
        if (typeof v === 'number') return v;
        const m = /^(.*?)(\\.\\d+)?Z$/.exec(v);
        return Date.parse(m[1] + 'Z') / 1000 + (m[2] ? Number(m[2]) : 0);
      };
      // The height a value is drawn at: log10 on a log y-axis (values ≤ 0 are left out).
      const height = meta.logY ? Math.log10 : (v) => v;
      const fmt = (v) => String(Math.round(v * 100) / 100);
      const esc = (s) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
      const xAxis = (ticks, w, h) => ticks.map(([x, label]) => {
        const half = ([...label].length * 6.6 + 8) / 2 - 4, lx = Math.min(Math.max(x, half), w - half);
        return `<line x1="${x}" y1="${h}" x2="${x}" y2="${h + 4}" stroke="#666"/><text x="${fmt(lx)}" y="${h + 15}" text-anchor="middle" fill="#444">${esc(label)}</text>`;
      }).join('');
      const yAxis = (ticks) => ticks.map(([y, label]) =>
        `<line x1="0" y1="${y}" x2="${W}" y2="${y}" stroke="#e5e7eb"/><text class="ytick" x="-6" y="${fmt(y + 4)}" text-anchor="end" fill="#444">${esc(label)}</text>`).join('');
      const set = (id, attrs) => { const e = $(id); for (const k in attrs) e.setAttribute(k, attrs[k]); };
      // A handle 6 px wide centred on x, kept inside the overview (ChartLayout.handleX).
      const OW = meta.overview.width, handleX = (x) => Math.min(Math.max(x - 3, 0), Math.max(OW - 6, 0));
      // u(x): x on a linear axis; with a scale block (HTMLPlayerPage.scaleJSON) ln x on a log axis,
      // the fractional point index on an ordinal one.
      const scale = $('scale') === null ? { kind: 'linear' } : JSON.parse(lines('scale')[0]);
      const xu = scale.kind === 'linear' ? (t) => t : scale.kind === 'log' ? Math.log : (t) => {
        const xs = scale.x, n = xs.length;
        if (t <= xs[0]) return (t - xs[0]) / (xs[1] - xs[0]);
        if (t >= xs[n - 1]) return n - 1 + (t - xs[n - 1]) / (xs[n - 1] - xs[n - 2]);
        let lo = 0, hi = n - 1;
        while (hi - lo > 1) { const m = (lo + hi) >> 1; if (xs[m] <= t) lo = m; else hi = m; }
        return lo + (t - xs[lo]) / (xs[lo + 1] - xs[lo]);
      };
      // Panel s's zoom box ([x, width]) and crosshair ([x, y, label, labelX, labelY, anchor]) from
      // d[7] and d[8]: absent while neither shows (and on pages of scripts without them, whose skeleton
      // has no such elements), null while one does not, y null off the chart.
      const mark = (id, on, attrs) => { if (!$(id)) return; set(id, { visibility: on ? 'visible' : 'hidden' }); if (on) set(id, attrs); };
      function marks(d, s) {
        const box = d[7] || null, c = d[8] || null, dot = c !== null && c[1] !== null;
        mark('zoombox' + s, box !== null, box && { x: box[0], width: box[1] });
        mark('crossline' + s, c !== null, c && { x1: c[0], x2: c[0] });
        mark('crossdot' + s, dot, dot && { cx: c[0], cy: c[1] });
        mark('crosslabel' + s, dot, dot && { x: c[3], y: c[4], 'text-anchor': c[5] });
        if (dot) $('crosslabel' + s).textContent = c[2];
      }
      let current = 0, playing = false, speed = 1, clock = 0, stamp = null;

      // Panel j (ids suffixed s) on frame k. d: [points, overview, x ticks, y ticks, y-range,
      // [field title, annotation [line y, box x, y, width, height, label x, y, label] or null], lit button, marks…].
      function panel(k, j, s) {
        const f = JSON.parse(text(k, j)), d = draws[k * P + j], ov = overviews[d[1]];
        // Linked series share one overview: its selection, handles and axis are the first panel's.
        if ($('selection' + s) !== null) {
          const x0 = f.selector.min_px, x1 = f.selector.max_px;
          set('selection' + s, { x: x0, width: Math.max(x1 - x0, 0) });
          set('handle0' + s, { x: handleX(x0) });
          set('handle1' + s, { x: handleX(x1) });
          $('ovaxis' + s).innerHTML = xAxis(ov[1], meta.overview.width, meta.overview.height);
        }
        set('ovline' + s, { points: ov[0] });
        const a = xu(seconds(f.window.min)), b = xu(seconds(f.window.max)), yr = d[4];
        const yPix = (v) => (yr[1] > yr[0] ? (yr[1] - v) / (yr[1] - yr[0]) * H : H / 2);
        const line = yr === null ? [] : f.points.map((p) => [p[0], p[1] === null ? NaN : height(p[1])]).filter((p) => Number.isFinite(p[1]))
          .map((p) => fmt((xu(seconds(p[0])) - a) / (b - a) * W) + ',' + fmt(yPix(p[1])));
        set('mainline' + s, { points: line.join(' ') });
        $('yaxis' + s).innerHTML = yAxis(d[3]);
        $('xaxis' + s).innerHTML = xAxis(d[2], W, H);
        const [title, A] = d[5], shown = A !== null && f.annotation !== null;
        for (const e of ['annline', 'annbox', 'annlabel']) set(e + s, { visibility: shown ? 'visible' : 'hidden' });
        if (shown) {
          set('annline' + s, { y1: A[0], y2: A[0] });
          set('annbox' + s, { x: A[1], y: A[2], width: A[3], height: A[4] });
          set('annlabel' + s, { x: A[5], y: A[6] });
          $('annlabel' + s).textContent = A[7];
        }
        $('ytitle' + s).textContent = title;
        for (let i = 0; i < meta.presets && $('preset' + s + '-' + i) !== null; i++) {
          const e = $('preset' + s + '-' + i), state = i === d[6] ? 'on' : e.dataset.state, c = meta.presetColors[state];
          e.setAttribute('class', 'preset ' + state);
          e.firstChild.setAttribute('fill', c[0]);
          e.firstChild.setAttribute('stroke', c[1]);
          e.lastChild.setAttribute('fill', c[2]);
        }
        marks(d, s);
        const caption = `${meta.names[j]} · ${title} · frame ${f.frame} · t ${f.t.toFixed(3)} s · ${f.phase}`;
        $('caption' + s).textContent = caption;
        return f;
      }

      function draw(k) {
        let f = null;
        for (let j = P - 1; j >= 0; j--) f = panel(k, j, j === 0 ? '' : '-' + j);
        $('readout').textContent = `frame ${f.frame} of ${last} · t ${f.t.toFixed(3)} s · ${f.phase}`;
        $('scrub').value = String(k);
      }

      function seek(k) {
        current = Math.max(0, Math.min(last, Math.round(Number(k)) || 0));
        clock = current / meta.fps;
        stamp = null;
        draw(current);
      }
      function step(now) {
        if (!playing) return;
        if (stamp !== null) clock += (now - stamp) / 1000 * speed;
        stamp = now;
        const k = Math.min(last, Math.floor(clock * meta.fps + 1e-9));
        if (k !== current) { current = k; draw(k); }
        if (k >= last) { pause(); return; }
        requestAnimationFrame(step);
      }
      function play() {
        if (current >= last) seek(0);
        playing = true;
        clock = current / meta.fps;
        stamp = null;
        $('play').textContent = 'Pause';
        requestAnimationFrame(step);
      }
      function pause() { playing = false; $('play').textContent = 'Play'; }
      const toggle = () => (playing ? pause() : play());
      const nudge = (by) => { pause(); seek(current + by); };

      $('play').addEventListener('click', toggle);
      $('back').addEventListener('click', () => nudge(-1));
      $('fwd').addEventListener('click', () => nudge(1));
      $('scrub').addEventListener('input', (e) => { pause(); seek(e.target.value); });
      $('speed').addEventListener('change', (e) => { speed = Number(e.target.value); });
      document.addEventListener('keydown', (e) => {
        if (e.target instanceof HTMLSelectElement) return;
        if (e.key === ' ') { e.preventDefault(); toggle(); }
        else if (e.key === 'ArrowLeft') { e.preventDefault(); nudge(-1); }
        else if (e.key === 'ArrowRight') { e.preventDefault(); nudge(1); }
      });

      window.rangepipePlayer = Object.freeze({
        seek, play, pause,
        get frameCount() { return meta.frameCount; },
        get current() { return current; },
        get playing() { return playing; },
        get panels() { return P; },
        // The current frame's line of panel j (the first by default).
        frame: (j = 0) => JSON.parse(text(current, j)),
        fps: meta.fps, exact: meta.exact, pointsWidth: meta.pointsWidth, pointsEvery: meta.pointsEvery,
      });
      seek(0);
    })();
    </script>

    """
}
