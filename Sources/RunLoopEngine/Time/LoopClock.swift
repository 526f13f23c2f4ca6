/// Where a loop reads the time.
///
/// Two clocks come with the engine: ``RealClock`` (the system's monotonic clock: the loop
/// sleeps in the kernel until its next deadline) and ``VirtualClock`` (time moves only when
/// told to: a loop that would sleep jumps straight to its next deadline). A clock of your own
/// is treated like a real one: the loop waits, in the kernel, for the time its `now` says
/// is left.
public protocol LoopClock: AnyObject, Sendable {
    /// The current time on this clock.
    var now: Instant { get }
}
