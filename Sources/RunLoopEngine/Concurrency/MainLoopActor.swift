/// A global actor on the main loop, as `@MainActor` is on the main run loop: its jobs run on the
/// main loop's thread, sent there by its ``MainLoopExecutor``. Swift: `MainActor`
/// (`@globalActor final actor MainActor`, its `unownedExecutor`, `MainActor.run`).
///
/// ``shared`` (`@MainLoopActor`) lives on ``LoopRegistry/shared``'s main loop. Other instances,
/// each with an executor of its own (another registry, another way of enqueuing), are actors of
/// the same kind for tests and lessons: `Task { _ = actor; … }` inside `actor.assumeIsolated { actor in … }`
/// is `Task { @MainActor in … }`, and `await actor.run { actor in … }` is `await MainActor.run { … }`.
@globalActor
public actor MainLoopActor {
    /// The actor of `@MainLoopActor`: on the shared registry's main loop, jobs on its main queue.
    public static let shared = MainLoopActor(executor: MainLoopExecutor())

    /// Where this actor's jobs go.
    public nonisolated let executor: MainLoopExecutor

    public init(executor: MainLoopExecutor) {
        self.executor = executor
    }

    public nonisolated var unownedExecutor: UnownedSerialExecutor {
        executor.asUnownedSerialExecutor()
    }

    /// Runs `body` on this actor. Swift: `MainActor.run(resultType:body:)`.
    public func run<T: Sendable>(_ body: @Sendable (isolated MainLoopActor) throws -> T) rethrows -> T {
        try body(self)
    }
}
