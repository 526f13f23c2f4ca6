// swift-tools-version: 6.1
import PackageDescription

// RunLoop Kata: learn how Apple's run loop works by making failing tests pass.
//
//   swift run kata                    the course: progress, next lesson, hints, watch, trace
//   swift test                        every lesson against your Exercises (red until solved)
//   swift test --traits Solutions     every lesson against the Solutions, plus the engine tests
//
// No package dependencies: the toolchain only.
//
// `kata` builds the lessons in a build folder of its own (.build/kata-exercises), so that your
// own `swift build` and `swift test` never wait for it nor undo it; there it sets
// KATA_LESSONS_ONLY=1, and the package is only what the lesson tests need: not `kata` itself,
// `bench`, nor the maintainers' engine, conformance and `kata` tests (half the package).
let lessonsOnly = Context.environment["KATA_LESSONS_ONLY"] == "1"
let maintainersOnly: Set<String> = ["KataCLI", "kata", "bench", "EngineTests", "ConformanceTests", "KataTests"]

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
        // The reference engine: a complete, real run loop. The oracle every lesson is checked against.
        .target(name: "RunLoopEngine"),

        // The lesson catalog (one source of truth) and the stub marker the exercises use.
        .target(name: "KataCore", dependencies: ["RunLoopEngine"]),

        // What the student edits, and the same files solved.
        .target(name: "Exercises", dependencies: ["RunLoopEngine", "KataCore"], path: "Exercises"),
        .target(name: "Solutions", dependencies: ["RunLoopEngine", "KataCore"], path: "Solutions"),

        // The `kata` command.
        .target(name: "KataCLI", dependencies: ["KataCore", "RunLoopEngine"]),
        .executableTarget(name: "kata", dependencies: ["KataCLI"]),

        // Our engine and Foundation's RunLoop, side by side.
        .executableTarget(name: "bench", dependencies: ["RunLoopEngine"]),

        // What every test suite shares: the one log, shared value, gate, bounded wait and
        // off-pool runner, all on the engine's Lock. A plain target (tests cannot depend on a
        // test target) that does not import Testing, so it builds wherever the engine does.
        .target(name: "TestSupport", dependencies: ["RunLoopEngine"], path: "Tests/TestSupport"),

        .testTarget(name: "EngineTests", dependencies: ["RunLoopEngine", "TestSupport"]),
        .testTarget(name: "LessonTests", dependencies: ["RunLoopEngine", "KataCore", "Exercises", "Solutions", "TestSupport"]),
        .testTarget(name: "ConformanceTests", dependencies: ["RunLoopEngine", "TestSupport"]),
        .testTarget(name: "KataTests", dependencies: ["KataCLI", "KataCore", "TestSupport"]),
    ].filter { !lessonsOnly || !maintainersOnly.contains($0.name) },
    swiftLanguageModes: [.v6]
)
