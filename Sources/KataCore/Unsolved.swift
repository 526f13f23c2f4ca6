import Foundation

import RunLoopEngine

/// Marks code the student has not written yet.
///
/// A stub calls `unsolved(…)` where the answer goes and returns a harmless placeholder, so
/// the kata compiles, never crashes and never hangs. The lesson's tests check the ledger
/// after each scenario and report one line that names the lesson, the file and the
/// function to write, instead of a wall of mismatches:
///
///     ✗ Lesson 06 is not solved yet: write nextFireDate(after:interval:now:) in Exercises/06-timer-skip-on-overrun/NextFireDate.swift
///
/// Delete the `unsolved(…)` call when you write your answer.
@discardableResult
public func unsolved<Placeholder>(
    lesson: Int,
    write function: String,
    returning placeholder: Placeholder,
    file: StaticString = #filePath
) -> Placeholder {
    UnsolvedLedger.shared.record(lesson: lesson, function: function, file: "\(file)")
    return placeholder
}

/// `unsolved(lesson:write:)` for stubs that return nothing.
public func unsolved(lesson: Int, write function: String, file: StaticString = #filePath) {
    UnsolvedLedger.shared.record(lesson: lesson, function: function, file: "\(file)")
}

/// What the stubs have reported: for each lesson, how many times a stub ran and the latest
/// function one named. Thread-safe: stubs run on loop threads.
public final class UnsolvedLedger: Sendable {
    public static let shared = UnsolvedLedger()

    public struct Entry: Sendable, Equatable {
        /// How many times a stub of the lesson ran.
        public var count: Int
        /// The latest stub that ran, and its file.
        public var function: String
        public var file: String
        /// The stubs that ran, in order (the first thousand).
        public var hits: [String] = []
    }

    private let entries = Lock<[Int: Entry]>([:])

    public init() {}

    func record(lesson: Int, function: String, file: String) {
        let relative = Self.packageRelative(file)
        entries.withLock { entries in
            var entry = entries[lesson] ?? Entry(count: 0, function: function, file: relative)
            entry.count += 1
            entry.function = function
            entry.file = relative
            if entry.hits.count < 1_000 { entry.hits.append(function) }
            entries[lesson] = entry
        }
    }

    /// How often lesson `number`'s stubs have run so far.
    public func count(lesson number: Int) -> Int {
        entries.withLock { $0[number]?.count ?? 0 }
    }

    /// The latest stub of lesson `number` that ran, if any.
    public func entry(lesson number: Int) -> Entry? {
        entries.withLock { $0[number] }
    }

    /// The one line that tells the student what to do, in the student's language: it names the first stub that ran after
    /// the ledger counted `since` hits (so a partly solved lesson points at what is still missing).
    public func message(lesson number: Int, since: Int = 0) -> String? {
        stub(lesson: number, since: since).map { HarnessText.notSolved(lesson: Lesson.paddedNumber(number), function: $0.function, file: $0.file).localized }
    }

    /// The first stub of lesson `number` that ran after the ledger counted `since` hits: the
    /// function to write, and its file.
    public func stub(lesson number: Int, since: Int = 0) -> (function: String, file: String)? {
        guard let entry = entry(lesson: number) else { return nil }
        return (since < entry.hits.count ? entry.hits[since] : entry.function, entry.file)
    }

    /// `/home/me/kata/Exercises/06-…/X.swift` → `Exercises/06-…/X.swift`.
    static func packageRelative(_ path: String) -> String {
        for root in ["/Exercises/", "/Solutions/"] {
            if let range = path.range(of: root, options: .backwards) {
                return String(root.dropFirst()) + path[range.upperBound...]
            }
        }
        return path
    }
}
