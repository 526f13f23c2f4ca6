extension Lesson {
    /// Lesson 12. Its page: `Lessons/12-autorelease-pool-observers.md`.
    public static let lesson12 = Lesson(
        number: 12,
        slug: "autorelease-pool-observers",
        title: "Autorelease pool observers",
        titleZh: "自动释放池的观察者",
        kind: .build,
        level: .three,
        behaviour:
            "The two pool observers at the extreme orders, around CF's own pool for each timer callout; work that never lets the loop sleep keeps its garbage.",
        behaviourZh: "两个自动释放池观察者，分别排在 `order` 的两个极端，外面还有 Core Foundation 给每个定时器回调的池；让 RunLoop 从不休眠的任务，产生的临时对象会一直不释放。",
        exerciseFile: "Exercises/12-autorelease-pool-observers/PoolObservers.swift",
        task: "`StudentPoolObservers` (an `AutoreleasePoolObservers`): `install(on:pools:)`",
        taskZh: "`StudentPoolObservers`（一个 `AutoreleasePoolObservers`）：`install(on:pools:)`",
        hints: [
            "Two `Loop.Observer`s, both added with `try? loop.add(observer, forMode: .common)`: one for `.entry` that calls `pools.push()`, one for `[.beforeWaiting, .exit]` that calls `pools.pop()`.",
            "Before waiting, `pop` and then `push` again (the next turn needs a pool); at exit, only `pop`. The callout gets the `activity` to tell them apart: `if activity == .beforeWaiting { pools.push() }`.",
            "Orders matter, and they are UIKit's: the `push` observer at `order` −2147483647, `Int(Int32.min) + 1`, runs before every other entry observer; the `pop` observer at `order` 2147483647, `Int(Int32.max)`, runs after every other one.",
        ],
        hintsZh: [
            "两个 `Loop.Observer`，都用 `try? loop.add(observer, forMode: .common)` 加进去：一个观察 `.entry`，调用 `pools.push()`；一个观察 `[.beforeWaiting, .exit]`，调用 `pools.pop()`。",
            "休眠前，先 `pop` 再 `push`（下一轮需要一个池）；退出时只 `pop`。回调会拿到 `activity`，用它来区分：`if activity == .beforeWaiting { pools.push() }`。",
            "顺序很重要，而且要用 UIKit 的值：`push` 观察者的 `order` 是 −2147483647，即 `Int(Int32.min) + 1`，在其他所有进入观察者之前执行；`pop` 观察者的 `order` 是 2147483647，即 `Int(Int32.max)`，在其他所有观察者之后执行。",
        ],
        buildsOn: [11]
    )
}

extension CourseLesson {
    /// Lesson 12: its entry, its quiz questions (`Quiz/Bank/QuizLesson12.swift`), its key
    /// scenario and what that scenario's trace shows.
    static let lesson12 = CourseLesson(
        .lesson12, questions: QuizBank.lesson12, scenario: .autoreleasePools,
        story: ScenarioStory(inOrder: ["tick: 0 waiting", "tick: 0 waiting", "busy: 0 waiting", "busy: 3 waiting", "busy: 6 waiting"]))
}
