import Testing

/// Lesson 01 against the reference table on generated scenarios, on real threads (each answer
/// within a short bounded wait): a main thread and three others asking for their loops, once or
/// again, asking for the main loop, looking up a thread's loop (their own, another's, one that
/// never asked, one that exited — from a thread or from the test), and exiting. The scenario may
/// hold on to a loop it was given, to see whether an exited thread's loop was torn down; it holds
/// no other, so a loop the table keeps after its thread exited shows as still alive. At the end
/// every thread exits, and whatever loop is still alive is named.
extension Lesson01Tests {
    /// The threads of a scenario: 0 is the registry's main thread.
    static let threadNames = ["main", "a", "b", "c"]

    enum ThreadStep: Sendable, CustomStringConvertible, PracticeStep {
        /// The thread asks for its own loop (`Loop.current`); with `keep`, the scenario holds on to it.
        case ask(Int, keep: Bool)
        /// The thread asks the registry for the main loop.
        case askMain(Int)
        /// A thread (nil: the test's own) looks up the loop of `about` without making one.
        case lookUp(by: Int?, about: Int)
        /// The thread exits.
        case exit(Int)

        var text: Text {
            func name(_ index: Int?) -> String { index.map { threadNames[$0] } ?? "test" }
            switch self {
            case let .ask(thread, keep):
                return Text(
                    en: "\(name(thread)) asks for its loop" + (keep ? " (the test keeps it)" : ""),
                    zh: "\(name(thread)) 获取自己的 RunLoop" + (keep ? "（测试留着它）" : ""))
            case let .askMain(thread): return Text(en: "\(name(thread)) asks for the main loop", zh: "\(name(thread)) 获取主 RunLoop")
            case let .lookUp(by, about):
                return Text(en: "\(name(by)) looks up \(name(about))'s loop", zh: "\(name(by)) 查询 \(name(about)) 的 RunLoop")
            case let .exit(thread): return Text(en: "\(name(thread)) exits", zh: "\(name(thread)) 退出")
            }
        }

        var description: String { text.en }

        static func random(_ random: inout SeededGenerator) -> ThreadStep {
            let thread = random.int(0...3), other = random.int(0...3)
            switch random.int(0...9) {
            case 0...2: return .ask(thread, keep: random.chance(0.3))
            case 3: return .askMain(thread)
            case 4...6: return .lookUp(by: random.chance(0.3) ? nil : thread, about: other)
            default: return .exit(thread)
            }
        }
    }

    /// Names loops by first appearance — "loop 1", "loop 2"… — without keeping them alive, and
    /// says which of them are.
    final class LoopLabels: @unchecked Sendable {
        // @unchecked: used by one thread (the scenario's).
        private var seen: [Weak] = []
        private final class Weak {
            weak var loop: Loop?
            init(_ loop: Loop) { self.loop = loop }
        }

        subscript(loop: Loop?) -> String {
            guard let loop else { return "no loop" }
            if let index = seen.firstIndex(where: { $0.loop === loop }) { return "loop \(index + 1)" }
            seen.append(Weak(loop))
            return "loop \(seen.count)"
        }

        /// Each loop named so far that is still alive, and whether it was torn down.
        var alive: [String] {
            seen.enumerated().compactMap { index, entry in
                entry.loop.map { "loop \(index + 1)" + ($0.isTornDown ? " (torn down)" : "") }
            }
        }
    }

    /// The practice with `makeTable`'s tables (the lesson's, unless a measurement puts another in).
    static func practice(_ makeTable: @escaping @Sendable () -> any LoopTable = { StudentLoopTable() }) -> Practice<ThreadStep> {
        Practice(
            lesson: 1, count: 60,
            hint: Text(
                en:
                    "Your table and the engine's disagree on this scenario (after its steps, every thread exits, and the loops still alive are named): check that each thread keeps one loop, made on its first request; that a lookup never makes one; that the main loop is the main thread's entry whoever asks; and that an exiting thread leaves nothing behind and takes only its own loop.",
                zh:
                    "在这个场景里，你的表和引擎的表表现不一样（每个场景在列出的步骤之后，所有线程都会退出，再列出仍然活着的 RunLoop）：检查一下每个线程是不是只有一个 RunLoop、在第一次获取时创建；查询是不是从不创建；主 RunLoop 是不是不管谁来要都是主线程的那个条目；以及退出的线程是不是什么都不留下、只带走自己的 RunLoop。"
            )
        ) { random in
            (0..<random.int(3...12)).map { _ in ThreadStep.random(&random) }
        } run: { steps, side in
            let registry = LoopRegistry(table: side == .student ? makeTable() : ReferenceLoopTable())
            let labels = LoopLabels()
            var kept: [Loop] = []
            let threads = try threadNames.enumerated().map { index, name in try Resident(registry, name: name, isMain: index == 0) }
            defer { for thread in threads { thread.leave() } }
            var story: [Text] = []
            for step in steps {
                switch step {
                case let .ask(thread, keep):
                    guard !threads[thread].thread.isFinished else { continue }
                    let loop = threads[thread].ask()
                    let name = threadNames[thread], label = labels[loop]
                    story.append(Text(en: "\(name) asks: \(label)", zh: "\(name) 获取到：\(label)"))
                    if keep, let loop { kept.append(loop) }
                case let .askMain(thread):
                    guard !threads[thread].thread.isFinished else { continue }
                    let name = threadNames[thread], label = labels[threads[thread].askForTheMainLoop()]
                    story.append(Text(en: "\(name) asks for the main loop: \(label)", zh: "\(name) 获取主 RunLoop：\(label)"))
                case let .lookUp(by, about):
                    if let by, threads[by].thread.isFinished { continue }
                    let id = threads[about].id
                    let found = by.map { threads[$0].lookUp(id) } ?? registry.existingLoop(for: id)
                    let name = by.map { threadNames[$0] } ?? "test", label = labels[found]
                    story.append(Text(en: "\(name) looks up \(threadNames[about]): \(label)", zh: "\(name) 查询 \(threadNames[about])：\(label)"))
                case let .exit(thread):
                    guard !threads[thread].thread.isFinished else { continue }
                    threads[thread].leave()
                    let alive = labels.alive
                    story.append(Text(en: "\(threadNames[thread]) exits; alive: \(alive)", zh: "\(threadNames[thread]) 退出；还活着的：\(alive)"))
                }
            }
            for thread in threads { thread.leave() }
            withExtendedLifetime(kept) {}   // the loops the scenario holds, held to the end
            let alive = labels.alive
            story.append(Text(en: "every thread exited; alive: \(alive)", zh: "所有线程都退出了；还活着的：\(alive)"))
            return story.map(\.localized)
        }
    }

    @Test("Generated scenarios of threads asking, looking up and exiting run as on the reference table", .zh("自动生成的线程获取、查询和退出场景，运行结果和参考实现的表一致"))
    func generatedScenarios() async throws {
        try await Self.practice().check()
    }
}
