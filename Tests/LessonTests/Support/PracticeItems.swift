/// Generated scenarios about what modes hold (lessons 02 and 03): a fixed cast of items, made
/// afresh for each run, and steps that add them to modes, take them out, mark modes common, signal
/// sources, run modes, look at what a mode holds and let another loop try to take an item. Every
/// step names its items and modes, so any step can be left out while shrinking; a step the engine
/// refuses (adding a timer another loop owns) is noted, not thrown.
enum ItemPractice {
    /// The cast. Two sources share the name "work" and two ports the name "port": an item is its
    /// object, not its name. The three observers have the same order, so they are told in the
    /// order their mode received them.
    enum Cast: Int, CaseIterable, Sendable {
        case work, otherWork, port, otherPort, once, ticker, first, second, third

        var text: Text {
            switch self {
            case .work: Text(en: "the source \"work\"", zh: "事件源 `\"work\"`")
            case .otherWork: Text(en: "the other source \"work\"", zh: "另一个事件源 `\"work\"`")
            case .port: Text(en: "the port \"port\"", zh: "端口 `\"port\"`")
            case .otherPort: Text(en: "the other port \"port\"", zh: "另一个端口 `\"port\"`")
            case .once: Text(en: "the one-shot timer \"once\" (0.3 s)", zh: "一次性定时器 `\"once\"`（0.3 秒）")
            case .ticker: Text(en: "the timer \"ticker\" (every 0.4 s)", zh: "定时器 `\"ticker\"`（每 0.4 秒）")
            case .first: Text(en: "the observer \"first\"", zh: "观察者 `\"first\"`")
            case .second: Text(en: "the observer \"second\"", zh: "观察者 `\"second\"`")
            case .third: Text(en: "the observer \"third\"", zh: "观察者 `\"third\"`")
            }
        }

        var isSource: Bool { self == .work || self == .otherWork }
    }

    /// One step of a scenario.
    enum Step: Sendable, CustomStringConvertible, PracticeStep, SimplifiableStep {
        case add(Cast, Loop.Mode)
        case remove(Cast, Loop.Mode)
        case markCommon(Loop.Mode)
        case signal(Cast)
        case run(Loop.Mode, timeout: Double)
        /// Notes what the mode holds, in the order the loop lists it.
        case look(Loop.Mode)
        /// Another loop tries to take the item (an observer or a timer belongs to one loop at a
        /// time) and, if it could, lets it go again.
        case adopt(Cast)

        var text: Text {
            switch self {
            case let .add(item, mode): Text(en: "add \(item.text.en) to \(Self.named(mode))", zh: "把\(item.text.zh)加到 \(Self.named(mode))")
            case let .remove(item, mode): Text(en: "remove \(item.text.en) from \(Self.named(mode))", zh: "把\(item.text.zh)从 \(Self.named(mode)) 移除")
            case let .markCommon(mode): Text(en: "mark \(Self.named(mode)) common", zh: "把 \(Self.named(mode)) 标为 common")
            case let .signal(item): Text(en: "signal \(item.text.en)", zh: "给\(item.text.zh)发信号")
            case let .run(mode, timeout):
                Text(en: "run \(Self.named(mode)) for \(PracticeText.seconds(timeout).en)", zh: "运行 \(Self.named(mode)) \(PracticeText.seconds(timeout).zh)")
            case let .look(mode): Text(en: "look at what \(Self.named(mode)) holds", zh: "看看 \(Self.named(mode)) 里有什么")
            case let .adopt(item): Text(en: "another loop tries to take \(item.text.en)", zh: "另一个 RunLoop 试着拿走\(item.text.zh)")
            }
        }

        var description: String { text.en }

        /// `.common` by the name the code uses, any other mode by its name.
        static func named(_ mode: Loop.Mode) -> String { mode == .common ? ".common" : mode.name }

        var simpler: [Step] {
            if case let .run(mode, timeout) = self, timeout > 0 { return [.run(mode, timeout: 0)] }
            return []
        }
    }

