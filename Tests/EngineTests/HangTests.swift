import Testing
import RunLoopEngine

/// A semaphore, a session that delivers on the main queue, and what the system sees of a main
/// thread that waits: hangs from 250 ms, the launch watchdog's 0x8badf00d.
@Suite struct HangTests {
    @Test func aSemaphoreTakesASignalGivenBeforeTheWaitAndTimesOutWithoutOne() throws {
        let semaphore = Semaphore(value: 1)
        #expect(try semaphore.wait(timeout: 0))
        #expect(try !semaphore.wait(timeout: 0.01), "a real wait with nothing to take times out")
        let clock = VirtualClock()
        let virtual = Semaphore(clock: clock)
        #expect(try !virtual.wait(timeout: 2))
        #expect(clock.now == Instant(seconds: 2), "on a virtual clock the wait moves the clock to its deadline")
        virtual.signal()
        #expect(try virtual.wait(timeout: 2))
        #expect(clock.now == Instant(seconds: 2), "a wait that takes a signal takes no time")
    }

    @Test func aSemaphoreSignalledFromAnotherThreadWakesTheWaiter() async throws {
        let woke = try await offPool { () -> Bool in
            let semaphore = Semaphore()
            let other = LoopThread(name: "signaller") { semaphore.signal() }
            try other.start()
            let signalled = try semaphore.wait(timeout: 5)
            other.join(timeout: 5)
            return signalled
        }
        #expect(woke)
    }

    @Test func aMainThreadWaitingForTheMainQueueIsAHangAndPastTheLaunchLimitAWatchdogKill() async throws {
        let reports = try await offPool { () -> [SystemWatchdog.Report] in
            let clock = VirtualClock()
            let registry = LoopRegistry(clock: clock)
            let seen = Lock<[SystemWatchdog.Report]>([])
            let main = LoopThread(name: "main", registry: registry, isMain: true) {
                let loop = Loop.current
                let system = SystemWatchdog(limits: .init(hang: 0.25, launch: 20, resume: 10)) { report in seen.withLock { $0.append(report) } }
                try? system.watch(loop)
                try? loop.add(Loop.Port(name: "keep-alive"), forMode: .default)
                let session = NetworkSession(mainQueue: registry.mainQueue)
                @Sendable func tap(at seconds: Double, waiting timeout: Double) {
                    let timer = try? Loop.Timer(name: "tap", fireDate: Instant(seconds: seconds)) { _ in
                        let semaphore = Semaphore(clock: clock)
                        session.dataTask("profile") { _ in semaphore.signal() }
                        _ = try? semaphore.wait(timeout: timeout)
                    }
                    if let timer { try? loop.add(timer, forMode: .default) }
                }
                tap(at: 1, waiting: 0.2)   // 200 ms: not a hang
                tap(at: 2, waiting: 2)   // a hang of 2 s
                _ = try? loop.run(mode: .default, timeout: 5)
                system.begin(.launch, on: loop)
                // The launch's work, in a source of the next run's first pass: past the launch limit.
                let launch = Loop.Source(name: "didFinishLaunching") {
                    let semaphore = Semaphore(clock: clock)
                    session.dataTask("profile") { _ in semaphore.signal() }
                    _ = try? semaphore.wait(timeout: 30)
                }
                try? loop.add(launch, forMode: .default)
                launch.signal()
                _ = try? loop.run(mode: .default, timeout: 40)
            }
            try main.start()
            main.join(timeout: 8)
            return seen.withLock { $0 }
        }
        #expect(reports == [.hang(since: Instant(seconds: 2), duration: 2), .terminated(.launch, at: Instant(seconds: 25))])
    }
}
