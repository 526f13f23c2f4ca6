import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A child of `kata` and everything it started in turn, found in the system's process list and
/// ended together.
///
/// Ending the child's process group is not enough: `swift test` starts the test bundle
/// (`*.xctest`) in a process group of its own, and the build system starts each compiler job in
/// one of its own. Once the child is gone, those grandchildren are re-parented to pid 1 and no
/// longer look like ours. So the tree is read first, from `ps -A -o pid=,ppid=,pgid=,stat=` (the
/// same columns on Linux's procps and macOS's BSD `ps`), and remembered: a process belongs to it
/// when its parent does, or when it is in a process group led by one of its members.
enum ProcessTree {
    /// One line of the process list.
    struct Entry: Equatable {
        var pid: Int32
        var parent: Int32
        var group: Int32
        /// Dead, waiting for its parent to collect its status: nothing left to end.
        var zombie: Bool
    }

    /// The members found so far: every process and every process group of the tree.
    struct Members {
        let root: Int32
        private(set) var processes: Set<Int32>
        private(set) var groups: Set<Int32>
        /// Never signalled: `kata`'s own group, and the system's.
        let spared: Set<Int32>

        init(root: Int32, leadsGroup: Bool, spared: Set<Int32>) {
            self.root = root
            processes = [root]
            groups = leadsGroup ? [root] : []
            self.spared = spared
        }

        /// Adds the processes of `table` that belong to the tree (their parent is a member, or
        /// their group is led by one), until nothing more is found; returns the living members.
        @discardableResult
        mutating func update(_ table: [Entry]) -> [Entry] {
            var grew = true
            while grew {
                grew = false
                for entry in table
                where entry.pid > 1 && !processes.contains(entry.pid)
                    && (processes.contains(entry.parent) || groups.contains(entry.group))
                {
                    processes.insert(entry.pid)
                    grew = true
                }
                for entry in table
                where processes.contains(entry.pid) && entry.group == entry.pid
                    && !spared.contains(entry.group) && !groups.contains(entry.group)
                {
                    groups.insert(entry.group)
                    grew = true
                }
            }
            return living(in: table)
        }

        /// The members of `table` still running. A pid is trusted only while it appears with a
        /// member as parent or in a member group (or is the root, which cannot end before `kata`
        /// collects it), so a pid the system gave to an unrelated process after ours ended is
        /// left alone.
        func living(in table: [Entry]) -> [Entry] {
            table.filter { entry in
                !entry.zombie && entry.pid > 1 && !spared.contains(entry.pid) && processes.contains(entry.pid)
                    && (entry.pid == root || processes.contains(entry.parent) || groups.contains(entry.group))
            }
        }
    }

    /// The system's process list, or nil if `ps` could not be run.
    static func snapshot() -> [Entry]? {
        guard let text = capture(["ps", "-A", "-o", "pid=,ppid=,pgid=,stat="]) else { return nil }
        return parse(text)
    }

    /// Reads `ps -o pid=,ppid=,pgid=,stat=` lines; a line of any other shape is skipped.
    static func parse(_ text: String) -> [Entry] {
        text.split(separator: "\n").compactMap { line in
            let fields = line.split(separator: " ", omittingEmptySubsequences: true)
            guard fields.count >= 4, let pid = Int32(fields[0]), let parent = Int32(fields[1]), let group = Int32(fields[2]) else { return nil }
            return Entry(pid: pid, parent: parent, group: group, zombie: fields[3].hasPrefix("Z"))
        }
    }

    /// Ends `root` (a child of `kata`) and every process of its tree: first politely (SIGTERM to
    /// each member and each member group), then, after `grace` seconds, by force. Before the
    /// force, the tree is frozen (SIGSTOP) until a fresh look finds no new member, so nothing can
    /// start a process between the last look and SIGKILL. Returns once no member is running, or
    /// after a bounded number of rounds.
    static func end(_ root: Int32, leadsGroup: Bool, grace: Double = 1) {
        var members = Members(root: root, leadsGroup: leadsGroup, spared: [getpgrp(), getpid(), 0, 1])
        guard let first = snapshot() else {
            // No process list: the group and the child are all that can be reached.
            if leadsGroup { kill(-root, SIGKILL) }
            kill(root, SIGKILL)
            return
        }
        send(SIGTERM, to: members.update(first), of: members)
        let deadline = Date().addingTimeInterval(grace)
        while Date() < deadline {
            usleep(50_000)
            guard let table = snapshot() else { break }
            let living = members.update(table)
            if living.isEmpty { return }
            send(SIGTERM, to: living, of: members)
        }
        for _ in 0..<10 {
            guard let table = snapshot() else { break }
            let before = members.processes.count
            let living = members.update(table)
            if living.isEmpty { return }
            send(SIGSTOP, to: living, of: members)
            if members.processes.count == before {
                send(SIGKILL, to: living, of: members)
                usleep(20_000)
            }
        }
    }

    /// Sends `number` to each living member and to each group with a living member.
    private static func send(_ number: Int32, to living: [Entry], of members: Members) {
        for group in Set(living.map(\.group)) where members.groups.contains(group) { kill(-group, number) }
        for entry in living { kill(entry.pid, number) }
    }

    /// Runs `arguments` (looked up on PATH) and returns what it wrote on its standard output,
    /// or nil if it could not be started or did not exit with 0. (Also the tests' way to run a
    /// tool: Foundation's `Process` waits by spinning a run loop, which is not safe from many
    /// concurrent tasks.)
    static func capture(_ arguments: [String]) -> String? {
        var ends: [Int32] = [0, 0]
        guard pipe(&ends) == 0 else { return nil }
        // Neither end may leak into a process another thread starts meanwhile: the read below
        // would wait for that process to end too.
        for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        let started = ChildProcess.posixSpawn(arguments, newProcessGroup: false) { actions in
            posix_spawn_file_actions_adddup2(&actions, ends[1], 1)
            posix_spawn_file_actions_addclose(&actions, ends[0])
            posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        }
        close(ends[1])
        defer { close(ends[0]) }
        guard case .success(let pid) = started else { return nil }
        var output = Data()
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = read(ends[0], &buffer, buffer.count)
            if count > 0 { output.append(contentsOf: buffer[0..<count]) } else if count == 0 || errno != EINTR { break }
        }
        var waitStatus: Int32 = 0
        while waitpid(pid, &waitStatus, 0) == -1 && errno == EINTR {}
        guard waitStatus & 0x7f == 0, (waitStatus >> 8) & 0xff == 0 else { return nil }   // exited, with 0
        return String(decoding: output, as: UTF8.self)
    }
}
