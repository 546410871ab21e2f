import Foundation

/// One recorded session — an overview drag, a two-finger pinch on the main
/// chart and two wheel turns — written in each format `script from-events`
/// reads, with the chart laid out as `layout` says. Times are multiples of
/// 15.625 ms (exact in binary, so ms/1000 is too).
enum RecordingFixtures {
    /// Overview at client (10, 500), 800×120; main at (10, 50), 800×400.
    static let layout = #"{"overview": {"left": 10, "top": 500, "width": 800, "height": 120}, "main": {"x": 10, "y": 50, "width": 800, "height": 400, "right": 810, "bottom": 450}}"#

    /// pointer-ndjson: the layout line, a hover, the drag (1000–1125 ms),
    /// the pinch (2000–2500 ms), the wheel (3000, 3125 ms).
    static let ndjson = """
    {"type":"layout","overview":{"left":10,"top":500,"width":800,"height":120},"main":{"left":10,"top":50,"width":800,"height":400}}
    {"type":"pointermove","pointerId":1,"pointerType":"mouse","clientX":300,"clientY":100,"timeStamp":1000,"buttons":0}
    {"type":"pointerdown","pointerId":1,"pointerType":"mouse","clientX":490,"clientY":550,"timeStamp":1000,"buttons":1}
    {"type":"pointermove","pointerId":1,"pointerType":"mouse","clientX":510,"clientY":551,"timeStamp":1062.5,"buttons":1}
    {"type":"pointerup","pointerId":1,"pointerType":"mouse","clientX":520,"clientY":552,"timeStamp":1125,"buttons":0}

    {"type":"pointerdown","pointerId":7,"pointerType":"touch","clientX":210,"clientY":250,"timeStamp":2000,"buttons":1}
    {"type":"pointerdown","pointerId":8,"pointerType":"touch","clientX":410,"clientY":250,"timeStamp":2000,"buttons":1}
    {"type":"pointermove","pointerId":7,"pointerType":"touch","clientX":160,"clientY":250,"timeStamp":2250,"buttons":1}
    {"type":"pointermove","pointerId":8,"pointerType":"touch","clientX":460,"clientY":250,"timeStamp":2250,"buttons":1}
    {"type":"pointerup","pointerId":7,"pointerType":"touch","clientX":160,"clientY":250,"timeStamp":2500,"buttons":0}
    {"type":"pointerup","pointerId":8,"pointerType":"touch","clientX":460,"clientY":250,"timeStamp":2500,"buttons":0}
    {"type":"wheel","clientX":510,"clientY":250,"deltaY":100,"deltaMode":0,"timeStamp":3000}
    {"type":"wheel","clientX":510,"clientY":250,"deltaY":100,"deltaMode":0,"timeStamp":3125}
    """

    /// The same by hand: times from the first line (1000 ms), points
    /// relative to their area's corner (overview −10, −500; main −10, −50).
    static let ndjsonEvents = [
        "at 0: @0 down#1 480,50 overview | @0.0625 move#1 500,51 | @0.125 up#1 510,52",
        "at 1: @0 down#7 200,200 main | @0 down#8 400,200 main | @0.25 move#7 150,200 | @0.25 move#8 450,200 | @0.5 up#7 150,200 | @0.5 up#8 450,200",
        "at 2: @0 wheel 500,200 Δ100 main | @0.125 wheel 500,200 Δ100 main",
    ]