    /// A scenario of a few `steps` about a few members of the cast — one of the pairs that share
    /// a name, the three observers, or a handful at random — so that the same item meets the same
    /// mode again and again: added twice, removed, removed where it never was. `modes` are
    /// weighted by repetition; `marking` are the modes that may be marked common (none: never),
    /// `markWeight` how often (out of 16).
    static func scenario(
        modes: [Loop.Mode], marking: [Loop.Mode], markWeight: Int = 0, steps: ClosedRange<Int> = 4...14,
        _ random: inout SeededGenerator
    ) -> [Step] {
        let cast: [Cast] =
            switch random.int(0...5) {
            case 0: [.work, .otherWork]
            case 1: [.port, .otherPort]
            case 2: [.first, .second, .third]
            case 3: [.ticker, .once]
            default: Array(Cast.allCases.shuffled(using: &random).prefix(random.int(1...4)))
            }
        return (0..<random.int(steps)).map { _ in
            randomStep(cast: cast, modes: modes, marking: marking, markWeight: markWeight, &random)
        }
    }

    /// One step about `cast` in `modes`.
    static func randomStep(cast: [Cast], modes: [Loop.Mode], marking: [Loop.Mode], markWeight: Int, _ random: inout SeededGenerator) -> Step {
        let item = random.pick(cast)
        let mode = random.pick(modes)
        if !marking.isEmpty, random.int(0...15) < markWeight { return .markCommon(random.pick(marking)) }
        switch random.int(0...15) {
        case 0...4: return .add(item, mode)
        case 5, 6: return .remove(item, mode)
        case 7: return .signal(random.pick(cast.filter(\.isSource) + [Cast.work]))
        case 8...10: return .run(random.pick(modes.filter { $0 != .common } + marking), timeout: random.pick([0, 0.5, 1.2]))
        case 11...13: return .look(random.pick(modes + marking))
        default: return .adopt(random.pick(cast.filter { !$0.isSource && $0 != .port && $0 != .otherPort } + [Cast.ticker]))
        }
    }

    /// Runs `steps` on `loop` (fresh, on a virtual clock): the trace is the comparison.
    static func run(_ steps: [Step], on loop: Loop, clock: VirtualClock) {
        let cast: [Loop.Item] = Cast.allCases.map { member in
            switch member {
            case .work, .otherWork: .source(Loop.Source(name: "work") {})
            case .port, .otherPort: .port(Loop.Port(name: "port"))
            case .once: .timer(try! Loop.Timer(name: "once", fireDate: loop.now + 0.3) { _ in })
            case .ticker: .timer(try! Loop.Timer(name: "ticker", fireDate: loop.now + 0.4, interval: 0.4) { _ in })
            case .first, .second, .third:
                .observer(Loop.Observer(name: "\(member)", activities: [.entry, .beforeWaiting, .exit]) { _ in })
            }
        }
        for step in steps {
            switch step {
            case let .add(member, mode):
                do {
                    switch cast[member.rawValue] {
                    case .source(let source): try loop.add(source, forMode: mode)
                    case .port(let port): try loop.add(port, forMode: mode)
                    case .timer(let timer): try loop.add(timer, forMode: mode)
                    case .observer(let observer): try loop.add(observer, forMode: mode)
                    }
                } catch {
                    loop.note(Text(en: "refused: \(error)", zh: "被拒绝：\(error)"))
                }
            case let .remove(member, mode): loop.remove(cast[member.rawValue], fromMode: mode)
            case let .markCommon(mode): loop.addCommonMode(mode)
            case let .signal(member): if case .source(let source) = cast[member.rawValue] { source.signal() }
            case let .run(mode, timeout):
                do {
                    loop.note(Note.returned("run(\(mode.name))", try loop.run(mode: mode, timeout: timeout)))
                } catch {
                    loop.note(Text(en: "run(\(mode.name)) threw \(error)", zh: "`run(\(mode.name))` 抛出了 \(error)"))
                }
            case let .look(mode):
                let held = loop.items(inMode: mode).map { item in Cast.allCases.first { cast[$0.rawValue] == item }.map { "\($0)" } ?? "?" }
                loop.note(Text(en: "\(Step.named(mode)) holds \(held)", zh: "\(Step.named(mode)) 里有 \(held)"))
            case let .adopt(member):
                let other = Loop(clock: clock, name: "another loop")
                do {
                    switch cast[member.rawValue] {
                    case .timer(let timer): try other.add(timer, forMode: .default)
                    case .observer(let observer): try other.add(observer, forMode: .default)
                    case .source, .port: break
                    }
                    loop.note(Text(en: "another loop takes \(member)", zh: "另一个 RunLoop 拿走了 \(member)"))
                    // And lets it go again, so that no loop is dropped still holding an item.
                    other.remove(cast[member.rawValue], fromMode: .default)
                } catch {
                    loop.note(Text(en: "another loop cannot take \(member): \(error)", zh: "另一个 RunLoop 拿不走 \(member)：\(error)"))
                }
            }
        }
    }
}
