import RunLoopEngine

extension LoopError {
    /// The error as a student reads it, in both languages. The English is the engine's own
    /// `description`; the engine knows nothing of the course's languages, so the Chinese lives here.
    public var text: Text {
        let zh: String =
            switch self {
            case .wrongThread(let loop): "\(loop) 属于另一个线程：只有它自己的线程能运行它"
            case .cannotRunCommonModes: "`.common` 是一组 Mode，不是一个 Mode：请运行其中的某个 Mode"
            case .loopTornDown(let loop): "\(loop) 在它的线程退出时已经被销毁"
            case .timerOwnedByAnotherLoop(let timer): "定时器 \(timer) 已经属于另一个 RunLoop（一个定时器只能属于一个 RunLoop）"
            case .observerOwnedByAnotherLoop(let observer): "观察者 \(observer) 已经属于另一个 RunLoop（一个观察者只能属于一个 RunLoop）"
            case .displayLinkInAnotherLoop(let link): "display link \(link) 已经属于另一个 RunLoop（一个 display link 只能属于一个 RunLoop）"
            case .invalidated(let item): "\(item) 已经失效"
            case .invalidInterval(let value): "无效的时间间隔 \(value)：请用一个有限的秒数，0 或更大"
            case .portInvalidated(let port): "端口 \(port) 已经失效：不能再往它发送任何东西"
            case .threadNotStarted(let thread): "线程 \(thread) 还没有启动"
            case .threadExited(let thread): "线程 \(thread) 已经退出：它的 RunLoop 再也不能执行任何东西"
            case .wouldDeadlock(let what): "这样会永远等下去：\(what)"
            case .timedOut(let what): "超时：\(what)"
            case .threadAlreadyStarted(let thread): "线程 \(thread) 已经启动过了"
            case .passLimitExceeded(let limit): "这次运行转了 \(limit) 圈还没结束（RunLoop 的圈数上限）"
            case .mainThreadAlreadyClaimed(let thread): "线程 \(thread) 不能当主线程：它所在的 `LoopRegistry` 已经有一个主线程了"
            case .nestedRunsTooDeep(let limit): "同一个线程上的运行嵌套超过了 \(limit) 层：某个回调一次又一次地重新运行 RunLoop"
            case .syncOnCurrentQueue(let work):
                "在主线程上 `DispatchQueue.main.sync` \"\(work)\"：`dispatch_sync called on queue already owned by current thread`（这份任务只能在阻塞它的那次等待之后执行）"
            }
        return Text(en: description, zh: zh)
    }

    /// Every case once, for the test that each has both languages.
    public static let examples: [LoopError] = [
        .wrongThread(loop: "loop"), .cannotRunCommonModes, .loopTornDown(loop: "loop"),
        .timerOwnedByAnotherLoop(timer: "t"), .observerOwnedByAnotherLoop(observer: "o"), .displayLinkInAnotherLoop(link: "d"),
        .invalidated(item: "i"),
        .invalidInterval(.nan), .portInvalidated(port: "p"), .threadNotStarted(thread: "t"), .threadExited(thread: "t"),
        .wouldDeadlock("w"), .timedOut("w"), .threadAlreadyStarted(thread: "t"), .passLimitExceeded(10),
        .mainThreadAlreadyClaimed(thread: "t"), .nestedRunsTooDeep(limit: 50),
        .syncOnCurrentQueue("w"),
    ]
}
