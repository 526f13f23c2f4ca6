/// Makes "signal, then wake" a rule that fails every time, not once in a thousand runs.
///
/// Client code that hands a loop work through a version-0 source must signal the source before it
/// wakes the loop (`CFRunLoopSourceSignal`, then `CFRunLoopWakeUp`). Woken first, the loop can make
/// its pass, find nothing signalled and fall asleep again before the signal comes — and then nothing
/// wakes it. A real thread loses that race only now and then; ``holdingEachWakeUp(_:)`` holds
/// whoever wakes the loop, right after its `wakeUp()` (``Loop/testsOnly_afterWakeUp``), until the
/// loop has made the pass that wake-up caused and is asleep again. Work that is not done once the
/// sender returns was signalled too late.
final class WakeUpHold: Sendable {
    let loop: Loop
    /// How many times the loop has told its before-waiting observers it is about to sleep.
    private let sleeps = Lock(0)

    /// Watches `loop`, which runs `mode`, with a before-waiting observer of that mode.
    init(on loop: Loop, mode: Loop.Mode) throws {
        self.loop = loop
        let sleeps = self.sleeps
        try loop.add(Loop.Observer(name: "count the sleeps", activities: .beforeWaiting) { _ in sleeps.withLock { $0 += 1 } }, forMode: mode)
    }

    /// Runs `body`, which sends work to the loop (asleep now), with each wake-up held as above
    /// (at most 1 s each).
    func holdingEachWakeUp(_ body: () throws -> Void) rethrows {
        let (sleeps, loop, before) = (self.sleeps, self.loop, self.sleeps.withLock { $0 })
        loop.testsOnly_afterWakeUp = { _ = untilBlocking(1) { sleeps.withLock { $0 } > before && loop.isWaiting } }
        defer { self.loop.testsOnly_afterWakeUp = nil }
        try body()
    }
}
