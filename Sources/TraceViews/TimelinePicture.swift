import RunLoopEngine

/// A trace drawn as an SVG picture, for a page or a projector: one lane per mode (a nested run
/// gets a lane of its own, stacked below the run it interrupts), time from left to right,
/// observer activities, callouts, sleeps, run results and notes as marks, and a legend.
///
///     let svg = TimelinePicture(trace.events, title: "timer-overrun").svg
///
/// Events are laid out in the order they happened, one column each (activities reached at the
/// same instant in the same lane share one column); the time axis is labelled wherever the clock
/// moved, and a sleep is drawn as a bar labelled with how long it lasted and what woke the loop.
/// The output depends only on the events and the text given (whole-number coordinates, fixed
/// number formats), so a committed picture can be checked for freshness by drawing it again.
///
/// The picture's own words (lane captions, the axis, the legend) come from ``Labels``, English
/// unless the caller gives others: this target knows no languages, the course does, and gives
/// its own. The trace's words (mode and callout names, wake reasons, run results) are drawn as
/// the trace has them, and so are its notes, in the language their writer wrote them in.
/// The summary, what to look for and the notes may mark code as `inline code`: it is drawn in the
/// monospaced font, without the backticks.
public struct TimelinePicture: Sendable {
    public let events: [TraceEvent]
    public let title: String
    /// One line under the title: what the scenario shows.
    public let summary: String
    /// One line at the foot: what to look for.
    public let lookFor: String
    public let labels: Labels

    public init(_ events: [TraceEvent], title: String, summary: String = "", lookFor: String = "", labels: Labels = .english) {
        self.events = events
        self.title = title
        self.summary = summary
        self.lookFor = lookFor
        self.labels = labels
    }

    /// The words the picture writes around the trace, in one language.
    public struct Labels: Sendable {
        /// Under a lane's mode: the lane of the outermost run.
        public var outerRun: String
        /// Under a lane's mode: a run nested inside a callout, at the given depth (2 or more).
        public var nestedRun: @Sendable (Int) -> String
        /// The time axis's caption.
        public var time: String
        /// Above a sleep during which the loop's clock did not move.
        public var sleep: String
        /// Before what to look for.
        public var lookFor: String
        public var legend: String
        /// Beside the black result mark.
        public var runResult: String
        /// Beside the numbered note mark.
        public var note: String
        /// Beside the activity letters' box: what each letter stands for.
        public var activities: String
        /// Beside the grey sleep bar.
        public var sleeps: String
        /// The legend's last line: callout names and dashed frames.
        public var frames: String
        /// Beside each callout's shape in the legend: what kind of callout it is.
        public var callout: @Sendable (TraceEvent.Callout) -> String

        public init(
            outerRun: String, nestedRun: @escaping @Sendable (Int) -> String, time: String, sleep: String,
            lookFor: String, legend: String, runResult: String, note: String,
            activities: String, sleeps: String, frames: String,
            callout: @escaping @Sendable (TraceEvent.Callout) -> String = { $0.rawValue }
        ) {
            self.outerRun = outerRun
            self.nestedRun = nestedRun
            self.time = time
            self.sleep = sleep
            self.lookFor = lookFor
            self.legend = legend
            self.runResult = runResult
            self.note = note
            self.activities = activities
            self.sleeps = sleeps
            self.frames = frames
            self.callout = callout
        }

        /// The English words.
        public static let english = Labels(
            outerRun: "outer run", nestedRun: { "nested run (depth \($0))" }, time: "time →", sleep: "sleep",
            lookFor: "Look for: ", legend: "Legend", runResult: "run result",
            note: "note",
            activities: "observers told: E entry · T before timers · S before sources · W before waiting · A after waiting · X exit",
            sleeps: "the loop sleeps: how long above the bar, what woke it below",
            frames: "A callout's name is written above its mark. A dashed frame is a run nested inside a callout of the lane above.")
    }

    // MARK: Layout

    /// A lane: one mode at one nesting depth.
    struct Lane: Hashable {
        var mode: Loop.Mode
        var depth: Int
    }

