import Foundation

/// Generated loop scenarios, for the practice of the lessons whose mechanism lives inside a
/// run (11: the pass, 12: the pool observers, 14: the main queue): observers, sources, ports,
/// timers, queued blocks and main-queue work, runs in several modes, and callouts that act on
/// the loop — signal a source, send a message, queue a block, stop, wake up, take time, run the
/// loop nested, autorelease objects.
///
/// Items are named (`s1`, `p2`…) and acts name the items they touch: an act whose item is not
/// in the scenario (shrinking dropped it) does nothing. An item acts only on its first few
/// callouts (`acts[n]` on its callout n + 1), so every scenario ends.
enum LoopScenario {
    /// Where an item is added or a block is queued, or which mode a run runs.
    enum Place: String, Sendable, CaseIterable, CustomStringConvertible {
        case `default`, tracking, modal, common

        var mode: Loop.Mode {
            switch self {
            case .default: .default
            case .tracking: .tracking
            case .modal: "modal"
            case .common: .common
            }
        }

        var description: String { self == .common ? "common modes" : rawValue }

        /// The modes a run may run (`.common` is not a mode).
        static let runnable: [Place] = [.default, .tracking, .modal]
    }

    /// What a callout does.
    indirect enum Act: Sendable, CustomStringConvertible {
        /// Signals the source of that name (it does not wake the loop).
        case signal(String)
        /// Sends a message to the port of that name.
        case send(String)
        /// Queues a block for `Place` that does these acts when it runs.
        case perform(String, Place, [Act])
        /// Queues main-queue work (on the main loop only) that does these acts.
        case mainAsync(String, [Act])
        /// Queues main-queue work from another thread, and waits until it is queued.
        case mainAsyncFromAnotherThread(String, [Act])
        case stop
        case wakeUp
        /// The callout takes this many seconds.
        case takes(Double)
        /// Runs the loop nested in `Place` for that many seconds, returning after a source if asked.
        case run(Place, Double, Bool)
        /// Autoreleases this many new objects, then notes the pools.
        case autorelease(Int)
        /// Opens a pool of its own, autoreleases this many objects in it, notes, closes it.
        case pool(Int)
        /// The item that acts invalidates itself (removed from every mode).
        case invalidate

        var description: String { text.en }

        /// The act as the student reads it.
        var text: Text {
            switch self {
            case .signal(let name): Text(en: "signal \(name)", zh: "标记 \(name)")
            case .send(let name): Text(en: "send to \(name)", zh: "向 \(name) 发一条消息")
            case .perform(let name, let place, let acts):
                Self.with(Text(en: "queue block \(name) for \(place)", zh: "为 \(place) 排一个 Block \(name)"), acts)
            case .mainAsync(let name, let acts): Self.with(Text(en: "queue \(name) on the main queue", zh: "往主队列排 \(name)"), acts)
            case .mainAsyncFromAnotherThread(let name, let acts):
                Self.with(Text(en: "queue \(name) on the main queue from another thread", zh: "从另一个线程往主队列排 \(name)"), acts)
            case .stop: Text(en: "stop()", zh: "`stop()`")
            case .wakeUp: Text(en: "wakeUp()", zh: "`wakeUp()`")
            case .takes(let seconds): Text(en: "take \(PracticeText.number(seconds)) s", zh: "耗时 \(PracticeText.number(seconds)) 秒")
            case .run(let place, let timeout, let once):
                Text(
                    en: "run \(place) nested for \(PracticeText.number(timeout)) s" + (once ? ", returning after a source" : ""),
                    zh: "嵌套运行 \(place) \(PracticeText.number(timeout)) 秒" + (once ? "，处理完一个事件源就返回" : ""))
            case .autorelease(let count): Text(en: "autorelease \(count)", zh: "`autorelease` \(count) 个对象")
            case .pool(let count): Text(en: "@autoreleasepool { autorelease \(count) }", zh: "在自己的自动释放池里 `autorelease` \(count) 个对象")
            case .invalidate: Text(en: "invalidate itself", zh: "让自己失效")
            }
        }

        /// `text` followed by what `acts` do, in braces.
        static func with(_ text: Text, _ acts: [Act]) -> Text {
            guard !acts.isEmpty else { return text }
            let texts = acts.map(\.text)
            return Text(
                en: text.en + " { " + texts.map(\.en).joined(separator: "; ") + " }",
                zh: text.zh + " { " + texts.map(\.zh).joined(separator: "；") + " }")
        }

        /// The act with one fewer of the acts it queues, each way (for shrinking).
        var simpler: [Act] {
            switch self {
            case .perform(let name, let place, let acts):
                acts.indices.map {
                    var fewer = acts; fewer.remove(at: $0); return .perform(name, place, fewer)
                }
            case .mainAsync(let name, let acts):
                acts.indices.map {
                    var fewer = acts; fewer.remove(at: $0); return .mainAsync(name, fewer)
                }
            case .mainAsyncFromAnotherThread(let name, let acts):
                acts.indices.map {
                    var fewer = acts; fewer.remove(at: $0); return .mainAsyncFromAnotherThread(name, fewer)
                }
            case .run(let place, let timeout, true): [.run(place, timeout, false)]
            default: []
            }
        }
    }

