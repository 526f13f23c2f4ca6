import Testing

/// Lesson 19 against the reference on generated scenarios, on a main loop whose event port is
/// on the loop itself: touches of every shape (taps, moves short of a pan and past it, events
/// with no touch down) sent in bursts or one at a time, to views with a tap, a pan, both, or
/// none, or two of a kind (both updating in the same pass), cancelling touches or not; scrolls that run the tracking mode while events arrive; app
/// observers before waiting at several orders; runs of the default and
/// the tracking mode, some that only poll. The whole trace is compared, each action's line with
/// the state every recognizer is in as it runs (what an action reading another recognizer sees).
extension Lesson19Tests {
    /// One step of a generated touch scenario.
    enum TouchPracticeStep: Sendable, CustomStringConvertible, PracticeStep, SimplifiableStep {
        /// A recognizer attached to the view (all of them are attached before anything runs).
        case recognizer(GestureRecognizer.Kind, keepsTouches: Bool)
        /// The system sends these events to the port, in one message, at this time.
        case send([TouchEvent], at: Double)
        /// At this time a finger starts a scroll: the loop runs the tracking mode for so long.
        case scroll(at: Double, seconds: Double)
        /// An app observer of before waiting at this order, noting itself.
        case appObserver(order: Int)
        /// A run of the main loop in this mode for so long (0: one pass, no sleep).
        case run(Loop.Mode, seconds: Double)

        var text: Text {
            switch self {
            case .recognizer(let kind, let keeps):
                Text(
                    en: "a \(kind) recognizer on the view" + (keeps ? ", cancelsTouchesInView = false" : ""),
                    zh: "视图上有一个 \(kind) 识别器" + (keeps ? "，`cancelsTouchesInView = false`" : ""))
            case .send(let events, let time):
                Text(
                    en: "at \(PracticeText.seconds(time).en) the port receives: \(TouchEvent.encode(events))",
                    zh: "\(PracticeText.seconds(time).zh)时端口收到：\(TouchEvent.encode(events))")
            case .scroll(let time, let seconds):
                Text(
                    en: "at \(PracticeText.seconds(time).en) a scroll runs the tracking mode for \(PracticeText.seconds(seconds).en)",
                    zh: "\(PracticeText.seconds(time).zh)时开始滑动，运行 tracking Mode \(PracticeText.seconds(seconds).zh)")
            case .appObserver(let order):
                Text(en: "an app observer of before waiting at order \(order)", zh: "App 的一个 `before waiting` 观察者，`order` \(order)")
            case .run(let mode, let seconds):
                Text(en: "run \(mode.name) for \(PracticeText.seconds(seconds).en)", zh: "运行 \(mode.name) \(PracticeText.seconds(seconds).zh)")
            }
        }

        var description: String { text.en }

        var simpler: [TouchPracticeStep] {
            switch self {
            case .send(let events, let time) where events.count > 1:
                [.send(Array(events.dropLast()), at: time), .send(Array(events.dropFirst()), at: time)]
            case .scroll(let time, let seconds) where seconds > 0.5: [.scroll(at: time, seconds: 0.5)]
            case .recognizer(let kind, true): [.recognizer(kind, keepsTouches: false)]
            default: []
            }
        }
    }

    /// A touch: began, some moves (past the pan's three or not), ended; sometimes cut short.
    static func touch(_ random: inout SeededGenerator) -> [TouchEvent] {
        var events: [TouchEvent] = [.began] + Array(repeating: .moved, count: random.pick([0, 0, 1, 2, 3, 3, 4, 6]))
        if random.chance(0.85) { events.append(.ended) }
        if random.chance(0.1) { events.removeFirst() }   // moves of a touch that began before
        return events
    }

