import Testing

/// Lesson 02 against the reference on generated scenarios: the cast of `ItemPractice` (two
/// sources and two ports sharing a name, a one-shot and a repeating timer, three observers of the
/// same order) added to modes, added twice, removed, removed from modes that never held them;
/// sources signalled; modes run with timeouts, empty ones and ones that hold only observers among
/// them; what a mode holds looked at; and another loop trying to take an observer or a timer,
/// which tells whether the loop still counts it as held.
extension Lesson02Tests {
    /// The practice with `student`'s table (the lesson's, unless a measurement puts another in).
    static func practice(_ student: Loop.Mechanisms = student) -> Practice<ItemPractice.Step> {
        Practice(
            lesson: 2, count: 500,
            hint: Text(
                en:
                    "Your table and the engine's disagree on this scenario (after its steps, each scenario looks at what default and \"editing\" hold, and lets another loop try to take each observer and timer: it can only if this loop holds it no more): check an item added twice or removed from a mode that never held it (what insert and remove return), items of the same name, the order items are listed in, and which kinds of item keep a mode from being empty.",
                zh:
                    "在这个场景里，你的表和引擎的表表现不一样（每个场景在列出的步骤之后，都会查看 default 和 `\"editing\"` 里有什么，再让另一个 RunLoop 试着拿走每个观察者和定时器：只有这个 RunLoop 不再持有它时才拿得走）：检查一下同一个 item 加两次、从没持有它的 Mode 里移除它（`insert` 和 `remove` 的返回值），名字相同的 item，item 列出的顺序，以及哪几类 item 能让 Mode 不为空。"
            )
        ) { random in
            ItemPractice.scenario(modes: [.default, .default, "editing"], marking: [], steps: 3...10, &random)
        } run: { steps, side in
            try Harness.trace(side == .student ? student : .reference, .all) { loop, clock in
                // At the end, what each mode holds, and whether the loop still counts each
                // observer and timer as held (another loop can take it only if not).
                let epilogue: [ItemPractice.Step] =
                    [.look(.default), .look("editing")]
                    + [ItemPractice.Cast.once, .ticker, .first, .second, .third].map(ItemPractice.Step.adopt)
                ItemPractice.run(steps + epilogue, on: loop, clock: clock)
            }
        }
    }

    @Test("Generated scenarios of adding, removing and running run as on the reference engine", .zh("自动生成的添加、移除和运行场景，运行结果和参考实现一致"))
    func generatedScenarios() async throws {
        try await Self.practice().check()
    }
}
