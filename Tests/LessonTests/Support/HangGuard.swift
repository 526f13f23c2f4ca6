/// Where a long body run by ``Harness/attempt(lesson:registry:timeout:ifStuck:hangGuard:_:)`` has
/// got to: a batch of generated scenarios, say. Each run it starts gives the harness's time limit
/// back in full, so the limit is a hang guard for one run, however many runs a slow machine takes
/// to get through; the guard that fires names the step that did not end.
final class HangGuard: Sendable {
    private let state = Lock<(runs: Int, step: Text?)>((0, nil))

    /// A new step begins (`step` says what it is, in both languages), with its first run.
    func starts(_ step: Text) {
        state.withLock { $0 = ($0.runs + 1, step) }
    }

    /// Another run of the same step begins.
    func runsAgain() {
        state.withLock { $0.runs += 1 }
    }

    /// How many runs have begun: a body that makes progress changes it.
    var runs: Int { state.withLock { $0.runs } }

    /// The step under way, nil before the first.
    var step: Text? { state.withLock { $0.step } }
}
