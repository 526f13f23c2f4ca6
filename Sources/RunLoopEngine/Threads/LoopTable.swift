/// The registry's table of loops, keyed by thread.
/// CF: the `__CFRunLoops` dictionary behind `_CFRunLoopGet0`, guarded by `loopsLock`.
///
/// **Lesson 01 writes this.** The ``LoopRegistry`` calls it with its lock held, so an
/// implementation is plain single-threaded code. The rules:
/// - a thread's loop is made on its first request (``loop(for:makeLoop:)`` calls `makeLoop`
///   once), and the same loop is returned every time after;
/// - a thread that never asks has no loop (``existingLoop(for:)`` is nil);
/// - when the thread exits, its loop is forgotten (``threadDidExit(_:)``) so the engine can tear it down.
public protocol LoopTable: Sendable {
    /// An empty table.
    init()
    /// The loop of `thread`: the one it has, or one made now with `makeLoop` and remembered.
    mutating func loop(for thread: ThreadID, makeLoop: () -> Loop) -> Loop
    /// The loop of `thread`, without making one.
    func existingLoop(for thread: ThreadID) -> Loop?
    /// `thread` has exited: forget its loop and return it (nil if it had none).
    mutating func threadDidExit(_ thread: ThreadID) -> Loop?
}

/// The engine's own table: a dictionary keyed by thread.
public struct ReferenceLoopTable: LoopTable {
    private var loops: [ThreadID: Loop] = [:]

    public init() {}

    public mutating func loop(for thread: ThreadID, makeLoop: () -> Loop) -> Loop {
        if let loop = loops[thread] { return loop }
        let loop = makeLoop()
        loops[thread] = loop
        return loop
    }

    public func existingLoop(for thread: ThreadID) -> Loop? { loops[thread] }

    public mutating func threadDidExit(_ thread: ThreadID) -> Loop? {
        loops.removeValue(forKey: thread)
    }
}
