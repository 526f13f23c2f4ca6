extension MainLoopActor {
    /// Suspends the calling task for `seconds` on the main loop's clock (a virtual one included);
    /// at the deadline the task's next job goes to this actor's executor, so the task goes on when
    /// the main loop next serves its main queue: late if the main thread is busy then, and the next
    /// sleep counts from that late moment. Swift: `try await Task.sleep(for:)` in a main-actor
    /// task (the runtime's `swift_task_enqueueGlobalWithDelay`, on Apple platforms `dispatch_after`
    /// onto a global queue; the task then resumes on `MainActor`'s executor, the main queue).
    ///
    /// The runtime's timer needs no run loop; the engine's sits in the registry's
    /// ``DispatchTimerManager``.
    public func sleep(for seconds: Double) async {
        let registry = executor.registry
        await SleepingTask(until: registry.clock.now + max(seconds, 0), registry: registry).wake()
    }
}

/// Where a sleeping task waits: the task hops to this actor, whose executor keeps the task's job
/// until the deadline and then runs it on the registry's ``DispatchTimerManager``; the job only
/// hops back, so the task's next job reaches its actor's executor there and then. Swift runtime:
/// the delayed job `swift_task_enqueueGlobalWithDelay` holds, which at the deadline runs on a
/// global-pool thread and enqueues the task on its actor's executor.
///
/// Not a continuation: the runtime resumes every continuation on the generic executor
/// (`swift_continuation_init` sets its `ResumeToExecutor` so, and the compiler never overrides
/// it, `withCheckedContinuation(isolation:)` included), so the task would go through the global
/// pool before its actor's executor, at a moment a virtual clock cannot know.
private actor SleepingTask {
    let executor: DeadlineExecutor

    init(until deadline: Instant, registry: LoopRegistry) {
        executor = DeadlineExecutor(deadline: deadline, registry: registry)
    }

    nonisolated var unownedExecutor: UnownedSerialExecutor {
        executor.asUnownedSerialExecutor()
    }

    /// Runs at the deadline; returning, the task hops back to the actor it sleeps on.
    func wake() {}

    /// Hands the one job it is given, the sleeping task's, to the manager to run at the deadline.
    final class DeadlineExecutor: SerialExecutor, @unchecked Sendable {
        // @unchecked: immutable.
        let deadline: Instant
        let registry: LoopRegistry

        init(deadline: Instant, registry: LoopRegistry) {
            self.deadline = deadline
            self.registry = registry
        }

        func enqueue(_ job: consuming ExecutorJob) {
            let job = UnownedJob(job)
            registry.timerSources.after(deadline) { [self] in
                job.runSynchronously(on: asUnownedSerialExecutor())
            }
            registry.existingMainLoop?.waiter.notify()
        }
    }
}
