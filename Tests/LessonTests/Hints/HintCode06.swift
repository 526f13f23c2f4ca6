import RunLoopEngine

// The code lesson 06's hints show, compiled with the tests (`HintCodeTests`). Nothing here
// runs: it only has to compile, without warnings.

private func hintCode06(fireDate: Instant, interval: Double, now: Instant) -> Instant {
    let step = Int64((interval * 1e9).rounded())
    let k = (now.nanoseconds - fireDate.nanoseconds) / step + 1
    return Instant(nanoseconds: fireDate.nanoseconds + k * step)
}
