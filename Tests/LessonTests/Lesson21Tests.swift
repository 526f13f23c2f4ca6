import Foundation
import Testing

/// Lesson 21: the student's main-actor enqueue on a main loop, against the engine's, with real
/// tasks: `Task { @MainActor in }` made on the main thread, `await MainActor.run` from a task of
/// the global pool, a task that awaits and goes on later; the main loop on a thread of its own
/// and a virtual clock, a scroll's tracking mode, a private mode's nested run. The whole trace
/// is compared (the main queue's callouts, the blocks', the tasks' notes).
@Suite("Lesson 21 — The main actor's executor", .serialized, .tags(.lesson21, .level3, .build), .namedInChinese)
struct Lesson21Tests {
    typealias Act = ActorScenario.Act

    static func compare(_ steps: [ActorScenario.Step]) async throws -> (actual: [String], expected: [String]) {
        let actual = try await Harness.attempt(lesson: 21, timeout: 10) { try ActorScenario.trace(steps, StudentMainActorEnqueuing()) }
        let expected = try await offPool { try ActorScenario.trace(steps, ReferenceMainActorEnqueuing()) }
        return (actual, expected)
    }

    @Test(
        "Task { @MainActor in } made in a scroll's callout runs during the scroll, in the tracking mode",
        .zh("在滑动的回调里创建的 `Task { @MainActor in }` 在滑动期间执行，也就是在 tracking Mode 里"))
    func duringAScroll() async throws {
        let (actual, expected) = try await Self.compare([
            .timer("finger down", .default, after: 0, [.task("t1", []), .run(.tracking, 1)]),
            .run(.default, 2),
        ])
        Harness.expectSameLines(
            actual, expected,
            hint: Text(
                en:
                    "The job must run while the main loop runs the tracking mode: send it to the main queue (target.mainQueue.async(name: job.name) { job.run() }), which the main loop serves in every common mode. A run-loop block for the default mode waits for the scroll to end.",
                zh:
                    "job 必须在主线程 RunLoop 运行 tracking Mode 时执行：把它交给主队列（`target.mainQueue.async(name: job.name) { job.run() }`），主线程 RunLoop 在每个标记为 common 的 Mode 里都会处理主队列。排给 default Mode 的 RunLoop Block 要等滑动结束。"
            ))
    }

    @Test(
        "A private mode's nested run does not run the main actor's jobs: they wait for a common mode",
        .zh("私有 Mode 的嵌套运行不执行主 actor 的 job：它们要等一个标记为 common 的 Mode"))
    func notInAPrivateRun() async throws {
        let (actual, expected) = try await Self.compare([
            .timer("modal", .default, after: 0, [.task("t1", []), .mainAsync("m1", []), .run(.modal, 1)]),
            .run(.default, 2),
        ])
        Harness.expectSameLines(
            actual, expected,
            hint: Text(
                en:
                    "On iOS a job of the main actor is a main-queue block: it waits, like DispatchQueue.main.async's, while the main loop runs a mode that is not common. Not a block for every mode, not a thread of its own.",
                zh:
                    "在 iOS 上，主 actor 的 job 就是主队列里的一个 Block：主线程 RunLoop 运行非 common 的 Mode 时，它和 `DispatchQueue.main.async` 的 Block 一样要等。不是排给所有 Mode 的 Block，也不是单独开一个线程。"
            ))
    }

    @Test(
        "A task made on the main thread does not run at once: it waits behind the main queue's blocks, in order",
        .zh("在主线程上创建的 Task 不会立刻执行：它按顺序排在主队列已有的 Block 后面"))
    func inOrderNotAtOnce() async throws {
        let (actual, expected) = try await Self.compare([
            .outside([.mainAsync("m1", []), .task("t1", [.task("t2", [])]), .mainAsync("m2", []), .task("t3", [])]),
            .run(.default, 1),
        ])
        Harness.expectSameLines(
            actual, expected,
            hint: Text(
                en:
                    "Even on the main thread, enqueue never runs the job now: the caller goes on first (Task { } returns at once), and the job takes its turn on the main queue, behind what was queued before it, in the order the jobs came.",
                zh: "即使在主线程上，`enqueue` 也从不立刻执行 job：调用方先继续往下走（`Task { }` 立刻返回），job 在主队列上排队，排在它之前入队的任务后面，按 job 到来的顺序执行。"))
    }

    @Test(
        "await MainActor.run from another thread, and a task going on after an await, run on the main thread in their turn",
        .zh("从另一个线程 `await MainActor.run`，以及 `await` 之后继续的 Task，都按顺序在主线程上执行"))
    func fromAnotherThreadAndAfterAnAwait() async throws {
        let (actual, expected) = try await Self.compare([
            .outside([.task("t1", [.suspend("download")])]),
            .timer("reply", .common, after: 0.5, [.mainAsync("m1", []), .resume("t1"), .fromAnotherThread("w1", [.mainAsync("m2", [])])]),
            .timer("finger down", .default, after: 0.6, [.run(.tracking, 1)]),
            .run(.default, 3),
        ])
        Harness.expectSameLines(
            actual, expected,
            hint: Text(
                en:
                    "enqueue is called from other threads too (a task resuming after its await, MainActor.run from the pool): the job must still run on the main thread, on the one main queue, behind what is queued — not on the calling thread, and not on a queue of its own.",
                zh:
                    "`enqueue` 也会从别的线程调用（`await` 之后继续的 Task、线程池里的 `MainActor.run`）：job 仍然必须在主线程上、在唯一的主队列上、排在已入队的任务后面执行——不能在调用它的线程上，也不能在它自己的队列上。"
            ))
    }
}
