import Foundation
import RunLoopEngine

/// The notes the scenarios write into their traces (`loop.note("scroll ends")`), in both languages.
///
/// The engine writes its notes in English and knows no other language; `kata trace` and the
/// Chinese lesson pictures show the Chinese twin found here (``LoopTrace/notes(in:)``). A note
/// built from values is written here as a template: `{1}`, `{2}`… stand for the values, in the
/// English in the order the engine writes them, in the Chinese wherever the sentence puts them.
/// The values themselves (item names, counts, `true`) are trace words and stay as they are.
///
/// A test runs every scenario and checks that each note it writes matches exactly one entry, and
/// that each note literal in the engine's source has one: a new note without its Chinese fails.
extension ScenarioText {
    /// The notes the scenarios write, English side by side with Chinese.
    public static let notes: [Text] = [
        // thread-gets-its-loop
        Text(
            en: "Loop.current: no loop yet, so one is made for this thread",
            zh: "`Loop.current`：这个线程还没有 RunLoop，于是现在为它创建一个"),
        Text(
            en: "Loop.current again: the same loop — {1}",
            zh: "再取一次 `Loop.current`：还是同一个 RunLoop 吗？`{1}`"),
        Text(
            en: "the thread exited: the registry still holds its loop — {1}",
            zh: "线程已经退出：线程表里还留着它的 RunLoop 吗？`{1}`"),
        // empty-mode-returns
        Text(
            en: "run the tracking mode: an observer, no source, no timer",
            zh: "运行 tracking Mode：里面只有一个观察者，没有事件源，也没有定时器"),
        Text(
            en: "run the default mode: its timer keeps it alive",
            zh: "运行 default Mode：里面的定时器让它一直运行"),
        // common-modes
        Text(
            en: "mark tracking common: it gets the common timer",
            zh: "把 tracking 标记为 common：加在 common 里的定时器也到了它这里"),
        // source0-wakeup
        Text(
            en: "the bell's work runs on the worker",
            zh: "事件源 `bell` 的任务在子线程上执行"),
        Text(
            en: "signal() from another thread: nothing wakes the loop, the bell waits",
            zh: "从另一个线程调用 `signal()`：没有谁唤醒 RunLoop，`bell` 只能等着"),
        Text(
            en: "wakeUp()",
            zh: "调用 `wakeUp()`"),
        // perform-after-delay
        Text(
            en: "perform(afterDelay: 1): a one-shot timer in the default mode",
            zh: "`perform(afterDelay: 1)`：在 default Mode 里加一个只触发一次的定时器"),
        Text(
            en: "the delayed work runs",
            zh: "延迟的任务执行了"),
        Text(
            en: "2 s pass with the loop not running",
            zh: "RunLoop 没有运行，2 秒过去了"),
        Text(
            en: "a tracking run: the timer is in the default mode only",
            zh: "运行一次 tracking：定时器只在 default Mode 里"),
        // keep-alive-port
        Text(
            en: "message: {1}",
            zh: "收到消息：`{1}`"),
        Text(
            en: "run with nothing in the default mode",
            zh: "default Mode 里什么都没有，运行它"),
        Text(
            en: "add a port: nothing else to do, but the loop stays",
            zh: "加一个端口：还是无事可做，但 RunLoop 留了下来"),
        // autorelease-pools: the place (a timer's or a source's name), how many were waiting
        Text(
            en: "{1}: {2} waiting, +3",
            zh: "`{1}`：池里有 {2} 个对象待释放，再放入 3 个"),
        Text(
            en: "a busy source that signals itself: no sleep between its passes",
            zh: "一个不停标记自己的事件源：两轮之间没有休眠"),
        // touch-journey, and every view and gesture recognizer of the engine's touches
        Text(
            en: "view {1}: {2}",
            zh: "视图 `{1}` 收到 `{2}`"),
        Text(
            en: "{1} action: {2}",
            zh: "手势 `{1}` 的回调，状态 `{2}`"),
        // main-queue
        Text(
            en: "two blocks on the main queue; run a private mode",
            zh: "往主队列派发两个 Block；运行一个私有 Mode"),
        Text(
            en: "run the default mode (a common mode)",
            zh: "运行 default Mode（它属于 common modes）"),
        // one-touch: the events of the touch, as the port message brings them
        Text(
            en: "touchesBegan",
            zh: "`touchesBegan`"),
        Text(
            en: "gesture recognizers",
            zh: "手势识别"),
        Text(
            en: "hit testing",
            zh: "查找触摸落在哪个视图上（`hitTest`）"),
        Text(
            en: "touchesEnded",
            zh: "`touchesEnded`"),
        // timer-during-scroll
        Text(
            en: "scroll begins: run the tracking mode",
            zh: "开始滑动：运行 tracking Mode"),
        Text(
            en: "scroll ends",
            zh: "滑动结束"),
        // timer-overrun
        Text(
            en: "slow work: 2.5 s",
            zh: "耗时的任务：2.5 秒"),
        // perform-on-thread
        Text(
            en: "the work runs on the worker",
            zh: "任务在子线程上执行"),
        // run-vs-guarded-loop
        Text(
            en: "run(until: 3 s) — like run(), but bounded so the scenario ends",
            zh: "`run(until: 3 s)`：和 `run()` 一样，只是有时限，好让场景能结束"),
        Text(
            en: "the guarded loop: while !shouldStop { run(mode:before:) }",
            zh: "带条件的循环：`while !shouldStop { run(mode:before:) }`"),
    ]

