import Foundation
import KataCore

/// What `kata` knows of the sources its builds in one build folder compiled, kept in that folder
/// (`kata-build-record.json`): for each file it watches (the exercises), the fingerprint of its
/// contents and its modification time, as they were throughout the last build that succeeded.
///
/// A build system decides what to compile from modification times, never from contents, and
/// SwiftPM's goes by whole seconds: a file written again within the second of the version the
/// last build compiled looks unchanged to it, whatever its size (seen here: written 0.6 s after
/// the last build's version, 15 bytes longer, "Build complete" without compiling it). A file
/// saved while a build runs may also be compiled in its old state and still be taken as built.
/// The record sees both, whichever build system runs and wherever it keeps its objects.
struct BuildRecord: Codable, Equatable {
    /// One file as a build saw it.
    struct Source: Codable, Equatable {
        /// ``ContentHash`` of the contents.
        var fingerprint: String
        /// Modification time, in seconds since 1970.
        var modified: Double

        /// The file at `path` now; nil when there is none.
        init?(reading path: String) {
            guard let attributes = try? FileManager.default.attributesOfItem(atPath: path),
                let modified = attributes[.modificationDate] as? Date,
                let contents = FileManager.default.contents(atPath: path)
            else { return nil }
            var hash = ContentHash()
            hash.add(contents)
            self.init(fingerprint: hash.hex, modified: modified.timeIntervalSince1970)
        }

        init(fingerprint: String, modified: Double) {
            self.fingerprint = fingerprint
            self.modified = modified
        }

        /// Whether a build system would take `other` for this same file: modified within the same
        /// whole second.
        func sameStamp(as other: Source) -> Bool { modified.rounded(.down) == other.modified.rounded(.down) }
    }

    /// Package-relative path → the file as the last successful build that included it saw it.
    var sources: [String: Source] = [:]

    static let fileName = "kata-build-record.json"

    static func path(scratch: String) -> String { (scratch as NSString).appendingPathComponent(fileName) }

    /// The record of the build folder `scratch`; nil when `kata` has never built there (or the
    /// record cannot be read, which costs one rebuild of what it protects).
    static func load(scratch: String) -> BuildRecord? {
        guard let data = FileManager.default.contents(atPath: path(scratch: scratch)) else { return nil }
        return try? JSONDecoder().decode(BuildRecord.self, from: data)
    }

    func save(scratch: String) throws {
        try FileManager.default.createDirectory(atPath: scratch, withIntermediateDirectories: true)
        try JSONEncoder().encode(self).write(to: URL(fileURLWithPath: Self.path(scratch: scratch)), options: .atomic)
    }

    /// Whether the file now at hand (`current`) would pass unseen: its contents differ from what
    /// the last build compiled, but it was modified within the same second as the version that
    /// build saw.
    func hides(_ file: String, _ current: Source) -> Bool {
        guard let built = sources[file] else { return false }
        return built.sameStamp(as: current) && built.fingerprint != current.fingerprint
    }
}
