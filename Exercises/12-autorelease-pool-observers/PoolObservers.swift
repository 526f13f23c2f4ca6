// Lesson 12 — Autorelease pool observers            Lessons/12-autorelease-pool-observers.md
//
// Write `StudentPoolObservers.install(on:pools:)`: the two run loop observers UIKit puts on the
// main loop so that every turn of the loop gets its own autorelease pool.
//
// Run just this lesson:   swift test --filter Lesson12Tests      (or: swift run kata watch)

import KataCore
import RunLoopEngine

/// Installs the autorelease-pool observers on a loop.
public struct StudentPoolObservers: AutoreleasePoolObservers {
    public init() {}

    /// Adds the pool observers to `loop`. `pools` is the pool stack of the loop's thread:
    /// `pools.push()` opens a pool, `pools.pop()` releases everything autoreleased since.
    public func install(on loop: Loop, pools: AutoreleasePoolStack) {
        unsolved(lesson: 12, write: "StudentPoolObservers.install(on:pools:)")
    }
}