    /// One step of a scenario: an item added, work queued, a mode marked common, or a run.
    enum Step: Sendable, CustomStringConvertible, PracticeStep, SimplifiableStep {
        case markCommon(Place)
        case observer(String, Loop.Activity, order: Int, repeats: Bool, Place, acts: [[Act]])
        case source(String, order: Int, Place, signalled: Bool, acts: [[Act]])
        case port(String, Place, messages: Int, acts: [[Act]])
        case timer(String, Place, after: Double, interval: Double, acts: [[Act]])
        case block(String, Place, [Act])
        case mainAsync(String, [Act])
        case run(Place, timeout: Double, returnAfterSource: Bool)
        /// The acts, done between runs (outside any callout).
        case outside([Act])
        /// The scenario runs on the main loop (a main thread with its main queue).
        case onTheMainLoop

        var description: String { text.en }

        /// The step as the student reads it.
        var text: Text {
            switch self {
            case .markCommon(let place): Text(en: "mark \(place) common", zh: "把 \(place) 标为 common")
            case .observer(let name, let activities, let order, let repeats, let place, let acts):
                Self.with(
                    Text(
                        en: "observer \(name) of \(activities), order \(order)\(repeats ? "" : ", once"), in \(place)",
                        zh: "观察者 \(name)（\(activities)，`order` \(order)\(repeats ? "" : "，只通知一次")），加在 \(place) 里"), acts)
            case .source(let name, let order, let place, let signalled, let acts):
                Self.with(
                    Text(
                        en: "source \(name), order \(order), in \(place)\(signalled ? ", signalled" : "")",
                        zh: "事件源 \(name)（`order` \(order)），加在 \(place) 里\(signalled ? "，已标记" : "")"), acts)
            case .port(let name, let place, let messages, let acts):
                Self.with(
                    Text(
                        en: "port \(name) in \(place)" + (messages > 0 ? ", \(messages) message(s) waiting" : ""),
                        zh: "端口 \(name)，加在 \(place) 里" + (messages > 0 ? "，有 \(messages) 条消息在等" : "")), acts)
            case .timer(let name, let place, let after, let interval, let acts):
                Self.with(
                    Text(
                        en: "timer \(name) in \(place), first in \(PracticeText.number(after)) s"
                            + (interval > 0 ? ", every \(PracticeText.number(interval)) s" : ""),
                        zh: "定时器 \(name)，加在 \(place) 里，\(PracticeText.number(after)) 秒后第一次触发" + (interval > 0 ? "，每 \(PracticeText.number(interval)) 秒一次" : "")),
                    acts)
            case .block(let name, let place, let acts): Act.with(Text(en: "queue block \(name) for \(place)", zh: "为 \(place) 排一个 Block \(name)"), acts)
            case .mainAsync(let name, let acts): Act.with(Text(en: "queue \(name) on the main queue", zh: "往主队列排 \(name)"), acts)
            case .run(let place, let timeout, let once):
                Text(
                    en: "run \(place) for \(PracticeText.number(timeout)) s" + (once ? ", returning after a source" : ""),
                    zh: "运行 \(place) \(PracticeText.number(timeout)) 秒" + (once ? "，处理完一个事件源就返回" : ""))
            case .outside(let acts): Act.with(Text(en: "between runs:", zh: "两次运行之间："), acts)
            case .onTheMainLoop: Text(en: "on the main loop", zh: "在主线程 RunLoop 上")
            }
        }

