import Foundation
import KataCore

/// One test case as Swift Testing's xUnit report states it.
struct TestCaseResult: Equatable, Sendable, Codable {
    /// `Lesson06Tests`
    var suite: String
    /// `missedTicksAreSkipped()`
    var name: String
    /// The first failure's message, nil if the test passed.
    var failure: String?
    /// The first failure's explanation in full, if the test gave one (the event stream has it; xUnit does not).
    var detail: String? = nil
    /// How the first failure came about (the event stream says; xUnit does not).
    var source: EventStream.Issue.Source? = nil
    /// What the lesson harness recorded about the first failure: its kind and what to show, in
    /// both languages. Nil when it recorded nothing (a test outside the harness, a crash).
    var record: HarnessRecord? = nil
    /// The harness gave up waiting for the student's code in this test: that code may still be
    /// running in the test process.
    var gaveUp = false
    var passed: Bool { failure == nil }
}

/// Reads the xUnit XML that `swift test --xunit-output` writes for Swift Testing.
enum XUnitReport {
    static func parse(_ xml: String) -> [TestCaseResult] {
        var results: [TestCaseResult] = []
        var scanner = xml[...]
        while let start = scanner.range(of: "<testcase ") {
            let rest = scanner[start.upperBound...]
            guard let tagEnd = rest.firstIndex(of: ">") else { break }
            let header = rest[..<tagEnd]
            let afterTag = rest.index(after: tagEnd)
            var body = Substring("")
            if header.hasSuffix("/") {
                scanner = rest[afterTag...]
            } else if let close = rest[afterTag...].range(of: "</testcase>") {   // after the tag, even in a torn file
                body = rest[afterTag..<close.lowerBound]
                scanner = rest[close.upperBound...]
            } else {
                break
            }
            let classname = attribute("classname", in: header) ?? ""
            let suite = classname.split(separator: ".").last.map(String.init) ?? classname
            let name = attribute("name", in: header) ?? ""
            var failure: String?
            if let failureStart = body.range(of: "<failure") {
                let failureHeader = body[failureStart.upperBound...]
                failure = attribute("message", in: failureHeader.prefix { $0 != ">" }) ?? Text(en: "failed", zh: "失败").localized
            }
            results.append(TestCaseResult(suite: suite, name: name, failure: failure))
        }
        return results
    }

    /// The value of `name="…"` in a tag, unescaped.
    static func attribute(_ name: String, in tag: Substring) -> String? {
        guard let start = tag.range(of: " \(name)=\"") ?? tag.range(of: "\(name)=\"") else { return nil }
        let rest = tag[start.upperBound...]
        guard let end = rest.firstIndex(of: "\"") else { return nil }
        return unescape(String(rest[..<end]))
    }

    /// XML's five named entities and numeric character references (`&#8212;`, `&#x2014;`).
    static func unescape(_ text: String) -> String {
        guard text.contains("&") else { return text }
        var result = ""
        var rest = Substring(text)
        while let amp = rest.firstIndex(of: "&") {
            result += rest[..<amp]
            guard let semicolon = rest[amp...].firstIndex(of: ";"), rest.distance(from: amp, to: semicolon) <= 10 else {
                result += "&"
                rest = rest[rest.index(after: amp)...]
                continue
            }
            let entity = rest[rest.index(after: amp)..<semicolon]
            switch entity {
            case "quot": result += "\""
            case "apos": result += "'"
            case "lt": result += "<"
            case "gt": result += ">"
            case "amp": result += "&"
            default:
                let code =
                    entity.hasPrefix("#x")
                    ? UInt32(entity.dropFirst(2), radix: 16)
                    : entity.hasPrefix("#") ? UInt32(entity.dropFirst()) : nil
                if let code, let scalar = Unicode.Scalar(code) { result.unicodeScalars.append(scalar) } else { result += "&\(entity);" }
            }
            rest = rest[rest.index(after: semicolon)...]
        }
        return result + rest
    }
}
