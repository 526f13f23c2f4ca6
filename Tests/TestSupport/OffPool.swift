import RunLoopEngine

/// Runs a blocking `body` on a ``LoopThread`` of its own and awaits its result, suspending the
/// test (never blocking a pool thread), at most `timeout` seconds.
///
/// A wait inside `body` that only the test's own task ends (a join, a perform, a run the task
/// stops) takes no limit of its own: the task may get a pool thread only much later on a busy
/// machine, and `timeout` is the hang guard, counted from the moment the test awaits.
///
/// - Throws: ``OffPoolTimeout`` if `body` did not return in time (the thread is left behind,
///   the run goes on), or what `body` threw.
public func offPool<T: Sendable>(
    timeout: Double = 10, name: String = "off-pool", registry: LoopRegistry = LoopRegistry(),
    isMain: Bool = false, _ body: @escaping @Sendable () throws -> T
) async throws -> T {
    try await startOffPool(timeout: timeout, name: name, registry: registry, isMain: isMain, body).value()
}

/// ``offPool(timeout:name:registry:isMain:_:)`` in two halves: the thread is started before this
/// returns, and ``OffPoolRun/value()`` awaits its result. For a scenario that must be under way
/// while the test goes on: a `Task` around `offPool` would first wait for a free pool thread,
/// which other suites may hold.
public func startOffPool<T: Sendable>(
    timeout: Double = 10, name: String = "off-pool", registry: LoopRegistry = LoopRegistry(),
    isMain: Bool = false, _ body: @escaping @Sendable () throws -> T
) throws -> OffPoolRun<T> {
    let outcome = Lock<Result<T, any Error>?>(nil)
    let thread = LoopThread(name: name, registry: registry, isMain: isMain) {
        let result = Result { try body() }
        outcome.withLock { $0 = result }
    }
    try thread.start()
    return OffPoolRun(thread: thread, outcome: outcome, timeout: timeout)
}

/// A started ``startOffPool(timeout:name:registry:isMain:_:)`` scenario.
public struct OffPoolRun<T: Sendable>: Sendable {
    let thread: LoopThread
    let outcome: Lock<Result<T, any Error>?>
    let timeout: Double

    /// Awaits the body's result, at most the run's time limit from now.
    ///
    /// - Throws: ``OffPoolTimeout``, or what the body threw.
    public func value() async throws -> T {
        guard await thread.finish(timeout: timeout), let result = outcome.withLock({ $0 }) else {
            throw OffPoolTimeout(seconds: timeout)
        }
        return try result.get()
    }
}

public struct OffPoolTimeout: Error, CustomStringConvertible {
    public let seconds: Double
    public init(seconds: Double) { self.seconds = seconds }
    public var description: String { "the scenario did not finish within \(seconds) s" }
}