        /// `text` followed by what the item's callouts do.
        static func with(_ text: Text, _ acts: [[Act]]) -> Text {
            let said = acts.enumerated().filter { !$0.element.isEmpty }
            guard !said.isEmpty else { return text }
            let en = said.map { "callout \($0.offset + 1): " + $0.element.map(\.text.en).joined(separator: "; ") }
            let zh = said.map { "第 \($0.offset + 1) 次回调：" + $0.element.map(\.text.zh).joined(separator: "；") }
            return Text(en: text.en + " — " + en.joined(separator: " · "), zh: text.zh + "——" + zh.joined(separator: " · "))
        }

        /// Simpler forms of the step, tried while shrinking: fewer acts, no return after a source.
        var simpler: [Step] {
            func fewer(_ acts: [[Act]]) -> [[[Act]]] {
                acts.isEmpty
                    ? []
                    : [[], Array(acts.dropLast())]
                        + acts.indices.filter { acts[$0].count > 1 }.map { index in
                            var fewer = acts
                            fewer[index].removeLast()
                            return fewer
                        }
            }
            func fewer(_ acts: [Act]) -> [[Act]] {
                acts.isEmpty
                    ? []
                    : [[], Array(acts.dropLast()), Array(acts.dropFirst())]
                        + acts.indices.flatMap { index in
                            acts[index].simpler.map { simpler in
                                var fewer = acts
                                fewer[index] = simpler
                                return fewer
                            }
                        }
            }
            switch self {
            case .observer(let name, let activities, let order, let repeats, let place, let acts):
                return fewer(acts).map { .observer(name, activities, order: order, repeats: repeats, place, acts: $0) }
            case .source(let name, let order, let place, let signalled, let acts):
                return fewer(acts).map { .source(name, order: order, place, signalled: signalled, acts: $0) }
            case .port(let name, let place, let messages, let acts):
                return fewer(acts).map { .port(name, place, messages: messages, acts: $0) }
                    + (messages > 1 ? [.port(name, place, messages: 1, acts: acts)] : [])
            case .timer(let name, let place, let after, let interval, let acts):
                return fewer(acts).map { .timer(name, place, after: after, interval: interval, acts: $0) }
            case .block(let name, let place, let acts): return fewer(acts).map { .block(name, place, $0) }
            case .mainAsync(let name, let acts): return fewer(acts).map { .mainAsync(name, $0) }
            case .outside(let acts): return fewer(acts).filter { !$0.isEmpty }.map { .outside($0) }
            case .run(let place, let timeout, true): return [.run(place, timeout: timeout, returnAfterSource: false)]
            case .markCommon, .run, .onTheMainLoop: return []
            }
        }
    }

    /// Runs `steps` on `loop` (traced by the caller): the items, the work and the runs in order.
    static func perform(_ steps: [Step], on loop: Loop, queue: MainQueue?) throws {
        let world = World(loop: loop, queue: queue)
        for step in steps { try world.perform(step) }
    }

    /// The trace of `steps` with `mechanisms`: on a fresh main loop if the steps say so (or if
    /// `mainLoop`), else on a fresh loop of the calling thread; both on a virtual clock.
    static func trace(_ steps: [Step], _ mechanisms: Loop.Mechanisms, _ filter: LoopTrace.Filter, mainLoop: Bool = false) throws -> [String] {
        if mainLoop || steps.contains(where: { if case .onTheMainLoop = $0 { true } else { false } }) {
            return try Harness.mainLoopTrace(mechanisms, filter) { loop, queue in try perform(steps, on: loop, queue: queue) }
        }
        return try Harness.trace(mechanisms, filter) { loop, _ in try perform(steps, on: loop, queue: nil) }
    }

