extension Loop {
    /// The mechanisms a loop is made of: each a small protocol whose default is the engine's
    /// own implementation. The build lessons plug a student's version into an otherwise
    /// reference loop:
    ///
    ///     let loop = Loop(clock: VirtualClock(), mechanisms: .reference.with(timers: MyRescheduling()))
    ///
    /// | mechanism | protocol | lesson |
    /// |---|---|---|
    /// | a mode's item table | ``ModeItemTable`` | 02 |
    /// | common modes | ``CommonModeRules`` | 03 |
    /// | a repeating timer's next fire date | ``TimerRescheduling`` | 06 |
    /// | one pass of the loop | ``LoopPassing`` | 11 |
    /// | the autorelease-pool observers | ``AutoreleasePoolObservers`` | 12 |
    /// | servicing the main queue | ``MainQueueServicing`` | 14 |
    /// | Core Animation's commit | ``CoreAnimationCommit`` | 15 |
    /// | a display link's frames | ``DisplayLinkDriving`` | 18 |
    ///
    /// The thread ↔ loop table (lesson 01, ``LoopTable``) belongs to a ``LoopRegistry``.
    public struct Mechanisms: Sendable {
        public var modeItemTable: any ModeItemTable.Type
        public var commonModes: any CommonModeRules.Type
        public var timers: any TimerRescheduling
        public var pass: any LoopPassing
        /// Installed on every loop made with these mechanisms; nil (the default) for none.
        /// UIKit installs them on the main loop.
        public var autoreleasePools: (any AutoreleasePoolObservers)?
        public var mainQueue: any MainQueueServicing
        /// Installed on every loop made with these mechanisms; nil (the default) for none.
        /// Core Animation installs it on the main loop.
        public var commit: (any CoreAnimationCommit)?
        public var displayLink: any DisplayLinkDriving

        public init(
            modeItemTable: any ModeItemTable.Type = ReferenceModeItemTable.self,
            commonModes: any CommonModeRules.Type = ReferenceCommonModeRules.self,
            timers: any TimerRescheduling = ReferenceTimerRescheduling(),
            pass: any LoopPassing = ReferencePass(),
            autoreleasePools: (any AutoreleasePoolObservers)? = nil,
            mainQueue: any MainQueueServicing = ReferenceMainQueueServicing(),
            commit: (any CoreAnimationCommit)? = nil,
            displayLink: any DisplayLinkDriving = ReferenceDisplayLink()
        ) {
            self.modeItemTable = modeItemTable
            self.commonModes = commonModes
            self.timers = timers
            self.pass = pass
            self.autoreleasePools = autoreleasePools
            self.mainQueue = mainQueue
            self.commit = commit
            self.displayLink = displayLink
        }

        /// The engine's own mechanisms, all of them.
        public static let reference = Mechanisms()

        public func with(modeItemTable: any ModeItemTable.Type) -> Mechanisms { var m = self; m.modeItemTable = modeItemTable; return m }
        public func with(commonModes: any CommonModeRules.Type) -> Mechanisms { var m = self; m.commonModes = commonModes; return m }
        public func with(timers: any TimerRescheduling) -> Mechanisms { var m = self; m.timers = timers; return m }
        public func with(pass: any LoopPassing) -> Mechanisms { var m = self; m.pass = pass; return m }
        public func with(autoreleasePools: (any AutoreleasePoolObservers)?) -> Mechanisms { var m = self; m.autoreleasePools = autoreleasePools; return m }
        public func with(mainQueue: any MainQueueServicing) -> Mechanisms { var m = self; m.mainQueue = mainQueue; return m }
        public func with(commit: (any CoreAnimationCommit)?) -> Mechanisms { var m = self; m.commit = commit; return m }
        public func with(displayLink: any DisplayLinkDriving) -> Mechanisms { var m = self; m.displayLink = displayLink; return m }
    }
}
