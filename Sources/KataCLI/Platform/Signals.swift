import Dispatch
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The signals that end `kata`: Ctrl-C, a polite `kill`, the terminal hanging up.
enum TerminationSignal: CaseIterable, Sendable {
    case interrupt, terminate, hangUp

    var number: Int32 {
        switch self {
        case .interrupt: SIGINT
        case .terminate: SIGTERM
        case .hangUp: SIGHUP
        }
    }

    /// 128 plus the signal's number, as a shell reports a program ended by it: 130, 143, 129.
    var exitCode: Int32 { 128 + number }
}

/// Signal handling without signal handlers: each signal is ignored by the process and delivered
/// to a Dispatch source instead, whose handler runs on an ordinary queue and may do anything
/// (run `ps`, take locks, print), which a real signal handler may not.
enum Signals {
    nonisolated(unsafe) private static var sources: [any DispatchSourceSignal] = []

    /// Calls `handler` on a global queue when one of the termination signals comes. Installed
    /// once, early, from the main thread.
    static func handle(_ handler: @escaping @Sendable (TerminationSignal) -> Void) {
        for kind in TerminationSignal.allCases {
            signal(kind.number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: kind.number, queue: .global())
            source.setEventHandler { handler(kind) }
            source.resume()
            sources.append(source)
        }
    }

    /// Makes a process spawned with `attributes` start with the default action for the
    /// termination signals and no signal blocked. A signal `kata` ignores would otherwise stay
    /// ignored in the child, and the signals Dispatch blocks in `kata`'s threads would stay
    /// blocked in it, so that the child could not be asked to stop.
    static func restoreDefaults(_ attributes: inout SpawnAttributes) {
        var defaults = sigset_t(), none = sigset_t()
        sigemptyset(&defaults)
        sigemptyset(&none)
        for kind in TerminationSignal.allCases { sigaddset(&defaults, kind.number) }
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setsigmask(&attributes, &none)
        var flags: Int16 = 0
        posix_spawnattr_getflags(&attributes, &flags)
        posix_spawnattr_setflags(&attributes, flags | Int16(POSIX_SPAWN_SETSIGDEF) | Int16(POSIX_SPAWN_SETSIGMASK))
    }

    /// Writes what is buffered and ends the process at once with `code`, from any thread,
    /// without running exit handlers while another thread may still be at work.
    static func exitNow(_ code: Int32) -> Never {
        fflush(nil)
        _exit(code)
    }
}
