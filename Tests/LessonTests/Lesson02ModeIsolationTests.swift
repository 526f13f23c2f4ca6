import Testing

/// Lesson 02: the student's mode item table inside the reference loop, against the engine's own.
@Suite("Lesson 02 — Mode isolation", .serialized, .tags(.lesson02, .level1, .build))
struct Lesson02Tests {
    static let student = Loop.Mechanisms.reference.with(modeItemTable: StudentModeItemTable.self)

    static func compare(_ scenario: @escaping @Sendable (Loop, VirtualClock) throws -> Void) async throws -> (actual: [String], expected: [String]) {
        try await Kata.traces(lesson: 2, student: student, scenario)
    }

    @Test("One mode runs at a time: the items of other modes wait")
    func otherModesWait() async throws {
        let (actual, expected) = try await Self.compare { loop, _ in
            try loop.add(try Loop.Timer(name: "default timer", fireDate: loop.now + 1) { _ in }, forMode: .default)
            try loop.add(try Loop.Timer(name: "editing timer", fireDate: loop.now + 1) { _ in }, forMode: "editing")
            try loop.add(Loop.Port(name: "keep-alive"), forMode: .default)
            try loop.run(mode: .default, timeout: 2)
            loop.note("now the editing mode")
            try loop.run(mode: "editing", timeout: 2)
        }
        Kata.expectSameLines(actual, expected, hint: "Each mode has its own table: a run of the default mode must not see the editing mode's timer, which fires only when its own mode runs (late, at 2 s).")
        #expect(actual.contains { $0.contains("2000 ms  editing   timer \"editing timer\"") })
    }

    @Test("An empty mode returns finished at once, without entry or exit")
    func emptyModeReturnsAtOnce() async throws {
        let (actual, expected) = try await Self.compare { loop, _ in
            try loop.add(try Loop.Timer(name: "elsewhere", fireDate: loop.now + 1) { _ in }, forMode: "elsewhere")
            let result = try loop.run(mode: .default, timeout: 10)
            loop.note("run(default) returned \(result)")
            try loop.add(Loop.Source(name: "work") {}, forMode: .default)
            let second = try loop.run(mode: .default, timeout: 1)
            loop.note("with a source it returned \(second)")
        }
        Kata.expectSameLines(actual, expected, hint: "`isEmpty` is true when the mode holds no source, port or timer. The loop then returns finished without telling anyone; with one source it runs until its timeout.")
        #expect(actual.contains { $0.contains("returned finished") })
    }

    @Test("Observers alone keep nothing alive")
    func observersDoNotCount() async throws {
        let (actual, expected) = try await Self.compare { loop, _ in
            try loop.add(Loop.Observer(name: "watcher", activities: .all) { activity in Loop.current.note("told: \(activity)") }, forMode: .default)
            let result = try loop.run(mode: .default, timeout: 5)
            loop.note("a mode with only an observer: \(result)")
        }
        Kata.expectSameLines(actual, expected, hint: "An observer watches the loop; it gives it nothing to wait for. A mode with only observers is empty: count sources, ports and timers only.")
        #expect(!actual.contains { $0.contains("told:") }, "the observer is never told anything: the run never started")
    }

    @Test("An item added twice to a mode is held once")
    func addedTwiceHeldOnce() async throws {
        let (actual, expected) = try await Self.compare { loop, _ in
            let observer = Loop.Observer(name: "twice", activities: .beforeWaiting) { _ in Loop.current.note("observer told") }
            try loop.add(observer, forMode: .default)
            try loop.add(observer, forMode: .default)
            let timer = try Loop.Timer(name: "tick", fireDate: loop.now + 1) { _ in }
            try loop.add(timer, forMode: .default)
            try loop.add(timer, forMode: .default)
            try loop.run(mode: .default, timeout: 0.5)
        }
        Kata.expectSameLines(actual, expected, hint: "`insert` must return false and change nothing when the table already holds the item — or the loop tells the same observer twice.")
        #expect(actual.filter { $0.contains("observer told") }.count == 1)
    }

    @Test("A removed item leaves the mode; removing it again changes nothing")
    func removal() async throws {
        let (actual, expected) = try await Self.compare { loop, _ in
            let timer = try Loop.Timer(name: "cancelled", fireDate: loop.now + 1) { _ in }
            let port = Loop.Port(name: "keep-alive")
            try loop.add(timer, forMode: .default)
            try loop.add(port, forMode: .default)
            loop.remove(.timer(timer), fromMode: .default)
            loop.remove(.timer(timer), fromMode: .default)
            try loop.run(mode: .default, timeout: 2)
            loop.remove(.port(port), fromMode: .default)
            let result = try loop.run(mode: .default, timeout: 2)
            loop.note("without the port: \(result)")
        }
        Kata.expectSameLines(actual, expected, hint: "`remove` takes the item out (the removed timer never fires); once the port is gone too, the mode is empty and the run returns finished at once.")
        #expect(!actual.contains { $0.contains("timer \"cancelled\"") })
    }

    @Test("A mode keeps its items in the order they were added")
    func insertionOrder() async throws {
        let names = ["first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth"]
        let (actual, expected) = try await Self.compare { loop, _ in
            for name in names {
                try loop.add(Loop.Observer(name: name, activities: .entry) { _ in Loop.current.note("\(name) observer") }, forMode: .default)
            }
            try loop.add(Loop.Port(name: "keep-alive"), forMode: .default)
            try loop.run(mode: .default, timeout: 0)
        }
        Kata.expectSameLines(actual, expected, hint: "Observers of the same order are told in the order they were added: `items(of:)` must keep insertion order (a Set does not).")
        let told = actual.compactMap { line in names.first { line.hasSuffix("· \($0) observer") } }
        #expect(told == names, "told in the order they were added")
    }
}
