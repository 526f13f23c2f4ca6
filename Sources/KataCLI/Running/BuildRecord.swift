import Foundation
import KataCore

/// What `kata` knows of the sources its builds in one build folder compiled, kept in that folder
/// (`kata-build-record.json`): for each file it watches (the exercises), the fingerprint of its
/// contents and the stamp a build system goes by (modification time and size), as they were
/// throughout the last build that succeeded.
///
/// A build system decides what to compile from stamps, never from contents. A file written again
/// within one tick of the file system's clock, at the same size, looks unchanged to it, and a
/// file saved while a build runs may be compiled in its old state and still be taken as built.
/// The record sees both, whichever build system runs and wherever it keeps its objects.
struct BuildRecord: Codable, Equatable {
    /// One file as a build saw it.
    struct Source: Codable, Equatable {
        /// ``ContentHash`` of the contents.
        var fingerprint: String
        /// Modification time, in seconds since 1970.
        var modified: Double
        var size: UInt64

        /// The file at `path` now; nil when there is none.
        init?(reading path: String) {
            guard let attributes = try? FileManager.default.attributesOfItem(atPath: path),
                let modified = attributes[.modificationDate] as? Date,
                let contents = FileManager.default.contents(atPath: path)
            else { return nil }
            var hash = ContentHash()
            hash.add(contents)
            self.init(fingerprint: hash.hex, modified: modified.timeIntervalSince1970, size: UInt64(contents.count))
        }

        init(fingerprint: String, modified: Double, size: UInt64) {
            self.fingerprint = fingerprint
            self.modified = modified
            self.size = size
        }

        /// Whether a build system would take `other` for this same file: the same stamp.
        func sameStamp(as other: Source) -> Bool { modified == other.modified && size == other.size }
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
    /// the last build compiled, but its stamp is the one that build saw.
    func hides(_ file: String, _ current: Source) -> Bool {
        guard let built = sources[file] else { return false }
        return built.sameStamp(as: current) && built.fingerprint != current.fingerprint
    }
}
