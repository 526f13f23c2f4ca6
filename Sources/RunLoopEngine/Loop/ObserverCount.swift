import Synchronization

/// A count changed under the loop's lock and read without it.
final class ObserverCount: Sendable {
    private let value = Atomic(0)
    func add(_ delta: Int) { value.wrappingAdd(delta, ordering: .relaxed) }
    var isZero: Bool { value.load(ordering: .relaxed) == 0 }
}
