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
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            registry.timerSources.after(registry.clock.now + max(seconds, 0)) {
                // The runtime may take the resumed task through the global pool before it reaches
                // the executor: a virtual clock waits for that job instead of jumping past it.
                registry.timerSources.expectJob()
                continuation.resume()
            }
            registry.existingMainLoop?.waiter.notify()
        }
    }
}
