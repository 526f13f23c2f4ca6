import Dispatch
import Synchronization
import Testing

/// Lesson 01: the student's table inside a registry, with real threads (short waits only).
@Suite("Lesson 01 — One loop per thread", .serialized, .tags(.lesson01, .level1, .build))
struct Lesson01Tests {
    /// Runs `body` on a new thread of `registry` and returns what it returns.
    static func onThread<T: Sendable>(_ registry: LoopRegistry, name: String = "asker", _ body: @escaping @Sendable () -> T) -> (T, ThreadID) {
        let result = Lock<(T, ThreadID)?>(nil)
        let thread = LoopThread(name: name, registry: registry) { result.withLock { $0 = (body(), ThreadID.current) } }
        try? thread.start()
        thread.join(timeout: 2)
        return result.withLock { $0! }
    }

    @Test("A thread gets the same loop every time it asks")
    func sameLoopEachTime() async throws {
        let same = try await Kata.attempt(lesson: 1) { () -> Bool in
            let registry = LoopRegistry(table: StudentLoopTable())
            return Self.onThread(registry) { Loop.current === Loop.current && Loop.current === Loop.current }.0
        }
        #expect(same, "asking twice gave two different loops: make the loop once per thread and remember it")
    }

    @Test("Two threads alive at the same time get two different loops")
    func twoThreadsTwoLoops() async throws {
        let different = try await Kata.attempt(lesson: 1) { () -> Bool in
            let registry = LoopRegistry(table: StudentLoopTable())
            let loops = LoopBox()
            let bothAsked = DispatchSemaphore(value: 0), release = DispatchSemaphore(value: 0)
            let threads = ["first", "second"].map { name in
                LoopThread(name: name, registry: registry) {
                    loops.hold(Loop.current)
                    bothAsked.signal()
                    release.wait()
                }
            }
            for thread in threads { try thread.start() }
            bothAsked.wait()
            bothAsked.wait()
            let seen = loops.loops
            release.signal()
            release.signal()
            for thread in threads { thread.join(timeout: 2) }
            return seen.count == 2 && seen[0] !== seen[1]
        }
        #expect(different, "two threads got the same loop: key the table by thread")
    }

    @Test("A thread that never asks has no loop; asking makes one")
    func lazyCreation() async throws {
        let (before, after) = try await Kata.attempt(lesson: 1) { () -> (Bool, Bool) in
            let registry = LoopRegistry(table: StudentLoopTable())
            let asked = DispatchSemaphore(value: 0), go = DispatchSemaphore(value: 0), checked = DispatchSemaphore(value: 0)
            let thread = LoopThread(name: "lazy", registry: registry) {
                go.wait()
                _ = Loop.current
                asked.signal()
                checked.wait()
            }
            try thread.start()
            let before = registry.existingLoop(for: thread.id!) != nil
            go.signal()
            asked.wait()
            let after = registry.existingLoop(for: thread.id!) != nil
            checked.signal()
            thread.join(timeout: 2)
            return (before, after)
        }
        #expect(!before, "the thread had a loop before it asked: make loops only on request (CF creates them lazily)")
        #expect(after, "after the thread asked, the table must know its loop (existingLoop(for:))")
    }

    @Test("When a thread exits, its loop is forgotten, torn down and freed")
    func goneWithTheThread() async throws {
        let (forgotten, freed, tornDown) = try await Kata.attempt(lesson: 1) { () -> (Bool, Bool, Bool) in
            let registry = LoopRegistry(table: StudentLoopTable())
            let watched = WeakLoopBox()
            let (_, id) = Self.onThread(registry) { watched.loop = Loop.current }
            let held = LoopBox()
            _ = Self.onThread(registry) { held.hold(Loop.current) }
            return (registry.existingLoop(for: id) == nil, watched.loop == nil, held.loops.first?.isTornDown == true)
        }
        #expect(forgotten, "the registry still knows the loop of a thread that exited: threadDidExit must forget it")
        #expect(tornDown, "the exited thread's loop was not torn down: threadDidExit must return it to the engine")
        #expect(freed, "the exited thread's loop is still alive: the table must not keep it")
    }

    @Test("The main loop is one loop, the same from every thread")
    func mainLoop() async throws {
        let (sameFromOthers, mainsOwn) = try await Kata.attempt(lesson: 1) { () -> (Bool, Bool) in
            let registry = LoopRegistry(table: StudentLoopTable())
            let mainsLoop = LoopBox()
            let ready = DispatchSemaphore(value: 0), done = DispatchSemaphore(value: 0)
            let main = LoopThread(name: "main", registry: registry, isMain: true) {
                mainsLoop.hold(Loop.current)
                ready.signal()
                done.wait()
            }
            try main.start()
            ready.wait()
            let fromA = Self.onThread(registry, name: "a") { registry.mainLoop.map(ObjectIdentifier.init) }.0
            let fromB = Self.onThread(registry, name: "b") { registry.mainLoop.map(ObjectIdentifier.init) }.0
            let own = mainsLoop.loops.first.map(ObjectIdentifier.init)
            done.signal()
            main.join(timeout: 2)
            return (fromA != nil && fromA == fromB, fromA == own)
        }
        #expect(sameFromOthers, "two threads asking for the main loop got different loops")
        #expect(mainsOwn, "the main loop must be the main thread's own loop")
    }
}

/// Keeps loops alive for the length of a test.
private final class LoopBox: @unchecked Sendable {
    private let lock = Lock<[Loop]>([])
    func hold(_ loop: Loop) { lock.withLock { $0.append(loop) } }
    var loops: [Loop] { lock.withLock { $0 } }
}

/// Watches a loop without keeping it alive (written by one thread, read after it was joined).
private final class WeakLoopBox: @unchecked Sendable {
    weak var loop: Loop?
}
