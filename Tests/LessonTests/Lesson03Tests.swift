import Testing

/// Lesson 03: the student's common-mode bookkeeping inside the reference loop, against the engine's own.
@Suite("Lesson 03 — Common modes", .serialized, .tags(.lesson03, .level1, .build))
struct Lesson03Tests {
    static let student = Loop.Mechanisms.reference.with(commonModes: StudentCommonModes.self)

    static func compare(_ scenario: @escaping @Sendable (Loop, VirtualClock) throws -> Void) async throws -> (actual: [String], expected: [String]) {
        try await Kata.traces(lesson: 3, student: student, filter: [.callouts, .notes, .results], scenario)
    }

    @Test("An item added to .common reaches every common mode")
    func reachesEveryCommonMode() async throws {
        let (actual, expected) = try await Self.compare { loop, _ in
            loop.addCommonMode(.tracking)
            try loop.add(try Loop.Timer(name: "ticker", fireDate: loop.now + 1, interval: 1) { _ in }, forMode: .common)
            try loop.run(mode: .default, timeout: 1.5)
            loop.note("scrolling: the tracking mode runs")
            try loop.run(mode: .tracking, timeout: 1.5)
        }
        Kata.expectSameLines(actual, expected, hint: "`addCommonItem` answers the modes that are common right now — here default and tracking — and the loop adds the timer to each.")
        #expect(actual.filter { $0.contains("timer \"ticker\"") }.count == 3, "ticks at 1 s (default), 2 s and 3 s (tracking)")
    }

    @Test("The default mode is common from the start")
    func defaultIsCommon() async throws {
        let (actual, expected) = try await Self.compare { loop, _ in
            try loop.add(try Loop.Timer(name: "common timer", fireDate: loop.now + 1) { _ in }, forMode: .common)
            let result = try loop.run(mode: .default, timeout: 2)
            loop.note("default run: \(result)")
        }
        Kata.expectSameLines(actual, expected, hint: "A new loop's common modes are {default}: the loop calls `markCommon(.default)` right after making your struct — remember it.")
        #expect(actual.contains { $0.contains("timer \"common timer\"") })
    }

    @Test("A mode that is not common gets nothing of .common, even a mode that runs")
    func notCommonGetsNothing() async throws {
        let (actual, expected) = try await Self.compare { loop, _ in
            // Not the main loop: here the tracking mode is just another mode, never marked common.
            try loop.add(Loop.Port(name: "private keep-alive"), forMode: "private")
            try loop.add(Loop.Port(name: "touches"), forMode: .tracking)
            try loop.add(try Loop.Timer(name: "common ticker", fireDate: loop.now + 1, interval: 1) { _ in }, forMode: .common)
            loop.perform(inModes: [.common], name: "common block") {}
            try loop.run(mode: "private", timeout: 1.5)
            try loop.run(mode: .tracking, timeout: 1.5)
            loop.note("back to default")
            try loop.run(mode: .default, timeout: 1)
        }
        Kata.expectSameLines(actual, expected, hint: """
            Only modes marked common receive common items. \"private\" and tracking exist and run, but this \
            loop never marked them common (only the main loop marks tracking): nothing of `.common` may fire \
            there. Answer `commonModes` — not every mode you know of.
            """)
        #expect(!actual.contains { ($0.contains("private ") || $0.contains("tracking ")) && ($0.contains("timer") || $0.contains("block")) })
        #expect(actual.contains { $0.contains("default   timer \"common ticker\"") }, "the ticker, late, once back in default")
    }

    @Test(".common names a set of modes: it is never a mode of its own")
    func commonIsNotAMode() async throws {
        let (actual, expected) = try await Self.compare { loop, _ in
            let ticker = try Loop.Timer(name: "ticker", fireDate: loop.now + 1, interval: 1) { _ in }
            try loop.add(ticker, forMode: .common)
            loop.addCommonMode(.tracking)
            loop.note("common modes: \(loop.commonModes.map(\.name).sorted())")
            loop.note("items in a mode named \"common\": \(loop.items(inMode: .common).count)")
            loop.note("tracking holds the ticker: \(loop.contains(.timer(ticker), inMode: .tracking))")
            try loop.run(mode: .tracking, timeout: 1.5)
        }
        Kata.expectSameLines(actual, expected, hint: """
            `.common` is the name of the set, not a member of it: never put it in `commonModes` and never \
            answer it from `addCommonItem` — the loop would make a mode named kCFRunLoopCommonModes that nothing can run.
            """)
        #expect(actual.first == "      0 ms  default   · common modes: [\"default\", \"tracking\"]")
        #expect(actual.dropFirst().first == "      0 ms  default   · items in a mode named \"common\": 0")
    }

    @Test("A mode marked common later receives every common item")
    func markedLater() async throws {
        let (actual, expected) = try await Self.compare { loop, _ in
            try loop.add(try Loop.Timer(name: "ticker", fireDate: loop.now + 1, interval: 1) { _ in }, forMode: .common)
            try loop.add(Loop.Source(name: "events") { Loop.current.note("events handled") }, forMode: .common)
            loop.note("the modal mode is marked common only now")
            loop.addCommonMode("modal")
            try loop.run(mode: "modal", timeout: 1.5)
        }
        Kata.expectSameLines(actual, expected, hint: "`markCommon` returns the common items remembered so far, so the new common mode gets the timer and the source added before it was marked (CFRunLoopAddCommonMode).")
        #expect(actual.contains { $0.contains("modal") && $0.contains("timer \"ticker\"") })
    }