    /// The scenario's items and objects while it runs. Used on the loop's thread only (the
    /// other thread of ``Act/mainAsyncFromAnotherThread(_:_:)`` touches the queue alone).
    final class World: @unchecked Sendable {
        let loop: Loop
        let queue: MainQueue?
        private var sources: [String: Loop.Source] = [:]
        private var ports: [String: Loop.Port] = [:]
        private var invalidators: [String: () -> Void] = [:]
        private var calls: [String: Int] = [:]
        private let objects = Objects()

        init(loop: Loop, queue: MainQueue?) {
            self.loop = loop
            self.queue = queue
        }

        func perform(_ step: Step) throws {
            switch step {
            case .markCommon(let place):
                if place != .common { loop.addCommonMode(place.mode) }
            case .observer(let name, let activities, let order, let repeats, let place, let acts):
                let observer = Loop.Observer(name: name, activities: activities, repeats: repeats, order: order) { [unowned self] _ in
                    self.callout(name, acts)
                }
                invalidators[name] = { observer.invalidate() }
                try loop.add(observer, forMode: place.mode)
            case .source(let name, let order, let place, let signalled, let acts):
                let source = Loop.Source(name: name, order: order) { [unowned self] in self.callout(name, acts) }
                sources[name] = source
                invalidators[name] = { source.invalidate() }
                try loop.add(source, forMode: place.mode)
                if signalled { source.signal() }
            case .port(let name, let place, let messages, let acts):
                let port = Loop.Port(name: name) { [unowned self] _ in self.callout(name, acts) }
                ports[name] = port
                invalidators[name] = { port.invalidate() }
                try loop.add(port, forMode: place.mode)
                for number in 0..<messages { try port.send("m\(number + 1)") }
            case .timer(let name, let place, let after, let interval, let acts):
                let timer = try Loop.Timer(name: name, fireDate: loop.now + after, interval: interval) { [unowned self] _ in
                    self.callout(name, acts)
                }
                invalidators[name] = { timer.invalidate() }
                try loop.add(timer, forMode: place.mode)
            case .block(let name, let place, let acts):
                queueBlock(name, place, acts)
            case .mainAsync(let name, let acts):
                queueMain(name, acts)
            case .run(let place, let timeout, let once):
                _ = try loop.run(mode: place.mode, timeout: timeout, returnAfterSourceHandled: once)
                observePools(Text(en: "after the run", zh: "运行结束后"))
            case .outside(let acts):
                run(acts, by: "")
            case .onTheMainLoop:
                break
            }
        }

        /// The callout of item `name`: its acts for this callout, if any are left.
        private func callout(_ name: String, _ acts: [[Act]]) {
            let number = calls[name, default: 0]
            calls[name] = number + 1
            if number < acts.count { run(acts[number], by: name) }
        }

        private func run(_ acts: [Act], by name: String) {
            for act in acts { run(act, by: name) }
        }

