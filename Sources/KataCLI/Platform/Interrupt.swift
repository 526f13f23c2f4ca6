#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Synchronization

/// Ctrl-C: end the running test process group, reset the terminal's colours, say goodbye, exit 130.
/// The handler only calls async-signal-safe functions (`kill`, `write`, `_exit`) on bytes prepared
/// before the signal came.
enum Interrupt {
    nonisolated(unsafe) private static var farewell: [UInt8] = []
    private static let farewellCount = Atomic<Int>(0)

    /// Installs the handler; `message` is what it prints (your progress is saved as you go).
    static func install(message: String, colours: Bool) {
        let text = (colours ? "\u{1B}[0m" : "") + "\n" + message + "\n"
        farewell = Array(text.utf8)
        farewellCount.store(farewell.count, ordering: .releasing)
        signal(SIGINT) { _ in
            Subprocess.endRunningGroup()
            let count = Interrupt.farewellCount.load(ordering: .acquiring)
            Interrupt.farewell.withUnsafeBufferPointer { bytes in _ = write(2, bytes.baseAddress, count) }
            _exit(130)
        }
    }
}
