import Foundation

/// Lesson 21's scenarios: a main loop on a virtual clock, with an actor on it whose executor
/// enqueues as the student's (or the engine's) code says; real tasks made on it as
/// `Task { @MainActor in … }` is, `await MainActor.run` from a task of the global pool, tasks that
/// await work finished later, beside main-queue blocks, run-loop blocks, timers and nested runs
/// of a scroll's tracking mode and of a private mode. What each piece of code does is noted in the
/// trace, with "off the main thread" when it ran anywhere but on the main loop's thread.
///
/// Every job the runtime enqueues is enqueued while the loop's thread waits for it (a task made
/// on the loop thread is enqueued at once; an `await` from another thread, or a task resuming
/// after its wait, is waited for, at most 5 s), so a trace is the same every time.
enum ActorScenario {
    typealias Place = LoopScenario.Place

    /// What a piece of code does.
    indirect enum Act: Sendable, CustomStringConvertible, PracticeStep {
        /// `Task { @MainActor in … }`: a task on the actor, doing these acts.
        case task(String, [Act])
        /// `DispatchQueue.main.async { … }`.
        case mainAsync(String, [Act])
        /// A task of the global pool calls `await MainActor.run { … }`.
        case fromAnotherThread(String, [Act])
        /// In a task: awaits work that ends when something resumes it (`resume`).
        case suspend(String)
        /// The work the task of that name awaits is done: the task is queued to go on.
        case resume(String)
        /// `RunLoop.main.perform(inModes:)`.
        case perform(String, Place, [Act])
        /// Runs the main loop nested in this mode for so long (tracking: a scroll; modal: a private mode).
        case run(Place, Double)

        var description: String { text.en }

        var text: Text {
            switch self {
            case .task(let name, let acts): Self.with(Text(en: "Task { @MainActor in } \(name)", zh: "`Task { @MainActor in }` \(name)"), acts)
            case .mainAsync(let name, let acts): Self.with(Text(en: "DispatchQueue.main.async \(name)", zh: "`DispatchQueue.main.async` \(name)"), acts)
            case .fromAnotherThread(let name, let acts):
                Self.with(Text(en: "from another thread: await MainActor.run \(name)", zh: "从另一个线程：`await MainActor.run` \(name)"), acts)
            case .suspend(let name): Text(en: "await work \(name)", zh: "`await` 任务 \(name)")
            case .resume(let name): Text(en: "finish the work \(name) awaits", zh: "让 \(name) 等待的任务完成")
            case .perform(let name, let place, let acts):
                Self.with(Text(en: "RunLoop.main.perform(inModes: [\(place)]) \(name)", zh: "`RunLoop.main.perform(inModes: [\(place)])` \(name)"), acts)
            case .run(let place, let seconds):
                Text(en: "run \(place) for \(PracticeText.seconds(seconds).en)", zh: "运行 \(place) \(PracticeText.seconds(seconds).zh)")
            }
        }

        static func with(_ text: Text, _ acts: [Act]) -> Text {
            guard !acts.isEmpty else { return text }
            return Text(
                en: text.en + " { " + acts.map(\.text.en).joined(separator: "; ") + " }",
                zh: text.zh + " { " + acts.map(\.text.zh).joined(separator: "；") + " }")
        }
    }

    /// One step on the main thread.
    enum Step: Sendable, CustomStringConvertible, PracticeStep {
        /// Marks the mode common.
        case markCommon(Place)
        /// A one-shot timer in this place, due after so long, doing these acts.
        case timer(String, Place, after: Double, [Act])
        /// Code on the main thread between runs (a button's action).
        case outside([Act])
        /// Runs the main loop in this mode for so long.
        case run(Place, Double)

        var description: String { text.en }