    /// The notes a trace gets only when something breaks: a scenario that could not run, a timer
    /// whose next fire date does not move on. The values (an error, a date) stay as they are.
    public static let troubleNotes: [Text] = [
        Text(en: "set-up failed: {1}", zh: "准备工作失败：{1}"),
        Text(en: "the scenario failed: {1}", zh: "场景运行失败：{1}"),
        Text(en: "could not start the scenario: {1}", zh: "无法启动场景：{1}"),
        Text(en: "the scenario did not finish within 10 s", zh: "场景没有在 10 秒内结束"),
        Text(en: "the scenario produced no trace", zh: "场景没有产生轨迹"),
        Text(en: "the worker recorded nothing", zh: "子线程什么也没有记录下来"),
        Text(en: "the worker has no loop", zh: "子线程没有 RunLoop"),
        Text(
            en: "timer \"{1}\": next fire date {2} is not after {3}; the timer was invalidated",
            zh: "定时器 `{1}`：下次触发时间 {2} 不晚于 {3}，这个定时器已被作废"),
    ]

    /// The note `english` in both languages, its values put into the Chinese; nil when no entry
    /// matches it.
    public static func note(_ english: String) -> Text? {
        for template in templates {
            if let values = template.values(in: english) { return Text(en: english, zh: template.chinese(with: values)) }
        }
        return nil
    }

    /// The entries whose English matches `english` (exactly one for every note a scenario writes).
    static func entries(matching english: String) -> [Text] {
        templates.filter { $0.values(in: english) != nil }.map(\.text)
    }

    static let templates = (notes + troubleNotes).map(NoteTemplate.init)
}

/// An entry of the notes' table read as a template: the English cut into its fixed pieces and
/// the numbered slots between them.
struct NoteTemplate: Sendable {
    let text: Text
    /// The fixed pieces: one more than there are slots.
    let pieces: [String]
    /// The slots' numbers, in the order of the English.
    let slots: [Int]

    init(_ text: Text) {
        self.text = text
        (pieces, slots) = Self.cut(text.en)
    }

    /// `"{1}: {2} waiting, +3"` → pieces `["", ": ", " waiting, +3"]`, slots `[1, 2]`.
    static func cut(_ template: String) -> (pieces: [String], slots: [Int]) {
        var pieces = [""], slots: [Int] = []
        var rest = Substring(template)
        while let open = rest.firstIndex(of: "{") {
            let afterOpen = rest.index(after: open)
            let digits = rest[afterOpen...].prefix { $0.isASCII && $0.isNumber }
            guard !digits.isEmpty, digits.endIndex < rest.endIndex, rest[digits.endIndex] == "}", let number = Int(digits) else {
                // A brace that opens no slot (`while !shouldStop { … }`) is text.
                pieces[pieces.count - 1] += rest[...open]
                rest = rest[afterOpen...]
                continue
            }
            pieces[pieces.count - 1] += rest[..<open]
            slots.append(number)
            pieces.append("")
            rest = rest[rest.index(after: digits.endIndex)...]
        }
        pieces[pieces.count - 1] += rest
        return (pieces, slots)
    }

    /// The values of the slots, by number, when `english` is this template with values put in
    /// (each at least one character); nil when it is not.
    func values(in english: String) -> [Int: String]? {
        guard english.hasPrefix(pieces[0]) else { return nil }
        guard let found = match(english.dropFirst(pieces[0].count), from: 0) else { return nil }
        return Dictionary(zip(slots, found), uniquingKeysWith: { first, _ in first })
    }

    /// The values of slots `slot…` in `rest`, trying each place the next fixed piece occurs.
    private func match(_ rest: Substring, from slot: Int) -> [String]? {
        if slot == slots.count { return rest.isEmpty ? [] : nil }
        let next = pieces[slot + 1]
        if slot == slots.count - 1 {
            guard rest.hasSuffix(next), rest.count > next.count else { return nil }
            return [String(rest.dropLast(next.count))]
        }
        var from = rest.startIndex
        while from < rest.endIndex, let found = rest.range(of: next, range: rest.index(after: from)..<rest.endIndex) {
            if let more = match(rest[found.upperBound...], from: slot + 1) {
                return [String(rest[..<found.lowerBound])] + more
            }
            from = found.lowerBound
        }
        return nil
    }

    /// The Chinese with each `{n}` replaced by its value (in one pass: a value is never read again).
    func chinese(with values: [Int: String]) -> String {
        let (pieces, slots) = Self.cut(text.zh)
        return zip(pieces, slots.map { values[$0] ?? "{\($0)}" } + [""]).map { $0 + $1 }.joined()
    }
}

extension LoopTrace {
    /// The trace with its notes in `language`: the English trace itself, or a copy whose notes
    /// are their Chinese twins from ``ScenarioText/notes`` (a note with no twin stays English, and
    /// fails the test that runs every scenario).
    public func notes(in language: Language) -> LoopTrace {
        switch language {
        case .en: self
        case .zhHans: rewritingNotes { ScenarioText.note($0)?.zh ?? $0 }
        }
    }

    /// The timeline (``LoopTrace/timeline(_:)``) as a student reads it: notes and the column
    /// titles in `language`; the rows themselves are trace words and stay as they are.
    public func timeline(in language: Language) -> String {
        let text = notes(in: language).timeline()
        guard language == .zhHans, let newline = text.firstIndex(of: "\n") else { return text }
        // The same columns: 时间 is as wide as "time" on a terminal.
        return "      时间  Mode      事件" + text[newline...]
    }
}
