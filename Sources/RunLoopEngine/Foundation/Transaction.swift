/// Core Animation's transaction of one thread: the windows whose views were marked since the last
/// commit, and what was laid out or drawn since the last time the layer tree went to the render
/// server. CA: `CA::Transaction`, the implicit transaction of the thread (`CATransaction` is its
/// public face); the commit observer (``CoreAnimationCommit``) commits it before the loop sleeps.
///
/// Each thread has one (``current``), made on first use and forgotten when the thread exits; a
/// loop made with a commit (``Loop/Mechanisms/commit``) starts its thread on a fresh one, whose
/// trace is that loop's.
public final class Transaction: @unchecked Sendable {
    // @unchecked: mutable state lives in `state` (a Lock).
    private let state = Lock(State())

    private struct State {
        /// The windows of the views marked since the last ``takeWindows()``, each once.
        var windows: [View] = []
        /// The views laid out or drawn since the last ``sendToRenderServer()``, each once.
        var changed: [String] = []
        /// The loop whose trace records layouts, drawings and commits.
        weak var loop: Loop?
    }

    /// What a view had done to it.
    enum Change {
        case layout, display
    }

    init() {}

    /// The windows of every view marked (`setNeedsLayout()`, `setNeedsDisplay()`) since the last
    /// call, each once, in the order they were first marked; the list starts empty again. CA: the
    /// layers a commit walks, from their roots.
    public func takeWindows() -> [View] {
        state.withLock { state in
            defer { state.windows = [] }
            return state.windows
        }
    }

    /// Sends the layer tree to the render server: what was laid out or drawn since the last send
    /// appears on screen now, recorded as `CA::Transaction::commit(header, label)`. Nothing to send,
    /// nothing recorded. CA: `CA::Context::commit_transaction`.
    public func sendToRenderServer() {
        let (changed, loop) = state.withLock { state in
            defer { state.changed = [] }
            return (state.changed, state.loop)
        }
        guard !changed.isEmpty else { return }
        loop?.note("CA::Transaction::commit(\(changed.joined(separator: ", ")))")
    }

    /// Registers `view`'s window for the next commit.
    func mark(_ view: View) {
        let window = view.window
        state.withLock { state in
            if !state.windows.contains(where: { $0 === window }) { state.windows.append(window) }
        }
    }

    /// Records that `view` was laid out or drawn: in the trace now, on screen at the next send.
    func record(_ view: View, _ change: Change) {
        let loop = state.withLock { state -> Loop? in
            if !state.changed.contains(view.name) { state.changed.append(view.name) }
            return state.loop
        }
        switch change {
        case .layout: loop?.note("[\(view.name) layoutSubviews]")
        case .display: loop?.note("[\(view.name) drawRect:]")
        }
    }

    /// A fresh transaction for `loop`'s thread, recorded in `loop`'s trace: what an earlier loop
    /// of the thread left marked is not this loop's to commit.
    static func begin(for loop: Loop, on thread: ThreadID) -> Transaction {
        let transaction = Transaction()
        transaction.state.withLock { $0.loop = loop }
        transactions.withLock { $0[thread] = transaction }
        return transaction
    }

    /// The calling thread's transaction.
    public static var current: Transaction { forThread(.current) }

    /// The transaction of `thread`, made on first use, forgotten when the thread exits.
    public static func forThread(_ thread: ThreadID) -> Transaction {
        transactions.withLock { transactions in
            if let transaction = transactions[thread] { return transaction }
            let transaction = Transaction()
            transactions[thread] = transaction
            return transaction
        }
    }

    static func threadDidExit(_ thread: ThreadID) {
        _ = transactions.withLock { $0.removeValue(forKey: thread) }
    }

    private static let transactions = Lock<[ThreadID: Transaction]>([:])
}