    /// What one column shows.
    enum Mark {
        /// Observer activities reached one after another, at one instant.
        case activities([Loop.Activity])
        case callout(TraceEvent.Callout, String)
        /// The loop slept for `duration`, then woke for `reason`.
        case sleep(duration: Int64, reason: String)
        case result(String)
        /// A note, drawn as its number; the text is listed under the picture.
        case note(Int)
    }

    struct Column {
        var lane: Lane
        var time: Instant
        var mark: Mark
        var x = 0
        var width = 0
        /// Which row of the picture: a long timeline wraps, like a line of text.
        var row = 0
    }

    static let laneLabelWidth = 300
    static let laneHeight = 230
    /// The widest a row of marks gets before the timeline wraps: the picture stays readable
    /// when a page or a projector scales it to its width.
    static let rowWidth = 1300
    static let headerHeight = 170
    static let font = "DejaVu Sans, Helvetica, Arial, sans-serif"
    static let mono = "DejaVu Sans Mono, Menlo, Consolas, monospace"

    /// The columns, in order, with their x positions.
    func columns() -> (columns: [Column], notes: [String]) {
        var columns: [Column] = []
        var notes: [String] = []
        var asleepSince: [Lane: Instant] = [:]
        for event in events {
            // A run's result is recorded once the run has ended, so one level out: it belongs in
            // the lane of the run that ended. The same holds for an empty mode's at-once return.
            let endsARun = event.kind == .finishedEmpty || { if case .runEnded = event.kind { true } else { false } }()
            let lane = Lane(mode: event.mode, depth: max(event.depth + (endsARun ? 1 : 0), 1))
            switch event.kind {
            case .activity(let activity):
                if activity == .beforeWaiting { asleepSince[lane] = event.time }
                if let last = columns.last, last.lane == lane, last.time == event.time, case .activities(let list) = last.mark {
                    columns[columns.count - 1].mark = .activities(list + [activity])
                } else {
                    columns.append(Column(lane: lane, time: event.time, mark: .activities([activity])))
                }
            case .callout(let callout, let name):
                columns.append(Column(lane: lane, time: event.time, mark: .callout(callout, name)))
            case .woke(let reason):
                let since = asleepSince.removeValue(forKey: lane) ?? event.time
                columns.append(
                    Column(
                        lane: lane, time: since,
                        mark: .sleep(duration: event.time.nanoseconds - since.nanoseconds, reason: "\(reason)")))
            case .runEnded(let result):
                columns.append(Column(lane: lane, time: event.time, mark: .result("\(result)")))
            case .finishedEmpty:
                columns.append(Column(lane: lane, time: event.time, mark: .result("finished (empty mode)")))
            case .note(let text):
                notes.append(text)
                columns.append(Column(lane: lane, time: event.time, mark: .note(notes.count)))
            }
        }
        // Rows of about equal width, none wider than `rowWidth`.
        let widths = columns.map { Self.width(of: $0.mark, sleepLabel: labels.sleep) }
        let total = widths.reduce(0, +)
        let rowCount = max(1, (total + Self.rowWidth - 1) / Self.rowWidth)
        let target = (total + rowCount - 1) / rowCount
        var x = Self.laneLabelWidth, row = 0
        for index in columns.indices {
            let width = widths[index]
            let overTarget = x - Self.laneLabelWidth + width / 2 > target
            if (overTarget || x + width > Self.laneLabelWidth + Self.rowWidth) && x > Self.laneLabelWidth {
                row += 1
                x = Self.laneLabelWidth
            }
            columns[index].x = x
            columns[index].width = width
            columns[index].row = row
            x += width
        }
        return (columns, notes)
    }

    /// `text` in lines of at most `width` columns, broken where ``LineBreaks`` allows; no line
    /// for empty text.
    static func wrap(_ text: String, width: Int) -> [String] {
        text.isEmpty ? [] : LineBreaks.lines(text, width: width)
    }

