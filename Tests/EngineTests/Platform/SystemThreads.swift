// The tests' platform file: the only test source that imports the C library (Glibc or Darwin)
// or names an operating system. What the engine tests ask the system about its threads and
// their CPU time, with one API for Linux and macOS.
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

enum SystemThreads {
    /// The calling thread's CPU time (user + system), in seconds. CLOCK_THREAD_CPUTIME_ID is
    /// in both C libraries (Darwin's since macOS 10.12).
    static func cpuTime() -> Double {
        var ts = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts)
        return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
    }

    /// The calling thread's name as the system knows it (Linux keeps the first 15 characters).
    static func currentName() -> String {
        #if canImport(Darwin)
        var name = [CChar](repeating: 0, count: 64)
        pthread_getname_np(pthread_self(), &name, name.count)   // int pthread_getname_np(pthread_t, char *, size_t)
        return String(decoding: name.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        #else
        // Glibc's pthread_getname_np is a GNU extension Swift does not import; procfs has it.
        let name = (try? String(contentsOfFile: "/proc/thread-self/comm", encoding: .utf8)) ?? ""
        return name.trimmingCharacters(in: .whitespacesAndNewlines)
        #endif
    }

    /// Whether ``liveNames()`` can list this process's threads here.
    static var canListThreads: Bool { liveNames() != nil }

    /// The names of this process's threads that are still alive, as the kernel lists them; nil
    /// if the system will not list them.
    static func liveNames() -> [String]? {
        #if canImport(Darwin)
        // libproc: PROC_PIDLISTTHREADS gives the threads' handles, PROC_PIDTHREADINFO a handle's
        // proc_threadinfo, whose pth_name is the name (MAXTHREADNAMESIZE bytes).
        var handles = [UInt64](repeating: 0, count: 4096)
        let bytes = Int(proc_pidinfo(getpid(), PROC_PIDLISTTHREADS, 0, &handles, Int32(handles.count * 8)))
        guard bytes > 0 else { return nil }
        return handles.prefix(bytes / 8).map { handle in
            var info = proc_threadinfo()
            let size = Int32(MemoryLayout<proc_threadinfo>.size)
            guard proc_pidinfo(getpid(), PROC_PIDTHREADINFO, handle, &info, size) == size else { return "" }
            return withUnsafeBytes(of: info.pth_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
        }
        #else
        // procfs: one directory per thread under /proc/self/task, its name in `comm`.
        guard let tasks = try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/task") else { return nil }
        return tasks.map { task in
            let name = (try? String(contentsOfFile: "/proc/self/task/\(task)/comm", encoding: .utf8)) ?? ""
            return name.trimmingCharacters(in: .whitespacesAndNewlines)
        }
        #endif
    }
}
