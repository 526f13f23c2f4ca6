import Foundation

/// Finds English prose left in a Chinese string: the words a reader of Chinese only would have to
/// translate. Code and names stay as they are (docs/GLOSSARY.md), so these are not prose:
/// - `inline code`, and `\(interpolations)` of a Swift literal;
/// - a command line (`swift run kata hint 6`, `git stash`, `KATA_LANG=zh-Hans swift test`);
/// - a token with code in it: a path, a dotted or called name, `snake_case`, `--option`, digits;
/// - a camelCase or ALL-CAPS name (`nextFireDate`, `CFRunLoopRun`, `GCD`);
/// - the names the glossary keeps (RunLoop, Mode, Source0, Timer, Observer…) and a few units.
///
/// What is left, a lower-case word or a capitalised English function word, is reported.
enum StrayEnglish {
    /// The English words in `text`, in order; empty when the string reads as Chinese.
    static func words(in text: String) -> [String] {
        var found: [String] = []
        // A segment is read line by line: a command line may start a line of a multi-line text.
        let pieces = asciiSegments(of: withoutCode(text)).flatMap { $0.split(separator: "\n").map(String.init) }
        for segment in pieces {
            let trimmed = segment.trimmingCharacters(in: .whitespaces)
            if commandStarts.contains(where: { trimmed.hasPrefix($0) }) { continue }
            for token in trimmed.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" }) {
                let word = token.trimmingCharacters(in: CharacterSet(charactersIn: ",;!?\"'’“”"))
                if isProse(word) { found.append(word) }
            }
        }
        return found
    }

    /// `text` as a terminal shows it: without its colour codes.
    static func withoutColours(_ text: String) -> String {
        text.replacingOccurrences(of: "\u{1B}\\[[0-9;]*[A-Za-z]", with: "", options: .regularExpression)
    }

    /// `text` without its `inline code` spans and Swift interpolations.
    static func withoutCode(_ text: String) -> String {
        var out = ""
        var inCode = false
        var depth = 0
        var characters = Array(text)[...]
        while let character = characters.popFirst() {
            if depth > 0 {
                if character == "(" { depth += 1 } else if character == ")" { depth -= 1 }
                if depth == 0 { out.append(" ") }
                continue
            }
            if character == "\\", characters.first == "(" {
                characters.removeFirst()
                depth = 1
                continue
            }
            if character == "`" {
                inCode.toggle()
                out.append(" ")
                continue
            }
            if !inCode { out.append(character) }
        }
        return out
    }

    /// The runs of ASCII characters between the Chinese ones: each is read on its own.
    static func asciiSegments(of text: String) -> [String] {
        var segments: [String] = []
        var current = ""
        for scalar in text.unicodeScalars {
            if scalar.isASCII {
                current.unicodeScalars.append(scalar)
            } else {
                segments.append(current)
                current = ""
            }
        }
        segments.append(current)
        return segments.filter { !$0.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty }
    }

    /// A segment starting with one of these is a command line, code as a whole.
    static let commandStarts = ["swift ", "kata ", "git ", "KATA_LANG=", "LANG=", "LC_ALL=", "RUNLOOP_", "CI="]

    /// Names kept in English in Chinese text (docs/GLOSSARY.md), and units.
    static let kept: Set<String> = [
        "RunLoop", "RunLoops", "Mode", "Modes", "Source0", "Source1", "Source", "Timer", "Timers", "Observer", "Observers",
        "Block", "Blocks", "Port", "Mach", "Kata", "iOS", "macOS", "Linux", "Swift", "Xcode", "Apple", "UIKit", "AppKit",
        "Foundation", "CoreFoundation", "Dispatch", "Testing", "XCTest", "NSTimer", "NSRunLoop", "NSThread", "Thread",
        "RunLoop.Mode", "iPhone", "Chrome", "Safari", "Markdown", "SVG", "ThreadSanitizer", "TSan", "Ctrl-C", "Enter",
        "pthread", "kqueue", "epoll", "futex", "mach", "kernel", "ms", "s", "µs", "ns", "min", "h", "kata", "swift",
        "Objective-C", "AFNetworking", "AsyncDisplayKit", "Texture", "CADisplayLink", "CATransaction", "Core", "Animation",
        "ReactiveCocoa", "YYKit", "GCD", "QoS", "perform", "autoreleasepool", "weak", "strong", "self", "true", "false", "nil",
        // A timer's target and selector, and the method an object runs as it goes (lesson 17).
        "target", "selector", "deinit", "dealloc",
        // Words Chinese iOS developers use as they are: a Mode's items, a pool's push and pop, an
        // observer's order, a dictionary's key, and the modes' short names before "Mode".
        "item", "items", "push", "pop", "order", "key", "common", "modes", "default", "tracking",
        // A display link's words as CADisplayLink's API and Chinese iOS articles write them.
        "display", "link", "vsync", "timestamp", "target", "selector", "fps",
        // Swift concurrency's words the glossary keeps in English: an actor, an executor's job.
        "actor", "actors", "job", "jobs",
    ]

    /// Capitalised English words that start or carry a sentence: never a name.
    static let sentenceWords: Set<String> = [
        "The", "This", "That", "These", "Those", "A", "An", "It", "Its", "If", "When", "Then", "And", "Or", "But", "Not",
        "No", "Yes", "You", "Your", "We", "Our", "Lesson", "Lessons", "Hint", "Hints", "Run", "Read", "Edit", "Write",
        "Try", "Expected", "Actual", "Done", "Solved", "Next", "Every", "Each", "All", "None", "Some", "Is", "Are", "Was",
        "Were", "Has", "Have", "Do", "Does", "Did", "Can", "Cannot", "Will", "Should", "Must", "See", "Use", "Fix",
        "Check", "Question", "Answer", "Why", "What", "Where", "How", "Which", "Who", "Stopped", "Failed", "Passed",
        "Wrong", "Right", "Correct", "Score", "Track", "Usage", "Options", "Commands", "Example", "Examples", "Note",
    ]

    /// A token that a reader would have to translate.
    static func isProse(_ word: String) -> Bool {
        guard word.count >= 2, word.allSatisfy({ $0.isASCII && $0.isLetter }) else { return false }
        if kept.contains(word) { return false }
        let rest = word.dropFirst()
        if rest.contains(where: \.isUppercase) { return false }   // camelCase, CFRunLoop, GCD
        if word.first!.isUppercase { return sentenceWords.contains(word) }   // a name, unless a sentence word
        return true   // a lower-case English word
    }
}

/// The string literals of a Swift source file that hold Chinese: their text, with the line each
/// starts on. Comments are skipped; an interpolation's own literals are read as part of it.
enum ChineseLiterals {
    struct Literal {
        let line: Int
        let text: String
    }

    static func find(inSwift source: String) -> [Literal] {
        let scan = SwiftScan(source)
        var literals: [Literal] = []
        var index = 0
        while index < scan.count {
            guard let end = scan.skipNonCode(at: index) else { index += 1; continue }
            if scan.isStringLiteral(index) {
                let (textStart, closing, _) = scan.delimiters(at: index)
                let text = String(scan.characters[textStart..<max(textStart, end - closing.count)])
                if text.unicodeScalars.contains(where: { (0x4E00...0x9FFF).contains($0.value) }) {
                    literals.append(Literal(line: scan.line(at: index), text: text))
                }
            }
            index = end
        }
        return literals
    }
}
