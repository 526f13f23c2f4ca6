import Foundation
import KataCore

/// Writing the files `kata` keeps in `.kata/` without ever overwriting what it keeps, and with
/// errors that say what and where in one line.
enum SafeFile {
    /// Writes `data` to `path` (made with its folders), replacing the file at once or not at all.
    /// - Throws: ``KataError`` naming the file (relative to `root`) and why it cannot be written.
    static func write(_ data: Data, to path: String, root: String) throws {
        let shown = relative(path, to: root)
        if let blocker = fileInTheWay(of: (path as NSString).deletingLastPathComponent) {
            throw KataError(
                Text(
                    en: "cannot write \(shown): \(relative(blocker, to: root)) is a file, not a folder",
                    zh: "无法写入 \(shown)：\(relative(blocker, to: root)) 是一个文件，不是文件夹"))
        }
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue {
            throw KataError(Text(en: "cannot write \(shown): it is a folder", zh: "无法写入 \(shown)：它是一个文件夹"))
        }
        do {
            try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try data.write(to: URL(fileURLWithPath: path), options: .atomic)
        } catch {
            throw KataError(Text(en: "cannot write \(shown): \(reason(error))", zh: "无法写入 \(shown)：\(reason(error))"))
        }
    }

    /// Writes `data` as a new file in `folder`, named `name.<date>-<time>`, or with `-2`, `-3`, …
    /// after it if that name is taken: an existing file is never replaced, even by a second
    /// `kata` writing in the same second. Returns the new file's path.
    static func keep(_ data: Data, in folder: String, name: String, root: String) throws -> String {
        if let blocker = fileInTheWay(of: folder) {
            throw KataError(
                keepFailed(
                    relative(folder, to: root),
                    Text(
                        en: "\(relative(blocker, to: root)) is a file, not a folder",
                        zh: "\(relative(blocker, to: root)) 是一个文件，不是文件夹")))
        }
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        } catch {
            throw KataError(keepFailed(relative(folder, to: root), reason(error)))
        }
        for candidate in candidates((folder as NSString).appendingPathComponent(name + "." + stamp())) {
            do {
                try data.write(to: URL(fileURLWithPath: candidate), options: .withoutOverwriting)
                return candidate
            } catch  where FileManager.default.fileExists(atPath: candidate) {
                continue   // taken, by an earlier copy or another kata at this very moment
            } catch {
                throw KataError(keepFailed(relative(candidate, to: root), reason(error)))
            }
        }
        throw KataError(keepFailed(relative(folder, to: root), Text(en: "every name is taken", zh: "所有可用的文件名都被占用了")))
    }

    /// `cannot keep a copy in PLACE: WHY`.
    private static func keepFailed(_ place: String, _ why: Text) -> Text {
        Text(en: "cannot keep a copy in \(place): \(why.en)", zh: "无法在 \(place) 里保存副本：\(why.zh)")
    }

    /// The same, with a reason the operating system gives (the same in both languages).
    private static func keepFailed(_ place: String, _ why: String) -> Text {
        keepFailed(place, Text(en: why, zh: why))
    }

    /// Renames `path` to `path.<suffix>-<date>-<time>` (or with `-2`, … after it), never over an
    /// existing file. Returns the new path, or nil if it could not be moved.
    static func moveAside(_ path: String, suffix: String) -> String? {
        for candidate in candidates(path + "." + suffix + "-" + stamp()) where !FileManager.default.fileExists(atPath: candidate) {
            do {
                try FileManager.default.moveItem(atPath: path, toPath: candidate)
                return candidate
            } catch {
                if !FileManager.default.fileExists(atPath: candidate) { return nil }
            }
        }
        return nil
    }

    /// `base`, `base-2`, `base-3`, … (a bounded number).
    private static func candidates(_ base: String) -> [String] {
        [base] + (2...10_000).map { "\(base)-\($0)" }
    }

    /// `20261123-101500`, in UTC so that names sort in the order they were made.
    private static func stamp() -> String {
        let formatter = DateFormatter()
        formatter.dateFormat = "yyyyMMdd-HHmmss"
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        return formatter.string(from: Date())
    }

    /// The nearest existing ancestor of `folder` (or `folder` itself) if it is not a folder.
    private static func fileInTheWay(of folder: String) -> String? {
        var path = folder
        while path != "/" && !path.isEmpty {
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) {
                return isDirectory.boolValue ? nil : path
            }
            path = (path as NSString).deletingLastPathComponent
        }
        return nil
    }

    /// `path` relative to `root` when it is inside it.
    static func relative(_ path: String, to root: String) -> String {
        let prefix = root.hasSuffix("/") ? root : root + "/"
        return path.hasPrefix(prefix) ? String(path.dropFirst(prefix.count)) : path
    }

    /// The operating system's reason for a file error (`Permission denied`, `No space left on
    /// device`), not Foundation's error dump.
    static func reason(_ error: any Error) -> String {
        let error = error as NSError
        for candidate in [error, error.userInfo[NSUnderlyingErrorKey] as? NSError].compactMap({ $0 })
        where candidate.domain == NSPOSIXErrorDomain {
            return String(cString: strerror(Int32(candidate.code)))
        }
        if error.domain == NSCocoaErrorDomain {
            switch error.code {
            case NSFileWriteNoPermissionError, NSFileReadNoPermissionError: return "Permission denied"
            case NSFileWriteOutOfSpaceError: return "No space left on device"
            case NSFileWriteVolumeReadOnlyError: return "Read-only file system"
            default: break
            }
        }
        return error.localizedDescription
    }
}
