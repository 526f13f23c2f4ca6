import Testing
@testable import KataCore

/// The workshop tracks of `kata list --track`, defined once in the catalog and announced in
/// docs/WORKSHOP.md: the page and the catalog must say the same.
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

    @Test("docs/WORKSHOP.md's `kata list --track` lines name each track's lessons as the catalog defines them")
    func workshopPage() throws {
        let page = try #require(CatalogConsistencyTests.read("docs/WORKSHOP.md"))
        func comment(_ track: Catalog.Track) -> String? {
            page.split(separator: "\n").first { $0.hasPrefix("swift run kata list --track \(track.rawValue) ") }
                .flatMap { $0.split(separator: "#", maxSplits: 1).last.map { $0.trimmingCharacters(in: .whitespaces) } }
        }
        let padded = { (numbers: [Int]) in numbers.map { $0 < 10 ? "0\($0)" : "\($0)" } }
        let core = try #require(comment(.core))
        #expect(core.hasSuffix(padded(Catalog.Track.core.lessonNumbers).joined(separator: " ")), "docs/WORKSHOP.md: \(core)")
        let halfDay = try #require(comment(.halfDay))
        let range = Catalog.Track.halfDay.lessonNumbers
        #expect(
            range == Array(range.first!...range.last!) && halfDay == "lessons \(padded([range.first!])[0]) to \(padded([range.last!])[0])",
            "docs/WORKSHOP.md: \(halfDay)")
        #expect(
            comment(.full) == "every lesson" && Catalog.Track.full.lessonNumbers == Catalog.lessons.map(\.number), "docs/WORKSHOP.md: \(comment(.full) ?? "")")
    }
}
