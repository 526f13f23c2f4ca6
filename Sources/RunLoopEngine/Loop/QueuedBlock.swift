/// A block queued with `perform(inModes:)`.
struct QueuedBlock {
    /// The modes it may run in, as given (a block names one or two: an array is cheaper than a set).
    let modes: [Loop.Mode]
    let name: String
    let work: @Sendable () -> Void
}
