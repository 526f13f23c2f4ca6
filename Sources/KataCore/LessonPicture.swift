import RunLoopEngine
import TraceViews

extension Lesson {
    /// The key scenario, if the lesson names one that exists.
    public var keyTraceScenario: TraceScenario? { keyScenario.flatMap(TraceScenario.named) }

    /// The picture for the lesson's page in `language` (``imagePath(in:)``): the key scenario's
    /// timeline, drawn from a fresh run on the reference engine.
    public func keyPicture(in language: Language = .en) -> String? { keyTraceScenario?.picture(in: language) }

    /// `Lessons/images/06-timer-skip-on-overrun.svg`, or under `Lessons/images/zh-Hans/` for the
    /// Chinese page: the English picture's path in the folder of the language's pages.
    public func imagePath(in language: Language) -> String {
        switch language {
        case .en: imagePath
        case .zhHans: "Lessons/images/zh-Hans/\(folder).svg"
        }
    }

    /// The command that draws every lesson's picture again.
    public static let picturesCommand = "swift run kata dev lesson-images"
}

extension TraceScenario {
    /// The scenario's timeline as an SVG picture in `language`: its summary, what to look for and
    /// its notes in that language, the picture's labels from ``TimelinePicture/Labels/in(_:)``.
    public func picture(in language: Language) -> String {
        run(in: language)
            .picture(title: name, summary: summary.in(language), lookFor: lookFor.in(language), labels: .in(language))
    }
}

extension TimelinePicture.Labels {
    /// The words a timeline picture writes around the trace, in `language`. The trace's own
    /// words (mode and callout names, wake reasons, run results, the activity letters) stay. The
    /// activities are named as Chinese articles name them, `BeforeWaiting（即将进入休眠）`, each
    /// joined to its letter by a no-break space so that a line never ends between the two.
    public static func `in`(_ language: Language) -> Self {
        func say(_ en: String, _ zh: String) -> String { Text(en: en, zh: zh).in(language) }
        return Self(
            outerRun: say("outer run", "外层运行"),
            nestedRun: { depth in Text(en: "nested run (depth \(depth))", zh: "嵌套运行（第 \(depth) 层）").in(language) },
            time: say("time →", "时间 →"),
            sleep: say("sleep", "休眠"),
            lookFor: say("Look for: ", "留意："),
            legend: say("Legend", "图例"),
            runResult: say("run result", "运行结果"),
            note: say("note", "注释"),
            activities: say(
                "observers told: E entry · T before timers · S before sources · W before waiting · A after waiting · X exit",
                "通知观察者：E\u{A0}Entry（即将进入\u{A0}RunLoop）· T\u{A0}BeforeTimers（即将处理定时器）· S\u{A0}BeforeSources（即将处理事件源）· W\u{A0}BeforeWaiting（即将进入休眠）· A\u{A0}AfterWaiting（刚从休眠中唤醒）· X\u{A0}Exit（即将退出\u{A0}RunLoop）"
            ),
            sleeps: say(
                "the loop sleeps: how long above the bar, what woke it below",
                "RunLoop 休眠：条上方是休眠时长，下方是唤醒它的原因"),
            frames: say(
                "A callout's name is written above its mark. A dashed frame is a run nested inside a callout of the lane above.",
                "回调的名字写在它的标记上方。虚线框是嵌套运行：它发生在上一条泳道的某个回调里。"),
            callout: { callout in
                switch callout {
                case .timer: Text(en: "timer", zh: "定时器").in(language)
                case .source: Text(en: "source", zh: "事件源").in(language)
                case .port: Text(en: "port", zh: "端口").in(language)
                case .block: Text(en: "block", zh: "block").in(language)
                case .mainQueue: Text(en: "main queue", zh: "主队列").in(language)
                }
            })
    }
}
