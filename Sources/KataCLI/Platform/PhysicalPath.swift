import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A path with every symbolic link resolved, as the kernel sees it: `realpath(3)`.
///
/// Two spellings of one folder compare equal only once both are resolved this way. Foundation's
/// `standardizingPath` and `resolvingSymlinksInPath` will not do: on Darwin both drop a leading
/// `/private` (`/private/var/folders/…` becomes `/var/folders/…`, a symbolic link back to it),
/// while the compiler names files by their physical path, `/private/var/folders/…`.
enum PhysicalPath {
    /// `path` resolved; nil when it does not exist (or cannot be read).
    static func of(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }
}
