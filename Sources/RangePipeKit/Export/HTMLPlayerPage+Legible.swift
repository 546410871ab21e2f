/// The player page's legible defaults: handles kept inside the overview,
/// the annotation's label on its box, and the field's title in the caption
/// and over the y axis, all from the page's `legible` block
/// (`HTMLPlayer.legibleJSON`); the script only places them.
extension HTMLPlayerPage {
    /// The places in the script this rewrites, each present exactly once
    /// (`legibleScript` checks; a test runs it on every page kind).
    static let legibleEdits: [(String, String)] = [
        ("\n  let current = 0,", """

          // Per frame: the field's title and the annotation's mark (HTMLPlayer.legibleJSON).
          const legible = lines('legible').map((l) => JSON.parse(l));
          const OW = Number(document.querySelector('#overview > rect').getAttribute('width'));
          const handleX = (x) => Math.min(Math.max(x - 3, 0), Math.max(OW - 6, 0));
          let current = 0,
        """),
        ("    set('handle0', { x: x0 - 3 });\n    set('handle1', { x: x1 - 3 });\n",
         "    set('handle0', { x: handleX(x0) });\n    set('handle1', { x: handleX(x1) });\n"),
        ("    const ann = f.annotation, shown = ann !== null && ann.y !== null && fits;\n",
         "    const L = legible[k], A = L[1], shown = f.annotation !== null && f.annotation.y !== null && fits && A !== null;\n"),
        ("    set('annlabel', { visibility: shown ? 'visible' : 'hidden' });\n    if (shown) {\n      const y = fmt(yPix(ann.y));\n      set('annline', { y1: y, y2: y });\n      set('annlabel', { y: fmt(yPix(ann.y) - 4) });\n      $('annlabel').textContent = ann.label;\n    }\n",
         "    set('annlabel', { visibility: shown ? 'visible' : 'hidden' });\n    set('annbox', { visibility: shown ? 'visible' : 'hidden' });\n    if (shown) {\n      set('annline', { y1: A[0], y2: A[0] });\n      set('annbox', { x: A[1], y: A[2], width: A[3], height: A[4] });\n      set('annlabel', { x: A[5], y: A[6] });\n      $('annlabel').textContent = A[7];\n    }\n    $('ytitle').textContent = L[0];\n"),
        ("`${f.series} · frame ${f.frame}", "`${f.series} · ${L[0]} · frame ${f.frame}"),
    ]

    /// `script` (any page kind's) with `legibleEdits` applied.
    static func legibleScript(_ script: String) -> String {
        var s = script
        for (old, new) in legibleEdits {
            precondition(s.ranges(of: old).count == 1, "player script: \(old.debugDescription) must occur once")
            s = s.replacing(old, with: new)
        }
        return s
    }
}
