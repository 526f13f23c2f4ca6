import Testing

/// Lesson 01 against the reference table on generated scenarios, on real threads (each answer
/// within a short bounded wait). The input space:
/// - threads: the registry's main thread and three others, each of which may exit and have a new
///   thread started in its place (a fresh id; it must get a fresh loop); or, in a scenario with
///   ``ThreadStep/mainIsTheProcesssMainThread``, a registry whose main thread is the process's own
///   (`ThreadID.main`, the first id), which takes no step: its loop is made by whoever asks for
///   the main loop, and "main" is then an ordinary thread;
/// - questions: a thread asks for its loop (first time or again), asks for the main loop (before
///   or after the main thread itself asked), or looks up a loop without making one — its own,
///   another thread's, one that never asked, one that exited, the process's main thread's, an id
///   no thread ever had — from a thread or from the test;
/// - exits: any thread, the main thread included, before or after it asked.
/// ``edges(_:)`` names the boundaries a scenario reaches, and a test counts them over the fixed
/// seeds. The scenario may hold on to a loop it was given, to see whether an exited thread's loop
/// was torn down; it holds no other, so a loop the table keeps after its thread exited shows as
/// still alive. At the end every thread exits, and whatever loop is still alive is named.
extension Lesson01Tests {
    /// The threads of a scenario: 0 is the registry's main thread (unless the process's is).
    static let threadNames = ["main", "a", "b", "c"]
    /// What a lookup may ask about beyond the four threads: the process's main thread, and an id
    /// no thread ever had.
    static let processMain = 4, nobody = 5

    static func name(_ index: Int?) -> String {
        switch index {
        case nil: "test"
        case processMain?: "the process's main thread"
        case nobody?: "a thread that never existed"
        case let index?: threadNames[index]
        }
    }

    static func nameZh(_ index: Int?) -> String {
        switch index {
        case processMain?: "进程的主线程"
        case nobody?: "一个从未存在过的线程"
        default: name(index)
        }
    }

    enum ThreadStep: Sendable, CustomStringConvertible, PracticeStep {
        /// The thread asks for its own loop (`Loop.current`); with `keep`, the scenario holds on to it.
        case ask(Int, keep: Bool)
        /// The thread asks the registry for the main loop.
        case askMain(Int)
        /// A thread (nil: the test's own) looks up the loop of `about` without making one.
        case lookUp(by: Int?, about: Int)
        /// The thread exits.
        case exit(Int)
        /// A new thread takes the place of one that exited (a no-op while that one lives).
        case startAnew(Int)
        /// The registry's main thread is the process's own (`ThreadID.main`), wherever in the
        /// scenario this step is; thread "main" is then an ordinary thread.
        case mainIsTheProcesssMainThread

        var text: Text {
            func name(_ index: Int?) -> String { Lesson01Tests.name(index) }
            switch self {
            case let .ask(thread, keep):
                return Text(
                    en: "\(name(thread)) asks for its loop" + (keep ? " (the test keeps it)" : ""),
                    zh: "\(name(thread)) 获取自己的 RunLoop" + (keep ? "（测试留着它）" : ""))
            case let .askMain(thread): return Text(en: "\(name(thread)) asks for the main loop", zh: "\(name(thread)) 获取主 RunLoop")
            case let .lookUp(by, about):
                return Text(en: "\(name(by)) looks up \(name(about))'s loop", zh: "\(name(by)) 查询\(nameZh(about))的 RunLoop")
            case let .exit(thread): return Text(en: "\(name(thread)) exits", zh: "\(name(thread)) 退出")
            case let .startAnew(thread):
                return Text(en: "a new thread takes \(name(thread))'s place, once it exited", zh: "\(name(thread)) 退出之后，一个新线程接替它的位置")
            case .mainIsTheProcesssMainThread:
                return Text(
                    en: "the registry's main thread is the process's main thread (ThreadID.main); \"main\" is an ordinary thread",
                    zh: "线程表的主线程是进程的主线程（`ThreadID.main`）；`\"main\"` 只是一个普通线程")
            }
        }

        var description: String { text.en }

        static func random(_ random: inout SeededGenerator) -> ThreadStep {
            let thread = random.int(0...3)
            let other = random.chance(0.2) ? random.pick([processMain, nobody]) : random.int(0...3)
            switch random.int(0...11) {
            case 0...2: return .ask(thread, keep: random.chance(0.3))
            case 3: return .askMain(thread)
            case 4...6: return .lookUp(by: random.chance(0.3) ? nil : thread, about: other)
            case 7...8: return .exit(thread)
            case 9: return .startAnew(thread)
            default: return random.chance(0.5) ? .mainIsTheProcesssMainThread : .askMain(thread)
            }
        }

