import Foundation
import KataCore
import RunLoopEngine

/// How `kata` ends when it is told to (Ctrl-C, `kill`, the terminal hanging up): every process it
/// started is ended with everything that process started (`ProcessTree`), the terminal's colours
/// are reset, a line says where the progress is, and it exits with the shell's code for the
/// signal (130, 143, 129).
///
/// The children are remembered from the moment they start: the start itself happens under the
/// same lock, so once `kata` is ending no new child can start behind its back.
enum Shutdown {
    private struct State {
        var children: Set<Int32> = []
        var ending = false
        var farewell = Data()
    }

    /// The engine's `Lock` (a pthread mutex, which ThreadSanitizer sees), as everywhere else:
    /// two runners may launch children at once.
    private static let state = Lock(State())

    /// Handles the termination signals from now on; `message` is what `kata` says as it leaves.
    static func install(message: String, colours: Bool) {
        let text = (colours ? "\u{1B}[0m" : "") + "\n" + message + "\n"
        state.withLock { $0.farewell = Data(text.utf8) }
        Signals.handle { kind in end(by: kind) }
    }

    /// Starts a child with `spawn` (which returns its pid) unless `kata` is ending, and remembers
    /// it until `ended(_:)`. The child must lead a process group of its own.
    static func launch(_ spawn: () throws -> Int32) throws -> Int32 {
        try state.withLock { state in
            guard !state.ending else { throw KataError(Text(en: "stopping: no new process is started", zh: "正在退出：不再启动新的进程")) }
            let pid = try spawn()
            state.children.insert(pid)
            return pid
        }
    }

    /// The child has ended and its status was collected. If `kata` is ending, the caller waits
    /// here for the end (see `holdIfEnding`).
    static func ended(_ pid: Int32) {
        _ = state.withLock { $0.children.remove(pid) }
        holdIfEnding()
    }

    /// Parks the calling thread for good if `kata` is ending: the signal's handler is ending the
    /// children and will exit with the signal's code, and the work that was waiting for a child
    /// must not carry on meanwhile (reporting the child as crashed, or exiting with 0 first).
    static func holdIfEnding() {
        guard state.withLock({ $0.ending }) else { return }
        while true { DispatchSemaphore(value: 0).wait() }
    }

    private static func end(by kind: TerminationSignal) {
        let (children, farewell, first) = state.withLock { state in
            defer { state.ending = true }
            return (state.children, state.farewell, !state.ending)
        }
        guard first else { return }   // a second Ctrl-C while ending changes nothing
        for child in children { ProcessTree.end(child, leadsGroup: true) }
        FileHandle.standardError.write(farewell)
        Signals.exitNow(kind.exitCode)
    }
}