        var text: Text {
            switch self {
            case .markCommon(let place): Text(en: "mark \(place) common", zh: "把 \(place) 标为 common")
            case .timer(let name, let place, let after, let acts):
                Act.with(
                    Text(
                        en: "timer \(name) in \(place) after \(PracticeText.seconds(after).en)",
                        zh: "\(place) 里的定时器 \(name)，\(PracticeText.seconds(after).zh)后"), acts)
            case .outside(let acts): Act.with(Text(en: "on the main thread:", zh: "在主线程上："), acts)
            case .run(let place, let seconds):
                Text(en: "run \(place) for \(PracticeText.seconds(seconds).en)", zh: "运行 \(place) \(PracticeText.seconds(seconds).zh)")
            }
        }
    }

    /// The trace of `steps` on a fresh main loop (tracking marked common, as UIKit does; a port
    /// keeps the private mode "modal" alive) whose actor enqueues with `enqueuing`.
    static func trace(_ steps: [Step], _ enqueuing: any MainActorEnqueuing, _ filter: LoopTrace.Filter = .all) throws -> [String] {
        let registry = LoopRegistry(clock: VirtualClock())
        let actor = MainLoopActor(executor: MainLoopExecutor(registry: registry, enqueuing: enqueuing))
        let lines = Lock<Result<[String], any Error>?>(nil)
        let main = LoopThread(name: "main", registry: registry, isMain: true) {
            let loop = Loop.current
            loop.passLimit = 10_000
            loop.addCommonMode(.tracking)
            let outcome = Result { () throws -> [String] in
                try loop.add(Loop.Port(name: "keeps modal alive"), forMode: Place.modal.mode)
                let trace = loop.startTracing()
                let world = World(loop: loop, registry: registry, actor: actor)
                for step in steps { try world.perform(step) }
                return trace.lines(filter)
            }
            lines.withLock { $0 = outcome }
        }
        try main.start()
        main.join(timeout: 5)
        guard let outcome = lines.withLock({ $0 }) else { return ["(the main thread did not finish within 5 s)"] }
        return try outcome.get()
    }

    /// Where the scenarios' code off the actor runs (a task's start on another thread, a task
    /// going on after its await, before it hops back): a dispatch queue of its own, never a
    /// thread of Swift Testing's pool, which other suites keep busy. Swift: `TaskExecutor`.
    final class BackgroundExecutor: TaskExecutor {
        let queue = DispatchQueue(label: "lesson 21 background")

        func enqueue(_ job: consuming ExecutorJob) {
            let job = UnownedJob(job)
            queue.async { job.runSynchronously(on: self.asUnownedTaskExecutor()) }
        }
    }

    static let background = BackgroundExecutor()

    /// The scenario's loop, actor and waiting tasks.
    final class World: Sendable {
        let loop: Loop
        let registry: LoopRegistry
        let actor: MainLoopActor
        /// Each task's awaits, oldest first, by the task's name: a place taken on the actor as
        /// the task suspends, filled with its continuation a moment later on the background queue.
        private let waiting = Lock<[String: [Lock<UnsafeContinuation<Void, Never>?>]]>([:])

        init(loop: Loop, registry: LoopRegistry, actor: MainLoopActor) {
            self.loop = loop
            self.registry = registry
            self.actor = actor
        }

        func perform(_ step: Step) throws {
            switch step {
            case .markCommon(let place):
                if place != .common { loop.addCommonMode(place.mode) }
            case .timer(let name, let place, let after, let acts):
                try loop.add(try Loop.Timer(name: name, fireDate: loop.now + after) { _ in self.outside(acts, by: name) }, forMode: place.mode)
            case .outside(let acts):
                outside(acts, by: "main thread")
            case .run(let place, let seconds):
                let result = try loop.run(mode: place.mode, timeout: seconds)
                loop.note(Note.returned("run(\(place))", result))
            }
        }

        /// A note in the main loop's trace, saying so when it was written off the main thread.
        func note(_ text: Text) {
            guard registry.mainThread == ThreadID.current else {
                loop.note(Text(en: "off the main thread: " + text.en, zh: "不在主线程上：" + text.zh))
                return
            }
            loop.note(text)
        }

