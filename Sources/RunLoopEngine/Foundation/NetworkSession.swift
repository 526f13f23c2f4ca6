/// A network session that delivers its completion handlers on the main queue, as an app's
/// `URLSession(configuration:delegate:delegateQueue: .main)` does (or a completion that hops to
/// `DispatchQueue.main` itself). Foundation: `URLSession.dataTask(with:completionHandler:)` and
/// `resume()`; the delegate queue (`delegateQueue`), here the main queue.
///
/// The network is not modelled: a task's response is there as soon as the task is resumed, and
/// its completion handler is queued on the main queue at once, named `"<name> completion"`. It
/// runs when the main loop next serves the main queue, in a common mode, like any main-queue
/// work: never inside ``dataTask(_:completion:)``, and never while the main thread is blocked.
public final class NetworkSession: Sendable {
    /// The queue the completion handlers are delivered on.
    public let mainQueue: MainQueue

    public init(mainQueue: MainQueue) {
        self.mainQueue = mainQueue
    }

    /// Starts a task named `name` (`dataTask(with:completionHandler:)` then `resume()`): its
    /// completion handler gets the response, `"<name> data"`, on the main queue.
    public func dataTask(_ name: String, completion: @escaping @Sendable (String) -> Void) {
        let response = "\(name) data"
        mainQueue.async(name: "\(name) completion") { completion(response) }
    }
}
