import Testing
import RunLoopEngine
import TestSupport

/// Runs a suite's tests at most `count` at a time, each whole test in a lane of its own: for the
/// suites whose tests build fixture packages. One build at a time leaves a core idle while a build
/// links or `kata` waits for a test process; a build for every test at once is too many for a
/// two-core laptop. A test waiting for a lane suspends: it holds no Swift Testing pool thread.
struct FixtureLanes: SuiteTrait, TestTrait, TestScoping {
    let gate: LaneGate
    var isRecursive: Bool { true }

    func provideScope(for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void) async throws {
        if test.isSuite { return try await function() }
        await gate.enter()
        defer { gate.leave() }
        try await function()
    }
}

/// At most `count` holders at once; the others wait, first come first served, suspended.
final class LaneGate: Sendable {
    private struct State {
        var free: Int
        var waiting: [CheckedContinuation<Void, Never>] = []
    }
    private let state: Lock<State>

    init(count: Int) { state = Lock(State(free: max(count, 1))) }

    func enter() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let now = state.withLock { state -> Bool in
                if state.free > 0 {
                    state.free -= 1
                    return true
                }
                state.waiting.append(continuation)
                return false
            }
            if now { continuation.resume() }
        }
    }

    /// Hands the lane to the first waiting test, or frees it.
    func leave() {
        let next = state.withLock { state -> CheckedContinuation<Void, Never>? in
            if state.waiting.isEmpty {
                state.free += 1
                return nil
            }
            return state.waiting.removeFirst()
        }
        next?.resume()
    }
}

extension Trait where Self == FixtureLanes {
    /// See ``FixtureLanes``: `count` fixture tests at a time, over the whole suite and its nested suites.
    static func fixtureLanes(_ count: Int) -> Self { FixtureLanes(gate: LaneGate(count: count)) }
}
