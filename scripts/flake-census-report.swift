// The report of scripts/flake-census.sh: reads the event streams of the suite runs it made
// (the test program's `--event-stream-output-path FILE`: JSON, one record a line, the records
// Swift Testing writes for tools) and prints every test that recorded an issue in at least one
// run, with how many runs it failed in, and each failure: its message and where it was
// recorded. A run whose stream has no end (the test process crashed or was killed) is named
// too. Exit 0: every run ended and no test failed; 1: something to look at.
//
// Usage: swift scripts/flake-census-report.swift RUN.jsonl…
import Foundation

struct Failure {
    var run: String
    var messages: [String]
    var location: String
}

var names: [String: String] = [:]   // test id → display name
var failures: [String: [Failure]] = [:]   // test id → its failures, in every run
var unfinished: [String] = []
var testCases = 0

func string(_ value: Any?) -> String? { value as? String }

for path in CommandLine.arguments.dropFirst() {
    let run = (path as NSString).lastPathComponent
    guard let data = FileManager.default.contents(atPath: path) else {
        unfinished.append("\(run): no event stream")
        continue
    }
    var ended = false
    for line in data.split(separator: UInt8(ascii: "\n")) {
        guard let record = (try? JSONSerialization.jsonObject(with: Data(line))) as? [String: Any],
            let payload = record["payload"] as? [String: Any]
        else { continue }
        switch string(record["kind"]) {
        case "test":
            if let id = string(payload["id"]) { names[id] = string(payload["displayName"]) ?? string(payload["name"]) }
        case "event":
            switch string(payload["kind"]) {
            case "runEnded": ended = true
            case "testCaseEnded": testCases += 1
            case "issueRecorded":
                let issue = payload["issue"] as? [String: Any] ?? [:]
                if issue["isKnown"] as? Bool == true { continue }
                let id = string(payload["testID"]) ?? "(no test)"
                let messages = (payload["messages"] as? [[String: Any]] ?? []).compactMap { string($0["text"]) }
                let place = issue["sourceLocation"] as? [String: Any]
                let location = place.map { "\(string($0["fileID"]) ?? "?"):\($0["line"].map { "\($0)" } ?? "?")" } ?? "?"
                failures[id, default: []].append(Failure(run: run, messages: messages, location: location))
            default: break
            }
        default: break
        }
    }
    if !ended { unfinished.append("\(run): the stream stops before the run's end (the test process crashed or was killed)") }
}

let runs = CommandLine.arguments.count - 1
print("flake census: \(runs) suite runs read, \(testCases) test cases ended in all")
for problem in unfinished { print("✘ \(problem)") }
if failures.isEmpty {
    print(unfinished.isEmpty ? "no test failed in any run" : "no test recorded a failure in what the streams hold")
}
for (id, list) in failures.sorted(by: { $0.value.count != $1.value.count ? $0.value.count > $1.value.count : $0.key < $1.key }) {
    let inRuns = Set(list.map(\.run)).count
    print("")
    print("✘ \(names[id] ?? id)")
    print("  \(id)")
    print("  failed in \(inRuns) of \(runs) runs (\(list.count) issues)")
    // The first three issues of each run in full; a test that fails one way fails that way often.
    for run in list.map(\.run).reduce(into: [String](), { if !$0.contains($1) { $0.append($1) } }) {
        let ofRun = list.filter { $0.run == run }
        for failure in ofRun.prefix(3) {
            print("  · \(failure.run) at \(failure.location):")
            for message in failure.messages { print("      " + message.replacingOccurrences(of: "\n", with: "\n      ")) }
        }
        if ofRun.count > 3 { print("  · \(run): and \(ofRun.count - 3) more issues") }
    }
}
exit(failures.isEmpty && unfinished.isEmpty ? 0 : 1)
