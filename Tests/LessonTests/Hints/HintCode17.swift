import RunLoopEngine

// The code lesson 17's hints show, compiled with the tests (`HintCodeTests`). Nothing here
// runs: it only has to compile, without warnings.

private final class HintWeakTarget17: Sendable {
    let held: Weak<ClockScreen>
    var target: ClockScreen? { held.object }
    let action: @Sendable (ClockScreen) -> @Sendable (Loop.Timer) -> Void

    init(target: ClockScreen, action: @escaping @Sendable (ClockScreen) -> @Sendable (Loop.Timer) -> Void) {
        self.held = Weak(target)
        self.action = action
    }

    func fire(_ timer: Loop.Timer) {
        guard let target else { timer.invalidate(); return }
        action(target)(timer)
    }
}

extension ClockScreen {
    // The hint shows the call on one line, as here.
    // swift-format-ignore
    private func hintCode17(loop: Loop) throws -> Loop.Timer {
        try loop.scheduledTimer(name: "save draft", timeInterval: 1, target: self, selector: ClockScreen.saveDraft, repeats: false)
        return try loop.scheduledTimer(name: "clock", timeInterval: 1, target: WeakTimerTarget(target: self, action: ClockScreen.tick), selector: WeakTimerTarget<ClockScreen>.fire, repeats: true)
    }
}
