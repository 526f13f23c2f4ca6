// Lesson 22's first question, where Foundation on Linux can answer it: a repeating Timer
// scheduled on a thread whose body then returns never fires, because nothing ever runs that
// thread's loop; the same timer on a thread that runs its loop does. The other questions of the
// lesson need the main queue on the main loop, which Swift Testing's process keeps for itself.
import Foundation
import RunLoopEngine
import Testing

@Suite("Conformance: a Timer on a thread whose loop never runs (lesson 22)")
struct ThreadTimerScenarios {
    static let expected = [
        "a thread that returns: 0 ticks",
        "a thread that runs its loop: ticked true",
    ]

    @Test("A repeating Timer scheduled on a thread that returns never fires; on a thread that runs its loop it does")
    func timerOnAThreadThatReturns() async {
        await compare(
            expected: Self.expected, timeout: 20, sourceLocation: #_sourceLocation,
            foundation: { log in
                let ticks = Lock(0)
                let returned = Gate()
                let thread = Thread {
                    _ = Timer.scheduledTimer(withTimeInterval: 0.01, repeats: true) { _ in ticks.withLock { $0 += 1 } }
                    returned.open()
                }
                thread.start()
                _ = returned.waitOpen(within: 10)
                Thread.sleep(forTimeInterval: 0.1)   // ten intervals, had anything run the loop
                log("a thread that returns: \(ticks.withLock { $0 }) ticks")

                let ticked = Gate()
                let running = Thread {
                    let timer = Timer.scheduledTimer(withTimeInterval: 0.01, repeats: true) { _ in ticked.open() }
                    let limit = Date(timeIntervalSinceNow: 10)   // a hang guard: the first tick ends it
                    while !ticked.isOpen, Date() < limit { _ = RunLoop.current.run(mode: .default, before: Date(timeIntervalSinceNow: 0.05)) }
                    timer.invalidate()
                }
                running.start()
                log("a thread that runs its loop: ticked \(ticked.waitOpen(within: 15))")
            },
            engine: { log in
                let ticks = Lock(0)
                let thread = LoopThread(name: "returns") {
                    _ = try? Loop.current.scheduleTimer(after: 0.01, interval: 0.01) { _ in ticks.withLock { $0 += 1 } }
                }
                guard (try? thread.start()) != nil, thread.join(timeout: 10) else { return log("the thread did not return") }
                Thread.sleep(forTimeInterval: 0.1)
                log("a thread that returns: \(ticks.withLock { $0 }) ticks")

                let ticked = Gate()
                let running = LoopThread(name: "runs its loop") {
                    let loop = Loop.current
                    let timer = try? loop.scheduleTimer(after: 0.01, interval: 0.01) { _ in ticked.open() }
                    let limit = loop.now + 10
                    while !ticked.isOpen, loop.now < limit { _ = try? loop.run(mode: .default, before: loop.now + 0.05) }
                    timer?.invalidate()
                }
                guard (try? running.start()) != nil else { return log("the thread did not start") }
                log("a thread that runs its loop: ticked \(ticked.waitOpen(within: 15))")
                _ = running.join(timeout: 15)
            })
    }
}
