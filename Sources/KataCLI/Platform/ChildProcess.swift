// KataCLI's platform layer: the only folder of `kata` that imports the C library (Glibc or
// Darwin) or names an operating system. Everything else calls the small types here, which have
// one API on every system:
//
//   ChildProcess   posix_spawn in a process group of its own, its ending
//   Signals        the termination signals, delivered to Dispatch sources; sending signals
//   ProcessTree    every process a child started, and ending them all
//   SystemIO       flushing stdio, whether a descriptor is a terminal
//
// Add a file here for a new system call, and keep the rest of KataCLI free of `import Glibc`
// (scripts/check-portability.sh fails on one elsewhere).
//
// Its Darwin-only lines are listed with every target's in
// Sources/RunLoopEngine/Platform/Platform.swift and in the README.
import Foundation
import KataCore
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// `posix_spawn`'s file actions and attributes: on Darwin opaque pointers that the `_init`
// functions allocate; on Linux structures they fill in.
#if canImport(Darwin)
typealias SpawnFileActions = posix_spawn_file_actions_t?
typealias SpawnAttributes = posix_spawnattr_t?
#else
typealias SpawnFileActions = posix_spawn_file_actions_t
typealias SpawnAttributes = posix_spawnattr_t
#endif

/// A child process started in a process group of its own, so that ending the group ends
/// everything it started (`swift test` starts the test binary as a child of its own).
///
/// The group is made by `posix_spawn` with `POSIX_SPAWN_SETPGROUP` and group 0: the child leads a
/// new group whose id is its pid, so `kill(-pid, SIGKILL)` ends it and all its descendants.
struct ChildProcess {
    /// The child's pid, which is also its process group's id.
    let pid: Int32

    enum Ending: Equatable {
        case exited(Int32)
        case signalled(Int32)
    }

    /// Starts `arguments` (the first looked up on PATH) with this process's environment, its
    /// standard input `/dev/null`, its standard output and error written to `outputPath`.
    /// - Throws: ``KataError`` if it could not be started.
    static func spawn(_ arguments: [String], outputPath: String) throws -> ChildProcess {
        let started = posixSpawn(arguments, newProcessGroup: true) { actions in
            posix_spawn_file_actions_addopen(&actions, 1, outputPath, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
            posix_spawn_file_actions_adddup2(&actions, 1, 2)
            posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        }
        switch started {
        case .success(let pid): return ChildProcess(pid: pid)
        case .failure(let error):
            let reason = String(cString: strerror(error.code))
            throw KataError(Text(en: "could not start \(arguments[0]): \(reason)", zh: "无法启动 \(arguments[0])：\(reason)"))
        }
    }

    /// The error number `posix_spawnp` returned.
    struct SpawnError: Error {
        let code: Int32
    }

    /// The `posix_spawn` set-up every child of `kata` shares: `arguments` (the first looked up
    /// on PATH) started with `environment` (unless told, this process's) and the termination
    /// signals' defaults restored (``Signals/restoreDefaults(_:)``), in a process group of its own
    /// if `newProcessGroup`, its descriptors arranged by `files`.
    /// - Returns: the child's pid, or the error `posix_spawnp` returned.
    static func posixSpawn(
        _ arguments: [String], environment: [String: String]? = nil, newProcessGroup: Bool,
        files: (inout SpawnFileActions) -> Void
    ) -> Result<pid_t, SpawnError> {
        #if canImport(Darwin)
        // Darwin's are opaque pointers that _init allocates.
        var actions: SpawnFileActions = nil, attributes: SpawnAttributes = nil
        #else
        var actions = SpawnFileActions(), attributes = SpawnAttributes()
        #endif
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        files(&actions)
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        if newProcessGroup {
            posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETPGROUP))
            posix_spawnattr_setpgroup(&attributes, 0)
        }
        Signals.restoreDefaults(&attributes)

        var pid: pid_t = 0
        let argv = arguments.map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        // The environment as Foundation reads it (Darwin's module does not export `environ`).
        let environment = environment ?? ProcessInfo.processInfo.environment
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { envp.forEach { free($0) } }
        let status = posix_spawnp(&pid, arguments[0], &actions, &attributes, argv, envp)
        return status == 0 ? .success(pid) : .failure(SpawnError(code: status))
    }

    /// How the child ended, or nil while it runs.
    func ending() -> Ending? {
        var waitStatus: Int32 = 0
        guard waitpid(pid, &waitStatus, WNOHANG) == pid else { return nil }
        return Self.decode(waitStatus)
    }

    /// Waits for the child to end (after ``ProcessTree/end(_:leadsGroup:)``) and collects its status.
    func waitForEnd() {
        var waitStatus: Int32 = 0
        _ = waitpid(pid, &waitStatus, 0)
    }

    private static func decode(_ waitStatus: Int32) -> Ending {
        let signal = waitStatus & 0x7f
        return signal == 0 ? .exited((waitStatus >> 8) & 0xff) : .signalled(signal)
    }
}

/// The C library's standard streams and descriptors.
enum SystemIO {
    /// Writes out what `print` has buffered so far (stdio's `fflush(NULL)`).
    static func flushStandardStreams() {
        fflush(nil)
    }

    /// Whether descriptor `fd` (1: standard output) is a terminal.
    static func isTerminal(_ fd: Int32) -> Bool {
        isatty(fd) == 1
    }
}