    /// Lines of wrapped text in which a span of `inline code` broken across lines is closed at
    /// the end of each and opened again at the start of the next: each line reads on its own.
    static func withCode(_ lines: [String]) -> [String] {
        var inCode = false
        return lines.map { line in
            let opened = inCode ? "`" + line : line
            if line.filter({ $0 == "`" }).count % 2 == 1 { inCode.toggle() }
            return inCode ? opened + "`" : opened
        }
    }

    /// How wide a column is: room for its mark and, for sleeps and results, its words.
    static func width(of mark: Mark, sleepLabel sleep: String = Labels.english.sleep) -> Int {
        switch mark {
        case .activities(let list): list.count * 22 + 22
        case .callout: 48
        case .sleep(let duration, let reason): max(sleepLabel(duration, sleep).columns, reason.columns, 5) * 12 + 24
        case .result(let text): (text.columns + 2) * 13 + 30
        case .note: 44
        }
    }

    /// The lanes, top to bottom: by depth, then in the order each first appears.
    func lanes(_ columns: [Column]) -> [Lane] {
        var seen: [Lane] = []
        for column in columns where !seen.contains(column.lane) { seen.append(column.lane) }
        return seen.enumerated().sorted { ($0.element.depth, $0.offset) < ($1.element.depth, $1.offset) }.map(\.element)
    }

    // MARK: Drawing

    /// The picture, as the text of an SVG file.
    public var svg: String {
        let (columns, notes) = columns()
        let lanes = lanes(columns)
        let rows = (columns.last?.row ?? 0) + 1
        let chartRight = (columns.map { $0.x + $0.width }.max() ?? Self.laneLabelWidth) + 40
        let width = max(chartRight + 160, 1500)   // room for the last callout's slanted name
        let rowHeight = lanes.count * Self.laneHeight + 100
        let axisBottom = Self.headerHeight + rows * rowHeight
        let activityLines = Self.wrap(labels.activities, width: (width - 226 - 24) / 11)
        let legendBottom = axisBottom + 220 + (activityLines.count - 1) * Self.legendLineHeight
        let lookForLines = lookFor.isEmpty ? [] : Self.wrap(labels.lookFor + lookFor, width: (width - 48) / 13)
        let height = legendBottom + notes.count * 34 + 20 + lookForLines.count * 30 + (lookForLines.isEmpty ? 0 : 20)
        var out = SVGText()
        out.open(width: width, height: height)
        out.text(title, x: 24, y: 50, size: 36, weight: "bold")
        for (index, line) in Self.withCode(Self.wrap(summary, width: (width - 48) / 14)).prefix(2).enumerated() {
            out.prose(line, x: 24, y: 92 + index * 30, size: 24, code: Self.mono)
        }
        for row in 0..<rows {
            drawRow(
                columns.filter { $0.row == row }, lanes: lanes, top: Self.headerHeight + row * rowHeight, width: width,
                chartRight: chartRight, into: &out)
        }

        // The legend, the notes, what to look for.
        legend(top: axisBottom, activityLines: activityLines, into: &out)
        for (index, note) in notes.enumerated() {
            let y = legendBottom + index * 34
            out.circle(x: 36, y: y - 8, radius: 14, fill: "#000000")
            out.text("\(index + 1)", x: 36, y: y, size: 18, weight: "bold", fill: "#FFFFFF", anchor: "middle")
            out.prose(note, x: 62, y: y, size: 22, code: Self.mono)
        }
        for (index, line) in Self.withCode(lookForLines).enumerated() {
            out.prose(line, x: 24, y: legendBottom + notes.count * 34 + 30 + index * 30, size: 22, weight: "bold", code: Self.mono)
        }
        out.close()
        return out.text
    }