    /// WebDriver Actions, tick by tick (mouse | finger 1 | finger 2 | wheel):
    ///  0 move(0 ms) 490,550 · 1 down · 2 move(62.5) 510,551 · 3 move(62.5,
    ///  origin pointer +10,+1) · 4 up · 5 pause 875 → 1000 ms;
    ///  6 fingers move(0) to 210,250 / 410,250 · 7 both down · 8 finger 1
    ///  move(250) 160,250, finger 2 move (no duration: the tick's 250)
    ///  460,250 · 9 both up · 10 pause 750 → 2000 ms; 11 scroll 510,250 by
    ///  100 · 12 pause 125 · 13 scroll again.
    static let webdriver = #"""
    {"actions": [
      {"type": "pointer", "id": "mouse", "parameters": {"pointerType": "mouse"}, "actions": [
        {"type": "pointerMove", "duration": 0, "x": 490, "y": 550, "origin": "viewport"},
        {"type": "pointerDown", "button": 0},
        {"type": "pointerMove", "duration": 62.5, "x": 510, "y": 551},
        {"type": "pointerMove", "duration": 62.5, "x": 10, "y": 1, "origin": "pointer"},
        {"type": "pointerUp", "button": 0},
        {"type": "pause", "duration": 875}]},
      {"type": "pointer", "id": "finger1", "parameters": {"pointerType": "touch"}, "actions": [
        {"type": "pause"}, {"type": "pause"}, {"type": "pause"}, {"type": "pause"}, {"type": "pause"}, {"type": "pause"},
        {"type": "pointerMove", "duration": 0, "x": 210, "y": 250},
        {"type": "pointerDown", "button": 0},
        {"type": "pointerMove", "duration": 250, "x": 160, "y": 250},
        {"type": "pointerUp", "button": 0},
        {"type": "pause", "duration": 750}]},
      {"type": "pointer", "id": "finger2", "parameters": {"pointerType": "touch"}, "actions": [
        {"type": "pause"}, {"type": "pause"}, {"type": "pause"}, {"type": "pause"}, {"type": "pause"}, {"type": "pause"},
        {"type": "pointerMove", "duration": 0, "x": 410, "y": 250},
        {"type": "pointerDown", "button": 0},
        {"type": "pointerMove", "x": 460, "y": 250},
        {"type": "pointerUp", "button": 0}]},
      {"type": "none", "id": "clock", "actions": [{"type": "pause", "duration": 0}]},
      {"type": "wheel", "id": "wheel", "actions": [
        {"type": "pause"}, {"type": "pause"}, {"type": "pause"}, {"type": "pause"}, {"type": "pause"}, {"type": "pause"},
        {"type": "pause"}, {"type": "pause"}, {"type": "pause"}, {"type": "pause"}, {"type": "pause"},
        {"type": "scroll", "x": 510, "y": 250, "deltaX": 0, "deltaY": 100, "duration": 0},
        {"type": "pause", "duration": 125},
        {"type": "scroll", "x": 510, "y": 250, "deltaX": 0, "deltaY": 100, "origin": "viewport"}]}
    ]}
    """#

    /// Times from the first tick (0 ms): pointers 1, 2, 3 in source order;
    /// the second mouse move lands at 520,552 (pointer origin); the fingers'
    /// moves to their start are hovers; both fingers lift at 1250 ms.
    static let webdriverEvents = [
        "at 0: @0 down#1 480,50 overview | @0.0625 move#1 500,51 | @0.125 move#1 510,52 | @0.125 up#1 510,52",
        "at 1: @0 down#2 200,200 main | @0 down#3 400,200 main | @0.25 move#2 150,200 | @0.25 move#3 450,200 | @0.25 up#2 150,200 | @0.25 up#3 450,200",
        "at 2: @0 wheel 500,200 Δ100 main | @0.125 wheel 500,200 Δ100 main",
    ]

    /// ECharts recorder (a mouse: no pinch): action 1 hovers, drags
    /// (1000–1125 ms) and screenshots at 1126; action 2 starts there (at
    /// 1126 ms) and turns the wheel at 874 and 999 (2000, 2125 ms), then at
    /// another x at 1000 (2126 ms: a second run).
    static let echarts = #"""
    [{"name": "Action 1", "ops": [
       {"type": "mousemove", "time": 500, "x": 300, "y": 100},
       {"type": "mousedown", "time": 1000, "x": 490, "y": 550},
       {"type": "mousemove", "time": 1062.5, "x": 510, "y": 551},
       {"type": "mouseup", "time": 1125, "x": 520, "y": 552},
       {"time": 1126, "delay": 400, "type": "screenshot-auto"}], "scrollY": 0, "scrollX": 0, "timestamp": 1603889111253},
     {"name": "Action 2", "ops": [
       {"type": "mousewheel", "time": 874, "x": 510, "y": 250, "deltaY": 100},
       {"type": "mousewheel", "time": 999, "x": 510, "y": 250, "deltaY": 100},
       {"type": "mousewheel", "time": 1000, "x": 520, "y": 250, "deltaY": -3}], "scrollY": 0, "scrollX": 0, "timestamp": 1603889119999}]
    """#

    /// Times from the recording's start (0 ms).
    static let echartsEvents = [
        "at 1: @0 down#1 480,50 overview | @0.0625 move#1 500,51 | @0.125 up#1 510,52",
        "at 2: @0 wheel 500,200 Δ100 main | @0.125 wheel 500,200 Δ100 main",
        "at 2.126: @0 wheel 510,200 Δ-3 main",
    ]
}
