import Foundation
import Testing
@testable import RunLoopEngine

/// ``Loop/nestedRunLimit`` must hold on the smallest stack a loop runs on: the 512 KiB that a
/// secondary thread gets on macOS. Runs nested to the limit, through the costliest callout
/// (a timer's), on a thread with just that stack: too high a limit overflows it and the test
/// process crashes.
@Suite struct NestingDepthTests {
    @Test func runsNestedToTheLimitFitInTheSmallestStack() async throws {
        let deepest = Lock(0)
        let refusal = Lock<LoopError?>(nil)
        let done = Gate()
        let thread = Thread {
            let (loop, _) = virtualLoop()
            // Each level schedules a timer whose callout runs the loop again.
            @Sendable func nest() {
                deepest.withLock { $0 = max($0, ThreadRecord.current.runningLoops.count) }
                guard refusal.withLock({ $0 }) == nil else { return }
                do throws(LoopError) {
                    try loop.scheduleTimer(name: "deeper", after: 0) { _ in nest() }
                    try loop.run(mode: .default, timeout: 0)
                } catch {
                    refusal.withLock { $0 = error }
                }
            }
            nest()
            done.open()
        }
        thread.stackSize = 512 * 1024
        thread.start()
        #expect(await done.opened(within: 20), "the nest did not unwind")
        #expect(refusal.withLock { $0 } == .nestedRunsTooDeep(limit: Loop.nestedRunLimit))
        #expect(deepest.withLock { $0 } == Loop.nestedRunLimit)
    }
}