    /// One row of the timeline: every lane, the marks of `columns`, the time axis under them.
    func drawRow(_ columns: [Column], lanes: [Lane], top rowTop: Int, width: Int, chartRight: Int, into out: inout SVGText) {
        // Lanes: a band each, the span of its runs framed, its name on the left.
        let lanesBottom = rowTop + lanes.count * Self.laneHeight
        for (row, lane) in lanes.enumerated() {
            let top = rowTop + row * Self.laneHeight
            out.rect(x: 0, y: top, width: width, height: Self.laneHeight, fill: row % 2 == 0 ? "#FFFFFF" : "#F2F2F2")
            let mine = columns.filter { $0.lane == lane }
            if let first = mine.first, let last = mine.last {
                out.rect(
                    x: first.x - 6, y: top + 12, width: last.x + last.width - first.x + 12, height: Self.laneHeight - 24,
                    fill: "none", stroke: "#444444", strokeWidth: 2, radius: 10, dashed: lane.depth > 1)
            }
            out.text(lane.mode.name, x: 20, y: top + Self.laneHeight / 2, size: 28, weight: "bold")
            out.text(lane.depth > 1 ? labels.nestedRun(lane.depth) : labels.outerRun, x: 20, y: top + Self.laneHeight / 2 + 34, size: 20, fill: "#333333")
        }

        // The time axis: a line wherever the clock moved (and at the start of the row).
        out.line(x1: Self.laneLabelWidth - 10, y1: lanesBottom + 10, x2: chartRight, y2: lanesBottom + 10, stroke: "#000000", width: 2)
        out.text(labels.time, x: 20, y: lanesBottom + 40, size: 22, weight: "bold")
        var lastTime: Instant?
        var labelEnds = [Int.min, Int.min]
        for column in columns {
            var times = [column.time]
            if case .sleep(let duration, _) = column.mark { times.append(Instant(nanoseconds: column.time.nanoseconds + duration)) }
            for (offset, time) in times.enumerated() where time != lastTime {
                lastTime = time
                let x = offset == 0 ? column.x : column.x + column.width
                out.line(x1: x, y1: rowTop, x2: x, y2: lanesBottom + 18, stroke: "#888888", width: 1, dashed: true)
                let label = time.description
                let line = labelEnds[0] < x ? 0 : labelEnds[1] < x ? 1 : 0
                out.text(label, x: x + 2, y: lanesBottom + 40 + line * 28, size: 22)
                labelEnds[line] = x + label.columns * 13 + 8
            }
        }

        // The marks.
        for column in columns {
            guard let row = lanes.firstIndex(of: column.lane) else { continue }
            draw(column, mid: rowTop + row * Self.laneHeight + Self.laneHeight - 56, into: &out)
        }
    }

    func draw(_ column: Column, mid: Int, into out: inout SVGText) {
        let centre = column.x + column.width / 2
        switch column.mark {
        case .activities(let list):
            out.rect(x: column.x + 4, y: mid - 20, width: column.width - 8, height: 40, fill: "#FFFFFF", stroke: "#000000", strokeWidth: 2, radius: 6)
            let letters = list.map(Self.letter).joined()
            for (index, letter) in letters.enumerated() {
                out.text(String(letter), x: column.x + 22 + index * 22, y: mid + 8, size: 22, weight: "bold", anchor: "middle", family: Self.mono)
            }
        case .callout(let callout, let name):
            Self.shape(callout, x: centre, y: mid, into: &out)
            out.text(name.count > 20 ? name.prefix(19) + "…" : name, x: centre - 4, y: mid - 30, size: 22, rotate: -40)
        case .sleep(let duration, let reason):
            out.rect(x: column.x + 6, y: mid - 12, width: column.width - 12, height: 24, fill: "#777777", radius: 12)
            out.text(Self.sleepLabel(duration, labels.sleep), x: centre, y: mid - 24, size: 20, anchor: "middle")
            out.text(reason, x: centre, y: mid + 42, size: 20, anchor: "middle")
        case .result(let text):
            out.rect(x: column.x + 6, y: mid - 20, width: column.width - 12, height: 40, fill: "#000000", radius: 4)
            out.text("→ " + text, x: centre, y: mid + 8, size: 20, weight: "bold", fill: "#FFFFFF", anchor: "middle")
        case .note(let number):
            out.circle(x: centre, y: mid, radius: 16, fill: "#000000")
            out.text("\(number)", x: centre, y: mid + 7, size: 18, weight: "bold", fill: "#FFFFFF", anchor: "middle")
        }
    }