    static func practiceScenario(_ random: inout SeededGenerator) -> [TouchPracticeStep] {
        var steps: [TouchPracticeStep] = []
        for kind in GestureRecognizer.Kind.allCases where random.chance(0.6) {
            steps.append(.recognizer(kind, keepsTouches: random.chance(0.25)))
        }
        // A second recognizer of a kind already there: two recognizers with an update in one pass.
        if case .recognizer(let kind, let keeps)? = steps.randomElement(using: &random), random.chance(0.4) {
            steps.append(.recognizer(kind, keepsTouches: keeps))
        }
        for _ in 0..<random.int(0...2) { steps.append(.appObserver(order: random.pick([-1, 0, 0, 1, 2_000_000]))) }
        // Touches, each sent in bursts at increasing times.
        var time = 0.1 * Double(random.int(1...5))
        for _ in 0..<random.int(1...3) {
            var events = touch(&random)
            while !events.isEmpty {
                let count = random.pick([1, 1, 1, 2, 3, events.count])
                steps.append(.send(Array(events.prefix(count)), at: time))
                events.removeFirst(min(count, events.count))
                time += 0.1 * Double(random.int(0...3))
            }
            time += 0.1 * Double(random.int(1...5))
        }
        if random.chance(0.4) { steps.append(.scroll(at: 0.1 * Double(random.int(1...15)), seconds: random.pick([0.3, 0.5, 1, 2]))) }
        for _ in 0..<random.int(1...2) {
            steps.append(.run(random.pick([.default, .default, .default, .tracking]), seconds: random.pick([0, 1, 2, 4, 4])))
        }
        return steps
    }

    static func practiceRun(_ steps: [TouchPracticeStep], _ delivery: any TouchDelivery) throws -> [String] {
        var kinds: [GestureRecognizer.Kind] = []
        var keeping: Set<GestureRecognizer.Kind> = []
        for case .recognizer(let kind, let keeps) in steps {
            kinds.append(kind)
            if keeps { keeping.insert(kind) }
        }
        let lines = try run(delivery, recognizers: kinds, keepingTouches: keeping, actionsReadTheRecognizers: true) { loop, clock, app in
            for step in steps {
                switch step {
                case .recognizer: break
                case .send(let events, let time): try send(events, at: time, loop, app)
                case .scroll(let time, let seconds):
                    try loop.add(
                        try Loop.Timer(name: "scroll", fireDate: .zero + time) { _ in
                            _ = try? Loop.current.run(mode: .tracking, timeout: seconds)
                        }, forMode: .default)
                case .appObserver(let order):
                    try loop.add(
                        Loop.Observer(name: "app \(order)", activities: .beforeWaiting, order: order) { _ in
                            Loop.current.note("app observer at order \(order)")
                        }, forMode: .common)
                case .run(let mode, let seconds):
                    try loop.run(mode: mode, timeout: seconds)
                    loop.note("events still queued: \(app.events.count)")
                }
            }
            _ = clock
        }
        return Array(lines)
    }

    static func practice(_ delivery: any TouchDelivery) -> Practice<TouchPracticeStep> {
        Practice(
            lesson: 19, count: 150,
            hint: Text(
                en:
                    "Your delivery differs from the engine's in this scenario (the whole trace: passes, callouts, the view's touches, the gestures' actions): the port's callback queues, signals the source0 and wakes the main loop; the source0 sends one event per pass and signals itself while events wait; sendEvent gives the event to every recognizer, then (so that each action sees every recognizer's new state), for a recognizer with an update, cancels the view's touches if it recognized and cancels touches, and acts; the view gets the event last; the source0 in the common modes.",
                zh:
                    "在这个场景里，你的分发和引擎的不一样（比较整条轨迹：各轮、回调、视图收到的触摸、手势的 `action`）：端口的回调把事件放进队列、标记 Source0、唤醒主线程 RunLoop；Source0 每轮发一个事件，还有事件在等就再标记自己；`sendEvent` 先把事件交给每个识别器，然后（这样每个 `action` 看到的都是所有识别器的新状态）再对有更新的识别器：识别出了手势、又会取消触摸的，先取消视图的触摸，再执行 `action`；最后才把事件交给视图；Source0 在 common modes 里。"
            )
        ) { random in
            practiceScenario(&random)
        } run: { steps, side in
            try practiceRun(steps, side == .student ? delivery : ReferenceTouchDelivery())
        }
    }

    @Test("Generated scenarios: your touches reach the view and the gestures as the reference engine's do", .zh("自动生成的场景：你分发的触摸和手势，和参考实现的一模一样"))
    func generatedScenarios() async throws {
        try await Self.practice(StudentTouchDelivery()).check()
    }
}
