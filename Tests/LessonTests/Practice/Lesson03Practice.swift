import Testing

/// Lesson 03 against the reference on generated scenarios: the cast of `ItemPractice` added to
/// `.common` and to single modes, added twice, removed from `.common` and from one common mode;
/// modes marked common before and after items reach `.common`, and marked again; each mode run;
/// what a mode — `.common` itself included — holds looked at; and another loop trying to take an
/// observer or a timer, which tells whether the loop still counts it as held.
extension Lesson03Tests {
    /// The practice with `student`'s rules (the lesson's, unless a measurement puts others in).
    static func practice(_ student: Loop.Mechanisms = student) -> Practice<ItemPractice.Step> {
        Practice(
            lesson: 3, count: 600,
            hint: Text(
                en:
                    "Your common-mode rules and the engine's disagree on this scenario (after its steps, each scenario marks a new mode \"later\", then tracking and \"modal\", common, and looks at every mode): check what a mode marked common late receives (and in what order), what marking it again does, what removing from .common forgets and answers, and that .common is never a mode of its own.",
                zh:
                    "在这个场景里，你的 common modes 规则和引擎的规则表现不一样（每个场景在列出的步骤之后，都会把一个新的 Mode `\"later\"`、再把 tracking 和 `\"modal\"` 标为 common，然后查看每个 Mode）：检查一下后来才标为 common 的 Mode 会拿到什么（按什么顺序），再标记一次会怎样，从 `.common` 移除时要忘掉什么、返回什么，以及 `.common` 从来不是一个独立的 Mode。"
            )
        ) { random in
            // "modal" is only ever marked: it holds what `.common` held at that moment.
            ItemPractice.scenario(
                modes: [.common, .common, .common, .common, .default, .tracking],
                marking: [.tracking, "modal", "modal"], markWeight: 3, steps: 3...10, &random)
        } run: { steps, side in
            try Harness.trace(side == .student ? student : .reference, [.callouts, .notes, .results]) { loop, clock in
                // At the end, a mode never seen before is marked common — it receives what the
                // rules still remember, in their order — tracking and "modal" are marked (again,
                // if they were), and every mode is looked at.
                let epilogue: [ItemPractice.Step] = [
                    .markCommon("later"), .markCommon(.tracking), .markCommon("modal"),
                    .look("later"), .look(.common), .look(.default), .look(.tracking), .look("modal"),
                ]
                ItemPractice.run(steps + epilogue, on: loop, clock: clock)
            }
        }
    }

    @Test("Generated scenarios of common modes run as on the reference engine", .zh("自动生成的 common modes 场景，运行结果和参考实现一致"))
    func generatedScenarios() async throws {
        try await Self.practice().check()
    }
}
