// `swift run -c release bench [--json FILE] [--quick]`
// `bench --profile roundtrip|lateness|blocks|timers|idle engine|foundation|floor`: one side, one
// measurement, for a profiler (valgrind --tool=callgrind, perf record); prints its raw result.
//
// Our engine and Foundation's RunLoop (the real CFRunLoop, swift-corelibs-foundation), measured
// side by side in one run, doing the same work, and beside them the floor: the same work with
// no run loop at all (Floor.swift), the least the machine needs for it. Each figure is the
// median of several rounds; rounds rotate among the three sides so that a change in the
// machine's load hits all of them.
// Prints one line per figure (`figure=<name> engine=<v> foundation=<v> floor=<v>
// ratio=<engine/foundation> engine_floor=<engine/floor> foundation_floor=<foundation/floor>`),
// then a table of each figure against its targets: one against Foundation (what a user
// compares), one against the floor (how much a loop adds to what the hardware needs).
import Foundation

struct Figure {
    let name: String
    let unit: String
    let engine: Double
    let foundation: Double
    let floor: Double
    /// The target against Foundation, as text, and whether it is met.
    let target: String
    let met: Bool
    /// The target against the floor, as text, and whether it is met.
    var floorTarget = ""
    var floorMet = true
    var ratio: Double { engine / foundation }
    var engineToFloor: Double { engine / floor }
    var foundationToFloor: Double { foundation / floor }
}

let arguments = CommandLine.arguments
let quick = arguments.contains("--quick")
let jsonPath = arguments.firstIndex(of: "--json").flatMap { $0 + 1 < arguments.count ? arguments[$0 + 1] : nil }
let rounds = quick ? 1 : 5
let started = Date()

func log(_ text: String) {
    FileHandle.standardError.write(Data("· \(text)\n".utf8))
}

