import Testing

/// Lesson 02: the student's mode item table inside the reference loop, against the engine's own.

@Suite("Lesson 02 — Mode isolation", .serialized, .tags(.lesson02, .level1, .build), .namedInChinese)
struct Lesson02Tests {
    static let student = Loop.Mechanisms.reference.with(modeItemTable: StudentModeItemTable.self)

    static func compare(_ scenario: @escaping @Sendable (Loop, VirtualClock) throws -> Void) async throws -> (actual: Lines, expected: Lines) {
        try await Harness.traceLines(lesson: 2, student: student, scenario)
    }

    // The notes the scenarios write, and the tests read back, in the student's language.
    static let told = Text(en: "told:", zh: "收到通知：")
    static let observerTold = Text(en: "observer told", zh: "观察者收到通知")
    static let watcherToldEntry = Text(en: "watcher told: entry", zh: "`watcher` 收到 `entry` 通知")
    static let watcherFree = Text(
        en: "another loop takes the watcher: it belongs to no loop any more",
        zh: "另一个 RunLoop 拿走了 `watcher`：它已经不属于任何 RunLoop 了")
    static func watcherKept(_ error: any Error) -> Text {
        Text(en: "another loop cannot take the watcher: \(error)", zh: "另一个 RunLoop 拿不走 `watcher`：\(error)")
    }
    static let secondWorkRuns = Text(en: "the second \"work\" source runs", zh: "第二个 `\"work\"` 事件源执行了")

    @Test("One mode runs at a time: the items of other modes wait", .zh("同一时间只运行一个 Mode：其他 Mode 的 item 只能等着"))
    func otherModesWait() async throws {
        let (actual, expected) = try await Self.compare { loop, _ in
            try loop.add(try Loop.Timer(name: "default timer", fireDate: loop.now + 1) { _ in }, forMode: .default)
            try loop.add(try Loop.Timer(name: "editing timer", fireDate: loop.now + 1) { _ in }, forMode: "editing")
            try loop.add(Loop.Port(name: "keep-alive"), forMode: .default)
            try loop.run(mode: .default, timeout: 2)
            loop.note(Text(en: "now the editing mode", zh: "现在运行 `editing` Mode"))
            try loop.run(mode: "editing", timeout: 2)
        }
        Harness.expectSameLines(
            actual, expected,
            hint: Text(
                en:
                    "Each mode has its own table: a run of the default mode must not see the editing mode's timer, which fires only when its own mode runs (late, at 2 s).",
                zh: "每个 Mode 有自己的一张表：default Mode 的运行不能看到 `\"editing\"` Mode 的定时器，它只在自己的 Mode 运行时才触发（晚了，在 2 秒）。"))
        #expect(actual.contains { $0.contains("2000 ms  editing   timer \"editing timer\"") })
    }

    @Test("An empty mode returns finished at once, without entry or exit", .zh("空 Mode 立即返回 `finished`，不会有 `entry` 和 `exit`"))
    func emptyModeReturnsAtOnce() async throws {
        let (actual, expected) = try await Self.compare { loop, _ in
            try loop.add(try Loop.Timer(name: "elsewhere", fireDate: loop.now + 1) { _ in }, forMode: "elsewhere")
            let result = try loop.run(mode: .default, timeout: 10)
            loop.note(Note.returned("run(default)", result))
            try loop.add(Loop.Source(name: "work") {}, forMode: .default)
            let second = try loop.run(mode: .default, timeout: 1)
            loop.note(Text(en: "with a source it returned \(second)", zh: "有了一个事件源，它返回了 \(second)"))
        }
        Harness.expectSameLines(
            actual, expected,
            hint: Text(
                en:
                    "`isEmpty` is true when the mode holds no source, port or timer. The loop then returns finished without telling anyone; with one source it runs until its timeout.",
                zh: "Mode 里没有事件源、端口和定时器时，`isEmpty` 为 `true`。这时 RunLoop 不通知任何人，直接返回 `finished`；只要有一个事件源，它就会一直运行到超时。"))
        #expect(actual.contains { $0.hasSuffix(Note.returned("run(default)", .finished).localized) })
    }

