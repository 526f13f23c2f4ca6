import Dispatch
import Testing

/// Lesson 01: each scenario runs twice on real threads (short waits only) — on a registry with
/// the student's table and on one with the engine's `ReferenceLoopTable` — and the two stories
/// must match line for line.

@Suite("Lesson 01 — One loop per thread", .serialized, .tags(.lesson01, .level1, .build), .namedInChinese)
struct Lesson01Tests {
    /// Runs `scenario` on a registry with the student's table (inside `Harness.attempt`) and on one
    /// with the reference table; returns both stories.
    static func stories(_ scenario: @escaping @Sendable (LoopRegistry) throws -> [String]) async throws -> (actual: [String], expected: [String]) {
        let actual = try await Harness.attempt(lesson: 1) { try scenario(LoopRegistry(table: StudentLoopTable())) }
        let expected = try await Harness.attempt(lesson: 1) { try scenario(LoopRegistry(table: ReferenceLoopTable())) }
        return (actual, expected)
    }

    @Test("A thread gets the same loop every time it asks", .zh("同一个线程每次获取都拿到同一个 RunLoop"))
    func sameLoopEachTime() async throws {
        let (actual, expected) = try await Self.stories { registry in
            let names = LoopNames()
            let a = try Resident(registry, name: "a")
            defer { a.leave() }
            return ["a asks: \(names[a.ask()])", "a asks again: \(names[a.ask()])", "a asks a third time: \(names[a.ask()])"]
        }
        Harness.expectSameLines(
            actual, expected,
            hint: Text(
                en: "loop(for:makeLoop:) must return the loop the thread already has; call makeLoop() only the first time, and remember what it made.",
                zh: "`loop(for:makeLoop:)` 必须返回该线程已经有的 RunLoop；只在第一次调用 `makeLoop()`，并把它创建的 RunLoop 记下来。"))
        #expect(expected == ["a asks: loop 1", "a asks again: loop 1", "a asks a third time: loop 1"])
    }

    @Test("Two threads alive at the same time get two different loops", .zh("同时存活的两个线程拿到两个不同的 RunLoop"))
    func twoThreadsTwoLoops() async throws {
        let (actual, expected) = try await Self.stories { registry in
            let names = LoopNames()
            let a = try Resident(registry, name: "a"), b = try Resident(registry, name: "b")
            defer { a.leave(); b.leave() }
            return [
                "a asks: \(names[a.ask()])", "b asks: \(names[b.ask()])",
                "a asks again: \(names[a.ask()])", "b asks again: \(names[b.ask()])",
            ]
        }
        Harness.expectSameLines(
            actual, expected,
            hint: Text(
                en: "one loop per thread: key the table by the thread (a dictionary [ThreadID: Loop]), not one loop for everyone.",
                zh: "每个线程一个 RunLoop：表要以线程为键（一个 `[ThreadID: Loop]` 字典），而不是所有线程共用一个 RunLoop。"))
        #expect(expected == ["a asks: loop 1", "b asks: loop 2", "a asks again: loop 1", "b asks again: loop 2"])
    }

    @Test("A thread that never asks has no loop; asking makes one", .zh("从没获取过的线程没有 RunLoop；获取时才创建"))
    func lazyCreation() async throws {
        let (actual, expected) = try await Self.stories { registry in
            let names = LoopNames()
            let a = try Resident(registry, name: "a"), b = try Resident(registry, name: "b")
            defer { a.leave(); b.leave() }
            var story = ["a, before it asks: \(names[registry.existingLoop(for: a.id)])"]
            story.append("a asks: \(names[a.ask()])")
            story.append("a, after it asked: \(names[registry.existingLoop(for: a.id)])")
            story.append("b, which never asks: \(names[registry.existingLoop(for: b.id)])")
            return story
        }
        Harness.expectSameLines(
            actual, expected,
            hint: Text(
                en:
                    "make a loop only in loop(for:makeLoop:), by calling makeLoop() when the thread has none; existingLoop(for:) only looks (CF makes loops lazily).",
                zh: "只在 `loop(for:makeLoop:)` 里创建 RunLoop：线程还没有时才调用 `makeLoop()`；`existingLoop(for:)` 只查不建（Core Foundation 的 RunLoop 是懒创建的）。"))
        #expect(expected == ["a, before it asks: no loop", "a asks: loop 1", "a, after it asked: loop 1", "b, which never asks: no loop"])
    }