        /// Acts of code on the main thread outside the actor's jobs (a callout, a block, a
        /// button's action): the actor is assumed there, as `MainActor.assumeIsolated` is.
        func outside(_ acts: [Act], by name: String) {
            guard registry.mainThread == ThreadID.current else {
                note(Text(en: "\(name) cannot act here", zh: "\(name) 在这里不能执行"))
                return
            }
            actor.assumeIsolated { actor in self.inside(acts, by: name, on: actor) }
        }

        /// Acts of code isolated to the actor.
        func inside(_ acts: [Act], by name: String, on actor: isolated MainLoopActor) {
            for act in acts { self.act(act, by: name, on: actor) }
        }

        /// A task's body: its acts, awaiting where it says so.
        func task(_ name: String, _ acts: [Act], on actor: isolated MainLoopActor) async {
            note(Text(en: "task \(name) runs", zh: "Task \(name) 开始执行"))
            for act in acts {
                guard case .suspend(let work) = act else {
                    self.act(act, by: name, on: actor)
                    continue
                }
                note(Text(en: "\(name) awaits \(work)", zh: "\(name) 等待 \(work)"))
                let place = Lock<UnsafeContinuation<Void, Never>?>(nil)
                waiting.withLock { $0[name, default: []].append(place) }
                await withTaskExecutorPreference(ActorScenario.background) {
                    await withUnsafeContinuation { continuation in place.withLock { $0 = continuation } }
                }
                note(Text(en: "\(name) goes on after \(work)", zh: "\(name) 在 \(work) 之后继续"))
            }
        }

        /// Waits until the runtime has given the actor's executor `count` jobs (at most 5 s).
        func awaitEnqueued(_ count: Int) {
            _ = untilBlocking(5, every: 0.0002) { actor.executor.enqueuedCount >= count }
        }

        func act(_ act: Act, by name: String, on actor: isolated MainLoopActor) {
            switch act {
            case .task(let task, let acts):
                Task { await self.task(task, acts, on: actor) }
            case .mainAsync(let work, let acts):
                registry.mainQueue.async(name: work) { self.outside(acts, by: work) }
            case .fromAnotherThread(let work, let acts):
                let expected = actor.executor.enqueuedCount + 1
                Task.detached(executorPreference: ActorScenario.background) {
                    await actor.run { actor in
                        self.note(Text(en: "\(work) runs on the actor", zh: "\(work) 在这个 actor 上执行"))
                        self.inside(acts, by: work, on: actor)
                    }
                }
                awaitEnqueued(expected)
            case .suspend:
                break
            case .resume(let task):
                let place = waiting.withLock { waiting -> Lock<UnsafeContinuation<Void, Never>?>? in
                    guard let places = waiting[task], !places.isEmpty else { return nil }
                    return waiting[task]?.removeFirst()
                }
                guard let place, untilBlocking(5, every: 0.0002, { place.withLock { $0 != nil } }),
                    let continuation = place.withLock({ $0 })
                else {
                    note(Text(en: "\(name): no task \(task) is waiting", zh: "\(name)：没有 Task \(task) 在等待"))
                    return
                }
                let expected = actor.executor.enqueuedCount + 1
                continuation.resume()
                awaitEnqueued(expected)
                note(Text(en: "\(name) finished the work \(task) awaits", zh: "\(name) 完成了 \(task) 等待的任务"))
            case .perform(let block, let place, let acts):
                loop.perform(inModes: [place.mode], name: block) { self.outside(acts, by: block) }
            case .run(let place, let seconds):
                let result = (try? loop.run(mode: place.mode, timeout: seconds)).map { "\($0)" } ?? "refused"
                note(Text(en: "\(name): nested run in \(place) → \(result)", zh: "\(name)：在 \(place) 里嵌套运行 → \(result)"))
            }
        }
    }
}