        /// One step, or now and then a few that reach an edge on purpose: a thread that asked,
        /// exited and is looked up; the main thread exiting after it asked; a new thread in an
        /// exited one's place that asks.
        static func some(_ random: inout SeededGenerator) -> [ThreadStep] {
            let thread = random.int(0...3), by: Int? = random.chance(0.3) ? nil : random.int(0...3)
            guard random.chance(0.2) else { return [Self.random(&random)] }
            switch random.int(0...2) {
            case 0: return [.ask(thread, keep: random.chance(0.3)), .exit(thread), .lookUp(by: by, about: thread)]
            case 1: return [random.chance(0.5) ? .ask(0, keep: false) : .askMain(0), .exit(0)]
            default: return [.exit(thread), .startAnew(thread), .ask(thread, keep: random.chance(0.3))]
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
            (0..<random.int(3...12)).flatMap { _ in ThreadStep.some(&random) }
        } run: { steps, side in
            let table: any LoopTable = side == .student ? makeTable() : ReferenceLoopTable()
            let processMain = steps.contains { if case .mainIsTheProcesssMainThread = $0 { true } else { false } }
            let registry = processMain ? LoopRegistry(table: table, mainThread: .main) : LoopRegistry(table: table)
            let labels = LoopLabels()
            var kept: [Loop] = []
            var threads = try threadNames.enumerated().map { index, name in try Resident(registry, name: name, isMain: index == 0 && !processMain) }
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
                    let id =
                        switch about {
                        case Self.processMain: ThreadID.main
                        case Self.nobody: ThreadID(rawValue: .max)
                        default: threads[about].id
                        }
                    let found = by.map { threads[$0].lookUp(id) } ?? registry.existingLoop(for: id)
                    let name = Self.name(by), label = labels[found]
                    story.append(Text(en: "\(name) looks up \(Self.name(about)): \(label)", zh: "\(name) 查询\(Self.nameZh(about))：\(label)"))
                case let .exit(thread):
                    guard !threads[thread].thread.isFinished else { continue }
                    threads[thread].leave()
                    let alive = labels.alive
                    story.append(Text(en: "\(threadNames[thread]) exits; alive: \(alive)", zh: "\(threadNames[thread]) 退出；还活着的：\(alive)"))
                case let .startAnew(thread):
                    guard threads[thread].thread.isFinished else { continue }
                    threads[thread] = try Resident(registry, name: threadNames[thread])
                    story.append(Text(en: "a new \(threadNames[thread]) starts", zh: "新的 \(threadNames[thread]) 启动了"))
                case .mainIsTheProcesssMainThread: continue
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

extension Lesson01Tests {
    /// The boundaries of lesson 01's input a generated scenario may reach.
    enum Edge: String, CaseIterable, Sendable {
        case askAgain, lookUpFromAnotherThread, lookUpFromTheTest, lookUpAThreadThatNeverAsked, lookUpAnExitedThread
        case lookUpTheProcessMainThread, lookUpAnIdNoThreadHad, mainLoopFirstAskedByAnotherThread, mainThreadExitsAfterAsking
        case mainLoopOfTheProcessMainThread, newThreadInAnExitedOnesPlaceAsks
    }

    /// The edges `steps` reach, the steps taken as the scenario takes them (a step of a thread that
    /// exited is skipped).
    static func edges(_ steps: [ThreadStep]) -> Set<Edge> {
        let theProcesssMain = steps.contains { if case .mainIsTheProcesssMainThread = $0 { true } else { false } }
        var edges: Set<Edge> = []
        var finished = Set<Int>(), asked = Set<Int>(), renewed = Set<Int>()
        for step in steps {
            switch step {
            case let .ask(thread, _):
                guard !finished.contains(thread) else { continue }
                if asked.contains(thread) { edges.insert(.askAgain) }
                if renewed.contains(thread) { edges.insert(.newThreadInAnExitedOnesPlaceAsks) }
                asked.insert(thread)
            case let .askMain(thread):
                guard !finished.contains(thread) else { continue }
                if theProcesssMain { edges.insert(.mainLoopOfTheProcessMainThread) }
                if !theProcesssMain && thread != 0 && !asked.contains(0) { edges.insert(.mainLoopFirstAskedByAnotherThread) }
                if !theProcesssMain && thread == 0 { asked.insert(0) }
            case let .lookUp(by, about):
                if let by, finished.contains(by) { continue }
                if by == nil { edges.insert(.lookUpFromTheTest) } else if by != about { edges.insert(.lookUpFromAnotherThread) }
                switch about {
                case Self.processMain: edges.insert(.lookUpTheProcessMainThread)
                case Self.nobody: edges.insert(.lookUpAnIdNoThreadHad)
                default:
                    if finished.contains(about) && asked.contains(about) { edges.insert(.lookUpAnExitedThread) }
                    if !asked.contains(about) { edges.insert(.lookUpAThreadThatNeverAsked) }
                }
            case let .exit(thread):
                guard !finished.contains(thread) else { continue }
                if thread == 0 && !theProcesssMain && asked.contains(0) && !renewed.contains(0) { edges.insert(.mainThreadExitsAfterAsking) }
                finished.insert(thread)
            case let .startAnew(thread):
                guard finished.contains(thread) else { continue }
                finished.remove(thread)
                asked.remove(thread)
                renewed.insert(thread)
            case .mainIsTheProcesssMainThread: continue
            }
        }
        return edges
    }
}

/// Lesson 01's scenarios reach the edges of its input: a generator that stopped reaching one
/// would leave that edge ungraded.
extension PracticeTests {
    @Test("Lesson 01's generated scenarios reach every edge of its input over the fixed seeds, each several times")
    func lesson01ReachesTheEdges() {
        let practice = Lesson01Tests.practice { ReferenceLoopTable() }
        var hits: [Lesson01Tests.Edge: Int] = [:]
        for seed in PracticeSeeds.chosen(defaultCount: practice.count, environment: [:]) {
            for edge in Lesson01Tests.edges(practice.scenario(seed: seed)) { hits[edge, default: 0] += 1 }
        }
        for edge in Lesson01Tests.Edge.allCases {
            #expect(hits[edge, default: 0] >= 3, "\(edge.rawValue): \(hits[edge, default: 0]) of \(practice.count) scenarios")
        }
    }
}