/// Runs `measure` for each side, `count` times, the order rotating from round to round (each
/// side goes first, second and last in turn); returns the per-side results.
func alternate<T>(_ count: Int, _ what: String, _ measure: (Side) -> T) -> [Side: [T]] {
    var results: [Side: [T]] = [:]
    let sides = Side.allCases
    for round in 0..<count {
        let shift = round % sides.count
        for side in sides[shift...] + sides[..<shift] {
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
        for _ in 0..<3 {
            let trips = Measure.roundTrips(side, count: 20_000); print(trips.quantile(0.5), trips.quantile(0.9), trips.quantile(0.99), trips.quantile(0.999))
        }
    case "lateness":
        let lateness = Measure.timerLateness(side, count: 500); print(lateness.late.quantile(0.5), lateness.late.quantile(0.99), lateness.cpuPerTimer)
        if side == .floor {   // and the bare sleep, with no final spin
            let bare = Floor.timerLateness(count: 500, finalSpin: false); print(bare.late.quantile(0.5), bare.late.quantile(0.99), bare.cpuPerTimer)
        }
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
/// The median over rounds of one side's figure.
func median<T>(_ runs: [Side: [T]], _ side: Side, _ figure: (T) -> Double) -> Double { runs[side]!.map(figure).median }

// Targets against the floor, each "the engine ≤ limit × the floor" (for blocks/s, "≥ 1/limit ×").
// Round trip: a loop adds a queue, a lock and its wake-up check to the floor's two context
// switches, which should stay small beside them (1.3×; 1.5× at p99). Timer lateness: the floor
// is the best the machine can do (no timer slack, a final spin to the deadline), so the engine
// cannot beat it by more than noise: 0.5× or more, else the floor is not one (no upper target:
// the figure says how far the loop's wake-up, pass and callout keep it from that best). Blocks: a block is a closure in a queue, as in the floor, plus its
// mode check and the queue's lock (within 2×). Timers: a timer is an object (allocated,
// invalidatable, its state behind a lock) in a heap, where the floor is an entry in one (5×).
for (name, q, limit) in [("roundtrip_p50", 0.5, 1.3), ("roundtrip_p99", 0.99, 1.5)] {
    let e = median(trips, .engine) { $0.quantile(q) }, f = median(trips, .foundation) { $0.quantile(q) }, b = median(trips, .floor) { $0.quantile(q) }
    figures.append(
        Figure(
            name: name, unit: "µs", engine: e, foundation: f, floor: b, target: "≤ 0.5×", met: e / f <= 0.5,
            floorTarget: "≤ \(limit)×", floorMet: e / b <= limit))
}

// Timer lateness
let lateness = alternate(rounds, "timer lateness") { Measure.timerLateness($0, count: quick ? 100 : 200) }
for (name, q, limit) in [("timer_late_p50", 0.5, 0.5), ("timer_late_p99", 0.99, 1.0)] {
    let e = median(lateness, .engine) { $0.late.quantile(q) }, f = median(lateness, .foundation) { $0.late.quantile(q) }
    let b = median(lateness, .floor) { $0.late.quantile(q) }
    figures.append(
        Figure(
            name: name, unit: "µs", engine: e, foundation: f, floor: b, target: "≤ \(limit)×", met: e / f <= limit,
            floorTarget: "≥ 0.5×", floorMet: e / b >= 0.5))
}

// The kernel's own wake-up latency beside it: the floor's sleep with no final spin.
let bareSleeps = (0..<rounds).map { _ in Floor.timerLateness(count: quick ? 100 : 200, finalSpin: false) }

// Blocks
let blocks = alternate(rounds, "blocks") { Measure.blocksPerSecond($0, total: quick ? 50_000 : 200_000) }
do {
    let e = blocks[.engine]!.median, f = blocks[.foundation]!.median, b = blocks[.floor]!.median
    figures.append(
        Figure(
            name: "blocks_per_s", unit: "/s", engine: e, foundation: f, floor: b, target: "≥ 5×", met: e / f >= 5,
            floorTarget: "≥ 0.5×", floorMet: e / b >= 0.5))
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
    let e = median(runs, .engine, \.total), f = median(runs, .foundation, \.total), b = median(runs, .floor, \.total)
    let is160k = count == 160_000
    figures.append(
        Figure(
            name: "timers_\(count / 1000)k", unit: "s", engine: e, foundation: f, floor: b,
            target: is160k ? "≥ 10× faster" : "", met: is160k ? e / f <= 0.1 : true,
            floorTarget: is160k ? "≤ 5×" : "", floorMet: is160k ? e / b <= 5 : true))
}

// Idle CPU
let idle = alternate(quick ? 1 : 3, "idle CPU") { Measure.idleCPU($0) }
do {
    // No target against the floor: a blocked thread uses next to nothing, and the target is absolute.
    let e = idle[.engine]!.median, f = idle[.foundation]!.median, b = idle[.floor]!.median
    figures.append(Figure(name: "idle_cpu", unit: "s", engine: e, foundation: f, floor: b, target: "≤ 2 ms", met: e <= 0.002))
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
    print(
        "figure=\(figure.name) engine=\(formatted(figure.engine)) foundation=\(formatted(figure.foundation)) floor=\(formatted(figure.floor))"
            + " ratio=\(formatted(figure.ratio)) engine_floor=\(formatted(figure.engineToFloor)) foundation_floor=\(formatted(figure.foundationToFloor))")
}

let seconds = Date().timeIntervalSince(started)
let loadAfter = loadAverage()
print("")
print("| figure | unit | engine | Foundation | floor | engine / Foundation | target | met | engine / floor | target | met | Foundation / floor |")
print("|---|---|---:|---:|---:|---:|---|---|---:|---|---|---:|")
for figure in figures {
    let met = figure.target.isEmpty ? "" : figure.met ? "yes" : "no"
    let floorMet = figure.floorTarget.isEmpty ? "" : figure.floorMet ? "yes" : "no"
    print(
        "| `\(figure.name)` | \(figure.unit) | \(formatted(figure.engine)) | \(formatted(figure.foundation)) | \(formatted(figure.floor))"
            + " | \(formatted(figure.ratio)) | \(figure.target) | \(met) | \(formatted(figure.engineToFloor)) | \(figure.floorTarget) | \(floorMet)"
            + " | \(formatted(figure.foundationToFloor)) |")
}
print("")
print("timers, elapsed add + fire, and the loop thread's CPU time (s):")
for count in [10_000, 40_000, 160_000] {
    let p = phases[count]!, e = p[.engine]!, f = p[.foundation]!, b = p[.floor]!
    print(
        "  \(count / 1000)k: engine \(formatted(e.add)) + \(formatted(e.fire)), CPU \(formatted(e.cpu));"
            + " Foundation \(formatted(f.add)) + \(formatted(f.fire)), CPU \(formatted(f.cpu));"
            + " floor \(formatted(b.add)) + \(formatted(b.fire)), CPU \(formatted(b.cpu));"
            + " CPU ratio engine/Foundation \(formatted(e.cpu / f.cpu)), engine/floor \(formatted(e.cpu / b.cpu))")
}
do {
    let e = median(lateness, .engine, \.cpuPerTimer), f = median(lateness, .foundation, \.cpuPerTimer), b = median(lateness, .floor, \.cpuPerTimer)
    print(
        "timer lateness, the loop thread's CPU time per timer: engine \(formatted(e)) µs; Foundation \(formatted(f)) µs; floor (a sleep with no slack, then a spin) \(formatted(b)) µs"
    )
    let p50 = bareSleeps.map { $0.late.quantile(0.5) }.median, p99 = bareSleeps.map { $0.late.quantile(0.99) }.median
    print(
        "timer lateness of a bare sleep with no slack and no spin (the kernel's wake-up latency): p50 \(formatted(p50)) µs, p99 \(formatted(p99)) µs, CPU per sleep \(formatted(bareSleeps.map(\.cpuPerTimer).median)) µs"
    )
}
print("medians of \(rounds) rounds (idle CPU: \(quick ? 1 : 3)); load average \(loadBefore) before, \(loadAfter) after; \(Int(seconds)) s in all")

if let jsonPath {
    var json: [String: Any] = [
        "load_before": loadBefore, "load_after": loadAfter, "seconds": seconds, "rounds": rounds,
    ]
    json["figures"] = Dictionary(
        uniqueKeysWithValues: figures.map { figure in
            (
                figure.name,
                [
                    "engine": figure.engine, "foundation": figure.foundation, "floor": figure.floor, "ratio": figure.ratio,
                    "engine_floor": figure.engineToFloor, "foundation_floor": figure.foundationToFloor,
                    "unit": figure.unit, "target": figure.target, "met": figure.met,
                    "floor_target": figure.floorTarget, "floor_met": figure.floorMet,
                ] as [String: Any]
            )
        })
    do {
        let data = try JSONSerialization.data(withJSONObject: json, options: [.prettyPrinted, .sortedKeys])
        try data.write(to: URL(fileURLWithPath: jsonPath))
    } catch {
        log("could not write \(jsonPath): \(error)")
        exit(1)
    }
}
