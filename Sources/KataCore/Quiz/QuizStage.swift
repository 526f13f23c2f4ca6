import RunLoopEngine

/// What a question's engine code runs with: the virtual clock, the registry its threads take
/// their loops from, and the trace of the scenario thread's loop — with the few readings of
/// that trace the questions derive their answers from.
public final class QuizStage: @unchecked Sendable {
    // @unchecked: `trace` is set by the scenario thread before the body runs and read after
    // join; `workers` is guarded by a lock.
    public let registry: LoopRegistry
    /// The scenario's clock: `clock.advance(by: 2.5)` is a callout that takes 2.5 s.
    public let clock: VirtualClock
    /// The trace of the scenario thread's loop, recording from before the body runs.
    public internal(set) var trace: LoopTrace?
    private let workers = Lock<[LoopThread]>([])
    private let printed = Lock<[(time: Instant, text: String)]>([])
    fileprivate let modes = Lock<RunModeStack?>(nil)

    init(registry: LoopRegistry) {
        self.registry = registry
        self.clock = registry.clock as! VirtualClock   // QuizQuestion.run makes it so
    }

    /// A thread of the scenario (Foundation: `Thread(block:)`), not started. It takes its loop
    /// from the scenario's registry; the run waits for it before it returns.
    public func thread(_ name: String, body: @escaping @Sendable () -> Void) -> LoopThread {
        let thread = LoopThread(name: name, registry: registry, body: body)
        workers.withLock { $0.append(thread) }
        return thread
    }

    func finishWorkers() {
        for worker in workers.withLock({ $0 }) { _ = worker.join(timeout: 2) }
    }

    /// The scenario's `print`: remembered with the time, and written into the trace of the
    /// loop running on the calling thread (if it is traced).
    public func print(_ text: String) {
        printed.withLock { $0.append((clock.now, text)) }
        Loop.current.note(text)
    }

    /// What the scenario printed, in order, from any thread.
    public func prints() -> [String] { printed.withLock { $0.map(\.text) } }

    /// When the scenario printed exactly `text`, in ms.
    public func times(ofPrint text: String) -> [String] {
        printed.withLock { $0.filter { $0.text == text }.map { QuizStage.ms($0.time) } }
    }

    // MARK: Readings of the trace

    private var events: [TraceEvent] { trace?.events ?? [] }

    /// When each callout of the item called `name` ran (timer, source, block…), in ms.
    public func times(of name: String) -> [String] {
        events.compactMap { event in
            if case .callout(_, let called) = event.kind, called == name { return QuizStage.ms(event.time) }
            return nil
        }
    }

    /// When the loop's trace noted exactly `text` (the engine notes each layout and drawing:
    /// `[header layoutSubviews]`, `[label drawRect:]`), in ms.
    public func times(ofNote text: String) -> [String] {
        events.compactMap { event in
            if case .note(let noted) = event.kind, noted == text { return QuizStage.ms(event.time) }
            return nil
        }
    }

    /// The mode the loop was running each time its trace noted exactly `text`.
    public func modes(ofNote text: String) -> [String] {
        events.compactMap { event in
            if case .note(let noted) = event.kind, noted == text { return event.mode.name }
            return nil
        }
    }

    /// The activities the loop reported, in order, named as the quiz names them.
    public func activities() -> [String] {
        events.compactMap { event in
            if case .activity(let activity) = event.kind { return QuizStage.word(activity) }
            return nil
        }
    }

    /// Activities and the scenario's prints on this loop, in order: what an observer that
    /// prints each activity shows beside the scenario's own prints.
    public func activitiesAndNotes() -> [String] {
        events.compactMap { event in
            switch event.kind {
            case .activity(let activity): QuizStage.word(activity)
            case .note(let text): text
            default: nil
            }
        }
    }

    /// `1000` for one second.
    public static func ms(_ instant: Instant) -> String {
        let ms = Double(instant.nanoseconds) / 1e6
        return ms == ms.rounded() ? String(Int64(ms)) : String(ms)
    }

    /// `beforeWaiting`: an activity as the answers spell it (CFRunLoopActivity's names).
    public static func word(_ activity: Loop.Activity) -> String {
        switch activity {
        case .entry: "entry"
        case .beforeTimers: "beforeTimers"
        case .beforeSources: "beforeSources"
        case .beforeWaiting: "beforeWaiting"
        case .afterWaiting: "afterWaiting"
        case .exit: "exit"
        default: activity.description
        }
    }

    /// The activity words, in the order of one pass.
    public static let activityWords = ["entry", "beforeTimers", "beforeSources", "beforeWaiting", "afterWaiting", "exit"]
}

extension QuizStage {
    /// The scenario thread's loop driven as `UIApplicationMain` drives an app's main loop: run in
    /// the mode on top of its mode stack (the default mode at the bottom), again each time a run
    /// ends, until `deadline`. GraphicsServices: `GSEventRunModal` (``RunModeStack``).
    public func runMainLoop(until deadline: Instant) throws {
        try modeStack().run(until: deadline)
    }

    /// A scroll on the scenario thread's loop, as UIKit makes one: at `from` seconds a one-shot
    /// default-mode timer ("finger down") pushes the tracking mode (the default-mode run is
    /// stopped, the driver runs tracking); at `to` a one-shot tracking-mode timer ("finger up")
    /// pops it (the driver runs the default mode again). Not a nested run; run the loop with
    /// ``runMainLoop(until:)``.
    public func scroll(from: Double, to: Double) throws {
        let loop = Loop.current
        let modes = modeStack()
        let fingerDown = try Loop.Timer(name: "finger down", fireDate: Instant(seconds: from)) { _ in modes.push(.tracking) }
        let fingerUp = try Loop.Timer(name: "finger up", fireDate: Instant(seconds: to)) { _ in modes.pop() }
        try loop.add(fingerDown, forMode: .default)
        try loop.add(fingerUp, forMode: .tracking)
    }

    /// The mode stack of the scenario thread's loop, made on first use with the default mode in it.
    func modeStack() -> RunModeStack {
        modes.withLock { modes in
            if let stack = modes, stack.loop === Loop.current { return stack }
            let stack = RunModeStack(loop: Loop.current)
            stack.push(.default)   // UIApplicationMain: GSEventPushRunLoopMode(kCFRunLoopDefaultMode)
            modes = stack
            return stack
        }
    }
}
