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

    @Test("An observer added twice and removed once has left: the loop lets it go")
    func addedTwiceRemovedOnce() async throws {
        let (actual, expected) = try await Self.compare { loop, clock in
            let watcher = Loop.Observer(name: "watcher", activities: .entry) { _ in Loop.current.note("watcher told: entry") }
            try loop.add(watcher, forMode: .default)
            try loop.add(watcher, forMode: .default)   // held already: the loop must not count it twice
            try loop.add(Loop.Port(name: "keep-alive"), forMode: .default)
            try loop.run(mode: .default, timeout: 0)
            loop.remove(.observer(watcher), fromMode: .default)
            loop.note("removed once; the default mode holds the watcher: \(loop.contains(.observer(watcher), inMode: .default))")
            try loop.run(mode: .default, timeout: 0)
            let other = Loop(clock: clock, name: "another loop")
            do {
                try other.add(watcher, forMode: .default)
                loop.note("another loop takes the watcher: it belongs to no loop any more")
            } catch {
                loop.note("another loop cannot take the watcher: \(error)")
            }
        }
        Kata.expectSameLines(actual, expected, hint: """
            The second `insert` of the watcher must return false: it is held already. If it returns true, \
            the loop counts the watcher as added twice, and after one removal it still counts it as \
            being in a mode — so the watcher stays this loop's for ever, and another loop cannot take it.
            """)
        #expect(actual.last?.hasSuffix("another loop takes the watcher: it belongs to no loop any more") == true)
    }

    @Test("Removing an item from a mode that never held it changes nothing")
    func removingWhatIsNotThere() async throws {
        let (actual, expected) = try await Self.compare { loop, clock in
            let watcher = Loop.Observer(name: "watcher", activities: .entry) { _ in Loop.current.note("watcher told: entry") }
            try loop.add(watcher, forMode: .default)
            try loop.add(Loop.Port(name: "keep-alive"), forMode: .default)
            try loop.add(Loop.Port(name: "editing keep-alive"), forMode: "editing")
            loop.remove(.observer(watcher), fromMode: "editing")   // "editing" never held it
            loop.note("removed the watcher from \"editing\", which never held it")
            try loop.run(mode: .default, timeout: 0)
            let other = Loop(clock: clock, name: "another loop")
            do {
                try other.add(watcher, forMode: .default)
                loop.note("another loop takes the watcher, which is still in this loop's default mode")
            } catch {
                loop.note("another loop cannot take the watcher: \(error)")
            }
        }
        Kata.expectSameLines(actual, expected, hint: """
            `remove` of an item the table does not hold must return false. If it returns true, the loop \
            counts out an observer that never was in "editing": it thinks no observer is left (and stops \
            telling the watcher), and lets another loop take an observer it still holds.
            """)
        #expect(actual.contains { $0.hasSuffix("watcher told: entry") }, "the watcher is still in the default mode: it is told of the entry")
    }

    @Test("Two items with the same name are two items")
    func sameNameTwoItems() async throws {
        let (actual, expected) = try await Self.compare { loop, _ in
            let first = Loop.Source(name: "work") { Loop.current.note("the first \"work\" source runs") }
            let second = Loop.Source(name: "work") { Loop.current.note("the second \"work\" source runs") }
            try loop.add(first, forMode: .default)
            try loop.add(second, forMode: .default)
            try loop.add(Loop.Port(), forMode: .default)
            try loop.add(Loop.Port(), forMode: .default)
            loop.note("the default mode holds: \(loop.items(inMode: .default).map(\.description))")
            first.signal()
            second.signal()
            try loop.run(mode: .default, timeout: 0)
        }
        Kata.expectSameLines(actual, expected, hint: """
            An item is its object (`Loop.Item` compares by identity), not its name: two sources both \
            called "work", and two ports with the default name, are four items. And `items(of:)` lists \
            only the items of the kind asked for.
            """)
        #expect(actual.contains { $0.hasSuffix("the second \"work\" source runs") })
    }

    @Test("A source, a port or a timer alone keeps a mode from being empty")
    func eachKindAloneCounts() async throws {
        let (actual, expected) = try await Self.compare { loop, _ in
            try loop.add(try Loop.Timer(name: "only a timer", fireDate: loop.now + 1) { _ in }, forMode: "timer only")
            try loop.add(Loop.Port(name: "only a port"), forMode: "port only")
            try loop.add(Loop.Source(name: "only a source") {}, forMode: "source only")
            for mode: Loop.Mode in ["timer only", "port only", "source only"] {
                let result = try loop.run(mode: mode, timeout: 2)
                loop.note("run(\(mode.name)) returned \(result)")
            }
        }
        Kata.expectSameLines(actual, expected, hint: """
            `isEmpty` is false as long as the mode holds a source, a port or a timer — any one of them. \
            A mode with only a timer runs until the timer has fired (then it is empty: finished); a mode \
            with only a port or a source waits until its timeout.
            """)
        #expect(actual.contains { $0.hasSuffix("run(port only) returned timed out") })
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

extension ChineseTestNames {
    static let lesson02: [String: String] = [:]
}
