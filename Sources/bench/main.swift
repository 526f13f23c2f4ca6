// `swift run -c release bench [--json FILE] [--quick]`
// `bench --profile roundtrip|lateness|blocks|timers|idle engine|foundation`: one side, one
// measurement, for a profiler (valgrind --tool=callgrind, perf record); prints its raw result.
//
// Our engine and Foundation's RunLoop (the real CFRunLoop, swift-corelibs-foundation), measured
// side by side in one run, doing the same work. Each figure is the median of several rounds;
// rounds alternate between the two sides so that a change in the machine's load hits both.
// Prints one line per figure (`figure=<name> engine=<v> foundation=<v> ratio=<engine/foundation>`),
// then a table with the targets of issue 6.
import Foundation

struct Figure {
    let name: String
    let unit: String
    let engine: Double
    let foundation: Double
    /// The target, as text, and whether it is met.
    let target: String
    let met: Bool
    var ratio: Double { engine / foundation }
}

let arguments = CommandLine.arguments
let quick = arguments.contains("--quick")
let jsonPath = arguments.firstIndex(of: "--json").flatMap { $0 + 1 < arguments.count ? arguments[$0 + 1] : nil }
let rounds = quick ? 1 : 5
let started = Date()

func log(_ text: String) {
    FileHandle.standardError.write(Data("· \(text)\n".utf8))
}

/// Runs `measure` for each side, `count` times, alternating; returns the per-side results.
func alternate<T>(_ count: Int, _ what: String, _ measure: (Side) -> T) -> [Side: [T]] {
    var results: [Side: [T]] = [:]
    for round in 0..<count {
        for side in round % 2 == 0 ? Side.allCases : Side.allCases.reversed() {
            results[side, default: []].append(measure(side))
        }
        log("\(what): round \(round + 1) of \(count)")
    }
    return results
}

func loadAverage() -> String {
    SystemReads.loadAverage().map { $0.map { String(format: "%.2f", $0) }.joined(separator: " ") } ?? "?"
}

if let index = arguments.firstIndex(of: "--profile"), index + 2 < arguments.count, let side = Side(rawValue: arguments[index + 2]) {
    switch arguments[index + 1] {
    case "roundtrip":
        for _ in 0..<3 { let trips = Measure.roundTrips(side, count: 20_000); print(trips.quantile(0.5), trips.quantile(0.9), trips.quantile(0.99), trips.quantile(0.999)) }
    case "lateness": let lateness = Measure.timerLateness(side, count: 500); print(lateness.late.quantile(0.5), lateness.late.quantile(0.99), lateness.cpuPerTimer)
    case "blocks": print(Measure.blocksPerSecond(side, total: 1_000_000))
    case "timers": print(Measure.timers(side, count: 160_000))
    default: print(Measure.idleCPU(side))
    }
    exit(0)
}

let loadBefore = loadAverage()
var figures: [Figure] = []

// Round trip
let trips = alternate(rounds, "round trip") { Measure.roundTrips($0, count: quick ? 500 : 2000) }
for (name, q) in [("roundtrip_p50", 0.5), ("roundtrip_p99", 0.99)] {
    let e = trips[.engine]!.map { $0.quantile(q) }.median, f = trips[.foundation]!.map { $0.quantile(q) }.median
    figures.append(Figure(name: name, unit: "µs", engine: e, foundation: f, target: "≤ 0.5×", met: e / f <= 0.5))
}

// Timer lateness
let lateness = alternate(rounds, "timer lateness") { Measure.timerLateness($0, count: quick ? 100 : 200) }
for (name, q, limit) in [("timer_late_p50", 0.5, 0.5), ("timer_late_p99", 0.99, 1.0)] {
    let e = lateness[.engine]!.map { $0.late.quantile(q) }.median, f = lateness[.foundation]!.map { $0.late.quantile(q) }.median
    figures.append(Figure(name: name, unit: "µs", engine: e, foundation: f, target: "≤ \(limit)×", met: e / f <= limit))
}

// Blocks
let blocks = alternate(rounds, "blocks") { Measure.blocksPerSecond($0, total: quick ? 50_000 : 200_000) }
do {
    let e = blocks[.engine]!.median, f = blocks[.foundation]!.median
    figures.append(Figure(name: "blocks_per_s", unit: "/s", engine: e, foundation: f, target: "≥ 5×", met: e / f >= 5))
}

