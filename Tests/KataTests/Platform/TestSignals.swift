#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
@testable import KataCLI

/// What only the tests do to a `kata` they started: ask it to stop as a terminal or `kill` would,
/// or end it at once. (`kata` itself never signals a process: it ends its children through
/// `ProcessTree`.)
extension Signals {
    /// Sends `kind` to the process `pid`; false if there is no such process.
    @discardableResult
    static func send(_ kind: TerminationSignal, to pid: Int32) -> Bool { kill(pid, kind.number) == 0 }

    /// Ends the process `pid` at once (SIGKILL); false if there is no such process.
    @discardableResult
    static func forceEnd(_ pid: Int32) -> Bool { kill(pid, SIGKILL) == 0 }
}
