/// The serial executor of an actor that lives on a registry's main loop, as the main actor lives
/// on the main run loop. Swift runtime: `MainActor`'s executor (`swift_task_enqueueMainExecutor`,
/// `swift_task_checkIsolated` → `dispatch_assert_queue(dispatch_get_main_queue())`).
///
/// The runtime gives it each job of the actor (``enqueue(_:)``); it names the job and hands it to
/// its ``MainActorEnqueuing`` (lesson 21's seam), which on Apple platforms sends it to the main
/// queue. Its isolation check knows the main loop's thread: code that runs there outside any job
/// (a main-queue block, a timer's callout) may `assumeIsolated` the actor, as code in a
/// `DispatchQueue.main.async` block may assume the main actor.
///
/// On Swift 6.1 the runtime asks ``checkIsolated()`` (SE-0424); the non-trapping
/// `isIsolatingCurrentContext()` of Swift 6.2 is not used, ``isOnMainLoopThread`` answers the same.
public final class MainLoopExecutor: SerialExecutor, @unchecked Sendable {
    // @unchecked: the mutable values, the two counts, live in Locks.

    /// The registry whose main loop runs the jobs.
    public let registry: LoopRegistry
    let enqueuing: any MainActorEnqueuing
    private let named = Lock(0)
    private let handedOver = Lock(0)

    public init(registry: LoopRegistry = .shared, enqueuing: any MainActorEnqueuing = ReferenceMainActorEnqueuing()) {
        self.registry = registry
        self.enqueuing = enqueuing
    }

    /// How many jobs this executor has handed to its ``MainActorEnqueuing`` so far (each counted
    /// once its `enqueue(_:to:)` returned: a job counted is on its way, the main queue say).
    public var enqueuedCount: Int { handedOver.withLock { $0 } }

    /// A job of the actor, from the runtime: a new task, or a task resuming on the actor.
    /// Swift: `SerialExecutor.enqueue(_:)`.
    public func enqueue(_ job: consuming ExecutorJob) {
        let number = named.withLock { count in
            count += 1
            return count
        }
        let job = MainActorJob(name: "job \(number)", job: UnownedJob(job), executor: asUnownedSerialExecutor())
        enqueuing.enqueue(job, to: MainActorTarget(registry: registry))
        handedOver.withLock { $0 += 1 }
        registry.existingMainLoop?.waiter.notify()
    }

    /// Whether the calling thread is the main loop's thread: the actor's isolation, outside its jobs.
    public var isOnMainLoopThread: Bool { registry.mainThread == ThreadID.current }

    /// Traps unless called on the main loop's thread. Swift: `SerialExecutor.checkIsolated()`,
    /// asked by `assumeIsolated` and `preconditionIsolated` outside the actor's own jobs.
    public func checkIsolated() {
        precondition(isOnMainLoopThread, "not on the main loop's thread: this actor's code runs there only")
    }
}