    /// How long a sleep lasted on the loop's clock (nothing when the clock did not move: a
    /// virtual clock stands still while another thread wakes the loop).
    static func sleepLabel(_ duration: Int64, _ sleep: String) -> String {
        duration == 0 ? sleep : Instant(nanoseconds: duration).description
    }

    /// E, T, S, W, A, X: entry, before timers, before sources, before waiting, after waiting, exit.
    static func letter(_ activity: Loop.Activity) -> String {
        switch activity {
        case .entry: "E"
        case .beforeTimers: "T"
        case .beforeSources: "S"
        case .beforeWaiting: "W"
        case .afterWaiting: "A"
        case .exit: "X"
        default: "?"
        }
    }

    /// Each kind of callout has a shape and a colour (colours a colour-blind reader can tell apart,
    /// and shapes for a black-and-white copy).
    static func shape(_ callout: TraceEvent.Callout, x: Int, y: Int, into out: inout SVGText) {
        let r = 16
        switch callout {
        case .timer: out.polygon([(x, y - r - 2), (x + r + 2, y), (x, y + r + 2), (x - r - 2, y)], fill: "#D55E00")
        case .source: out.circle(x: x, y: y, radius: r, fill: "#009E73")
        case .port: out.rect(x: x - r, y: y - r, width: 2 * r, height: 2 * r, fill: "#0072B2")
        case .block: out.polygon([(x, y - r - 2), (x + r + 2, y + r), (x - r - 2, y + r)], fill: "#CC79A7")
        case .mainQueue: out.polygon([(x - r, y - r / 2), (x, y - r), (x + r, y - r / 2), (x + r, y + r / 2), (x, y + r), (x - r, y + r / 2)], fill: "#E69F00")
        }
    }

    /// The height of a line of the legend that wraps.
    static let legendLineHeight = 30

    func legend(top: Int, activityLines: [String], into out: inout SVGText) {
        out.text(labels.legend, x: 24, y: top + 30, size: 24, weight: "bold")
        var x = 170
        for callout in [TraceEvent.Callout.timer, .source, .port, .block, .mainQueue] {
            let name = labels.callout(callout)
            Self.shape(callout, x: x, y: top + 22, into: &out)
            out.text(name, x: x + 26, y: top + 30, size: 22)
            x += 60 + name.columns * 13
        }
        out.rect(x: x, y: top + 4, width: 40, height: 36, fill: "#000000", radius: 4)
        out.text("→", x: x + 20, y: top + 30, size: 20, weight: "bold", fill: "#FFFFFF", anchor: "middle")
        out.text(labels.runResult, x: x + 50, y: top + 30, size: 22)
        x += max(190, 60 + labels.runResult.columns * 13)
        out.circle(x: x + 14, y: top + 22, radius: 14, fill: "#000000")
        out.text("1", x: x + 14, y: top + 29, size: 18, weight: "bold", fill: "#FFFFFF", anchor: "middle")
        out.text(labels.note, x: x + 36, y: top + 30, size: 22)
        out.rect(x: 170, y: top + 56, width: 40, height: 36, fill: "#FFFFFF", stroke: "#000000", strokeWidth: 2, radius: 6)
        out.text("E", x: 190, y: top + 82, size: 22, weight: "bold", anchor: "middle", family: Self.mono)
        for (index, line) in activityLines.enumerated() {
            out.text(line, x: 226, y: top + 82 + index * Self.legendLineHeight, size: 22)
        }
        let below = top + (activityLines.count - 1) * Self.legendLineHeight
        out.rect(x: 170, y: below + 108, width: 40, height: 24, fill: "#777777", radius: 12)
        out.text(labels.sleeps, x: 226, y: below + 128, size: 22)
        out.text(labels.frames, x: 170, y: below + 166, size: 22)
    }
}

extension LoopTrace {
    /// What the loop did, as an SVG picture (see ``TimelinePicture``).
    public func picture(title: String, summary: String = "", lookFor: String = "", labels: TimelinePicture.Labels = .english) -> String {
        TimelinePicture(events, title: title, summary: summary, lookFor: lookFor, labels: labels).svg
    }
}
