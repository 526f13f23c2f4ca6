/// What the system sees of an app's main thread that does not answer: hangs, and the watchdog.
/// iOS: the hang detection behind MetricKit's `MXHangDiagnostic` and Xcode Organizer's Hangs
/// report (Apple's "Understanding hangs in your app": a main run loop busy for 250 ms or more
/// is a hang); the watchdog that ends an app whose main thread does not finish a scene's launch
/// or resume in time (its crash report's termination code `0x8badf00d`, "ate bad food").
///
/// One observer of every activity, in the main loop's common modes, at the lowest order, so it
/// hears each activity before any other observer works.
/// - A *busy period* runs from the loop's waking (`afterWaiting`, or `entry`) to its next
///   `beforeWaiting` or `exit`. One of ``Limits/hang`` seconds or more is reported as a
///   ``Report/hang(since:duration:)`` when it ends, after the fact, as MetricKit does.
/// - ``begin(_:)`` starts a phase (launch, resume); the app has answered when the loop next
///   reaches `beforeWaiting`. If that is later than the phase's limit, the watchdog ended the app
///   at the limit: one ``Report/terminated(_:at:)``, after which nothing more is reported.
///
/// On a ``VirtualClock`` a blocked main thread moves the clock while it waits (``Semaphore``),
/// and the next activity carries the time it was blocked: the reports land at exact instants.
public final class SystemWatchdog: Sendable {
    /// The exception code of a watchdog termination: "ate bad food".
    public static let terminationCode: UInt32 = 0x8bad_f00d

    /// When the system acts, in seconds.
    public struct Limits: Sendable, Equatable {
        /// A busy period this long or longer is a hang.
        public var hang: Double
        /// The time a scene has to launch.
        public var launch: Double
        /// The time an app has to come back to the foreground.
        public var resume: Double

        /// 250 ms (Apple's hang threshold); 20 s to launch and 10 s to resume, the figures of
        /// the classic watchdog table (Apple publishes no current values).
        public static let iOS = Limits(hang: 0.25, launch: 20, resume: 10)

        public init(hang: Double, launch: Double, resume: Double) {
            self.hang = hang
            self.launch = launch
            self.resume = resume
        }
    }

    /// A moment the system watches the main thread through.
    public enum Phase: String, Sendable, Equatable {
        case launch, resume
    }

    /// What the system saw.
    public enum Report: Sendable, Equatable {
        /// The main loop was busy from `since` for `duration` seconds.
        case hang(since: Instant, duration: Double)
        /// The watchdog ended the app at `at`: the main thread had not answered `phase` in time.
        case terminated(Phase, at: Instant)
    }

    public let limits: Limits
    private let report: @Sendable (Report) -> Void
    private let state = Lock(State())

    private struct State {
        var busySince: Instant?
        var phase: (Phase, since: Instant)?
        var terminated = false
    }

    public init(limits: Limits = .iOS, report: @escaping @Sendable (Report) -> Void) {
        self.limits = limits
        self.report = report
    }

    /// Whether the watchdog has ended the app.
    public var terminated: Bool { state.withLock { $0.terminated } }

    /// Starts `phase` now, on `loop`'s clock: the app must answer within its limit.
    public func begin(_ phase: Phase, on loop: Loop) {
        let now = loop.now
        state.withLock { $0.phase = (phase, now) }
    }

    /// Adds the observer to `loop`'s common modes. The observer keeps the watchdog alive as
    /// long as the loop holds it (the watchdog holds nothing of the loop).
    public func watch(_ loop: Loop) throws(LoopError) {
        let clock = loop.clock
        let observer = Loop.Observer(name: "system watchdog", activities: .all, order: .min) { activity in
            self.saw(activity, at: clock.now)
        }
        try loop.add(observer, forMode: .common)
    }

    private func saw(_ activity: Loop.Activity, at now: Instant) {
        let reports = state.withLock { state -> [Report] in
            guard !state.terminated else { return [] }
            var reports: [Report] = []
            if let (phase, since) = state.phase {
                let deadline = since + limit(phase)
                if now > deadline {
                    state.terminated = true
                    return [.terminated(phase, at: deadline)]
                }
                if activity == .beforeWaiting { state.phase = nil }
            }
            switch activity {
            case .afterWaiting, .entry:
                if state.busySince == nil { state.busySince = now }
            case .beforeWaiting, .exit:
                if let since = state.busySince {
                    let busy = now - since
                    if busy >= limits.hang { reports.append(.hang(since: since, duration: busy)) }
                }
                state.busySince = nil
            default:
                break
            }
            return reports
        }
        for each in reports { report(each) }   // outside the lock
    }

    private func limit(_ phase: Phase) -> Double {
        switch phase {
        case .launch: limits.launch
        case .resume: limits.resume
        }
    }
}