// Timers added then fired
var phases: [Int: [Side: Measure.TimerPhases]] = [:]
for count in [10_000, 40_000, 160_000] {
    let runs = alternate(rounds, "\(count / 1000)k timers") { Measure.timers($0, count: count) }
    var medians: [Side: Measure.TimerPhases] = [:]
    for side in Side.allCases {
        let all = runs[side]!
        medians[side] = Measure.TimerPhases(add: all.map(\.add).median, fire: all.map(\.fire).median, cpu: all.map(\.cpu).median)
    }
    phases[count] = medians
    let e = runs[.engine]!.map(\.total).median, f = runs[.foundation]!.map(\.total).median
    let is160k = count == 160_000
    figures.append(Figure(name: "timers_\(count / 1000)k", unit: "s", engine: e, foundation: f,
                          target: is160k ? "≥ 10× faster" : "", met: is160k ? e / f <= 0.1 : true))
}

// Idle CPU
let idle = alternate(quick ? 1 : 3, "idle CPU") { Measure.idleCPU($0) }
do {
    let e = idle[.engine]!.median, f = idle[.foundation]!.median
    figures.append(Figure(name: "idle_cpu", unit: "s", engine: e, foundation: f, target: "≤ 2 ms", met: e <= 0.002))
}

// Output
func formatted(_ value: Double) -> String {
    if value.isNaN || value.isInfinite { return "n/a" }
    if value == 0 { return "0" }
    if abs(value) >= 1000 { return String(format: "%.0f", value) }
    if abs(value) >= 1 { return String(format: "%.2f", value) }
    return String(format: "%.4g", value)
}

for figure in figures {
    print("figure=\(figure.name) engine=\(formatted(figure.engine)) foundation=\(formatted(figure.foundation)) ratio=\(formatted(figure.ratio))")
}

let seconds = Date().timeIntervalSince(started)
let loadAfter = loadAverage()
print("")
print("| figure | unit | engine | Foundation | engine / Foundation | target | met |")
print("|---|---|---:|---:|---:|---|---|")
for figure in figures {
    let met = figure.target.isEmpty ? "" : figure.met ? "yes" : "no"
    print("| `\(figure.name)` | \(figure.unit) | \(formatted(figure.engine)) | \(formatted(figure.foundation)) | \(formatted(figure.ratio)) | \(figure.target) | \(met) |")
}
print("")
print("timers, elapsed add + fire, and the loop thread's CPU time (s):")
for count in [10_000, 40_000, 160_000] {
    let p = phases[count]!, e = p[.engine]!, f = p[.foundation]!
    print("  \(count / 1000)k: engine \(formatted(e.add)) + \(formatted(e.fire)), CPU \(formatted(e.cpu));"
          + " Foundation \(formatted(f.add)) + \(formatted(f.fire)), CPU \(formatted(f.cpu)); CPU ratio \(formatted(e.cpu / f.cpu))")
}
do {
    let e = lateness[.engine]!.map(\.cpuPerTimer).median, f = lateness[.foundation]!.map(\.cpuPerTimer).median
    print("timer lateness, the loop thread's CPU time per timer: engine \(formatted(e)) µs; Foundation \(formatted(f)) µs")
}
print("medians of \(rounds) rounds (idle CPU: \(quick ? 1 : 3)); load average \(loadBefore) before, \(loadAfter) after; \(Int(seconds)) s in all")

if let jsonPath {
    var json: [String: Any] = [
        "load_before": loadBefore, "load_after": loadAfter, "seconds": seconds, "rounds": rounds,
    ]
    json["figures"] = Dictionary(uniqueKeysWithValues: figures.map { figure in
        (figure.name, ["engine": figure.engine, "foundation": figure.foundation, "ratio": figure.ratio,
                       "unit": figure.unit, "target": figure.target, "met": figure.met] as [String: Any])
    })
    do {
        let data = try JSONSerialization.data(withJSONObject: json, options: [.prettyPrinted, .sortedKeys])
        try data.write(to: URL(fileURLWithPath: jsonPath))
    } catch {
        log("could not write \(jsonPath): \(error)")
        exit(1)
    }
}
