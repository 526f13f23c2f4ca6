/// A reference that does not keep its object alive, as a value: the `weak var` of a class, for a
/// `Sendable` type that may hold only constants (`let held: Weak<Screen>`), or for a list of
/// references that must not own what they point to. Public, so that lessons hold their weak
/// references the same way.
///
/// Swift 6.3 says this in a word (`weak let`); the course supports Swift 6.1, which does not
/// compile it. CF's counterpart is the plain pointer a run-loop item keeps to its loop (`_runLoop`
/// of a source or observer), which retains nothing.
public struct Weak<Object: AnyObject> {
    /// The object while something else keeps it alive; nil once it is freed.
    public weak var object: Object?

    public init(_ object: Object?) {
        self.object = object
    }
}

extension Weak: Sendable where Object: Sendable {}