        private func run(_ act: Act, by name: String) {
            switch act {
            case .signal(let target): sources[target]?.signal()
            case .send(let target): try? ports[target]?.send("from \(name)")
            case .perform(let block, let place, let acts): queueBlock(block, place, acts)
            case .mainAsync(let work, let acts): queueMain(work, acts)
            case .mainAsyncFromAnotherThread(let work, let acts):
                guard let queue else { return }
                let queued = DispatchSemaphore(value: 0)
                let thread = Thread { [unowned self] in
                    queue.async(name: work) { self.run(acts, by: work) }
                    queued.signal()
                }
                thread.start()
                queued.wait()
            case .stop: loop.stop()
            case .wakeUp: loop.wakeUp()
            case .takes(let seconds): (loop.clock as? VirtualClock)?.advance(by: seconds)
            case .run(let place, let timeout, let once):
                let result = (try? loop.run(mode: place.mode, timeout: timeout, returnAfterSourceHandled: once)).map { "\($0)" } ?? "refused"
                loop.note(Text(en: "\(name): nested run in \(place) → \(result)", zh: "\(name)：在 \(place) 里嵌套运行 → \(result)"))
            case .autorelease(let count):
                for _ in 0..<count { objects.autoreleaseNew() }
                observePools(Text(en: "\(name) autoreleased \(count)", zh: "\(name) `autorelease` 了 \(count) 个"))
            case .pool(let count):
                let pools = AutoreleasePoolStack.current
                pools.push()
                for _ in 0..<count { objects.autoreleaseNew() }
                observePools(Text(en: "\(name) in its own pool", zh: "\(name) 在自己的池里"))
                pools.pop()
            case .invalidate: invalidators[name]?()
            }
        }

        private func queueBlock(_ name: String, _ place: Place, _ acts: [Act]) {
            loop.perform(inModes: [place.mode], name: name) { [unowned self] in self.run(acts, by: name) }
        }

        private func queueMain(_ name: String, _ acts: [Act]) {
            queue?.async(name: name) { [unowned self] in self.run(acts, by: name) }
        }

        /// Notes the pools of the thread, once objects were made: how many are open, how many
        /// of the scenario's objects are alive, how many were autoreleased with no pool.
        private func observePools(_ when: Text) {
            guard objects.madeCount > 0 else { return }
            let pools = AutoreleasePoolStack.current
            loop.note(
                Text(
                    en: "\(when.en): pools open \(pools.depth), objects alive \(objects.aliveCount) of \(objects.madeCount), leaked \(pools.leakedCount)",
                    zh: "\(when.zh)：未关闭的池 \(pools.depth)，\(objects.madeCount) 个对象里还活着 \(objects.aliveCount) 个，泄漏 \(pools.leakedCount) 个"))
        }
    }

    /// Objects made and autoreleased on the current thread, watched through weak references.
    final class Objects: @unchecked Sendable {
        private final class Garbage {}
        private struct Weak { weak var object: AnyObject? }
        private var made: [Weak] = []

        var aliveCount: Int { made.filter { $0.object != nil }.count }
        var madeCount: Int { made.count }

        func autoreleaseNew() {
            let garbage = Garbage()
            made.append(Weak(object: garbage))
            AutoreleasePoolStack.current.autorelease(garbage)
        }
    }

    // MARK: Generating

    /// The item names acts may refer to.
    static let sourceNames = ["s1", "s2", "s3"]
    static let portNames = ["p1", "p2"]

    /// Seconds that fall on each other often: timers due with a deadline, callouts that take
    /// exactly up to the next timer.
    static func seconds(_ random: inout SeededGenerator, zero: Bool = true) -> Double {
        random.pick(zero ? [0, 0.25, 0.5, 1, 1, 1.5, 2, 0.3] : [0.25, 0.5, 1, 1, 1.5, 2, 0.3])
    }

    static func activities(_ random: inout SeededGenerator) -> Loop.Activity {
        if random.chance(0.3) { return .all }
        var activities: Loop.Activity = []
        for activity in Loop.Activity.each where random.chance(0.4) { activities.insert(activity) }
        return activities.isEmpty ? random.pick(Loop.Activity.each) : activities
    }
}

extension LoopScenario {
    /// The kinds of act a lesson's generator uses.
    enum ActKind: Sendable, CaseIterable {
        case signal, send, perform, mainAsync, mainAsyncFromAnotherThread, stop, wakeUp, takes, run, autorelease, pool, invalidate
    }

    /// A few acts of `kinds`, blocks and main-queue work nesting acts of their own up to `depth`.
    static func acts(_ random: inout SeededGenerator, _ kinds: [ActKind], count: ClosedRange<Int> = 0...2, depth: Int = 2) -> [Act] {
        (0..<random.int(count)).map { _ in act(&random, kinds, depth: depth) }
    }

