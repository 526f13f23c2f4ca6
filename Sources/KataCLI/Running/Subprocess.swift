import Foundation
import KataCore

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
    static func run(
        _ arguments: [String], timeout: Double?, lines: ((Substring) -> Void)? = nil,
        stalled: () -> Bool = { false }
    ) throws -> Outcome {
        let log = FileManager.default.temporaryDirectory.appendingPathComponent("kata-\(UUID().uuidString).log").path
        defer { try? FileManager.default.removeItem(atPath: log) }
        guard FileManager.default.createFile(atPath: log, contents: nil) else {
            // Else the spawn fails on the log and says it could not start the tool.
            let folder = FileManager.default.temporaryDirectory.path
            throw KataError(
                Text(
                    en: "cannot write a file in the temporary folder \(folder) (is TMPDIR right?)",
                    zh: "无法在临时目录 `\(folder)` 里写文件（`TMPDIR` 设置对吗？）"))
        }

        SystemIO.flushStandardStreams()   // what kata printed so far goes out before anything of the child's
        let child = ChildProcess(pid: try Shutdown.launch { try ChildProcess.spawn(arguments, outputPath: log).pid })
        defer { Shutdown.ended(child.pid) }

        let start = Date()
        var lastCheck = start
        var printed = 0
        var ending: Outcome.Ending?
        while ending == nil {
            let done = child.ending()
            if let lines { printed = Subprocess.passLines(log, from: printed, to: lines) }
            if let done {
                switch done {
                case .exited(let code): ending = .exited(code)
                case .signalled(let signal): ending = .signalled(signal)
                }
            } else if let timeout, Date().timeIntervalSince(start) > timeout {
                ending = .timedOut
            } else if Date().timeIntervalSince(lastCheck) >= 0.25,
                ({
                    lastCheck = Date(); return stalled()
                })()
            {
                ending = .timedOut
            } else {
                Thread.sleep(forTimeInterval: 0.02)
            }
        }
        if ending == .timedOut {
            ProcessTree.end(child.pid, leadsGroup: true)
            child.waitForEnd()
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

/// An error `kata` reports in one line and exits with, in both languages.
struct KataError: Error, CustomStringConvertible {
    let message: Text

    init(_ message: Text) { self.message = message }

    /// A message given in one form only: shown as it is, whatever the language.
    init(_ description: String) { self.init(Text(en: description, zh: description)) }

    /// The message in the language of this process.
    var description: String { message.localized }
}
