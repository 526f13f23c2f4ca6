/// Core Animation's commit on the main loop: why the UI changes only when the loop is about to
/// sleep. QuartzCore: the observer `CA::Transaction::observer_callback` (seen in any
/// `po [NSRunLoop mainRunLoop]` dump: activities 0xa0, order 2000000, in the common modes) calls
/// `CA::Transaction::commit` → `CA::Context::commit_transaction`: layout, then display, then the
/// layer tree goes to the render server.
///
/// **Lesson 15 writes this.**
/// - ``install(on:transaction:)``: one observer of ``Loop/Activity/beforeWaiting`` and
///   ``Loop/Activity/exit``, repeating, at Core Animation's order 2000000 (after the
///   app's observers at lower orders, before UIKit's pool pop at 2147483647), in `.common`; its
///   callout calls ``commit(_:)``.
/// - ``commit(_:)``: for each window of ``Transaction/takeWindows()``, every view that needs
///   layout is laid out (``View/layoutSubviews()``), a view before its subviews; then every view
///   that needs display is drawn (``View/display()``); then ``Transaction/sendToRenderServer()``.
public protocol CoreAnimationCommit: Sendable {
    /// Adds the commit observer to `loop`; its callout commits `transaction` (the transaction of
    /// the loop's thread).
    func install(on loop: Loop, transaction: Transaction)
    /// Lays out and draws what was marked, parents before children, then sends it to the screen.
    func commit(_ transaction: Transaction)
}

/// The engine's own commit.
public struct ReferenceCoreAnimationCommit: CoreAnimationCommit {
    /// Core Animation's order on the main loop: 2000000, between UIKit's `_beforeCACommitHandler`
    /// (1999000) and `_afterCACommitHandler` (2001000), inside the pool observers.
    static let order = 2_000_000

    public init() {}

    public func install(on loop: Loop, transaction: Transaction) {
        // Before the loop sleeps and when a run exits: the changes of the turn that just ended.
        let observer = Loop.Observer(name: "CA commit", activities: [.beforeWaiting, .exit], order: Self.order) { _ in
            self.commit(transaction)
        }
        // In the common modes, so the UI keeps changing while a scroll runs the tracking mode.
        try? loop.add(observer, forMode: .common)
    }

    public func commit(_ transaction: Transaction) {
        let windows = transaction.takeWindows()
        // CA::Layer::layout_and_display_if_needed: the whole tree's layout first, then drawing.
        for window in windows { window.layoutIfNeeded() }
        for window in windows { Self.displayIfNeeded(window) }
        transaction.sendToRenderServer()
    }

    /// Draws each view of `view`'s subtree that needs it, a view before its subviews.
    /// CA: `CA::Layer::display_if_needed`.
    static func displayIfNeeded(_ view: View) {
        if view.needsDisplay { view.display() }
        for subview in view.subviews { displayIfNeeded(subview) }
    }
}
