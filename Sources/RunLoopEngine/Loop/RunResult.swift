extension Loop {
    /// Why a run returned. CF: `CFRunLoopRunResult`; the raw values are CF's.
    public enum RunResult: Int, Sendable, Hashable, CustomStringConvertible {
        /// The mode had nothing to run (no source, no port, no timer, no block for it). `kCFRunLoopRunFinished`
        case finished = 1
        /// `stop()` ended the run. `kCFRunLoopRunStopped`
        case stopped = 2
        /// The run's time was up. `kCFRunLoopRunTimedOut`
        case timedOut = 3
        /// A source ran and the caller asked to return after one. `kCFRunLoopRunHandledSource`
        case handledSource = 4

        public var description: String {
            switch self {
            case .finished: "finished"
            case .stopped: "stopped"
            case .timedOut: "timed out"
            case .handledSource: "handled source"
            }
        }
    }
}
