import RunLoopEngine

// The code lesson 18's hints show, compiled with the tests (`HintCodeTests`). Nothing here
// runs: it only has to compile, without warnings.

private func hintCode18(link: DisplayLink, loop: Loop, mode: Loop.Mode, fps: Double) throws(LoopError) -> Int {
    try loop.add(link.port, forMode: mode)
    link.startVSync(on: loop)
    link.stopVSync()
    link.lastFrameVSync = nil
    return max(1, Int((60 / fps).rounded()))
}

private func hintCode18(link: DisplayLink, last: Int64, step: Int64, now: Instant) {
    let latest = DisplayLink.vsync(at: now)
    let frame = last + (latest - last) / step * step
    guard frame > last else { return }
    link.dropFrames(Int((frame - last) / step - 1))
    link.deliverFrame(vsync: frame, timestamp: DisplayLink.time(ofVSync: frame), targetTimestamp: DisplayLink.time(ofVSync: frame + step))
}
