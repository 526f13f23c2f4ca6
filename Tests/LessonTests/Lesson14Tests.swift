import Dispatch
import Testing

/// Lesson 14: the student's main-queue servicing on a main loop (a thread of a registry of its
/// own, on a virtual clock), against the engine's own.

@Suite("Lesson 14 — Main queue on the main loop", .serialized, .tags(.lesson14, .level3, .build), .namedInChinese)
struct Lesson14Tests {
    static let filter: LoopTrace.Filter = [.callouts, .notes, .results]

    static func compare(_ scenario: @escaping @Sendable (Loop, MainQueue) throws -> Void) async throws -> (actual: Lines, expected: Lines) {
        let actual = try await Harness.attempt(lesson: 14) { try Harness.mainLoopLines(.reference.with(mainQueue: StudentMainQueue()), Self.filter, scenario) }
        let expected = try Harness.mainLoopLines(.reference, Self.filter, scenario)
        return (actual, expected)
    }

    // The notes the tests read back, in the student's language.
    static func firstOnTheMainThread(_ isMain: Bool) -> Text {
        Text(en: "first on the main thread: \(isMain)", zh: "`first` 在主线程上执行：\(isMain)")
    }
    static let backInDefault = Text(en: "back in the default mode", zh: "回到 default Mode")
    static let sourceTurn = Text(en: "a source gets its turn", zh: "事件源轮到了")

    @Test("Work sent to the main queue runs on the main loop, in order", .zh("发到主队列的任务在主线程 RunLoop 上按顺序执行"))
    func runsOnTheMainLoop() async throws {
        let (actual, expected) = try await Self.compare { loop, queue in
            queue.async(name: "first") { Loop.current.note(Self.firstOnTheMainThread(Loop.current.isMain)) }
            queue.async(name: "second") {}
            try loop.run(mode: .default, timeout: 1)
        }
        Harness.expectSameLines(
            actual, expected,
            hint: Text(
                en: "The default mode is common: service the main queue there, running each queued item in order with `item.run()`.",
                zh: "default Mode 是 common：在那里处理主队列，用 `item.run()` 按顺序执行排队的每一项。"))
        #expect(actual.contains { $0.hasSuffix(Self.firstOnTheMainThread(true).localized) })
    }

