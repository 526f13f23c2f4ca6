import Foundation
import RunLoopEngine
import TestSupport
import Testing
@testable import KataCLI

/// A throw-away folder that `kata` takes for the kata's package, and the real `kata` binary run
/// in it: for what only the binary shows (its exit code, what goes to stdout and stderr, the
/// processes it leaves, a trap).
///
/// The binary is the one `swift build` put next to the test bundle; `KATA_TEST_BINARY` names
/// another (an older build, to see a test fail against it).
struct KataFixture {
    let root: String

    /// A folder with a `Package.swift` that names the package `RunLoopKata` (all `kata` looks
    /// for), and `files` (relative path → contents) in it.
    init(files: [String: String] = [:]) throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("kata-fixture-\(UUID().uuidString)").path
        try write("Package.swift", "// A stand-in for the kata's package: let package = Package(name: \"RunLoopKata\")\n")
        for (path, text) in files { try write(path, text) }
    }

    func path(_ relative: String) -> String { (root as NSString).appendingPathComponent(relative) }

    func write(_ relative: String, _ text: String) throws {
        try write(relative, Data(text.utf8))
    }

    func write(_ relative: String, _ data: Data) throws {
        let full = path(relative)
        try FileManager.default.createDirectory(atPath: (full as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try data.write(to: URL(fileURLWithPath: full))
    }

    /// Writes a program the fixture's `kata` will run (mode 755). Its descriptor is opened
    /// close-on-exec: a process that another test starts meanwhile must not inherit it open for
    /// writing, or the kernel refuses to run the program while that process lives (ETXTBSY).
    /// Foundation's `Data.write` opens without the flag.
    func writeProgram(_ relative: String, _ text: String) throws {
        let full = path(relative)
        try FileManager.default.createDirectory(atPath: (full as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        let descriptor = open(full, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o755)
        try #require(descriptor >= 0, "could not create \(full): errno \(errno)")
        let file = FileHandle(fileDescriptor: descriptor, closeOnDealloc: false)
        defer { try? file.close() }
        try file.write(contentsOf: Data(text.utf8))
    }

    func read(_ relative: String) -> Data? { FileManager.default.contents(atPath: path(relative)) }

    func remove() { try? FileManager.default.removeItem(atPath: root) }

    /// Runs a tool (not `kata`), to its end: its output, or nil if it failed. Paths in
    /// `arguments` are absolute (the tool runs in this process's folder).
    @discardableResult
    static func tool(_ arguments: [String]) -> String? { ProcessTree.capture(arguments) }

    /// Makes the fixture a git repository with everything in it committed.
    func commitAll(_ message: String) throws {
        if !FileManager.default.fileExists(atPath: path(".git")) {
            try #require(Self.tool(["git", "-C", root, "init", "-q"]) != nil, "git init")
        }
        try #require(Self.tool(["git", "-C", root, "add", "-A"]) != nil)
        try #require(
            Self.tool(["git", "-C", root, "-c", "user.name=kata", "-c", "user.email=kata@example.com", "commit", "-q", "-m", message]) != nil, "git commit")
    }

    // MARK: running kata

    static let binary: String? = {
        if let chosen = ProcessInfo.processInfo.environment["KATA_TEST_BINARY"] { return chosen }
        var folders = Bundle.allBundles.map(\.bundleURL).filter { $0.pathExtension == "xctest" }.map { $0.deletingLastPathComponent() }
        folders.append(URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent())
        return folders.map { $0.appendingPathComponent("kata").path }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }()

    /// A started `kata`, its output going to files.
    struct Running: Sendable {
        let child: ChildProcess
        let stdout: String
        let stderr: String
        /// How it ended, once ``ChildProcess/ending()`` has collected it (which it does once).
        private let ended = Lock<ChildProcess.Ending?>(nil)

        init(child: ChildProcess, stdout: String, stderr: String) {
            (self.child, self.stdout, self.stderr) = (child, stdout, stderr)
        }

        var pid: Int32 { child.pid }

        /// Waits (without holding a thread) until it ends, at most `limit` seconds; ends it with
        /// SIGKILL past that. Returns whether it ended by itself.
        func wait(upTo limit: Double) async throws -> Bool {
            if await until(limit, every: 0.02, { self.ending != nil }) { return true }
            Signals.forceEnd(pid)
            _ = await until(5, every: 0.02) { self.ending != nil }
            return false
        }

        var output: String { (try? String(contentsOfFile: stdout, encoding: .utf8)) ?? "" }
        var errors: String { (try? String(contentsOfFile: stderr, encoding: .utf8)) ?? "" }

        /// How it ended, or nil while it runs.
        var ending: ChildProcess.Ending? {
            ended.withLock { ended in
                if ended == nil { ended = child.ending() }
                return ended
            }
        }

        /// The exit code, or 128 + the signal that ended it (a trap is 132 or 133); -1 while it runs.
        var status: Int32 {
            switch ending {
            case nil: -1
            case .exited(let code): code
            case .signalled(let signal): 128 + signal
            }
        }
    }

    /// Starts `kata arguments` in the fixture, with `environment` added to this process's,
    /// `NO_COLOR` set, and `input` as its standard input (empty if nil). The language is English
    /// unless `environment` chooses one: the maintainer's own `KATA_LANG`, `LC_ALL` or `LANG`
    /// does not reach the fixture's `kata`.
    func start(_ arguments: [String], environment: [String: String] = [:], input: String? = nil) throws -> Running {
        let binary = try #require(Self.binary, "no kata binary next to the test bundle: run swift build first")
        var env = ProcessInfo.processInfo.environment
        env["NO_COLOR"] = "1"
        env["KATA_LANG"] = "en"
        env["LC_ALL"] = ""
        env["LANG"] = "C.UTF-8"
        for (key, value) in environment { env[key] = value }
        if environment["KATA_LANG"] == nil && (environment["LANG"] != nil || environment["LC_ALL"] != nil) {
            env["KATA_LANG"] = ""   // the test chose the system's language
        }
        let out = path(".out-\(UUID().uuidString)"), err = path(".err-\(UUID().uuidString)"), inp = path(".in-\(UUID().uuidString)")
        for file in [out, err] { _ = FileManager.default.createFile(atPath: file, contents: nil) }
        _ = FileManager.default.createFile(atPath: inp, contents: Data((input ?? "").utf8))
        // In the fixture's folder: the shell changes to it, then becomes kata (same pid).
        let command = ["/bin/sh", "-c", "cd \"$0\" && exec \"$@\"", root, binary] + arguments
        switch ChildProcess.spawn(command, environment: env, input: inp, output: out, errors: err) {
        case .success(let child): return Running(child: child, stdout: out, stderr: err)
        case .failure(let error): throw KataError("could not start \(binary): errno \(error.code)")
        }
    }

    /// Runs `kata arguments` to its end (at most `limit` seconds).
    func run(_ arguments: [String], environment: [String: String] = [:], input: String? = nil, limit: Double = 30) async throws -> Running {
        let running = try start(arguments, environment: environment, input: input)
        let ended = try await running.wait(upTo: limit)
        #expect(ended, "kata \(arguments.joined(separator: " ")) did not end within \(limit) s")
        return running
    }
}
