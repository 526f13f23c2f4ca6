import Testing
@testable import RunLoopEngine

/// A sleeping loop waits in the kernel: no polling, no periodic wake-ups.
@Suite struct IdleCPUTests {
    @Test func anIdleLoopOnTheRealClockUsesNoMeasurableCPU() async throws {
        let measured = Lock<(cpu: Double, wall: Double, result: Loop.RunResult?)>((0, 0, nil))
        let thread = LoopThread(name: "idle", registry: LoopRegistry()) {
            let loop = Loop.current
            try? loop.add(Loop.Port(name: "keep-alive"), forMode: .default)
            let (cpu, wall) = (SystemClock.threadCPUSeconds(), loop.now)
            let result = try? loop.run(mode: .default, timeout: 0.5)
            measured.withLock { $0 = (SystemClock.threadCPUSeconds() - cpu, loop.now - wall, result) }
        }
        try thread.start()
        #expect(await thread.finish(timeout: 10))
        #expect(measured.withLock { $0 }.result == .timedOut)
        #expect(measured.withLock { $0 }.wall >= 0.5)
        #expect(measured.withLock { $0 }.cpu < 0.02, "an idle loop used \(measured.withLock { $0 }.cpu * 1000) ms of CPU in 0.5 s")
    }
}
