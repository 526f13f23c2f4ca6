/// Notes more than one lesson writes. A note is a trace line the test writes itself (the
/// articles' `NSLog` in a callout), with `loop.note(Text)` (KataCore), in the student's language:
/// both runs of a scenario — the reference engine's and the student's — write the same line, so
/// the side-by-side comparison is unchanged, and a Chinese reader meets no English prose in a
/// failure. Notes that are code or trace vocabulary (an item's name, a mode's name, a call) stay
/// plain strings.
enum Note {
    /// `run(default) returned finished`.
    static func returned(_ call: String, _ result: Loop.RunResult) -> Text {
        Text(en: "\(call) returned \(result)", zh: "\(call) 返回了 \(result)")
    }

    static let backToDefault = Text(en: "back to default", zh: "回到 default")
}
