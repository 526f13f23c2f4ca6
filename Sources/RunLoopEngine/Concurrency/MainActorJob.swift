/// One job of the main actor: a piece of a task, from one suspension point to the next, to run
/// on the main loop's thread. Swift runtime: `ExecutorJob` (`swift::Job`), held as an
/// `UnownedJob`; libdispatch runs it with `dispatch_async_f`'s function, here ``run()``.
///
/// A job runs once. The executor names it in the order the runtime enqueued it (`job 1`,
/// `job 2`, …), so a trace shows which job a callout ran.
public struct MainActorJob: Sendable {
    /// `job N`: the Nth job its executor was given.
    public let name: String
    let job: UnownedJob
    let executor: UnownedSerialExecutor

    /// Runs the job on the calling thread, as a job of the main loop's actor: until the task
    /// ends or suspends again. Swift: `UnownedJob.runSynchronously(on:)` (`swift_job_run`).
    public func run() {
        job.runSynchronously(on: executor)
    }
}

/// Where a main-actor job can be sent: the main loop's main queue, the main loop itself, and
/// whether the caller is on the main thread. What libdispatch's main queue and
/// `pthread_main_np()` give the Swift runtime on Apple platforms.
public struct MainActorTarget: Sendable {
    let registry: LoopRegistry

    /// The main queue the main loop services in its common modes. Dispatch: `DispatchQueue.main`.
    public var mainQueue: MainQueue { registry.mainQueue }
    /// The main loop (nil while the registry has no main thread). CF: `CFRunLoopGetMain`.
    public var mainLoop: Loop? { registry.mainLoop }
    /// Whether the calling thread is the main loop's thread. Foundation: `Thread.isMainThread`.
    public var isMainThread: Bool { registry.mainThread == ThreadID.current }
}

/// How the main actor's executor hands a job to the main thread. Swift runtime:
/// `swift_task_enqueueMainExecutor`, which on Apple platforms is
/// `dispatch_async_f(dispatch_get_main_queue(), job, …)`.
///
/// **Lesson 21 writes this.** ``enqueue(_:to:)``: send the job to the main queue, so that the main
/// loop runs it in every common mode (a scroll's tracking mode too), in the order the jobs came,
/// between the main queue's other blocks, and neither while the main loop runs a private mode nor
/// in a run nested inside another main-queue block.
public protocol MainActorEnqueuing: Sendable {
    /// Sends `job` to run later on the main thread (never now, never twice).
    func enqueue(_ job: MainActorJob, to target: MainActorTarget)
}

/// The engine's own: every job goes to the main queue.
public struct ReferenceMainActorEnqueuing: MainActorEnqueuing {
    public init() {}

    public func enqueue(_ job: MainActorJob, to target: MainActorTarget) {
        target.mainQueue.async(name: job.name) { job.run() }
    }
}
