import Testing
@testable import KataCore

/// The workshop tracks of `kata list --track`, defined once in the catalog (docs/WORKSHOP.md's
/// lines about them are written from it by `kata dev sync`).
@Suite("The workshop tracks", .inEnglish)
struct TrackTests {
    @Test("Each track's lessons exist, in the course's order, and include the core")
    func tracks() {
        for track in Catalog.Track.allCases {
            #expect(track.lessons.map(\.number) == track.lessonNumbers, "\(track.rawValue) names a lesson that does not exist")
            #expect(
                track.lessonNumbers == track.lessonNumbers.sorted() && Set(track.lessonNumbers).count == track.lessonNumbers.count,
                "\(track.rawValue) is not in the course's order")
            #expect(Set(Catalog.Track.core.lessonNumbers).isSubset(of: track.lessonNumbers), "\(track.rawValue) leaves out a core lesson")
        }
    }
}