    @Test("When a thread exits, its loop is forgotten, torn down and freed", .zh("线程退出时，它的 RunLoop 被忘掉、销毁并释放"))
    func goneWithTheThread() async throws {
        let (actual, expected) = try await Self.stories { registry in
            let a = try Resident(registry, name: "a"), b = try Resident(registry, name: "b")
            let watched = WeakLoop()
            watched.loop = a.ask()   // watched without keeping it alive
            let bLoop = b.ask()   // kept, to look at after b exits
            a.leave()
            b.leave()
            return [
                "after a exits, the registry has \(registry.existingLoop(for: a.id) == nil ? "no loop" : "a loop") for a",
                "a's loop is \(watched.loop == nil ? "freed" : "still alive")",
                "b's loop is \(bLoop?.isTornDown == true ? "torn down" : "not torn down") after b exits",
            ]
        }
        Harness.expectSameLines(
            actual, expected,
            hint: Text(
                en:
                    "threadDidExit(_:) must remove the thread's entry and return the loop it held: the engine tears down what you return, and a loop the table keeps is never freed.",
                zh: "`threadDidExit(_:)` 必须删掉该线程的条目，并返回它持有的 RunLoop：引擎会销毁你返回的 RunLoop，而表里一直留着的 RunLoop 永远不会被释放。"))
        #expect(expected == ["after a exits, the registry has no loop for a", "a's loop is freed", "b's loop is torn down after b exits"])
    }

    @Test("A thread that exits right after it asked leaves nothing behind, however recent its question", .zh("刚获取完就退出的线程也不留下任何东西，哪怕它是最近一个来获取的"))
    func lastToAskExits() async throws {
        let (actual, expected) = try await Self.stories { registry in
            let names = LoopNames()
            let a = try Resident(registry, name: "a"), b = try Resident(registry, name: "b")
            defer { b.leave() }
            var story = ["b asks: \(names[b.ask()])"]
            let watched = WeakLoop()
            watched.loop = a.ask()   // a is the last thread to ask…
            story.append("a asks, and exits at once")
            a.leave()   // …and exits before anyone else asks
            story += [
                "after a exits, the registry has \(registry.existingLoop(for: a.id) == nil ? "no loop" : "a loop") for a",
                "a's loop is \(watched.loop == nil ? "freed" : "still alive")",
                "b asks again: \(names[b.ask()])",
            ]
            return story
        }
        Harness.expectSameLines(
            actual, expected,
            hint: Text(
                en: """
                    threadDidExit(_:) must leave no trace of the thread. Anything else that keeps its loop — a cache \
                    of the last answer, say — must forget it too, or the registry still answers a loop for a thread \
                    that is gone, and that loop is never freed.
                    """,
                zh: """
                    `threadDidExit(_:)` 必须把这个线程的痕迹清理干净。其他任何留着它的 RunLoop 的地方——比如缓存了上一次的结果——\
                    也都要忘掉它，否则线程已经不在了，`LoopRegistry` 还会给它返回一个 RunLoop，而这个 RunLoop 永远不会被释放。
                    """))
        #expect(
            expected == [
                "b asks: loop 1", "a asks, and exits at once", "after a exits, the registry has no loop for a",
                "a's loop is freed", "b asks again: loop 1",
            ])
    }

    @Test("A thread that exits takes only its own loop with it", .zh("线程退出时只带走它自己的 RunLoop"))
    func othersKeepTheirLoops() async throws {
        let (actual, expected) = try await Self.stories { registry in
            let names = LoopNames()
            let a = try Resident(registry, name: "a"), b = try Resident(registry, name: "b")
            defer { b.leave() }
            let story = ["a asks: \(names[a.ask()])", "b asks: \(names[b.ask()])"]
            a.leave()
            let bLoop = registry.existingLoop(for: b.id)
            return story + [
                "after a exits, the registry's loop for b: \(names[bLoop])",
                "b's loop is \(bLoop?.isTornDown == true ? "torn down" : "not torn down")",
                "b asks again: \(names[b.ask()])",
            ]
        }
        Harness.expectSameLines(
            actual, expected,
            hint: Text(
                en: "threadDidExit(_:) removes one entry — the exiting thread's — and returns that thread's loop only.",
                zh: "`threadDidExit(_:)` 只删一个条目——正在退出的那个线程的——并且只返回那个线程的 RunLoop。"))
        #expect(
            expected == [
                "a asks: loop 1", "b asks: loop 2", "after a exits, the registry's loop for b: loop 2",
                "b's loop is not torn down", "b asks again: loop 2",
            ])
    }

    @Test("The main loop is one loop, the same from every thread, and it is the main thread's own", .zh("主 RunLoop 只有一个，从哪个线程拿到的都是它，而且它就是主线程自己的 RunLoop"))
    func mainLoop() async throws {
        let (actual, expected) = try await Self.stories { registry in
            let names = LoopNames()
            let main = try Resident(registry, name: "main", isMain: true)
            let a = try Resident(registry, name: "a"), b = try Resident(registry, name: "b")
            defer { main.leave(); a.leave(); b.leave() }
            return [
                "a asks for the main loop: \(names[a.askForTheMainLoop()])",
                "b asks for the main loop: \(names[b.askForTheMainLoop()])",
                "the main thread asks for its loop: \(names[main.ask()])",
                "a, which asked only for the main loop: \(names[registry.existingLoop(for: a.id)])",
            ]
        }
        Harness.expectSameLines(
            actual, expected,
            hint: Text(
                en:
                    "the main loop is the main thread's entry in the same table: loop(for: mainThread, makeLoop:) from any thread makes it once, and the main thread gets that one.",
                zh: "主 RunLoop 就是同一张表里主线程的那个条目：无论从哪个线程调用 `loop(for: mainThread, makeLoop:)`，都只创建一次，主线程拿到的也是这一个。"))
        #expect(
            expected == [
                "a asks for the main loop: loop 1", "b asks for the main loop: loop 1",
                "the main thread asks for its loop: loop 1", "a, which asked only for the main loop: no loop",
            ])
    }
}