    @Test("Observers alone keep nothing alive", .zh("光有观察者保不住 RunLoop"))
    func observersDoNotCount() async throws {
        let (actual, expected) = try await Self.compare { loop, _ in
            try loop.add(
                Loop.Observer(name: "watcher", activities: .all) { activity in
                    Loop.current.note(Text(en: "\(Self.told.en) \(activity)", zh: "\(Self.told.zh)\(activity)"))
                }, forMode: .default)
            let result = try loop.run(mode: .default, timeout: 5)
            loop.note(Text(en: "a mode with only an observer: \(result)", zh: "只有一个观察者的 Mode：\(result)"))
        }
        Harness.expectSameLines(
            actual, expected,
            hint: Text(
                en: "An observer watches the loop; it gives it nothing to wait for. A mode with only observers is empty: count sources, ports and timers only.",
                zh: "观察者只是看着 RunLoop，并不给它任何可等的东西。只有观察者的 Mode 是空的：只数事件源、端口和定时器。"))
        #expect(
            !actual.contains { $0.contains(Self.told.localized) },
            Text(en: "the observer is never told anything: the run never started", zh: "观察者什么通知都不该收到：这次运行根本没有开始").comment)
    }

    @Test("An item added twice to a mode is held once", .zh("同一个 item 加到 Mode 里两次，只保存一份"))
    func addedTwiceHeldOnce() async throws {
        let (actual, expected) = try await Self.compare { loop, _ in
            let observer = Loop.Observer(name: "twice", activities: .beforeWaiting) { _ in Loop.current.note(Self.observerTold) }
            try loop.add(observer, forMode: .default)
            try loop.add(observer, forMode: .default)
            let timer = try Loop.Timer(name: "tick", fireDate: loop.now + 1) { _ in }
            try loop.add(timer, forMode: .default)
            try loop.add(timer, forMode: .default)
            try loop.run(mode: .default, timeout: 0.5)
        }
        Harness.expectSameLines(
            actual, expected,
            hint: Text(
                en: "`insert` must return false and change nothing when the table already holds the item — or the loop tells the same observer twice.",
                zh: "表里已经有这个 item 时，`insert` 必须返回 `false`，什么都不改——否则 RunLoop 会把同一个观察者通知两次。"))
        #expect(actual.filter { $0.contains(Self.observerTold.localized) }.count == 1)
    }

    @Test("A removed item leaves the mode; removing it again changes nothing", .zh("移除的 item 离开 Mode；再移除一次什么都不变"))
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
            loop.note(Text(en: "without the port: \(result)", zh: "移除端口之后：\(result)"))
        }
        Harness.expectSameLines(
            actual, expected,
            hint: Text(
                en:
                    "`remove` takes the item out (the removed timer never fires); once the port is gone too, the mode is empty and the run returns finished at once.",
                zh: "`remove` 把 item 拿出去（被移除的定时器永远不会触发）；端口也移除之后，Mode 就空了，运行立即返回 `finished`。"))
        #expect(!actual.contains { $0.contains("timer \"cancelled\"") })
    }

    @Test("An observer added twice and removed once has left: the loop lets it go", .zh("观察者加两次、移除一次就已经离开：RunLoop 不再持有它"))
    func addedTwiceRemovedOnce() async throws {
        let (actual, expected) = try await Self.compare { loop, clock in
            let watcher = Loop.Observer(name: "watcher", activities: .entry) { _ in Loop.current.note(Self.watcherToldEntry) }
            try loop.add(watcher, forMode: .default)
            try loop.add(watcher, forMode: .default)   // held already: the loop must not count it twice
            try loop.add(Loop.Port(name: "keep-alive"), forMode: .default)
            try loop.run(mode: .default, timeout: 0)
            loop.remove(.observer(watcher), fromMode: .default)
            let held = loop.contains(.observer(watcher), inMode: .default)
            loop.note(
                Text(
                    en: "removed once; the default mode holds the watcher: \(held)",
                    zh: "移除了一次；default Mode 里还有 `watcher`：\(held)"))
            try loop.run(mode: .default, timeout: 0)
            let other = Loop(clock: clock, name: "another loop")
            do {
                try other.add(watcher, forMode: .default)
                loop.note(Self.watcherFree)
            } catch {
                loop.note(Self.watcherKept(error))
            }
        }
        Harness.expectSameLines(
            actual, expected,
            hint: Text(
                en: """
                    The second `insert` of the watcher must return false: it is held already. If it returns true, \
                    the loop counts the watcher as added twice, and after one removal it still counts it as \
                    being in a mode — so the watcher stays this loop's for ever, and another loop cannot take it.
                    """,
                zh: """
                    对 `watcher` 的第二次 `insert` 必须返回 `false`：表里已经有它了。如果返回 `true`，RunLoop 会认为 `watcher` 被添加了\
                    两次，移除一次之后仍然认为它还在某个 Mode 里——于是 `watcher` 永远属于这个 RunLoop，别的 RunLoop 拿不走它。
                    """))
        #expect(actual.last?.hasSuffix(Self.watcherFree.localized) == true)
    }

    @Test("Removing an item from a mode that never held it changes nothing", .zh("从没有持有某个 item 的 Mode 里移除它，什么都不变"))
    func removingWhatIsNotThere() async throws {
        let (actual, expected) = try await Self.compare { loop, clock in
            let watcher = Loop.Observer(name: "watcher", activities: .entry) { _ in Loop.current.note(Self.watcherToldEntry) }
            try loop.add(watcher, forMode: .default)
            try loop.add(Loop.Port(name: "keep-alive"), forMode: .default)
            try loop.add(Loop.Port(name: "editing keep-alive"), forMode: "editing")
            loop.remove(.observer(watcher), fromMode: "editing")   // "editing" never held it
            loop.note(Text(en: "removed the watcher from \"editing\", which never held it", zh: "把 `watcher` 从 `\"editing\"` 里移除（它从来不在那里）"))
            try loop.run(mode: .default, timeout: 0)
            let other = Loop(clock: clock, name: "another loop")
            do {
                try other.add(watcher, forMode: .default)
                loop.note(
                    Text(
                        en: "another loop takes the watcher, which is still in this loop's default mode",
                        zh: "另一个 RunLoop 拿走了 `watcher`，可它还在这个 RunLoop 的 default Mode 里"))
            } catch {
                loop.note(Self.watcherKept(error))
            }
        }
        Harness.expectSameLines(
            actual, expected,
            hint: Text(
                en: """
                    `remove` of an item the table does not hold must return false. If it returns true, the loop \
                    counts out an observer that never was in "editing": it thinks no observer is left (and stops \
                    telling the watcher), and lets another loop take an observer it still holds.
                    """,
                zh: """
                    `remove` 一个表里没有的 item，必须返回 `false`。如果返回 `true`，RunLoop 会把一个从没在 `"editing"` 里待过的\
                    观察者减掉：它以为一个观察者都不剩了（于是不再通知 `watcher`），还会让别的 RunLoop 拿走一个它仍然持有的观察者。
                    """))
        #expect(
            actual.contains { $0.hasSuffix(Self.watcherToldEntry.localized) },
            Text(en: "the watcher is still in the default mode: it is told of the entry", zh: "`watcher` 仍在 default Mode 里：它应该收到 `entry` 通知").comment)
    }

    @Test("Two items with the same name are two items", .zh("名字相同的两个 item 仍是两个 item"))
    func sameNameTwoItems() async throws {
        let (actual, expected) = try await Self.compare { loop, _ in
            let first = Loop.Source(name: "work") { Loop.current.note(Text(en: "the first \"work\" source runs", zh: "第一个 `\"work\"` 事件源执行了")) }
            let second = Loop.Source(name: "work") { Loop.current.note(Self.secondWorkRuns) }
            try loop.add(first, forMode: .default)
            try loop.add(second, forMode: .default)
            try loop.add(Loop.Port(), forMode: .default)
            try loop.add(Loop.Port(), forMode: .default)
            let held = loop.items(inMode: .default).map(\.description)
            loop.note(Text(en: "the default mode holds: \(held)", zh: "default Mode 里有：\(held)"))
            first.signal()
            second.signal()
            try loop.run(mode: .default, timeout: 0)
        }
        Harness.expectSameLines(
            actual, expected,
            hint: Text(
                en: """
                    An item is its object (`Loop.Item` compares by identity), not its name: two sources both \
                    called "work", and two ports with the default name, are four items. And `items(of:)` lists \
                    only the items of the kind asked for.
                    """,
                zh: """
                    item 认的是对象本身（`Loop.Item` 按身份比较），不是名字：两个都叫 `"work"` 的事件源，加上两个用默认名字的端口，\
                    是四个 item。另外，`items(of:)` 只列出所问的那一类 item。
                    """))
        #expect(actual.contains { $0.hasSuffix(Self.secondWorkRuns.localized) })
    }

    @Test("A source, a port or a timer alone keeps a mode from being empty", .zh("单独一个事件源、端口或定时器，就能让 Mode 不为空"))
    func eachKindAloneCounts() async throws {
        let (actual, expected) = try await Self.compare { loop, _ in
            try loop.add(try Loop.Timer(name: "only a timer", fireDate: loop.now + 1) { _ in }, forMode: "timer only")
            try loop.add(Loop.Port(name: "only a port"), forMode: "port only")
            try loop.add(Loop.Source(name: "only a source") {}, forMode: "source only")
            for mode: Loop.Mode in ["timer only", "port only", "source only"] {
                let result = try loop.run(mode: mode, timeout: 2)
                loop.note(Note.returned("run(\(mode.name))", result))
            }
        }
        Harness.expectSameLines(
            actual, expected,
            hint: Text(
                en: """
                    `isEmpty` is false as long as the mode holds a source, a port or a timer — any one of them. \
                    A mode with only a timer runs until the timer has fired (then it is empty: finished); a mode \
                    with only a port or a source waits until its timeout.
                    """,
                zh: """
                    只要 Mode 里有一个事件源、端口或定时器——任何一种都行——`isEmpty` 就是 `false`。只有一个定时器的 Mode \
                    会一直运行到定时器触发（之后它空了：`finished`）；只有端口或事件源的 Mode 会一直等到超时。
                    """))
        #expect(actual.contains { $0.hasSuffix(Note.returned("run(port only)", .timedOut).localized) })
    }

    @Test("A mode keeps its items in the order they were added", .zh("Mode 按添加的先后顺序保存它的 item"))
    func insertionOrder() async throws {
        let names = ["first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth"]
        let (actual, expected) = try await Self.compare { loop, _ in
            for name in names {
                try loop.add(Loop.Observer(name: name, activities: .entry) { _ in Loop.current.note("\(name) observer") }, forMode: .default)
            }
            try loop.add(Loop.Port(name: "keep-alive"), forMode: .default)
            try loop.run(mode: .default, timeout: 0)
        }
        Harness.expectSameLines(
            actual, expected,
            hint: Text(
                en: "Observers of the same order are told in the order they were added: `items(of:)` must keep insertion order (a Set does not).",
                zh: "`order` 相同的观察者按添加的先后顺序收到通知：`items(of:)` 必须保持插入顺序（`Set` 做不到）。"))
        let told = actual.compactMap { line in names.first { line.hasSuffix("· \($0) observer") } }
        #expect(told == names, Text(en: "told in the order they were added", zh: "应按添加的先后顺序收到通知").comment)
    }
}
