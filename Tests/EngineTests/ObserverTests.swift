import Testing
@testable import RunLoopEngine

/// CF-SEMANTICS "Observers".
@Suite struct ObserverTests {
    @Test func activitiesHaveCFsRawValues() {
        #expect(Loop.Activity.entry.rawValue == 1)
        #expect(Loop.Activity.beforeTimers.rawValue == 2)
        #expect(Loop.Activity.beforeSources.rawValue == 4)
        #expect(Loop.Activity.beforeWaiting.rawValue == 32)
        #expect(Loop.Activity.afterWaiting.rawValue == 64)
        #expect(Loop.Activity.exit.rawValue == 128)
        #expect(Loop.Activity.all.rawValue == 0x0FFF_FFFF)
    }

    @Test func observersAreCalledInAscendingOrderEqualOrdersInInsertionOrder() throws {
        let (loop, _) = virtualLoop()
        try keepAlive(loop)
        let log = Log()
        for (name, order) in [("late", 10), ("b", 0), ("early", -10), ("c", 0)] {
            try loop.add(Loop.Observer(name: name, activities: .entry, order: order) { _ in log.add(name) }, forMode: .default)
        }
        try loop.run(mode: .default, timeout: 0)
        #expect(log.all == ["early", "b", "c", "late"])
    }

    @Test func anObserverIsToldOnlyTheActivitiesOfItsMask() throws {
        let (loop, _) = virtualLoop()
        try keepAlive(loop)
        let log = Log()
        try loop.add(Loop.Observer(activities: [.beforeWaiting, .exit]) { log.add($0.description) }, forMode: .default)
        try loop.run(mode: .default, timeout: 1)
        #expect(log.all == ["before waiting", "exit"])
    }

    @Test func aNonRepeatingObserverIsInvalidatedAfterItsFirstCallout() throws {
        let (loop, _) = virtualLoop()
        try keepAlive(loop)
        let log = Log()
        let once = Loop.Observer(activities: .all, repeats: false) { log.add($0.description) }
        try loop.add(once, forMode: .default)
        try loop.run(mode: .default, timeout: 1)
        #expect(log.all == ["entry"])
        #expect(!once.isValid && loop.items(inMode: .default).count == 1)
    }

    @Test func anObserverAlreadyFiringIsNotCalledAgainInANestedRun() throws {
        let (loop, _) = virtualLoop()
        try keepAlive(loop)
        let log = Log()
        let observer = Loop.Observer(activities: .entry) { _ in
            log.add("entry")
            _ = try? loop.run(mode: .default, timeout: 0)   // its nested run reaches entry too
        }
        try loop.add(observer, forMode: .default)
        try loop.run(mode: .default, timeout: 0)
        #expect(log.all == ["entry"])
    }

    @Test func anObserverSeesEveryActivityOfARunInOrder() throws {
        let (loop, _) = virtualLoop()
        try keepAlive(loop)
        let log = Log()
        try loop.add(activityLogger(log), forMode: .default)
        try loop.run(mode: .default, timeout: 1)
        #expect(log.all == ["entry", "before timers", "before sources", "before waiting", "after waiting", "exit"])
    }

    @Test func invalidatingAnObserverRemovesItEverywhere() throws {
        let (loop, _) = virtualLoop()
        let observer = Loop.Observer(activities: .all) { _ in }
        try loop.add(observer, forMode: .common)
        try loop.add(observer, forMode: "private")
        observer.invalidate()
        #expect(loop.items(inMode: .default).isEmpty && loop.items(inMode: "private").isEmpty)
    }
}
