import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A child process in a process group of its own, its output in a file, with a time limit that
/// ends it and everything it started (`swift test` starts the test binary as a child of its own;
/// a student's endless loop must not survive the limit).
///
/// The group is made by `posix_spawn` with `POSIX_SPAWN_SETPGROUP` and group 0: the child leads a
/// new group whose id is its pid. Its own children may lead groups of their own, so the limit ends
/// the whole process tree (`ProcessTree`). Being outside the terminal's foreground group, the
/// child does not see Ctrl-C; `kata` ends the tree itself when it is told to stop (`Shutdown`).
struct Subprocess {
    struct Outcome {
        enum Ending: Equatable {
            case exited(Int32)
            case signalled(Int32)
            case timedOut
        }
        var ending: Ending
        var output: String
    }

    /// Runs `arguments` (looked up on PATH); ends the group after `timeout` seconds, or as soon as
    /// `stalled` (asked four times a second) says the child is stuck.
    /// `lines`, if given, receives each complete line of the child's output as it comes.
    static func run(_ arguments: [String], timeout: Double?, lines: ((Substring) -> Void)? = nil,
                    stalled: () -> Bool = { false }) throws -> Outcome {
        let log = FileManager.default.temporaryDirectory.appendingPathComponent("kata-\(UUID().uuidString).log").path
        defer { try? FileManager.default.removeItem(atPath: log) }
        guard FileManager.default.createFile(atPath: log, contents: nil) else {
            // Else the spawn fails on the log and says it could not start the tool.
            throw KataError("cannot write a file in the temporary folder \(FileManager.default.temporaryDirectory.path) (is TMPDIR right?)")
        }

        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 1, log, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        posix_spawn_file_actions_adddup2(&actions, 1, 2)
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETPGROUP))
        posix_spawnattr_setpgroup(&attributes, 0)

        Signals.restoreDefaults(&attributes)

        fflush(nil)   // what kata printed so far goes out before anything of the child's
        let argv = arguments.map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        let pid = try Shutdown.launch {
            var pid: pid_t = 0
            let status = posix_spawnp(&pid, arguments[0], &actions, &attributes, argv, environ)
            guard status == 0 else { throw KataError("could not start \(arguments[0]): \(String(cString: strerror(status)))") }
            return pid
        }
        defer { Shutdown.ended(pid) }

        let start = Date()
        var lastCheck = start
        var printed = 0
        var waitStatus: Int32 = 0
        var ending: Outcome.Ending?
        while ending == nil {
            let done = waitpid(pid, &waitStatus, WNOHANG)
            if let lines { printed = Subprocess.passLines(log, from: printed, to: lines) }
            if done == pid {
                let signal = waitStatus & 0x7f
                ending = signal == 0 ? .exited((waitStatus >> 8) & 0xff) : .signalled(signal)
            } else if let timeout, Date().timeIntervalSince(start) > timeout {
                ending = .timedOut
            } else if Date().timeIntervalSince(lastCheck) >= 0.25, ({ lastCheck = Date(); return stalled() })() {
                ending = .timedOut
            } else {
                usleep(20_000)
            }
        }
        if ending == .timedOut {
            ProcessTree.end(pid, leadsGroup: true)
            _ = waitpid(pid, &waitStatus, 0)
        }
        if let lines { _ = Subprocess.passLines(log, from: printed, to: lines, all: true) }
        // Bytes that are not UTF-8 are shown as U+FFFD rather than losing the whole output.
        let output = String(decoding: FileManager.default.contents(atPath: log) ?? Data(), as: UTF8.self)
        return Outcome(ending: ending!, output: output)
    }

    /// Hands the complete lines the log gained since `offset` to `lines` (with `all`, a last
    /// unfinished line too); returns the offset after them.
    private static func passLines(_ path: String, from offset: Int, to lines: (Substring) -> Void, all: Bool = false) -> Int {
        guard let data = FileManager.default.contents(atPath: path), data.count > offset else { return offset }
        let fresh = data.subdata(in: offset..<data.count)
        let end = all ? fresh.count : (fresh.lastIndex(of: UInt8(ascii: "\n")).map { $0 - fresh.startIndex + 1 } ?? 0)
        guard end > 0 else { return offset }
        let text = String(decoding: fresh.prefix(end), as: UTF8.self)
        for line in text.split(separator: "\n") { lines(line) }
        return offset + end
    }
}

/// An error `kata` reports in one line and exits with.
struct KataError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
