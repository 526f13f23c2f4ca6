/// A view of a window's view tree: what `setNeedsLayout()` marks and Core Animation's commit lays
/// out and draws. UIKit: `UIView`, whose `CALayer` keeps the flags (`needsLayout`,
/// `needsDisplay`). A model with no frames and no pixels: it records only *when* a view is laid
/// out and drawn, as notes in the trace of the loop that commits it (`[header layoutSubviews]`).
///
/// Marking a view registers its window with the calling thread's ``Transaction`` (CA: the
/// thread's implicit transaction); the commit observer lays the marked windows out before the
/// loop sleeps. UIKit: views are used on the main thread only; so are these.
public final class View: @unchecked Sendable {
    // @unchecked: mutable state lives in `state` (a Lock).
    /// A label for traces.
    public let name: String
    private let state: Lock<State>

    private struct State {
        weak var superview: View?
        var subviews: [View] = []
        var needsLayout = false
        var needsDisplay = false
    }

    /// What the view's `layoutSubviews` does besides being recorded (a parent that resizes a
    /// child marks the child, say).
    private let layout: @Sendable (View) -> Void

    /// - Parameters:
    ///   - name: a label for traces.
    ///   - layout: run each time the view is laid out, after the trace records it.
    public init(name: String, layout: @escaping @Sendable (View) -> Void = { _ in }) {
        self.name = name
        self.layout = layout
        self.state = Lock(State())
    }

    /// The view this one is a subview of, if any. UIKit: `superview`.
    public var superview: View? { state.withLock { $0.superview } }
    /// The view's subviews, back to front. UIKit: `subviews`.
    public var subviews: [View] { state.withLock { $0.subviews } }
    /// The top of this view's tree: its window. UIKit: `window` (here, any view without a superview).
    public var window: View { superview?.window ?? self }

    /// Whether the view waits to be laid out. CALayer: `needsLayout()`.
    public var needsLayout: Bool { state.withLock { $0.needsLayout } }
    /// Whether the view waits to be drawn. CALayer: `needsDisplay()`.
    public var needsDisplay: Bool { state.withLock { $0.needsDisplay } }

    /// Adds `view` as the frontmost subview (taking it from its former superview). UIKit:
    /// `addSubview(_:)`.
    public func addSubview(_ view: View) {
        guard view !== self else { return }
        if let old = view.superview { old.state.withLock { $0.subviews.removeAll { $0 === view } } }
        view.state.withLock { $0.superview = self }
        state.withLock { $0.subviews.append(view) }
    }

    /// Marks the view for layout at the next commit and returns at once: calling it three times
    /// asks for one layout. UIKit: `setNeedsLayout()` ("triggers a layout update during the next
    /// update cycle").
    public func setNeedsLayout() {
        state.withLock { $0.needsLayout = true }
        Transaction.current.mark(self)
    }

    /// Marks the view for drawing at the next commit. UIKit: `setNeedsDisplay()`.
    public func setNeedsDisplay() {
        state.withLock { $0.needsDisplay = true }
        Transaction.current.mark(self)
    }

    /// Lays out now, without waiting for the commit: this view's subtree, each view that needs
    /// layout, a view before its subviews; nothing when nothing is pending. What it lays out is
    /// on screen only after the next commit sends it. UIKit: `layoutIfNeeded()`.
    public func layoutIfNeeded() {
        if needsLayout { layoutSubviews() }
        for subview in subviews { subview.layoutIfNeeded() }
    }

    /// Lays the view out: records `[name layoutSubviews]` and clears ``needsLayout``. The commit
    /// calls it (CA: `-[CALayer layoutSublayers]` → `-[UIView layoutSubviews]`); an app never does.
    public func layoutSubviews() {
        state.withLock { $0.needsLayout = false }
        Transaction.current.record(self, .layout)
        layout(self)
    }

    /// Draws the view: records `[name drawRect:]` and clears ``needsDisplay``. The commit calls it
    /// (CA: `-[CALayer display]` → `-[UIView drawRect:]`); an app never does.
    public func display() {
        state.withLock { $0.needsDisplay = false }
        Transaction.current.record(self, .display)
    }
}
