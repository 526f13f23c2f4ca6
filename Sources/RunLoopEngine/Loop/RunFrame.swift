/// One run in progress. CF: `_per_run_data`, and the arguments of `__CFRunLoopRun`.
struct RunFrame {
    let mode: Loop.Mode
    /// When the run times out.
    let deadline: Instant
    /// True for a zero timeout: poll once, never sleep. CF: `termTSR == 0`.
    let hasNoTimeLeft: Bool
    let returnAfterSourceHandled: Bool
    /// Set by `stop()`. CF: `_per_run_data->stopped`.
    var stopped = false
    /// CF: `_per_run_data->ignoreWakeUps` (see ``LoopState/ignoreWakeUps``).
    var ignoreWakeUps = false
}
