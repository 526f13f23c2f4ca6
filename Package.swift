// swift-tools-version: 6.1
import PackageDescription

// RunLoop Kata: learn how Apple's run loop works by making failing tests pass.
//
//   swift run kata                    the course: progress, next lesson, hints, watch, trace
//   swift test                        every lesson against your Exercises (red until solved)
//   swift test --traits Solutions --scratch-path .build/solutions
//                                     every lesson against the Solutions, plus the engine tests
//
// A trait is a compilation condition of every target, the engine's too: the maintainers' command
// builds in a folder of its own, so that it and `swift test` never recompile each other.
//
// No package dependencies: the toolchain only.
//
// `kata` builds the lessons in a build folder of its own (.build/kata-exercises), so that your
// own `swift build` and `swift test` never wait for it nor undo it; there it sets
// KATA_LESSONS_ONLY=1, and the package is only what the lesson tests need: not `kata` itself,
// `bench`, nor the maintainers' engine, conformance and `kata` tests (half the package).
let lessonsOnly = Context.environment["KATA_LESSONS_ONLY"] == "1"
let maintainersOnly: Set<String> = ["KataCLI", "kata", "bench", "EngineTests", "ConformanceTests", "KataTests", "TraceViewsTests"]

let package = Package(
    name: "RunLoopKata",
    platforms: [.macOS(.v15)],
    products: [
        .library(name: "RunLoopEngine", targets: ["RunLoopEngine"]),
        .executable(name: "kata", targets: ["kata"]),
        .executable(name: "bench", targets: ["bench"]),
    ].filter { !lessonsOnly || $0.name == "RunLoopEngine" },
    traits: [
        .trait(name: "Solutions", description: "Build the lesson tests against Solutions/ instead of Exercises/.")
    ],
    targets: [
        // The reference engine: a complete, real run loop, and nothing else. The oracle every
        // lesson is checked against.
        .target(name: "RunLoopEngine"),

        // What a trace looks like to a reader: the timeline as text, the SVG picture, expected and
        // actual side by side, and where mixed English and Chinese may break. No course text.
        .target(name: "TraceViews", dependencies: ["RunLoopEngine"]),

        // The course: the lesson catalog (one source of truth), the stub marker the exercises use,
        // the trace scenarios of the lessons and articles, and every student-facing text.
        .target(name: "KataCore", dependencies: ["RunLoopEngine", "TraceViews"]),

        // What the student edits, and the same files solved.
        .target(name: "Exercises", dependencies: ["RunLoopEngine", "KataCore"], path: "Exercises"),
        .target(name: "Solutions", dependencies: ["RunLoopEngine", "KataCore"], path: "Solutions"),

        // The `kata` command.
        .target(name: "KataCLI", dependencies: ["KataCore", "RunLoopEngine", "TraceViews"]),
        .executableTarget(name: "kata", dependencies: ["KataCLI"]),

        // Our engine and Foundation's RunLoop, side by side.
        .executableTarget(name: "bench", dependencies: ["RunLoopEngine"]),

        // What every test suite shares: the one log, shared value, gate, bounded wait and
        // off-pool runner, all on the engine's Lock. A plain target (tests cannot depend on a
        // test target) that does not import Testing, so it builds wherever the engine does.
        .target(name: "TestSupport", dependencies: ["RunLoopEngine"], path: "Tests/TestSupport"),

        .testTarget(name: "EngineTests", dependencies: ["RunLoopEngine", "TraceViews", "TestSupport"]),
        .testTarget(name: "TraceViewsTests", dependencies: ["TraceViews", "RunLoopEngine"]),
        .testTarget(
            name: "LessonTests", dependencies: ["RunLoopEngine", "TraceViews", "KataCore", "Exercises", "Solutions", "TestSupport"]),
        .testTarget(name: "ConformanceTests", dependencies: ["RunLoopEngine", "TraceViews", "TestSupport"]),
        .testTarget(name: "KataTests", dependencies: ["KataCLI", "KataCore", "TraceViews", "TestSupport"]),
    ].filter { !lessonsOnly || !maintainersOnly.contains($0.name) },
    swiftLanguageModes: [.v6]
)