    @Test("In a private mode the main queue waits", .zh("在私有 Mode 里，主队列要等着"))
    func privateModeWaits() async throws {
        let (actual, expected) = try await Self.compare { loop, queue in
            try loop.add(Loop.Port(name: "modal events"), forMode: "modal")
            queue.async(name: "work") {}
            try loop.run(mode: "modal", timeout: 1)
            loop.note(Self.backInDefault)
            try loop.run(mode: .default, timeout: 1)
        }
        Harness.expectSameLines(
            actual, expected,
            hint: Text(
                en: "Only common modes service the main queue: in \"modal\" (not common) the work must wait.",
                zh: "只有标记为 common 的 Mode 才处理主队列：在 `\"modal\"`（不是 common）里，任务必须等着。"))
        let work = actual.firstIndex { $0.contains("main queue") } ?? 0
        let back = actual.firstIndex { $0.hasSuffix(Self.backInDefault.localized) } ?? Int.max
        #expect(
            work > back,
            Text(en: "the main-queue work must wait until the loop is back in a common mode", zh: "主队列的任务必须等到 RunLoop 回到一个标记为 common 的 Mode 才执行").comment)
    }

    @Test(
        "Main-queue work runs in every common mode: during a scroll, and in a mode marked common later",
        .zh("主队列任务在每个标记为 common 的 Mode 里都会执行：滑动期间，以及后来才标记为 common 的 Mode 里"))
    func everyCommonMode() async throws {
        let (actual, expected) = try await Self.compare { loop, queue in
            loop.addCommonMode(.tracking)   // UIKit marks the tracking mode common
            queue.async(name: "update during the scroll") {}
            let scroll = try loop.run(mode: .tracking, timeout: 1, returnAfterSourceHandled: true)
            loop.note("tracking: \(scroll)")
            loop.addCommonMode("modal")
            queue.async(name: "update during the modal") {}
            let modal = try loop.run(mode: "modal", timeout: 1, returnAfterSourceHandled: true)
            loop.note(Text(en: "modal, marked common: \(modal)", zh: "`modal`，已标为 common：\(modal)"))
        }
        Harness.expectSameLines(
            actual, expected,
            hint: Text(
                en: "Not just the default mode: every mode in `commonModes` — tracking while the user scrolls, and any mode marked common later.",
                zh: "不只是 default Mode：`commonModes` 里的每一个 Mode——用户滑动时的 tracking，以及后来才标记为 common 的任何 Mode。"))
        #expect(actual.contains { $0.contains("tracking") && $0.contains("update during the scroll") })
        #expect(actual.contains { $0.contains("modal") && $0.contains("update during the modal") })
    }

    @Test("The main queue keeps the main loop's common modes from ever being empty", .zh("有主队列在，主线程 RunLoop 的标记为 common 的 Mode 永远不会是空的"))
    func neverEmpty() async throws {
        let (actual, expected) = try await Self.compare { loop, _ in
            let common = try loop.run(mode: .default, timeout: 1)
            loop.note(Text(en: "default (common), nothing in it: \(common)", zh: "default（common），里面什么都没有：\(common)"))
            let other = try loop.run(mode: "private", timeout: 1)
            loop.note(Text(en: "private, nothing in it: \(other)", zh: "`private`，里面什么都没有：\(other)"))
        }
        Harness.expectSameLines(
            actual, expected,
            hint: Text(
                en:
                    "On the main loop a common mode always has the main queue to wait for: running it does not return 'finished' at once, even with nothing else in it.",
                zh: "在主线程 RunLoop 上，标记为 common 的 Mode 里总有主队列可等：即使里面别的什么都没有，运行它也不会立即返回 `finished`。"))
    }

    @Test("Work queued while the queue is serviced waits for the next service", .zh("处理队列期间新排进来的任务，要等下一次处理"))
    func snapshot() async throws {
        let (actual, expected) = try await Self.compare { loop, queue in
            let source = Loop.Source(name: "touch") { Loop.current.note(Self.sourceTurn) }
            try loop.add(source, forMode: .default)
            queue.async(name: "A") {
                queue.async(name: "B (queued by A)") {}
                source.signal()
            }
            queue.async(name: "C (queued with A)") {}
            try loop.run(mode: .default, timeout: 1)
        }
        Harness.expectSameLines(
            actual, expected,
            hint: Text(
                en:
                    "Take what is queued when the service starts (`takeAll()`) and run all of it: A and C together; B, queued by A, waits for the next service, so the source signalled meanwhile runs first.",
                zh: "处理开始时，把当时排着的任务全部取出来（`takeAll()`）并全部执行：A 和 C 一起执行；B 是 A 排进来的，要等下一次处理，所以期间被标记的事件源先执行。"))
        let order = actual.filter { $0.contains("main queue") || $0.hasSuffix(Self.sourceTurn.localized) }.map {
            $0.hasSuffix(Self.sourceTurn.localized) ? "source" : String($0.split(separator: "\"")[1].prefix(1))
        }
        #expect(order == ["A", "C", "source", "B"], Text(en: "order of the work: \(order)", zh: "任务的执行顺序：\(order)").comment)
    }

    @Test("One service runs everything queued when it starts, however much that is", .zh("一次处理执行开始时排着的全部任务，不管有多少"))
    func wholeSnapshot() async throws {
        let (actual, expected) = try await Self.compare { loop, queue in
            let source = Loop.Source(name: "touch") { Loop.current.note(Text(en: "the source signalled by A", zh: "A 标记的事件源")) }
            try loop.add(source, forMode: .default)
            queue.async(name: "A") { source.signal() }
            for name in ["B", "C", "D", "E"] { queue.async(name: name) {} }
            try loop.run(mode: .default, timeout: 1)
        }
        Harness.expectSameLines(
            actual, expected,
            hint: Text(
                en:
                    "A service takes everything queued at that moment (`queue.takeAll()`) and runs all of it, in order — five items here, not one or two: the source that A signalled gets its turn only after E.",
                zh: "一次处理把那一刻排着的任务全部取出来（`queue.takeAll()`），按顺序全部执行——这里是五项，不是一两项：A 标记的事件源要到 E 之后才轮到。"))
    }

    @Test("Main-queue work sent from another thread wakes the sleeping main loop", .zh("从别的线程发来的主队列任务会唤醒休眠中的主线程 RunLoop"))
    func wakesFromAnotherThread() async throws {
        let ran = try await Harness.attempt(lesson: 14, timeout: 4) { () -> Bool in
            let registry = LoopRegistry(mechanisms: .reference.with(mainQueue: StudentMainQueue()))
            let done = DispatchSemaphore(value: 0)
            let sleeping = DispatchSemaphore(value: 0)
            let main = LoopThread(name: "main", registry: registry, isMain: true) {
                let loop = Loop.current
                try? loop.add(Loop.Observer(activities: .beforeWaiting, repeats: false) { _ in sleeping.signal() }, forMode: .default)
                _ = try? loop.run(mode: .default, timeout: 2, returnAfterSourceHandled: true)
            }
            try main.start()
            _ = sleeping.wait(timeout: .now() + 1)
            registry.mainQueue.async { done.signal() }
            let ran = done.wait(timeout: .now() + 1) == .success
            main.join(timeout: 3)
            return ran
        }
        #expect(
            ran,
            Text(en: "work sent to the main queue from another thread did not run on the sleeping main loop", zh: "从别的线程发到主队列的任务，没有在休眠中的主线程 RunLoop 上执行")
                .comment)
    }
}
