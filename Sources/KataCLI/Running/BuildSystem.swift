import Foundation
import KataCore

/// Which of SwiftPM's two build systems `kata`'s builds and test runs use: the native one, or
/// Swift Build (SwiftPM's default from 6.4 on). Unless `KATA_BUILD_SYSTEM` names one, `kata`
/// passes nothing and SwiftPM uses its own default, as a `swift build` the student types would.
///
/// The two lay out a build folder differently and make different test programs; `kata` reads
/// neither layout: it asks SwiftPM where the products are (`swift build --show-bin-path`) and
/// keeps its own record of what it built (``BuildRecord``).
enum BuildSystem: Equatable, Sendable {
    /// SwiftPM's own default: `--build-system` is not passed.
    case swiftPMDefault
    /// `--build-system native`
    case native
    /// `--build-system swiftbuild`
    case swiftBuild

    static let variable = "KATA_BUILD_SYSTEM"

    /// The arguments that choose it on a `swift build`, `swift test` or `swift run`.
    var arguments: [String] {
        switch self {
        case .swiftPMDefault: []
        case .native: ["--build-system", "native"]
        case .swiftBuild: ["--build-system", "swiftbuild"]
        }
    }

    /// `KATA_BUILD_SYSTEM` read: unset or empty is SwiftPM's default; `native` and `swiftbuild`
    /// choose one; anything else is an error that says what it takes.
    static func chosen(_ value: String?) throws(KataError) -> BuildSystem {
        switch value?.trimmingCharacters(in: .whitespaces).lowercased() {
        case nil, "": return .swiftPMDefault
        case "native": return .native
        case "swiftbuild": return .swiftBuild
        case let other?:
            throw KataError(
                Text(
                    en: "\(variable)=\(other) is not a build system: use native or swiftbuild (or leave it unset for SwiftPM's default)",
                    zh: "\(variable)=\(other) 不是可用的构建系统：请写 `native` 或 `swiftbuild`（不设置则使用 SwiftPM 的默认值）"))
        }
    }

    /// The one this process's environment chooses; SwiftPM's default when the variable is unusable
    /// (`Kata.main` refuses to start with it, so only a test sees that case).
    static var current: BuildSystem {
        (try? chosen(ProcessInfo.processInfo.environment[variable])) ?? .swiftPMDefault
    }
}