    /// One act of `kinds`.
    static func act(_ random: inout SeededGenerator, _ kinds: [ActKind], depth: Int) -> Act {
        let usable = depth > 0 ? kinds : kinds.filter { ![.perform, .mainAsync, .mainAsyncFromAnotherThread, .run].contains($0) }
        let nested = { (random: inout SeededGenerator) in acts(&random, kinds, count: 0...2, depth: depth - 1) }
        switch random.pick(usable.isEmpty ? [.stop] : usable) {
        case .signal: return .signal(random.pick(sourceNames))
        case .send: return .send(random.pick(portNames))
        case .perform:
            let place = random.pick([Place.default, .default, .common, .tracking, .modal])
            return .perform("b\(random.int(1...99))", place, nested(&random))
        case .mainAsync: return .mainAsync("m\(random.int(1...99))", nested(&random))
        case .mainAsyncFromAnotherThread: return .mainAsyncFromAnotherThread("w\(random.int(1...99))", nested(&random))
        case .stop: return .stop
        case .wakeUp: return .wakeUp
        case .takes: return .takes(seconds(&random, zero: false))
        case .run: return .run(random.pick(Place.runnable), random.pick([0, 0.5, 1]), random.chance(0.3))
        case .autorelease: return .autorelease(random.int(1...3))
        case .pool: return .pool(random.int(1...2))
        case .invalidate: return .invalidate
        }
    }

    /// Acts for an item's first callouts (none after them).
    static func calloutActs(_ random: inout SeededGenerator, _ kinds: [ActKind], callouts: ClosedRange<Int> = 0...2) -> [[Act]] {
        (0..<random.int(callouts)).map { _ in acts(&random, kinds, count: 0...2) }
    }

    /// Items of every kind, in the places given, with acts of `kinds`.
    static func items(
        _ random: inout SeededGenerator, _ kinds: [ActKind], places: [Place], orders: [Int],
        observers: ClosedRange<Int>, sources: ClosedRange<Int>, ports: ClosedRange<Int>,
        timers: ClosedRange<Int>, blocks: ClosedRange<Int>
    ) -> [Step] {
        var steps: [Step] = []
        for number in 0..<random.int(observers) {
            steps.append(
                .observer(
                    "o\(number + 1)", activities(&random), order: random.pick(orders), repeats: random.chance(0.75),
                    random.pick(places), acts: calloutActs(&random, kinds, callouts: 0...3)))
        }
        for name in sourceNames.prefix(random.int(sources)) {
            steps.append(
                .source(
                    name, order: random.pick([0, 0, 1, -1]), random.pick(places), signalled: random.chance(0.5),
                    acts: calloutActs(&random, kinds)))
        }
        for name in portNames.prefix(random.int(ports)) {
            steps.append(.port(name, random.pick(places), messages: random.pick([0, 0, 1, 2]), acts: calloutActs(&random, kinds)))
        }
        for number in 0..<random.int(timers) {
            let interval = random.chance(0.3) ? random.pick([0.3, 0.5, 1]) : 0
            steps.append(
                .timer(
                    "t\(number + 1)", random.pick(places), after: seconds(&random), interval: interval,
                    acts: calloutActs(&random, kinds)))
        }
        for number in 0..<random.int(blocks) {
            steps.append(.block("q\(number + 1)", random.pick(places), acts(&random, kinds, count: 0...2)))
        }
        return steps
    }

    /// Runs of the scenario, with acts between them now and then.
    static func runs(_ random: inout SeededGenerator, _ kinds: [ActKind], count: ClosedRange<Int>, places: [Place]) -> [Step] {
        var steps: [Step] = []
        for _ in 0..<random.int(count) {
            if random.chance(0.3) { steps.append(.outside(acts(&random, kinds.filter { $0 != .stop && $0 != .run && $0 != .invalidate }, count: 1...2))) }
            steps.append(.run(random.pick(places), timeout: random.pick([0, 0, 0.5, 1, 1, 1.5, 2.5]), returnAfterSource: random.chance(0.35)))
        }
        return steps
    }
}
