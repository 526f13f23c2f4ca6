import Testing
@testable import KataCore

/// The workshop tracks of `kata list --track`, defined once in the catalog.
@Suite("The workshop tracks", .inEnglish)
struct TrackTests {
    @Test("Each track's lessons exist, in the course's order; core is the six behaviours of the brief")
    func tracks() {
        #expect(Catalog.Track.core.lessonNumbers == [2, 3, 6, 7, 8, 10])
        #expect(Catalog.Track.full.lessonNumbers == Catalog.lessons.map(\.number))
        for track in Catalog.Track.allCases {
            #expect(track.lessons.map(\.number) == track.lessonNumbers, "\(track.rawValue) names a lesson that does not exist")
            #expect(track.lessonNumbers == track.lessonNumbers.sorted() && Set(track.lessonNumbers).count == track.lessonNumbers.count,
                    "\(track.rawValue) is not in the course's order")
            #expect(Set(Catalog.Track.core.lessonNumbers).isSubset(of: track.lessonNumbers), "\(track.rawValue) leaves out a core lesson")
        }
        #expect(Catalog.Track.allCases.map(\.rawValue) == ["core", "half-day", "full"])
    }
}