    @Test("An item removed from .common is forgotten: a mode marked later does not get it, and runs empty")
    func removedIsForgotten() async throws {
        let (actual, expected) = try await Self.compare { loop, _ in
            let ticker = try Loop.Timer(name: "ticker", fireDate: loop.now + 1, interval: 1) { _ in }
            let events = Loop.Source(name: "events") { Loop.current.note("events handled") }
            try loop.add(ticker, forMode: .common)
            try loop.add(events, forMode: .common)
            loop.remove(.timer(ticker), fromMode: .common)
            loop.remove(.source(events), fromMode: .common)
            loop.note("both removed from .common; now \"later\" is marked common")
            loop.addCommonMode("later")
            loop.note("\"later\" holds: \(loop.items(inMode: "later").map(\.description))")
            events.signal()
            let result = try loop.run(mode: "later", timeout: 2)
            loop.note("run(later) returned \(result)")
        }
        Kata.expectSameLines(actual, expected, hint: """
            `removeCommonItem` must forget the item, not only answer the modes it leaves. The loop asks \
            `markCommon` what a newly marked mode receives: an item you still remember comes back — here \
            "later" gets the ticker and the source again, and instead of finishing at once (it holds \
            nothing) its run handles the source and waits out its timeout.
            """)
        #expect(actual.last?.hasSuffix("run(later) returned finished") == true)
    }

    @Test("An item added to .common twice is one common item: one removal forgets it")
    func addedTwiceRemovedOnce() async throws {
        let (actual, expected) = try await Self.compare { loop, _ in
            let ticker = try Loop.Timer(name: "ticker", fireDate: loop.now + 1, interval: 1) { _ in }
            try loop.add(ticker, forMode: .common)
            try loop.add(ticker, forMode: .common)
            loop.remove(.timer(ticker), fromMode: .common)
            loop.addCommonMode("later")
            loop.note("\"later\" holds the ticker: \(loop.contains(.timer(ticker), inMode: "later"))")
            try loop.add(Loop.Port(name: "keep-alive"), forMode: "later")
            try loop.run(mode: "later", timeout: 1.5)
        }
        Kata.expectSameLines(actual, expected, hint: """
            Adding the same item to `.common` again changes nothing: remember each item once (check \
            before you append). Remembered twice, one removal leaves a copy behind, and a mode marked \
            later gets the ticker back.
            """)
        #expect(!actual.contains { $0.contains("timer \"ticker\"") })
    }

    @Test("Marking a mode common again changes nothing")
    func markingAgainChangesNothing() async throws {
        let (actual, expected) = try await Self.compare { loop, _ in
            loop.addCommonMode(.tracking)
            let ticker = try Loop.Timer(name: "ticker", fireDate: loop.now + 1, interval: 1) { _ in }
            try loop.add(ticker, forMode: .common)
            loop.remove(.timer(ticker), fromMode: .tracking)   // out of tracking only: it stays a common item
            loop.note("ticker taken out of tracking only")
            loop.addCommonMode(.tracking)                      // tracking is common already
            loop.note("tracking marked common again; it holds the ticker: \(loop.contains(.timer(ticker), inMode: .tracking))")
            try loop.add(Loop.Port(name: "touches"), forMode: .tracking)
            try loop.run(mode: .tracking, timeout: 1.5)
        }
        Kata.expectSameLines(actual, expected, hint: """
            `markCommon` of a mode that is common already answers no items (CFRunLoopAddCommonMode does \
            nothing then). Answering every common item again puts the ticker back into tracking, where \
            it was taken out on purpose.
            """)
        #expect(!actual.contains { $0.contains("timer \"ticker\"") })
    }

    @Test("A mode marked common later receives the common items in the order they were added")
    func markedLaterInOrder() async throws {
        let names = ["first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth"]
        let (actual, expected) = try await Self.compare { loop, _ in
            for name in names {
                try loop.add(Loop.Observer(name: name, activities: .entry) { _ in Loop.current.note("\(name) observer") }, forMode: .common)
            }
            loop.addCommonMode("modal")
            try loop.add(Loop.Port(name: "keep-alive"), forMode: "modal")
            try loop.run(mode: "modal", timeout: 0)
        }
        Kata.expectSameLines(actual, expected, hint: """
            Keep the common items in the order they were added (an array, not a `Set`): `markCommon` \
            answers them in that order, the loop adds them to the new mode in that order, and observers \
            of equal order are told in the order they were added.
            """)
        let told = actual.compactMap { line in names.first { line.hasSuffix("· \($0) observer") } }
        #expect(told == names, "told in the order they were added to .common")
    }

    @Test("Removing an item from .common takes it out of every common mode")
    func removeFromCommon() async throws {
        let (actual, expected) = try await Self.compare { loop, _ in
            loop.addCommonMode(.tracking)
            let timer = try Loop.Timer(name: "ticker", fireDate: loop.now + 1, interval: 1) { _ in }
            try loop.add(timer, forMode: .common)
            try loop.add(Loop.Port(name: "keep-alive"), forMode: .common)
            loop.remove(.timer(timer), fromMode: .common)
            try loop.run(mode: .default, timeout: 1.5)
            try loop.run(mode: .tracking, timeout: 1.5)
            loop.addCommonMode("later")
            let result = try loop.run(mode: "later", timeout: 1.5)
            loop.note("later: \(result)")
        }
        Kata.expectSameLines(actual, expected, hint: "`removeCommonItem` forgets the item (so a mode marked later does not get it) and answers every common mode it must leave.")
        #expect(!actual.contains { $0.contains("timer \"ticker\"") })
    }
}

extension ChineseTestNames {
    static let lesson03: [String: String] = [:]
}
