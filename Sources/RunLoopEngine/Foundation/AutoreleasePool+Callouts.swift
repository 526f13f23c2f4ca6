import Synchronization

/// The autorelease pool CF pushes around a callout, as CFRunLoop.c decides it.
///
/// CF: `CFRUNLOOP_ARP_BEGIN(x)` / `CFRUNLOOP_ARP_END()` around each callout, which call
/// `__CFRunLoopPerCalloutARPBegin(x)` — "When `rl` is 0, will push an ARP unconditionally" —
/// and `__CFRunLoopPerCalloutARPEnd`, which pops the pool it pushed:
///
/// | callout | CF writes | pool |
/// |---|---|---|
/// | a timer (`__CFRunLoopDoTimer`) | `CFRUNLOOP_ARP_BEGIN(NULL)` | always |
/// | the main queue (`__CFRUNLOOP_IS_SERVICING_THE_MAIN_DISPATCH_QUEUE__`) | `CFRUNLOOP_ARP_BEGIN(NULL)` | always, one around the whole service |
/// | a source0 (`__CFRunLoopDoSource0`), a source1 (`__CFRunLoopDoSource1`), an observer (`__CFRunLoopDoObservers`), a block (`__CFRunLoopDoBlocks`) | `CFRUNLOOP_ARP_BEGIN(rl)` | while the loop's `_perCalloutARP` is true |
///
/// `__CFRunLoopCreate` sets `_perCalloutARP = true` for every loop; the SPI
/// `_CFRunLoopSetPerCalloutAutoreleasepoolEnabled` (CFPriv.h, iOS 14 / macOS 11) sets it for the
/// calling thread's loop. Only builds with the Objective-C runtime push these pools: the
/// swift-corelibs-foundation build defines the two macros empty, so Foundation on Linux has none.
extension Loop {
    /// Which rule of CF decides whether a callout gets a pool of its own.
    enum CalloutPool {
        /// Timer and main-queue callouts: `CFRUNLOOP_ARP_BEGIN(NULL)`.
        case always
        /// Source0, source1, observer and block callouts: `CFRUNLOOP_ARP_BEGIN(rl)`.
        case whileEnabled
    }

    /// Runs `callout` inside an autorelease pool of its own when CF's `rule` says so: what the
    /// callout autoreleases is released as soon as it returns.
    func withCalloutPool(_ rule: CalloutPool, _ callout: () -> Void) {
        // CF reads the flag when the callout begins; the end pops whatever the begin pushed.
        guard rule == .always || perCalloutPools.load(ordering: .relaxed) else { return callout() }
        let pool = autoreleasePoolStack.push()
        callout()
        autoreleasePoolStack.pop(pool)
    }

    /// Whether this loop's source0, source1, observer and block callouts each get an autorelease
    /// pool of their own (timer and main-queue callouts always do). CF: `_perCalloutARP`, true
    /// for every new loop. A loop made with UIKit's pool observers
    /// (``Mechanisms/autoreleasePools``) starts with it false: a pool pushed in an observer's
    /// callout while it is true would be popped with the callout's own pool.
    ///
    /// CF changes it only through the SPI on the calling thread's loop
    /// (``setPerCalloutAutoreleasePoolsEnabled(_:)``); a loop made directly, which is not
    /// ``Loop/current`` until it runs, can be set here.
    public var perCalloutAutoreleasePools: Bool {
        get { perCalloutPools.load(ordering: .relaxed) }
        set { perCalloutPools.store(newValue, ordering: .relaxed) }
    }

    /// Whether the current thread's loop gives its flag-governed callouts pools of their own.
    /// CF: `_CFRunLoopPerCalloutAutoreleasepoolEnabled` (SPI).
    public static var perCalloutAutoreleasePoolsEnabled: Bool { current.perCalloutAutoreleasePools }

    /// Turns the per-callout pools of source0, source1, observer and block callouts on or off
    /// for the current thread's loop, and returns the new setting. Timer and main-queue callouts
    /// keep theirs. CF: `_CFRunLoopSetPerCalloutAutoreleasepoolEnabled` (SPI).
    @discardableResult
    public static func setPerCalloutAutoreleasePoolsEnabled(_ enabled: Bool) -> Bool {
        let loop = current
        loop.perCalloutAutoreleasePools = enabled
        return enabled
    }
}