/// A thread of a registry that asks for its loop when told to, and exits when told to.
final class Resident: Sendable {
    private enum Order { case askForMyLoop, askForTheMainLoop, lookUp(ThreadID), leave }

    let thread: LoopThread
    private let orders = DispatchSemaphore(value: 0), answers = DispatchSemaphore(value: 0)
    private let order = Lock(Order.leave)
    private let answer = Lock<Loop?>(nil)

    init(_ registry: LoopRegistry, name: String, isMain: Bool = false) throws {
        let (orders, answers, order, answer) = (orders, answers, order, answer)
        thread = LoopThread(name: name, registry: registry, isMain: isMain) {
            while orders.wait(timeout: .now() + 5) == .success {
                switch order.withLock({ $0 }) {
                case .askForMyLoop: answer.withLock { $0 = Loop.current }
                case .askForTheMainLoop: answer.withLock { $0 = registry.mainLoop }
                case .lookUp(let thread): answer.withLock { $0 = registry.existingLoop(for: thread) }
                case .leave: return
                }
                answers.signal()
            }
        }
        try thread.start()
    }

    /// The thread's identity (started in init).
    var id: ThreadID { thread.id! }

    /// The thread asks for its own loop (`Loop.current`); returns what it got.
    func ask() -> Loop? { command(.askForMyLoop) }

    /// The thread asks the registry for the main loop; returns what it got.
    func askForTheMainLoop() -> Loop? { command(.askForTheMainLoop) }

    /// The thread looks up `thread`'s loop without making one; returns what it got.
    func lookUp(_ thread: ThreadID) -> Loop? { command(.lookUp(thread)) }

    private func command(_ what: Order) -> Loop? {
        order.withLock { $0 = what }
        orders.signal()
        guard answers.wait(timeout: .now() + 2) == .success else { return nil }
        return answer.withLock { answer in
            defer { answer = nil }   // hold no loop here: the freed-loop test watches one
            return answer
        }
    }

    /// The thread exits; waits for it (briefly).
    func leave() {
        guard !thread.isFinished else { return }
        order.withLock { $0 = .leave }
        orders.signal()
        thread.join(timeout: 2)
    }
}

/// Names loops by first appearance — "loop 1", "loop 2"… — so two runs of a story compare.
/// Only for loops that stay alive while named (an address can be reused once a loop is freed).
private final class LoopNames: Sendable {
    private let seen = Lock<[ObjectIdentifier]>([])

    subscript(loop: Loop?) -> String {
        guard let loop else { return "no loop" }
        let id = ObjectIdentifier(loop)
        return seen.withLock { seen in
            if let index = seen.firstIndex(of: id) { return "loop \(index + 1)" }
            seen.append(id)
            return "loop \(seen.count)"
        }
    }
}

/// Watches a loop without keeping it alive.
private final class WeakLoop: @unchecked Sendable {
    // @unchecked: written and read by one thread (the scenario's).
    weak var loop: Loop?
}
