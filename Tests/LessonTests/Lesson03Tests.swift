import Testing

/// Lesson 03: the student's common-mode bookkeeping inside the reference loop, against the engine's own.

@Suite("Lesson 03 — Common modes", .serialized, .tags(.lesson03, .level1, .build), .namedInChinese)
struct Lesson03Tests {
    static let student = Loop.Mechanisms.reference.with(commonModes: StudentCommonModes.self)

    static func compare(_ scenario: @escaping @Sendable (Loop, VirtualClock) throws -> Void) async throws -> (actual: Lines, expected: Lines) {
        try await Harness.traceLines(lesson: 3, student: student, filter: [.callouts, .notes, .results], scenario)
    }

    // The notes the tests read back, in the student's language.
    static func commonModes(_ names: [String]) -> Text { Text(en: "common modes: \(names)", zh: "common modes：\(names)") }
    static func itemsInCommon(_ count: Int) -> Text {
        Text(en: "items in a mode named \"common\": \(count)", zh: "名叫 `\"common\"` 的 Mode 里的 item 数：\(count)")
    }
    static let eventsHandled = Text(en: "events handled", zh: "事件源 `events` 执行了")

    @Test("An item added to .common reaches every common mode", .zh("加到 `.common` 的 item 会进入每一个标记为 common 的 Mode"))
    func reachesEveryCommonMode() async throws {
        let (actual, expected) = try await Self.compare { loop, _ in
            loop.addCommonMode(.tracking)
            try loop.add(try Loop.Timer(name: "ticker", fireDate: loop.now + 1, interval: 1) { _ in }, forMode: .common)
            try loop.run(mode: .default, timeout: 1.5)
            loop.note(Text(en: "scrolling: the tracking mode runs", zh: "滑动：运行 tracking Mode"))
            try loop.run(mode: .tracking, timeout: 1.5)
        }
        Harness.expectSameLines(
            actual, expected,
            hint: Text(
                en: "`addCommonItem` answers the modes that are common right now — here default and tracking — and the loop adds the timer to each.",
                zh: "`addCommonItem` 返回此刻属于 common 的那些 Mode——这里是 default 和 tracking——RunLoop 再把定时器加到每一个里。"))
        #expect(
            actual.filter { $0.contains("timer \"ticker\"") }.count == 3,
            Text(en: "ticks at 1 s (default), 2 s and 3 s (tracking)", zh: "应在 1 秒（default）、2 秒和 3 秒（tracking）触发").comment)
    }

    @Test("The default mode is common from the start", .zh("default Mode 一开始就是 common"))
    func defaultIsCommon() async throws {
        let (actual, expected) = try await Self.compare { loop, _ in
            try loop.add(try Loop.Timer(name: "common timer", fireDate: loop.now + 1) { _ in }, forMode: .common)
            let result = try loop.run(mode: .default, timeout: 2)
            loop.note(Text(en: "default run: \(result)", zh: "default 的运行：\(result)"))
        }
        Harness.expectSameLines(
            actual, expected,
            hint: Text(
                en: "A new loop's common modes are {default}: the loop calls `markCommon(.default)` right after making your struct — remember it.",
                zh: "新 RunLoop 的 common modes 集合是 {default}：RunLoop 创建你的结构体之后马上就会调用 `markCommon(.default)`——要把它记下来。"))
        #expect(actual.contains { $0.contains("timer \"common timer\"") })
    }

    @Test("A mode that is not common gets nothing of .common, even a mode that runs", .zh("不是 common 的 Mode 拿不到 `.common` 里的任何东西，哪怕它正在运行"))
    func notCommonGetsNothing() async throws {
        let (actual, expected) = try await Self.compare { loop, _ in
            // Not the main loop: here the tracking mode is just another mode, never marked common.
            try loop.add(Loop.Port(name: "private keep-alive"), forMode: "private")
            try loop.add(Loop.Port(name: "touches"), forMode: .tracking)
            try loop.add(try Loop.Timer(name: "common ticker", fireDate: loop.now + 1, interval: 1) { _ in }, forMode: .common)
            loop.perform(inModes: [.common], name: "common block") {}
            try loop.run(mode: "private", timeout: 1.5)
            try loop.run(mode: .tracking, timeout: 1.5)
            loop.note(Note.backToDefault)
            try loop.run(mode: .default, timeout: 1)
        }
        Harness.expectSameLines(
            actual, expected,
            hint: Text(
                en: """
                    Only modes marked common receive common items. \"private\" and tracking exist and run, but this \
                    loop never marked them common (only the main loop marks tracking): nothing of `.common` may fire \
                    there. Answer `commonModes` — not every mode you know of.
                    """,
                zh: """
                    只有被标为 common 的 Mode 才会收到 common item。`"private"` 和 tracking 都存在、也都在运行，但这个 RunLoop \
                    从没把它们标为 common（只有主 RunLoop 会标记 tracking）：`.common` 里的东西一样都不能在那里触发。\
                    返回 `commonModes`——而不是你知道的所有 Mode。
                    """))
        #expect(!actual.contains { ($0.contains("private ") || $0.contains("tracking ")) && ($0.contains("timer") || $0.contains("block")) })
        #expect(
            actual.contains { $0.contains("default   timer \"common ticker\"") },
            Text(en: "the ticker, late, once back in default", zh: "回到 default 之后，`\"common ticker\"` 晚触发一次").comment)
    }

    @Test(".common names a set of modes: it is never a mode of its own", .zh("`.common` 指的是一组 Mode：它本身从来不是一个 Mode"))
    func commonIsNotAMode() async throws {
        let (actual, expected) = try await Self.compare { loop, _ in
            let ticker = try Loop.Timer(name: "ticker", fireDate: loop.now + 1, interval: 1) { _ in }
            try loop.add(ticker, forMode: .common)
            loop.addCommonMode(.tracking)
            loop.note(Self.commonModes(loop.commonModes.map(\.name).sorted()))
            loop.note(Self.itemsInCommon(loop.items(inMode: .common).count))
            let held = loop.contains(.timer(ticker), inMode: .tracking)
            loop.note(Text(en: "tracking holds the ticker: \(held)", zh: "tracking 里有 `ticker`：\(held)"))
            try loop.run(mode: .tracking, timeout: 1.5)
        }
        Harness.expectSameLines(
            actual, expected,
            hint: Text(
                en: """
                    `.common` is the name of the set, not a member of it: never put it in `commonModes` and never \
                    answer it from `addCommonItem` — the loop would make a mode named kCFRunLoopCommonModes that nothing can run.
                    """,
                zh: """
                    `.common` 是这个集合的名字，不是集合里的一员：永远不要把它放进 `commonModes`，也不要从 `addCommonItem` \
                    返回它——否则 RunLoop 会创建一个名叫 `kCFRunLoopCommonModes`、谁也没法运行的 Mode。
                    """))
        #expect(actual.first == "      0 ms  default   · " + Self.commonModes(["default", "tracking"]).localized)
        #expect(actual.dropFirst().first == "      0 ms  default   · " + Self.itemsInCommon(0).localized)
    }

    @Test("A mode marked common later receives every common item", .zh("后来才标为 common 的 Mode 也会收到所有 common item"))
    func markedLater() async throws {
        let (actual, expected) = try await Self.compare { loop, _ in
            try loop.add(try Loop.Timer(name: "ticker", fireDate: loop.now + 1, interval: 1) { _ in }, forMode: .common)
            try loop.add(Loop.Source(name: "events") { Loop.current.note(Self.eventsHandled) }, forMode: .common)
            loop.note(Text(en: "the modal mode is marked common only now", zh: "`modal` Mode 现在才被标为 common"))
            loop.addCommonMode("modal")
            try loop.run(mode: "modal", timeout: 1.5)
        }
        Harness.expectSameLines(
            actual, expected,
            hint: Text(
                en:
                    "`markCommon` returns the common items remembered so far, so the new common mode gets the timer and the source added before it was marked (CFRunLoopAddCommonMode).",
                zh: "`markCommon` 返回到目前为止记下的所有 common item，所以新标为 common 的 Mode 也会拿到在它被标记之前加入的定时器和事件源（`CFRunLoopAddCommonMode`）。"))
        #expect(actual.contains { $0.contains("modal") && $0.contains("timer \"ticker\"") })
    }

    @Test(
        "An item removed from .common is forgotten: a mode marked later does not get it, and runs empty", .zh("从 `.common` 移除的 item 被忘掉：之后标记的 Mode 拿不到它，运行时是空的")
    )
    func removedIsForgotten() async throws {
        let (actual, expected) = try await Self.compare { loop, _ in
            let ticker = try Loop.Timer(name: "ticker", fireDate: loop.now + 1, interval: 1) { _ in }
            let events = Loop.Source(name: "events") { Loop.current.note(Self.eventsHandled) }
            try loop.add(ticker, forMode: .common)
            try loop.add(events, forMode: .common)
            loop.remove(.timer(ticker), fromMode: .common)
            loop.remove(.source(events), fromMode: .common)
            loop.note(Text(en: "both removed from .common; now \"later\" is marked common", zh: "两者都已从 `.common` 移除；现在把 `\"later\"` 标为 common"))
            loop.addCommonMode("later")
            let held = loop.items(inMode: "later").map(\.description)
            loop.note(Text(en: "\"later\" holds: \(held)", zh: "`\"later\"` 里有：\(held)"))
            events.signal()
            let result = try loop.run(mode: "later", timeout: 2)
            loop.note(Note.returned("run(later)", result))
        }
        Harness.expectSameLines(
            actual, expected,
            hint: Text(
                en: """
                    `removeCommonItem` must forget the item, not only answer the modes it leaves. The loop asks \
                    `markCommon` what a newly marked mode receives: an item you still remember comes back — here \
                    "later" gets the ticker and the source again, and instead of finishing at once (it holds \
                    nothing) its run handles the source and waits out its timeout.
                    """,
                zh: """
                    `removeCommonItem` 必须忘掉这个 item，而不只是返回它要离开的那些 Mode。RunLoop 会问 `markCommon` \
                    新标记的 Mode 该拿到什么：你还记着的 item 会回来——这里 `"later"` 又拿到了定时器和事件源，\
                    它的运行本该立即结束（里面什么都没有），结果却处理了事件源，还一直等到超时。
                    """))
        #expect(actual.last?.hasSuffix(Note.returned("run(later)", .finished).localized) == true)
    }

    @Test("An item added to .common twice is one common item: one removal forgets it", .zh("加到 `.common` 两次的 item 只是一个 common item：移除一次就忘掉了"))
    func addedTwiceRemovedOnce() async throws {
        let (actual, expected) = try await Self.compare { loop, _ in
            let ticker = try Loop.Timer(name: "ticker", fireDate: loop.now + 1, interval: 1) { _ in }
            try loop.add(ticker, forMode: .common)
            try loop.add(ticker, forMode: .common)
            loop.remove(.timer(ticker), fromMode: .common)
            loop.addCommonMode("later")
            let held = loop.contains(.timer(ticker), inMode: "later")
            loop.note(Text(en: "\"later\" holds the ticker: \(held)", zh: "`\"later\"` 里有 `ticker`：\(held)"))
            try loop.add(Loop.Port(name: "keep-alive"), forMode: "later")
            try loop.run(mode: "later", timeout: 1.5)
        }
        Harness.expectSameLines(
            actual, expected,
            hint: Text(
                en: """
                    Adding the same item to `.common` again changes nothing: remember each item once (check \
                    before you append). Remembered twice, one removal leaves a copy behind, and a mode marked \
                    later gets the ticker back.
                    """,
                zh: """
                    把同一个 item 再加到 `.common` 一次，什么都不变：每个 item 只记一次（`append` 之前先检查）。\
                    记了两次的话，移除一次还会剩下一份，之后新标记的 Mode 又会拿回这个定时器。
                    """))
        #expect(!actual.contains { $0.contains("timer \"ticker\"") })
    }

    @Test("Marking a mode common again changes nothing", .zh("再次把一个 Mode 标为 common，什么都不变"))
    func markingAgainChangesNothing() async throws {
        let (actual, expected) = try await Self.compare { loop, _ in
            loop.addCommonMode(.tracking)
            let ticker = try Loop.Timer(name: "ticker", fireDate: loop.now + 1, interval: 1) { _ in }
            try loop.add(ticker, forMode: .common)
            loop.remove(.timer(ticker), fromMode: .tracking)   // out of tracking only: it stays a common item
            loop.note(Text(en: "ticker taken out of tracking only", zh: "`ticker` 只从 tracking 里拿了出来"))
            loop.addCommonMode(.tracking)   // tracking is common already
            let held = loop.contains(.timer(ticker), inMode: .tracking)
            loop.note(
                Text(
                    en: "tracking marked common again; it holds the ticker: \(held)",
                    zh: "tracking 再次被标为 common；它里面有 `ticker`：\(held)"))
            try loop.add(Loop.Port(name: "touches"), forMode: .tracking)
            try loop.run(mode: .tracking, timeout: 1.5)
        }
        Harness.expectSameLines(
            actual, expected,
            hint: Text(
                en: """
                    `markCommon` of a mode that is common already answers no items (CFRunLoopAddCommonMode does \
                    nothing then). Answering every common item again puts the ticker back into tracking, where \
                    it was taken out on purpose.
                    """,
                zh: """
                    对已经是 common 的 Mode 调用 `markCommon`，不返回任何 item（这时 `CFRunLoopAddCommonMode` 什么都不做）。\
                    如果再把所有 common item 返回一遍，定时器就又回到了 tracking 里，而它是被特意从那里拿出来的。
                    """))
        #expect(!actual.contains { $0.contains("timer \"ticker\"") })
    }

    @Test("A mode marked common later receives the common items in the order they were added", .zh("后来才标为 common 的 Mode 按加入的先后顺序收到 common item"))
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
        Harness.expectSameLines(
            actual, expected,
            hint: Text(
                en: """
                    Keep the common items in the order they were added (an array, not a `Set`): `markCommon` \
                    answers them in that order, the loop adds them to the new mode in that order, and observers \
                    of equal order are told in the order they were added.
                    """,
                zh: """
                    按加入的先后顺序保存 common item（用数组，不用 `Set`）：`markCommon` 按这个顺序返回，RunLoop 按这个顺序\
                    把它们加到新的 Mode 里，而 `order` 相同的观察者就按添加的先后顺序收到通知。
                    """))
        let told = actual.compactMap { line in names.first { line.hasSuffix("· \($0) observer") } }
        #expect(told == names, Text(en: "told in the order they were added to .common", zh: "应按加入 `.common` 的先后顺序收到通知").comment)
    }

    @Test("Removing an item from .common takes it out of every common mode", .zh("从 `.common` 移除 item，会把它从每个标记为 common 的 Mode 里拿出来"))
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
        Harness.expectSameLines(
            actual, expected,
            hint: Text(
                en: "`removeCommonItem` forgets the item (so a mode marked later does not get it) and answers every common mode it must leave.",
                zh: "`removeCommonItem` 忘掉这个 item（这样之后标记的 Mode 就拿不到它），并返回它必须离开的每一个标记为 common 的 Mode。"))
        #expect(!actual.contains { $0.contains("timer \"ticker\"") })
    }
}
