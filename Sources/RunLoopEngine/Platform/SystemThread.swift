#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A system thread (a pthread): started, then joined or detached. What ``LoopThread`` runs on.
struct SystemThread: @unchecked Sendable {
    // @unchecked: a pthread handle is an identifier, usable from any thread.
    private let handle: pthread_t

    /// Starts a thread that runs `body` and exits when it returns.
    static func start(_ body: @escaping () -> Void) -> SystemThread {
        let context = Unmanaged.passRetained(Body(body)).toOpaque()
        #if canImport(Darwin)
        var handle: pthread_t? = nil   // Darwin's pthread_t is a non-optional pointer
        #else
        var handle = pthread_t()   // an integer
        #endif
        // The start routine's argument is optional on Linux and not on Darwin: taken as an
        // optional and unwrapped, it compiles against both.
        let result = pthread_create(
            &handle, nil,
            { raw in
                Unmanaged<Body>.fromOpaque((raw as UnsafeMutableRawPointer?)!).takeRetainedValue().run()
                return nil
            }, context)
        precondition(result == 0, "pthread_create failed: \(result)")
        return SystemThread(handle: (handle as pthread_t?)!)
    }

    private final class Body {
        let run: () -> Void
        init(_ run: @escaping () -> Void) { self.run = run }
    }

    /// Waits for the thread to exit and frees what the system kept of it.
    func join() {
        pthread_join(handle, nil)
    }

    /// Lets the system free the thread when it exits, unjoined.
    func detach() {
        pthread_detach(handle)
    }

    /// Makes the calling thread's timed waits end on time. A timed wait in Linux may end up to
    /// the thread's "timer slack" late (50 µs by default), so that the kernel can batch
    /// wake-ups; CF's loop sleeps on a timerfd, which has none. A loop's thread gets 1 ns, so
    /// that its timers fire as promptly as CF's.
    /// Nothing on macOS, which has no timer slack, nor with ``Platform/portable``.
    static func useFineTimerSlack() {
        #if os(Linux)
        guard !Platform.portable else { return }
        typealias Prctl = @convention(c) (Int32, UInt) -> Int32   // prctl is variadic in C: not imported
        if let prctl = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "prctl") {   // RTLD_DEFAULT
            _ = unsafeBitCast(prctl, to: Prctl.self)(29, 1)   // PR_SET_TIMERSLACK, 1 ns
        }
        #endif
    }
}

/// An object kept per thread (``ThreadLocalSlot``), told when its thread exits.
protocol ThreadLocalValue: AnyObject {
    func threadWillExit()
}

/// A thread-local slot holding one retained object per thread, which the system hands back as
/// the thread exits (CF: the TSD slot whose destructor is `__CFFinalizeRunLoop`).
struct ThreadLocalSlot: @unchecked Sendable {
    // @unchecked: a pthread key is an identifier, usable from any thread.
    private let key: pthread_key_t

    init() {
        var key = pthread_key_t()
        let status = pthread_key_create(&key) { raw in
            guard let raw = raw as UnsafeMutableRawPointer? else { return }
            (Unmanaged<AnyObject>.fromOpaque(raw).takeRetainedValue() as? ThreadLocalValue)?.threadWillExit()
        }
        precondition(status == 0, "pthread_key_create failed: \(status)")
        self.key = key
    }

    /// The calling thread's object (unretained), if it has one.
    var current: AnyObject? {
        pthread_getspecific(key).map { Unmanaged<AnyObject>.fromOpaque($0).takeUnretainedValue() }
    }

    /// Gives the calling thread `value` (retained until the thread exits).
    func set(_ value: ThreadLocalValue) {
        pthread_setspecific(key, Unmanaged.passRetained(value as AnyObject).toOpaque())
    }
}
