import RunLoopEngine

/// Runs a blocking `body` on a ``LoopThread`` of its own and awaits its result, suspending the
/// test (never blocking a pool thread), at most `timeout` seconds.
///
/// - Throws: ``OffPoolTimeout`` if `body` did not return in time (the thread is left behind,
///   the run goes on), or what `body` threw.
public func offPool<T: Sendable>(
    timeout: Double = 10, name: String = "off-pool", registry: LoopRegistry = LoopRegistry(),
    isMain: Bool = false, _ body: @escaping @Sendable () throws -> T
) async throws -> T {
    let outcome = Shared<Result<T, any Error>?>(nil)
    let thread = LoopThread(name: name, registry: registry, isMain: isMain) {
        let result = Result { try body() }
        outcome.value = result
    }
    try thread.start()
    guard await thread.finish(timeout: timeout), let result = outcome.value else {
        throw OffPoolTimeout(seconds: timeout)
    }
    return try result.get()
}

public struct OffPoolTimeout: Error, CustomStringConvertible {
    public let seconds: Double
    public init(seconds: Double) { self.seconds = seconds }
    public var description: String { "the scenario did not finish within \(seconds) s" }
}
