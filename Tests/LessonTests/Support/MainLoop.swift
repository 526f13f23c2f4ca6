extension Harness {
    /// Runs `scenario` on the main thread of a fresh registry whose loops use `mechanisms`, on a
    /// virtual clock, and returns its trace lines. The main loop allows 10 000 passes per run;
    /// the thread is given at most `timeout` seconds. Call it inside ``attempt(lesson:registry:timeout:ifStuck:_:)``
    /// when `mechanisms` hold student code.
    static func mainLoopTrace(
        _ mechanisms: Loop.Mechanisms, _ filter: LoopTrace.Filter, timeout: Double = 4,
        _ scenario: @escaping @Sendable (Loop, MainQueue) throws -> Void
    ) throws -> [String] {
        try mainLoopLines(mechanisms, filter, timeout: timeout, scenario).map { $0 }
    }

    /// ``mainLoopTrace(_:_:timeout:_:)``, each line in both languages.
    static func mainLoopLines(
        _ mechanisms: Loop.Mechanisms, _ filter: LoopTrace.Filter, timeout: Double = 4,
        _ scenario: @escaping @Sendable (Loop, MainQueue) throws -> Void
    ) throws -> Lines {
        let registry = LoopRegistry(clock: VirtualClock(), mechanisms: mechanisms)
        let lines = Lock<Result<Lines, any Error>>(.success([]))
        let main = LoopThread(name: "main", registry: registry, isMain: true) {
            let loop = Loop.current
            loop.passLimit = 10_000
            let trace = loop.startTracing()
            let outcome = Result { try scenario(loop, registry.mainQueue) }
            lines.withLock { $0 = outcome.map { trace.bilingualLines(filter) } }
        }
        try main.start()
        main.join(timeout: timeout)
        return try lines.withLock { $0 }.get()
    }
}
