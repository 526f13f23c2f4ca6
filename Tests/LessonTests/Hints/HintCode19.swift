import RunLoopEngine

// The code lesson 19's hints show, compiled with the tests (`HintCodeTests`). Nothing here
// runs: it only has to compile, without warnings.

extension StudentTouchDelivery {
    private func hintCode19(mainLoop: Loop, app: TouchApp, events: [TouchEvent], event: TouchEvent) {
        let source = Loop.Source(name: "events") { handleEventQueue(app) }
        app.eventSource = source
        try? mainLoop.add(source, forMode: .common)
        app.events.append(events)
        app.eventSource?.signal()
        app.mainLoop.wakeUp()
        if let event = app.events.next() { sendEvent(event, app: app) }
        if !app.events.isEmpty { app.eventSource?.signal() }
        for recognizer in app.recognizers { recognizer.receive(event) }
        for recognizer in app.recognizers {
            guard let state = recognizer.takeUpdate() else { continue }
            if state.isRecognized && recognizer.cancelsTouchesInView { recognizer.view.cancelTouches() }
            recognizer.performAction(state)
        }
        app.view.deliver(event)
    }
}
