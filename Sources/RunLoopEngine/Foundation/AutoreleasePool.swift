import Synchronization

/// A thread's stack of autorelease pools: objects handed to ``autorelease(_:)`` stay alive
/// until the innermost pool is popped. Objective-C: `@autoreleasepool`, `objc_autoreleasePoolPush`
/// / `objc_autoreleasePoolPop`. (Swift on Linux has no autorelease; this models it so the
/// lesson can show when memory is given back.)
///
/// An object autoreleased with no pool in place is kept for good and counted in
/// ``leakedCount`` (Objective-C logs "autoreleased with no pool in place - just leaking").
public final class AutoreleasePoolStack: @unchecked Sendable {
    // @unchecked: mutable state lives in `pools` (a Lock).
    private let pools = Lock(Pools())

    /// An object kept by a pool. @unchecked: the pool only holds it, never touches it.
    private struct Held: @unchecked Sendable { let object: AnyObject }

    private struct Pools {
        var stack: [(pool: Pool, objects: [Held])] = []
        var leaked: [Held] = []
        var nextID = 0
        var invalidPops = 0
    }

    /// One open pool: what `objc_autoreleasePoolPush` returns and `objc_autoreleasePoolPop` takes.
    public struct Pool: Sendable, Hashable {
        let id: Int
    }

    public init() {}

    /// Opens a pool. `objc_autoreleasePoolPush`
    @discardableResult
    public func push() -> Pool {
        pools.withLock { pools in
            pools.nextID += 1
            let pool = Pool(id: pools.nextID)
            pools.stack.append((pool, []))
            return pool
        }
    }

    /// Releases the objects of the innermost pool and closes it. Popping with no pool open does
    /// nothing. (`NSAutoreleasePool`'s `drain` of the innermost pool.)
    public func pop() {
        // The objects are released when `drained` goes out of scope, outside the lock.
        let drained = pools.withLock { $0.stack.popLast() }
        _ = drained
    }

    /// Closes `pool` and every pool opened after it (inside it), releasing their objects.
    /// `objc_autoreleasePoolPop` releases everything back to the pool's boundary, inner pools
    /// included (`AutoreleasePoolPage::pop` → `releaseUntil`).
    ///
    /// A pool that is no longer open (already popped, or popped with an outer one) is objc's
    /// `badPop` — "Invalid or prematurely-freed autorelease pool", fatal in an app built with a
    /// current SDK. Here nothing is released, the call returns false, and ``invalidPopCount``
    /// counts it.
    @discardableResult
    public func pop(_ pool: Pool) -> Bool {
        // What the popped pools held is released when `drained` goes out of scope, outside the lock.
        let drained = pools.withLock { pools -> Drained in
            // The innermost pool, as almost always (a callout's own pool): taken off in place,
            // with no copy of the stack and no array made.
            if let innermost = pools.stack.last, innermost.pool == pool { return .innermost(pools.stack.removeLast().objects) }
            guard let index = pools.stack.lastIndex(where: { $0.pool == pool }) else {
                pools.invalidPops += 1
                return .notOpen
            }
            defer { pools.stack.removeSubrange(index...) }
            return .several(pools.stack[index...].map(\.objects))
        }
        if case .notOpen = drained { return false }
        return true
    }

    /// What ``pop(_:)`` took off the stack, to be released outside the lock.
    private enum Drained {
        case innermost([Held])
        case several([[Held]])
        case notOpen
    }

    /// Keeps `object` alive until the innermost pool is popped.
    public func autorelease(_ object: AnyObject) {
        pools.withLock { pools in
            if pools.stack.isEmpty {
                pools.leaked.append(Held(object: object))
            } else {
                pools.stack[pools.stack.count - 1].objects.append(Held(object: object))
            }
        }
    }

    /// How many pools are open.
    public var depth: Int { pools.withLock { $0.stack.count } }
    /// How many objects wait in the open pools.
    public var pendingCount: Int { pools.withLock { $0.stack.reduce(0) { $0 + $1.objects.count } } }
    /// How many objects were autoreleased with no pool in place.
    public var leakedCount: Int { pools.withLock { $0.leaked.count } }
    /// How many times ``pop(_:)`` was given a pool that was no longer open (objc's `badPop`).
    public var invalidPopCount: Int { pools.withLock { $0.invalidPops } }

    /// The calling thread's pool stack.
    public static var current: AutoreleasePoolStack { forThread(.current) }

    /// The pool stack of `thread`, made on first use, forgotten when the thread exits.
    public static func forThread(_ thread: ThreadID) -> AutoreleasePoolStack {
        stacks.withLock { stacks in
            if let stack = stacks[thread] { return stack }
            let stack = AutoreleasePoolStack()
            stacks[thread] = stack
            return stack
        }
    }

    static func threadDidExit(_ thread: ThreadID) {
        _ = stacks.withLock { $0.removeValue(forKey: thread) }
    }

    private static let stacks = Lock<[ThreadID: AutoreleasePoolStack]>([:])
}

/// The two observers UIKit puts on the main loop so that each turn of the loop has its own
/// autorelease pool. UIKit: `_wrapRunLoopWithAutoreleasePoolHandler`.
///
/// **Lesson 12 writes this.**
/// - an observer of ``Loop/Activity/entry`` at UIKit's order −2147483647 (`Int32.min + 1`,
///   ``pushOrder``): push a pool before any other observer runs;
/// - an observer of ``Loop/Activity/beforeWaiting`` and ``Loop/Activity/exit`` at UIKit's order
///   2147483647 (`Int32.max`, ``popOrder``): before sleeping, pop the pool and push a new one; on
///   exit, pop it — after every other observer has had its turn.
/// Both in `.common`.
public protocol AutoreleasePoolObservers: Sendable {
    /// Adds the pool observers to `loop`, managing `pools` (the pool stack of the loop's thread).
    func install(on loop: Loop, pools: AutoreleasePoolStack)
}

/// The engine's own pool observers.
public struct ReferenceAutoreleasePoolObservers: AutoreleasePoolObservers {
    /// The push observer's order on UIKit's main loop: −2147483647, one above `Int32.min`.
    static let pushOrder = Int(Int32.min) + 1
    /// The pop (and push again) observer's order on UIKit's main loop: 2147483647, `Int32.max`.
    static let popOrder = Int(Int32.max)

    public init() {}

    public func install(on loop: Loop, pools: AutoreleasePoolStack) {
        let push = Loop.Observer(name: "pool push", activities: .entry, order: Self.pushOrder) { _ in pools.push() }
        let popAndPush = Loop.Observer(name: "pool pop", activities: [.beforeWaiting, .exit], order: Self.popOrder) { activity in
            pools.pop()
            if activity == .beforeWaiting { pools.push() }
        }
        try? loop.add(push, forMode: .common)
        try? loop.add(popAndPush, forMode: .common)
    }
}
